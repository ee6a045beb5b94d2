"""Prati 2012: the reproduction summary, every claim of Sec. VI judged by the rule book
(:mod:`featrank.experiments.claims`), the significance claims once per reading of the
Friedman blocks (:data:`~.analysis.READINGS`, one finding per claim).

The claims are declared in ``claims.toml`` (:data:`DECLARED`), one finding each. Claims of
significance are tested as the paper tests them -- Nemenyi pairs at alpha = 0.05 after a
Friedman test (Figs. 1-3) -- and judged by the rule ``significance`` (m pairs claimed
significant), with the Nemenyi test's minimal detectable mean-rank difference in ``mde``;
under ``blocks=datasets`` the ``ours`` column also gives the modern test's count (Wilcoxon
signed-rank over the datasets, Holm within the finding's claimed pairs). Claims of no
significant difference are judged by ``equivalence``: every claimed pair's difference of mean
ranks against the declared margin, read off the simultaneous ``1 - 2 alpha`` intervals of all
pairs (the Nemenyi / Tukey intervals at alpha = 0.10: difference ± ``nemenyi_cd(k, N, 0.10)``),
the pairs together by ``equivalent_all``. Claims about mean ranks only (best, worst, an order)
are judged by ``all_cases`` and ``ordering`` on the average ranks of the
dataset x learner x measure cells (the ``blocks=datasets`` reading averages the same ranks).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ...config import active_profile
from ...stats import friedman, holm_adjust, mde_nemenyi, nemenyi_cd, nemenyi_pairs, wilcoxon_holm
from ..claims import (COLUMNS, Verdict, all_cases, declared_claims, equivalence,
                      equivalent_all, ordering, row, significance, summary_table)
from .analysis import READINGS, block_ranks, dataset_learner_ranks, group_ranks, label
from .protocol import AGGREGATES, BASE, METHODS

SUMMARY_COLUMNS = list(COLUMNS)
PAPER_N_DATASETS = 39
ALPHA = 0.05  # the paper: "95% of confidence level"
MEASURE_KEYS = ("measure=f1", "measure=error", "measure=auc")  # Fig. 1 (a), (b), (c)
LEARNER_KEYS = ("learner=J48", "learner=SVM", "learner=NB")  # Fig. 2 (a), (b), (c)
#: Fig. 3's order of the base rankers, best first (its three overlapping groups)
PAPER_BASE_ORDER = ["1R", "GR", "RLF", "CS", "SU", "IG"]
#: the claims of Sec. VI, declared before the results (one finding each)
DECLARED = declared_claims(Path(__file__).parent / "claims.toml")
#: the readings of the base rankers' order: all learners' cells (Fig. 3), or one learner's
ORDER_READINGS = ("learner=all",) + tuple(f"learner={lr}" for lr in ("NB", "J48", "SVM"))


def _short(key: str) -> str:
    """'measure=f1' -> 'F1', 'learner=J48' -> 'J48', 'overall' -> 'overall'."""
    name = key.split("=")[-1]
    return {"f1": "F1", "auc": "AUC"}.get(name, name)


class _Tests:
    """One reading's Friedman groups with their Nemenyi pairs, and (optionally) each
    dataset's mean ranks per group (``tables``, :func:`~.analysis.group_ranks` under
    ``blocks=datasets``) for the Wilcoxon signed-rank test of a finding's claimed pairs."""

    def __init__(self, groups: dict, tables: dict | None = None, alpha: float = ALPHA):
        self.groups, self.tables, self.alpha = groups, tables, alpha
        self.pairs = {}
        for g, (res, _) in groups.items():
            t = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=alpha)
            self.pairs[g] = {(b, w): (s, d) for b, w, s, d in
                             zip(t["better"], t["worse"], t["significant"], t["diff"])}

    def ranks(self, g):
        return self.groups[g][0].average_ranks

    def n(self, g) -> int:
        return self.groups[g][0].n_datasets

    def better(self, g, a, b) -> bool:
        """``a`` significantly better than ``b`` (Nemenyi)."""
        return (a, b) in self.pairs[g] and bool(self.pairs[g][(a, b)][0])

    def differ(self, g, a, b) -> bool:
        return self.better(g, a, b) or self.better(g, b, a)

    def count(self, claims) -> int:
        return sum(self.better(*c) for c in claims)

    def mde(self, groups) -> float:
        """The Nemenyi test's minimal detectable mean-rank difference (80 % power) in the
        least powerful of ``groups``."""
        return max(mde_nemenyi(len(self.ranks(g)), self.n(g), alpha=self.alpha)
                   for g in groups)

    def wilcoxon_better(self, claims) -> list[bool] | None:
        """Per claim (g, a, b): ``a`` better than ``b`` by the two-sided Wilcoxon signed-rank
        test over the datasets, Holm-adjusted within ``claims`` (one finding)."""
        if self.tables is None:
            return None
        raw = [float(wilcoxon_holm(self.tables[g][[a, b]], higher_is_better=False,
                                   zero_method="zsplit").iloc[0, 1]) for g, a, b in claims]
        adj = holm_adjust(raw) if raw else []
        return [bool(p < self.alpha and self.tables[g][a].mean() < self.tables[g][b].mean())
                for p, (g, a, b) in zip(adj, claims)]

    def wilcoxon_differ(self, g, pairs) -> int | None:
        """How many of ``pairs`` differ by the two-sided Wilcoxon signed-rank test over the
        datasets in group ``g``, Holm-adjusted within ``pairs`` (one finding)."""
        if self.tables is None:
            return None
        raw = [float(wilcoxon_holm(self.tables[g][[a, b]], zero_method="zsplit").iloc[0, 1])
               for a, b in pairs]
        return int((holm_adjust(raw) < self.alpha).sum())

    def modern(self, claims) -> str:
        w = self.wilcoxon_better(claims)
        return "" if w is None else f"; Wilcoxon-Holm {sum(w)}/{len(claims)}"

    def cds(self, keys) -> str:
        return ", ".join(f"{_short(g)} N {self.n(g)}, CD {self.groups[g][1]:.2f}"
                         for g in keys)


