"""Notebook 06's reproduction summary, on the rule book (:mod:`featrank.experiments.claims`),
and the findings text generated from the numbers.

The five papers make no claim about one another; each row tests what their way of evaluating
assumes (that one evaluation suffices to rank rankers, that it repeats itself, that the
learner matters little, ...). "Two evaluations agree" means that Spearman's ρ between their
mean ranks of the rankers exceeds :data:`AGREE_RHO`; such a claim is a **direction** (the sign
of ρ − 0.5), its one-sided p-value taken from the normal approximation of the BCa interval and
Holm-adjusted across the summary's direction rows.
"""
from __future__ import annotations

import pandas as pd
from scipy import stats as sps

from ...stats import holm_adjust
from ..claims import all_cases, direction, row, significance
from .agreement import group_agreement, pair_row
from .data import GROUND_TRUTH, LEARNER_LABELS, LEARNERS, WEIGHTINGS

#: "agree" = a rank correlation above 0.5, Cohen's (1988) bound of a large correlation, fixed
#: before any result
AGREE_RHO = 0.5
#: the family-wise level of the notebook's tests
ALPHA = 0.05
_Z = sps.norm.ppf(0.975)


def _direction_spec(claim, paper, r, lo, hi, *, expected=1, reading="", finding=None,
                    what="ρ"):
    """A pending direction row: ``r - AGREE_RHO`` with its SE from the 95 % interval."""
    se = max((hi - lo) / (2 * _Z), 1e-12)
    est = r - AGREE_RHO
    p = float(sps.norm.sf(expected * est / se))
    return {"claim": claim, "paper": paper, "ours": f"{what} = {r:.2f}",
            "se": f"95% BCa [{lo:.2f}, {hi:.2f}]", "est": est, "se_v": se, "p": p,
            "expected": expected, "reading": reading, "finding": finding}


def _pair_spec(claim, paper, pairs, a, b, **kw):
    r = pair_row(pairs, a, b)
    return _direction_spec(claim, paper, r["rho"], r["lo"], r["hi"], **kw)


