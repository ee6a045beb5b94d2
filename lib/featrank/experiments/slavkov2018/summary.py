"""Notebook 04's reproduction summary: Slavkov et al. (2018), claim by claim, on the rule book
(:mod:`featrank.experiments.claims`), against the claims declared in ``claims.toml`` (this
package's folder, :data:`CLAIMS`).

Every reported number of Tables 1, 3 and 5 is one row with its rule: Table 1's signs by
**direction** (its values belong to the paper's own pair of curves, which is not published),
Tables 3 and 5 by **value** with our standard error (Table 5's over the CV folds, corrected for
the folds' shared training data); "ECA rises with θ" and Fig. 2 by **trend**, each step a
one-sided test of its rise; Fig. 3 by **all cases**, **significance** and **ordering** with
the paper's test (Friedman + Nemenyi) and the pairwise Wilcoxon–Holm test beside it, and
"no significant difference among ReliefF, IG and SVM-RFE" by **equivalence**: a paired
bootstrap over the datasets of the mean-rank differences, against the paper's own critical
difference. Holm's correction runs within one finding's rows
(:func:`featrank.experiments.claims.holm_by_finding`).

Table 1, Table 5 and Fig. 3 get one row per reading of the ranking protocol, which the paper
does not state (:data:`READINGS`); Table 3's values and its trend one row per reading of R_θ,
whose convention the paper does not state either (:data:`RTHETA`). Readings are named
``choice=option`` (specifications of :mod:`featrank.experiments.specifications`).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as ss

from ...config import active_profile
from .. import claims
from ..claims import row
from .conventions import RANDOM_RANK, UNIFORM
from .fig3 import fig3_tests, nemenyi_cd_of, wilcoxon_pairs
from .tables import METHODS, MICROARRAYS, SCALE_METHODS, WEIGHTING_LABELS, WEIGHTINGS

# --- fixed before looking at our numbers -----------------------------------------------------

#: the claims of the paper, declared with their rules, margins and readings
CLAIMS = Path(__file__).parent / "claims.toml"
#: significance level of every test (the paper's, Sec. 5.3)
ALPHA = claims.ALPHA
#: the realisations per θ behind the paper's Table 3 (Sec. 4.2): its Monte-Carlo SE is ours
#: scaled by sqrt(ours / 100)
PAPER_REALISATIONS = 100
#: the two readings of the ranking protocol (Sec. 5.2 does not say where the rankings of
#: Table 5 were learnt)
WHOLE, IN_FOLD = "protocol=whole data", "protocol=in-fold"
READINGS = (WHOLE, IN_FOLD)
#: the two readings of R_θ (:mod:`.conventions`) as specifications
R_UNIFORM, R_RANDOM = f"R_θ={UNIFORM}", f"R_θ={RANDOM_RANK}"
RTHETA = (R_UNIFORM, R_RANDOM)
#: the order of Fig. 3: ReliefF, IG and SVM-RFE ahead of random forest (the paper does not
#: separate the first three)
FIG3_ORDER = (("ReliefF", "IG", "SVM-RFE"), "RF")
#: the three methods Fig. 3 does not separate
FIG3_CLIQUE = ("ReliefF", "IG", "SVM-RFE")
#: paired bootstrap resamples of the datasets for the equivalence interval of Fig. 3
N_BOOT = 2000
#: one short sentence per finding (the notebook's notes below the table give the details)
FINDINGS = {
    "table1-signs": "the better ranking has FFA_δ > 0 and RFA_δ < 0 under every weighting",
    "table3-dist": "dist(R_GT, R_θ) follows the paper's within noise at some θ only",
    "table3-eca": "our ECA(R_GT, R_θ) is below the paper's at small θ under every weighting",
    "table3-rises": "ECA(R_GT, R_θ) rises with θ under every weighting, step by step",
    "fig2-between": "the noisy curves lie between the ground truth's and random",
    "table5-uci": "our UCI values of Table 5 are about 2.4 times smaller than the paper's",
    "table5-microarrays": "our microarray values of Table 5 depend on where the rankings "
                          "were learnt",
    "fig3-rf-last": "our random forest is neither inverted nor significantly last",
    "fig3-no-difference": "ReliefF, IG and SVM-RFE within the paper's CD of one another",
    "stats-check": "our statistics reproduce Fig. 3 from the paper's own Table 5",
}


def declared() -> dict:
    """The claims of :data:`CLAIMS`, checked (:func:`featrank.experiments.claims.declared_claims`).

    >>> sorted(declared())[:3]
    ['fig2-between', 'fig3-no-difference', 'fig3-rf-last']
    """
    return claims.declared_claims(CLAIMS)


def _se(x) -> float:
    """An SE rounded to two significant digits (how it is printed)."""
    return float(f"{x:.2g}")


def _r(x, digits: int = 4) -> float:
    return round(float(x), digits)


def _ci(estimate: float, se: float, q: float = 1.959964) -> tuple:
    """The 95 % interval ``estimate ± q se``, rounded as printed."""
    return _r(estimate - q * se), _r(estimate + q * se)


def mde_friedman(k: int, n_datasets: int, *, alpha: float = ALPHA, power: float = 0.8) -> float:
    """Minimal gap of mean ranks between one method and the other ``k - 1`` (equal among
    themselves) that Friedman's chi-square test over ``n_datasets`` blocks detects with
    probability ``power``: the non-centrality ``12 N / (k (k + 1)) · Σ_j (R_j − R̄)²``, with
    ``Σ_j (R_j − R̄)² = δ² (k − 1) / k`` for such a gap δ, of the non-central chi-square that
    reaches ``power`` at the test's critical value (the Iman–Davenport F, the paper's, is
    close to it).

    >>> round(mde_friedman(4, 21), 2), round(mde_friedman(4, 28), 2)
    (1.07, 0.93)
    """
    from scipy.optimize import brentq

    crit = ss.chi2.ppf(1 - alpha, k - 1)
    lam = brentq(lambda x: ss.ncx2.sf(crit, k - 1, x) - power, 1e-6, 1e3)
    return math.sqrt(lam * k * (k + 1) / (12.0 * n_datasets) * k / (k - 1))


def _value_mde(se: float, paper_se: float) -> float:
    """The discrepancy from the paper's value that the value rule sees at 80 % power (two-
    sided, the two standard errors combined)."""
    from ...stats import mde

    return mde(math.hypot(se, paper_se), sided=2)


# --- the tests of Table 1 --------------------------------------------------------------------

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
    ``se`` (the corrected SE), ``df`` (folds − 1), ``expected`` and the one-sided ``p`` (not
    yet adjusted)."""
    from ...stats import corrected_resampled_ttest

    out = []
    for quantity, expected in (("FFA_delta", 1), ("RFA_delta", -1)):
        for j, w in enumerate(t1.columns):
            d = np.asarray(t1_folds)[:, list(t1.index).index(quantity), j]
            res = corrected_resampled_ttest(d, n_train, n_test)
            se = math.sqrt((1 / d.size + n_test / n_train) * d.var(ddof=1))
            out.append({"quantity": quantity, "weighting": w,
                        "estimate": float(t1.loc[quantity, w]), "se": se, "df": d.size - 1,
                        "expected": expected, "p": _one_sided(res, expected)})
    return out


