"""Slavkov 2020: measures of error curves that need no learner and no stored result -- a
curve's mean over its CV splits, the mean curve of several rankings, curve heights,
monotonicity, how well a learner separates good rankings from bad ones, and roughness.
Re-exported by the package."""
from __future__ import annotations

import dataclasses

import numpy as np

from ...evaluate import Curves


def split_means(curves):
    """``curves`` reduced to one row: its mean over the CV splits, which is all of a ranking's
    curves that :func:`average_curves` reads (so ``ffa_mean`` and ``rfa_mean`` are unchanged,
    bit for bit; the spread across splits is gone).

    >>> c = Curves(sizes=np.array([1, 2]), ffa=np.array([[0.5, 0.75], [1.0, 0.75]]),
    ...            rfa=None, n_features=2)
    >>> m = split_means(c)
    >>> m.ffa.tolist(), m.rfa, m.meta["rows"]
    ([[0.75, 0.75]], None, 'mean over 2 CV splits')
    """
    def mean(v):
        return None if v is None else v.mean(axis=0)[None, :]

    rows = 0 if curves.ffa is None else len(curves.ffa)
    return dataclasses.replace(curves, ffa=mean(curves.ffa), rfa=mean(curves.rfa),
                               meta={**curves.meta, "rows": f"mean over {rows} CV splits"})


def average_curves(curves: list, *, pool: bool = False):
    """The point-wise mean of several rankings' curves (the paper's E[FFA]_theta,
    E[RFA]_theta) as one :class:`featrank.evaluate.Curves` whose rows are the rankings' mean
    curves (so ``ffa_mean`` is the average and ``ffa_std`` the spread across rankings).

    ``pool=True`` (random orders: FFA and RFA estimate the same expected curve) puts every
    ranking's FFA and RFA rows into both ``ffa`` and ``rfa``.
    """
    c0 = curves[0]
    sizes = np.asarray(c0.sizes)
    if any(not np.array_equal(sizes, c.sizes) for c in curves):
        raise ValueError("the curves were evaluated at different subset sizes")
    ffa = np.array([c.ffa_mean for c in curves])
    rfa = None if any(c.rfa is None for c in curves) else np.array([c.rfa_mean for c in curves])
    if pool:
        ffa = rfa = ffa if rfa is None else np.vstack([ffa, rfa])
    return Curves(sizes=sizes, ffa=ffa, rfa=rfa, n_features=c0.n_features, scoring=c0.scoring,
                  meta={"n_rankings": len(curves), "pooled": pool})


GOOD, BAD = ("ReliefF", "RandomForest"), ("InfoGain", "SVM-RFE")


def curve_heights(curves) -> dict:
    """Mean height of the FFA and RFA curves over the evaluated sizes (the w = 1 summary of
    Slavkov 2018's ECA; higher FFA and lower RFA = better ranking, with accuracy)."""
    out = {"ffa": float(np.mean(curves.ffa_mean))}
    out["rfa"] = float(np.mean(curves.rfa_mean)) if curves.rfa is not None else np.nan
    return out


def is_monotone(values, *, increasing: bool, tol: float = 0.0) -> bool:
    """Whether ``values`` rise (or fall) along their order, allowing steps back of ``tol``."""
    d = np.diff(np.asarray(values, float))
    return bool(np.all(d >= -tol) if increasing else np.all(d <= tol))


