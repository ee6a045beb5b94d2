"""Notebook 06's findings: the summary rows (claims the five papers take for granted, tested)
and the findings text generated from the numbers.
"""

import pandas as pd


from .benchmark import GROUND_TRUTH, LEARNER_LABELS, LEARNERS, WEIGHTINGS
from .benchmark_agreement import group_agreement, pair_row


# --- findings -------------------------------------------------------------------------------

def _verdict(lo: float, hi: float, threshold: float = 0.5) -> str:
    """``yes`` when the whole interval lies at or above ``threshold``, ``no`` when it lies
    below, else ``partly``."""
    return "yes" if lo >= threshold else ("no" if hi < threshold else "partly")


def _rho_claim(claim, paper, pairs, a, b, reason_no):
    r = pair_row(pairs, a, b)
    agrees = _verdict(r["lo"], r["hi"])
    return {"claim": claim, "paper": paper, "ours": f"ρ = {r['rho']:.2f}",
            "se": f"95% CI [{r['lo']:.2f}, {r['hi']:.2f}]", "agrees": agrees,
            "why_not": "" if agrees == "yes" else reason_no}


def summary_rows(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame,
                 learners=LEARNERS) -> list[dict]:
    """The findings as reproduction-summary rows (``paper``: what the papers assume).
    Agreement counts as ``yes`` when the 95 % interval of the rank correlation lies at or
    above 0.5, ``no`` when it lies below, ``partly`` otherwise."""
    pairs, labs = agree["spearman"], [LEARNER_LABELS.get(lr, lr) for lr in learners]
    lab = labs[-1]
    w, (wlo, whi) = agree["w"], agree["w_ci"]
    wv = _verdict(wlo, whi)
    rows = [{"claim": f"all {len(agree['mean_ranks'])} evaluations rank the rankers alike "
                      f"(Kendall's W, {len(agree['datasets'])} datasets, "
                      f"{len(agree['rankers'])} rankers)",
             "paper": "assumed: each paper judges rankers by one evaluation",
             "ours": f"W = {w:.2f}", "se": f"95% CI [{wlo:.2f}, {whi:.2f}]", "agrees": wv,
             "why_not": "" if wv == "yes" else "the evaluations measure different things "
                        "(accuracy of the top, of the bottom, stability); see the pairs"}]
    if len(labs) > 1:
        groups = {lb: [e for e in agree["mean_ranks"].index if e.endswith(f"({lb})")]
                  for lb in labs}
        g = group_agreement(agree, groups).set_index("pairs")
        cross = g.loc[f"{labs[0]} ~ {labs[1]}"]
        within = ", ".join(f"{lb} {g.loc[lb, 'rho']:.2f} [{g.loc[lb, 'lo']:.2f}, "
                           f"{g.loc[lb, 'hi']:.2f}]" for lb in labs)
        v = _verdict(cross["lo"], cross["hi"])
        rows.append({"claim": f"evaluations with different learners agree (mean ρ over the "
                              f"{int(cross['n_pairs'])} {labs[0]}–{labs[1]} pairs; within one "
                              f"learner: {within})",
                     "paper": "Slavkov 2020: the learner matters little for k-NN and SVM",
                     "ours": f"ρ = {cross['rho']:.2f}",
                     "se": f"95% CI [{cross['lo']:.2f}, {cross['hi']:.2f}]", "agrees": v,
                     "why_not": "" if v == "yes" else "the learner decides more than the "
                                "evaluation method: a ranker that suits SVM (SVM-RFE) is "
                                "judged well by every SVM-based evaluation and poorly by the "
                                "k-NN ones"})
    ecas = [f"ECA {x} ({lab})" for x in WEIGHTINGS.values()]
    low = min(((pair_row(pairs, a, b)["rho"], a, b) for i, a in enumerate(ecas)
               for b in ecas[i + 1:]))
    rows.append(_rho_claim(f"the four ECA weightings agree ({lab}; least-agreeing pair: "
                           f"{low[1]} vs {low[2]})", "Slavkov 2018: weightings differ "
                           "little", pairs, low[1], low[2],
                           "the magnitude weightings weigh the sizes where curves differ "
                           "most, the 1/|S| ones the smallest subsets"))
    if len(labs) > 1:
        rows.append(_rho_claim(f"ECA w=1 with {labs[0]} and with {labs[1]} agree",
                               "Slavkov 2020: the learner matters little for k-NN and SVM",
                               pairs, f"ECA w=1 ({labs[0]})", f"ECA w=1 ({labs[1]})",
                               "a learner's inductive bias favours rankings that suit it"))
    rows.append(_rho_claim(f"whole-data ranking curves (ECA w=1) and Prati's in-CV areas "
                           f"agree ({lab})", "assumed interchangeable", pairs,
                           f"ECA w=1 ({lab})", f"Prati area ({lab})",
                           "Prati's area judges rankings learnt on each training fold, so an "
                           "unstable ranker loses there but not on the whole-data curve"))
    rows.append(_rho_claim(f"FFA and RFA rank the rankers alike ({lab})", "Slavkov 2020: "
                           "both views needed", pairs, f"FFA−random ({lab})",
                           f"random−RFA ({lab})", "FFA judges the top of a ranking, RFA its "
                           "bottom: a ranker can order the best features well and the "
                           "rest badly"))
    st = _rho_claim(f"stability agrees with accuracy (ECA w=1, {lab})", "Slavkov 2020: "
                    "stability is a separate, complementary criterion", pairs, "stability",
                    f"ECA w=1 ({lab})", "stability does not measure accuracy, as Slavkov "
                    "2020 says")
    st["agrees"] = "n/a" if st["agrees"] != "yes" else "yes"
    rows.append(st)
    if not recovery.empty:
        best = recovery.iloc[0]
        curve = recovery[~recovery["evaluation"].isin([*GROUND_TRUTH, "stability"])]
        cb = curve.iloc[0] if len(curve) else best
        v = _verdict(cb["lo"], cb["hi"])
        rows.append({"claim": "curve-based evaluations recover the ground-truth quality "
                              f"(Eq. 6 distance) on synthetic data; best: {cb['evaluation']}",
                     "paper": "Slavkov 2020: error curves track the distance to the ground "
                              "truth", "ours": f"ρ = {cb['rho']:.2f} over {cb['datasets']} "
                              "datasets", "se": f"95% CI [{cb['lo']:.2f}, {cb['hi']:.2f}]",
                     "agrees": v, "why_not": "" if v == "yes" else
                     "among good rankers the distance is dominated by how the many "
                     "irrelevant features are ordered, which curves do not see"})
        if "AUC-FR" in set(recovery["evaluation"]):
            a = recovery.set_index("evaluation").loc["AUC-FR"]
            va = _verdict(a["lo"], a["hi"])
            rows.append({"claim": "AUC-FR (Quevedo 2007) and the Eq. 6 distance agree",
                         "paper": "both measure closeness to the ground truth",
                         "ours": f"ρ = {a['rho']:.2f}", "se": f"95% CI [{a['lo']:.2f}, "
                         f"{a['hi']:.2f}]", "agrees": va, "why_not": "" if va == "yes" else
                         "AUC-FR counts only where the relevant features stand; the distance "
                         "also weighs the order of the irrelevant ones and the relevance "
                         "levels"})
    sig = ftable[ftable["p_iman_davenport"] < 0.05]
    nbest = ftable["best"].nunique()
    rows.append({"claim": "the evaluations name the same best ranker",
                 "paper": "each paper names a winner by its evaluation",
                 "ours": f"{nbest} different winners over {len(ftable)} evaluations "
                         f"({', '.join(ftable['best'].value_counts().index[:4])}); "
                         f"Friedman rejects equality in {len(sig)} of {len(ftable)}",
                 "se": f"median CD {ftable['cd'].median():.2f} ranks",
                 "agrees": "yes" if nbest == 1 else ("partly" if nbest <= 3 else "no"),
                 "why_not": "" if nbest == 1 else "the winners lie within a critical "
                            "difference of one another on most evaluations"})
    return rows


def findings_text(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame) -> str:
    """The findings in a few sentences, from the numbers (Markdown)."""
    pairs = agree["spearman"].sort_values("rho")
    lo, hi = pairs.iloc[:3], pairs.iloc[-3:][::-1]
    fmt = lambda r: f"{r.a} vs {r.b} (ρ = {r.rho:.2f}, [{r.lo:.2f}, {r.hi:.2f}])"  # noqa: E731
    w, (wlo, whi) = agree["w"], agree["w_ci"]
    text = [f"Over {len(agree['datasets'])} datasets and {len(agree['rankers'])} rankers, the "
            f"{len(agree['mean_ranks'])} evaluations agree with Kendall's W = {w:.2f} "
            f"(95 % bootstrap interval over datasets [{wlo:.2f}, {whi:.2f}]).",
            "Most alike: " + "; ".join(fmt(r) for r in hi.itertuples()) + ".",
            "Least alike: " + "; ".join(fmt(r) for r in lo.itertuples()) + "."]
    sig = ftable[ftable["p_iman_davenport"] < 0.05]
    text.append(f"Friedman's test finds differences between the rankers under {len(sig)} of "
                f"{len(ftable)} evaluations; the winners are "
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
