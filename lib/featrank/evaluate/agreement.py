"""Agreement between rankings given as relevance scores: Spearman's rho and the ranking
distance of Eq. (6) of Slavkov et al. (2020, Appendix A2), which measures how far the noisy
rankings R_theta lie from the ground truth."""
from __future__ import annotations

import numpy as np
from scipy.stats import rankdata

from ..orders import check_scores


def _ranks(scores: np.ndarray, ties: str) -> np.ndarray:
    """Rank vectors (1 = best) of each row of ``scores`` (higher = better)."""
    if ties == "average":
        return rankdata(-scores, axis=-1, method="average")
    if ties == "index":
        order = np.argsort(-scores, axis=-1, kind="stable")
        ranks = np.empty_like(order, dtype=float)
        np.put_along_axis(ranks, order, np.arange(1, scores.shape[-1] + 1, dtype=float), -1)
        return ranks
    raise ValueError(f"ties must be 'average' or 'index', got {ties!r}")


def spearman_rho(scores_a, scores_b, *, ties: str = "average") -> np.ndarray:
    """Spearman's rho between a ranking ``a`` and one or many rankings ``b`` (rows), given as
    relevance scores (higher = better): Pearson correlation of the rank vectors (Appendix A2 of
    Slavkov 2020). ``ties="average"`` gives tied features their mean rank (scipy's
    ``spearmanr``); ``"index"`` ranks them by feature index first.

    Parameters
    ----------
    scores_a : array-like of shape (p,)
        The relevance scores of ranking ``a``.
    scores_b : array-like of shape (p,) or (m, p)
        Those of one or many rankings.
    ties : {"average", "index"}, default "average"
        As above.

    Returns
    -------
    ndarray of shape (m,)

    Examples
    --------
    >>> spearman_rho([3, 2, 1, 0], [[3, 2, 1, 0], [0, 1, 2, 3]]).tolist()
    [1.0, -1.0]
    """
    a = np.atleast_2d(np.asarray(scores_a, float))
    b = np.atleast_2d(np.asarray(scores_b, float))
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"rankings have {a.shape[-1]} and {b.shape[-1]} features")
    ra, rb = _ranks(a, ties), _ranks(b, ties)
    ra = ra - ra.mean(axis=-1, keepdims=True)
    rb = rb - rb.mean(axis=-1, keepdims=True)
    num = (ra * rb).sum(axis=-1)
    den = np.sqrt((ra ** 2).sum(axis=-1) * (rb ** 2).sum(axis=-1))
    if np.any(den == 0):
        raise ValueError("Spearman's rho is undefined for a ranking with all features tied")
    return num / den


def ranking_distance(relevance, noisy, *, ties: str = "average") -> float:
    """Eq. (6) of Slavkov 2020: ``dist(R_GT, R_theta) = 1 - mean_t rho(R_GT, R_theta,t)``.

    The noisy rankings come e.g. from :func:`featrank.datasets.slavkov2020.noisy_relevances`;
    rankings are compared through their rank vectors.

    Parameters
    ----------
    relevance : array-like of shape (p,)
        Ground-truth relevance.
    noisy : array-like of shape (m, p)
        Relevance vectors of the noisy rankings.
    ties : {"average", "index"}, default "average"
        As :func:`spearman_rho`.

    Returns
    -------
    float
        In [0, 2]: 0 when every noisy ranking is the ground truth.

    Examples
    --------
    >>> ranking_distance([3, 2, 1, 0], [[3, 2, 1, 0], [0, 1, 2, 3]])   # 1 - (1 - 1) / 2
    1.0
    """
    rel = check_scores(relevance, name="relevance")
    noisy = np.atleast_2d(np.asarray(noisy, float))
    return float(1.0 - spearman_rho(rel, noisy, ties=ties).mean())
