"""A one-line note while numba compiles the curve engines, so the first run on a machine does
not look stuck (about 10 s; numba caches the machine code on disk, later runs load it).

numba announces a compilation -- never a load from its cache -- with a ``numba:compile``
event; :func:`compile_note` listens to it around a curve run and prints :data:`NOTE` on
stderr the first time one of the engines' functions is compiled in this process, unless
progress output is off (``FEATRANK_PROGRESS=0``, or ``CI`` set). Not installed for the plain
engine or with ``FEATRANK_NO_NUMBA`` (see ``_curve_run._compile_note``).
"""
from __future__ import annotations

import contextlib
import sys

from ..config import show_progress

from numba.core.event import Listener, install_listener

NOTE = ("featrank: compiling the fast curve engines with numba (about 10 s, once per "
        "machine; cached afterwards)")

#: modules whose compilation the note announces
ENGINE_MODULES = ("featrank.evaluate._knn_chain", "featrank.evaluate._smo",
                  "featrank.evaluate._svm_chain")

_STATE = {"noted": False}


def _is_engine(event) -> bool:
    func = getattr((event.data or {}).get("dispatcher"), "py_func", None)
    return getattr(func, "__module__", None) in ENGINE_MODULES


class _Note(Listener):
    """Prints the note at the start of the first engine compilation."""

    def on_start(self, event):
        if _STATE["noted"] or not _is_engine(event):
            return
        _STATE["noted"] = True
        if show_progress():
            print(NOTE, file=sys.stderr, flush=True)

    def on_end(self, event):
        pass


def compile_note():
    """A context during which a first compilation of the engines prints :data:`NOTE`."""
    if _STATE["noted"]:
        return contextlib.nullcontext()
    return install_listener("numba:compile", _Note())
