"""Notebook 01's reproduction summary: Quevedo, Bahamonde & Luaces (2007), claim by claim, on
the rule book (:mod:`featrank.experiments.claims`).

How each kind of claim is measured (fixed before looking at our numbers):

- *averages* ("best on average", "second", "notably worse"): the paired difference between
  two rankers over the same single experiments (points of the problem space, Sec. 4.2), its
  standard error (SE) and a one-sided one-sample t-test; rule ``direction``;
- *trends* ("falls as m grows", "rises with eta"): paired within cells. A cell is one
  combination of the block's other parameters; per cell the least-squares slope of the
  single experiments' AUC-FR on the parameter, then the mean slope over cells (shown as the
  change over the parameter's range) with its SE and a one-sided one-sample t-test across
  cells, beside the count of cells with the claimed sign; rule ``direction``. One slope
  fitted across all experiments would compare cells of very different levels, which the
  paired design of the grids avoids;
- every p-value of a ``direction`` row is Holm-adjusted over the notebook's family of such
  tests (:func:`featrank.stats.holm_adjust`); the no-difference tests of Fig. 1 form their
  own family;
- *orders* of rankers: rule ``ordering``; *levels* (a number the paper states or reads off
  a grid): rule ``value``; *which rankers rank well*: rule ``all_cases``;
- *speed*: the stored times are wall-clock seconds of each fit, measured once when the task
  was first computed, on a shared two-core machine under varying load; they fall as m grows
  where every algorithm's work grows, so they cannot support a ratio: ``by_construction``
  (n/a), with our ratios shown.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ...config import active_profile
from ...stats import holm_adjust
from ..claims import (all_cases, by_construction, direction, no_difference, ordering,
                      plus_minus, row, summary_table, value)
from . import grids as q

POINT = ["m", "n", "r", "d", "eta", "sigma"]
#: the rivals of the comparison (the ablation "SPE w/o GS" and FCBF are not in Figs. 2-7)
RIVALS = [r for r in q.RANKERS if r != "SPE w/o GS"]
#: a ranker "ranks well": median AUC-FR at least halfway from random (0.5) to perfect (1)
GOOD = 0.75
#: "nearly constant", "near 0.5": within a tenth of the span from random (0.5) to perfect (1)
TOLERANCE = 0.05
SYMBOL = {"eta": "η", "sigma": "σ"}


def mean_se(values) -> tuple[float, float]:
    """Mean and its standard error (``sd / sqrt(n)``; NaN SE for one value).

    >>> m, se = mean_se([1.0, 2.0, 3.0])
    >>> m, round(se, 4)
    (2.0, 0.5774)
    """
    v = np.asarray(values, dtype=float)
    se = v.std(ddof=1) / np.sqrt(v.size) if v.size > 1 else float("nan")
    return float(v.mean()), float(se)


def slope_se(x, y) -> tuple[float, float]:
    """Least-squares slope of ``y`` on ``x`` and its standard error (NaN with fewer than
    three points: no residual is left to estimate it).

    >>> s, se = slope_se([0, 1, 2, 3], [0.0, 1.1, 1.9, 3.0])
    >>> round(s, 3), round(se, 3)
    (0.98, 0.042)
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    xc = x - x.mean()
    b = float(xc @ (y - y.mean()) / (xc @ xc))
    resid = y - y.mean() - b * xc
    if x.size < 3:
        return b, float("nan")
    se = np.sqrt(resid @ resid / (x.size - 2) / (xc @ xc))
    return b, float(se)


def one_sample(values, expected: int) -> dict:
    """Mean of paired values, its SE, the one-sided p-value of a t-test of the ``expected``
    sign (+1 or -1), and how many values have that sign.

    >>> t = one_sample([-0.1, -0.2, -0.15, 0.01], expected=-1)
    >>> round(t["estimate"], 3), t["n_sign"], t["n"], round(t["p"], 3)
    (-0.11, 3, 4, 0.046)
    """
    v = np.asarray(values, dtype=float)
    est, se = mean_se(v)
    if v.size < 2 or not se > 0:
        p = 1.0
    else:
        p = float(stats.ttest_1samp(v, 0.0, alternative="greater" if expected > 0
                                    else "less").pvalue)
    return dict(estimate=est, se=se if np.isfinite(se) else 0.0, p=p,
                n_sign=int((np.sign(v) == expected).sum()), n=int(v.size))


def _se_or_none(se):
    """A standard error to judge by, or None where there is none (one value, no spread)."""
    return se if np.isfinite(se) and se > 0 else None