def summary_rows(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame, *,
                 retest: pd.DataFrame | None = None, corrected: dict | None = None,
                 protocol: dict | None = None, learners=LEARNERS) -> list[dict]:
    """The reproduction-summary rows (see the module docstring). ``ftable`` carries
    ``p_holm`` (``evaluations.holm_family``); ``retest`` is ``agreement.retest``'s table,
    ``corrected`` ``agreement.corrected_group_agreement``'s k-NN ~ SVM row and ``protocol``
    an :func:`~.agreement.agreement` over ECA w=1, Prati area and whole-data area."""
    pairs, labs = agree["spearman"], [LEARNER_LABELS.get(lr, lr) for lr in learners]
    lab = labs[-1]
    specs = [_direction_spec(
        f"all {len(agree['mean_ranks'])} evaluations rank the rankers alike (Kendall's W, "
        f"{len(agree['datasets'])} datasets, {len(agree['rankers'])} rankers)",
        "assumed: each paper judges rankers by one evaluation", agree["w"], *agree["w_ci"],
        what="W")]
    if len(labs) > 1:
        groups = {lb: [e for e in agree["evaluations"] if e.endswith(f"({lb})")] for lb in labs}
        g = group_agreement(agree, groups).set_index("pairs")
        cross = g.loc[f"{labs[0]} ~ {labs[1]}"]
        within = ", ".join(f"{lb} {g.loc[lb, 'rho']:.2f}" for lb in labs)
        claim = (f"evaluations with different learners agree (mean ρ of the "
                 f"{int(cross['n_pairs'])} {labs[0]}–{labs[1]} pairs; within one learner: "
                 f"{within})")
        paper = "Slavkov 2020: the learner matters little for k-NN and SVM"
        specs.append(_direction_spec(claim, paper, cross["rho"], cross["lo"], cross["hi"],
                                     reading="as measured", finding="learner"))
        if corrected is not None:
            specs.append(_direction_spec(claim, paper, corrected["rho"], corrected["lo"],
                                         corrected["hi"], reading="corrected for test–retest",
                                         finding="learner"))
        specs.append(_pair_spec(f"ECA w=1 with {labs[0]} and with {labs[1]} agree", paper,
                                pairs, f"ECA w=1 ({labs[0]})", f"ECA w=1 ({labs[1]})",
                                finding="learner"))
    ecas = [f"ECA {x} ({lab})" for x in WEIGHTINGS.values()]
    low = min(((pair_row(pairs, a, b)["rho"], a, b) for i, a in enumerate(ecas)
               for b in ecas[i + 1:]))
    specs.append(_pair_spec(f"the four ECA weightings agree ({lab}; least-agreeing pair: "
                            f"{low[1]} vs {low[2]})", "Slavkov 2018: weightings differ little",
                            pairs, low[1], low[2]))
    p_claim, p_paper = (f"whole-data ranking curves (ECA w=1) and Prati's in-fold areas agree "
                        f"({lab})", "assumed interchangeable")
    specs.append(_pair_spec(p_claim, p_paper, pairs, f"ECA w=1 ({lab})", f"Prati area ({lab})",
                            reading="as the papers do (measure and protocol differ)",
                            finding="protocol"))
    if protocol is not None:
        pp = protocol["spearman"]
        specs.append(_pair_spec(p_claim, p_paper, pp, f"whole-data area ({lab})",
                                f"Prati area ({lab})", finding="protocol",
                                reading="same area, whole-data vs in-fold ranking"))
        specs.append(_pair_spec(p_claim, p_paper, pp, f"ECA w=1 ({lab})",
                                f"whole-data area ({lab})", finding="protocol",
                                reading="same whole-data ranking, ECA vs area"))
    specs.append(_pair_spec(f"FFA and RFA rank the rankers alike ({lab})",
                            "Slavkov 2020: both views needed", pairs, f"FFA−random ({lab})",
                            f"random−RFA ({lab})"))
    specs.append(_pair_spec(f"stability is separate from accuracy (ρ with ECA w=1 ({lab}) "
                            f"below {AGREE_RHO})", "Slavkov 2020: stability is a separate, "
                            "complementary criterion", pairs, "stability", f"ECA w=1 ({lab})",
                            expected=-1))
    if "Nogueira stability" in agree["evaluations"]:
        specs.append(_pair_spec("Nogueira's and Slavkov's stability rank the rankers alike",
                                "both measure how much the training sets' rankings vary",
                                pairs, "stability", "Nogueira stability"))
    if not recovery.empty:
        curve = recovery[~recovery["evaluation"].isin([*GROUND_TRUTH, "stability",
                                                       "Nogueira stability"])]
        cb = curve.iloc[0]
        specs.append(_direction_spec(
            "curve-based evaluations recover the ground-truth quality (Eq. 6 distance) on "
            f"synthetic data; best: {cb['evaluation']} ({cb['datasets']} datasets)",
            "Slavkov 2020: error curves track the distance to the ground truth",
            cb["rho"], cb["lo"], cb["hi"]))
        if "AUC-FR" in set(recovery["evaluation"]):
            a = recovery.set_index("evaluation").loc["AUC-FR"]
            specs.append(_direction_spec("AUC-FR (Quevedo 2007) and the Eq. 6 distance agree",
                                         "both measure closeness to the ground truth",
                                         a["rho"], a["lo"], a["hi"]))
    adjusted = holm_adjust([s["p"] for s in specs])
    rows = []
    for s, p in zip(specs, adjusted):
        v = direction(s["est"], s["se_v"], p, expected=s["expected"], alpha=ALPHA)
        rows.append(row(s["claim"], s["paper"], s["ours"], v, se=s["se"],
                        reading=s["reading"], finding=s["finding"]))
    if retest is not None:
        ok = retest[retest["lo"] >= AGREE_RHO]
        worst = retest.sort_values("rho").iloc[0]
        rows.append(row(f"each evaluation repeats itself under a second CV seed (BCa lower "
                        f"bound of the test–retest ρ ≥ {AGREE_RHO})",
                        "assumed: an evaluation is repeatable",
                        f"{len(ok)} of {len(retest)}; lowest: {worst['evaluation']} "
                        f"ρ = {worst['rho']:.2f}", all_cases(len(ok), len(retest)),
                        se=f"95% BCa [{worst['lo']:.2f}, {worst['hi']:.2f}]"))
    n_holm = int((ftable["p_holm"] < ALPHA).sum())
    rows.append(row("each evaluation separates the rankers (Friedman / Iman–Davenport, Holm "
                    "across the notebook's Friedman tests)",
                    "each paper names a winner by its evaluation",
                    f"{n_holm} of {len(ftable)} reject "
                    f"({int((ftable['p_iman_davenport'] < ALPHA).sum())} unadjusted)",
                    significance(n_holm, len(ftable))))
    winners = ftable["best"].value_counts()
    rows.append(row("the evaluations name the same best ranker",
                    "each paper names a winner by its evaluation",
                    f"{winners.iloc[0]} of {len(ftable)} name {winners.index[0]}; "
                    f"{len(winners)} different winners",
                    all_cases(int(winners.iloc[0]), len(ftable)),
                    se=f"median CD {ftable['cd'].median():.1f} ranks"))
    return rows


