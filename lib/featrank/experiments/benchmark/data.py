"""Notebook 06's data and rankings: the datasets (synthetic with a ground truth, and the
papers' real ones), which ranker runs on which, the subset sizes, the rankers' and aggregates'
orders and the CV splits every ranker shares.
"""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold

from ...datasets import Dataset, catalog, load
from ...datasets import quevedo2007 as Q
from ...datasets import slavkov2020 as S20
from ...methods import labels, method, methods

NOTEBOOK = "06_cross_paper_benchmark"

PAPER = "benchmark"      # the benchmark's labels in the registry (featrank.methods)
#: the rankers of the library (short names as the papers print them) -> class name
RANKERS = {m.labels[PAPER]: m.factory for m in methods("ranker", PAPER)}
#: the aggregates, each of the six base rankings of Prati 2012 (computed on the same data):
#: the four of the papers, then four from beyond them (robust rank aggregation, Kolde et al.
#: 2012; reciprocal rank fusion, Cormack et al. 2009, k = 60; CombMNZ of the min-max
#: normalised base scores, Fox & Shaw 1994; Kemeny's order by local search) -> function name
AGGREGATES = {m.labels[PAPER]: m.factory for m in methods("aggregate", PAPER)}
#: the aggregates of the papers (the others are computed beside them)
PAPER_AGGREGATES = ("Borda", "Schulze", "MC4", "K-First")
AGGREGATE_BASE = ("IG", "GR", "SU", "χ²", "OneR", "ReliefF")
#: rankers for two classes only (Quevedo 2007's SVM rivals)
BINARY_ONLY = labels(PAPER, binary_only=True)
#: Quevedo 2007's rankers take numeric features without missing values (FCBF discretises,
#: so it takes nominal ones, but no missing values either)
NUMERIC_ONLY = labels(PAPER, numeric_only=True)
NO_MISSING = labels(PAPER, no_missing=True)
#: the largest n_samples * n_features each costly ranker is run on (R2W2 takes about three
#: minutes on 1000 x 100; beyond these sizes the grid would take days)
MAX_CELLS = {m.labels[PAPER]: m.max_cells for m in methods(paper=PAPER) if m.max_cells}

#: synthetic datasets with a ground truth: name -> (generator, keyword arguments)
SYNTHETIC = {
    "slavkov-single": ("slavkov", dict(kind="single")),
    "slavkov-pair": ("slavkov", dict(kind="pair")),
    "slavkov-combined": ("slavkov", dict(kind="combined")),
    "quevedo-linear": ("quevedo", dict(m=100, r=5, d=1, eta=2, sigma=0.05)),
    "quevedo-quadratic": ("quevedo", dict(m=100, r=5, d=2, eta=2, sigma=0.05)),
}
LEARNERS = ("knn", "svm")
LEARNER_LABELS = {"knn": "k-NN", "svm": "SVM"}
WEIGHTINGS = {"uniform": "w=1", "inverse_size": "w=1/|S|", "magnitude": "w=|δ|",
              "magnitude_inverse_size": "w=|δ|/|S|"}
#: evaluations that need a ground truth (synthetic data only)
GROUND_TRUTH = ("AUC-FR", "GT distance")
#: evaluations where lower is better (all others: higher is better)
LOWER_IS_BETTER = ("GT distance",)


# --- data -----------------------------------------------------------------------------------

def paper_datasets() -> list[str]:
    """The catalogue datasets of the five papers' tables (available here or not)."""
    cat = catalog()
    return [n for n, p in zip(cat["name"], cat["papers"]) if str(p).strip()]


def load_dataset(name: str, *, n_samples: int | None = None, seed: int = 0) -> Dataset:
    """A benchmark dataset: a synthetic one of :data:`SYNTHETIC` (generated from ``seed``;
    ``n_samples`` examples for Slavkov's, default 1000; Quevedo's keep the paper's 100), else
    a catalogue dataset (nominal columns as ``category``).

    >>> ds = load_dataset("slavkov-pair", n_samples=50)
    >>> ds.X.shape, int((ds.relevance > 0).sum())
    ((50, 100), 18)
    """
    if name not in SYNTHETIC:
        return load(name, as_frame=True)
    kind, params = SYNTHETIC[name]
    if kind == "slavkov":
        ds = S20.make_synthetic(params["kind"], n_samples=n_samples or 1000, random_state=seed)
    else:
        ds = Q.make_polynomial_problem(n=100, **params, random_state=seed)
        ds.relevance = ground_truth_relevance(ds)
    ds.name = name
    return ds


def ground_truth_relevance(ds: Dataset) -> np.ndarray:
    """The dataset's relevance, else 1 for its relevant features and their redundant copies,
    0 for the others (Quevedo 2007's problems state only which features are relevant).

    >>> ds = Dataset(X=np.zeros((2, 4)), y=np.array([0, 1]), relevant=np.array([2]),
    ...              redundant=[[2, 0]])
    >>> ground_truth_relevance(ds).tolist()
    [1.0, 0.0, 1.0, 0.0]
    """
    if ds.relevance is not None:
        return np.asarray(ds.relevance, dtype=float)
    rel = np.zeros(ds.X.shape[1])
    rel[np.asarray(ds.relevant, dtype=int)] = 1.0
    for group in ds.redundant or []:
        rel[np.asarray(group, dtype=int)] = 1.0
    return rel


