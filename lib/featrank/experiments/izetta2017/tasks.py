"""Izetta 2017: every stored task of notebook 03 (the store finds each by its declared
name, ``@task("izetta2017.<name>", ...)``, wherever its code lives), and
:func:`method_order`, which reads the rankings two of them store.

Times (the ``seconds`` of the rankings, Fig. 7) are CPU seconds of the task
(``time.process_time``): tasks run single-threaded, so on a quiet core this is their wall
time, and a run that shares the machine with others does not inflate it.
"""
from __future__ import annotations

import hashlib
import time

import numpy as np

from ...aggregate import combine_lists
from ...methods import method as registered
from ...parallel import task_seed
from ...stats import mean_se
from ...store import task
from .ovo import class_features_artificial1, list_relevance
from .protocol import (C_AT, C_RFE, METHODS, ZHOU, _cached, _combine, _cv_best_C,
                       _ranking, column_permutation, compact_order, cv_folds,
                       parse_method, size_grid, split_data, svm_error_curve)
from .q3sd import Q3_VARIANTS, group_positions


# ----------------------------------------------------------------------------- rankings
@task("izetta2017.lists_task", version="2")
def lists_task(dataset: str, split: int, scheme: str = "ovo", seed: int = 0, n_samples=None,
               n_noise=None) -> dict:
    """The per-problem SVM-RFE lists (Table 1) on the training part of one split."""
    from ...rankers.svmrfe import elimination_schedule, rfe_orders

    Xtr, ytr, *_ = split_data(dataset, split, seed, n_samples, n_noise)
    t = time.process_time()
    orders, names = rfe_orders(Xtr, ytr, scheme, C=C_RFE, tol=1e-3,
                               schedule=elimination_schedule(Xtr.shape[1], 0.1, 20, 1, "izetta"))
    return {"orders": orders.astype(np.int32), "problems": names,
            "seconds": time.process_time() - t}


@task("izetta2017.zhou_task", version="2")
def zhou_task(dataset: str, split: int, method: str, seed: int = 0, n_samples=None,
              n_noise=None) -> dict:
    """A Zhou & Tuck MSVM-RFE order (``method``: "Zhou C&S", "Zhou W&W", "Zhou OVO")."""
    Xtr, ytr, *_ = split_data(dataset, split, seed, n_samples, n_noise)
    t = time.process_time()
    r = registered(method, "izetta2017").make(C=C_RFE, scaling=None).fit(Xtr, ytr)
    return {"order": r.top_features_.astype(np.int32), "seconds": time.process_time() - t}


def method_order(dataset, split, spec, scheme="ovo", seed=0, n_samples=None, n_noise=None):
    """The order a method gives on the training part of a split (lists and Zhou orders come
    from the cache)."""
    name, params = parse_method(spec)
    kw = dict(dataset=dataset, split=split, seed=seed, n_samples=n_samples)
    if n_noise is not None:           # same cache key as the run_tasks pre-computation
        kw["n_noise"] = n_noise
    if name in ZHOU:
        return _ranking(zhou_task, method=name, **kw)["order"]
    lists = _ranking(lists_task, scheme=scheme, **kw)["orders"]
    return combine_lists(lists, name, **params)


@task("izetta2017.split_C_task", version="1")
def split_C_task(dataset: str, split: int, C_grid: tuple, seed: int = 0, n_samples=None,
                 n_noise=None) -> dict:
    """C chosen once for a split (``C_at="split"``): 5-fold stratified CV on all features of
    its training part, with the folds :func:`svm_error_curve` uses at every size (so it is
    the C that the per-size reading picks at the last size, p). Ties go to the smaller C."""
    Xtr, ytr, *_ = split_data(dataset, split, seed, n_samples, n_noise)
    t = time.process_time()
    folds = cv_folds(ytr, 5, task_seed(seed, dataset, split, "cv"))
    C = C_grid[0] if folds is None or len(C_grid) == 1 else _cv_best_C(Xtr @ Xtr.T, ytr,
                                                                       C_grid, folds)
    return {"C": float(C), "seconds": time.process_time() - t}


