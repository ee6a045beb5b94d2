"""Izetta 2017: the protocol of the paper's Sec. 3.1, as the tasks run it.

* ``n_splits`` random 75/25 splits of each dataset (paper: 100), stratified by class so that
  every class appears in both parts of the small robot sets; split ``s`` is seeded by
  ``task_seed(seed, dataset, s)``. The artificial datasets are drawn once per dataset
  (``task_seed(seed, "data", dataset)``), as the paper has one dataset and many splits.
* Features are standardised with the training part's mean and SD (missing -> training
  mean). Rankings use the training part only: one linear SVM-RFE per binary problem (OVO
  unless stated; C = 0.1 -- the paper does not give C; 10 % of the remaining features per
  step until fewer than 20 remain, then one at a time), lists combined by each method.
* For every subset size n of the grid, a multiclass SVM (linear kernel, libsvm's OVO as R's
  e1071 and scikit-learn use) is trained on the training part's top-n features, C chosen by
  5-fold stratified CV on the training part among the profile's ``C_grid`` (a single value
  skips the CV: the quick and smoke profiles), and its error measured on the test part. The
  linear Gram matrices grow by one rank-1 term per added feature, so a curve costs one pass
  over the order plus the SVM fits.
* ``C_at``: where that CV runs. ``"size"`` (the paper profile): at every subset size, the
  literal reading of "the C parameter was estimated in all cases using 5-fold cross
  validation of the training set". ``"split"`` (the reduced profile): once per split, on all
  features of its training part (:func:`~.tasks.split_C_task`), the same C for every method
  and size.

The rankings the tasks share (SVM-RFE lists, Zhou orders) are stored under :data:`RANKINGS`,
a scratch namespace that is never committed; the committed store (:data:`CACHE`) keeps what
the figures and tables read.
"""
from __future__ import annotations

import numpy as np

from ...aggregate import combine_lists
from ...evaluate import parse_sizes
from ...parallel import run_tasks, task_seed

CACHE = NOTEBOOK = "03_izetta2017_multiclass_list_combination"
#: the store namespace of the SVM-RFE lists and Zhou orders: not a notebook, so its entries stay
#: in the scratch store (1 to 120 lists of p positions per split, about 40 MB at 100 splits)
RANKINGS = "izetta2017-rankings"
#: Izetta's six combiners, in their tables' order
METHODS = ("3Q-SD", "Av-SD", "Best Rank.", "K-First", "Condorcet", "Schulze")
ZHOU = ("Zhou C&S", "Zhou W&W", "Zhou OVO")
REAL = ("Multi-F", "Libras", "Robot1", "Robot3", "Robot4", "Robot5")
C_RFE = 0.1


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


C_AT = ("size", "split")


def _ns(dataset, n_samples):
    return n_samples if dataset.lower().startswith("artificial") else None


def _combine(orders, name, **params):
    return combine_lists(orders, name, **params)


def column_permutation(p: int, dataset: str, split: int, seed: int = 0) -> np.ndarray:
    """The seeded random order of the ``p`` columns of one split for the column-order check
    (new column j holds the original feature ``perm[j]``).

    >>> sorted(column_permutation(5, "artificial1-3c", 0).tolist())
    [0, 1, 2, 3, 4]
    """
    return np.random.default_rng(task_seed(seed, "columns", dataset, split)).permutation(p)
