"""The SPE-ranker of Quevedo, Bahamonde & Luaces (2007), Algorithm 1.

Two stages, both plain numpy:

1. *Relevance*: a simplified polynomial expansion (SPE, Eq. 9) of every variable up to degree
   ``d``; each variable is scored by ``max_j rho^2(x_i^j, y)`` (Eqs. 10-11), computed as the
   squared scalar product of mean-centred, unit-norm columns.
2. *Redundancy*: modified Gram-Schmidt over the original (centred) variables in the order of
   stage 1. After each variable enters the basis ``q`` the remaining candidates are projected
   onto the orthogonal complement of ``q``; a candidate whose norm fell below ``delta`` times
   its original norm (adaptive threshold, Eq. 14) is redundant and is skipped from then on.
   The loop stops when ``#cols(q) >= xi * n`` (the ``xi`` rule of Sec. 3.2) or all variables
   were visited.

Also here: :class:`StoppigliaSM`, the Gram-Schmidt forward ranking of Stoppiglia et al.
(2003) on the same expansion, one of the SPE-ranker's rivals in the paper (Sec. 2.2).
"""
from __future__ import annotations

from numbers import Real

import numpy as np
from sklearn.utils._param_validation import Interval

from .base import DEGREE, BaseRanker, top_feature_example

_TINY = 1e-12


def _unit_centred(A):
    """Columns of ``A`` mean-centred and scaled to unit norm (zero columns stay zero)."""
    A = A - A.mean(axis=0)
    norms = np.sqrt(np.einsum("ij,ij->j", A, A))
    scale = np.where(norms > _TINY * max(1.0, norms.max(initial=0.0)), norms, np.inf)
    return A / scale, norms


def spe_scores(X, y, degree: int) -> np.ndarray:
    """``R_SPE(i) = max_{j<=degree} rho^2(x_i^j, y)`` (Eqs. 10-11 of Quevedo 2007).

    Powers are taken of the raw inputs, as in Algorithm 1 (``phi(x) - MEAN(phi(x))``); a
    constant power (e.g. ``x^2`` of a +-1 variable) has correlation 0. ``y`` is used as
    numbers (class codes; for two classes this is the point-biserial correlation).
    """
    X = np.asarray(X, dtype=float)
    yc, ynorm = _unit_centred(np.asarray(y, dtype=float)[:, None])
    if ynorm[0] <= _TINY:
        raise ValueError("y is constant: correlations are undefined")
    best = np.zeros(X.shape[1])
    power = np.ones_like(X)
    for _ in range(degree):
        power = power * X
        F, _norms = _unit_centred(power)
        np.maximum(best, (yc[:, 0] @ F) ** 2, out=best)
    return np.minimum(best, 1.0)


def eq14_delta(ratios) -> float:
    """The adaptive redundancy threshold of Eq. (14): ``(1 + sum r_j) / (1 + #r) / 2`` where
    ``r_j = ||x'_j|| / N_j`` are the norm ratios of the projected candidates."""
    ratios = np.asarray(ratios, dtype=float)
    return 0.5 * (1.0 + ratios.sum()) / (1.0 + ratios.size)


def gram_schmidt_redundancy(X, order, xi: float = 2 / 3):
    """Redundancy stage of Algorithm 1 (Sec. 3.2): returns ``(redundant, n_basis)``.

    ``redundant`` lists variables in the order they were found (within one iteration, by
    their position in ``order``); ``n_basis`` is the number of vectors appended to ``q``.
    Variables with zero variance never enter ``q`` and are never flagged.
    """
    X = np.asarray(X, dtype=float)
    n, m = X.shape
    C = X - X.mean(axis=0)
    N = np.sqrt(np.einsum("ij,ij->j", C, C))
    live = N > _TINY * max(1.0, N.max(initial=0.0))
    # candidates kept in ranking order, as columns of a contiguous work matrix
    cand = [int(k) for k in order if live[k]]
    W = np.ascontiguousarray(C[:, cand])
    Nc = N[cand]
    redundant, n_basis, limit = [], 0, xi * n
    while cand and n_basis < limit:
        head_norm = np.linalg.norm(W[:, 0])
        q = W[:, 0] / head_norm if head_norm > _TINY * Nc[0] else None
        W, Nc, cand = W[:, 1:], Nc[1:], cand[1:]
        if q is None:          # numerically in span(q) yet not flagged: nothing to add
            continue
        n_basis += 1
        if not cand:
            break
        W -= np.outer(q, q @ W)                       # one MGS step: project out the new q
        ratios = np.sqrt(np.einsum("ij,ij->j", W, W)) / Nc
        hit = ratios < eq14_delta(ratios)
        if hit.any():
            redundant.extend(c for c, h in zip(cand, hit) if h)
            keep = ~hit
            W, Nc = W[:, keep], Nc[keep]
            cand = [c for c, k in zip(cand, keep) if k]
    return np.asarray(redundant, dtype=np.intp), n_basis


