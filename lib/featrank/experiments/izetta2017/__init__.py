"""Experiments of Izetta, Verdes & Granitto (2017), "Improved multiclass feature selection
via list combination" (notebook 03).

Protocol of their Sec. 3.1, as the task functions below run it:

* ``n_splits`` random 75/25 splits of each dataset (paper: 100), stratified by class so that
  every class appears in both parts of the small robot sets; split ``s`` is seeded by
  ``task_seed(seed, dataset, s)``. The artificial datasets are drawn once per dataset
  (``task_seed(seed, "data", dataset)``), as the paper has one dataset and many splits.
* Features are standardised with the training part's mean and SD (missing -> training
  mean). Rankings use the training part only: one linear SVM-RFE per binary problem (OVO
  unless stated; C = 0.1 — the paper does not give C; 10 % of the remaining features per
  step until fewer than 20 remain, then one at a time), lists combined by each method.
* For every subset size n of the grid, a multiclass SVM (linear kernel, libsvm's OVO as R's
  e1071 and scikit-learn use) is trained on the training part's top-n features, C chosen by
  5-fold stratified CV on the training part among ``C_grid`` (a single value skips the CV:
  the quick and smoke profiles), and its error measured on the test part. The linear Gram
  matrices grow by one rank-1 term per added feature, so a curve costs one pass over the
  order plus the SVM fits.
* ``C_at``: where that CV runs. ``"size"`` (the paper profile): at every subset size, the
  literal reading of "the C parameter was estimated in all cases using 5-fold cross
  validation of the training set" -- thousands of hours here, nearly all of it libsvm at
  C = 10 on few features. ``"split"`` (the reduced profile): once per split, on all features
  of its training part (:func:`split_C_task`), the same C for every method and size.

Times (the ``seconds`` of the rankings, Fig. 7) are CPU seconds of the task
(``time.process_time``): tasks run single-threaded, so on a quiet core this is their wall
time, and a run that shares the machine with others does not inflate it.

Tasks are module-level functions of small arguments, cached on disk under :data:`CACHE`
through :func:`featrank.parallel.run_tasks`. The rankings they share (SVM-RFE lists, Zhou
orders) are stored under :data:`RANKINGS`, a scratch namespace that is never committed; the
committed store keeps what the figures and tables read: curve points, the orders of Tables
4-6, per-split summaries of the investigations. Each task declares its stable name
(``@task("izetta2017.curve_task", ...)``), under which the store finds its results wherever
the code lives.

The rest is in sub-modules, their public names re-exported here (lazily, so that no module
imports in a circle):

- :mod:`.tables` -- mean curves, rank statistics of feature groups, win counts;
- :mod:`.q3sd` -- the two readings of 3Q-SD compared (:func:`q3_variants_table`; the
  variant itself is :func:`featrank.aggregate.q3_positions_sd`; its task :func:`q3_task`);
- :mod:`.ovo` -- the dilution of a class's features among OVO's lists
  (:func:`ovo_dilution_table`, its task :func:`dilution_task`), OVO against OVA errors;
- :mod:`.timing` -- Fig. 7's combination step timed alone on stored lists
  (:func:`combination_timing`);
- :mod:`.creading` -- C chosen at every size or once per split, compared
  (:func:`c_reading_table`);
- :mod:`.work` -- every expensive result of the notebook in two calls (:func:`per_split`,
  :func:`once`), filled split by split on long runs (:func:`fill`) and found again in the
  store (:func:`stored_splits`);
- :mod:`.verdicts` -- the rules each claim is judged by (:data:`RULES`);
- :mod:`.summary`, :mod:`.summary_figures` -- the reproduction summary
  (:func:`reproduction_summary`).
"""
from __future__ import annotations

import hashlib
import time

import numpy as np
import pandas as pd

from ..._lazy import lazy_exports
from ...aggregate import combine_lists
from ...evaluate import parse_sizes
from ...parallel import run_tasks, stored_tasks, task_seed
from ...store import task

