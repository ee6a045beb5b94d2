"""The state of one run, in one object: which profile it runs at and what it has seen so far.

Where a run's figures, tables and stored results go depends on a little state that the run
gathers as it goes: the profile the notebook chose, the notebooks that lack some of their data,
whether the store may only be read, what the store gave and took. All of it lives in one
:class:`RunContext`. One context is current at a time (:func:`current`); a caller that wants
its own (a test, two runs side by side in one process) runs inside :func:`using` or
:func:`new_run`, and leaving the block brings the previous context back, so nothing leaks
from one run to the next. Functions that read the state (``featrank.config.commits_store``,
``store_dirs``, ``active_profile``, ``writes_committed``, ...) take an optional ``run=``
argument and otherwise ask :func:`current`.

The current context is held in a :class:`contextvars.ContextVar`. Where none was set (a
notebook, a script) it is the process's own context, created on first use and changed in
place, so a notebook's cells, and threads that set none, share it. Workers of
:func:`featrank.parallel.run_tasks` in other processes or threads start from a copy of the
caller's profile and incomplete notebooks (:meth:`RunContext.for_worker`).

    >>> with new_run(profile="paper") as run:
    ...     current() is run, current().profile
    (True, 'paper')
    >>> current() is run
    False

This module is the bottom layer: it imports nothing from featrank.
"""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import threading


@dataclasses.dataclass
class RunContext:
    """The mutable state of one run.

    Attributes
    ----------
    profile : the profile chosen by ``featrank.config.get_profile`` (``None``: not chosen yet;
        ``$FEATRANK_PROFILE`` then decides on first use).
    incomplete : the notebooks (store namespaces) whose run lacks some of its datasets
        (``featrank.config.mark_incomplete``): their outputs and stored results go to the
        scratch folder.
    stored_only : inside ``featrank.parallel.stored_only``: ``run_tasks`` computes nothing.
    store_use : per store namespace, how many results were ``stored`` (taken from the store),
        ``computed``, ``stale`` (replaced) and ``capped`` (``featrank.parallel.store_report``).
    thread_pools : ``[threadpoolctl.ThreadpoolController or None, len(sys.modules) at its
        scan]``: the native thread pools ``featrank.parallel.single_threaded`` limits, scanned
        again only after new imports.
    recorders : the open ``featrank.store.provenance.recording_reads`` records, each ``{file: sha256}`` of
        the data files read meanwhile.
    skipped : per notebook, ``{dataset: row}`` of the datasets this run had to skip
        (``featrank.datasets.available_datasets``).

    Examples
    --------
    >>> run = RunContext(profile="smoke")
    >>> run.profile, run.incomplete, run.stored_only
    ('smoke', set(), False)
    """
    profile: str | None = None
    incomplete: set = dataclasses.field(default_factory=set)
    stored_only: bool = False
    store_use: dict = dataclasses.field(default_factory=dict)
    thread_pools: list = dataclasses.field(default_factory=lambda: [None, -1])
    recorders: list = dataclasses.field(default_factory=list)
    skipped: dict = dataclasses.field(default_factory=dict)

    def for_worker(self) -> RunContext:
        """A new context for a worker computing tasks of this run in another process or
        thread: the same profile and incomplete notebooks (they decide where nested grids
        store their results), nothing else (a worker records its own reads and counts).

        >>> caller = RunContext("paper", {"02_nb"}, stored_only=True, store_use={"02_nb": {}})
        >>> worker = caller.for_worker()
        >>> worker.profile, worker.incomplete, worker.stored_only, worker.store_use
        ('paper', {'02_nb'}, False, {})
        """
        return RunContext(profile=self.profile, incomplete=set(self.incomplete))


_CURRENT: contextvars.ContextVar[RunContext] = contextvars.ContextVar("featrank_run")
_PROCESS: list[RunContext] = []          # the process's own context, once it is first needed
_LOCK = threading.Lock()


def current() -> RunContext:
    """The current run's context: the one :func:`using` set, else the process's own."""
    run = _CURRENT.get(None)
    if run is not None:
        return run
    if _PROCESS:
        return _PROCESS[0]
    with _LOCK:                          # the first use: two threads must not make two
        if not _PROCESS:
            _PROCESS.append(RunContext())
        return _PROCESS[0]


@contextlib.contextmanager
def using(run: RunContext):
    """Make ``run`` the current context inside the block; the previous one comes back after.

    >>> outer = current()
    >>> with using(RunContext(profile="smoke")):
    ...     current().profile
    'smoke'
    >>> current() is outer
    True
    """
    token = _CURRENT.set(run)
    try:
        yield run
    finally:
        _CURRENT.reset(token)


@contextlib.contextmanager
def new_run(profile: str | None = None):
    """Run the block as a fresh run at ``profile`` (``None``: ``$FEATRANK_PROFILE`` decides):
    :func:`using` a new :class:`RunContext`, which the block receives."""
    with using(RunContext(profile=profile)) as run:
        yield run