def findings_text(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame,
                  retest: pd.DataFrame | None = None) -> str:
    """The findings in a few sentences, from the numbers (Markdown)."""
    pairs = agree["spearman"].sort_values("rho")
    lo, hi = pairs.iloc[:3], pairs.iloc[-3:][::-1]
    fmt = lambda r: f"{r.a} vs {r.b} (ρ = {r.rho:.2f}, [{r.lo:.2f}, {r.hi:.2f}])"  # noqa: E731
    w, (wlo, whi) = agree["w"], agree["w_ci"]
    text = [f"Over {len(agree['datasets'])} datasets and {len(agree['rankers'])} rankers, the "
            f"{len(agree['mean_ranks'])} evaluations agree with Kendall's W = {w:.2f} "
            f"(95 % BCa interval over datasets [{wlo:.2f}, {whi:.2f}]).",
            "Most alike: " + "; ".join(fmt(r) for r in hi.itertuples()) + ".",
            "Least alike: " + "; ".join(fmt(r) for r in lo.itertuples()) + "."]
    if retest is not None:
        low = retest.sort_values("rho").iloc[0]
        text.append(f"Repeated with other CV splits, an evaluation agrees with itself at ρ "
                    f"between {low['rho']:.2f} ({low['evaluation']}) "
                    f"and {retest['rho'].max():.2f} (median {retest['rho'].median():.2f}): "
                    "no two evaluations can agree more than their repeatability allows.")
    sig = ftable[ftable["p_holm"] < ALPHA]
    text.append(f"Friedman's test finds differences between the rankers under {len(sig)} of "
                f"{len(ftable)} evaluations after Holm's adjustment "
                f"({', '.join(sig['evaluation']) or 'none'}); the winners are "
                + ", ".join(f"{b} ({n})" for b, n in ftable["best"].value_counts().items())
                + f", and on median {ftable['tied_with_best'].median():.0f} rankers lie "
                "within the critical difference of the winner.")
    blind = recovery[~recovery["evaluation"].isin(GROUND_TRUTH)] if not recovery.empty \
        else recovery
    if not blind.empty:
        top, bottom = blind.iloc[0], blind.iloc[-1]
        text.append(f"On the synthetic data, of the evaluations that do not know the ground "
                    f"truth, {top.evaluation} tracks the ground-truth quality best (ρ = "
                    f"{top.rho:.2f}, [{top.lo:.2f}, {top.hi:.2f}], {top.datasets} datasets) "
                    f"and {bottom.evaluation} worst (ρ = {bottom.rho:.2f}, [{bottom.lo:.2f}, "
                    f"{bottom.hi:.2f}]).")
        gt = recovery[recovery["evaluation"].isin(GROUND_TRUTH)]
        for r in gt.itertuples():
            text.append(f"{r.evaluation} itself agrees with it at ρ = {r.rho:.2f} "
                        f"([{r.lo:.2f}, {r.hi:.2f}]).")
    return " ".join(text)