def learner_separation(curves: dict, good=GOOD, bad=BAD) -> dict:
    """How well one learner's curves separate good rankings from bad ones (Slavkov 2020, Sec.
    "Analysis of different learning methods": ReliefF and random forest are the good ones on
    ``combined``, Info Gain and SVM-RFE the bad ones).

    ``curves[ranker]``: that ranker's :class:`Curves` (all on the same CV splits). Returns
    ``ffa_gap`` = mean over sizes of (mean good FFA - mean bad FFA), ``rfa_gap`` = mean over
    sizes of (mean bad RFA - mean good RFA), ``gap`` = their average (an ECA_delta with w = 1
    between the two groups; accuracy units, > 0 = separates the right way), ``t``,
    ``ffa_t``, ``rfa_t`` = each gap over its standard error across the paired CV splits,
    and ``min_pair`` = the smallest ECA_delta (w = 1) of a good ranking over a bad one.
    """
    def per_split(names, kind):
        return np.mean([getattr(curves[n], kind) for n in names], axis=0).mean(axis=1)

    def t_of(d):
        se = d.std(ddof=1) / np.sqrt(d.size) if d.size > 1 else np.nan
        return float(d.mean() / se) if se > 1e-12 else np.nan

    d_ffa = per_split(good, "ffa") - per_split(bad, "ffa")
    d_rfa = per_split(bad, "rfa") - per_split(good, "rfa")
    d = (d_ffa + d_rfa) / 2
    pairs = [0.5 * (np.mean(curves[g].ffa_mean - curves[b].ffa_mean)
                    + np.mean(curves[b].rfa_mean - curves[g].rfa_mean))
             for g in good for b in bad]
    return {"ffa_gap": float(d_ffa.mean()), "rfa_gap": float(d_rfa.mean()),
            "gap": float(d.mean()), "t": t_of(d), "ffa_t": t_of(d_ffa), "rfa_t": t_of(d_rfa),
            "min_pair": float(min(pairs))}


def roughness(curves, kind: str = "rfa") -> float:
    """Mean absolute second difference of a mean curve over its points: how jagged (unstable)
    it is (Slavkov 2020 on decision trees: "quite unstable curves", Fig. 6A)."""
    v = np.asarray(getattr(curves, f"{kind}_mean"), float)
    return float(np.mean(np.abs(np.diff(v, 2)))) if v.size > 2 else 0.0


def assessment_table(dataset: str, curves: dict, expected, stab: dict):
    """One row per ranker of a dataset's assessment (Figs. 7, 8, A1-A12): the mean heights of
    its FFA and RFA curves, their distance from the expected curve of a random ranking
    (``ffa_minus_random``, ``random_minus_rfa``: > 0 = better than random), and its mean
    instability (Eq. 4; ``stab[ranker] = (sizes, values)``, ``None`` when not computed)."""
    import pandas as pd

    e = curve_heights(expected)
    return pd.DataFrame([{"dataset": dataset, "ranker": r, **curve_heights(c),
                          "ffa_minus_random": curve_heights(c)["ffa"] - e["ffa"],
                          "random_minus_rfa": e["rfa"] - curve_heights(c)["rfa"],
                          "instability (mean Eq. 4)":
                              float(np.mean(stab[r][1])) if stab else np.nan}
                         for r, c in curves.items()])


def separation_tests(curves: dict, n_samples: int, n_folds: int, good=GOOD, bad=BAD):
    """The learner study's tests for one learner: per measure (FFA, RFA), the gap between the
    good and the bad rankings on each CV split (as :func:`learner_separation`), tested by the
    corrected resampled t-test (Nadeau & Bengio 2003: the splits of repeated CV share
    training data) and, as a note, by the naive one-sample t-test that treats the splits as
    independent. Returns ``{measure: dict(gap, se, t, p, naive_t, naive_p, n_splits)}``
    (two-sided p-values, not adjusted; ``se`` is the corrected one, with ``n_splits - 1``
    degrees of freedom)."""
    from ...stats import corrected_resampled_ttest

    n_test = n_samples / n_folds
    out = {}
    for kind, sign in (("ffa", 1), ("rfa", -1)):
        def per_split(names):
            return np.mean([getattr(curves[n], kind) for n in names], axis=0).mean(axis=1)

        d = sign * (per_split(good) - per_split(bad))
        res = corrected_resampled_ttest(d, n_samples - n_test, n_test)
        naive = corrected_resampled_ttest(d, n_samples - n_test, 0)
        se = abs(d.mean() / res.statistic) if res.statistic else np.nan
        out[kind] = dict(gap=float(d.mean()), se=float(se), t=float(res.statistic),
                         p=float(res.pvalue), naive_t=float(naive.statistic),
                         naive_p=float(naive.pvalue), n_splits=int(d.size))
    return out


