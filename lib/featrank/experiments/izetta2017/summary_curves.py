"""Izetta 2017: the reproduction summary's rows on the error curves (Figs. 1-4), and what the
other rows share: the paired test over random splits, the notebook's family of tests, the two
readings of a Friedman test.

Statistics, fixed before looking at our numbers:

* A difference between two methods on one dataset is paired by split (both ran on the same
  random 75/25 splits) and tested with the corrected resampled t-test
  (:func:`featrank.stats.corrected_resampled_ttest`, Nadeau & Bengio 2003): the splits are
  the sample and their training parts overlap. One-sided, in the direction the claim needs.
* Every such p-value joins the notebook's family (:class:`Family`) and is Holm-adjusted
  across all of them before a rule reads it.
* Friedman tests and mean ranks have two readings (:data:`READINGS`): ``datasets`` (the
  blocks are the datasets, one value per dataset: its mean over splits; the policy of every
  notebook) and ``dataset, split`` (every split a block: what the paper's own evidence, mean
  curves over 100 splits and win counts over all runs, is made of).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import stats as ss

from ... import stats
from ..claims import (all_cases, by_construction, direction, no_difference, ordering,
                      plus_minus, row, significance)
from .ovo import errors_at
from .protocol import METHODS, _mean_se

#: test share / training share of a split (75/25): the corrected t-test's n_test / n_train
N_TRAIN, N_TEST = 3, 1
READINGS = ("datasets", "dataset, split")
#: the resolution of a test error: one test point of the artificial datasets' 750
RESOLUTION = 1 / 750
#: the combiners that use every list's full ranking (diluted by OVO's uninformative lists)
AVERAGING = ("Av-SD", "Condorcet", "Schulze")


class Family:
    """The notebook's family of one-sided tests: :meth:`add` a p-value, get its index; after
    :meth:`adjust`, ``family[i]`` is its Holm-adjusted p-value.

    >>> f = Family(); i, j = f.add(0.01), f.add(0.04); f.adjust()
    >>> round(f[i], 3), round(f[j], 3), len(f)
    (0.02, 0.04, 2)
    """

    def __init__(self):
        self._p, self._adj = [], None

    def add(self, p: float) -> int:
        self._p.append(float(p))
        return len(self._p) - 1

    def adjust(self) -> None:
        self._adj = stats.holm_adjust(self._p) if self._p else np.array([])

    def __getitem__(self, i: int) -> float:
        if self._adj is None:
            raise RuntimeError("call adjust() once every test is added")
        return float(self._adj[i])

    def __len__(self) -> int:
        return len(self._p)


def paired_test(differences, expected: int = 1) -> tuple:
    """``(mean, se, p)`` of paired differences over random splits: the corrected resampled
    t-test's standard error and its one-sided p-value for the sign ``expected``.

    >>> m, se, p = paired_test([0.02, 0.03, 0.01, 0.02, 0.025])
    >>> round(m, 3), round(se, 4), p < 0.05
    (0.021, 0.0054, True)
    >>> paired_test([0.0, 0.0, 0.0])
    (0.0, 0.0, 1.0)
    """
    d = np.asarray(differences, dtype=float)
    mean = float(d.mean())
    if d.size < 2:
        return mean, math.nan, 1.0
    if np.allclose(d, d[0], atol=0):
        return mean, 0.0, (0.0 if mean * expected > 0 else 1.0)
    se = float(math.sqrt((1 / d.size + N_TEST / N_TRAIN) * d.var(ddof=1)))
    res = stats.corrected_resampled_ttest(d, N_TRAIN, N_TEST)
    p = res.pvalue / 2 if res.statistic * expected > 0 else 1 - res.pvalue / 2
    return mean, se, float(p)


def fmt_p(p: float) -> str:
    """A p-value as printed in the summary.

    >>> fmt_p(0.0213), fmt_p(1e-9)
    ('= 0.021', '< 0.001')
    """
    return "< 0.001" if p < 0.001 else f"= {p:.2g}"


def title(d: str) -> str:
    """``"artificial1-8c"`` -> ``"Art-1-8C"``; real datasets keep their names."""
    return d.replace("artificial", "Art-")[:-1] + "C" if d.startswith("artificial") else d


def n_classes(d: str) -> int:
    return int(d.split("-")[1][:-1])


def scores_at(curves, size_of, methods=None) -> pd.DataFrame:
    """(dataset, split) x method table of errors at one size per dataset."""
    at = errors_at(curves, size_of)
    if methods is not None:
        at = at[at["method"].isin(methods)]
    return at.pivot_table(index=["dataset", "split"], columns="method", values="error")


def by_reading(scores: pd.DataFrame, reading: str) -> pd.DataFrame:
    """The blocks of a Friedman test under ``reading``: one row per dataset (its mean over
    splits) or one per (dataset, split)."""
    return scores.groupby(level=0).mean() if reading == "datasets" else scores


def mean_ranks(scores: pd.DataFrame, reading: str) -> pd.Series:
    return stats.average_ranks(by_reading(scores, reading), higher_is_better=False)


def _ranks_text(R: pd.Series, n: int) -> str:
    return "mean ranks " + ", ".join(f"{m} {r:.2f}" for m, r in R.sort_values().items()) + \
        f" (N = {n})"


def imperfect_orders(orders, n_relevant: int) -> int:
    """How many of ``orders`` (one per row) do not put the features ``0 .. n_relevant-1``
    in their first ``n_relevant`` places.

    >>> imperfect_orders([[1, 0, 2, 3], [0, 2, 1, 3], [2, 0, 1, 3]], 2)
    2
    """
    o = np.atleast_2d(np.asarray(orders))
    return int(np.sum(np.any(np.sort(o[:, :n_relevant], axis=1) != np.arange(n_relevant),
                             axis=1)))


def perfectly_ranked(orders, n_relevant: int) -> bool:
    """True when every order puts the features ``0 .. n_relevant-1`` first.

    >>> perfectly_ranked([[1, 0, 2, 3], [0, 1, 3, 2]], 2), perfectly_ranked([[2, 0, 1]], 2)
    (True, False)
    """
    return imperfect_orders(orders, n_relevant) == 0


# ----------------------------------------------------------------------------- Fig. 1
def _fig1_rows(fig1, n_rel, F):
    specs = sorted(set(fig1["method"]), key=lambda m: float(m.split("@")[1]))
    pct = {m: f"{float(m.split('@')[1]):.0%}" for m in specs}
    a3 = sorted(d for d in set(fig1["dataset"]) if d.startswith("artificial3"))
    cs = sorted(d for d in set(fig1["dataset"]) if not d.startswith("artificial3"))
    rows = []
    if a3:
        sc = scores_at(fig1[fig1["dataset"].isin(a3)], n_rel)
        claim = "Fig. 1 (a, b): on Artificial-3 the results are almost independent of k"
        spread = (sc.max(axis=1) - sc.min(axis=1))
        ours = f"spread over k: mean {spread.mean():.4f}, largest in any split {spread.max():.4f}"
        easy = _easy_artificial3(fig1, a3, specs, n_rel)
        if easy:
            rows.append(row(claim, "almost independent of k", ours, by_construction(easy)))
        else:
            ctrl = next(m for m in specs if np.isclose(float(m.split("@")[1]), 0.1))
            tests = []                          # two-sided: each k against 10 %
            for d in a3:
                for m in specs:
                    if m != ctrl:
                        p = paired_test(sc.xs(d)[m] - sc.xs(d)[ctrl], 1)[2]
                        tests.append(F.add(min(1.0, 2 * min(p, 1 - p))))
            rows.append(lambda F, tests=tests, ours=ours, claim=claim: row(
                claim, "almost independent of k", ours, no_difference(
                    sum(F[i] < 0.05 for i in tests), len(tests))))
    if cs:
        sc = scores_at(fig1[fig1["dataset"].isin(cs)], n_rel)
        claim = "Fig. 1 (c, d): on the class-specific problems the results clearly depend on k"
        for reading in READINGS:
            blocks = by_reading(sc, reading)
            if len(blocks) < 2:
                continue
            fr = stats.friedman(blocks, higher_is_better=False)
            rows.append(row(claim, "clearly depends on k",
                            f"{', '.join(title(d) for d in cs)} at the true n: Friedman over k "
                            f"p {fmt_p(fr.pvalue)}, N = {fr.n_datasets}",
                            significance(int(fr.pvalue < 0.05), 1), reading=reading,
                            finding="fig1-depends-on-k"))
        ctrl = next(m for m in specs if np.isclose(float(m.split("@")[1]), 0.1))
        tests, parts = [], []
        for d in cs:
            means = sc.xs(d).mean()
            best = means.drop(ctrl).idxmin()
            m_, se, p = paired_test(sc.xs(d)[ctrl] - sc.xs(d)[best], 1)
            tests.append((F.add(p), m_))
            parts.append(f"{title(d)}: 10 % − best other k ({pct[best]}) {plus_minus(m_, se)}")
        rows.append(lambda F, tests=tests, parts=parts: row(
            "Fig. 1 (c, d): k = 10 % of p gives consistently good results",
            "10 % good in all cases", "; ".join(parts),
            all_cases(sum(F[i] >= 0.05 for i, _ in tests), len(tests))))
    return rows


# ----------------------------------------------------------------------------- Fig. 2
def _fig2_row(fig2, F):
    """Fig. 2 on the error averaged over the curve: the tie-break reorders features only
    within tied groups."""
    curve = fig2.groupby(["dataset", "split", "method"])["error"].mean().unstack("method")
    tests, parts, means = [], [], []
    for d in sorted(set(fig2["dataset"])):
        for base in ("Av-SD", "3Q-SD"):
            x = curve.loc[d, f"{base}@max_sd"] - curve.loc[d, f"{base}@min_sd"]
            m, se, p = paired_test(x, 1)                   # max-SD worse?
            tests.append(F.add(p))
            means.append(m)
            parts.append(f"{title(d)} {base} {plus_minus(m, se)}")
    claim = "Fig. 2: breaking ties by the maximum SD is equal or better than by the minimum"
    ours = "error over the curve, max − min SD: " + "; ".join(parts)
    if np.nanmax(np.abs(means)) < RESOLUTION:
        return row(claim, "always equal or better", ours, by_construction(
            f"the tie-breaks differ by less than one test error in 750 in every case: "
            "too few ties to test the claim"))
    return lambda F: row(claim, "always equal or better", ours,
                         all_cases(sum(F[i] >= 0.05 for i in tests), len(tests)))


# ----------------------------------------------------------------------------- Fig. 3
def _fig3_rows(fig3, n_rel, F):
    at = errors_at(fig3, n_rel)
    tests = []
    for (d, m), g in at.groupby(["dataset", "method"]):
        w = g.pivot_table(index="split", columns="scheme", values="error")
        mean, se, p = paired_test(w["ovo"] - w["ova"], 1)          # OVO worse?
        tests.append((d, m, mean, se, F.add(p)))

    def fig3_ovo(F):
        worse = [(d, m, x) for d, m, x, _, i in tests if F[i] < 0.05]
        v = all_cases(len(tests) - len(worse), len(tests))
        n_avg = sum(m in AVERAGING for _, m, _ in worse)
        return row("Fig. 3: OVO equal or better than OVA in all cases (error at the true n)",
                   "OVO equal or superior in all cases",
                   f"OVO significantly worse in {len(worse)} of {len(tests)} cases: " + (
                       ", ".join(f"{m} on {title(d)} ({x:+.3f})" for d, m, x in worse)
                       or "none") + f" ({n_avg} of them average every list's full ranking)",
                   v, se=round(float(np.median([t[3] for t in tests])), 4))

    w = at.pivot_table(index=["dataset", "split"], columns=["method", "scheme"], values="error")
    gains = pd.DataFrame({m: w[(m, "ova")] - w[(m, "ovo")] for m in METHODS}).mean()
    rows = [fig3_ovo, row(
        "Fig. 3: K-First and Best Rank. gain the most from OVO", "the two largest gains",
        "OVA − OVO error at the true n: " + ", ".join(
            f"{m} {gains[m]:+.3f}" for m in gains.sort_values(ascending=False).index),
        ordering([("K-First", "Best Rank."), tuple(m for m in METHODS
                                                   if m not in ("K-First", "Best Rank."))],
                 gains.to_dict()))]
    return rows


# ----------------------------------------------------------------------------- Fig. 4
def _fig4_rows(fig4, fig3, n_rel, F):
    rows = []
    a3 = sorted(d for d in set(fig4["dataset"]) if d.startswith("artificial3"))
    parts = [fig4[~fig4["dataset"].str.startswith("artificial3")]]
    if fig3 is not None:
        parts.append(fig3[(fig3["scheme"] == "ovo") & fig3["method"].isin(METHODS)])
    cls = pd.concat(parts)
    sc = scores_at(cls, n_rel, METHODS)
    names = ", ".join(title(d) for d in sorted(set(cls["dataset"]), key=title))
    paper = ["K-First", "Best Rank.", "Schulze", ("3Q-SD", "Av-SD", "Condorcet")]
    for reading in READINGS:
        blocks = by_reading(sc, reading)
        R = mean_ranks(sc, reading)
        rows.append(row("Figs. 3-4: K-First the most efficient on the class-specific problems, "
                        "Best Rank. close, Schulze good, the other three behind",
                        "K-First > Best Rank. > Schulze > Av-SD, 3Q-SD, Condorcet",
                        f"{names}, error at the true n: {_ranks_text(R, len(blocks))}",
                        ordering(paper, R.to_dict(), higher_is_better=False),
                        reading=reading, finding="fig4-order"))
    for reading in READINGS:
        blocks = by_reading(sc, reading)
        holm = stats.holm_vs_control(blocks, "K-First", higher_is_better=False)
        behind = ["3Q-SD", "Av-SD", "Condorcet"]
        beaten = holm[holm["significant"] & (holm["z"] > 0) & holm["method"].isin(behind)]
        rows.append(row("Figs. 3-4: Av-SD, 3Q-SD and Condorcet not as good as K-First",
                        "not as good", f"K-First ahead of {len(beaten)} of 3 (Friedman mean "
                        f"ranks, Holm against K-First, N = {len(blocks)})",
                        significance(len(beaten), 3), reading=reading,
                        finding="fig4-three-behind"))
    a1 = sorted({d for d in set(cls["dataset"]) if d.startswith("artificial1")}, key=n_classes)
    if len(a1) >= 3:
        s = scores_at(cls[cls["dataset"].isin(a1)], n_rel, METHODS)
        spread = (s.max(axis=1) - s.min(axis=1)).groupby(level=0).mean()
        x = np.log2([n_classes(d) for d in a1])
        y = np.array([spread[d] for d in a1])
        fit = ss.linregress(x, y)
        t = fit.slope / fit.stderr if fit.stderr > 0 else math.inf
        p = float(ss.t.sf(t, len(a1) - 2))
        i = F.add(p)
        rows.append(lambda F, fit=fit, i=i, y=y: row(
            "Sec. 3.4: on Artificial-1 the differences among methods grow with the number of "
            "classes", "grow with c", "spread of the six errors at the true n: " + ", ".join(
                f"{n_classes(d)}C {v:.3f}" for d, v in zip(a1, y)) +
            f"; slope per doubling of c {fit.slope:+.3f}",
            _direction(fit.slope, fit.stderr, F[i]), se=round(float(fit.stderr), 3)))
    if a3:
        s3 = scores_at(fig4[fig4["dataset"].isin(a3)], n_rel, METHODS)
        sp3 = s3.max(axis=1) - s3.min(axis=1)
        spc = (sc.max(axis=1) - sc.min(axis=1))
        claim = "Fig. 4 (e, f): on Artificial-3 the differences among methods are clearly smaller"
        ours = (f"spread of the six errors at the true n: Artificial-3 {sp3.mean():.3f}, "
                f"class-specific {spc.mean():.3f}")
        easy = _easy_artificial3(fig4, a3, METHODS, n_rel)
        if easy:
            rows.append(row(claim, "smaller than on Artificial-1/2", ours, by_construction(easy)))
        else:
            diff = spc.groupby(level=0).mean().mean() - sp3.groupby(level=0).mean().mean()
            se = math.hypot(_mean_se(spc.groupby(level=0).mean())[1],
                            _mean_se(sp3.groupby(level=0).mean())[1])
            p = float(ss.norm.sf(diff / se)) if se > 0 else float(diff <= 0)
            i = F.add(p)
            rows.append(lambda F, i=i, diff=diff, se=se, ours=ours: row(
                claim, "smaller than on Artificial-1/2", ours, _direction(diff, se, F[i]),
                se=round(se, 4)))
    return rows


#: a claim about Artificial-3 cannot be tested when at least this share of the compared
#: orders rank its relevant features first (then every method ties by construction)
EASY_SHARE = 0.9


def _easy_artificial3(curves, datasets, methods, n_rel) -> str:
    """The reason a claim about our Artificial-3 cannot be tested ("" when it can): nearly
    every compared order (:data:`EASY_SHARE`) puts its relevant features first."""
    tops = curves.attrs.get("tops") or {}
    try:
        o = [tops[(d, "ovo", m)] for d in datasets for m in methods]
    except KeyError:
        return ""
    bad = sum(imperfect_orders(t, n_rel[d]) for t, (d, m) in
              zip(o, [(d, m) for d in datasets for m in methods]))
    total = sum(np.atleast_2d(t).shape[0] for t in o)
    if bad > (1 - EASY_SHARE) * total:
        return ""
    return (f"our Artificial-3 is ranked perfectly in {total - bad} of {total} (method, "
            "split) orders: every method ties by construction of an easier problem")


def _direction(estimate, se, p):
    return direction(float(estimate), float(se), float(p))