CACHE = NOTEBOOK = "03_izetta2017_multiclass_list_combination"
#: the store namespace of the SVM-RFE lists and Zhou orders: not a notebook, so its entries stay
#: in the scratch store (1 to 120 lists of p positions per split, about 40 MB at 100 splits)
RANKINGS = "izetta2017-rankings"
#: Izetta's six combiners, in their tables' order
METHODS = ("3Q-SD", "Av-SD", "Best Rank.", "K-First", "Condorcet", "Schulze")
ZHOU = ("Zhou C&S", "Zhou W&W", "Zhou OVO")
REAL = ("Multi-F", "Libras", "Robot1", "Robot3", "Robot4", "Robot5")
C_RFE = 0.1
_ZHOU_METHOD = {"Zhou C&S": "cs", "Zhou W&W": "ww", "Zhou OVO": "ovo"}


# ----------------------------------------------------------------------------- data
def load_data(dataset: str, seed: int = 0, n_samples: int | None = None,
              n_noise: int | None = None):
    """An artificial dataset of Table 3 (``"artificial1-3c"``...) or a real one by name."""
    if dataset.lower().startswith("artificial"):
        from ...datasets.izetta2017 import N_NOISE, N_SAMPLES, make

        return make(dataset, n_samples=n_samples or N_SAMPLES, n_noise=N_NOISE if n_noise is None
                    else n_noise, random_state=task_seed(seed, "data", dataset))
    from ...datasets import load

    return load(dataset)


def split_data(dataset: str, split: int, seed: int = 0, n_samples=None, n_noise=None,
               test_size: float = 0.25):
    """``(Xtr, ytr, Xte, yte, ds)`` of split ``split``, standardised on the training part."""
    from sklearn.model_selection import StratifiedShuffleSplit

    ds = load_data(dataset, seed, n_samples, n_noise)
    sss = StratifiedShuffleSplit(1, test_size=test_size, random_state=task_seed(seed, dataset, split))
    tr, te = next(sss.split(ds.X, ds.y))
    Xtr, Xte = ds.X[tr], ds.X[te]
    mu = np.nanmean(Xtr, axis=0)
    mu = np.where(np.isnan(mu), 0.0, mu)
    Xtr, Xte = np.where(np.isnan(Xtr), mu, Xtr), np.where(np.isnan(Xte), mu, Xte)
    sd = Xtr.std(axis=0)
    sd = np.where(sd > 0, sd, 1.0)
    return (Xtr - mu) / sd, ds.y[tr], (Xte - mu) / sd, ds.y[te], ds


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
    from ...rankers.multiclass import ZhouMSVMRFE

    Xtr, ytr, *_ = split_data(dataset, split, seed, n_samples, n_noise)
    t = time.process_time()
    r = ZhouMSVMRFE(method=_ZHOU_METHOD[method], C=C_RFE, scaling=None).fit(Xtr, ytr)
    return {"order": r.top_features_.astype(np.int32), "seconds": time.process_time() - t}


def _cached(func, **kwargs):
    """``func(**kwargs)`` through the notebook's result store."""
    return run_tasks(func, [kwargs], n_jobs=1, cache=CACHE, progress=False)[0]


def _ranking(func, **kwargs):
    """``func(**kwargs)`` (:func:`lists_task`, :func:`zhou_task`) through the rankings' store."""
    return run_tasks(func, [kwargs], n_jobs=1, cache=RANKINGS, progress=False)[0]


def compact_order(order) -> np.ndarray:
    """An order as the smallest integer type that holds it (int16 up to 32,767 features).

    >>> compact_order([2, 0, 1]).dtype
    dtype('int16')
    """
    order = np.asarray(order)
    return order.astype(np.int16 if order.size < 2 ** 15 else np.int32)


def _prefetch(base, methods, scheme, n_jobs):
    """The rankings the tasks of ``base`` (dicts of dataset, split, seed, n_samples) need:
    one SVM-RFE list set per split if a combiner is among ``methods``, one Zhou order per
    Zhou method."""
    pre = [dict(t, scheme=scheme) for t in base if any(m.split("@")[0] in METHODS for m in methods)]
    run_tasks(lists_task, pre, n_jobs=n_jobs, cache=RANKINGS, desc="SVM-RFE lists")
    zh = [dict(t, method=m) for t in base for m in methods if m in ZHOU]
    run_tasks(zhou_task, zh, n_jobs=n_jobs, cache=RANKINGS, desc="Zhou MSVM-RFE")