# --- rows ------------------------------------------------------------------------------------

def _table1_rows(tests, p_adj, paper1, reading: str = WHOLE) -> list:
    from ...stats import mde

    rows = []
    for t, p in zip(tests, p_adj):
        label = "FFA_δ > 0" if t["quantity"] == "FFA_delta" else "RFA_δ < 0"
        paper = float(paper1.loc[t["weighting"], t["quantity"].lower()])
        m = mde(t["se"], df=t["df"])
        q = float(ss.t.ppf(0.975, t["df"]))
        rows.append(row(f"Table 1, {WEIGHTING_LABELS[t['weighting']]}: {label}",
                        paper=paper, ours=round(t["estimate"], 3), se=_se(t["se"]),
                        ci=_ci(t["estimate"], t["se"], q), mde=_r(m),
                        verdict=claims.direction(t["estimate"], t["se"], p,
                                                 expected=t["expected"], mde=m, effect=paper),
                        reading=reading, finding="table1-signs"))
    return rows


def _table3_rows(t3, se3, paper3, n_realisations: int, reading: str = R_UNIFORM) -> list:
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
            v = claims.value(paper, ours, se, paper_se=paper_se)
            rows.append(row(f"Table 3, {label}, {what}", paper=paper, ours=round(ours, 3),
                            se=_se(se), ci=_ci(ours, se),
                            mde="" if v.agrees == "yes" else _r(_value_mde(se, paper_se)),
                            verdict=v, reading=reading, finding=finding))
    return rows


