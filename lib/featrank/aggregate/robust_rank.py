"""Robust rank aggregation (RRA; Kolde, Laur, Adler & Vilo, "Robust rank aggregation for gene
list integration and meta-analysis", Bioinformatics 28(4), 2012), with the semantics of R's
``RobustRankAggreg::aggregateRanks(method="RRA")`` (version 1.2.1).

A feature's normalised ranks ``r_j = pos_j / N`` over the ``m`` lists are sorted,
``r_(1) <= ... <= r_(n)``; under the null (a feature ranked at random) the k-th smallest of
``n`` uniforms has a Beta(k, n - k + 1) law, so each ``beta_k = I_{r_(k)}(k, n - k + 1)`` is a
p-value and the feature's score is ``rho = min_k beta_k`` (the paper's Eq. 2), corrected for
taking the minimum of ``n`` of them. The R package (1.2.x) corrects by Bonferroni,
``min(rho * n, 1)`` (``correctBetaPvalues``); version 1.1 used ``pbeta(rho, 1, n) =
1 - (1 - rho)^n`` instead, as ports made from it do (e.g. the MATLAB port of 2013), while the
C++ core of PyFLAGR multiplies by the number of rankings, like R 1.2. This module follows R
1.2.1, the version CRAN and Debian ship: its scores are those R users report, and the Bonferroni
bound, never below the Sidak-type value, keeps the score a valid (conservative) p-value.
Smaller scores are better.
"""
from __future__ import annotations

import numpy as np
from scipy.special import betainc

from ._profile import finish_order, listed, positions, profile_doc


def _normalised_ranks(orders, n_features, full):
    """``(p, m)`` normalised ranks: ``pos / N`` for listed features, as R's ``rankMatrix``.

    ``full=False``: unlisted features get 1 (the bottom), ranks are divided by ``N`` = the
    number of features; ``full=True``: unlisted are NaN and ranks are divided by the list's
    length."""
    pos = positions(orders, n_features=n_features)
    ok = listed(orders, pos)
    if full:
        r = np.where(ok, pos / ok.sum(axis=1, keepdims=True), np.nan)
    else:
        r = np.where(ok, pos / pos.shape[1], 1.0)
    return r.T


def _beta_scores(r):
    """``beta_k = I_{r_(k)}(k, n - k + 1)`` of each row of ``r`` (NaN = not listed: ``n`` counts
    the listed entries only), NaN past ``n``: R's ``betaScores``, vectorised over rows."""
    x = np.sort(r, axis=1)                        # NaN last, as R's sort(na.last = TRUE)
    n = np.sum(~np.isnan(r), axis=1, keepdims=True)
    k = np.arange(1, r.shape[1] + 1)[None, :]
    ok = k <= n
    b = np.where(ok, n - k + 1, 1)
    return np.where(ok, betainc(k, b, np.where(ok, x, 0.0)), np.nan)


def _threshold_beta_scores(r, sigma):
    """R's ``thresholdBetaScore`` on each row of ``r`` (``(F, n)``, NaN = beyond the cutoff)
    with cutoffs ``sigma`` (``(n,)``): list j's ranks are uniform on ``[0, sigma_j]`` under
    the null, so ``beta_k`` is the probability that at least ``k`` of those uniforms fall at or
    below ``r_(k)``. Where every ``sigma >= r_(k)`` this is ``I_{r_(k)}(k, n + 1 - k)``; else
    the ``n0`` lists with ``sigma >= r_(k)`` give the Beta terms and the others are mixed in
    one by one (a Poisson-binomial recursion), as the R source does."""
    F, n = r.shape
    x = np.sort(r, axis=1)
    count = np.sum(~np.isnan(r), axis=1)
    s_desc = np.sort(sigma)[::-1]
    s_asc = s_desc[::-1]
    out = np.ones((F, n))
    for k in range(1, n + 1):
        xk = x[:, k - 1]
        have = count >= k                          # else beta_k = 1 (k > #listed)
        simple = have & (s_desc[-1] >= np.where(have, xk, 0.0))
        out[simple, k - 1] = betainc(k, n + 1 - k, xk[simple])
        rows = np.flatnonzero(have & ~simple)
        if rows.size == 0:
            continue
        xr = xk[rows]
        n0 = n - np.searchsorted(s_asc, xr, side="left")   # cutoffs >= r_(k)
        B = np.zeros((rows.size, k + 1))
        B[:, 0] = 1.0
        for i in range(1, k + 1):
            use = i <= n0
            B[use, i] = betainc(i, n0[use] + 1 - i, xr[use])
        for j in range(n):                          # mix in the lists with sigma < r_(k)
            act = j < n - n0
            if not act.any():
                break
            z = s_desc[np.minimum(n0 + j, n - 1)][:, None]
            new = (1 - z) * B[:, 1:] + z * B[:, :-1]
            B[:, 1:] = np.where(act[:, None], new, B[:, 1:])
        out[rows, k - 1] = B[:, k]
    return out


