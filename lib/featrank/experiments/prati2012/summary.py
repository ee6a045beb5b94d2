"""Prati 2012: the reproduction summary, every claim of Sec. VI judged by the rule book
(:mod:`featrank.experiments.claims`), the significance claims once per reading of the
Friedman blocks (:data:`~.analysis.READINGS`, one finding per claim).

Claims of significance are tested as the paper tests them -- Nemenyi pairs at alpha = 0.05
after a Friedman test (Figs. 1-3) -- and judged by the rules ``significance`` (m pairs claimed
significant) and ``no_difference`` (m pairs claimed not); under ``blocks=datasets`` the
``ours`` column also gives the modern test's count (Wilcoxon-Holm over the datasets). A pair
counts as significant only the paper's way. Claims about mean ranks only (best, worst, an
order) are judged by ``all_cases`` and ``ordering`` on the average ranks of the
dataset x learner x measure cells (the ``blocks=datasets`` reading averages the same ranks).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...config import active_profile
from ...stats import friedman, nemenyi_pairs
from ..claims import (COLUMNS, all_cases, by_construction, no_difference, ordering, row,
                      significance, slug, summary_table)
from .analysis import READINGS, block_ranks, dataset_learner_ranks, label
from .protocol import AGGREGATES, BASE, METHODS

SUMMARY_COLUMNS = list(COLUMNS)
PAPER_N_DATASETS = 39
ALPHA = 0.05  # the paper: "95% of confidence level"
MEASURE_KEYS = ("measure=f1", "measure=error", "measure=auc")  # Fig. 1 (a), (b), (c)
LEARNER_KEYS = ("learner=J48", "learner=SVM", "learner=NB")  # Fig. 2 (a), (b), (c)
#: Fig. 3's order of the base rankers, best first (its three overlapping groups)
PAPER_BASE_ORDER = ["1R", "GR", "RLF", "CS", "SU", "IG"]


def _short(key: str) -> str:
    """'measure=f1' -> 'F1', 'learner=J48' -> 'J48', 'overall' -> 'overall'."""
    name = key.split("=")[-1]
    return {"f1": "F1", "auc": "AUC"}.get(name, name)


class _Tests:
    """One reading's Friedman groups with their Nemenyi pairs, and (optionally) the
    Wilcoxon-Holm p-values of the same groups."""

    def __init__(self, groups: dict, wilcoxon: dict | None = None, alpha: float = ALPHA):
        self.groups, self.wilcoxon, self.alpha = groups, wilcoxon, alpha
        self.pairs = {}
        for g, (res, _) in groups.items():
            t = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=alpha)
            self.pairs[g] = {(b, w): (s, d) for b, w, s, d in
                             zip(t["better"], t["worse"], t["significant"], t["diff"])}

    def ranks(self, g):
        return self.groups[g][0].average_ranks

    def better(self, g, a, b) -> bool:
        """``a`` significantly better than ``b`` (Nemenyi)."""
        return (a, b) in self.pairs[g] and bool(self.pairs[g][(a, b)][0])

    def differ(self, g, a, b) -> bool:
        return self.better(g, a, b) or self.better(g, b, a)

    def wilcoxon_better(self, g, a, b) -> bool:
        p = self.wilcoxon[g]
        r = self.ranks_w(g)
        return bool(p.loc[a, b] < self.alpha and r[a] < r[b])

    def ranks_w(self, g):
        return self.wilcoxon[g].attrs["average_ranks"]

    def count(self, claims) -> int:
        return sum(self.better(*c) for c in claims)

    def modern(self, claims) -> str:
        if self.wilcoxon is None:
            return ""
        return f"; Wilcoxon-Holm {sum(self.wilcoxon_better(*c) for c in claims)}/{len(claims)}"

    def cds(self, keys) -> str:
        return ", ".join(f"{_short(g)} N {self.groups[g][0].n_datasets}, CD "
                         f"{self.groups[g][1]:.2f}" for g in keys)


# --- significance claims, one row per reading ------------------------------------------------

def _friedman_row(T, keys, what, fig):
    res = {g: T.groups[g][0] for g in keys}
    n = sum(res[g].p_ff < T.alpha for g in keys)
    return dict(claim=f"Friedman rejects equal performance {what} ({fig})", paper="rejected",
                ours=", ".join(f"{_short(g)} p = {_p(res[g].p_ff)}" for g in keys),
                se=T.cds(keys), verdict=significance(n, len(keys)))


def _p(p: float) -> str:
    return "< 1e-16" if p < 1e-16 else f"{p:.2g}"


def _claimed_row(T, claim, paper, claims, keys):
    """``claims``: (group, a, b) = "a significantly better than b"."""
    per = ", ".join(f"{_short(g)} {T.count([c for c in claims if c[0] == g])}/"
                    f"{sum(c[0] == g for c in claims)}" for g in keys)
    return dict(claim=claim, paper=paper, ours=per + T.modern(claims), se=T.cds(keys),
                verdict=significance(T.count(claims), len(claims)))


def _aggregates_vs_base(T, keys, what, fig, paper, exclude=()):
    claims = [(g, a, b) for g in keys for a in AGGREGATES for b in BASE
              if (g, a, b) not in exclude]
    return _claimed_row(T, f"every aggregate significantly better than every base ranker, "
                           f"{what} ({fig})", paper, claims, keys)


def _ssd_dominates(T, keys, what, fig):
    claims = [(g, "SSD", b) for g in keys for b in METHODS if b != "SSD"]
    return _claimed_row(T, f"SSD significantly better than every other ranking, {what} "
                           f"({fig})", f"{len(claims)}/{len(claims)} pairs", claims, keys)


def _no_difference_row(T, g, pairs, claim):
    found = [f"{label(a)}-{label(b)}" for a, b in pairs if T.differ(g, a, b)]
    ours = f"{len(found)}/{len(pairs)}" + (f" ({', '.join(found)})" if found else "")
    if T.wilcoxon is not None:
        w = sum(T.wilcoxon[g].loc[a, b] < T.alpha for a, b in pairs)
        ours += f"; Wilcoxon-Holm {w}/{len(pairs)}"
    return dict(claim=claim, paper=f"0/{len(pairs)} pairs significant", ours=ours,
                se=T.cds([g]), verdict=no_difference(len(found), len(pairs)))


def _all_pairs(members):
    return [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]


def significance_rows(T) -> list:
    """The significance claims of Sec. VI under one reading's tests ``T``."""
    f1_exception = {("measure=f1", "MC4", "1R")}
    claimed_base = [("1R", "SU"), ("1R", "IG"), ("GR", "IG")]
    other_base = [p for p in _all_pairs(list(BASE)) if p not in claimed_base
                  and p[::-1] not in claimed_base]
    f1_others = [b for b in METHODS if b not in ("SSD", "CD", "BC", "Lin")]
    return [
        _friedman_row(T, MEASURE_KEYS, "for every measure", "Fig. 1"),
        _friedman_row(T, LEARNER_KEYS, "for every learner", "Fig. 2"),
        _friedman_row(T, ("overall",), "overall", "Fig. 3"),
        _aggregates_vs_base(T, MEASURE_KEYS, "per measure (MC4-1R under F1 excepted)",
                            "Fig. 1", "71/71", f1_exception),
        _aggregates_vs_base(T, LEARNER_KEYS, "per learner", "Fig. 2", "72/72"),
        _aggregates_vs_base(T, ("overall",), "overall", "Fig. 3", "24/24"),
        _ssd_dominates(T, ("measure=error", "measure=auc"), "error and AUC", "Fig. 1b, c"),
        _claimed_row(T, "F1: SSD significantly better than the base rankers and MC4 "
                        "(Fig. 1a)", "7/7", [("measure=f1", "SSD", b) for b in f1_others],
                     ("measure=f1",)),
        _no_difference_row(T, "measure=f1", [("SSD", b) for b in ("CD", "BC", "Lin")],
                           "F1: SSD not significantly better than CD, BC, Lin (Fig. 1a)"),
        _ssd_dominates(T, LEARNER_KEYS, "per learner", "Fig. 2"),
        _ssd_dominates(T, ("overall",), "overall", "Fig. 3"),
        _claimed_row(T, "SSD significantly better than the baseline Lin (error, AUC; "
                        "overall)", "3/3", [(g, "SSD", "Lin") for g in
                                            ("measure=error", "measure=auc", "overall")],
                     ("measure=error", "measure=auc", "overall")),
        _claimed_row(T, "NB: MC4 significantly worse than CD, BC and Lin (Fig. 2c)", "3/3",
                     [("learner=NB", a, "MC4") for a in ("CD", "BC", "Lin")],
                     ("learner=NB",)),
        _no_difference_row(T, "overall", _all_pairs(["CD", "BC", "MC4", "Lin"]),
                           "CD, BC, MC4, Lin: no significant difference among them overall "
                           "(Fig. 3's second group)"),
        _no_difference_row(T, "learner=J48", _all_pairs(list(BASE)),
                           "J48: no significant difference among the base rankers (Fig. 2a)"),
        _claimed_row(T, "base rankers: 1R better than SU and IG, GR better than IG, overall "
                        "(Fig. 3's three groups)", "3/3",
                     [("overall", a, b) for a, b in claimed_base], ("overall",)),
        _no_difference_row(T, "overall", other_base,
                           "base rankers: no other pair differs significantly overall "
                           "(Fig. 3's three groups)"),
    ]