def _missing(func, tasks, base):
    """The entries of ``base`` whose task of ``tasks`` is not stored yet."""
    return [b for b, ok in zip(base, stored_tasks(func, tasks, CACHE)) if not ok]


def parse_method(spec: str):
    """``"K-First"``, ``"K-First@0.05"`` (k as a fraction of p), ``"Av-SD@min_sd"``,
    ``"Zhou C&S"`` -> ``(name, params)``."""
    name, _, arg = spec.partition("@")
    if name not in METHODS and name not in ZHOU:
        raise ValueError(f"unknown method {spec!r}; choose from {METHODS + ZHOU}")
    if not arg:
        return name, ({"k": 0.1} if name == "K-First" else {})
    if name == "K-First":
        return name, {"k": float(arg)}
    if name in ("Av-SD", "3Q-SD"):
        return name, {"ties": arg}
    raise ValueError(f"method {name!r} takes no argument ({spec!r})")


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


# ----------------------------------------------------------------------------- curves
def size_grid(p: int, kind="coarse:12", extra=()) -> np.ndarray:
    """Subset sizes: ``"all"`` = 2..p (the paper), ``"coarse:K"`` = about K sizes spread
    geometrically from 2 to p (``"geometric:K"`` of :func:`featrank.evaluate.parse_sizes`),
    or explicit sizes; ``extra`` sizes (10, 20, the true number of relevant features) are
    always added."""
    if isinstance(kind, str) and kind.startswith("coarse:"):
        kind = "geometric:" + kind.partition(":")[2]
    elif not isinstance(kind, str):
        kind = np.unique(np.asarray(kind, dtype=int))
    s = parse_sizes(kind, p, start=2)
    return np.unique(np.concatenate([s, [e for e in extra if 2 <= e <= p]]).astype(int))


def cv_folds(y, cv=5, seed=0):
    """The stratified ``cv``-fold splits that choose C (fewer folds when a class is smaller;
    ``None`` when it has a single member).

    >>> [len(va) for _, va in cv_folds(np.repeat([0, 1], 5), cv=5)]
    [2, 2, 2, 2, 2]
    """
    from sklearn.model_selection import StratifiedKFold

    n_folds = min(cv, int(np.bincount(y).min()))
    if n_folds < 2:
        return None
    return list(StratifiedKFold(n_folds, shuffle=True, random_state=seed)
                .split(np.zeros((len(y), 1)), y))


def svm_error_curve(Xtr, ytr, Xte, yte, order, sizes, C_grid=(0.1,), cv=5, seed=0):
    """Test error of a linear multiclass SVM on the top-n features of ``order`` for each n in
    ``sizes``, C by ``cv``-fold stratified CV on the training part (Izetta 2017, Sec. 3.1).
    Gram matrices are updated incrementally along the order."""
    from sklearn.svm import SVC

    Ktr = np.zeros((len(ytr), len(ytr)))
    Kte = np.zeros((len(yte), len(ytr)))
    folds = cv_folds(ytr, cv, seed) if len(C_grid) > 1 else None
    errors, chosen, prev = [], [], 0
    for s in sizes:
        cols = np.asarray(order[prev:s])
        Ktr += Xtr[:, cols] @ Xtr[:, cols].T
        Kte += Xte[:, cols] @ Xtr[:, cols].T
        prev = s
        C = C_grid[0] if folds is None else _cv_best_C(Ktr, ytr, C_grid, folds)
        svc = SVC(kernel="precomputed", C=C).fit(Ktr, ytr)
        errors.append(float(np.mean(svc.predict(Kte) != yte)))
        chosen.append(C)
    return np.asarray(errors), np.asarray(chosen)


def _cv_best_C(K, y, C_grid, folds):
    from sklearn.svm import SVC

    err = np.zeros(len(C_grid))
    for tr, va in folds:
        Ktr, Kva = K[np.ix_(tr, tr)], K[np.ix_(va, tr)]
        for j, C in enumerate(C_grid):
            err[j] += np.mean(SVC(kernel="precomputed", C=C).fit(Ktr, y[tr]).predict(Kva) != y[va])
    return C_grid[int(np.argmin(err))]          # ties -> the first (smallest) C


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