def cell_slopes(medians: pd.DataFrame, x: str, ranker: str) -> pd.Series:
    """Per cell (a combination of the other parameters of ``POINT``) the least-squares slope
    of the single experiments' AUC-FR on ``x``; cells with one value of ``x`` are left out."""
    d = medians[medians.ranker == ranker]
    cells = [c for c in POINT if c in d and c != x]
    out = {}
    for key, g in d.groupby(cells):
        if g[x].nunique() > 1:
            out[key] = slope_se(g[x], g["auc_fr"])[0]
    return pd.Series(out, dtype=float)


def _wide(medians: pd.DataFrame, cols=POINT) -> pd.DataFrame:
    """Single experiments down, rankers across (AUC-FR medians)."""
    return medians.pivot_table(index=[c for c in cols if c in medians], columns="ranker",
                               values="auc_fr")


def overall_table(medians: pd.DataFrame) -> pd.DataFrame:
    """Per ranker: mean AUC-FR over single experiments, its SE, and the paired lead of the
    best ranker over it (mean difference over the same points) with that lead's SE; best
    first."""
    w = _wide(medians).dropna()
    best = w.mean().idxmax()
    lead = w[best].to_numpy()[:, None] - w.to_numpy()
    out = pd.DataFrame({"auc_fr": w.mean(), "se": w.std(ddof=1) / np.sqrt(len(w)),
                        "lead_of_best": lead.mean(0),
                        "lead_se": lead.std(0, ddof=1) / np.sqrt(len(w))}, index=w.columns)
    return out.sort_values("auc_fr", ascending=False)


class _Family:
    """The notebook's ``direction`` tests, collected, then judged with Holm-adjusted
    p-values."""

    def __init__(self):
        self.tests = []

    def add(self, claim, paper, test, expected, ours, finding=None, reading=""):
        self.tests.append((claim, paper, test, expected, ours, finding, reading))

    def rows(self):
        if not self.tests:
            return []
        adjusted = holm_adjust([t[2]["p"] for t in self.tests])
        return [row(claim, paper, f"{ours}; Holm p = {p:.2g}",
                    direction(test["estimate"], test["se"], p, expected=expected),
                    se=round(test["se"], 4), finding=finding, reading=reading)
                for (claim, paper, test, expected, ours, finding, reading), p
                in zip(self.tests, adjusted)]


def _lead(fam, w, a, b, claim, paper, expected=+1, finding=None):
    """``a`` against ``b`` paired over single experiments."""
    t = one_sample(w[a] - w[b], expected)
    fam.add(claim, paper, t, expected,
            f"{a} − {b} {t['estimate']:+.3f}; {a} ahead in {int((w[a] > w[b]).sum())} of "
            f"{t['n']} points", finding)


def _trend(fam, medians, x, ranker, expected, claim, paper, finding, reading=""):
    slopes = cell_slopes(medians, x, ranker)
    span = medians[x].max() - medians[x].min()
    t = one_sample(slopes * span, expected)
    word = "rise" if expected > 0 else "fall"
    fam.add(claim, paper, t, expected,
            f"{ranker}: change over {SYMBOL.get(x, x)} {medians[x].min():g}→{medians[x].max():g} "
            f"{t['estimate']:+.3f}; {word}s in {t['n_sign']} of {t['n']} cells", finding,
            reading)


def _speed_rows(times: pd.DataFrame, ov: pd.DataFrame):
    """The paper's speed claims: n/a on our stored wall times, ratios shown."""
    logr = np.log(times.div(times["SPE-ranker"], axis=0))
    near = [r for r in RIVALS if r != "SPE-ranker" and r in ov.index
            and ov.loc[r, "auc_fr"] >= ov.loc["SPE-ranker", "auc_fr"] - TOLERANCE]
    why = ("stored wall times of single fits on a shared machine under varying load (they "
           "fall as m grows): no basis for a ratio")
    ratios = "; ".join(f"{r} {np.exp(logr[r].mean()):.0f}x" for r in near)
    return [row("rivals of similar AUC-FR are 10-100x slower (Figs. 3, 5, 7)", "10-100x",
                f"stored times: {ratios or 'no rival within 0.05'}", by_construction(why),
                finding="timing"),
            row("SPE-ranker about 10x faster than R2W2 (Fig. 5)", "~10x",
                f"stored times: {np.exp(logr['R2W2'].mean()):.0f}x", by_construction(why),
                finding="timing")]


