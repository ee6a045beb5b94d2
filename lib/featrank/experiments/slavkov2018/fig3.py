"""Fig. 3 of Slavkov et al. (2018) as the paper tests it (Friedman with the Iman–Davenport
correction, then Nemenyi; Demšar 2006), Holm's test against a control, and the pairwise
Wilcoxon–Holm test beside them.
"""
from __future__ import annotations

import pandas as pd

from .tables import paper_table  # noqa: F401 (the doctest's)


def significance(scores: pd.DataFrame, alpha: float = 0.05) -> dict:
    """Friedman (Iman-Davenport) and Nemenyi over a Table-5-like table (rows datasets,
    columns methods, higher = better), as the paper did (Demšar 2006): average ranks, the
    p-value, the CD, the pairs whose rank difference reaches the CD, and the cliques."""
    from ... import stats

    fr = stats.friedman(scores)
    k, n = scores.shape[1], scores.shape[0]
    cd = stats.nemenyi_cd(k, n, alpha)
    r = fr.average_ranks
    pairs = [(a, b) for i, a in enumerate(r.index) for b in r.index[i + 1:]
             if abs(r[a] - r[b]) >= cd]
    return {"average_ranks": r, "p_friedman": fr.p_ff, "chi2": fr.chi2, "ff": fr.ff, "cd": cd,
            "n_datasets": n, "k": k, "significant_pairs": pairs,
            "cliques": stats.cliques(r, cd)}


def better_than(sig: dict, a: str, b: str) -> bool:
    """Is method ``a`` significantly better (lower average rank by >= CD) than ``b``?"""
    r = sig["average_ranks"]
    return bool(sig["p_friedman"] < 0.05 and r[b] - r[a] >= sig["cd"])


def fig3_tests(scores: pd.DataFrame, control: str = "RF", alpha: float = 0.05) -> dict:
    """Friedman (Iman–Davenport), the Nemenyi pairs and Holm's test of every method against
    ``control`` (Demšar 2006, Sec. 3.2.2) over a Table-5-like table (higher = better).

    Returns a dict: ``friedman`` (:class:`featrank.stats.FriedmanResult`), ``pairs``
    (:func:`featrank.stats.nemenyi_pairs`), ``holm`` (:func:`featrank.stats.holm_vs_control`),
    ``rank_se`` (SE of a difference of two average ranks), ``beats_control_nemenyi`` and
    ``beats_control_holm`` (the methods significantly better than the control; empty when
    Friedman does not reject, as Demšar's procedure requires).

    Examples
    --------
    The paper's own Table 5 gives its Fig. 3 (RF significantly worst):

    >>> f3 = fig3_tests(paper_table("table5"))
    >>> f3["rejects"], sorted(f3["beats_control_nemenyi"])
    (True, ['IG', 'ReliefF', 'SVM-RFE'])
    """
    from ... import stats

    fr = stats.friedman(scores)
    pairs = stats.nemenyi_pairs(fr.average_ranks, fr.n_datasets, alpha=alpha)
    holm = stats.holm_vs_control(scores, control, alpha=alpha)
    rejects = fr.p_ff < alpha
    nem = [b for b, w, s in zip(pairs["better"], pairs["worse"], pairs["significant"])
           if s and w == control] if rejects else []
    hb = [m for m, z, s in zip(holm["method"], holm["z"], holm["significant"])
          if s and z < 0] if rejects else []
    return {"friedman": fr, "pairs": pairs, "holm": holm, "alpha": alpha, "control": control,
            "rank_se": stats.rank_se(fr.k, fr.n_datasets), "rejects": bool(rejects),
            "beats_control_nemenyi": nem, "beats_control_holm": hb}


def nemenyi_cd_of(f3: dict) -> float:
    """The Nemenyi critical difference of a :func:`fig3_tests` result."""
    from ...stats import nemenyi_cd

    return nemenyi_cd(f3["friedman"].k, f3["friedman"].n_datasets, f3["alpha"])


def wilcoxon_pairs(scores: pd.DataFrame) -> pd.DataFrame:
    """The pairwise Wilcoxon signed-rank test over the datasets of a Table-5-like table,
    one row per pair of methods: ``a``, ``b``, ``better`` (the one ahead on the median
    per-dataset difference), the unadjusted two-sided ``p`` (Holm's adjustment is left to
    the caller's family) and ``p_holm_pairs`` (Holm over this table's pairs, as
    :func:`featrank.stats.wilcoxon_holm` gives it).

    >>> t = wilcoxon_pairs(paper_table("table5"))
    >>> len(t), bool((t["p"] <= t["p_holm_pairs"]).all())
    (6, True)
    """
    from ... import stats

    adjusted = stats.wilcoxon_holm(scores)
    methods = list(scores.columns)
    rows = []
    for i, a in enumerate(methods):
        for b in methods[i + 1:]:
            raw = float(stats.wilcoxon_holm(scores[[a, b]]).loc[a, b])   # one pair: unadjusted
            diff = float((scores[a] - scores[b]).median())
            rows.append({"a": a, "b": b, "better": a if diff > 0 else b, "p": raw,
                         "p_holm_pairs": float(adjusted.loc[a, b])})
    return pd.DataFrame(rows)