class SPERanker(BaseRanker):
    """SPE-ranker (Quevedo et al. 2007, Algorithm 1).

    Parameters
    ----------
    degree : int, default 1
        Degree ``d`` of the simplified polynomial expansion (Eq. 9): features ``x_i^1..x_i^d``.
    xi : float in (0, 1], default 2/3
        Stopping rule of the redundancy stage: stop once ``#cols(q) >= xi * n_samples``
        (Sec. 3.2; the paper uses 2/3, Sec. 4.3).
    remove_redundant : bool, default True
        ``False`` gives the paper's ablation "SPE w/o GS" (ranking by Eq. 10 only).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused. Multiclass ``y`` is correlated through its class codes (the paper is binary).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        ``max_j rho^2(x_i^j, y)`` per variable (Eq. 10).
    top_features_ : ndarray of shape (n_features,)
        The order: non-redundant variables by decreasing score, then the redundant ones in
        the order they were found.
    ranking_ : ndarray of shape (n_features,)
        The rank vector (1 = best).
    redundant_ : ndarray
        The redundant variables, in the order found (empty if ``remove_redundant`` is False).
    n_basis_ : int
        Number of vectors the Gram-Schmidt stage appended to ``q``.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    Feature 1 is a copy of feature 0, so it is redundant and goes last:

    >>> import numpy as np
    >>> from featrank.rankers import SPERanker
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=30)
    >>> X = np.column_stack([x, 2 * x, rng.normal(size=30)])
    >>> r = SPERanker().fit(X, (x > 0).astype(int))
    >>> r.top_features_.tolist(), r.redundant_.tolist()
    ([0, 2, 1], [1])
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints, "degree": DEGREE,
        "xi": [Interval(Real, 0, 1, closed="right")],
        "remove_redundant": ["boolean"],
    }
    _allow_nan = False

    def __init__(self, degree: int = 1, xi: float = 2 / 3, remove_redundant: bool = True,
                 n_features_to_select=None):
        self.degree = degree
        self.xi = xi
        self.remove_redundant = remove_redundant
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        scores = spe_scores(X, y, int(self.degree))
        order = np.argsort(-scores, kind="stable")
        if not self.remove_redundant:
            self.redundant_, self.n_basis_ = np.empty(0, dtype=np.intp), 0
            return scores, order
        redundant, self.n_basis_ = gram_schmidt_redundancy(X, order, self.xi)
        self.redundant_ = redundant
        is_red = np.zeros(X.shape[1], dtype=bool)
        is_red[redundant] = True
        return scores, np.concatenate([order[~is_red[order]], redundant])


# --------------------------------------------------------------------------- SM


def _spe_features(X, degree):
    """Centred SPE features (n, m, d): powers 1..d of each variable (Eq. 9)."""
    F = np.stack([X ** j for j in range(1, degree + 1)], axis=2)
    return F - F.mean(axis=0)


class StoppigliaSM(BaseRanker):
    """SM: Stoppiglia et al. (2003)'s Gram-Schmidt ranking (Quevedo 2007, Sec. 2.2, Eq. 7),
    on the simplified polynomial expansion of degree ``degree`` (Table 1).

    Each step scores every remaining variable by ``max_j cos^2(x_i^j, y)`` of its (projected)
    powers, takes the best, and projects the remaining powers and ``y`` onto the orthogonal
    complement of the selected variable's powers (modified Gram-Schmidt). Features and ``y``
    are mean-centred first. Open choice: a variable enters with *all* its powers (the paper
    ranks variables, not features). When the residual of ``y`` or every remaining feature
    vanishes (more features than examples), the remaining variables keep the order of their
    initial score. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    degree : int, default 1
        Degree of the simplified polynomial expansion.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The cos^2 at which each variable was selected.
    ranking_, top_features_ : the rank vector (1 = best) and the order of selection.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    """

    _parameter_constraints: dict = {**BaseRanker._parameter_constraints, "degree": DEGREE}
    _allow_nan = False

    def __init__(self, degree: int = 1, n_features_to_select=None):
        self.degree = degree
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        d = int(self.degree)
        n, m = X.shape
        F = _spe_features(X, d)
        norms0 = np.sqrt(np.einsum("nmd,nmd->md", F, F))
        r = y - y.mean()
        scores, order = np.zeros(m), []
        alive = np.ones(m, dtype=bool)
        initial = None
        for _ in range(m):
            nf = np.sqrt(np.einsum("nmd,nmd->md", F, F))
            ok = nf > 1e-9 * np.maximum(norms0, _TINY)
            ry = np.linalg.norm(r)
            cos2 = np.where(ok, (np.einsum("n,nmd->md", r, F) / np.where(ok, nf, 1)) ** 2, 0)
            cos2 = cos2.max(axis=1) / max(ry ** 2, _TINY)
            if initial is None:
                initial = cos2.copy()
            if ry < 1e-9 * np.sqrt(n) or not np.any(ok[alive]):
                rest = np.flatnonzero(alive)
                order.extend(rest[np.argsort(-initial[rest], kind="stable")])
                break
            cos2[~alive] = -1.0
            k = int(np.argmax(cos2))
            scores[k], alive[k] = cos2[k], False
            order.append(k)
            for j in range(d):                       # project on each power of k in turn
                v = F[:, k, j]
                nv = np.linalg.norm(v)
                if nv <= 1e-9 * max(norms0[k, j], _TINY):
                    continue
                q = v / nv
                F -= q[:, None, None] * np.einsum("n,nmd->md", q, F)[None]
                r = r - q * (q @ r)
        return scores, np.asarray(order, dtype=np.intp)


StoppigliaSM.__doc__ += top_feature_example('StoppigliaSM', '')
