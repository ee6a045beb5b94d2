"""Prati 2012: the reproduction summary, every claim of Sec. VI tested as the paper tests it
(:func:`reproduction_summary`)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...config import active_profile
from ...stats import holm_vs_control, nemenyi_pairs, rank_se
from ..summary import COLUMNS, summary_table
from . import AGGREGATES, BASE, METHODS, dataset_learner_ranks, label

SUMMARY_COLUMNS = list(COLUMNS)
PAPER_N_DATASETS = 39
MEASURE_KEYS = ("measure=f1", "measure=error", "measure=auc")  # Fig. 1 (a), (b), (c)
LEARNER_KEYS = ("learner=J48", "learner=SVM", "learner=NB")  # Fig. 2 (a), (b), (c)


def _p(p: float) -> str:
    return "< 1e-16" if p < 1e-16 else f"{p:.2g}"


def _short(key: str) -> str:
    """'measure=f1' -> 'F1', 'learner=J48' -> 'J48', 'overall' -> 'overall'."""
    name = key.split("=")[-1]
    return {"f1": "F1", "auc": "AUC"}.get(name, name)


class _Tests:
    """The Friedman groups of :func:`friedman_groups` with their Nemenyi pairs (alpha as the
    paper: 0.05) and Holm's test against a control, for the claims' verdicts."""

    def __init__(self, groups: dict, alpha: float, note: str):
        self.groups, self.alpha, self.note = groups, alpha, note
        self.pairs = {}
        for g, (res, _) in groups.items():
            t = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=alpha)
            self.pairs[g] = {(b, w): (s, d) for b, w, s, d in
                             zip(t["better"], t["worse"], t["significant"], t["diff"])}

    def ranks(self, g):
        return self.groups[g][0].average_ranks

    def se(self, g):
        res = self.groups[g][0]
        return rank_se(res.k, res.n_datasets)

    def cd(self, g):
        return self.groups[g][1]

    def relation(self, g, a, b) -> int:
        """+2: ``a`` significantly better than ``b`` (Nemenyi); +1: better, not
        significantly; 0: equal average ranks; -1, -2: worse."""
        sign, key = (1, (a, b)) if (a, b) in self.pairs[g] else (-1, (b, a))
        sig, diff = self.pairs[g][key]
        return 0 if diff == 0 else sign * (2 if sig else 1)

    def tally(self, claims) -> dict:
        """Claims ``(group, a, b)``: "a significantly better than b"."""
        rel = [self.relation(*c) for c in claims]
        return dict(n=len(rel), sig=sum(r == 2 for r in rel), way=sum(r > 0 for r in rel),
                    against=sum(r == -2 for r in rel))

    def holm_wins(self, g, control) -> int:
        """How many methods Holm's test finds significantly behind ``control``."""
        res = self.groups[g][0]
        h = holm_vs_control(res.average_ranks, control, n_datasets=res.n_datasets,
                            alpha=self.alpha)
        return int((h["significant"] & (h["z"] > 0)).sum())

    def cds(self, keys) -> str:
        return ", ".join(f"{_short(g)} CD {self.cd(g):.2f} (SE {self.se(g):.2f})" for g in keys)


def _verdict(t: dict) -> str:
    """yes: every claimed pair significant the paper's way; no: none is and not all go the
    paper's way, or one is significant the other way; partly: in between."""
    if t["against"]:
        return "no"
    if t["sig"] == t["n"]:
        return "yes"
    return "partly" if t["sig"] or t["way"] == t["n"] else "no"


def _tally_text(t: dict) -> str:
    return (f"{t['sig']} of {t['n']} pairs significant (Nemenyi, the paper's test), "
            f"{t['way']} of {t['n']} the paper's way"
            + (f", {t['against']} significant the other way" if t["against"] else ""))


def _row(claim, paper, ours, se, agrees, why_not=""):
    return dict(claim=claim, paper=paper, ours=ours, se=se, agrees=agrees,
                why_not="" if agrees == "yes" else why_not)


def _friedman_row(T, keys, what, fig):
    res = {g: T.groups[g][0] for g in keys}
    kept = [g for g in keys if res[g].p_ff >= T.alpha]
    agrees = "yes" if not kept else "partly" if len(kept) < len(keys) else "no"
    return _row(f"Friedman rejects equal performance {what} ({fig})", "rejected",
                ", ".join(f"{_short(g)} p = {_p(res[g].p_ff)}" for g in keys),
                ", ".join(f"{_short(g)} F_F = {res[g].ff:.2f}" for g in keys), agrees,
                f"not rejected for {', '.join(map(_short, kept))} at alpha = {T.alpha}; "
                + T.note)