def rra_scores(orders, n_features: int | None = None, top_cutoff=None, *,
               full: bool = False) -> np.ndarray:
    """RRA score of every feature, R's ``aggregateRanks(method="RRA")`` ``Score`` (Kolde et al.
    2012, Eqs. 1-2 with R 1.2.1's correction; see the module docstring): smaller = better.

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        The lists, best first (top-k lists: give ``n_features``).
    n_features : int, optional
        The number of features ``N`` ranks are normalised by (R's ``N``; R's default, the
        number of distinct features listed, equals ours when some list is complete). With
        ``full=False`` a feature missing from a list gets the normalised rank 1, as R's
        ``rankMatrix(full = FALSE)``.
    top_cutoff : float or array-like of shape (m,), optional
        R's ``topCutoff``: list j ranks only its top ``top_cutoff[j]`` fraction (e.g.
        ``k_j / N``), so its ranks are uniform on ``[0, top_cutoff[j]]`` under the null and a
        normalised rank of 1 means "beyond the cutoff". R needs a vector of length ``m``; a
        scalar here is that cutoff for every list. Every listed rank below 1 must lie within
        its list's cutoff.
    full : bool, default False
        R's ``full = TRUE``: a feature missing from a list is NA there (not at the bottom), ranks
        are divided by the list's own length and ``n`` counts the lists that rank the feature.
        Not with ``top_cutoff``.

    Returns
    -------
    ndarray of shape (p,)
        ``min(n * min_k beta_k, 1)``; a feature no list ranks scores 1.

    Notes
    -----
    R drops features that no list names; here they stay, with score 1. R orders its output
    table by score with ties in the order features first appear in the lists; :func:`rra`
    breaks ties by the lower index.

    Examples
    --------
    Three lists of four features; feature 1 is first, second and first:

    >>> rra_scores([[1, 0, 2, 3], [0, 1, 3, 2], [1, 2, 0, 3]]).tolist()
    [1.0, 0.375, 1.0, 1.0]

    Feature 1's sorted normalised ranks are 1/4, 1/4, 2/4: ``beta_1 = 1 - (3/4)^3 = 0.578``,
    ``beta_2 = I_{1/4}(2, 2) = 0.156``, ``beta_3 = I_{1/2}(3, 1) = 0.125``, so its score is
    ``3 * 0.125``. Feature 0 (ranks 2/4, 1/4, 3/4) has ``min beta = 0.42`` and ``3 * 0.42 >
    1``. Two top-2 lists of six features, each ranking the top third:

    >>> round(float(rra_scores([[4, 0], [4, 2]], n_features=6, top_cutoff=2 / 6)[4]), 6)
    0.055556
    """
    r = _normalised_ranks(orders, n_features, full)
    if top_cutoff is None:
        beta = _beta_scores(r)
    else:
        if full:
            raise ValueError("top_cutoff needs full=False (R requires one cutoff per list "
                             "and a rank for every feature in every list)")
        sigma = np.broadcast_to(np.asarray(top_cutoff, dtype=float), (r.shape[1],)).copy()
        if np.any((sigma < 0) | (sigma > 1)):
            raise ValueError("top_cutoff must lie in [0, 1]")
        cut = np.where(r == 1.0, np.nan, r)         # rank 1 = beyond the cutoff (as R)
        bad = np.flatnonzero(np.any(cut > sigma[None, :], axis=1))
        if bad.size:
            raise ValueError(f"feature(s) {bad[:10].tolist()} have a normalised rank above "
                             "their list's top_cutoff")
        beta = _threshold_beta_scores(cut, sigma)
    n_valid = np.sum(~np.isnan(beta), axis=1)
    rho = np.nanmin(np.where(n_valid[:, None] > 0, beta, 1.0), axis=1)
    return np.minimum(rho * np.maximum(n_valid, 1), 1.0)


@profile_doc("""
    >>> rra([[1, 0, 2, 3], [0, 1, 3, 2], [1, 2, 0, 3]]).tolist()
    [1, 0, 2, 3]

    Two top-2 lists of six features, each ranking the top third (the others tie at score 1):

    >>> rra([[4, 0], [4, 2]], n_features=6, top_cutoff=2 / 6).tolist()
    [4, 0, 1, 2, 3, 5]""",
             parameters="""    orders, n_features, top_cutoff, full
        As :func:`rra_scores`.""", profile=False)
def rra(orders, n_features: int | None = None, top_cutoff=None, *, full: bool = False,
        random_state=None) -> np.ndarray:
    """Robust rank aggregation (Kolde et al. 2012): features by increasing RRA score
    (:func:`rra_scores`, R's ``aggregateRanks(method="RRA")``).
    """
    return finish_order((rra_scores(orders, n_features, top_cutoff, full=full),), random_state)