def _steps(values, *, increasing: bool) -> tuple:
    step = np.diff(np.asarray(values, float))
    return int(np.sum(step > 0 if increasing else step < 0)), int(step.size)


def step_tests(values, ses, *, expected: int = 1, paper=None) -> list:
    """The steps of a claimed trend: per step of ``values`` (independent estimates with
    standard errors ``ses``), the change, its SE (the two combined), the one-sided normal
    p-value for the ``expected`` sign, its minimal detectable effect and the paper's own
    step (from ``paper``, the paper's values at the same points, else None).

    >>> s = step_tests([0.1, 0.2, 0.19], [0.01, 0.01, 0.01], paper=[0.1, 0.15, 0.3])
    >>> [round(t["estimate"], 2) for t in s], round(s[0]["p"], 6), s[1]["effect"]
    ([0.1, -0.01], 0.0, 0.15)
    """
    from ...stats import mde

    v, e = np.asarray(values, float), np.asarray(ses, float)
    out = []
    for i in range(v.size - 1):
        d, se = float(v[i + 1] - v[i]), float(math.hypot(e[i], e[i + 1]))
        p = float(ss.norm.sf(expected * d / se)) if se > 0 else (0.0 if expected * d > 0 else 1.0)
        out.append({"estimate": d, "se": se, "p": p, "mde": mde(se), "expected": expected,
                    "effect": None if paper is None else round(float(paper[i + 1] - paper[i]),
                                                               6)})
    return out


def _trend_row(claim: str, steps, p_adj, *, paper: str, reading: str, finding: str) -> dict:
    verdicts = [claims.direction(t["estimate"], t["se"], p, expected=t["expected"],
                                 mde=t["mde"], effect=t["effect"])
                for t, p in zip(steps, p_adj)]
    up = sum(math.copysign(1, t["estimate"]) == t["expected"] and t["estimate"] != 0
             for t in steps)
    sig = sum(v.agrees == "yes" for v in verdicts)
    return row(claim, paper=paper, ours=f"{up} of {len(steps)} the claimed way, {sig} "
               "significant", mde=_r(max(t["mde"] for t in steps)),
               verdict=claims.trend(verdicts), reading=reading, finding=finding)


def _rises_tests(t3, se3, paper3) -> dict:
    cols = [c for c in t3.columns if c != "corr"]
    return {w: step_tests(t3.loc[w, cols], se3.loc[w, cols], paper=paper3.loc[w, cols].to_numpy())
            for w in WEIGHTINGS}


def _fig2_tests(heights) -> dict:
    return {"FFA": step_tests(heights["ffa"], heights["ffa_se"], expected=-1),
            "RFA": step_tests(heights["rfa"], heights["rfa_se"], expected=1)}


def cv_inflation(n_folds: int) -> float:
    """The factor by which the SE of a k-fold CV mean over its folds understates its sampling
    error, the folds sharing their training data: Nadeau & Bengio (2003)'s correction,
    sqrt(1 + k · n_test / n_train) = sqrt(1 + k / (k − 1)).

    >>> round(cv_inflation(10), 3)
    1.453
    """
    return math.sqrt(1 + n_folds / (n_folds - 1))


