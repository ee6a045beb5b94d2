"""Positional aggregation: Borda (Prati 2012) and the relative-ranking combiners of Izetta,
Verdes & Granitto (2017), Sec. 2.1.

All functions take a profile as ``orders`` (2-D ``(m, p)`` full orders, or a sequence of
partial orders) or as ``ranks=`` (a rank matrix with ties and NaN for unranked), see
:func:`featrank.aggregate._profile.positions`, and return an order (best first). Remaining
ties go to the lower feature index, or are broken at random when ``random_state`` is given.

Izetta's combiners work on the relative-ranking matrix (their Sec. 2)
``r[i, j] = 1 - pos[i, j] / p``; to keep tie detection exact the keys below are computed from
positions (multiples of 1/2), which order features exactly as the corresponding statistics
of ``r`` do.
"""
from __future__ import annotations

import numpy as np

from ._profile import finish_order, positions, profile_doc


#: a Parameters entry of several functions here
TIES = """    ties : {"max_sd", "min_sd"}, default "max_sd"
        Break ties of the first key by the larger SD (``"min_sd"``: the smaller)."""


@profile_doc("""
    >>> relative_ranks(orders)[0].tolist()     # feature 0: positions 1, 2, 1 of 4
    [0.75, 0.5, 0.75]""",
             returns="""
    ndarray of shape (p, m)
        ``r[i, j]`` of feature ``i`` in list ``j``.""",
             random_state=False)
def relative_ranks(orders=None, *, ranks=None, n_features=None) -> np.ndarray:
    """Izetta 2017, Sec. 2: the ``(p, m)`` matrix ``r[i, j] = 1 - pos[i, j] / p`` (features in
    rows, lists in columns, as their Table 2).
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return 1.0 - pos.T / pos.shape[1]


def borda(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Borda count (Prati 2012, Sec. IV "BC"): features by increasing mean position.

    Unranked features of a partial list share the bottom positions' average rank, tied
    features their average rank (Prati's footnote 1).

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        The lists, best first. Lists of equal length are read as full orders of that many
        features: for top-k lists pass ``n_features``.
    ranks : array-like of shape (m, p), optional
        Instead of ``orders``: rank values (1 = best, equal values tie, NaN = unranked).
    n_features : int, optional
        The total number of features ``p``. Needed for top-k lists of equal length; for
        lists of different lengths the default is ``1 + the largest index listed``, with a
        UserWarning when no list is complete (see
        :func:`featrank.aggregate._profile.positions`).
    random_state : int, optional
        Break remaining ties at random (seeded, as Prati does); default: the lower feature
        index first.

    Returns
    -------
    ndarray of shape (p,)
        The aggregated order, best first.

    Examples
    --------
    >>> borda([[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3]]).tolist()
    [0, 1, 2, 3]

    Two top-2 lists of 5 features (the three others tie at the bottom of each):

    >>> borda([[4, 0], [4, 2]], n_features=5).tolist()
    [4, 0, 2, 1, 3]
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return finish_order((pos.sum(axis=0),), random_state)


def _sum_and_sd_keys(pos):
    """Exact keys: sum of positions (ascending = higher mean r) and minus the variance
    numerator ``m * sum(pos^2) - sum(pos)^2`` (ascending = larger SD)."""
    m = pos.shape[0]
    s = pos.sum(axis=0)
    var_num = m * np.square(pos).sum(axis=0) - s * s
    return s, -var_num


@profile_doc("""
    >>> average_sd(orders).tolist()
    [0, 1, 2, 3]""",
             parameters=TIES)
def average_sd(orders=None, *, ranks=None, n_features=None, ties="max_sd",
               random_state=None) -> np.ndarray:
    """Average-SD (Izetta 2017, Sec. 2.1.1): features by decreasing mean relative rank
    ``<r_ij>_j``; ties broken by the SD of ``r_ij`` over lists, larger first
    (``ties="min_sd"``: smaller first, the variant of their Fig. 2).
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    s, neg_var = _sum_and_sd_keys(pos)
    return finish_order((s, _sd_key(neg_var, ties)), random_state)


def _sd_key(neg_var, ties):
    if ties == "max_sd":
        return neg_var
    if ties == "min_sd":
        return -neg_var
    raise ValueError(f"ties must be 'max_sd' or 'min_sd', got {ties!r}")


@profile_doc("""
    >>> best_rank(orders).tolist()
    [0, 1, 2, 3]
    >>> best_rank([[2, 0, 1], [1, 0, 2]]).tolist()   # 1 and 2 lead once, tie on average
    [1, 2, 0]""")
def best_rank(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Best Ranking (Izetta 2017, Sec. 2.1.2): features by decreasing ``max_j r_ij`` (their
    best position in any list); ties broken by the mean relative rank.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return finish_order((pos.min(axis=0), pos.sum(axis=0)), random_state)


@profile_doc("""
    >>> q3_sd(orders).tolist()
    [0, 1, 2, 3]""",
             parameters=TIES)
def q3_sd(orders=None, *, ranks=None, n_features=None, ties="max_sd",
          random_state=None) -> np.ndarray:
    """3Q-SD (Izetta 2017, Sec. 2.1.3): features by decreasing third quartile of ``r_ij`` over
    lists; ties broken by the SD (larger first, as Average-SD).

    The quartile is numpy's default (linear interpolation, R's type 7); the 3rd quartile of
    ``r = 1 - pos/p`` is ``1 - Q1(pos)/p``, so the key is the first quartile of positions.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    q1 = np.quantile(pos, 0.25, axis=0)
    _, neg_var = _sum_and_sd_keys(pos)
    return finish_order((q1, _sd_key(neg_var, ties)), random_state)


@profile_doc("""
    >>> k_first(orders, k=1).tolist()        # only the first places count
    [0, 1, 2, 3]
    >>> k_first(orders, k=0.5).tolist()      # the top half: k = 2
    [0, 1, 2, 3]""",
             parameters="""
    k : int or float, optional
        The positions that count; a float in (0, 1) is a fraction of p (default: 10 % of p,
        at least 1).""")
def k_first(orders=None, *, k=None, ranks=None, n_features=None,
            random_state=None) -> np.ndarray:
    """K-First (Izetta 2017, Sec. 2.1.4, after Nuray & Can 2006): only the top ``k`` of each
    list count. The relative ranks are re-scaled linearly so that the first position gets 1
    and position ``k + 1`` gets 0, clipped at 0 below::

        r'_ij = max(0, (r_ij - r_(k+1)) / (r_(1) - r_(k+1))) = max(0, (k + 1 - pos_ij) / k)

    (the paper's equation is missing from the text; this is the mapping its words describe)
    and features are ordered by decreasing mean ``<r'_ij>_j``, ties broken by the mean of the
    original ``r_ij``. Default ``k`` = 10 % of p (their Sec. 3.3.1), at least 1; a ``k``
    strictly between 0 and 1 is such a fraction of p (``k=0.1``: the default). With
    ``k = p``, ``r' = r + 1/p`` and the order is Average-SD's up to tie-breaks.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    p = pos.shape[1]
    if k is None:
        k = 0.1
    if isinstance(k, float) and 0 < k < 1:
        k = max(1, int(round(k * p)))
    if not (1 <= int(k) <= p) or int(k) != k:
        raise ValueError(f"k must be an integer in [1, p={p}], got {k!r}")
    # sum of k * r' = sum of max(0, k + 1 - pos): multiples of 1/2, exact
    score = np.maximum(0.0, (k + 1) - pos).sum(axis=0)
    return finish_order((-score, pos.sum(axis=0)), random_state)
