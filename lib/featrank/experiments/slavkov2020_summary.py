"""Notebook 05's reproduction summary: Slavkov et al. (2020), claim by claim.

Rules, fixed before looking at our numbers:

- **Table 3** (every theta, all three datasets): a cell agrees when
  ``|ours - paper| <= 2 * sqrt(se_ours^2 + se_paper^2)``; the paper's SE is taken equal to
  ours (both average 100 realisations of the same distance). A theta row is ``yes`` when all
  three datasets agree, ``partly`` when some do.
- **Learners**: a gap between good and bad rankings counts when ``|t| > 2`` (paired over CV
  splits). "Cannot tell the rankings apart" holds when ``|t| <= 2``; a gap significant the
  other way is *not* "cannot tell apart" and is marked so (``partly``).
- **Orders and winners** without a standard error in this run say so in ``se``.

The rows go through :func:`featrank.experiments.summary.summary_table`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..config import active_profile
from . import slavkov2020 as E
from .summary import summary_table


def _row(claim, paper, ours, se, agrees, why_not=""):
    return dict(claim=claim, paper=paper, ours=ours, se=se, agrees=agrees, why_not=why_not)


PENDING = ("not yet in the result store: the paper run computes it in pieces (`make paper "
           "NB=05`); the top of the notebook gives what is left and its cost")


def _pending_row(claim, paper):
    """A claim the stored part of a paper run cannot judge yet.

    >>> _pending_row("a claim", "yes")["agrees"]
    'n/a'
    """
    return _row(claim, paper, "not run yet", "", "n/a", PENDING)


def table3_agreement(t3: pd.DataFrame) -> pd.DataFrame:
    """Table 3 with ``z = (ours - paper) / (sqrt(2) se)`` and ``agrees = |z| <= 2``.

    >>> t = pd.DataFrame(dict(dataset=["a", "a"], theta=[0.1, 0.2], ours=[0.30, 0.40],
    ...                       paper=[0.31, 0.50], se=[0.005, 0.005]))
    >>> table3_agreement(t)["agrees"].tolist()
    [True, False]
    """
    z = (t3["ours"] - t3["paper"]) / (np.sqrt(2) * t3["se"])
    return t3.assign(z=z, agrees=z.abs() <= 2)


def _table3_rows(t3):
    a = table3_agreement(t3)
    rows = []
    for theta, g in a.groupby("theta", sort=True):
        g = g.set_index("dataset").loc[list(E.SYNTHETIC)]
        n_ok = int(g.agrees.sum())
        agrees = "yes" if n_ok == len(g) else "partly" if n_ok else "no"
        off = g[~g.agrees]
        why = "" if agrees == "yes" else (
            "beyond 2 SE: " + ", ".join(f"{d} {z:+.0f} SE" for d, z in off.z.items())
            + (" — E[ρ] = 0 exactly for a random ranking, so the distance is 1; the paper's "
               "values above 1 cannot come from Eq. 6 with 100 realisations" if theta == 1.0
               else " — the paper's conventions of Eq. 6 (ties, scaling) are open; the "
               "closest we found are in the conventions table"))
        rows.append(_row(f"Table 3, θ = {theta:g}: dist(R_GT, R_θ) for single / pair / combined",
                         " / ".join(f"{v:g}" for v in g.paper),
                         " / ".join(f"{v:.3f}" for v in g.ours),
                         " / ".join(f"{v:.3f}" for v in g.se), agrees, why))
    return rows


def fig3_monotone(fig3: dict, tol: float = 0.01) -> bool:
    """Fig. 3's claim on every dataset: as theta rises, the FFA curve's mean height falls and
    the RFA curve's rises (each step within ``tol``). ``fig3[dataset] = (gt, by_theta,
    expected)`` as notebook 05 builds it."""
    def heights(by_theta, kind):
        return [E.curve_heights(by_theta[t])[kind] for t in sorted(by_theta)]

    return all(E.is_monotone(heights(f[1], "ffa"), increasing=False, tol=tol)
               and E.is_monotone(heights(f[1], "rfa"), increasing=True, tol=tol)
               for f in fig3.values())


def _fig3_row(fig3_ok: bool, fig3_sets, fig3_pending=()):
    """Fig. 3's claim, judged on the synthetic datasets whose curves are there; ``partly``
    when some are still pending, however it reads on the others.

    >>> _fig3_row(True, ["single"], ["pair"])["agrees"], _fig3_row(True, [], ["pair"])["agrees"]
    ('partly', 'n/a')
    """
    claim = "Fig. 3: the higher θ, the lower the FFA and the higher the RFA curve"
    if not fig3_sets:
        return _pending_row(claim, "yes")
    agrees = "no" if not fig3_ok else "partly" if fig3_pending else "yes"
    why = [] if fig3_ok else ["a curve height steps the wrong way by more than 0.01"]
    if fig3_pending:
        why += ["holds where checked"] * fig3_ok + [
            "not yet in the result store: " + ", ".join(fig3_pending)]
    return _row(claim, "yes", f"{'yes' if fig3_ok else 'no'} on {', '.join(fig3_sets)}",
                "monotone within 0.01", agrees, "; ".join(why))


def _monotone_rows(t3, fig3_ok: bool, fig3_sets, fig3_pending=()):
    wide = t3.pivot(index="dataset", columns="theta", values="ours")
    up = all(E.is_monotone(wide.loc[d].values, increasing=True) for d in E.SYNTHETIC)
    d05 = wide[0.05] if 0.05 in wide else wide.iloc[:, 0]
    order = d05["single"] > d05["pair"] > d05["combined"]
    return [
        _row("Table 3: the distance grows with θ on all three datasets", "yes",
             "yes" if up else "no", "", "yes" if up else "no",
             "" if up else "a step down between two θ"),
        _row("Table 3: single > pair > combined at θ = 0.05", "0.219 > 0.126 > 0.1",
             f"{d05['single']:.3f} > {d05['pair']:.3f} > {d05['combined']:.3f}", "",
             "yes" if order else "no", "" if order else "the order differs"),
        _fig3_row(fig3_ok, fig3_sets, fig3_pending),
    ]


LEARNER_CLAIMS = {
    "Naive Bayes": "cannot tell good from bad rankings (FFA and RFA)",
    "k-NN": "separates good from bad rankings (FFA and RFA)",
    "SVM": "separates good from bad rankings (FFA and RFA)",
    "Decision tree": "no FFA difference; the RFA separates but is unstable",
    "Random forest": "no FFA difference; the RFA separates",
}


def _learner_row(label, s, sep):
    ours = (f"gap {s.gap:+.4f} (t {s.t:+.1f}); FFA {s.ffa_gap:+.4f} (t {s.ffa_t:+.1f}), "
            f"RFA {s.rfa_gap:+.4f} (t {s.rfa_t:+.1f})")
    se = f"{abs(s.gap / s.t):.4f}" if np.isfinite(s.t) and s.t else ""
    why = ""
    if label == "Naive Bayes":
        if abs(s.t) <= 2:
            agrees = "yes"
        else:
            agrees = "partly" if s.t < -2 else "no"
            why = ("NB does not put the good rankings ahead (the paper's point), but its "
                   "curves do differ: it rates the bad ones better, significantly; the claim "
                   "holds only because the gap has the other sign" if s.t < -2 else
                   "NB separates the rankings the right way, significantly")
    elif label in ("k-NN", "SVM"):
        agrees = "yes" if s.t > 2 and s.min_pair > 0 else "no"
        why = "" if agrees == "yes" else "the gap is not significant, or a bad ranking beats a good one"
    else:
        flat_ffa, rfa_sep = abs(s.ffa_t) <= 2, s.rfa_t > 2
        rough = s.rfa_roughness > sep.loc[["k-NN", "SVM"], "rfa_roughness"].max()
        need_rough = label == "Decision tree"
        hits = [flat_ffa, rfa_sep] + ([rough] if need_rough else [])
        agrees = "yes" if all(hits) else "partly" if any(hits) else "no"
        why = "" if agrees == "yes" else "; ".join(
            m for m, ok in (("the FFA gap is significant", flat_ffa),
                            ("the RFA gap is not significant", rfa_sep),
                            ("its RFA curves are not more jagged than k-NN's and SVM's",
                             rough or not need_rough)) if not ok)
    return _row(f"Learner study, {label}: {LEARNER_CLAIMS[label]}", LEARNER_CLAIMS[label],
                ours, se, agrees, why)


def _fig4_row(good: pd.Series, k: int):
    ok = min(good["ReliefF"], good["RandomForest"]) > max(good["InfoGain"], good["SVM-RFE"])
    return _row("Fig. 4: ReliefF and random forest put the relevant (incl. XOR) features on "
                "top; Info Gain and SVM-RFE spread the XOR ones", "yes",
                ", ".join(f"{r}: {good[r]}/{k}" for r in E.RANKERS) + f" relevant in top {k}",
                "one ranking each (no SE)", "yes" if ok else "no",
                "" if ok else "a bad ranker has as many relevant features on top")


A1_CLAIMS = [
    ("Fig. A1: all four rankers' FFA and RFA better than random", "yes"),
    ("Fig. A1: ReliefF best, random forest second, Info Gain and SVM-RFE inferior",
     "ReliefF > RF > {IG, SVM-RFE}"),
    ("Fig. A1C: ReliefF the most stable on combined", "ReliefF"),
]


def _a1_rows(ta1: pd.DataFrame):
    beat = bool((ta1.ffa_minus_random > 0).all() and (ta1.random_minus_rfa > 0).all())
    sc = ta1.assign(score=0.5 * (ta1.ffa_minus_random + ta1.random_minus_rfa)) \
        .set_index("ranker").score.sort_values(ascending=False)
    top2 = list(sc.index[:2])
    order = "yes" if top2 == ["ReliefF", "RandomForest"] else \
        "partly" if set(top2) == {"ReliefF", "RandomForest"} else "no"
    inst = ta1.set_index("ranker")["instability (mean Eq. 4)"]
    return [
        _row(*A1_CLAIMS[0], "yes" if beat else "no", "mean over sizes, no SE",
             "yes" if beat else "no",
             "" if beat else "a ranker's curve is not above (FFA) or below (RFA) random"),
        _row(*A1_CLAIMS[1], " > ".join(sc.index), "score ½(FFA−rnd)+½(rnd−RFA)",
             order, "" if order == "yes" else "the two best are not ReliefF then random forest"),
        _row(*A1_CLAIMS[2], inst.idxmin(),
             "one stability curve each", "yes" if inst.idxmin() == "ReliefF" else "no",
             "" if inst.idxmin() == "ReliefF" else f"{inst.idxmin()} is more stable here"),
    ]


BREAST_W_WHY = ("the paper's text for Fig. 7A-B speaks of an 89-feature model and of 40 "
                "removed features, which cannot be breast-w (9 features): its curves may "
                "belong to another dataset")


FIG7_CLAIMS = (("Fig. 7 (breast-w): Info Gain has the lowest RFA curve", "Info Gain"),
               ("Fig. 7C (breast-w): Info Gain the most stable", "Info Gain"))
FIG8_CLAIM = ("Fig. 8D (amlPrognosis): only Info Gain's FFA clearly above random", "Info Gain")
DOMINANCE_CLAIM = ("Real data: no ranker dominates the others on every dataset", "yes")
BIAS_CLAIM = ("(not in the paper) the curves survive re-ranking inside the training folds",
              "not checked (ranked once on all data)")


def _by_ranker(real_table: pd.DataFrame, dataset: str) -> pd.DataFrame:
    return real_table[real_table.dataset == dataset].set_index("ranker")


def _fig7_rows(bw: pd.DataFrame):
    lo, st = bw.rfa.idxmin(), bw["instability (mean Eq. 4)"].idxmin()
    return [_row(*FIG7_CLAIMS[0], lo, "no SE", "yes" if lo == "InfoGain" else "no",
                 "" if lo == "InfoGain" else BREAST_W_WHY),
            _row(*FIG7_CLAIMS[1], st, "no SE", "yes" if st == "InfoGain" else "no",
                 "" if st == "InfoGain" else f"{st} is more stable in our resamples")]


def _fig8_row(am: pd.DataFrame):
    top = am.ffa_minus_random.idxmax()
    return _row(*FIG8_CLAIM, ", ".join(f"{r} {v:+.3f}" for r, v in am.ffa_minus_random.items()),
                "no SE", "yes" if top == "InfoGain" else "no",
                "" if top == "InfoGain" else
                f"{top} is furthest above random: rankings computed on all 54 "
                "samples make the SVM curves optimistic (selection-bias check)")


def _real_rows(real_table, summary_real, pending=()):
    """The rows of Figs. 7-8 and of the real datasets as a whole; a claim whose datasets a
    partly stored paper run has not reached (``pending``) gets a pending row."""
    have = set(real_table.dataset) if len(real_table) else set()
    rows = []
    if "breast-w" in have:
        rows += _fig7_rows(_by_ranker(real_table, "breast-w"))
    elif "breast-w" in pending:
        rows += [_pending_row(*claim) for claim in FIG7_CLAIMS]
    if "amlPrognosis" in have:
        rows.append(_fig8_row(_by_ranker(real_table, "amlPrognosis")))
    elif "amlPrognosis" in pending:
        rows.append(_pending_row(*FIG8_CLAIM))
    if summary_real is not None and len(summary_real) > 4:
        w = summary_real["best (FFA/RFA vs random)"]
        rows.append(_row(*DOMINANCE_CLAIM,
                         ", ".join(f"{d}: {b}" for d, b in zip(summary_real.dataset, w)),
                         "winners only", "yes" if w.nunique() > 1 else "no",
                         "" if w.nunique() > 1 else "one ranker wins everywhere"))
    elif pending:
        rows.append(_pending_row(*DOMINANCE_CLAIM))
    return rows


def _bias_row(bias: pd.DataFrame):
    drop = (bias["FFA ranked on all data"] - bias["FFA ranked in training folds"]) \
        .groupby(bias.dataset).max()
    return _row(*BIAS_CLAIM,
                ", ".join(f"{d}: largest FFA drop {v:.3f}" for d, v in drop.items()), "", "n/a",
                "not a claim of the paper: a drop of several accuracy points is the selection "
                "bias of its protocol")


def _datasets_row(n_run: int, n_available: int, copies, missing, pending=()):
    ours = f"{n_run} run here of {n_available} available"
    if copies:
        ours += f", plus scikit-learn's copy of {', '.join(copies)}"
    full = n_run >= len(E.TABLE1)
    why = [] if full else ["not public or not mirrored: " + ", ".join(missing)]
    if pending:
        why.insert(0, "not yet in the result store: " + ", ".join(pending))
    return _row("Datasets of Table 1 redone", f"{len(E.TABLE1)}", ours, "",
                "yes" if full else "partly", "; ".join(why))


def reproduction_summary(res: dict, *, profile: str | None = None) -> pd.DataFrame:
    """The paper's claims against ours, in the shared summary format.

    Parameters
    ----------
    res : dict
        ``t3`` (:func:`featrank.experiments.slavkov2020.table3`), ``fig3_ok`` (bool) and
        ``fig3_sets`` (datasets of Fig. 3), ``good`` (relevant features in the top ``k``
        per ranker on combined) and ``k``, ``sep`` (per learner label,
        :func:`~featrank.experiments.slavkov2020.learner_separation` plus
        ``rfa_roughness``), ``ta1`` (Fig. A1's table), ``real_table`` and
        ``summary_real`` (real datasets; may be empty), ``bias`` (selection-bias check;
        may be empty), ``n_run``, ``n_available``, ``copies`` and ``missing`` (Table 1's
        coverage), optionally ``pending`` (available datasets a partly stored paper run has
        not reached yet), ``fig3_pending`` (synthetic datasets it has not reached) and
        ``bias_pending`` (datasets of the selection-bias check it has not reached).
    profile : str, optional
        The run's profile (default: the active one).

    Returns
    -------
    DataFrame
        Columns ``claim, paper, ours, se, agrees, why_not, profile``.
    """
    sep = res["sep"]
    rows = [*_table3_rows(res["t3"]), *_monotone_rows(res["t3"], res["fig3_ok"],
                                                      res["fig3_sets"],
                                                      res.get("fig3_pending", ())),
            _fig4_row(res["good"], res["k"])]
    if sep is None:
        rows += [_pending_row(f"Learner study, {lab}: {c}", c) for lab, c in LEARNER_CLAIMS.items()]
    else:
        rows += [_learner_row(lab, sep.loc[lab], sep) for lab in LEARNER_CLAIMS
                 if lab in sep.index]
    rows += _a1_rows(res["ta1"]) if res["ta1"] is not None else \
        [_pending_row(claim, paper) for claim, paper in A1_CLAIMS]
    rows += _real_rows(res["real_table"], res.get("summary_real"), res.get("pending", ()))
    if len(res["bias"]):
        rows.append(_bias_row(res["bias"]))
    elif res.get("bias_pending"):
        rows.append(_pending_row(*BIAS_CLAIM))
    rows.append(_datasets_row(res["n_run"], res["n_available"], res["copies"], res["missing"],
                             res.get("pending", ())))
    return summary_table(rows, profile or active_profile())
