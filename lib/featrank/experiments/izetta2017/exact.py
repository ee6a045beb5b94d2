"""Izetta 2017: the exact permutation Friedman test, for a rank test over too few blocks.

With N blocks (datasets) and k methods, Friedman's chi2_F and Iman & Davenport's F_F rest on
their asymptotic distributions, which are far off for N < 5 (Demšar 2006, Sec. 3.2.2, cites
exact tables for small N; Hollander & Wolfe 1999, Sec. 7.1). Under the null hypothesis every
within-block permutation of a block's ranks is equally likely, so the exact p-value is the
share of the ``(k!)^N`` joint permutations whose statistic is at least the observed one.
The statistic is ``S = sum_j R_j^2`` over the methods' rank sums ``R_j`` (chi2_F is a
monotone function of it, ties included, since a permutation keeps each block's ranks).
Fixing the first block loses nothing: relabelling the methods maps the ``(k!)^N``
permutations ``k!``-to-1 onto those with the first block fixed and keeps ``S``.
"""
from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import numpy as np

from ... import stats

#: the most joint states the enumeration builds (rank-sum vectors times permutations)
MAX_STATES = 5_000_000


class ExactFriedman(NamedTuple):
    """The exact permutation Friedman test: ``statistic`` S, its exact ``pvalue``, Kendall's
    ``w`` (``chi2_F / (N (k - 1))``, 0 no agreement, 1 identical rankings), ``w_critical``
    (the smallest W the test rejects at ``alpha``; ``inf`` when none does), ``min_pvalue``
    (the smallest p-value the design can give) and ``n_datasets``."""
    statistic: float
    pvalue: float
    w: float
    w_critical: float
    min_pvalue: float
    n_datasets: int


def _null_sums(ranks: np.ndarray):
    """The distribution of the rank-sum vectors under within-block permutation: distinct
    vectors (rows) and how many joint permutations (first block fixed) give each."""
    n, k = ranks.shape
    perms = np.array(list(itertools.permutations(range(k))))
    states, counts = ranks[:1].copy(), np.array([1], dtype=np.int64)
    for b in range(1, n):
        if len(states) * len(perms) > MAX_STATES:
            raise ValueError(f"exact Friedman: too many permutations for N = {n}, k = {k}; "
                             "use the Iman-Davenport test at N >= 5")
        moved = ranks[b][perms]                                     # (k!, k)
        new = (states[:, None, :] + moved[None, :, :]).reshape(-1, k)
        w = np.repeat(counts, len(perms))
        new = np.round(new * 2).astype(np.int64)                    # half ranks: exact ints
        uniq, inv = np.unique(new, axis=0, return_inverse=True)
        counts = np.bincount(inv.ravel(), weights=w).astype(np.int64)
        states = uniq / 2.0
    return states, counts


def friedman_exact(scores, *, higher_is_better: bool = True,
                   alpha: float = 0.05) -> ExactFriedman:
    """The exact permutation Friedman test of ``scores`` (blocks x methods, as
    :func:`featrank.stats.friedman` takes them): the p-value over every within-block
    permutation of the ranks (module docstring).

    Two blocks ranking four methods identically: only 1 of the 4! permutations of the second
    block gives the same S, so p = 1/24:

    >>> r = friedman_exact([[1, 2, 3, 4], [1, 2, 3, 4]])
    >>> round(r.pvalue, 4), r.w, round(r.min_pvalue, 4)
    (0.0417, 1.0, 0.0417)
    >>> friedman_exact([[1, 2, 3, 4], [4, 3, 2, 1]]).pvalue
    1.0
    """
    ranks = stats.rank_table(scores, higher_is_better=higher_is_better)
    n, k = ranks.shape
    states, counts = _null_sums(ranks)
    null_s = (states ** 2).sum(axis=1)
    obs = float((ranks.sum(axis=0) ** 2).sum())
    total = counts.sum()
    tol = 1e-9 * max(1.0, obs)
    p = float(counts[null_s >= obs - tol].sum() / total)
    order = np.argsort(-null_s, kind="stable")
    s_sorted, tail = null_s[order], np.cumsum(counts[order]) / total
    # the smallest S whose tail probability (S* >= S) is at most alpha
    values = np.unique(s_sorted)[::-1]
    crit = math.inf
    for v in values:
        if counts[null_s >= v - tol].sum() / total <= alpha:
            crit = float(v)
        else:
            break
    min_p = float(tail[s_sorted >= s_sorted[0] - tol][-1])

    def kendall_w(s):
        chi2 = 12.0 / (n * k * (k + 1)) * s - 3.0 * n * (k + 1)
        return chi2 / (n * (k - 1))
    return ExactFriedman(obs, p, float(kendall_w(obs)),
                         float(kendall_w(crit)) if math.isfinite(crit) else math.inf,
                         min_p, n)


def friedman_brute_force(scores, *, higher_is_better: bool = True) -> float:
    """The exact p-value by brute force: every one of the ``(k!)^N`` joint permutations,
    the first block included (a check of :func:`friedman_exact`; small N and k only).

    >>> friedman_brute_force([[1, 2, 3], [1, 2, 3]])
    0.16666666666666666
    """
    ranks = stats.rank_table(scores, higher_is_better=higher_is_better)
    obs = float((ranks.sum(axis=0) ** 2).sum())
    hits = total = 0
    perms = list(itertools.permutations(range(ranks.shape[1])))
    for joint in itertools.product(perms, repeat=ranks.shape[0]):
        s = sum(ranks[b][list(p)] for b, p in enumerate(joint))
        hits += float((s ** 2).sum()) >= obs - 1e-9 * max(1.0, obs)
        total += 1
    return hits / total