def _value_row(claim, paper, ours, se, paper_se, reading, finding) -> dict:
    v = claims.value(paper, ours, se, paper_se=paper_se)
    return row(claim, paper=paper, ours=round(ours, 3), se=_se(se), ci=_ci(ours, se),
               mde="" if v.agrees == "yes" else _r(_value_mde(se, paper_se)), verdict=v,
               reading=reading, finding=finding)


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
                rows.append(_value_row(f"Table 5, {d}, {m}", p, o, s,
                                       math.hypot(s, claims.printed_se(p)), reading, finding))
        if ds:
            ms = [m for m in SCALE_METHODS if m in ours5.columns]
            o = float(ours5.loc[ds, ms].to_numpy().mean())
            p = float(paper5.loc[ds, ms].to_numpy().mean())
            s = float(np.sqrt((se5.loc[ds, ms].to_numpy() ** 2).sum()) / (len(ds) * len(ms)))
            rows.append(_value_row(f"Table 5, {group} mean of IG, ReliefF, SVM-RFE "
                                   f"({len(ds)} datasets)", round(p, 3), o, s,
                                   math.hypot(s, 0.0005), reading, finding))
        else:
            rows.append(row(f"Table 5, {group} datasets", paper="values", ours="not run",
                            verdict=claims.by_construction(f"no {group} dataset of Table 5 "
                                                           "was run at this profile"),
                            reading=reading, finding=finding))
    return rows


def rank_gap_interval(scores: pd.DataFrame, a: str, b: str, *, alpha: float = ALPHA,
                      n_boot: int = N_BOOT, seed: int = 0) -> tuple:
    """The mean-rank difference ``rank(a) − rank(b)`` over the datasets of a Table-5-like
    table (ranks among all its methods within each dataset, 1 the best, as Friedman's), and
    its ``1 − 2 alpha`` paired-bootstrap percentile interval (datasets resampled together):
    ``(estimate, low, high)``, the interval of two one-sided tests (rule **equivalence**).

    >>> t = pd.DataFrame({"a": [3, 2, 3, 1.0], "b": [1, 3, 2, 2.0], "c": [2, 1, 1, 3.0]})
    >>> est, low, high = rank_gap_interval(t, "a", "b")
    >>> est, low <= est <= high
    (-0.25, True)
    """
    from ...stats import rank_table

    ranks = pd.DataFrame(rank_table(scores.to_numpy(float)), columns=scores.columns)
    d = (ranks[a] - ranks[b]).to_numpy()
    rng = np.random.default_rng(seed)
    boot = d[rng.integers(0, d.size, (n_boot, d.size))].mean(axis=1)
    low, high = np.quantile(boot, [alpha, 1 - alpha])
    return float(d.mean()), float(low), float(high)


def _fig3_tests(ours5, paper5) -> dict:
    """Fig. 3's tests on one table: Friedman, Nemenyi against RF, the Wilcoxon pairs with RF
    (unadjusted p), rank and ECA gaps, the paper's own gaps."""
    f3 = fig3_tests(ours5)
    pf = fig3_tests(paper5)
    others = [m for m in METHODS if m != "RF"]
    w = wilcoxon_pairs(ours5)
    w = w[(w["a"] == "RF") | (w["b"] == "RF")].copy()
    w["method"] = [b if a == "RF" else a for a, b in zip(w["a"], w["b"])]
    w = w.set_index("method").loc[others]
    gap = {m: float(f3["friedman"].average_ranks["RF"] - f3["friedman"].average_ranks[m])
           for m in others}
    pgap = {m: float(pf["friedman"].average_ranks["RF"] - pf["friedman"].average_ranks[m])
            for m in others}
    diff = {m: (ours5[m] - ours5["RF"]).to_numpy(float) for m in others}
    pdiff = {m: float((paper5[m] - paper5["RF"]).mean()) for m in others}
    return {"f3": f3, "wilcoxon": w, "gap": gap, "paper_gap": pgap, "diff": diff,
            "paper_diff": pdiff, "others": others}


