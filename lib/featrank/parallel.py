"""Run experiment grids: parallel (joblib, or Dask on a cluster), seeded, cached, resumable.

An experiment is a list of *tasks*, each a small dict of keyword arguments (dataset name,
ranker name, fold, repeat, ...). :func:`run_tasks` calls ``func(**task)`` for each, in
parallel, and caches every finished result on disk under a key made of the function's
qualified name, a cache *version*, the task's arguments and a fingerprint of the library's
own source code (any edit to ``featrank`` invalidates the cache, so a cached result always
comes from the code that is there); an interrupted run resumes from what is cached. Results never depend on ``n_jobs`` or on the backend: every random step in a
task draws from :func:`task_seed` of the experiment's seed and the task's own key, and inner
estimators are kept single-threaded.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import sys
import zlib
from pathlib import Path

import joblib
import numpy as np
from threadpoolctl import ThreadpoolController

from . import config
from ._io import atomic_write_bytes


def task_seed(seed: int, *key) -> int:
    """A 32-bit seed derived from an experiment ``seed`` and a task ``key`` (stable across runs,
    machines and Python hash seeds)."""
    words = [zlib.crc32(repr(k).encode()) for k in key]
    ss = np.random.SeedSequence(entropy=int(seed), spawn_key=tuple(words))
    return int(ss.generate_state(1, dtype=np.uint32)[0])


@functools.cache
def code_fingerprint() -> str:
    """A hash of every ``.py`` file of the ``featrank`` package (paths and contents)."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha1()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


_CONTROLLER: list = [None, -1]


def single_threaded():
    """A context in which BLAS/OpenMP pools run one thread (``threadpool_limits(1)``). The
    scan for native thread pools (about 4 ms) is redone only after new imports."""
    if _CONTROLLER[0] is None or _CONTROLLER[1] != len(sys.modules):
        _CONTROLLER[:] = [ThreadpoolController(), len(sys.modules)]
    return _CONTROLLER[0].limit(limits=1)


def _single_threaded(func, kwargs):
    with single_threaded():
        return func(**kwargs)


class TaskCache:
    """One pickle per finished task in ``<cache_dir>/<namespace>/<key>.pkl`` (atomic writes)."""

    def __init__(self, namespace: str, root: Path | None = None):
        self.dir = Path(root or config.cache_dir()) / namespace

    def key(self, func, kwargs, version) -> str:
        name = f"{func.__module__}.{func.__qualname__}"
        return joblib.hash((name, version, code_fingerprint(), sorted(kwargs.items())))

    def path(self, key: str) -> Path:
        return self.dir / f"{key}.pkl"

    def get(self, key: str):
        p = self.path(key)
        if not p.exists():
            return None, False
        try:
            with open(p, "rb") as fh:
                return pickle.load(fh), True
        except (EOFError, ValueError, pickle.UnpicklingError):  # corrupt: recompute
            return None, False

    def put(self, key: str, value) -> None:
        atomic_write_bytes(self.path(key), pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


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


def run_tasks(func, tasks, *, n_jobs: int | None = None, backend: str | None = None,
              cache: str | None = None, version: str = "1", desc: str | None = None,
              progress: bool | None = None) -> list:
    """``[func(**t) for t in tasks]``, in parallel, cached, with a progress bar.

    Parameters
    ----------
    func : picklable function of keyword arguments (a module-level function).
    tasks : list of dicts of small, hashable-by-joblib values.
    n_jobs : workers (default ``$FEATRANK_N_JOBS`` or all cores); 1 runs in this process.
    backend : ``"loky"`` (default), ``"threading"``, ``"sequential"`` or ``"dask"`` (joins the
        running ``distributed.Client``, or connects to ``$FEATRANK_DASK_SCHEDULER``).
    cache : namespace of the on-disk cache (``None``: no caching). Bump ``version`` when the
        meaning of a cached result changes.
    """
    tasks = [dict(t) for t in tasks]
    n_jobs = config.default_n_jobs() if n_jobs is None else n_jobs
    store = TaskCache(cache) if cache else None
    keys = [store.key(func, t, version) if store else None for t in tasks]
    results, todo = [None] * len(tasks), []
    for i, key in enumerate(keys):
        if store:
            value, hit = store.get(key)
            if hit:
                results[i] = value
                continue
        todo.append(i)
    show = config.show_progress() if progress is None else progress
    bar = _progress(len(tasks), len(tasks) - len(todo), desc, show)
    if n_jobs == 1 or len(todo) <= 1 or backend == "sequential":
        outputs = (_single_threaded(func, tasks[i]) for i in todo)
        _collect(outputs, todo, keys, results, store, bar)
    else:
        with _backend(backend, n_jobs):
            par = joblib.Parallel(n_jobs=n_jobs if backend != "dask" else -1,
                                  return_as="generator")
            outputs = par(joblib.delayed(_single_threaded)(func, tasks[i]) for i in todo)
            _collect(outputs, todo, keys, results, store, bar)
    bar.close()
    return results


def _collect(outputs, todo, keys, results, store, bar):
    for i, value in zip(todo, outputs):
        results[i] = value
        if store:
            store.put(keys[i], value)
        bar.update(1)


def _progress(total, done, desc, show):
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, desc=desc, disable=not show, leave=False)
