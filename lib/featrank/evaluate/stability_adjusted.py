"""Stability of feature *selection* adjusted for similar features: a selector that swaps
between two highly similar (e.g. strongly correlated) features is not punished as if it had
picked unrelated ones. The measures and their defaults follow R's ``stabm`` (Bommert & Lang,
"stabm: Stability measures for feature selection", JOSS 6(59), 3009, 2021), whose
documented definitions were used as the reference; no code was taken from it.

Notation (stabm's): ``V_1, ..., V_m`` are the selected sets of the ``m`` runs, ``S`` the
``(p, p)`` similarity matrix with entries in ``[0, 1]`` and ``t`` the threshold: features
``x != y`` are *similar* when ``S[x, y] >= t``. Every measure is a mean over the
``m (m - 1) / 2`` pairs of runs.

* :func:`yu_stability` -- Yu, Han & Berens 2012 (nPOGR, after Zhang et al. 2009), as stabm's
  ``stabilityYu``. With ``O_ij`` the number of features of ``V_i \\ V_j`` that have a similar
  feature in ``V_j \\ V_i``, ``I = |V_i & V_j| + (O_ij + O_ji) / 2`` and the pair's score is
  ``(I - E[I]) / ((|V_i| + |V_j|) / 2 - E[I])``, ``E[I]`` for two uniformly random sets of
  the same sizes. stabm estimates ``E[I]`` by simulation; here it is exact by default (a
  closed form, see :func:`_yu_expected`). With no similar features this is Zhang's nPOG,
  i.e. Kuncheva's index when both sets have the same size (stabm instead switches to its
  ``stabilityUnadjusted``, max ``sqrt(|V_i| |V_j|)``, when no pair of features is similar:
  the two agree for equal sizes only).
* :func:`zucknick_stability` -- Zucknick, Richardson & Stronach 2008, as stabm's
  ``stabilityZucknick`` (no correction for chance, stabm's default): the Jaccard index with
  the similarities to non-shared features added, ``(|V_i & V_j| + C(V_i, V_j) +
  C(V_j, V_i)) / |V_i | V_j|`` with ``C(V_k, V_l) = 1/|V_l| sum S[x, y]`` over
  ``x in V_k``, ``y in V_l \\ V_k`` with ``S[x, y] >= t``. With no similar features it is the
  Jaccard index.
* :func:`intersection_mbm_stability` -- stabm's ``stabilityIntersectionMBM`` (Bommert 2020):
  ``I = |V_i & V_j| + MBM``, the size of a maximum matching of similar features between
  ``V_i \\ V_j`` and ``V_j \\ V_i``, corrected for chance with maximum
  ``sqrt(|V_i| |V_j|)``. ``E[I]`` is estimated by simulation (stabm's default) or, for
  small ``p``, computed by enumerating all pairs of sets; with no similar features it is
  exactly ``|V_i| |V_j| / p`` and the measure is stabm's ``stabilityUnadjusted``.

Selections are a binary ``(n_runs, p)`` matrix (a 2-D array-like of 0/1 whose width is
``p``) or a list of sequences (or sets) of selected feature indices in ``0 .. p-1``.
A pair of runs for which a score is undefined (e.g. both select nothing) raises ValueError
(stabm returns NA).
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import maximum_bipartite_matching
from scipy.stats import hypergeom

_CORRECTIONS = ("exact", "estimate", "none")


# ----------------------------------------------------------------------------- input checks
def _similarity(similarity, threshold):
    S = np.asarray(similarity, dtype=float)
    if S.ndim != 2 or S.shape[0] != S.shape[1] or S.shape[0] < 1:
        raise ValueError(f"similarity must be a square (p, p) matrix, got shape {S.shape}")
    if not np.isfinite(S).all() or S.min() < 0 or S.max() > 1:
        raise ValueError("similarity must hold finite values in [0, 1]")
    if not np.allclose(S, S.T):
        raise ValueError("similarity must be symmetric")
    t = float(threshold)
    if not 0 <= t <= 1:
        raise ValueError(f"threshold must lie in [0, 1], got {threshold!r}")
    A = S >= t                                   # similar pairs (x != y)
    np.fill_diagonal(A, False)
    return S, A


def _selections(selections, p):
    """The runs as a boolean (m, p) matrix."""
    try:
        arr = np.asarray(selections)
    except ValueError:                           # ragged lists of indices
        arr = None
    if (arr is not None and arr.ndim == 2 and arr.dtype != object and arr.shape[1] == p
            and np.isin(arr, (0, 1)).all()):
        Z = arr.astype(bool)
    else:
        if isinstance(selections, np.ndarray) and selections.ndim == 2:
            raise ValueError(f"a selection matrix must be binary with p = {p} columns "
                             f"(the similarity's size), got shape {selections.shape}")
        rows = []
        for r, sel in enumerate(selections):
            idx = np.asarray(sorted(sel) if isinstance(sel, (set, frozenset)) else sel)
            if idx.size and (idx.ndim != 1 or not np.issubdtype(idx.dtype, np.integer)):
                raise ValueError(f"run {r}: selected features must be integer indices")
            idx = idx.astype(int).ravel()
            if idx.size and (idx.min() < 0 or idx.max() >= p):
                raise ValueError(f"run {r}: feature indices must lie in [0, {p - 1}]")
            if np.unique(idx).size != idx.size:
                raise ValueError(f"run {r}: a feature is selected twice")
            row = np.zeros(p, bool)
            row[idx] = True
            rows.append(row)
        Z = np.array(rows, dtype=bool).reshape(len(rows), p)
    if Z.shape[0] < 2:
        raise ValueError(f"stability needs at least two runs, got {Z.shape[0]}")
    return Z


def _check_correction(correction, allowed):
    if correction not in allowed:
        raise ValueError(f"correction must be one of {allowed}, got {correction!r}")


# ----------------------------------------------------------------------- pairwise scores
def _overlap_counts(a, b, A):
    """``(|a & b|, O_ab, O_ba)`` for boolean rows (or stacks of rows) ``a``, ``b``."""
    a_only, b_only = a & ~b, b & ~a
    o_ab = np.sum(a_only & ((b_only.astype(float) @ A) > 0), axis=-1)
    o_ba = np.sum(b_only & ((a_only.astype(float) @ A) > 0), axis=-1)
    return np.sum(a & b, axis=-1), o_ab, o_ba


def _yu_intersection(a, b, A):
    k, o_ab, o_ba = _overlap_counts(a, b, A)
    return k + (o_ab + o_ba) / 2.0


def _mbm_intersection(a, b, A):
    a_only, b_only = np.flatnonzero(a & ~b), np.flatnonzero(b & ~a)
    k = int(np.sum(a & b))
    if a_only.size == 0 or b_only.size == 0:
        return float(k)
    sub = A[np.ix_(a_only, b_only)]
    if not sub.any():
        return float(k)
    match = maximum_bipartite_matching(csr_matrix(sub.astype(np.int8)), perm_type="column")
    return float(k + np.sum(match >= 0))


# ------------------------------------------------------------------------- expectations
def _yu_expected_o(n1, n2, degrees, p):
    """E[O_12] for uniformly random sets of sizes n1 (set 1) and n2 (set 2).

    By linearity over the features x: ``P(x in V1) P(x not in V2)`` times the chance that
    some similar y of x lies in ``V2 \\ V1``. Given ``x in V1 \\ V2``, ``V1 - {x}`` is a random
    ``(n1 - 1)``-subset and ``V2`` a random ``n2``-subset of the other ``q = p - 1`` features,
    independent; with ``j = |V2 & N(x)|`` (hypergeometric), none of those j lies outside V1
    with probability ``prod_{i<j} (n1 - 1 - i) / (q - i)``.
    """
    if n1 == 0 or n2 == 0 or n2 == p:
        return 0.0
    q = p - 1
    total = 0.0
    for d, count in zip(*np.unique(degrees, return_counts=True)):
        if d == 0:
            continue
        js = np.arange(0, min(d, n2) + 1)
        pj = hypergeom.pmf(js, q, d, n2)
        all_in_v1 = np.array([np.prod((n1 - 1 - np.arange(j)) / (q - np.arange(j)))
                              if j <= n1 - 1 else 0.0 for j in js])
        total += count * (1.0 - np.sum(pj * all_in_v1))
    return n1 / p * (p - n2) / p * total


def _yu_expected(n1, n2, degrees, p):
    """Exact ``E[I]`` of Yu's adjusted overlap for random sets of sizes n1, n2 of p."""
    return (n1 * n2 / p + (_yu_expected_o(n1, n2, degrees, p)
                           + _yu_expected_o(n2, n1, degrees, p)) / 2.0)


