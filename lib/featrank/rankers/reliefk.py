"""Guyon et al. (2003)'s Relief_k criterion, a rival of the SPE-ranker in Quevedo 2007 (Sec.
2.2): the k nearest hits and misses of every example by plain Euclidean distance, and the
ratio of the summed |differences| to the misses over those to the hits (:class:`ReliefK`),
also with Gram-Schmidt during ranking (:class:`GSReliefK`). Weka's ReliefF, the family's
other member, is in :mod:`.relieff`; both name the neighbour count ``n_neighbors``.
"""
from __future__ import annotations

from numbers import Integral

import numpy as np
from sklearn.utils._param_validation import Interval

from .base import BaseRanker, top_feature_example

_TINY = 1e-12
_N_NEIGHBORS = [Interval(Integral, 1, None, closed="left")]


def knn_hits_misses(X, y, n_neighbors: int):
    """Indices of the ``n_neighbors`` nearest hits (same class, not itself) and misses of
    every example, by Euclidean distance on the inputs as given, capped by the class sizes."""
    k = n_neighbors
    sq = np.einsum("ij,ij->i", X, X)
    D = sq[:, None] + sq[None, :] - 2 * X @ X.T
    np.fill_diagonal(D, np.inf)
    same = y[:, None] == y[None, :]
    counts = np.bincount(y)
    kh = int(min(k, counts.min() - 1)) if counts.min() > 1 else 0
    km = int(min(k, (y.size - counts).min()))
    if kh < 1 or km < 1:
        raise ValueError("Relief needs at least two examples of every class")
    order = np.argsort(D, axis=1, kind="stable")
    same_sorted = np.take_along_axis(same, order, axis=1)
    hit_rank = np.cumsum(same_sorted, axis=1)
    miss_rank = np.cumsum(~same_sorted, axis=1)
    hits = order[same_sorted & (hit_rank <= kh)].reshape(y.size, kh)
    misses = order[~same_sorted & (miss_rank <= km)].reshape(y.size, km)
    # the example itself (distance inf) is last among its class: drop it if it slipped in
    return hits, misses


def relief_k_scores(X, hits, misses):
    """Guyon et al. (2003)'s Relief_k criterion per variable: the sum over examples of the
    distances to the k nearest misses over that to the k nearest hits, projected on each
    variable (Quevedo 2007, Sec. 2.2)."""
    miss = np.abs(X[:, None, :] - X[misses]).sum(axis=(0, 1))
    hit = np.abs(X[:, None, :] - X[hits]).sum(axis=(0, 1))
    return miss / np.maximum(hit, _TINY * max(1.0, hit.max(initial=0.0)))


class ReliefK(BaseRanker):
    """Relief_k (Guyon et al. 2003; Quevedo 2007, Sec. 2.2): ``k`` nearest hits and misses of
    every example (Euclidean distance on the inputs as given, all examples used, no sampling);
    the score of a variable is the ratio of the summed |differences| to the misses over those
    to the hits. Every class needs at least two examples. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    n_neighbors : int >= 1, default 30
        k nearest hits and k nearest misses, as fixed in Sec. 4.3 (capped by the class
        sizes), named as :class:`ReliefF`'s.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the ratios, rank vector (1 = best) and order.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    """

    _parameter_constraints: dict = {**BaseRanker._parameter_constraints,
                                    "n_neighbors": _N_NEIGHBORS}
    _allow_nan = False

    def __init__(self, n_neighbors: int = 30, n_features_to_select=None):
        self.n_neighbors = n_neighbors
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        hits, misses = knn_hits_misses(X, y, self.n_neighbors)
        return relief_k_scores(X, hits, misses), None


class GSReliefK(ReliefK):
    """GSRelief_k (Guyon et al. 2003; Quevedo 2007, Sec. 2.2, Table 1): forward ranking by the
    Relief_k criterion with Gram-Schmidt during ranking: after each selection the remaining
    (mean-centred) variables are projected onto the orthogonal complement of the selected one
    and rescored. Open choice: the k nearest hits and misses are found once, in the original
    input space (the neighbourhood structure is not recomputed from projections). Variables
    whose projection vanishes keep their initial order at the end. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    n_neighbors : int >= 1, default 30
        k nearest hits and misses (capped by the class sizes; every class needs two
        examples), named as :class:`ReliefF`'s.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The criterion at selection time.
    ranking_, top_features_ : the rank vector (1 = best) and the order of selection.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    """

    def _rank(self, X, y):
        hits, misses = knn_hits_misses(X, y, self.n_neighbors)
        n, m = X.shape
        W = X - X.mean(axis=0)
        norms0 = np.linalg.norm(W, axis=0)
        initial = relief_k_scores(W, hits, misses)
        alive = np.ones(m, dtype=bool)
        scores, order = np.zeros(m), []
        s = initial.copy()
        for _ in range(m):
            nw = np.linalg.norm(W, axis=0)
            live = alive & (nw > 1e-9 * np.maximum(norms0, _TINY))
            if not live.any():
                rest = np.flatnonzero(alive)
                order.extend(rest[np.argsort(-initial[rest], kind="stable")])
                break
            cand = np.where(live, s, -np.inf)
            k = int(np.argmax(cand))
            scores[k], alive[k] = s[k], False
            order.append(k)
            q = W[:, k] / nw[k]
            W = W - np.outer(q, q @ W)
            W[:, k] = 0.0
            idx = np.flatnonzero(alive)
            s = np.full(m, -np.inf)
            s[idx] = relief_k_scores(W[:, idx], hits, misses)
        return scores, np.asarray(order, dtype=np.intp)


ReliefK.__doc__ += top_feature_example('ReliefK', 'n_neighbors=5, ')
GSReliefK.__doc__ += top_feature_example('GSReliefK', 'n_neighbors=5, ')