@task("izetta2017.curve_task", version="2")
def curve_task(dataset: str, split: int, methods: tuple, scheme: str = "ovo", sizes="coarse:12",
               C_grid: tuple = (0.1,), seed: int = 0, n_samples=None, n_noise=None,
               C_at: str = "size") -> dict:
    """Error curves of several methods on one split (shared Gram-free data preparation);
    ``C_at`` says where C is chosen (see the module's docstring). Kept compact for the
    committed store: per method the number of test errors at each size (``wrong``, out of
    ``n_test``), the C used, the first ``max(20, n_relevant)`` features of its order
    (``top``) and a digest of the whole order (``digest``: equal orders, equal digests)."""
    if C_at not in C_AT:
        raise ValueError(f"C_at must be one of {C_AT}, got {C_at!r}")
    Xtr, ytr, Xte, yte, ds = split_data(dataset, split, seed, n_samples, n_noise)
    p = Xtr.shape[1]
    n_rel = len(ds.relevant) if ds.relevant is not None else None
    grid = size_grid(p, sizes, extra=(10, 20) + ((n_rel,) if n_rel else ()))
    out = {"sizes": grid, "wrong": {}, "n_test": len(yte), "C": {}, "top": {}, "digest": {},
           "chance": 1.0 - np.bincount(yte).max() / len(yte)}
    n_top = max(20, n_rel or 0)
    if C_at == "split" and len(C_grid) > 1:
        kw = dict(dataset=dataset, split=split, seed=seed, n_samples=n_samples)
        C_grid = (_cached(split_C_task, C_grid=tuple(C_grid), **kw,
                          **({} if n_noise is None else {"n_noise": n_noise}))["C"],)
    for spec in methods:
        order = method_order(dataset, split, spec, scheme, seed, n_samples, n_noise)
        err, Cs = svm_error_curve(Xtr, ytr, Xte, yte, order, grid, C_grid,
                                  seed=task_seed(seed, dataset, split, "cv"))
        out["wrong"][spec] = np.rint(err * len(yte)).astype(np.int32)
        out["C"][spec], out["top"][spec] = Cs, compact_order(order[:n_top])
        out["digest"][spec] = hashlib.sha1(np.asarray(order, np.int64).tobytes()).hexdigest()[:16]
    return out


@task("izetta2017.orders_task", version="1")
def orders_task(dataset: str, split: int, methods: tuple, scheme: str = "ovo", seed: int = 0,
                n_samples=None) -> dict:
    """The whole orders of ``methods`` on one split (Tables 4-6), from its stored lists."""
    return {"orders": {m: compact_order(method_order(dataset, split, m, scheme, seed, n_samples))
                       for m in methods}}


@task("izetta2017.timing_task", version="2")
def timing_task(n_noise: int, n_samples: int, method: str, seed: int = 0) -> float:
    """Seconds to rank Artificial-1-3C (``n_noise`` noise features, ``n_samples`` points, on
    its 75 % training part) with one method: the OVO lists plus the combination for the six
    methods, the joint RFE for Zhou's (Izetta 2017, Sec. 5 / Fig. 7)."""
    kw = dict(dataset="artificial1-3c", split=0, seed=seed, n_samples=n_samples, n_noise=n_noise)
    if method in ZHOU:
        return zhou_task(method=method, **kw)["seconds"]
    lists = lists_task(scheme="ovo", **kw)
    name, params = parse_method(method)
    t = time.process_time()
    combine_lists(lists["orders"], name, **params)
    return lists["seconds"] + time.process_time() - t


@task("izetta2017.combine_timing_task", version="2")
def combine_timing_task(dataset: str, n_noise: int, n_samples: int, methods: tuple,
                        repeats: int = 5, seed: int = 0, floyd_warshall_max: int = 1100) -> list:
    """Seconds to combine one split's stored OVO lists with each method (one warm-up call,
    then ``repeats`` timed calls): rows ``n_features, method, seconds, se, lists``."""
    from ...aggregate.schulze_method import strongest_paths

    L = _ranking(lists_task, dataset=dataset, split=0, seed=seed, n_samples=n_samples,
                 scheme="ovo", n_noise=n_noise)["orders"]
    p = L.shape[1]
    fns = {m: (lambda m=m: _combine(L, m)) for m in methods}
    if p <= floyd_warshall_max:
        fns["Schulze (Floyd-Warshall)"] = lambda: strongest_paths(L)
    rows = []
    for m, f in fns.items():
        f()                                   # warm-up call, not timed
        t = []
        for _ in range(repeats):
            t0 = time.process_time()
            f()
            t.append(time.process_time() - t0)
        mean, se = mean_se(t)
        rows.append({"n_features": int(p), "method": m, "seconds": mean, "se": se,
                     "lists": int(L.shape[0])})
    return rows