def theta_heights(realisations: dict):
    """One row per curve of Fig. 3's family (``{theta: [Curves, ...]}``, as
    :func:`~featrank.experiments.slavkov2020.theta_realisations` returns it, theta = 0 the
    ground truth): ``theta``, ``index`` (the realisation) and the mean ``ffa`` and ``rfa``
    heights of :func:`curve_heights`."""
    import pandas as pd

    return pd.DataFrame([{"theta": float(t), "index": i, **curve_heights(c)}
                         for t, cs in sorted(realisations.items()) for i, c in enumerate(cs)])


def fig3_step_tests(heights):
    """Fig. 3's claim step by step: from one theta to the next (R_GT = theta 0 first), the
    FFA height falls and the RFA height rises. ``heights``: :func:`theta_heights`' frame.

    Realisations of different thetas are drawn independently, so each step is Welch's
    two-sample t-test over the realisations, one-sided in the claimed direction (from R_GT,
    a single ranking, the one-sample test of the next theta's heights). Every ranking is
    scored on the same CV folds, so the spread is that of the rankings, given the folds.
    Returns one row per step and measure: ``measure``, ``step`` (``"a -> b"``), ``diff``
    (mean height change, > 0 = the claimed way), ``se``, ``df`` and ``p`` (one-sided, not
    adjusted; 0.5 when both thetas show no spread and no change).

    >>> import pandas as pd
    >>> h = pd.DataFrame(dict(theta=[0, .5, .5, 1, 1], index=[0, 0, 1, 0, 1],
    ...                       ffa=[.9, .8, .7, .6, .5], rfa=[.5, .6, .6, .7, .8]))
    >>> t = fig3_step_tests(h)
    >>> t[["measure", "step", "diff", "se", "df"]].round(3).values.tolist()[:2]
    [['ffa', '0 -> 0.5', 0.15, 0.05, 1.0], ['ffa', '0.5 -> 1', 0.2, 0.071, 2.0]]
    >>> float(t.p.iloc[0].round(3)), float(t.p.iloc[2])   # RFA 0 -> 0.5: no spread, a rise
    (0.102, 0.0)
    """
    import pandas as pd
    from scipy.stats import t as student

    groups = {t: g for t, g in heights.groupby("theta", sort=True)}
    thetas = sorted(groups)
    rows = []
    for kind, sign in (("ffa", -1), ("rfa", 1)):
        for a, b in zip(thetas, thetas[1:]):
            xa, xb = (sign * groups[k][kind].to_numpy(float) for k in (a, b))
            va = xa.var(ddof=1) / xa.size if xa.size > 1 else 0.0
            vb = xb.var(ddof=1) / xb.size if xb.size > 1 else 0.0
            diff, se = xb.mean() - xa.mean(), float(np.sqrt(va + vb))
            terms = [v ** 2 / (x.size - 1) for v, x in ((va, xa), (vb, xb)) if x.size > 1]
            df = (va + vb) ** 2 / sum(terms) if se > 0 else np.inf
            p = (0.5 if diff == 0 else float(diff < 0)) if se == 0 else \
                float(student.sf(diff / se, df))
            rows.append(dict(measure=kind, step=f"{a:g} -> {b:g}", diff=float(diff), se=se,
                             df=float(df), p=p))
    return pd.DataFrame(rows)


def top_feature_agreement(orders) -> tuple:
    """``(k, n)``: how many of ``n`` rankings (rows of ``orders``) put the most common top
    feature first (Fig. 7C: "the top-ranked feature is always the same" is ``k == n``)."""
    top = np.asarray(orders)[:, 0]
    return int(np.bincount(top).max()), int(top.size)