# --- claims on mean ranks, one row ----------------------------------------------------------

def _mean_rank_rows(areas) -> list:
    R = block_ranks(areas)
    by_measure = {g: R.xs(g.split("=")[1], level="measure").mean() for g in MEASURE_KEYS}
    overall = R.mean()
    best = {g: r[list(AGGREGATES)].idxmin() for g, r in by_measure.items()}
    worst_base = {g: r[list(BASE)].idxmax() for g, r in by_measure.items()}
    worst_agg = overall[list(AGGREGATES)].idxmax()
    return [
        dict(claim="SSD the best aggregate for every measure (Fig. 1; mean rank)",
             paper="SSD", ours=", ".join(f"{_short(g)} {label(b)}" for g, b in best.items()),
             verdict=all_cases(sum(b == "SSD" for b in best.values()), len(best))),
        dict(claim="MC4 the worst aggregate overall (Fig. 3; mean rank)", paper="MC4",
             ours=", ".join(f"{label(m)} {r:.2f}" for m, r in
                            overall[list(AGGREGATES)].sort_values().items()),
             verdict=all_cases(int(worst_agg == "MC4"), 1)),
        dict(claim="IG the worst base ranker for every measure (Fig. 1; mean rank)",
             paper="IG", ours=", ".join(f"{_short(g)} {label(w)}" for g, w in
                                       worst_base.items()),
             verdict=all_cases(sum(w == "IG" for w in worst_base.values()), len(worst_base))),
        dict(claim="the base rankers' order overall (Fig. 3; mean rank)",
             paper=" > ".join(map(label, PAPER_BASE_ORDER)),
             ours=" > ".join(label(m) for m in overall[list(BASE)].sort_values().index),
             verdict=ordering([label(m) for m in PAPER_BASE_ORDER],
                              {label(m): r for m, r in overall[list(BASE)].items()},
                              higher_is_better=False)),
    ]