def _fig3_rows(ours5, paper5, reading: str, tests: dict, p_friedman: float,
               p_wilcoxon: dict) -> list:
    from ...stats import mde_nemenyi, mde_wilcoxon, wilcoxon_min_p

    f3, others = tests["f3"], tests["others"]
    n = f3["friedman"].n_datasets
    ranks = f3["friedman"].average_ranks
    theirs = fig3_tests(paper5)["friedman"].average_ranks.sort_values()
    common = [d for d in paper5.index if d in ours5.index]
    neg = [d for d in common if paper5.loc[d, "RF"] < 0]
    k_neg = sum(ours5.loc[d, "RF"] < 0 for d in neg)
    w = tests["wilcoxon"]
    beats_w = [m for m in others if p_wilcoxon[m] < ALPHA and w.loc[m, "better"] == m]
    gaps = ", ".join(f"{m} {tests['gap'][m]:+.2f}" for m in others)
    pgaps = ", ".join(f"{m} {tests['paper_gap'][m]:+.2f}" for m in others)
    ecas = ", ".join(f"{m} {tests['diff'][m].mean():+.3f}" for m in others)
    pecas = ", ".join(f"{m} {tests['paper_diff'][m]:+.3f}" for m in others)
    gap_all = float(ranks["RF"] - ranks[others].mean())
    m_fr = mde_friedman(f3["friedman"].k, n)
    m_nem = mde_nemenyi(f3["friedman"].k, n)
    m_w = max(mde_wilcoxon(float(tests["diff"][m].std(ddof=1)), n) for m in others)
    fr_ok = int(p_friedman < ALPHA)
    r = dict(reading=reading, finding="fig3-rf-last")
    return [
        row("Table 5: random forest negative where the paper's is (Sec. 5.3)",
            paper=f"{len(neg)} of {len(neg)}", ours=f"{k_neg} of {len(neg)}",
            verdict=claims.all_cases(k_neg, len(neg)), **r),
        row("Fig. 3: Friedman (Iman–Davenport) rejects equal ECA of the four methods "
            "(mde: RF's mean-rank gap to the rest)",
            paper="rejected", ours=f"p = {f3['friedman'].p_ff:.2g}, Holm {p_friedman:.2g} "
                                   f"(N = {n}); RF's gap to the rest {gap_all:+.2f}",
            mde="" if fr_ok else _r(m_fr, 3), verdict=claims.significance(fr_ok, 1), **r),
        row("Fig. 3: random forest has the worst average rank",
            paper=", ".join(f"{m} {v:.2f}" for m, v in theirs.items()),
            ours=", ".join(f"{m} {v:.2f}" for m, v in ranks.sort_values().items()),
            verdict=claims.ordering(FIG3_ORDER, ranks.to_dict(), higher_is_better=False), **r),
        row("Fig. 3: ReliefF, IG, SVM-RFE each significantly better than RF (Nemenyi, the "
            "paper's test; mde in mean ranks)", paper=f"3 of 3 (rank gaps {pgaps})",
            ours=f"{len(f3['beats_control_nemenyi'])} of 3 (rank gaps {gaps})",
            mde="" if len(f3["beats_control_nemenyi"]) == 3 else _r(m_nem, 3),
            verdict=claims.significance(len(f3["beats_control_nemenyi"]), 3), **r),
        row("Fig. 3: ReliefF, IG, SVM-RFE each significantly better than RF (Wilcoxon, Holm; "
            "mde in ECA)", paper=f"3 of 3 (mean ECA gaps {pecas})",
            ours=f"{len(beats_w)} of 3 (mean ECA gaps {ecas})",
            mde="" if len(beats_w) == 3 else _r(m_w, 4),
            verdict=claims.significance(len(beats_w), 3,
                                        attainable=wilcoxon_min_p(n) <= ALPHA), **r),
    ]


