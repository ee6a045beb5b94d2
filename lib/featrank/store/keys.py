"""Store keys: the name, algorithm version and parameters a result is found again by.

A task is declared with :func:`task` (a stable name and an algorithm version); :func:`task_key`
makes the key of one of its entries from that name (through :data:`KEY_NAMES` for the tasks
stored before names were declared), the version, the parameters as canonical JSON and the
versions of :data:`LIBRARIES`. The committed stores are found again only while these keys stay
the same, bit for bit: ``tests/test_task_identities.py`` recomputes one entry of each
committed family.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
import marshal
import sys
from importlib.metadata import PackageNotFoundError, version as _dist_version

import numpy as np

#: the libraries whose versions enter every key
LIBRARIES = ("numpy", "scipy", "scikit-learn")


#: Key names of the tasks whose results were stored before tasks declared names: their keys
#: were made from the module path of the day, kept here so that the committed results are
#: found wherever the code now lives. A task named after this change needs no entry.
KEY_NAMES = {
    **{f"quevedo2007.{t}": f"featrank.experiments.quevedo2007.{t}"
       for t in ("ranking_task", "r2w2_task", "anticorrelated_task")},
    **{f"prati2012.{t}": f"featrank.experiments.prati2012.{t}"
       for t in ("run_fold", "dataset_summary")},
    **{f"izetta2017.{t}": f"featrank.experiments.izetta2017.{t}"
       for t in ("lists_task", "zhou_task", "curve_task", "timing_task",
                 "combine_timing_task", "split_C_task", "orders_task")},
    "izetta2017.q3_task": "featrank.experiments.izetta2017.q3sd.q3_task",
    "izetta2017.dilution_task": "featrank.experiments.izetta2017.ovo.dilution_task",
    "slavkov2018.variant_curves": "featrank.experiments.slavkov2018_scale.variant_curves",
    **{f"slavkov2020.{t}": f"featrank.experiments.slavkov2020.{t}"
       for t in ("rank_features", "rank_on_split", "ranker_curves", "noisy_curves",
                 "random_curve")},
}


def task(name: str, version: str):
    """Declare a stored task: its stable ``name`` (``"<experiment>.<task>"``; the last part
    names its family, the file its results are packed in) and its algorithm ``version``
    (bump it when its numbers change).

    >>> @task("demo.double", version="2")
    ... def double(x):
    ...     return 2 * x
    >>> task_name(double), task_family(double), task_version(double)
    ('demo.double', 'double', '2')
    """
    if name.count(".") < 1 or not all(part.isidentifier() for part in name.split(".")):
        raise ValueError(f"a task name is '<experiment>.<task>' of identifiers, not {name!r}")

    def mark(func):
        func.task_name, func.version = name, str(version)
        return func
    return mark


def task_name(func) -> str:
    """The declared name of a task, else its ``module.qualname``."""
    return getattr(func, "task_name", None) or f"{func.__module__}.{func.__qualname__}"


def task_family(func) -> str:
    """The task's family: the last part of its name (the file its results are packed in)."""
    declared = getattr(func, "task_name", None)
    return declared.rpartition(".")[2] if declared else func.__qualname__


def task_version(func) -> str:
    """The declared ``version``, else ``"src:"`` + a hash of the function's own source."""
    declared = getattr(func, "version", None)
    if declared is not None:
        return str(declared)
    try:
        text = inspect.getsource(func).encode()
    except (OSError, TypeError):
        code = func.__code__
        text = marshal.dumps((code.co_code, code.co_consts, code.co_names))
    return "src:" + hashlib.sha256(text).hexdigest()[:16]


def run_versions() -> str:
    """One line naming the Python and library versions a notebook ran with (numba and pandas
    included: they do not enter store keys, but a reader may want them).

    >>> run_versions().startswith("Python ")
    True
    """
    names = ("numpy", "scipy", "scikit-learn", "pandas", "numba")
    libs = ", ".join(f"{n} {_installed(n)}" for n in names)
    return f"Python {sys.version.split()[0]}, {libs}, featrank {_installed('featrank')}"


@functools.lru_cache(maxsize=None)   # read once per process: it parses the package metadata,
def _installed(name: str) -> str:    # which took 95 % of a render from the store
    try:
        return _dist_version(name)
    except PackageNotFoundError:
        return "absent"


def library_versions() -> dict:
    return {name: _installed(name) for name in LIBRARIES}


def _plain(v):
    """Parameters as plain JSON values (numpy scalars and tuples included)."""
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, np.ndarray):
        return {"__nd__": v.dtype.str, "data": v.tolist()}
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    raise TypeError(f"task parameter {v!r} ({type(v).__name__}) cannot enter a store key: "
                    "pass numbers, strings, lists, dicts or small arrays")


def task_key(func, params: dict) -> tuple[str, dict]:
    """``(key, identity)``: the entry's key and what it was made of."""
    name = task_name(func)
    ident = {"task": KEY_NAMES.get(name, name), "version": task_version(func),
             "params": _plain(params), "libs": library_versions()}
    text = json.dumps(ident, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32], ident