@task("izetta2017.q3_task", version="1")
def q3_task(dataset: str, split: int, seed: int = 0, n_samples=None) -> dict:
    """The orders of :data:`Q3_VARIANTS` on one split's OVO lists."""
    L = _ranking(lists_task, dataset=dataset, split=split, seed=seed, n_samples=n_samples,
                 scheme="ovo")["orders"]
    return {"orders": {v: compact_order(f(L)) for v, f in Q3_VARIANTS.items()}}


@task("izetta2017.dilution_task", version="1")
def dilution_task(dataset: str, split: int, scheme: str, k: float = 0.1, methods: tuple = METHODS,
                  seed: int = 0, n_samples=None) -> dict:
    """One split of :func:`ovo_dilution_table`: the :func:`list_relevance` table of its lists,
    the mean number of lists with a noise feature in their top ``k·p``, and the mean position
    of the relevant features after each combiner."""
    c = int(dataset.split("-")[1][:-1])
    n_rel = 5 * c
    r = _ranking(lists_task, dataset=dataset, split=split, seed=seed, n_samples=n_samples,
                 scheme=scheme)
    L = r["orders"]
    p = L.shape[1]
    top = max(1, int(round(k * p)))
    noise = np.mean([np.isin(o[:top], np.arange(n_rel, p)).sum() / (p - n_rel) for o in L])
    return {"relevance": list_relevance(L, r["problems"], class_features_artificial1(c), top),
            "noise_on_top": float(noise * L.shape[0]),
            "positions": {m: group_positions(_combine(L, m), range(n_rel)) for m in methods}}


def _split_C(dataset, split, C_grid, seed, n_samples) -> float:
    if len(C_grid) == 1:
        return float(C_grid[0])
    return float(_cached(split_C_task, dataset=dataset, split=split, C_grid=tuple(C_grid),
                         seed=seed, n_samples=n_samples)["C"])


@task("izetta2017.shuffled_orders_task", version="1")
def shuffled_orders_task(dataset: str, split: int, C_grid: tuple, seed: int = 0,
                         n_samples=None) -> dict:
    """One split with its columns shuffled: per combiner, the order of the OVO lists computed
    on the shuffled training part, mapped back to the original columns (``orders``), and the
    number of test errors at the true number of relevant features of that order and of the
    stored unshuffled one (``wrong``, ``wrong_unshuffled``; C chosen once per split as the
    reduced profile does, or the single C of ``C_grid``)."""
    from ...rankers.svmrfe import elimination_schedule, rfe_orders

    Xtr, ytr, Xte, yte, ds = split_data(dataset, split, seed, n_samples)
    p, n_rel = Xtr.shape[1], len(ds.relevant)
    perm = column_permutation(p, dataset, split, seed)
    lists, _ = rfe_orders(Xtr[:, perm], ytr, "ovo", C=C_RFE, tol=1e-3,
                          schedule=elimination_schedule(p, 0.1, 20, 1, "izetta"))
    plain = _cached(orders_task, dataset=dataset, split=split, methods=METHODS, scheme="ovo",
                    seed=seed, n_samples=n_samples)["orders"]
    C = _split_C(dataset, split, C_grid, seed, n_samples)
    out = {"orders": {}, "wrong": {}, "wrong_unshuffled": {}, "n_test": len(yte), "C": C,
           "n_relevant": n_rel}
    for m in METHODS:
        order = perm[combine_lists(lists, m)]           # back to the original columns
        out["orders"][m] = compact_order(order)
        for key, o in (("wrong", order), ("wrong_unshuffled", np.asarray(plain[m]))):
            err, _ = svm_error_curve(Xtr, ytr, Xte, yte, o, [n_rel], (C,))
            out[key][m] = int(round(err[0] * len(yte)))
    return out