C_AT = ("size", "split")


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


def run_curves(datasets, methods, n_splits, scheme="ovo", sizes="coarse:12", C_grid=(0.1,),
               seed=0, n_samples=None, n_jobs=None, C_at="size") -> pd.DataFrame:
    """Every (dataset, split) curve task; the rankings of the missing ones first, so each is
    computed once. Returns a long table ``dataset, scheme, split, method, size, error, C,
    chance``; ``df.attrs["tops"][(dataset, scheme, method)]`` stacks the splits' first
    ``max(20, n_relevant)`` features, ``df.attrs["digests"][...]`` their orders' digests."""
    methods = tuple(methods)
    base = [dict(dataset=d, split=s, seed=seed, n_samples=_ns(d, n_samples))
            for d in datasets for s in range(n_splits)]
    cv_at = {} if C_at == "size" else {"C_at": C_at}       # the paper's tasks keep their keys
    tasks = [dict(t, methods=methods, scheme=scheme, sizes=sizes, C_grid=tuple(C_grid), **cv_at)
             for t in base]
    missing = _missing(curve_task, tasks, base)
    _prefetch(missing, methods, scheme, n_jobs)
    if cv_at and len(C_grid) > 1:
        run_tasks(split_C_task, [dict(t, C_grid=tuple(C_grid)) for t in missing], n_jobs=n_jobs,
                  cache=CACHE, desc="C by CV, once per split")
    res = run_tasks(curve_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="error curves")
    rows, tops, digests = [], {}, {}
    for t, r in zip(tasks, res):
        for m in methods:
            key = (t["dataset"], scheme, m)
            tops.setdefault(key, []).append(r["top"][m])
            digests.setdefault(key, []).append(r["digest"][m])
            for s, w, C in zip(r["sizes"], r["wrong"][m], r["C"][m]):
                rows.append((t["dataset"], scheme, t["split"], m, int(s), w / r["n_test"], C,
                             r["chance"]))
    df = pd.DataFrame(rows, columns=["dataset", "scheme", "split", "method", "size", "error",
                                     "C", "chance"])
    df.attrs["tops"] = {k: np.vstack(v) for k, v in tops.items()}
    df.attrs["digests"] = digests
    return df


def _ns(dataset, n_samples):
    return n_samples if dataset.lower().startswith("artificial") else None


@task("izetta2017.orders_task", version="1")
def orders_task(dataset: str, split: int, methods: tuple, scheme: str = "ovo", seed: int = 0,
                n_samples=None) -> dict:
    """The whole orders of ``methods`` on one split (Tables 4-6), from its stored lists."""
    return {"orders": {m: compact_order(method_order(dataset, split, m, scheme, seed, n_samples))
                       for m in methods}}


def run_orders(datasets, methods, n_splits, scheme="ovo", seed=0, n_samples=None, n_jobs=None):
    """Orders only (no curves): ``{(dataset, method): (n_splits, p) array}`` (Tables 4-6)."""
    methods = tuple(methods)
    base = [dict(dataset=d, split=s, seed=seed, n_samples=_ns(d, n_samples))
            for d in datasets for s in range(n_splits)]
    tasks = [dict(t, methods=methods, scheme=scheme) for t in base]
    _prefetch(_missing(orders_task, tasks, base), methods, scheme, n_jobs)
    res = run_tasks(orders_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="orders")
    return {(d, m): np.vstack([r["orders"][m] for t, r in zip(tasks, res) if t["dataset"] == d])
            for d in datasets for m in methods}


# ----------------------------------------------------------------------------- timing
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


def run_timing(n_noise_grid, n_samples_grid, methods, base_noise=500, base_samples=3000,
               seed=0, n_jobs=1) -> pd.DataFrame:
    """Fig. 7: running time against the number of features (at ``base_samples``) and of
    samples (at ``base_noise``). Sequential by default so timings do not share cores."""
    tasks = ([dict(n_noise=k, n_samples=base_samples, method=m, seed=seed)
              for k in n_noise_grid for m in methods] +
             [dict(n_noise=base_noise, n_samples=n, method=m, seed=seed)
              for n in n_samples_grid for m in methods])
    secs = run_tasks(timing_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="timing")
    df = pd.DataFrame(tasks)
    df["seconds"] = secs
    df["n_features"] = df["n_noise"] + 15
    df["axis"] = ["features"] * (len(n_noise_grid) * len(methods)) + \
                 ["samples"] * (len(n_samples_grid) * len(methods))
    return df