# --- significance claims, one row per reading ------------------------------------------------

def _friedman_row(T, finding, keys, what, fig):
    res = {g: T.groups[g][0] for g in keys}
    n = sum(res[g].p_ff < T.alpha for g in keys)
    return dict(claim=f"Friedman rejects equal performance {what} ({fig})", paper="rejected",
                ours=", ".join(f"{_short(g)} p = {_p(res[g].p_ff)}" for g in keys),
                se=T.cds(keys), verdict=significance(n, len(keys)), finding=finding)


def _p(p: float) -> str:
    return "< 1e-16" if p < 1e-16 else f"{p:.2g}"


def _claimed_row(T, finding, claim, paper, claims, keys):
    """``claims``: (group, a, b) = "a significantly better than b". ``mde``: the mean-rank
    difference Nemenyi detects with 80 % power; ``modern``: the Wilcoxon-Holm verdict."""
    per = ", ".join(f"{_short(g)} {T.count([c for c in claims if c[0] == g])}/"
                    f"{sum(c[0] == g for c in claims)}" for g in keys)
    d = [T.ranks(g)[b] - T.ranks(g)[a] for g, a, b in claims]
    span = f"; claimed differences {min(d):+.2f} to {max(d):+.2f} ranks"
    w = T.wilcoxon_better(claims)
    return dict(claim=claim, paper=paper, ours=per + T.modern(claims) + span, se=T.cds(keys),
                verdict=significance(T.count(claims), len(claims)), mde=T.mde(keys),
                finding=finding, modern=None if w is None else significance(sum(w), len(w)))