def _xor_rows(xdf):
    med = q.point_medians(xdf, ["r"])
    r2 = med[(med.r == 2) & med.ranker.isin(RIVALS)].set_index("ranker")["auc_fr"]
    good = sorted(r2[r2 >= GOOD].index)
    claimed = {"Relief_k", "RM"}
    held = sum((r in claimed) == (r2[r] >= GOOD) for r in r2.index)
    rows = [row("XOR r = 2: only Relief_k and RM rank well (Fig. 9)", "Relief_k, RM",
                f"median AUC-FR ≥ {GOOD}: {', '.join(good) or 'none'}",
                all_cases(held, len(r2)))]
    hi = xdf[(xdf.r >= 3) & xdf.ranker.isin(RIVALS)].groupby(["r", "rep"])["auc_fr"].mean()
    m, se = mean_se(hi)
    rows.append(row("XOR r ≥ 3: every ranker near 0.5 (Fig. 9)", "≈ 0.5", f"{m:.3f}",
                    value(0.5, m, _se_or_none(se), paper_se=0.0, tolerance=TOLERANCE),
                    se=round(se, 3) if se > 0 else ""))
    return rows


def _anti_rows(adf, step):
    s = q.anticorrelated_summary(adf)
    n_sets = int(adf["n_sets"].iloc[0])
    rows = []
    for level, paper, name in ((1.0, 0.54, "begins"), (99.0, 0.42, "always")):
        ours = q.threshold_ratio(s, level)
        # a value read off a grid: its uncertainty is half the grid step
        rows.append(row(f"false redundancy {name} below d/σ ≈ {paper} (Fig. 10)", paper,
                        f"{ours:.2f} (grid step {step:.2f}; {n_sets} sets per σ)",
                        value(paper, ours, step / 2), se=round(step / 2, 3),
                        finding="anti-correlated-thresholds"))
    corr = adf.groupby("ratio")["mean_corr"]
    for ratio, paper in ((0.42, 0.95), (0.54, 0.92)):
        m = abs(corr.mean().get(ratio, np.nan))
        claim = f"|ρ| at d/σ = {ratio} (Fig. 10)"
        if np.isnan(m):
            rows.append(row(claim, paper, "ratio not in this grid",
                            by_construction("this profile's grid misses that ratio"),
                            finding="anti-correlated-correlation"))
            continue
        se = corr.std().get(ratio) / np.sqrt(corr.size().get(ratio))
        rows.append(row(claim, paper, f"{m:.3f}", value(paper, m, se), se=round(se, 4),
                        finding="anti-correlated-correlation"))
    return rows


def _weston_rows(fam, wes):
    raw = _wide(wes[~wes.standardized], ["n"])
    means = raw.mean().reindex(RIVALS)
    order = [("RM", "GSRelief_k"), ("Relief_k", "R2W2", "SPE-ranker", "DM"), "SM"]
    ranked = ", ".join(means.sort_values(ascending=False).index)
    rows = [row("Weston's problems: RM and GSRelief_k best, SM worst (Fig. 8A)",
                "RM, GSRelief_k > Relief_k, R2W2, SPE, DM > SM", ranked,
                ordering(order, means.to_dict()))]
    diff = _wide(wes[wes.standardized], ["n"]) - raw
    t = one_sample(diff["R2W2"], -1)
    others = diff.drop(columns="R2W2").mean().abs()
    fam.add("standardising hurts R2W2 (Fig. 8B)", "R2W2 drops", t, -1,
            f"R2W2 {t['estimate']:+.3f} over {t['n']} sample sizes (largest other |Δ| "
            f"{others.max():.2f}, {others.idxmax()})")
    return rows


def _k_rows(kdf):
    med = q.point_medians(kdf, POINT + ["k"])
    claim = "Relief rankers: little gain for k > 30 (Fig. 1)"
    if not (med.k > 30).any() or not (med.k == 30).any():
        return [row(claim, "k = 30 enough", "k grid too short",
                    by_construction("this profile's k grid stops at 30"))]
    parts, pvals = [], []
    for r in ("Relief_k", "GSRelief_k"):
        w = med[med.ranker == r].pivot_table(index=POINT, columns="k", values="auc_fr")
        for k in [c for c in w.columns if c > 30]:
            diff = w[k] - w[30]
            g, se = mean_se(diff)
            parts.append(f"{r} k={k}: {plus_minus(g, se)}")
            pvals.append(float(stats.ttest_1samp(diff, 0.0).pvalue) if se > 0 else 1.0)
    n_sig = int((holm_adjust(pvals) < 0.05).sum())
    return [row(claim, "k = 30 enough", "; ".join(parts) + f" (vs k = 30; {n_sig} of "
                f"{len(pvals)} significant, Holm)", no_difference(n_sig, len(pvals)))]