def _random_rows(rng, n, size, p):
    """``size`` random boolean rows with exactly ``n`` ones each."""
    keys = rng.random((size, p))
    rows = np.zeros((size, p), bool)
    if n:
        rows[np.arange(size)[:, None], np.argpartition(keys, n - 1, axis=1)[:, :n]] = True
    return rows


def _simulated_expected(score, n1, n2, A, n_samples, rng, vectorised):
    p = A.shape[0]
    a, b = _random_rows(rng, n1, n_samples, p), _random_rows(rng, n2, n_samples, p)
    if vectorised:
        return float(np.mean(score(a, b, A)))
    return float(np.mean([score(x, y, A) for x, y in zip(a, b)]))


def _enumerated_expected(score, n1, n2, A, limit=200_000):
    p = A.shape[0]
    from math import comb
    n_pairs = comb(p, n1) * comb(p, n2)
    if n_pairs > limit:
        raise ValueError(f"exact correction would enumerate {n_pairs} pairs of sets (more than "
                         f"{limit}); use correction='estimate'")
    rows = {}
    for n in {n1, n2}:
        rs = []
        for c in combinations(range(p), n):
            r = np.zeros(p, bool)
            r[list(c)] = True
            rs.append(r)
        rows[n] = rs
    return float(np.mean([score(x, y, A) for x in rows[n1] for y in rows[n2]]))