def _aggregates_vs_base(T, finding, keys, what, fig, paper, exclude=()):
    claims = [(g, a, b) for g in keys for a in AGGREGATES for b in BASE
              if (g, a, b) not in exclude]
    return _claimed_row(T, finding, f"every aggregate significantly better than every base "
                                    f"ranker, {what} ({fig})", paper, claims, keys)


def _ssd_dominates(T, finding, keys, what, fig):
    claims = [(g, "SSD", b) for g in keys for b in METHODS if b != "SSD"]
    return _claimed_row(T, finding, f"SSD significantly better than every other ranking, "
                                    f"{what} ({fig})", f"{len(claims)}/{len(claims)} pairs",
                        claims, keys)


def margin(finding: str) -> tuple[float, str]:
    """The declared equivalence margin of ``finding`` (mean ranks) and its source."""
    c = DECLARED[finding]
    return float(c["margin"]), c.get("source", "")


def equivalence_of_pairs(ranks, n_blocks: int, pairs, margin_: float, source: str = "",
                         alpha: float = ALPHA) -> dict:
    """Two one-sided tests of every pair's difference of mean ranks (``ranks``: method ->
    mean rank over ``n_blocks`` blocks) against ``margin_``, on the simultaneous ``1 - 2
    alpha`` intervals of all pairs of the ``k`` methods (difference ± the Nemenyi critical
    difference at level ``2 alpha``: Tukey's studentized range, infinite degrees of freedom).
    Returns the pairs' verdict (:func:`equivalent_all`), the largest difference (``diff``,
    >= 0, with its ``pair``), the interval's ``half`` width and ``ci`` of the largest.

    >>> r = {"A": 1.0, "B": 1.3, "C": 1.7}
    >>> e = equivalence_of_pairs(r, 400, [("A", "B"), ("B", "C")], 0.6)
    >>> e["verdict"].agrees, e["pair"], round(e["half"], 3)
    ('yes', ('B', 'C'), 0.145)
    >>> equivalence_of_pairs(r, 10, [("A", "B")], 0.5)["verdict"].agrees
    'untestable'
    """
    k = len(ranks)
    half = nemenyi_cd(k, n_blocks, 2 * alpha)
    diffs = {(a, b): abs(ranks[a] - ranks[b]) for a, b in pairs}
    verdicts = [equivalence(d, d - half, d + half, margin_, source=source)
                for d in diffs.values()]
    pair = max(diffs, key=diffs.get)
    d = diffs[pair]
    return dict(verdict=equivalent_all(verdicts), diff=d, pair=pair, half=half,
                ci=(d - half, d + half))


def _equivalence_row(T, finding, g, pairs, claim):
    """"No significant difference among ``pairs``" in group ``g``: equivalence of every
    pair's mean ranks within the declared margin; ``ours`` also counts the Nemenyi pairs that
    differ (the paper's test) and, under ``blocks=datasets``, Wilcoxon-Holm's."""
    m, source = margin(finding)
    e = equivalence_of_pairs(T.ranks(g), T.n(g), pairs, m, source, T.alpha)
    found = [f"{label(a)}-{label(b)}" for a, b in pairs if T.differ(g, a, b)]
    a, b = e["pair"]
    ours = (f"largest |mean-rank difference| {e['diff']:.2f} ({label(a)}-{label(b)}), "
            f"simultaneous 90 % half-width {e['half']:.2f}; Nemenyi {len(found)}/{len(pairs)} "
            "significant" + (f" ({', '.join(found)})" if found else ""))
    if T.tables is not None:
        ours += f"; Wilcoxon-Holm {T.wilcoxon_differ(g, pairs)}/{len(pairs)}"
    return dict(claim=claim, paper=f"0/{len(pairs)} pairs significant", ours=ours,
                se=T.cds([g]), verdict=e["verdict"], ci=e["ci"], mde=T.mde([g]),
                finding=finding)


def _all_pairs(members):
    return [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]