def _no_difference_row(ours5, reading: str, margin: float, source: str, seed: int = 0) -> dict:
    """Fig. 3's "not differing significantly among each other": the three mean-rank
    differences among ReliefF, IG and SVM-RFE, each by two one-sided tests against the
    paper's critical difference (its paired-bootstrap ``1 − 2 alpha`` interval), together
    by :func:`featrank.experiments.claims.equivalent_all`."""
    pairs = [(a, b) for i, a in enumerate(FIG3_CLIQUE) for b in FIG3_CLIQUE[i + 1:]]
    est = {pr: rank_gap_interval(ours5, *pr, seed=seed) for pr in pairs}
    verdicts = [claims.equivalence(e, lo, hi, margin, source=source) for e, lo, hi in est.values()]
    worst = max(est, key=lambda pr: abs(est[pr][0]))
    e, lo, hi = est[worst]
    low, high = min(v[1] for v in est.values()), max(v[2] for v in est.values())
    each = "; ".join(f"{a}−{b} {v[0]:+.2f} [{v[1]:+.2f}, {v[2]:+.2f}]" for (a, b), v in est.items())
    return row("Fig. 3: ReliefF, IG, SVM-RFE not different: every mean-rank difference within "
               f"±{margin:g} (largest |difference|; interval: all three, 90 % paired bootstrap)",
               paper=f"within ±{margin:g} (no Nemenyi difference)", ours=_r(e, 3),
               ci=(_r(low, 3), _r(high, 3)), verdict=claims.equivalent_all(verdicts),
               reading=reading, finding="fig3-no-difference") | {
        "why_not": claims.equivalent_all(verdicts).why_not + (f" ({each})" if any(
            v.agrees != "yes" for v in verdicts) else "")}


def _check_row(paper5) -> dict:
    pp = fig3_tests(paper5)
    return row("Check of our statistics, not a claim: Friedman + Nemenyi on the paper's own "
               "Table 5 give its Fig. 3", paper="CD = 0.886; RF worst, 3 of 3 significant",
               ours=f"CD = {nemenyi_cd_of(pp):.3f}; {len(pp['beats_control_nemenyi'])} of 3",
               verdict=claims.Verdict(
                   "yes" if len(pp["beats_control_nemenyi"]) == 3
                   and abs(nemenyi_cd_of(pp) - 0.886) < 5e-4 else "no",
                   "" if len(pp["beats_control_nemenyi"]) == 3 else "our tests miss Fig. 3",
                   "check"), finding="stats-check")


# --- the summary -----------------------------------------------------------------------------

def _not_run(finding: str, reading: str) -> dict:
    return row(f"Table 5 and Fig. 3 on the datasets of Table 4 ({finding})", paper="28 datasets",
               ours="not run", verdict=claims.by_construction(
                   "no dataset of Table 4 is available in this run"),
               reading=reading, finding=finding)


