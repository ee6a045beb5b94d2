"""Comparing several methods over several datasets (Demšar 2006, Sec. 3.2.2): the Friedman
test with the Iman-Davenport correction, the Nemenyi post-hoc test, its critical
difference (CD), the pairs it finds different and the cliques a CD diagram draws, and Holm's
step-down test of every method against a control.

Scores come as a 2-D table ``(n_datasets, k_methods)`` (numpy array or DataFrame whose columns
name the methods). ``higher_is_better`` says which way the scores go (AUC: True, error:
False); rank 1 is the best method on a dataset, ties get average ranks.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as ss


def _table(scores):
    if isinstance(scores, pd.DataFrame):
        values, names = scores.to_numpy(dtype=float), [str(c) for c in scores.columns]
    else:
        values = np.asarray(scores, dtype=float)
        names = None
    if values.ndim != 2 or values.shape[0] < 2 or values.shape[1] < 2:
        raise ValueError("scores must be a 2-D table of at least 2 datasets (rows) x "
                         f"2 methods (columns), got shape {values.shape}")
    if np.isnan(values).any():
        bad = np.flatnonzero(np.isnan(values).any(axis=1))
        raise ValueError(f"scores contain NaN in dataset row(s) {bad[:10].tolist()}")
    if names is None:
        names = [str(j) for j in range(values.shape[1])]
    return values, names


def rank_table(scores, *, higher_is_better=True) -> np.ndarray:
    """Ranks of the methods on each dataset (1 = best; ties get the average rank)."""
    values, _ = _table(scores)
    return ss.rankdata(-values if higher_is_better else values, method="average", axis=1)


def average_ranks(scores, *, higher_is_better=True) -> pd.Series:
    """Demšar's R_j: the mean over datasets of each method's rank (a Series by method)."""
    _, names = _table(scores)
    return pd.Series(rank_table(scores, higher_is_better=higher_is_better).mean(axis=0),
                     index=names, name="average rank")


@dataclass
class FriedmanResult:
    """Friedman's chi^2_F and Iman & Davenport's F_F (Demšar 2006, Eqs. on p. 11)."""
    average_ranks: pd.Series
    n_datasets: int
    k: int
    chi2: float
    p_chi2: float
    ff: float
    p_ff: float
    df: tuple

    @property
    def pvalue(self) -> float:
        """The Iman-Davenport p-value (the one Demšar recommends)."""
        return self.p_ff


def friedman(scores, *, higher_is_better=True, tie_correction=False) -> FriedmanResult:
    """Friedman test with the Iman-Davenport correction (Demšar 2006, Sec. 3.2.2).

    ``chi2_F = 12 N / (k (k+1)) * (sum_j R_j^2 - k (k+1)^2 / 4)`` and
    ``F_F = (N - 1) chi2_F / (N (k - 1) - chi2_F)``, F-distributed with ``k - 1`` and
    ``(k - 1)(N - 1)`` degrees of freedom.

    Parameters
    ----------
    scores : array-like or DataFrame of shape (n_datasets, k_methods)
        One row per dataset, one column per method (a DataFrame's columns name them); at
        least 2 datasets and 2 methods, no NaN.
    higher_is_better : bool, default True
        True for scores such as accuracy or AUC, False for errors: rank 1 is the best.
    tie_correction : bool, default False
        Divide chi2_F by ``1 - sum(t^3 - t) / (N k (k^2 - 1))`` over groups of tied ranks
        (as ``scipy.stats.friedmanchisquare`` does); Demšar's formulas do not.

    Returns
    -------
    FriedmanResult
        Average ranks, chi2_F with its p-value, F_F with its p-value (``.pvalue``, the
        one Demšar recommends) and F_F's degrees of freedom.

    Examples
    --------
    Three methods on four datasets; method "a" is best everywhere:

    >>> res = friedman([[0.9, 0.8, 0.7], [0.8, 0.7, 0.6], [0.9, 0.7, 0.8], [0.7, 0.6, 0.5]])
    >>> res.average_ranks.tolist()
    [1.0, 2.25, 2.75]
    >>> round(res.chi2, 2), res.df
    (6.5, (2, 6))
    """
    values, names = _table(scores)
    n, k = values.shape
    ranks = rank_table(values, higher_is_better=higher_is_better)
    R = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * (np.sum(R ** 2) - k * (k + 1) ** 2 / 4.0)
    if tie_correction:
        ties = 0.0
        for row in ranks:
            _, t = np.unique(row, return_counts=True)
            ties += np.sum(t ** 3 - t)
        denom = 1.0 - ties / (n * k * (k * k - 1))
        chi2 = chi2 / denom if denom > 0 else 0.0
    df1, df2 = k - 1, (k - 1) * (n - 1)
    denom = n * (k - 1) - chi2
    ff = (n - 1) * chi2 / denom if denom > 0 else np.inf
    return FriedmanResult(pd.Series(R, index=names, name="average rank"), n, k, float(chi2),
                          float(ss.chi2.sf(chi2, k - 1)), float(ff),
                          float(ss.f.sf(ff, df1, df2)) if np.isfinite(ff) else 0.0,
                          (df1, df2))


def nemenyi_q(k: int, alpha: float = 0.05) -> float:
    """Demšar's q_alpha for the Nemenyi test: the studentized range statistic for ``k``
    groups and infinite degrees of freedom divided by sqrt(2) (his Table 5(a): 2.569 for
    k = 4, alpha = 0.05)."""
    if int(k) != k or k < 2:
        raise ValueError(f"k must be an integer >= 2 methods, got {k!r}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    return float(ss.studentized_range.ppf(1 - alpha, int(k), np.inf) / np.sqrt(2.0))


def nemenyi_cd(k: int, n_datasets: int, alpha: float = 0.05) -> float:
    """Critical difference of the Nemenyi test (Demšar 2006, Sec. 3.2.2):
    ``CD = q_alpha * sqrt(k (k + 1) / (6 N))``; two methods differ significantly when their
    average ranks differ by at least CD.

    Parameters
    ----------
    k : int
        Number of methods compared (>= 2).
    n_datasets : int
        Number of datasets ``N`` the average ranks are taken over (>= 2, as
        :func:`friedman` requires: with one dataset the ranks of a single table decide
        nothing).
    alpha : float, default 0.05
        Significance level.

    Returns
    -------
    float
        The critical difference, in average-rank units.

    Examples
    --------
    Demšar's example (k = 4, N = 14) and Slavkov 2018's Fig. 3 (k = 4, N = 28):

    >>> round(nemenyi_cd(4, 14), 3), round(nemenyi_cd(4, 28), 3)
    (1.254, 0.886)
    """
    if int(n_datasets) != n_datasets or n_datasets < 2:
        raise ValueError(
            f"n_datasets must be an integer >= 2, got {n_datasets!r}: the Nemenyi test (like "
            "friedman) compares average ranks over several datasets; with one dataset there "
            "is nothing to test")
    return nemenyi_q(k, alpha) * float(np.sqrt(k * (k + 1) / (6.0 * n_datasets)))


def nemenyi(scores, *, higher_is_better=True) -> pd.DataFrame:
    """Nemenyi post-hoc p-values of every pair of methods (a symmetric DataFrame), from
    scikit-posthocs' ``posthoc_nemenyi_friedman`` (Demšar's statistic
    ``z = (R_i - R_j) / sqrt(k (k+1) / (6 N))`` against the studentized range)."""
    import scikit_posthocs as sp

    values, names = _table(scores)
    out = sp.posthoc_nemenyi_friedman(-values if higher_is_better else values)
    out.index, out.columns = names, names
    return out


def cliques(avg_ranks, cd: float) -> list[list[str]]:
    """Groups of methods a CD diagram joins with a thick line: maximal runs of methods
    (sorted by average rank) whose ranks all lie within less than ``cd`` of each other, i.e.
    no pair inside differs significantly. Single methods are not listed."""
    r = pd.Series(avg_ranks).sort_values(kind="stable")
    vals = r.to_numpy(dtype=float)
    joined = np.abs(vals[:, None] - vals[None, :]) < cd
    return [list(r.index[a:b + 1]) for a, b in maximal_runs(joined)]


def maximal_runs(joined) -> list[tuple[int, int]]:
    """The maximal runs ``(first, last)`` (inclusive, ``first < last``) of consecutive
    items, all of whose pairs are joined, in order of ``first``.

    ``joined`` is a symmetric boolean matrix over items in rank order (True: the pair is not
    significantly different); its diagonal is ignored. A run is maximal when no longer run
    of consecutive items contains it. These are the thick bars of a CD diagram.

    >>> maximal_runs(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]], dtype=bool))
    [(0, 1), (1, 2)]
    """
    joined = np.asarray(joined, dtype=bool)
    runs = []
    for i in range(len(joined)):
        j = i
        while j + 1 < len(joined) and joined[i:j + 1, j + 1].all():
            j += 1
        # the last item a run from i reaches never decreases with i: compare with the last run
        if j > i and not (runs and runs[-1][1] >= j):
            runs.append((i, j))
    return runs


def _ranks_and_n(scores, n_datasets, higher_is_better):
    """Average ranks (a Series) and N from a score table, or from average ranks plus N."""
    if isinstance(scores, (pd.Series, dict)):
        if n_datasets is None:
            raise ValueError("average ranks given: pass n_datasets (the N they average over)")
        return pd.Series(scores, dtype=float), int(n_datasets)
    if n_datasets is not None:
        raise ValueError("n_datasets is only for average ranks; a table gives N itself")
    return average_ranks(scores, higher_is_better=higher_is_better), _table(scores)[0].shape[0]


def rank_se(k: int, n_datasets: int) -> float:
    """Demšar's standard error of a difference of two average ranks, ``sqrt(k (k+1) / (6 N))``
    (2006, Sec. 3.2.2), for ``k`` methods over ``N`` datasets."""
    return float(np.sqrt(k * (k + 1) / (6.0 * n_datasets)))


def holm_vs_control(scores, control: str, *, alpha: float = 0.05, higher_is_better=True,
                    n_datasets: int | None = None) -> pd.DataFrame:
    """Holm's step-down test of every method against a control (Demšar 2006, Sec. 3.2.2).

    ``z = (R_i - R_c) / sqrt(k (k+1) / (6 N))`` with the average ranks ``R``, two-sided
    ``p`` from the standard normal; the ``k - 1`` p-values are taken from the smallest up,
    the i-th (i = 1, 2, ...) against ``alpha / (k - i)``, and every hypothesis after the
    first one retained is retained too.

    Parameters
    ----------
    scores : array-like or DataFrame (n_datasets, k_methods), or Series of average ranks
        A score table as :func:`friedman` takes it (a rank table with
        ``higher_is_better=False`` works too), or the methods' average ranks (then give
        ``n_datasets``).
    control : str
        The method every other is compared with (a column name; "0", "1", ... for arrays).
    alpha : float, default 0.05
        Family-wise significance level.
    higher_is_better : bool, default True
        Direction of ``scores`` (ignored for average ranks).
    n_datasets : int, optional
        ``N``, only with average ranks.

    Returns
    -------
    DataFrame
        One row per other method, in Holm's order (smallest p first): ``method``,
        ``mean_rank``, ``z`` (> 0: the method ranks behind the control), ``p``, ``threshold``
        (``alpha / (k - i)``), ``p_holm`` (Holm's adjusted p, ``max_{j<=i} (k-j) p_j``
        capped at 1) and ``significant`` (``p_holm <= alpha``). ``attrs`` holds the
        control's name and mean rank and the standard error.

    Examples
    --------
    Demšar's four C4.5 variants (his printed average ranks, N = 14), C4.5 as control:

    >>> R = pd.Series({"C4.5": 3.143, "C4.5+m": 2.000, "C4.5+cf": 2.893, "C4.5+m+cf": 1.964})
    >>> t = holm_vs_control(R, "C4.5", n_datasets=14)
    >>> t["method"].tolist(), t["p"].round(3).tolist(), t["significant"].tolist()
    (['C4.5+m+cf', 'C4.5+m', 'C4.5+cf'], [0.016, 0.019, 0.608], [True, True, False])
    """
    R, n = _ranks_and_n(scores, n_datasets, higher_is_better)
    if control not in R.index:
        raise ValueError(f"control {control!r} is not among the methods {list(R.index)}")
    k, se = len(R), rank_se(len(R), n)
    others = R.drop(control)
    z = (others - R[control]) / se
    p = 2.0 * ss.norm.sf(np.abs(z))
    out = pd.DataFrame({"method": others.index, "mean_rank": others.to_numpy(),
                        "z": z.to_numpy(), "p": p})
    out = out.sort_values("p", kind="stable").reset_index(drop=True)
    out["threshold"] = alpha / np.arange(k - 1, 0, -1)
    out["p_holm"] = holm_adjust(out["p"].to_numpy())
    out["significant"] = out["p_holm"] <= alpha
    out.attrs.update(control=control, control_rank=float(R[control]), se=se, alpha=alpha)
    return out


def holm_adjust(pvalues) -> np.ndarray:
    """Holm's (1979) step-down adjusted p-values, in the order given.

    With the ``m`` p-values sorted, ``p_(1) <= ... <= p_(m)``, the adjusted
    ``p~_(i) = min(1, max_{j <= i} (m - j + 1) p_(j))``; rejecting every hypothesis with
    ``p~ <= alpha`` is Holm's procedure (test ``p_(i)`` against ``alpha / (m - i + 1)`` and
    stop at the first retained one), which controls the family-wise error at ``alpha``.

    Parameters
    ----------
    pvalues : array-like of float in [0, 1]
        The unadjusted p-values of one family of hypotheses (any shape, no NaN).

    Returns
    -------
    ndarray
        The adjusted p-values, same shape and order as ``pvalues``.

    Examples
    --------
    >>> holm_adjust([0.01, 0.04, 0.03, 0.005]).tolist()
    [0.03, 0.06, 0.06, 0.02]
    """
    p = np.asarray(pvalues, dtype=float)
    if np.isnan(p).any() or (p < 0).any() or (p > 1).any():
        raise ValueError("p-values must lie in [0, 1] (no NaN)")
    flat = p.ravel()
    order = np.argsort(flat, kind="stable")
    m = flat.size
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * flat[order]))
    return adjusted.reshape(p.shape)


def nemenyi_pairs(avg_ranks, n_datasets: int, *, alpha: float = 0.05) -> pd.DataFrame:
    """Every pair of methods under the Nemenyi test (Demšar 2006, Sec. 3.2.2): which differ
    significantly, i.e. whose average ranks differ by at least the critical difference.

    Parameters
    ----------
    avg_ranks : mapping or Series, method name -> average rank (1 = best)
    n_datasets : int
        ``N``, the number of datasets (blocks) the ranks average over.
    alpha : float, default 0.05

    Returns
    -------
    DataFrame
        One row per pair: ``better``, ``worse`` (by average rank), ``diff`` (>= 0), ``cd``,
        ``p`` (the Nemenyi p-value: the studentized range of ``sqrt(2) diff / se`` for
        ``k`` groups, infinite degrees of freedom) and ``significant`` (``diff >= cd``).

    Examples
    --------
    >>> R = {"C4.5": 3.143, "C4.5+m": 2.000, "C4.5+cf": 2.893, "C4.5+m+cf": 1.964}
    >>> t = nemenyi_pairs(R, 14, alpha=0.10)
    >>> t[t.significant][["better", "worse"]].values.tolist()
    [['C4.5+m+cf', 'C4.5'], ['C4.5+m', 'C4.5']]
    """
    R = pd.Series(avg_ranks, dtype=float)
    k = len(R)
    cd, se = nemenyi_cd(k, n_datasets, alpha), rank_se(k, n_datasets)
    rows = []
    for i, a in enumerate(R.index):
        for b in R.index[i + 1:]:
            better, worse = (a, b) if R[a] <= R[b] else (b, a)
            rows.append((better, worse, R[worse] - R[better]))
    out = pd.DataFrame(rows, columns=["better", "worse", "diff"])
    out["cd"] = cd
    out["p"] = ss.studentized_range.sf(np.sqrt(2.0) * out["diff"] / se, k, np.inf)
    out["significant"] = out["diff"] >= cd
    return out.sort_values("diff", ascending=False, kind="stable").reset_index(drop=True)