def applies(ranker: str, shape: dict) -> bool:
    """Whether ``ranker`` is run on a dataset of this ``shape`` (:func:`dataset_shape`): the
    binary-only rankers need two classes, Quevedo 2007's rankers numeric features
    (:data:`NUMERIC_ONLY`) and no missing values (:data:`NO_MISSING`), and the costly ones
    stay below their :data:`MAX_CELLS`.

    >>> shape = dict(n_samples=100, n_features=10, n_classes=3, nominal=0, missing=False)
    >>> applies("R2W2", shape), applies("R2W2", {**shape, "n_classes": 2})
    (False, True)
    >>> applies("SPE", {**shape, "missing": True}), applies("IG", {**shape, "n_samples": 10**6})
    (False, True)
    """
    if ranker in BINARY_ONLY and shape["n_classes"] != 2:
        return False
    if (ranker in NUMERIC_ONLY and shape.get("nominal", 0)) or \
            (ranker in NO_MISSING and shape.get("missing", False)):
        return False
    return shape["n_samples"] * shape["n_features"] <= MAX_CELLS.get(ranker, np.inf)


def size_schedule(p: int, n_sizes: int) -> np.ndarray:
    """At most ``n_sizes`` subset sizes from 1 to ``p``, spaced geometrically (dense where
    the curves change most), always ending at ``p``.

    >>> size_schedule(100, 6).tolist()
    [1, 3, 6, 16, 40, 100]
    >>> size_schedule(3, 10).tolist()
    [1, 2, 3]
    """
    if n_sizes >= p:
        return np.arange(1, p + 1)
    return np.unique(np.round(np.geomspace(1, p, n_sizes)).astype(int))


# --- rankings -------------------------------------------------------------------------------

def base_rankings(X, y, *, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The orders (best first) and scores of the base rankers :data:`AGGREGATE_BASE` on
    ``(X, y)``, as two ``(6, p)`` arrays."""
    fitted = [_fit(b, X, y, seed) for b in AGGREGATE_BASE]
    return (np.array([np.asarray(e.top_features_) for e in fitted]),
            np.array([np.asarray(e.scores_, dtype=float) for e in fitted]))


def aggregate_orders(name: str, orders, scores=None, *, seed: int = 0) -> np.ndarray:
    """Aggregate ``name`` of :data:`AGGREGATES` of the base ``orders`` (CombMNZ fuses the
    min-max normalised ``scores`` instead: with full orders only, it would be Borda).

    >>> o = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2]])
    >>> [aggregate_orders(a, o).tolist() for a in ("Borda", "RRF", "Kemeny")]
    [[0, 1, 2], [0, 1, 2], [0, 1, 2]]
    """
    fn = method(name, PAPER).make()
    if name == "CombMNZ":
        return np.asarray(fn(scores, normalization="minmax", random_state=seed))
    if name == "Kemeny":
        return np.asarray(fn(orders, method="heuristic", random_state=seed))
    return np.asarray(fn(orders, random_state=seed))


def _fit(name, X, y, seed):
    est = method(name, PAPER).make()
    if "random_state" in est.get_params():
        est.set_params(random_state=seed)
    return est.fit(X, y)


def rank_features(name: str, X, y, *, seed: int = 0) -> np.ndarray:
    """The order (best first) of ranker or aggregate ``name`` on ``(X, y)``.

    >>> X = np.array([[0, 1.], [1, 0.], [0, 0.], [1, 1.]] * 5)
    >>> rank_features("IG", X, np.array([0, 1, 0, 1] * 5)).tolist()
    [0, 1]
    """
    if name in AGGREGATES:
        if name in PAPER_AGGREGATES:       # the orders alone, as stored results were made
            base = np.array([rank_features(b, X, y, seed=seed) for b in AGGREGATE_BASE])
            return aggregate_orders(name, base, seed=seed)
        return aggregate_orders(name, *base_rankings(X, y, seed=seed), seed=seed)
    if name not in RANKERS:
        raise ValueError(f"unknown ranker {name!r}; choose one of {[*RANKERS, *AGGREGATES]}")
    return np.asarray(_fit(name, X, y, seed).top_features_)


def _rows(X, idx):
    return X.iloc[idx] if isinstance(X, pd.DataFrame) else X[idx]


def cv_splits(y, n_folds: int, seed: int) -> list:
    """Stratified ``n_folds``-fold splits (shuffled with ``seed``), shared by every ranker
    (a class with fewer members than folds is spread as far as it goes, silently)."""
    cv = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=seed)
    with warnings.catch_warnings():  # "least populated class has fewer members than folds"
        warnings.simplefilter("ignore", UserWarning)
        return [(tr, te) for tr, te in cv.split(np.zeros(len(y)), y)]


def dataset_shape(dataset: str, n_samples=None, seed: int = 0) -> dict:
    """``n_samples``, ``n_features``, ``n_classes``, the number of ``nominal`` features,
    whether any value is ``missing`` and whether the dataset is synthetic."""
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    X = ds.X
    missing = bool(X.isna().to_numpy().any() if isinstance(X, pd.DataFrame)
                   else np.isnan(np.asarray(X, dtype=float)).any())
    nominal = int(np.sum(ds.categorical)) if ds.categorical is not None else 0
    return {"dataset": dataset, "n_samples": int(X.shape[0]), "n_features": int(X.shape[1]),
            "n_classes": int(len(np.unique(ds.y))), "nominal": nominal, "missing": missing,
            "synthetic": dataset in SYNTHETIC}