def _cylinder_row(areas):
    claim = "cylinder-bands / J48: MC4 good, the other aggregates fail (mean rank over the " \
            "three measures)"
    paper = "MC4 best aggregate; BC, CD, SSD behind the best base ranker"
    if "cylinder-bands" not in set(areas["dataset"]):
        return dict(claim=claim, paper=paper, ours="",
                    verdict=by_construction("cylinder-bands is not in this run"))
    r = dataset_learner_ranks(areas, "cylinder-bands", "J48")
    agg, best_base = r[list(AGGREGATES)], r[list(BASE)].min()
    cases = [bool(agg["MC4"] < agg.drop("MC4").min())] + \
        [bool(agg[m] > best_base) for m in ("BC", "CD", "SSD")]
    return dict(claim=claim, paper=paper,
                ours=", ".join(f"{label(m)} {v:.1f}" for m, v in agg.sort_values().items())
                + f"; best base ranker {best_base:.1f}",
                verdict=all_cases(sum(cases), len(cases)))


def _sponge_row(areas):
    """Nemenyi over sponge's (fold, measure) blocks with J48: 55 pairs claimed equal."""
    claim = "sponge / J48: little or no difference among the methods (Nemenyi over its " \
            "fold x measure blocks)"
    if "sponge" not in set(areas["dataset"]) or "fold" not in areas:
        return dict(claim=claim, paper="≈ equal areas", ours="",
                    verdict=by_construction("sponge's per-fold areas are not in this run"))
    a = areas[(areas["dataset"] == "sponge") & (areas["learner"] == "J48")]
    res = friedman(block_ranks(a), higher_is_better=False)
    t = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=ALPHA)
    n = int(t["significant"].sum())
    return dict(claim=claim, paper=f"0/{len(t)} pairs significant",
                ours=f"{n}/{len(t)} (Friedman p = {_p(res.p_ff)}, N {res.n_datasets})",
                verdict=no_difference(n, len(t)))