def _flat_rows(deg, bias):
    rows = []
    for reading, med in (("|b| in [1, 2]", deg), ("|b| in [3, 6]", bias)):
        if med is None:
            continue
        span = med.d.max() - med.d.min()
        t = one_sample(cell_slopes(med, "d", "SPE-ranker") * span, -1)
        rows.append(row("SPE-ranker nearly constant over the degree (Fig. 6)", "flat",
                        f"change over d {t['estimate']:+.3f} ({t['n']} cells)",
                        value(0.0, t["estimate"], _se_or_none(t["se"]), paper_se=0.0,
                              tolerance=TOLERANCE),
                        se=round(t["se"], 4) if t["se"] > 0 else "", reading=reading,
                        finding="spe-flat-over-d"))
    return rows


def reproduction_summary(res: dict, *, profile: str | None = None,
                         anti_step: float = 0.01) -> pd.DataFrame:
    """The paper's claims against ours, one row each (or one per ranker or reading), every
    verdict from a rule of :mod:`featrank.experiments.claims`.

    Parameters
    ----------
    res : dict
        The notebook's raw grids (one row per data set, as :func:`run_grid` returns):
        ``red``, ``irr``, ``deg`` (Sec. 4.4.1-4.4.3 blocks), ``bias`` (the degree block
        with |b| in [3, 6], or None), ``xor``, ``anti`` (:func:`run_anticorrelated`), ``k``
        (:func:`run_k_grid`), and ``weston`` (point medians with a ``standardized``
        column).
    profile : str, optional
        The run's profile (default: the active one).
    anti_step : float
        Grid step of the anti-correlated d/σ grid.

    Returns
    -------
    DataFrame
        The columns of :data:`featrank.experiments.claims.COLUMNS`.
    """
    meds = {k: q.point_medians(res[k], POINT) for k in ("red", "irr", "deg")}
    allm = pd.concat(meds.values(), ignore_index=True).drop_duplicates(POINT + ["ranker"])
    ov = overall_table(allm)
    w = _wide(allm).dropna()
    times = allm.pivot_table(index=POINT, columns="ranker", values="time_s").dropna()
    bias = q.point_medians(res["bias"], POINT) if res.get("bias") is not None else None
    fam = _Family()
    riv = ov.loc[[r for r in RIVALS if r in ov.index]]
    best_other = riv.drop(index="SPE-ranker")["auc_fr"].idxmax()
    _lead(fam, w, "SPE-ranker", best_other, "SPE-ranker has the best AUC-FR on average "
          "(Sec. 4.4)", "place 1 of 7")
    second = riv.drop(index=["SPE-ranker", "R2W2"])["auc_fr"].idxmax()
    _lead(fam, w, "R2W2", second, "R2W2 second best on average (Sec. 4.4.4)", "place 2 of 7")
    worst = ov.drop(index="FCBF")["auc_fr"].idxmin()
    _lead(fam, w, "FCBF", worst, "FCBF notably worse than the rest (Sec. 4.4)", "worst", -1)
    eta0 = _wide(meds["red"][meds["red"].eta == 0])
    for r in ("RM", "DM"):
        rest = eta0[[c for c in RIVALS if c not in ("RM", "DM")]].mean(axis=1)
        t = one_sample(eta0[r] - rest, -1)
        fam.add(f"{r} poorer than the rest at η = 0 (Fig. 2)", "below the rest", t, -1,
                f"{r} − mean of the other rivals {t['estimate']:+.3f} over {t['n']} points",
                finding="rm-dm-poor-at-eta-0")
        _trend(fam, meds["red"], "eta", r, +1, f"{r} helped by redundancy (Fig. 2)",
               "rises with η", "rm-dm-rise-with-eta")
    for r in ("SM", "GSRelief_k"):
        _trend(fam, meds["irr"], "m", r, -1, f"{r} degrades as m grows (Fig. 4)", "falls with m",
               "sm-gsrelief-fall-with-m")
    for r in ("RM", "DM", "SM"):
        _trend(fam, meds["deg"], "d", r, -1, f"{r} falls as the degree grows (Fig. 6)",
               "falls with d", "rm-dm-sm-fall-with-d")
    rows = [*_speed_rows(times, ov), *_flat_rows(meds["deg"], bias), *_xor_rows(res["xor"]),
            *_weston_rows(fam, res["weston"]), *_anti_rows(res["anti"], anti_step),
            *_k_rows(res["k"])]
    return summary_table(fam.rows() + rows, profile or active_profile())