def _pair_loop(Z, pair_score):
    m = Z.shape[0]
    values = []
    for i in range(m - 1):
        for j in range(i + 1, m):
            v = pair_score(Z[i], Z[j])
            if not np.isfinite(v):
                raise ValueError(f"the score of runs {i} and {j} is undefined (sizes "
                                 f"{int(Z[i].sum())} and {int(Z[j].sum())} of p = {Z.shape[1]})")
            values.append(v)
    return float(np.mean(values))


def _corrected(observed, expected, maximum):
    denom = maximum - expected
    if denom <= 1e-12 * max(1.0, abs(maximum)):
        return np.nan
    return (observed - expected) / denom


# ----------------------------------------------------------------------------- measures
def yu_stability(selections, similarity, threshold: float = 0.9, *, correction: str = "exact",
                 n_samples: int = 10_000, random_state=None) -> float:
    """Similarity-adjusted stability of Yu, Han & Berens 2012 (nPOGR), as stabm's
    ``stabilityYu``: the mean over pairs of runs of
    ``(I - E[I]) / ((|V_i| + |V_j|) / 2 - E[I])`` with
    ``I = |V_i & V_j| + (O_ij + O_ji) / 2`` (``O_ij``: features of ``V_i \\ V_j`` with a
    similar feature in ``V_j \\ V_i``; see the module docstring).

    Parameters
    ----------
    selections : array-like of shape (n_runs, p) of 0/1, or list of index sequences
        The selected features of each run (at least two runs).
    similarity : array-like of shape (p, p)
        Symmetric similarities in [0, 1], e.g. absolute Pearson correlations.
    threshold : float, default 0.9
        Features ``x != y`` are similar when ``similarity[x, y] >= threshold`` (stabm's
        default).
    correction : {"exact", "estimate", "none"}, default "exact"
        How ``E[I]`` is obtained: the closed form (exact), simulation of ``n_samples`` pairs
        of random sets per pair of runs (stabm's default way), or no correction (the
        score ``I``, averaged; not recommended).
    n_samples : int, default 10000
        Random pairs of sets for ``"estimate"``.
    random_state : None, int or numpy Generator
        For ``"estimate"``.

    Returns
    -------
    float

    Examples
    --------
    stabm's example: runs {1..3}, {1..4}, {1..5} of 10 features (here 0-based), similarity
    ``0.92 ** |i - j|`` (so only neighbours are similar at 0.9):

    >>> S = 0.92 ** np.abs(np.subtract.outer(np.arange(10), np.arange(10)))
    >>> round(yu_stability([range(3), range(4), range(5)], S), 4)
    0.5161
    """
    _check_correction(correction, _CORRECTIONS)
    S, A = _similarity(similarity, threshold)
    p = S.shape[0]
    Z = _selections(selections, p)
    degrees = A.sum(axis=1)
    rng = np.random.default_rng(random_state)
    cache = {}

    def expected(n1, n2):
        if (n1, n2) not in cache:
            if correction == "exact" or not A.any():
                cache[n1, n2] = _yu_expected(n1, n2, degrees, p)
            else:
                cache[n1, n2] = _simulated_expected(_yu_intersection, n1, n2, A,
                                                    int(n_samples), rng, True)
        return cache[n1, n2]

    def score(a, b):
        n1, n2 = int(a.sum()), int(b.sum())
        if n1 + n2 == 0:
            return np.nan
        observed = float(_yu_intersection(a, b, A))
        if correction == "none":
            return observed
        return _corrected(observed, expected(n1, n2), (n1 + n2) / 2.0)

    return _pair_loop(Z, score)