def significance_rows(T) -> list:
    """The significance and no-difference claims of Sec. VI under one reading's tests ``T``
    (dicts with ``claim``, ``paper``, ``ours``, ``se``, ``verdict``, ``finding`` and, where
    they apply, ``mde``, ``ci`` and the Wilcoxon-Holm verdict ``modern``)."""
    f1_exception = {("measure=f1", "MC4", "1R")}
    claimed_base = [("1R", "SU"), ("1R", "IG"), ("GR", "IG")]
    other_base = [p for p in _all_pairs(list(BASE)) if p not in claimed_base
                  and p[::-1] not in claimed_base]
    f1_others = [b for b in METHODS if b not in ("SSD", "CD", "BC", "Lin")]
    return [
        _friedman_row(T, "friedman-by-measure", MEASURE_KEYS, "for every measure", "Fig. 1"),
        _friedman_row(T, "friedman-by-learner", LEARNER_KEYS, "for every learner", "Fig. 2"),
        _friedman_row(T, "friedman-overall", ("overall",), "overall", "Fig. 3"),
        _aggregates_vs_base(T, "aggregates-beat-base-by-measure", MEASURE_KEYS,
                            "per measure (MC4-1R under F1 excepted)", "Fig. 1", "71/71",
                            f1_exception),
        _aggregates_vs_base(T, "aggregates-beat-base-by-learner", LEARNER_KEYS, "per learner",
                            "Fig. 2", "72/72"),
        _aggregates_vs_base(T, "aggregates-beat-base-overall", ("overall",), "overall",
                            "Fig. 3", "24/24"),
        _ssd_dominates(T, "ssd-beats-all-error-auc", ("measure=error", "measure=auc"),
                       "error and AUC", "Fig. 1b, c"),
        _claimed_row(T, "ssd-beats-base-and-mc4-f1", "F1: SSD significantly better than the "
                     "base rankers and MC4 (Fig. 1a)", "7/7",
                     [("measure=f1", "SSD", b) for b in f1_others], ("measure=f1",)),
        _equivalence_row(T, "ssd-ties-cd-bc-lin-f1", "measure=f1",
                         [("SSD", b) for b in ("CD", "BC", "Lin")],
                         "F1: SSD not significantly better than CD, BC, Lin (Fig. 1a)"),
        _ssd_dominates(T, "ssd-beats-all-by-learner", LEARNER_KEYS, "per learner", "Fig. 2"),
        _ssd_dominates(T, "ssd-beats-all-overall", ("overall",), "overall", "Fig. 3"),
        _claimed_row(T, "ssd-beats-lin", "SSD significantly better than the baseline Lin "
                     "(error, AUC; overall)", "3/3",
                     [(g, "SSD", "Lin") for g in ("measure=error", "measure=auc", "overall")],
                     ("measure=error", "measure=auc", "overall")),
        _claimed_row(T, "nb-mc4-behind-cd-bc-lin", "NB: MC4 significantly worse than CD, BC "
                     "and Lin (Fig. 2c)", "3/3",
                     [("learner=NB", a, "MC4") for a in ("CD", "BC", "Lin")],
                     ("learner=NB",)),
        _equivalence_row(T, "second-group-equal-overall", "overall",
                         _all_pairs(["CD", "BC", "MC4", "Lin"]),
                         "CD, BC, MC4, Lin: no significant difference among them overall "
                         "(Fig. 3's second group)"),
        _equivalence_row(T, "j48-base-rankers-equal", "learner=J48", _all_pairs(list(BASE)),
                         "J48: no significant difference among the base rankers (Fig. 2a)"),
        _claimed_row(T, "base-ranker-groups-differ", "base rankers: 1R better than SU and IG, "
                     "GR better than IG, overall (Fig. 3's three groups)", "3/3",
                     [("overall", a, b) for a, b in claimed_base], ("overall",)),
        _equivalence_row(T, "base-ranker-other-pairs-equal", "overall", other_base,
                         "base rankers: no other pair differs significantly overall "
                         "(Fig. 3's three groups)"),
    ]