def reproduction_summary(*, table1_parts, table3_parts, table5_parts=None, n_folds: int = 10,
                         table3_random_rank=None, table1_in_fold=None,
                         profile: str | None = None, declared_claims: dict | None = None
                         ) -> pd.DataFrame:
    """The paper's claims (Tables 1, 3, 5; Figs. 2, 3) against ours, one row per reported
    number or claim, every verdict by a rule of :mod:`featrank.experiments.claims`, checked
    against the declared claims (:func:`declared`; or ``declared_claims``).

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
        ``(t1, t1_folds)`` of the same pair ranked inside the training folds: its rows are
        the ``protocol=in-fold`` reading.
    table3_random_rank : tuple, optional
        ``(t3, se3, n_realisations)`` of Table 3 under the ``random rank`` reading of R_θ
        (:mod:`.conventions`): its value rows and its trend rows join the uniform reading's.
    profile : str, optional
        The run's profile (default: the active one).
    """
    decl = declared() if declared_claims is None else declared_claims
    t1, t1_folds, paper1, n_train, n_test = table1_parts
    t3, se3, paper3, m, heights = table3_parts
    rows = []

    # Table 1: Holm over the finding's sign tests (both readings)
    tests1 = {WHOLE: table1_tests(t1, t1_folds, n_train, n_test)}
    if table1_in_fold is not None:
        tests1[IN_FOLD] = table1_tests(*table1_in_fold, n_train=n_train, n_test=n_test)
    flat = [(rd, t) for rd, ts in tests1.items() for t in ts]
    adj = claims.holm_by_finding([t["p"] for _, t in flat], ["table1-signs"] * len(flat))
    for rd in tests1:
        rows += _table1_rows([t for r, t in flat if r == rd],
                             [p for (r, _), p in zip(flat, adj) if r == rd], paper1, rd)

    # Table 3: values per reading of R_θ; the trend by its steps, Holm over the finding
    parts3 = {R_UNIFORM: (t3, se3, m)}
    if table3_random_rank is not None:
        parts3[R_RANDOM] = table3_random_rank
    for rd, (t, se, mm) in parts3.items():
        rows += _table3_rows(t, se, paper3, mm, rd)
    steps = {(rd, w): st for rd, (t, se, _) in parts3.items()
             for w, st in _rises_tests(t, se, paper3).items()}
    flat = [st for sts in steps.values() for st in sts]
    adj = iter(claims.holm_by_finding([s["p"] for s in flat], ["table3-rises"] * len(flat)))
    for (rd, w), sts in steps.items():
        rows.append(_trend_row(f"Table 3: ECA(R_GT, R_θ), {WEIGHTING_LABELS[w]}, rises at "
                               "every step of θ", sts, [next(adj) for _ in sts],
                               paper=f"{len(sts)} of {len(sts)}", reading=rd,
                               finding="table3-rises"))

    # Fig. 2: the mean heights step by step from R_GT through θ to random
    f2 = _fig2_tests(heights)
    flat = [st for sts in f2.values() for st in sts]
    adj = iter(claims.holm_by_finding([s["p"] for s in flat], ["fig2-between"] * len(flat)))
    for curve, sts in f2.items():
        way = "falls" if curve == "FFA" else "rises"
        rows.append(_trend_row(f"Fig. 2: mean {curve} height {way} at every step from R_GT "
                               "through θ to random", sts, [next(adj) for _ in sts],
                               paper=f"{len(sts)} of {len(sts)}", reading="",
                               finding="fig2-between"))

    # Table 5 and Fig. 3, per reading of the ranking protocol
    if table5_parts is None:
        for finding in ("table5-uci", "table5-microarrays", "fig3-rf-last",
                        "fig3-no-difference"):
            rows += [_not_run(finding, rd) for rd in READINGS]
    else:
        by_reading, paper5 = table5_parts
        tests = {rd: _fig3_tests(ours5, paper5) for rd, (ours5, _) in by_reading.items()}
        # Holm over fig3-rf-last's p-values: Friedman and the Wilcoxon pairs with RF
        keys = [(rd, "friedman") for rd in tests] + [(rd, mth) for rd, t in tests.items()
                                                     for mth in t["others"]]
        raw = [tests[rd]["f3"]["friedman"].p_ff if k == "friedman" else
               float(tests[rd]["wilcoxon"].loc[k, "p"]) for rd, k in keys]
        adj = dict(zip(keys, claims.holm_by_finding(raw, ["fig3-rf-last"] * len(raw))))
        margin = decl["fig3-no-difference"]["margin"]
        source = decl["fig3-no-difference"]["source"].split(" (")[0]
        for rd, (ours5, se5) in by_reading.items():
            rows += _table5_rows(ours5, se5, paper5, rd, n_folds)
            rows += _fig3_rows(ours5, paper5, rd, tests[rd], adj[(rd, "friedman")],
                               {mth: adj[(rd, mth)] for mth in tests[rd]["others"]})
            rows.append(_no_difference_row(ours5, rd, margin, source))
    return claims.summary_table(rows, profile or active_profile(), decl)


def reproduction_checks(paper5=None, profile: str | None = None) -> pd.DataFrame:
    """The self-checks of notebook 04, out of the summary and its counts
    (:func:`featrank.experiments.claims.checks_table`): our Friedman + Nemenyi on the
    paper's own Table 5 (``paper5``) give its Fig. 3."""
    if paper5 is None:
        from .tables import paper_table

        paper5 = paper_table("table5")
    return claims.checks_table([_check_row(paper5)], profile or active_profile())


#: the further choice of :func:`rf_inverted_specs`
RF_INVERTED = "RF=inverted where the paper's is negative"


