"""Orders, rank vectors and scores: the conventions every module shares.

* An **order** is a 1-D int array of feature indices, best first (the papers'
  R = (F_(1), ..., F_(n))). Several orders: a 2-D array ``(m, p)``.
* A **rank vector** gives each feature its position, 1 = best (scikit-learn's
  ``RFE.ranking_``).
* **Scores**: higher = more relevant.
* **Ties** are broken by the lower feature index (a stable sort), never by an unstable argsort.
"""
from __future__ import annotations

import numpy as np


def check_scores(scores, n_features: int | None = None, *, name: str = "scores") -> np.ndarray:
    """Return ``scores`` as a 1-D float array; raise on NaN, wrong shape or length."""
    s = np.asarray(scores, dtype=float)
    if s.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {s.shape}")
    if n_features is not None and s.shape[0] != n_features:
        raise ValueError(f"{name} has {s.shape[0]} entries, expected {n_features}")
    bad = np.flatnonzero(np.isnan(s))
    if bad.size:
        raise ValueError(f"{name} contain NaN at feature(s) {bad[:10].tolist()}")
    return s


def order_from_scores(scores) -> np.ndarray:
    """The order of features by decreasing score; ties go to the lower index."""
    s = check_scores(scores)
    return np.argsort(-s, kind="stable").astype(np.intp)


def scores_from_order(order) -> np.ndarray:
    """Scores that give back ``order``: ``p`` for its first feature down to 1 for its last
    (higher is better, as every ranker's ``scores_``).

    >>> scores_from_order([2, 0, 1]).tolist()
    [2.0, 1.0, 3.0]
    >>> order_from_scores(scores_from_order([2, 0, 1])).tolist()
    [2, 0, 1]
    """
    o = check_order(order)
    scores = np.empty(o.size)
    scores[o] = np.arange(o.size, 0, -1, dtype=float)
    return scores


def check_order(order, n_features: int | None = None, *, partial: bool = False,
                name: str = "order") -> np.ndarray:
    """Validate an order: 1-D ints in ``[0, n_features)``, no duplicates.

    With ``partial=False`` every feature must appear exactly once.
    """
    o = np.asarray(order)
    if o.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of feature indices, got shape {o.shape}")
    if o.size and not np.issubdtype(o.dtype, np.integer):
        if not np.all(np.equal(np.mod(o, 1), 0)):
            raise ValueError(f"{name} must hold integer feature indices")
    o = o.astype(np.intp)
    p = n_features if n_features is not None else (o.size if not partial else None)
    if o.size and (o.min() < 0 or (p is not None and o.max() >= p)):
        raise ValueError(f"{name} holds feature indices outside [0, {p})")
    uniq, counts = np.unique(o, return_counts=True)
    if np.any(counts > 1):
        raise ValueError(f"{name} lists feature(s) {uniq[counts > 1][:10].tolist()} more than once")
    if not partial and p is not None and o.size != p:
        missing = np.setdiff1d(np.arange(p), o)
        raise ValueError(f"{name} misses feature(s) {missing[:10].tolist()} (has {o.size} of {p})")
    return o


def check_orders(orders, n_features: int | None = None, *, partial: bool = False):
    """Validate several orders.

    Full orders come back as a 2-D int array ``(m, p)``. With ``partial=True`` a ragged
    sequence of 1-D orders is accepted and returned as a list of arrays.
    """
    if partial:
        lists = [check_order(o, n_features, partial=True, name=f"orders[{i}]")
                 for i, o in enumerate(orders)]
        if not lists:
            raise ValueError("orders is empty")
        return lists
    arr = np.asarray(orders)
    if arr.ndim != 2:
        raise ValueError(f"orders must be a 2-D array (m lists, p features), got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError("orders is empty")
    p = n_features if n_features is not None else arr.shape[1]
    return np.stack([check_order(o, p, name=f"orders[{i}]") for i, o in enumerate(arr)])


def ranks_from_order(order, n_features: int | None = None) -> np.ndarray:
    """Rank vector (1 = best) of a full order."""
    o = check_order(order, n_features)
    ranks = np.empty(o.size, dtype=np.intp)
    ranks[o] = np.arange(1, o.size + 1)
    return ranks


def order_from_ranks(ranks) -> np.ndarray:
    """Order of a rank vector (1 = best); equal ranks go to the lower index."""
    r = np.asarray(ranks, dtype=float)
    if r.ndim != 1 or np.isnan(r).any():
        raise ValueError("ranks must be a 1-D array without NaN")
    return np.argsort(r, kind="stable").astype(np.intp)