def zucknick_stability(selections, similarity, threshold: float = 0.9) -> float:
    """Similarity-adjusted Jaccard index of Zucknick, Richardson & Stronach 2008, as stabm's
    ``stabilityZucknick`` (its default, no correction for chance): the mean over pairs of
    ``(|V_i & V_j| + C(V_i, V_j) + C(V_j, V_i)) / |V_i | V_j|`` with
    ``C(V_k, V_l) = 1/|V_l| sum S[x, y]`` over ``x in V_k``, ``y in V_l \\ V_k`` and
    ``S[x, y] >= threshold``.

    Parameters
    ----------
    selections : array-like of shape (n_runs, p) of 0/1, or list of index sequences
        The selected features of each run (at least two runs).
    similarity : array-like of shape (p, p)
        Symmetric similarities in [0, 1].
    threshold : float, default 0.9
        Similarities below it count as 0 (stabm's default).

    Returns
    -------
    float

    Examples
    --------
    stabm's documented example gives 0.7603667:

    >>> S = 0.92 ** np.abs(np.subtract.outer(np.arange(10), np.arange(10)))
    >>> round(zucknick_stability([range(3), range(4), range(5)], S), 7)
    0.7603667
    """
    S, A = _similarity(similarity, threshold)
    Z = _selections(selections, S.shape[0])
    W = np.where(A, S, 0.0)

    def score(a, b):
        union = int(np.sum(a | b))
        if union == 0:
            return np.nan
        fa, fb = a.astype(float), b.astype(float)
        c_ab = fa @ W @ (b & ~a) / b.sum() if b.any() else 0.0
        c_ba = fb @ W @ (a & ~b) / a.sum() if a.any() else 0.0
        return (np.sum(a & b) + c_ab + c_ba) / union

    return _pair_loop(Z, score)


def intersection_mbm_stability(selections, similarity, threshold: float = 0.9, *,
                               correction: str = "estimate", n_samples: int = 10_000,
                               random_state=None) -> float:
    """stabm's ``stabilityIntersectionMBM`` (Bommert 2020): the mean over pairs of
    ``(I - E[I]) / (sqrt(|V_i| |V_j|) - E[I])`` with ``I = |V_i & V_j| + MBM``, ``MBM`` the
    size of a maximum matching between ``V_i \\ V_j`` and ``V_j \\ V_i`` in the graph of
    similar features.

    Parameters
    ----------
    selections : array-like of shape (n_runs, p) of 0/1, or list of index sequences
        The selected features of each run (at least two runs).
    similarity : array-like of shape (p, p)
        Symmetric similarities in [0, 1].
    threshold : float, default 0.9
        Features ``x != y`` are similar when ``similarity[x, y] >= threshold``.
    correction : {"estimate", "exact", "none"}, default "estimate"
        ``E[I]`` by simulating ``n_samples`` random pairs of sets of the runs' sizes (stabm's
        default), by enumerating all pairs of sets (small ``p`` only), or none. With no
        similar features ``E[I] = |V_i| |V_j| / p`` exactly, whatever is asked.
    n_samples : int, default 10000
        For ``"estimate"``.
    random_state : None, int or numpy Generator
        For ``"estimate"``.

    Returns
    -------
    float

    Examples
    --------
    Two runs that swap feature 0 for its twin 1 agree fully once the twins are matched:

    >>> S = np.eye(4); S[0, 1] = S[1, 0] = 0.95
    >>> intersection_mbm_stability([[0, 2], [1, 2]], S, correction="exact")
    1.0
    """
    _check_correction(correction, _CORRECTIONS)
    S, A = _similarity(similarity, threshold)
    p = S.shape[0]
    Z = _selections(selections, p)
    rng = np.random.default_rng(random_state)
    cache = {}

    def expected(n1, n2):
        if (n1, n2) not in cache:
            if not A.any():
                cache[n1, n2] = n1 * n2 / p
            elif correction == "exact":
                cache[n1, n2] = _enumerated_expected(_mbm_intersection, n1, n2, A)
            else:
                cache[n1, n2] = _simulated_expected(_mbm_intersection, n1, n2, A,
                                                    int(n_samples), rng, False)
        return cache[n1, n2]

    def score(a, b):
        n1, n2 = int(a.sum()), int(b.sum())
        if n1 == 0 or n2 == 0:
            return np.nan
        observed = _mbm_intersection(a, b, A)
        if correction == "none":
            return observed
        return _corrected(observed, expected(n1, n2), np.sqrt(n1 * n2))

    return _pair_loop(Z, score)