# --- claims on mean ranks, one row ----------------------------------------------------------

def _rank_table(areas, swap=None) -> pd.DataFrame:
    """Block ranks of the paper's 11 methods, or with ``swap`` ({paper's method: extra})
    an extra ranked in its counterpart's place (and named after it)."""
    swap = swap or {}
    methods = tuple(swap.get(m, m) for m in METHODS)
    return block_ranks(areas, methods).rename(columns={v: k for k, v in swap.items()})


def _mean_rank_rows(areas, swap=None) -> list:
    R = _rank_table(areas, swap)
    by_measure = {g: R.xs(g.split("=")[1], level="measure").mean() for g in MEASURE_KEYS}
    overall = R.mean()
    best = {g: r[list(AGGREGATES)].idxmin() for g, r in by_measure.items()}
    worst_base = {g: r[list(BASE)].idxmax() for g, r in by_measure.items()}
    worst_agg = overall[list(AGGREGATES)].idxmax()
    return [
        dict(claim="SSD the best aggregate for every measure (Fig. 1; mean rank)",
             paper="SSD", ours=", ".join(f"{_short(g)} {label(b)}" for g, b in best.items()),
             verdict=all_cases(sum(b == "SSD" for b in best.values()), len(best)),
             finding="ssd-best-aggregate"),
        dict(claim="MC4 the worst aggregate overall (Fig. 3; mean rank)", paper="MC4",
             ours=", ".join(f"{label(m)} {r:.2f}" for m, r in
                            overall[list(AGGREGATES)].sort_values().items()),
             verdict=all_cases(int(worst_agg == "MC4"), 1), finding="mc4-worst-aggregate"),
        dict(claim="IG the worst base ranker for every measure (Fig. 1; mean rank)",
             paper="IG", ours=", ".join(f"{_short(g)} {label(w)}" for g, w in
                                       worst_base.items()),
             verdict=all_cases(sum(w == "IG" for w in worst_base.values()), len(worst_base)),
             finding="ig-worst-base-ranker"),
    ]


def base_order_rows(areas, swap=None) -> list:
    """The base rankers' order (Fig. 3, best first) against ours, one row per reading of
    :data:`ORDER_READINGS`: the mean ranks over every learner's cells, or over one
    learner's (naive Bayes is the learner closest to Weka's)."""
    R = _rank_table(areas, swap)
    out = []
    for reading in ORDER_READINGS:
        learner = reading.split("=")[1]
        r = (R if learner == "all" else R.xs(learner, level="learner")).mean()[list(BASE)]
        out.append(dict(
            claim="the base rankers' order overall (Fig. 3; mean rank)",
            paper=" > ".join(map(label, PAPER_BASE_ORDER)),
            ours=" > ".join(f"{label(m)} {v:.2f}" for m, v in r.sort_values().items()),
            verdict=ordering([label(m) for m in PAPER_BASE_ORDER],
                             {label(m): v for m, v in r.items()}, higher_is_better=False),
            finding="base-ranker-order", reading=reading))
    return out


def _cylinder_row(areas):
    claim = "cylinder-bands / J48: MC4 good, the other aggregates fail (mean rank over the " \
            "three measures)"
    paper = "MC4 best aggregate; BC, CD, SSD behind the best base ranker"
    if "cylinder-bands" not in set(areas["dataset"]):
        return dict(claim=claim, paper=paper, ours="", finding="cylinder-bands-mc4",
                    verdict=Verdict("n/a", "cylinder-bands is not in this run",
                                    "all cases"))
    r = dataset_learner_ranks(areas, "cylinder-bands", "J48")
    agg, best_base = r[list(AGGREGATES)], r[list(BASE)].min()
    cases = [bool(agg["MC4"] < agg.drop("MC4").min())] + \
        [bool(agg[m] > best_base) for m in ("BC", "CD", "SSD")]
    return dict(claim=claim, paper=paper,
                ours=", ".join(f"{label(m)} {v:.1f}" for m, v in agg.sort_values().items())
                + f"; best base ranker {best_base:.1f}",
                verdict=all_cases(sum(cases), len(cases)), finding="cylinder-bands-mc4")