def rf_inverted_specs(by_reading: dict, paper5: pd.DataFrame) -> list:
    """Fig. 3's two findings with our random forest's ECA negated on the datasets where the
    paper's is negative (its inverted rankings, Sec. 5.3; investigation (c)), under each
    reading of ``by_reading`` (``{reading: (ours5, se5)}``): rows ``finding,
    specification, agrees`` for the specification curve, the specification
    ``<reading>; RF=inverted where the paper's is negative``, beside ``<reading>; RF=as
    ranked`` (the summary's own, its Holm family of this reading alone) so that the choice
    is complete."""
    decl = declared()["fig3-no-difference"]
    out = []
    for rd, (ours5, _) in by_reading.items():
        neg = paper5.reindex(ours5.index)["RF"].lt(0).to_numpy()
        for option, t in (("RF=as ranked", ours5),
                          (RF_INVERTED, ours5.assign(RF=np.where(neg, -ours5["RF"],
                                                                 ours5["RF"])))):
            tests = _fig3_tests(t, paper5)
            raw = [tests["f3"]["friedman"].p_ff] + [float(tests["wilcoxon"].loc[m, "p"])
                                                    for m in tests["others"]]
            adj = claims.holm_by_finding(raw, ["fig3-rf-last"] * len(raw))
            rows = _fig3_rows(t, paper5, rd, tests, adj[0],
                              dict(zip(tests["others"], adj[1:])))
            rows.append(_no_difference_row(t, rd, decl["margin"],
                                           decl["source"].split(" (")[0]))
            for finding in ("fig3-rf-last", "fig3-no-difference"):
                agrees = claims._worst([r["agrees"] for r in rows if r["finding"] == finding])
                out.append({"finding": finding, "specification": f"{rd}; {option}",
                            "agrees": agrees})
    return out


def averaging_specs(avg3: pd.DataFrame, se3: pd.DataFrame, paper3: pd.DataFrame,
                    n_realisations: int) -> list:
    """Table 3's ECA rows (uniform reading) under both averagings of the realisations: the
    ECA of the mean curves (ours, ``of_mean`` of :func:`.averaging.averaging_table`) and the
    mean of the single ECAs (``mean_of``); rows ``finding, specification, agrees`` for the
    specification curve (the correlation column is left out: it is not averaged)."""
    out = []
    for col, option in (("of_mean", "ECA of mean curves"), ("mean_of", "mean of ECAs")):
        t3 = avg3.pivot(index="weighting", columns="theta", values=col)
        t3.columns = [f"{float(c):g}" for c in t3.columns]
        t3 = t3.loc[[w for w in WEIGHTINGS if w in t3.index]]
        cols = [c for c in t3.columns if c in se3.columns]
        rows = _table3_rows(t3[cols], se3.loc[t3.index, cols], paper3.loc[t3.index, cols],
                            n_realisations)
        out.append({"finding": "table3-eca",
                    "specification": f"{R_UNIFORM}; averaging={option}",
                    "agrees": claims._worst([r["agrees"] for r in rows])})
    return out


def findings_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One line per finding and reading: what it is (:data:`FINDINGS`), how many rows, how
    many of them take each verdict (:data:`featrank.experiments.claims.AGREES`), whether the
    reading is the supported one, the verdict under that reading (its least favourable row)
    and the finding's headline (:func:`featrank.experiments.claims.finding_verdicts`: the
    supported reading's verdict, as the README counts it)."""
    headline = claims.finding_verdicts(summary)
    out = []
    for (finding, reading), g in summary.groupby(["finding", "reading"], sort=False):
        counts = g["agrees"].value_counts()
        out.append({"finding": finding, "reading": reading or "—",
                    "supported": "yes" if (g["supported"] == "yes").any() else
                    ("no" if (g["supported"] == "no").any() else ""),
                    "what": FINDINGS.get(finding, ""), "rows": len(g),
                    **{a: int(counts.get(a, 0)) for a in claims.AGREES},
                    "verdict": claims._worst(g["agrees"]), "headline": headline[finding]})
    return pd.DataFrame(out)


def changed_by_reading(summary: pd.DataFrame, readings=READINGS) -> pd.DataFrame:
    """The claims judged under both ``readings`` (two: those of the ranking protocol by
    default, or :data:`RTHETA`) whose verdict differs: finding, claim and the verdict under
    each reading."""
    first, second = readings
    both = summary[summary["reading"].isin(readings)]
    wide = both.pivot_table(index=["finding", "claim"], columns="reading", values="agrees",
                            aggfunc="first")
    if not set(readings) <= set(wide.columns):
        return wide.iloc[:0]
    wide = wide[list(readings)].dropna()
    return wide[wide[first] != wide[second]].reset_index()
