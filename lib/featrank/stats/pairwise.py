"""Pairwise comparisons whose verdict on two methods depends on those two alone: Wilcoxon
signed-rank tests over datasets with Holm's correction, and the cliques a critical-difference
diagram draws from any table of adjusted p-values.

Benavoli, Corani & Mangili (2016, JMLR 17(5), "Should we really use post-hoc tests based on
mean-ranks?") show that the mean-rank post-hoc tests (Nemenyi, Holm against a control on
average ranks) let the other methods of the pool decide whether two methods differ: adding or
removing a third method moves both average ranks. They recommend the Wilcoxon signed-rank
test on each pair (Demšar 2006, Sec. 3.1.3), corrected for the ``k (k - 1) / 2`` comparisons
with Holm's step-down procedure, as :func:`wilcoxon_holm` computes it.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as ss

from .meanrank import _table, average_ranks, holm_adjust, maximal_runs


def wilcoxon_holm(scores, *, alpha: float = 0.05, higher_is_better=True,
                  zero_method: str = "wilcox", method: str = "auto") -> pd.DataFrame:
    """Wilcoxon signed-rank test of every pair of methods over the datasets, with Holm's
    correction for the ``k (k - 1) / 2`` pairs (Benavoli, Corani & Mangili 2016, Sec. 4).

    Each pair is tested by ``scipy.stats.wilcoxon`` on its per-dataset differences
    (two-sided; Demšar 2006, Sec. 3.1.3); the family of all pairs is then adjusted by
    :func:`holm_adjust`. Holm is computed here rather than taken from statsmodels, which is
    only a test dependency of featrank (the tests compare with its ``multipletests``).

    Parameters
    ----------
    scores : array-like or DataFrame of shape (n_datasets, k_methods)
        One row per dataset, one column per method (a DataFrame's columns name them; an
        array's methods are named "0", "1", ...); no NaN.
    alpha : float, default 0.05
        Family-wise significance level, stored in ``attrs`` for :func:`cliques_from_pvalues`
        and ``featrank.plots.cd_diagram_from_pvalues`` (the p-values do not depend on it).
    higher_is_better : bool, default True
        Direction of the scores, used only for the average ranks stored in ``attrs``
        (the two-sided p-values do not depend on it).
    zero_method : {"wilcox", "pratt", "zsplit"}, default "wilcox"
        What ``scipy.stats.wilcoxon`` does with datasets on which both methods tie: drop
        them ("wilcox"), rank them and drop their ranks ("pratt"), or split their ranks
        between both sums ("zsplit", Demšar's recommendation). A pair that ties on every
        dataset gets ``p = 1`` (no evidence of a difference).
    method : {"auto", "exact", "asymptotic"}, default "auto"
        How ``scipy.stats.wilcoxon`` computes the p-value. "auto" (scipy >= 1.15): the exact
        null distribution for up to 50 datasets without ties or zeros, a complete
        permutation test for up to 13 datasets with them, else the normal approximation
        (with the tie correction of the variance).

    Returns
    -------
    DataFrame
        Methods x methods (in the order given), the Holm-adjusted p-values: symmetric, with
        1.0 on the diagonal (a method does not differ from itself; the convention of
        scikit-posthocs). ``attrs`` holds ``alpha`` and ``average_ranks`` (a dict, method
        -> average rank, 1 = best).

    Examples
    --------
    Demšar's (2006) Table 2, AUC of C4.5 with m = 0 and tuned m on 14 datasets:
    ``R+ = 93``, ``R- = 12`` (zeros split), one pair so Holm changes nothing:

    >>> auc = pd.DataFrame({
    ...     "C4.5": [.763, .599, .954, .628, .882, .936, .661, .583, .775, 1., .940, .619,
    ...              .972, .957],
    ...     "C4.5+m": [.768, .591, .971, .661, .888, .931, .668, .583, .838, 1., .962, .666,
    ...                .981, .978]})
    >>> p = wilcoxon_holm(auc, zero_method="zsplit")
    >>> p.round(4)
             C4.5  C4.5+m
    C4.5    1.000   0.011
    C4.5+m  0.011   1.000
    >>> {m: round(r, 3) for m, r in p.attrs["average_ranks"].items()}
    {'C4.5': 1.786, 'C4.5+m': 1.214}
    """
    values, names = _table(scores)
    k = len(names)
    upper = np.triu_indices(k, 1)
    raw = np.array([_wilcoxon_p(values[:, i] - values[:, j], zero_method, method)
                    for i, j in zip(*upper)])
    p = np.eye(k)
    p[upper] = holm_adjust(raw)
    p = np.maximum(p, p.T)
    out = pd.DataFrame(p, index=names, columns=names)
    ranks = average_ranks(values, higher_is_better=higher_is_better).to_numpy()
    out.attrs.update(alpha=alpha, average_ranks=dict(zip(names, ranks.tolist())))
    return out


def _wilcoxon_p(d, zero_method, method) -> float:
    """The two-sided p-value of scipy's Wilcoxon test on differences ``d``; 1.0 when every
    difference is zero (scipy then divides 0 by 0 and warns)."""
    if not d.any():
        return 1.0
    return float(ss.wilcoxon(d, zero_method=zero_method, method=method).pvalue)


def cliques_from_pvalues(pvalues, avg_ranks=None, *, alpha: float | None = None
                         ) -> list[list[str]]:
    """Groups of methods a critical-difference diagram joins with a bar, from any table of
    (adjusted) pairwise p-values: the maximal runs of methods, consecutive in the order of
    their average ranks, in which no pair differs significantly (``p >= alpha``).

    The bars of Demšar's (2006, Fig. 1) diagram join runs of methods along the rank axis, as
    :func:`featrank.stats.cliques` finds them from the Nemenyi CD. With pairwise tests,
    "not different" need not follow rank distance: methods that are not different from each
    other but have a significantly different method ranked between them form no bar (such a
    group is a clique of the "not different" graph that scikit-posthocs'
    ``critical_difference_diagram`` would draw across the method in between).

    Parameters
    ----------
    pvalues : DataFrame, methods x methods
        Symmetric p-values (e.g. :func:`wilcoxon_holm`, :func:`featrank.stats.nemenyi`),
        indexed and labelled by the method names; the diagonal is ignored.
    avg_ranks : mapping or Series, method name -> average rank, optional
        The order of the methods (1 = best); default ``pvalues.attrs["average_ranks"]``
        (set by :func:`wilcoxon_holm`). Ties keep the order of ``avg_ranks``.
    alpha : float, optional
        Significance level; default ``pvalues.attrs["alpha"]``, else 0.05.

    Returns
    -------
    list of lists of str
        Each bar's methods, best first; bars in the order of their best method. Methods
        that differ from all their neighbours are in no bar.

    Examples
    --------
    "a" and "c" differ; "b" differs from neither:

    >>> p = pd.DataFrame([[1, .3, .01], [.3, 1, .2], [.01, .2, 1]], index=list("abc"),
    ...                  columns=list("abc"))
    >>> cliques_from_pvalues(p, {"a": 1.2, "b": 2.0, "c": 2.8})
    [['a', 'b'], ['b', 'c']]
    """
    P = _pvalue_table(pvalues)
    if avg_ranks is None:
        if "average_ranks" not in P.attrs:
            raise ValueError("pass avg_ranks: the p-value table carries no average ranks")
        avg_ranks = P.attrs["average_ranks"]
    alpha = P.attrs.get("alpha", 0.05) if alpha is None else alpha
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    r = pd.Series(avg_ranks, dtype=float)
    r.index = r.index.map(str)
    if set(r.index) != set(P.index) or r.index.has_duplicates:
        raise ValueError(f"the average ranks name the methods {sorted(r.index)}, the "
                         f"p-values {sorted(P.index)}")
    order = r.sort_values(kind="stable").index
    joined = P.loc[order, order].to_numpy() >= alpha
    return [list(order[a:b + 1]) for a, b in maximal_runs(joined)]


def _pvalue_table(pvalues) -> pd.DataFrame:
    """``pvalues`` checked: a square DataFrame, same labels on both axes, symmetric, off-diagonal
    values in [0, 1]; labels as str."""
    if not isinstance(pvalues, pd.DataFrame):
        raise TypeError("pvalues must be a DataFrame indexed and labelled by the methods")
    P = pvalues.copy()
    P.index, P.columns = P.index.map(str), P.columns.map(str)
    if P.shape[0] != P.shape[1] or set(P.index) != set(P.columns) or P.index.has_duplicates:
        raise ValueError("pvalues must be square with the same methods as rows and columns")
    P = P.loc[:, P.index]
    v = P.to_numpy(dtype=float)
    off = ~np.eye(len(v), dtype=bool)
    if np.isnan(v[off]).any() or (v[off] < 0).any() or (v[off] > 1).any():
        raise ValueError("off-diagonal p-values must lie in [0, 1] (no NaN)")
    if not np.allclose(v[off], v.T[off], rtol=0, atol=1e-12):
        raise ValueError("pvalues must be symmetric")
    return P