def _aggregates_vs_base_row(T, keys, what, fig, paper, exclude=()):
    claims = [(g, a, b) for g in keys for a in AGGREGATES for b in BASE
              if (g, a, b) not in exclude]
    t = T.tally(claims)
    per = [T.tally([c for c in claims if c[0] == g]) for g in keys]
    return _row(f"every aggregate significantly better than every base ranker, {what} "
                f"({fig})", paper,
                ", ".join(f"{_short(g)} {p['sig']}/{p['n']}" for g, p in zip(keys, per)),
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _ssd_best_aggregate_row(T):
    best = {g: T.ranks(g)[list(AGGREGATES)].idxmin() for g in MEASURE_KEYS}
    n_ok = sum(b == "SSD" for b in best.values())
    gaps = [f"{_short(g)}: SSD {T.ranks(g)['SSD'] - T.ranks(g)[b]:.2f} ranks behind "
            f"{label(b)}" for g, b in best.items() if b != "SSD"]
    return _row("SSD the best aggregate for every measure (Fig. 1; mean rank)", "SSD",
                ", ".join(f"{_short(g)} {label(b)}" for g, b in best.items()),
                ", ".join(f"{_short(g)} SE {T.se(g):.2f}" for g in MEASURE_KEYS),
                "yes" if n_ok == 3 else "partly" if n_ok else "no",
                "; ".join(gaps) + " (SE of a rank difference in column se)")


def _ssd_dominates_row(T, keys, what, fig):
    claims = [(g, "SSD", b) for g in keys for b in METHODS if b != "SSD"]
    t = T.tally(claims)
    holm = sum(T.holm_wins(g, "SSD") for g in keys)
    ours = ", ".join(f"{_short(g)} {T.tally([c for c in claims if c[0] == g])['sig']}/10"
                     for g in keys) + f" (Holm vs SSD: {holm}/{len(claims)})"
    return _row(f"SSD significantly better than every other ranking, {what} ({fig})",
                f"{len(claims)}/{len(claims)} pairs", ours,
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _ssd_f1_row(T):
    g, ns = "measure=f1", ("CD", "BC", "Lin")
    t = T.tally([(g, "SSD", b) for b in METHODS if b not in ns + ("SSD",)])
    found = [b for b in ns if T.relation(g, "SSD", b) == 2]
    agrees = _verdict(t) if not found else "partly" if t["sig"] else "no"
    return _row("F1: SSD significantly better than the base rankers and MC4, not than CD, "
                "BC, Lin (Fig. 1a)", "7/7 significant; 0/3", f"{t['sig']}/7; {len(found)}/3",
                T.cds([g]), agrees, _tally_text(t)
                + (f"; significant against {', '.join(found)} too" if found else ""))


def _ssd_vs_lin_row(T):
    keys = ("measure=error", "measure=auc", "overall")
    t = T.tally([(g, "SSD", "Lin") for g in keys])
    return _row("SSD significantly better than the baseline Lin (error, AUC; overall)",
                "3/3", ", ".join(f"{_short(g)} Lin - SSD = "
                                 f"{T.ranks(g)['Lin'] - T.ranks(g)['SSD']:+.2f}" for g in keys),
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _mc4_worst_row(T):
    R = T.ranks("overall")[list(AGGREGATES)]
    worst, se = R.idxmax(), T.se("overall")
    close = R.max() - R["MC4"] < se
    agrees = "yes" if worst == "MC4" else "partly" if close else "no"
    return _row("MC4 the worst aggregate overall (Fig. 3; mean rank, no test)", "MC4",
                ", ".join(f"{label(m)} {r:.2f}" for m, r in R.sort_values().items()),
                f"SE {se:.2f}", agrees,
                f"worst is {label(worst)}; MC4 is {R.max() - R['MC4']:.2f} ranks ahead of it "
                + ("(less than one SE: the order is not resolved)" if close else
                   "(more than one SE)"))


def _mc4_nb_row(T):
    g = "learner=NB"
    t = T.tally([(g, a, "MC4") for a in ("CD", "BC", "Lin")])
    return _row("NB: MC4 significantly worse than CD, BC and Lin (Fig. 2c)", "3/3",
                ", ".join(f"{a} - MC4 = {T.ranks(g)[a] - T.ranks(g)['MC4']:+.2f}"
                          for a in ("CD", "BC", "Lin")), T.cds([g]), _verdict(t),
                _tally_text(t) + "; " + T.note)


def _no_difference_row(T, g, members, claim):
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]
    found = [f"{label(a)}-{label(b)}" for a, b in pairs if abs(T.relation(g, a, b)) == 2]
    agrees = "yes" if not found else "partly" if len(found) < len(pairs) else "no"
    return _row(claim, f"0/{len(pairs)} pairs significant", f"{len(found)}/{len(pairs)}",
                T.cds([g]), agrees, f"significant: {', '.join(found)}")


def _ig_worst_row(T):
    worst = {g: T.ranks(g)[list(BASE)].idxmax() for g in MEASURE_KEYS}
    n_ok = sum(w == "IG" for w in worst.values())
    return _row("IG the worst base ranker for every measure (Fig. 1; mean rank, 'in general' "
                "not significantly)", "IG",
                ", ".join(f"{_short(g)} {label(w)}" for g, w in worst.items()),
                ", ".join(f"{_short(g)} SE {T.se(g):.2f}" for g in MEASURE_KEYS),
                "yes" if n_ok == 3 else "partly" if n_ok else "no",
                "; ".join(f"{_short(g)}: IG {T.ranks(g)[w] - T.ranks(g)['IG']:.2f} ranks ahead"
                          f" of {label(w)}" for g, w in worst.items() if w != "IG"))


def _base_groups_row(T):
    """Fig. 3's groups {1R, GR, RLF, χ²}, {GR, RLF, χ², SU}, {RLF, χ², SU, IG}: exactly
    1R-SU, 1R-IG and GR-IG differ significantly among the 15 base pairs."""
    g, claimed = "overall", [("1R", "SU"), ("1R", "IG"), ("GR", "IG")]
    t = T.tally([(g, a, b) for a, b in claimed])
    base = list(BASE)
    found = {frozenset((a, b)) for i, a in enumerate(base) for b in base[i + 1:]
             if abs(T.relation(g, a, b)) == 2}
    extra = found - {frozenset(c) for c in claimed}
    agrees = _verdict(t) if not extra else "partly" if t["sig"] else "no"
    return _row("base rankers: only 1R-SU, 1R-IG, GR-IG differ significantly overall "
                "(Fig. 3's three groups)", "3 pairs, 1R and GR ahead",
                f"{len(found)} significant: " + (", ".join(
                    sorted("-".join(label(m) for m in sorted(p)) for p in found)) or "none"),
                T.cds([g]), agrees, _tally_text(t)
                + (f"; {len(extra)} other significant pair(s)" if extra else ""))


def _cylinder_row(areas):
    r = dataset_learner_ranks(areas, "cylinder-bands", "J48")
    agg, best_base = r[list(AGGREGATES)], r[list(BASE)].min()
    tied = [label(m) for m in agg.index if agg[m] == agg.min() and m != "MC4"]
    others_fail = bool((agg.drop("MC4") > best_base).all())
    if agg["MC4"] > agg.min():
        agrees, why = "no", f"best aggregate {label(agg.idxmin())}"
    elif tied or not others_fail:
        agrees = "partly"
        why = (f"MC4 shares the best aggregate rank with {', '.join(tied)}" if tied else
               "MC4 is the best aggregate, but not every other one is behind the best base "
               "ranker")
    else:
        agrees, why = "yes", ""
    return _row("cylinder-bands / J48: MC4 good, the other aggregates fail (one dataset: "
                "mean rank over the three measures, no test)",
                "MC4 best aggregate; BC, CD, SSD behind the base rankers",
                ", ".join(f"{label(m)} {v:.1f}" for m, v in agg.sort_values().items())
                + f"; best base ranker {best_base:.1f}", "n/a", agrees, why)


def _sponge_row(areas):
    a = areas[areas["learner"] == "J48"]
    spread = (a.groupby(["dataset", "measure"])["area"].agg(lambda v: v.max() - v.min())
              .groupby("dataset").mean().sort_values())
    place = int(np.flatnonzero(spread.index == "sponge")[0]) + 1
    n = len(spread)
    agrees = "yes" if place == 1 else "partly" if place <= n / 2 else "no"
    return _row("sponge / J48: little or no difference among the methods (one dataset, no "
                "test)", "≈ equal areas", f"mean area spread {spread['sponge']:.3f}, "
                f"{place} smallest of {n} datasets (median {spread.median():.3f})", "n/a",
                agrees, f"{place - 1} dataset(s) show a smaller spread of the 11 methods' "
                "J48 areas")


def _dataset_row(areas, dataset, build):
    """``build(areas)``, or an ``n/a`` row when this run lacks the dataset or J48."""
    if dataset in set(areas["dataset"]) and "J48" in set(areas["learner"]):
        return build(areas)
    claim = {"cylinder-bands": "cylinder-bands / J48: MC4 good, the other aggregates fail",
             "sponge": "sponge / J48: little or no difference among the methods"}[dataset]
    return _row(claim, "", "", "n/a", "n/a", f"{dataset} with J48 is not in this run")


def reproduction_summary(areas: pd.DataFrame, groups: dict, *, alpha: float = 0.05,
                         profile: str | None = None) -> pd.DataFrame:
    """The paper's claims (Sec. VI) against ours, each tested the way the paper states it.

    Where the paper claims a significant difference, the verdict comes from the Nemenyi
    pairs at ``alpha`` (the paper's test, Figs. 1-3); where the claim is one method against
    the rest, Holm's step-down test against that control is reported beside it
    (:func:`featrank.stats.holm_vs_control`). Claims about mean ranks only (best, worst)
    are judged on mean ranks, with Demšar's standard error of a rank difference. ``agrees``
    is ``yes`` (every claimed pair significant the paper's way), ``partly`` (some, or all
    the paper's way without significance), ``no`` or ``n/a``; ``why_not`` says what falls
    short wherever ``agrees`` is not ``yes``.

    Parameters
    ----------
    areas : DataFrame
        :func:`mean_areas` (dataset, learner, measure, method, area).
    groups : dict
        :func:`friedman_groups` of ``areas`` (the paper's 11 methods).
    alpha : float, default 0.05
        Significance level of every test (the paper: 95 % confidence).
    profile : {"smoke", "quick", "paper"}, optional
        The run's profile for the ``profile`` column (default: the active one).

    Returns
    -------
    DataFrame
        :func:`featrank.experiments.summary.summary_table`'s checked format: columns
        ``claim, paper, ours, se, agrees, why_not, profile``. The ``why_not`` of a failed
        significance claim names how many of the paper's 39 datasets this run has.

    Examples
    --------
    Twenty synthetic datasets where SSD is first and CD second in every block: one rank
    apart over 180 blocks is below the Nemenyi CD (1.13), though Holm's test finds it:

    >>> from featrank.experiments.prati2012 import LEARNERS, MEASURES, friedman_groups
    >>> rng = np.random.default_rng(0)
    >>> q = dict(zip(METHODS, [0, .3, .2, .25, .35, .3, 1, 1.05, 1.6, .8, .9]))
    >>> rows = [dict(dataset=d, learner=lr, measure=m, method=k,
    ...              area=(.5 + .05 * v + .001 * rng.normal()) * (-1 if m == "error" else 1))
    ...         for d in range(20) for lr in LEARNERS for m in MEASURES for k, v in q.items()]
    >>> areas = pd.DataFrame(rows)
    >>> s = reproduction_summary(areas, friedman_groups(areas), profile="smoke")
    >>> s.set_index("claim").loc["SSD significantly better than every other ranking, "
    ...                          "overall (Fig. 3)", ["ours", "agrees"]].tolist()
    ['overall 9/10 (Holm vs SSD: 10/10)', 'partly']
    """
    n_ds = areas["dataset"].nunique()
    note = (f"this run has {n_ds} of the paper's {PAPER_N_DATASETS} datasets"
            if n_ds < PAPER_N_DATASETS else "all the paper's datasets")
    T = _Tests(groups, alpha, note)
    f1_exception = {("measure=f1", "MC4", "1R")}
    rows = [
        _friedman_row(T, MEASURE_KEYS, "for every measure", "Fig. 1"),
        _friedman_row(T, LEARNER_KEYS, "for every learner", "Fig. 2"),
        _friedman_row(T, ("overall",), "overall", "Fig. 3"),
        _aggregates_vs_base_row(T, MEASURE_KEYS, "per measure (MC4-1R under F1 excepted)",
                                "Fig. 1", "24/24 per measure, F1 23/24", f1_exception),
        _aggregates_vs_base_row(T, LEARNER_KEYS, "per learner", "Fig. 2", "24/24 per learner"),
        _aggregates_vs_base_row(T, ("overall",), "overall", "Fig. 3", "24/24"),
        _ssd_best_aggregate_row(T),
        _ssd_dominates_row(T, ("measure=error", "measure=auc"), "error and AUC",
                           "Fig. 1b, c"),
        _ssd_f1_row(T),
        _ssd_dominates_row(T, LEARNER_KEYS, "per learner", "Fig. 2"),
        _ssd_dominates_row(T, ("overall",), "overall", "Fig. 3"),
        _ssd_vs_lin_row(T),
        _mc4_worst_row(T),
        _mc4_nb_row(T),
        _no_difference_row(T, "overall", ["CD", "BC", "MC4", "Lin"],
                           "CD, BC, MC4, Lin: no significant difference among them overall "
                           "(Fig. 3's second group)"),
        _ig_worst_row(T),
        _no_difference_row(T, "learner=J48", list(BASE),
                           "J48: no significant difference among the base rankers (Fig. 2a)"),
        _base_groups_row(T),
    ]
    rows += [_dataset_row(areas, "cylinder-bands", _cylinder_row),
             _dataset_row(areas, "sponge", _sponge_row)]
    return summary_table(rows, profile or active_profile())