def _sponge_row(areas):
    """Sponge with J48: every pair of the 11 methods equivalent within the declared margin,
    on the mean ranks over its (fold, measure) blocks (simultaneous 90 % intervals)."""
    claim = "sponge / J48: little or no difference among the methods (mean ranks over its " \
            "fold x measure blocks)"
    finding = "sponge-no-difference"
    if "sponge" not in set(areas["dataset"]) or "fold" not in areas:
        return dict(claim=claim, paper="≈ equal areas", ours="", finding=finding,
                    verdict=Verdict("n/a", "sponge's per-fold areas are not in this run",
                                    "equivalence"))
    a = areas[(areas["dataset"] == "sponge") & (areas["learner"] == "J48")]
    res = friedman(block_ranks(a), higher_is_better=False)
    pairs = _all_pairs(list(METHODS))
    m, source = margin(finding)
    e = equivalence_of_pairs(res.average_ranks, res.n_datasets, pairs, m, source)
    n = int(nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=ALPHA)["significant"].sum())
    x, y = e["pair"]
    return dict(claim=claim, paper="≈ equal areas",
                ours=f"largest |mean-rank difference| {e['diff']:.2f} ({label(x)}-{label(y)}), "
                     f"simultaneous 90 % half-width {e['half']:.2f}; Nemenyi {n}/{len(pairs)} "
                     f"significant (Friedman p = {_p(res.p_ff)}, N {res.n_datasets})",
                verdict=e["verdict"], ci=e["ci"],
                mde=mde_nemenyi(len(METHODS), res.n_datasets), finding=finding)


def _as_row(d, reading=""):
    return row(d["claim"], d["paper"], d["ours"], d["verdict"], se=d.get("se", ""),
               ci=d.get("ci"), mde=_round(d.get("mde", "")), reading=d.get("reading", reading),
               finding=d["finding"])


def _round(x, digits: int = 4):
    return round(float(x), digits) if isinstance(x, (float, np.floating)) else x


def _row_ci(r: dict) -> dict:
    """Intervals rounded as the CSV prints them (the table is compared byte for byte)."""
    if r["ci_low"] != "":
        r["ci_low"], r["ci_high"] = _round(r["ci_low"]), _round(r["ci_high"])
    return r


def _mean_areas(areas):
    if "fold" not in areas:
        return areas
    return areas.groupby(["dataset", "learner", "measure", "method"], sort=False,
                         as_index=False)["area"].mean()


