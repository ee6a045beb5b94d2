"""Notebook 04's reproduction summary: Slavkov et al. (2018), claim by claim, on the rule book
(:mod:`featrank.experiments.claims`).

Every reported number of Tables 1, 3 and 5 is one row with its rule: Table 1's signs by
**direction** (its values belong to the paper's own pair of curves, which is not
published), Tables 3 and 5 by **value** with our standard error (Table 5's over the CV folds,
corrected for the folds' shared training data); Fig. 2 and "ECA rises with
θ" by **all cases**; Fig. 3 by **ordering**, **significance** and **no difference**, each
with the paper's test (Friedman + Nemenyi) and the pairwise Wilcoxon–Holm test beside it.
Every p-value a verdict rests on is adjusted by Holm over the notebook's one family.

Table 5 and Fig. 3 get one row per reading of the ranking protocol, which the paper does not
state (:data:`READINGS`); Table 3's values and its trend one row per reading of R_θ, whose
convention the paper does not state either (:data:`.conventions.RTHETA_READINGS`). Rows that are one discrepancy seen several ways share a finding
id (:data:`FINDINGS`).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ...config import active_profile
from .. import claims
from ..claims import row
from .conventions import RANDOM_RANK, UNIFORM
from .fig3 import fig3_tests, nemenyi_cd_of, wilcoxon_pairs
from .tables import METHODS, MICROARRAYS, SCALE_METHODS, WEIGHTING_LABELS, WEIGHTINGS

# --- fixed before looking at our numbers -----------------------------------------------------

#: significance level of every test (the paper's, Sec. 5.3)
ALPHA = claims.ALPHA
#: the realisations per θ behind the paper's Table 3 (Sec. 4.2): its Monte-Carlo SE is ours
#: scaled by sqrt(ours / 100)
PAPER_REALISATIONS = 100
#: the two readings of the ranking protocol (Sec. 5.2 does not say where the rankings of
#: Table 5 were learnt)
WHOLE, IN_FOLD = "ranked on the whole data", "ranked inside the training folds"
READINGS = (WHOLE, IN_FOLD)
#: the order of Fig. 3: ReliefF, IG and SVM-RFE ahead of random forest (the paper does not
#: separate the first three)
FIG3_ORDER = (("ReliefF", "IG", "SVM-RFE"), "RF")
#: one short sentence per finding (the notebook's notes below the table give the details)
FINDINGS = {
    "table1-signs": "the better ranking has FFA_δ > 0 and RFA_δ < 0 under every weighting",
    "table3-dist": "dist(R_GT, R_θ) follows the paper's within noise at some θ only",
    "table3-eca": "our ECA(R_GT, R_θ) is below the paper's at small θ under every weighting",
    "table3-rises": "ECA(R_GT, R_θ) rises with θ under every weighting",
    "fig2-between": "the noisy curves lie between the ground truth's and random",
    "table5-uci": "our UCI values of Table 5 are about 2.4 times smaller than the paper's",
    "table5-microarrays": "our microarray values of Table 5 depend on where the rankings "
                          "were learnt",
    "fig3-rf-last": "our random forest is neither inverted nor significantly last",
    "fig3-no-difference": "no significant difference among ReliefF, IG and SVM-RFE",
    "stats-check": "our statistics reproduce Fig. 3 from the paper's own Table 5",
}


def _se(x) -> float:
    """An SE rounded to two significant digits (how it is printed)."""
    return float(f"{x:.2g}")


# --- the family of tests ---------------------------------------------------------------------

def _one_sided(result, expected: int) -> float:
    """One-sided p-value of a two-sided t-test result for the ``expected`` sign."""
    t, p = result
    if t == 0:
        return 1.0
    return p / 2 if math.copysign(1, t) == expected else 1 - p / 2


def table1_tests(t1: pd.DataFrame, t1_folds: np.ndarray, n_train: int, n_test: int) -> list:
    """The sign tests of Table 1: per weighting, FFA_δ > 0 and RFA_δ < 0, each by the
    corrected resampled t-test over the CV folds (Nadeau & Bengio 2003: the folds share
    their training data). Returns dicts with ``quantity``, ``weighting``, ``estimate``,
    ``se`` (the corrected SE), ``expected`` and the one-sided ``p`` (not yet adjusted)."""
    from ...stats import corrected_resampled_ttest

    out = []
    for quantity, expected in (("FFA_delta", 1), ("RFA_delta", -1)):
        for j, w in enumerate(t1.columns):
            d = np.asarray(t1_folds)[:, list(t1.index).index(quantity), j]
            res = corrected_resampled_ttest(d, n_train, n_test)
            se = math.sqrt((1 / d.size + n_test / n_train) * d.var(ddof=1))
            out.append({"quantity": quantity, "weighting": w,
                        "estimate": float(t1.loc[quantity, w]), "se": se,
                        "expected": expected, "p": _one_sided(res, expected)})
    return out


# --- rows ------------------------------------------------------------------------------------

def _table1_rows(tests, p_adj, paper1, reading: str = WHOLE) -> list:
    rows = []
    for t, p in zip(tests, p_adj):
        label = "FFA_δ > 0" if t["quantity"] == "FFA_delta" else "RFA_δ < 0"
        rows.append(row(f"Table 1, {WEIGHTING_LABELS[t['weighting']]}: {label}",
                        paper=float(paper1.loc[t["weighting"], t["quantity"].lower()]),
                        ours=round(t["estimate"], 3), se=_se(t["se"]),
                        verdict=claims.direction(t["estimate"], t["se"], p,
                                                 expected=t["expected"]),
                        reading=reading, finding="table1-signs"))
    return rows


def _table3_rows(t3, se3, paper3, n_realisations: int, reading: str = UNIFORM) -> list:
    scale = math.sqrt(n_realisations / PAPER_REALISATIONS)
    rows = []
    for name in t3.index:
        label = "dist(R_GT, R_θ)" if name == "dist" else f"ECA, {WEIGHTING_LABELS[name]}"
        finding = "table3-dist" if name == "dist" else "table3-eca"
        for col in t3.columns:
            if name == "dist" and col == "corr":
                continue
            ours, se, paper = float(t3.loc[name, col]), float(se3.loc[name, col]), \
                float(paper3.loc[name, col])
            what = "corr with dist" if col == "corr" else f"θ = {col}"
            paper_se = math.hypot(se * scale, claims.printed_se(paper))
            rows.append(row(f"Table 3, {label}, {what}", paper=paper, ours=round(ours, 3),
                            se=_se(se), verdict=claims.value(paper, ours, se, paper_se=paper_se),
                            reading=reading, finding=finding))
    return rows


def _steps(values, *, increasing: bool) -> tuple:
    step = np.diff(np.asarray(values, float))
    return int(np.sum(step > 0 if increasing else step < 0)), int(step.size)


def _rises_row(t3, reading: str = UNIFORM) -> dict:
    cols = [c for c in t3.columns if c != "corr"]
    k = n = 0
    for w in WEIGHTINGS:
        a, b = _steps(t3.loc[w, cols], increasing=True)
        k, n = k + a, n + b
    return row("Table 3: ECA(R_GT, R_θ) rises at every step of θ, every weighting",
               paper=f"{n} of {n}", ours=f"{k} of {n}", verdict=claims.all_cases(k, n),
               reading=reading, finding="table3-rises")


def _fig2_row(heights) -> dict:
    kf, nf = _steps(heights["ffa"], increasing=False)
    kr, nr = _steps(heights["rfa"], increasing=True)
    return row("Fig. 2: mean FFA height falls and RFA height rises at every step from R_GT "
               "through θ to random", paper=f"{nf + nr} of {nf + nr}",
               ours=f"{kf + kr} of {nf + nr}", verdict=claims.all_cases(kf + kr, nf + nr),
               se=_se(max(heights["ffa_se"].max(), heights["rfa_se"].max())),
               finding="fig2-between")


def cv_inflation(n_folds: int) -> float:
    """The factor by which the SE of a k-fold CV mean over its folds understates its sampling
    error, the folds sharing their training data: Nadeau & Bengio (2003)'s correction,
    sqrt(1 + k · n_test / n_train) = sqrt(1 + k / (k − 1)).

    >>> round(cv_inflation(10), 3)
    1.453
    """
    return math.sqrt(1 + n_folds / (n_folds - 1))


def _table5_rows(ours5, se5, paper5, reading: str, n_folds: int) -> list:
    se5 = se5 * cv_inflation(n_folds)
    rows = []
    common = [d for d in paper5.index if d in ours5.index]
    for group, finding in (("UCI", "table5-uci"), ("microarray", "table5-microarrays")):
        ds = [d for d in common if (d in MICROARRAYS) == (group == "microarray")]
        for d in ds:
            for m in ours5.columns:
                o, s, p = float(ours5.loc[d, m]), float(se5.loc[d, m]), float(paper5.loc[d, m])
                # the paper's one 10-fold CV has our spread
                paper_se = math.hypot(s, claims.printed_se(p))
                rows.append(row(f"Table 5, {d}, {m}", paper=p, ours=round(o, 3), se=_se(s),
                                verdict=claims.value(p, o, s, paper_se=paper_se),
                                reading=reading, finding=finding))
        if ds:
            ms = [m for m in SCALE_METHODS if m in ours5.columns]
            o = float(ours5.loc[ds, ms].to_numpy().mean())
            p = float(paper5.loc[ds, ms].to_numpy().mean())
            s = float(np.sqrt((se5.loc[ds, ms].to_numpy() ** 2).sum()) / (len(ds) * len(ms)))
            rows.append(row(f"Table 5, {group} mean of IG, ReliefF, SVM-RFE ({len(ds)} datasets)",
                            paper=round(p, 3), ours=round(o, 3), se=_se(s),
                            verdict=claims.value(p, o, s, paper_se=math.hypot(s, 0.0005)),
                            reading=reading, finding=finding))
    return rows


def _fig3_rows(ours5, paper5, reading: str, p_friedman: float, wilcoxon: pd.DataFrame) -> list:
    f3 = fig3_tests(ours5)
    ranks = f3["friedman"].average_ranks
    theirs = fig3_tests(paper5)["friedman"].average_ranks.sort_values()
    others = [m for m in METHODS if m != "RF"]
    common = [d for d in paper5.index if d in ours5.index]
    neg = [d for d in common if paper5.loc[d, "RF"] < 0]
    k_neg = sum(ours5.loc[d, "RF"] < 0 for d in neg)
    sig_w = wilcoxon[wilcoxon["p_family"] < ALPHA]
    with_rf = (sig_w["a"] == "RF") | (sig_w["b"] == "RF")
    beats_rf_w = [m for m in others if ((sig_w["better"] == m) & with_rf).any()]
    among = sig_w[(sig_w["a"] != "RF") & (sig_w["b"] != "RF")]
    nem = f3["pairs"]
    among_nem = int(sum(s for b, w, s in zip(nem["better"], nem["worse"], nem["significant"])
                        if "RF" not in (b, w))) if f3["rejects"] else 0
    r = dict(reading=reading, finding="fig3-rf-last")
    return [
        row("Table 5: random forest negative where the paper's is (Sec. 5.3)",
            paper=f"{len(neg)} of {len(neg)}", ours=f"{k_neg} of {len(neg)}",
            verdict=claims.all_cases(k_neg, len(neg)), **r),
        row("Fig. 3: Friedman (Iman–Davenport) rejects equal ECA of the four methods",
            paper="rejected", ours=f"p = {f3['friedman'].p_ff:.2g}, Holm {p_friedman:.2g} "
                                   f"(N = {f3['friedman'].n_datasets})",
            verdict=claims.significance(int(p_friedman < ALPHA), 1), **r),
        row("Fig. 3: random forest has the worst average rank",
            paper=", ".join(f"{m} {r:.2f}" for m, r in theirs.items()),
            ours=", ".join(f"{m} {r:.2f}" for m, r in ranks.sort_values().items()),
            verdict=claims.ordering(FIG3_ORDER, ranks.to_dict(), higher_is_better=False), **r),
        row("Fig. 3: ReliefF, IG, SVM-RFE each significantly better than RF (Nemenyi, the "
            "paper's test)", paper="3 of 3", ours=f"{len(f3['beats_control_nemenyi'])} of 3",
            verdict=claims.significance(len(f3["beats_control_nemenyi"]), 3), **r),
        row("Fig. 3: ReliefF, IG, SVM-RFE each significantly better than RF (Wilcoxon, Holm)",
            paper="3 of 3", ours=f"{len(beats_rf_w)} of 3",
            verdict=claims.significance(len(beats_rf_w), 3), **r),
        row("Fig. 3: no significant difference among ReliefF, IG, SVM-RFE (Nemenyi)",
            paper="0 of 3", ours=f"{among_nem} of 3", verdict=claims.no_difference(among_nem, 3),
            reading=reading, finding="fig3-no-difference"),
        row("Fig. 3: no significant difference among ReliefF, IG, SVM-RFE (Wilcoxon, Holm)",
            paper="0 of 3", ours=f"{len(among)} of 3", verdict=claims.no_difference(len(among), 3),
            reading=reading, finding="fig3-no-difference"),
    ]


def _check_row(paper5) -> dict:
    pp = fig3_tests(paper5)
    return row("Check of our statistics, not a claim: Friedman + Nemenyi on the paper's own "
               "Table 5 give its Fig. 3", paper="CD = 0.886; RF worst, 3 of 3 significant",
               ours=f"CD = {nemenyi_cd_of(pp):.3f}; {len(pp['beats_control_nemenyi'])} of 3",
               verdict=claims.by_construction("the input is the paper's printed Table 5"),
               finding="stats-check")


# --- the summary -----------------------------------------------------------------------------

def reproduction_summary(*, table1_parts, table3_parts, table5_parts=None, n_folds: int = 10,
                         table3_random_rank=None, table1_in_fold=None,
                         profile: str | None = None) -> pd.DataFrame:
    """The paper's claims (Tables 1, 3, 5; Figs. 2, 3) against ours, one row per reported
    number or claim, every verdict by a rule of :mod:`featrank.experiments.claims`.

    Parameters
    ----------
    table1_parts : tuple
        ``(t1, t1_folds, paper1, n_train, n_test)``: :func:`.tables.table1`, the same per CV
        fold (:func:`.uncertainty.table1_folds`, shape ``(k, 3, 4)``), the paper's Table 1
        (index the weightings, columns ``ffa_delta``, ``rfa_delta``) and the sizes of a
        fold's training and test parts.
    table3_parts : tuple
        ``(t3, se3, paper3, n_realisations, heights)``: :func:`.tables.table3`,
        :func:`.uncertainty.table3_se`, the paper's Table 3 in the same layout, the
        realisations per θ, :func:`.uncertainty.curve_heights`; R_θ under the ``uniform``
        reading.
    table5_parts : tuple, optional
        ``({reading: (ours5, se5)}, paper5)``, rows datasets by the paper's names, readings
        of :data:`READINGS`; ``se5`` the plain SE over the CV folds
        (:func:`.uncertainty.table5_se`), inflated here by :func:`cv_inflation`; None when no
        dataset of Table 4 ran.
    n_folds : int
        The folds of Table 5's cross-validation.
    table1_in_fold : tuple, optional
        ``(t1, t1_folds)`` of the same pair ranked inside the training folds: its sign
        tests join the family and its rows the ``ranked inside the training folds`` reading.
    table3_random_rank : tuple, optional
        ``(t3, se3, n_realisations)`` of Table 3 under the ``random rank`` reading of R_θ
        (:mod:`.conventions`): its value rows and its trend row join the uniform reading's.
    profile : str, optional
        The run's profile (default: the active one).
    """
    from ...stats import friedman, holm_adjust

    t1, t1_folds, paper1, n_train, n_test = table1_parts
    t3, se3, paper3, m, heights = table3_parts
    tests1 = table1_tests(t1, t1_folds, n_train, n_test)
    tests1_in = ([] if table1_in_fold is None else
                 table1_tests(*table1_in_fold, n_train=n_train, n_test=n_test))
    raw = [t["p"] for t in tests1 + tests1_in]
    per_reading = {}
    if table5_parts is not None:
        by_reading, paper5 = table5_parts
        for reading, (ours5, se5) in by_reading.items():
            w = wilcoxon_pairs(ours5)
            per_reading[reading] = (ours5, se5, friedman(ours5).p_ff, w)
            raw += [friedman(ours5).p_ff, *w["p"]]
    adj = list(holm_adjust(raw)) if raw else []
    rows = _table1_rows(tests1, adj[:len(tests1)], paper1)
    at = len(tests1) + len(tests1_in)
    rows += _table1_rows(tests1_in, adj[len(tests1):at], paper1, IN_FOLD)
    rows += _table3_rows(t3, se3, paper3, m) + [_rises_row(t3)]
    if table3_random_rank is not None:
        t3r, se3r, mr = table3_random_rank
        rows += _table3_rows(t3r, se3r, paper3, mr, RANDOM_RANK) + [_rises_row(t3r, RANDOM_RANK)]
    rows.append(_fig2_row(heights))
    for reading, (ours5, se5, _, w) in per_reading.items():
        p_fr = adj[at]
        w = w.assign(p_family=adj[at + 1: at + 1 + len(w)])
        at += 1 + len(w)
        rows += _table5_rows(ours5, se5, paper5, reading, n_folds)
        rows += _fig3_rows(ours5, paper5, reading, p_fr, w)
    if table5_parts is not None:
        rows.append(_check_row(paper5))
    else:
        rows.append(row("Table 5 and Fig. 3 on the datasets of Table 4", paper="28 datasets",
                        ours="not run", verdict=claims.by_construction(
                            "no dataset of Table 4 is available in this run"),
                        finding="table5-uci"))
    return claims.summary_table(rows, profile or active_profile())


def findings_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One line per finding and reading: what it is (:data:`FINDINGS`), how many rows, how
    many of them agree (yes / partly / no / n/a) and the finding's verdict under that
    reading (its least favourable row, as the README counts it)."""
    out = []
    for (finding, reading), g in summary.groupby(["finding", "reading"], sort=False):
        counts = g["agrees"].value_counts()
        out.append({"finding": finding, "reading": reading or "—",
                    "what": FINDINGS.get(finding, ""), "rows": len(g),
                    **{a: int(counts.get(a, 0)) for a in claims.AGREES},
                    "verdict": claims.finding_verdicts(g).iloc[0]})
    return pd.DataFrame(out)


def changed_by_reading(summary: pd.DataFrame, readings=READINGS) -> pd.DataFrame:
    """The claims judged under both ``readings`` (two: those of the ranking protocol by
    default, or :data:`.conventions.RTHETA_READINGS`) whose verdict differs: finding, claim
    and the verdict under each reading."""
    first, second = readings
    both = summary[summary["reading"].isin(readings)]
    wide = both.pivot_table(index=["finding", "claim"], columns="reading", values="agrees",
                            aggfunc="first")
    if not set(readings) <= set(wide.columns):
        return wide.iloc[:0]
    wide = wide[list(readings)].dropna()
    return wide[wide[first] != wide[second]].reset_index()