def _as_row(d, reading="", finding=None):
    return row(d["claim"], d["paper"], d["ours"], d["verdict"], se=d.get("se", ""),
               reading=reading, finding=finding)


def reproduction_summary(areas: pd.DataFrame, tests: dict, *, wilcoxon: dict | None = None,
                         profile: str | None = None) -> pd.DataFrame:
    """The paper's claims (Sec. VI) against ours, judged by the rule book.

    Parameters
    ----------
    areas : DataFrame
        Per-fold areas (:func:`~.analysis.fold_areas`: dataset, fold, learner, measure,
        method, area) or their means (the sponge claim then has no test: n/a).
    tests : dict
        {reading: :func:`~.analysis.friedman_groups` under that reading}; every
        significance claim gets one row per reading, sharing its finding id.
    wilcoxon : dict, optional
        :func:`~.analysis.wilcoxon_groups`: the modern test's counts, shown beside the
        ``blocks=datasets`` rows.
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
    >>> reading = "blocks=dataset×learner×measure"
    >>> s = reproduction_summary(areas, {reading: friedman_groups(areas)}, profile="smoke")
    >>> s.set_index("claim").loc["SSD significantly better than every other ranking, "
    ...                          "overall (Fig. 3)", ["ours", "agrees"]].tolist()
    ['overall 9/10', 'partly']
    """
    rows = []
    per_reading = {r: significance_rows(_Tests(tests[r], wilcoxon if r == READINGS[0]
                                               else None)) for r in READINGS if r in tests}
    first = next(iter(per_reading.values()))
    for i, base in enumerate(first):
        # numbered: claims that differ only after their first 60 characters stay apart
        finding = f"{i + 1:02d}-{slug(base['claim'])}"
        for reading, claims in per_reading.items():
            rows.append(_as_row(claims[i], reading, finding))
    mean_areas_ = areas
    if "fold" in areas:
        mean_areas_ = areas.groupby(["dataset", "learner", "measure", "method"], sort=False,
                                    as_index=False)["area"].mean()
    rows += [_as_row(d) for d in _mean_rank_rows(mean_areas_)]
    rows += [_as_row(_cylinder_row(mean_areas_)), _as_row(_sponge_row(areas))]
    return summary_table(rows, profile or active_profile())


def rows_changed_by_reading(table: pd.DataFrame) -> pd.DataFrame:
    """The claims whose verdict differs between readings: claim x reading -> agrees."""
    t = table[table["reading"] != ""]
    wide = t.pivot_table(index="claim", columns="reading", values="agrees", aggfunc="first",
                         sort=False)
    return wide[wide.nunique(axis=1) > 1][[r for r in READINGS if r in wide]]

