"""Run experiment grids: parallel (joblib, or Dask on a cluster), seeded, stored, resumable.

An experiment is a list of *tasks*, each a small dict of keyword arguments (dataset name,
ranker name, fold, repeat, ...). :func:`run_tasks` calls ``func(**task)`` for each, in
parallel, and keeps every finished result in the result store (:mod:`featrank.store`: keyed
by the task function's identity and algorithm version, its parameters, the library versions,
and checked against the data files it read), so an interrupted run resumes from what is
stored. Results never depend on ``n_jobs`` or on the backend: every random step in a task
draws from :func:`task_seed` of the experiment's seed and the task's own key, and inner
estimators are kept single-threaded.

What a grid reads of the run (its profile, hence which store it writes; whether it may only
read the store) and what it records (results taken and computed, per namespace) belong to the
current :class:`featrank.context.RunContext`, or to the one passed as ``run=``. Workers in
other processes or threads receive the caller's profile and incomplete notebooks with each
task (:meth:`~featrank.context.RunContext.for_worker`), so a grid nested in a task stores
where its caller's would.
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
import time
import traceback
import warnings
import zlib

import joblib
import numpy as np
from sklearn.exceptions import ConvergenceWarning
from threadpoolctl import ThreadpoolController

from . import config
from .store.provenance import recording_reads
from ._progress import tqdm
from .context import RunContext, current, using
from .store import Store, task_family, task_key, task_name, task_version


def task_seed(seed: int, *key) -> int:
    """A 32-bit seed derived from an experiment ``seed`` and a task ``key`` (stable across runs,
    machines and Python hash seeds)."""
    words = [zlib.crc32(repr(k).encode()) for k in key]
    ss = np.random.SeedSequence(entropy=int(seed), spawn_key=tuple(words))
    return int(ss.generate_state(1, dtype=np.uint32)[0])


def single_threaded(run: RunContext | None = None):
    """A context in which BLAS/OpenMP pools run one thread (``threadpool_limits(1)``). The
    scan for native thread pools (about 4 ms) is redone only after new imports (the scan is
    kept in the run's :attr:`~featrank.context.RunContext.thread_pools`)."""
    pools = (run or current()).thread_pools
    if pools[0] is None or pools[1] != len(sys.modules):
        pools[:] = [ThreadpoolController(), len(sys.modules)]
    return pools[0].limit(limits=1)


@contextlib.contextmanager
def _backend(backend: str | None, n_jobs: int):
    backend = backend or os.environ.get("FEATRANK_BACKEND") or "loky"
    if backend == "dask":
        from distributed import Client, get_client

        try:
            client, own = get_client(), False
        except ValueError:
            address = os.environ.get("FEATRANK_DASK_SCHEDULER")
            client, own = (Client(address) if address else Client(processes=True)), True
        try:
            with joblib.parallel_config(backend="dask"):
                yield
        finally:
            if own:
                client.close()
    else:
        with joblib.parallel_config(backend=backend, n_jobs=n_jobs):
            yield


class TaskError(RuntimeError):
    """Some tasks of a grid failed; every other task's result was stored."""


class NotStored(LookupError):
    """Raised by :func:`run_tasks` inside :func:`stored_only` when a task's result is not in
    the store."""


class StaleResults(LookupError):
    """Raised by :func:`run_tasks` when ``make`` renders the committed outputs from the store
    (:func:`featrank.config.render_stored`) and a task whose results belong in a committed
    store has none: the outputs it feeds are stale, and are not silently recomputed."""


@contextlib.contextmanager
def stored_only(run: RunContext | None = None):
    """A context in which :func:`run_tasks` of ``run`` (default: the current run) computes
    nothing: it returns stored results, and raises :class:`NotStored` when a task of its grid
    has none (nor is the look-up counted in :func:`store_counts`). For asking whether a whole
    pipeline could run from the store.

    >>> import textwrap
    >>> with stored_only():
    ...     run_tasks(textwrap.shorten, [dict(text="a b c", width=4)], cache="an-empty-namespace")
    Traceback (most recent call last):
    ...
    featrank.parallel.NotStored: 1 of 1 results of shorten are not in the store (namespace 'an-empty-namespace')
    """
    run = run or current()
    before, run.stored_only = run.stored_only, True
    try:
        yield
    finally:
        run.stored_only = before


def is_stored(compute, *args, **kwargs) -> bool:
    """Whether ``compute(*args, **kwargs)`` (a pipeline of :func:`run_tasks` calls) would find
    every task result it asks for in the store; nothing is computed (:func:`stored_only`).

    >>> import textwrap
    >>> is_stored(run_tasks, textwrap.shorten, [dict(text="a b", width=3)], cache="an-empty-one")
    False
    """
    try:
        with stored_only():
            compute(*args, **kwargs)
    except NotStored:
        return False
    return True


def complete_prefix(complete, n: int) -> int:
    """The largest ``m <= n`` with ``complete(m)`` true, for a ``complete`` that holds up to
    some point and fails beyond it (0 when it fails at 1): how many first splits, realisations
    or random orders are stored. Bisection, so about log2(n) calls.

    >>> complete_prefix(lambda m: m <= 37, 100), complete_prefix(lambda m: True, 100)
    (37, 100)
    >>> complete_prefix(lambda m: False, 100)
    0
    """
    if complete(n):
        return n
    lo, hi = 0, n                      # complete(lo) holds (or lo = 0), complete(hi) fails
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if complete(mid) else (lo, mid)
    return lo


def run_tasks(func, tasks, *, n_jobs: int | None = None, backend: str | None = None,
              cache: str | None = None, desc: str | None = None,
              progress: bool | None = None, run: RunContext | None = None) -> list:
    """``[func(**t) for t in tasks]``, in parallel, through the result store, with a progress
    bar.

    Parameters
    ----------
    func : a module-level function of keyword arguments; its name and algorithm version are
        the ones declared with :func:`featrank.store.task`, else its ``module.qualname``
        and a hash of its source.
    tasks : list of dicts of small values (numbers, strings, lists).
    n_jobs : workers (default ``$FEATRANK_N_JOBS`` or all cores); 1 runs in this process.
    backend : ``"loky"`` (default), ``"threading"``, ``"sequential"`` or ``"dask"`` (joins the
        running ``distributed.Client``, or connects to ``$FEATRANK_DASK_SCHEDULER``).
    cache : namespace of the result store (``None``: nothing stored); see
        :mod:`featrank.store` for the rule that finds a result again and
        :func:`featrank.config.store_dirs` for where it lives.
    run : the run whose profile and store mode decide where results are stored, and whose
        counts record them (default: the current run, :func:`featrank.context.current`).

    The progress bar shows only when something is computed. Each result is stored the moment
    its task finishes. A task that raises does not stop the others: when all have run,
    :class:`TaskError` names the failing tasks (parameters and store key) with the first
    traceback.

    >>> run_tasks(pow, [dict(base=2, exp=3), dict(base=3, exp=2)], n_jobs=1, progress=False)
    [8, 9]
    """
    tasks = [dict(t) for t in tasks]
    n_jobs = config.default_n_jobs() if n_jobs is None else n_jobs
    run = run or current()
    grid = _Grid(func, tasks, cache, run)
    todo = grid.lookup(count=not run.stored_only)
    if todo and run.stored_only:
        raise NotStored(f"{len(todo)} of {len(tasks)} results of {grid.family} are not in the "
                        f"store (namespace {cache!r})")
    if todo and cache and config.render_stored() and config.commits_store(cache, run):
        raise StaleResults(f"{len(todo)} of {len(tasks)} results of {grid.family} (task "
                           f"{task_name(func)!r}, version {task_version(func)}) are not in the "
                           f"committed store of {cache}: its version or parameters changed "
                           "since the committed outputs were made, so they are stale. "
                           f"Recompute and store them with `make update NB={cache[:2]}`, "
                           "then `make pack` and commit the store with the outputs.")
    show = bool(todo) and (config.show_progress() if progress is None else progress)
    with _progress(len(tasks), len(tasks) - len(todo), desc, show) as bar:
        if n_jobs == 1 or len(todo) <= 1 or backend == "sequential":
            with using(run):
                grid.collect(((i, _call(func, tasks[i])) for i in todo), bar)
        else:
            worker = run.for_worker()
            with _backend(backend, n_jobs):
                par = joblib.Parallel(n_jobs=n_jobs if backend != "dask" else -1,
                                      return_as="generator_unordered")
                grid.collect(par(joblib.delayed(_indexed_call)(i, func, tasks[i], worker)
                                 for i in todo), bar)
    write_status(grid, force=True)
    grid.raise_failures()
    return grid.results


def stored_tasks(func, tasks, cache: str, run: RunContext | None = None) -> list[bool]:
    """Which of ``tasks`` (as for :func:`run_tasks`) have a valid result in the store of
    namespace ``cache`` as ``run`` (default: the current run) sees it; nothing runs.

    >>> import textwrap
    >>> stored_tasks(textwrap.shorten, [dict(text="a b c", width=4)], cache="an-empty-namespace")
    [False]
    """
    grid = _Grid(func, [dict(t) for t in tasks], cache, run or current())
    return [grid.store.get(grid.family, key)[1] for key, _ in grid.keys]


class _Grid:
    """The bookkeeping of one :func:`run_tasks` call: keys, stored results, failures."""

    def __init__(self, func, tasks, namespace, run: RunContext):
        self.func, self.tasks, self.namespace, self.run = func, tasks, namespace, run
        self.results = [None] * len(tasks)
        self.failures = []
        self.family = task_family(func)
        self.store = Store(*config.store_dirs(namespace, run)) if namespace else None
        self.keys = [task_key(func, t) if self.store else (None, None) for t in tasks]
        self.done = 0

    def lookup(self, count: bool = True) -> list:
        """Fill the stored results in; the indices of the tasks still to run (``count``: add
        the look-up to the run's :func:`store_counts`)."""
        todo = []
        for i, (key, _) in enumerate(self.keys):
            if self.store:
                value, hit = self.store.get(self.family, key)
                if hit:
                    self.results[i] = value
                    continue
            todo.append(i)
        if self.store and count:
            self._count("stored", len(self.tasks) - len(todo))
            self._count("stale", self.store.stale)
            self._count("capped", self.store.capped)
        if count:
            self.done = len(self.tasks) - len(todo)
            write_status(self, force=True)
        return todo

    def collect(self, outcomes, bar) -> None:
        for i, (ok, value, info, seconds) in outcomes:
            if ok:
                self.results[i] = value
                self._count("capped", info["capped"])
                if self.store:
                    key, ident = self.keys[i]
                    self.store.put(self.family, key, ident, value, info, seconds)
                    self._count("computed", 1)
            else:
                self.failures.append((i, value))
            bar.update(1)
            self.done += 1
            write_status(self)

    def _count(self, what, n):
        use = self.run.store_use.setdefault(self.namespace, dict.fromkeys(_USE, 0))
        use[what] += n

    def raise_failures(self) -> None:
        if not self.failures:
            return
        lines = [f"{self.family}({_fmt(self.tasks[i])})"
                 + (f" [store key {self.keys[i][0]}]" if self.keys[i][0] else "")
                 for i, _ in self.failures]
        done = len(self.tasks) - len(self.failures)
        raise TaskError(f"{len(self.failures)} of {len(self.tasks)} tasks failed (the other "
                        f"{done} results are kept):\n  " + "\n  ".join(lines)
                        + f"\nfirst failure:\n{self.failures[0][1]}")


def _fmt(task: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in task.items())


def _call(func, kwargs):
    """``(ok, value or traceback text, info, seconds)``: one task, single-threaded; ``info``
    holds the data files it read (``data``) and how many solver fits stopped at their
    iteration cap (``capped``: scikit-learn ConvergenceWarnings)."""
    t0 = time.perf_counter()
    with single_threaded(), recording_reads() as seen, _counting_caps() as capped:
        try:
            value = func(**kwargs)
        except Exception:                      # reported with the task's key by run_tasks
            return False, traceback.format_exc(), {}, 0.0
    return True, value, {"data": dict(seen), "capped": capped[0]}, time.perf_counter() - t0


@contextlib.contextmanager
def _counting_caps():
    """Count ConvergenceWarnings; every other warning goes on as usual."""
    count = [0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield count
    for w in caught:
        if issubclass(w.category, ConvergenceWarning):
            count[0] += 1
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


def _indexed_call(i, func, kwargs, caller: RunContext):
    """``(i, _call(func, kwargs))`` in a worker, in a context of its own made from the
    ``caller``'s (:meth:`~featrank.context.RunContext.for_worker`: tasks running side by side
    in threads record their reads apart); the scan of native thread pools is the worker's,
    kept between its tasks."""
    run = caller.for_worker()
    run.thread_pools = current().thread_pools
    with using(run):
        return i, _call(func, kwargs)


_USE = ("stored", "computed", "stale", "capped")

#: a file that :func:`write_status` keeps up to date for a wrapper that prints progress
#: (``tools/runnb.py`` sets ``$FEATRANK_STATUS``); taken out of the environment at import, so
#: worker processes started later do not write it too
STATUS_FILE = os.environ.pop("FEATRANK_STATUS", None)
_last_status = [0.0]


def write_status(grid, force: bool = False, every: float = 2.0) -> None:
    """Write the run's totals of stored and computed results and the current grid's progress
    to :data:`STATUS_FILE` as one JSON object (``stored``, ``computed``, ``family``,
    ``done``, ``total``), at most every ``every`` seconds unless ``force``; from the main
    thread only (grids nested in worker threads keep counts of their own)."""
    now = time.monotonic()
    if (not STATUS_FILE or threading.current_thread() is not threading.main_thread()
            or (not force and now - _last_status[0] < every)):
        return
    _last_status[0] = now
    uses = grid.run.store_use.values()
    status = {k: sum(u[k] for u in uses) for k in ("stored", "computed")}
    status.update(family=grid.family, done=grid.done, total=len(grid.tasks))
    tmp = f"{STATUS_FILE}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(status, fh)
        os.replace(tmp, STATUS_FILE)
    except OSError:                     # progress is a courtesy: never fail a run over it
        pass


def store_counts(namespace: str, run: RunContext | None = None) -> dict:
    """How many results of ``namespace`` ``run`` (default: the current run) took from the
    store (``stored``), ``computed`` and stored, found ``stale``, and how many of their solver
    fits stopped at their iteration cap (``capped``); a copy.

    >>> store_counts("a-namespace-nobody-used")
    {'stored': 0, 'computed': 0, 'stale': 0, 'capped': 0}
    """
    return dict((run or current()).store_use.get(namespace, dict.fromkeys(_USE, 0)))


def store_report(namespace: str, run: RunContext | None = None) -> str:
    """One line: how many results of ``namespace`` came from the store in this run, how
    many were computed, and how many solver fits stopped at their iteration cap."""
    use = store_counts(namespace, run)
    return (f"{namespace}: {use['stored']} results taken from the result store, "
            f"{use['computed']} computed and stored ({use['stale']} stale entries replaced); "
            f"{use['capped']} solver fits stopped at their iteration cap")


def _progress(total, done, desc, show):
    return tqdm(total=total, initial=done, desc=desc, disable=not show, leave=False,
                smoothing=0.05)