def reproduction_summary(areas: pd.DataFrame, tests: dict, *, wilcoxon: bool = False,
                         profile: str | None = None) -> pd.DataFrame:
    """The paper's claims (Sec. VI) against ours, judged by the rule book and checked
    against their declarations (:data:`DECLARED`).

    Parameters
    ----------
    areas : DataFrame
        Per-fold areas (:func:`~.analysis.fold_areas`: dataset, fold, learner, measure,
        method, area) or their means (the sponge claim then has no test: n/a).
    tests : dict
        {reading: :func:`~.analysis.friedman_groups` under that reading}; every
        significance claim gets one row per reading, sharing its finding id.
    wilcoxon : bool, default False
        Add the modern test's counts (Wilcoxon signed-rank over the datasets, Holm within
        each finding) beside the ``blocks=datasets`` rows.
    profile : {"smoke", "quick", "paper"}, optional
        The run's profile (default: the active one).

    Returns
    -------
    DataFrame
        :func:`featrank.experiments.claims.summary_table`'s checked format.

    Examples
    --------
    Twenty synthetic datasets where SSD is first and CD second in every block: one rank
    apart over 180 blocks is below the Nemenyi CD (1.13):

    >>> from featrank.experiments.prati2012 import LEARNERS, MEASURES, friedman_groups
    >>> rng = np.random.default_rng(0)
    >>> q = dict(zip(METHODS, [0, .3, .2, .25, .35, .3, 1, 1.05, 1.6, .8, .9]))
    >>> rows = [dict(dataset=d, learner=lr, measure=m, method=k,
    ...              area=(.5 + .05 * v + .001 * rng.normal()) * (-1 if m == "error" else 1))
    ...         for d in range(20) for lr in LEARNERS for m in MEASURES for k, v in q.items()]
    >>> areas = pd.DataFrame(rows)
    >>> tests = {r: friedman_groups(areas, reading=r) for r in READINGS[:2]}
    >>> s = reproduction_summary(areas, tests, profile="smoke")
    >>> s.set_index(["finding", "reading"]).loc[("ssd-beats-all-overall",
    ...     "blocks=dataset×learner×measure"), ["ours", "agrees"]].tolist()
    ['overall 9/10; claimed differences +1.04 to +10.00 ranks', 'partly']
    """
    rows = []
    tables = group_ranks(areas, READINGS[0]) if wilcoxon and READINGS[0] in tests else None
    per_reading = {r: significance_rows(_Tests(tests[r], tables if r == READINGS[0]
                                               else None)) for r in READINGS if r in tests}
    first = next(iter(per_reading.values()))
    for i in range(len(first)):
        for reading, claims in per_reading.items():
            rows.append(_as_row(claims[i], reading))
    mean = _mean_areas(areas)
    rows += [_as_row(d) for d in _mean_rank_rows(mean)]
    rows += [_as_row(d) for d in base_order_rows(mean)]
    rows += [_as_row(_cylinder_row(mean)), _as_row(_sponge_row(areas))]
    return summary_table([_row_ci(r) for r in rows], profile or active_profile(), DECLARED)


def extra_specifications(areas: pd.DataFrame, tests: dict) -> list[dict]:
    """The open choices the summary does not show, as rows ``finding, specification,
    agrees`` for the specification curve: the significance claims under ``blocks=datasets``
    tested by Wilcoxon-Holm (Holm within the finding) instead of Nemenyi, and the claims on
    mean ranks with SSD by strongest paths ("SSD-paths") or Dwork's MC4 ("MC4-Dwork") in the
    place of Prati's SSD and MC4, where ``areas`` holds those extras."""
    out = []
    if READINGS[0] in tests:
        T = _Tests(tests[READINGS[0]], group_ranks(areas, READINGS[0]))
        for d in significance_rows(T):
            if d.get("modern") is not None:
                out.append(dict(finding=d["finding"], agrees=d["modern"].agrees,
                                specification=f"{READINGS[0]}; test=wilcoxon-holm"))
    mean = _mean_areas(areas)
    present = set(mean["method"])
    for own, extra, choice in (("SSD", "SSD-paths", "ssd=strongest-paths"),
                               ("MC4", "MC4-Dwork", "mc4=dwork")):
        if extra not in present:
            continue
        for d in _mean_rank_rows(mean, {own: extra}) + base_order_rows(mean, {own: extra}):
            spec = "; ".join(s for s in (d.get("reading", ""), choice) if s)
            out.append(dict(finding=d["finding"], specification=spec,
                            agrees=d["verdict"].agrees))
    return out


def rows_changed_by_reading(table: pd.DataFrame) -> pd.DataFrame:
    """The claims whose verdict differs between readings of the Friedman blocks: claim x
    reading -> agrees."""
    t = table[table["reading"].isin(READINGS)]
    wide = t.pivot_table(index="claim", columns="reading", values="agrees", aggfunc="first",
                         sort=False)
    return wide[wide.nunique(axis=1) > 1]
