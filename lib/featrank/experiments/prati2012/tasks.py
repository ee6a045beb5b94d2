"""Prati (2012)'s stored tasks: one (dataset, fold) of the protocol (:func:`run_fold`), the
tie-break investigation's fold (:func:`tie_break_fold`) and Table I's shapes
(:func:`dataset_summary`). Each task loads its data itself, so results are cached on disk and
found in the store by the name it declares."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...store import task
from .protocol import (BASE, LEARNERS, METHODS, aggregate_orders, base_orders, base_scores,
                       curve_sizes, fold_curves, fold_splits, orders_from_scores)


# 2: MC4 is Prati's distance-weighted PageRank (was Dwork's MC4); 3: curves of fold 0 only
@task("prati2012.run_fold", version="3")
def run_fold(dataset, fold, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=()):
    """All methods x learners x measures on one fold of one dataset.

    Returns a dict: ``areas`` (DataFrame: method, learner, measure, area), ``curves``
    ({(method, learner, measure): values at ``sizes``}; for ``fold == 0`` only, which the
    notebook draws: all folds' curves would make the committed store ten times larger),
    ``sizes``, ``orders``."""
    from ...datasets import load
    from ...parallel import task_seed

    ds = load(dataset)
    X, y = ds.X, ds.y
    train, test = fold_splits(y, n_folds, seed)[fold]
    cats = ds.categories
    ytr = y[train]
    base = base_orders(X[train], ytr, cats)
    orders = {**base, **aggregate_orders(base, X[train], ytr, cats, extras=extras,
                                         random_state=task_seed(seed, dataset, fold))}
    sizes = curve_sizes(X.shape[1], schedule)
    rows, curves = fold_curves(ds, train, test, orders, METHODS + tuple(extras), learners,
                               sizes)
    areas = pd.DataFrame(rows)
    areas.insert(0, "fold", fold)
    areas.insert(0, "dataset", dataset)
    return {"areas": areas, "curves": curves if fold == 0 else {}, "sizes": sizes,
            "orders": {k: np.asarray(v) for k, v in orders.items()}}


def tie_table(scores: dict) -> pd.DataFrame:
    """How tied each ranker's scores are: per ranker, the number of features, of features
    that share their score with another (``tied``), the size of the largest group of equal
    scores (``largest``) and of the group holding the top score (``top``).

    >>> tie_table({"A": np.array([3., 3., 1., 0., 0., 0.])}).to_dict("records")
    [{'ranker': 'A', 'features': 6, 'tied': 5, 'largest': 3, 'top': 2}]
    """
    rows = []
    for k, s in scores.items():
        _, inverse, counts = np.unique(np.asarray(s, float), return_inverse=True,
                                       return_counts=True)
        per = counts[inverse]
        rows.append(dict(ranker=k, features=int(len(s)), tied=int(np.sum(per > 1)),
                         largest=int(counts.max()), top=int(counts[-1])))
    return pd.DataFrame(rows)


@task("prati2012.tie_break_fold", version="1")
def tie_break_fold(dataset, fold, n_folds=10, seed=0, tie_seed=0, learners=tuple(LEARNERS)):
    """One fold of :func:`run_fold` (the paper's 11 methods, every subset size) with the
    base rankers' equal scores ordered at random (seeded by ``tie_seed``, the dataset and
    the fold) instead of by feature index; the aggregates get the same random seeds as in
    :func:`run_fold`. Returns ``areas`` (as :func:`run_fold`'s) and ``ties``
    (:func:`tie_table` of the training fold's scores)."""
    from ...datasets import load
    from ...parallel import task_seed

    ds = load(dataset)
    X, y = ds.X, ds.y
    train, test = fold_splits(y, n_folds, seed)[fold]
    cats = ds.categories
    scores = base_scores(X[train], y[train], cats)
    base = orders_from_scores(scores, tie_seed=task_seed(tie_seed, "ties", dataset, fold))
    orders = {**base, **aggregate_orders(base, X[train], y[train], cats,
                                         random_state=task_seed(seed, dataset, fold))}
    rows, _ = fold_curves(ds, train, test, orders, METHODS, learners,
                          curve_sizes(X.shape[1], "all"))
    areas = pd.DataFrame(rows)
    areas.insert(0, "fold", fold)
    areas.insert(0, "dataset", dataset)
    ties = tie_table({k: scores[k] for k in BASE})
    ties.insert(0, "fold", fold)
    ties.insert(0, "dataset", dataset)
    return {"areas": areas, "ties": ties}


@task("prati2012.dataset_summary", version="1")
def dataset_summary(dataset) -> dict:
    """Our shape and majority-class share of one dataset (Table I)."""
    from ...datasets import load

    ds = load(dataset)
    counts = np.bincount(ds.y)
    return dict(name=dataset, n_samples=ds.X.shape[0], n_features=ds.X.shape[1],
                n_nominal=int(np.sum(ds.categorical)), n_classes=int(np.sum(counts > 0)),
                majority_pct=100.0 * counts.max() / counts.sum())