# --------------------------------------------------------------------- stored lists
def stored_lists(dataset: str, n_splits: int, scheme: str = "ovo", seed: int = 0,
                 n_samples=None) -> list:
    """The per-problem SVM-RFE lists ``(M, p)`` of each split, from the rankings' (scratch)
    store, computed and stored if absent, with the same keys the notebook's runs use."""
    return [_ranking(lists_task, dataset=dataset, split=s, seed=seed,
                     n_samples=_ns(dataset, n_samples), scheme=scheme)["orders"]
            for s in range(n_splits)]


def _combine(orders, name, **params):
    return combine_lists(orders, name, **params)


def _mean_se(values):
    v = np.asarray(values, dtype=float)
    return float(v.mean()), (float(v.std(ddof=1) / np.sqrt(v.size)) if v.size > 1 else np.nan)


# --------------------------------------------------------------- combination timing
#: the combination-timing grid per profile (Artificial-1-8C: 28 OVO lists)
COMBINE_TIMING = {
    "smoke": dict(n_noise_grid=(50, 100, 200), n_samples=600, repeats=2),
    "quick": dict(n_noise_grid=(100, 200, 500, 1000, 2000), n_samples=1200, repeats=5),
    "paper": dict(n_noise_grid=(100, 200, 500, 1000, 2000, 4000), n_samples=3000, repeats=5),
}
COMBINE_TIMING["reduced"] = COMBINE_TIMING["paper"]      # the reduced profile times as the paper


@task("izetta2017.combine_timing_task", version="2")
def combine_timing_task(dataset: str, n_noise: int, n_samples: int, methods: tuple,
                        repeats: int = 5, seed: int = 0, floyd_warshall_max: int = 1100) -> list:
    """Seconds to combine one split's stored OVO lists with each method (one warm-up call,
    then ``repeats`` timed calls): rows ``n_features, method, seconds, se, lists``."""
    from ...aggregate.pairwise import strongest_paths

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
        mean, se = _mean_se(t)
        rows.append({"n_features": int(p), "method": m, "seconds": mean, "se": se,
                     "lists": int(L.shape[0])})
    return rows


# ---------------------------------------------------------------------- sub-modules
_API = {
    "q3_positions_sd": "q3sd",
    **dict.fromkeys(("summarize_curves", "rank_stats", "rank_table", "win_counts",
                     "pairwise_win_matrix"), "tables"),
    **dict.fromkeys(("PAPER_3Q", "Q3_VARIANTS", "combine_av", "group_positions", "q3_task",
                     "q3_orders", "q3_variants_table", "q3_support"), "q3sd"),
    **dict.fromkeys(("class_features_artificial1", "problem_classes", "list_relevance",
                     "dilution_task", "ovo_dilution_table", "errors_at", "ovo_ova_errors"),
                    "ovo"),
    **dict.fromkeys(("combination_timing", "loglog_slope"), "timing"),
    **dict.fromkeys(("c_reading_table", "c_reading_note"), "creading"),
    **dict.fromkeys(("TIE_SPECS", "LONG_PROFILES", "kfirst_specs", "dilution_dataset",
                     "per_split", "once", "stored_splits", "fill"), "work"),
    **dict.fromkeys(("ALPHA", "Z_TOL", "ROUNDING", "SCALING", "RULES", "value_agrees",
                     "values_verdict", "best_verdict", "not_worse_verdict", "scaling_verdict",
                     "perfectly_ranked", "imperfect_orders"), "verdicts"),
    "AVERAGING": "summary_figures",
    **dict.fromkeys(("PAPER_MEANS", "ART2_GROUPS", "reproduction_summary"), "summary"),
}
__getattr__, _api_names = lazy_exports(__name__, _API)


def __dir__():
    return sorted(set(globals()) | set(_api_names()))
