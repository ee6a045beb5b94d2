"""Notebook 06's reproduction summary, on the rule book (:mod:`featrank.experiments.claims`)
with the claims declared in ``claims.toml`` beside this module, and the findings text
generated from the numbers.

The five papers make no claim about one another; each row tests what their way of evaluating
assumes (that one evaluation suffices to rank rankers, that it repeats itself, that the
learner matters little, ...). Every rank correlation compares two evaluations' mean ranks of
the rankers; its intervals resample the datasets (BCa, :func:`.agreement.bca`), the
independent units the papers generalise over.

* "Two evaluations agree" (rank alike, differ little, are interchangeable, repeat
  themselves) is an **equivalence** claim: ρ is shown close to 1, within the margin
  :data:`MARGIN` = 1 − :data:`AGREE_RHO`, by two one-sided tests read off the ``1 − 2α``
  (90 %) BCa interval; several such pairs together by ``equivalent_all``.
* "Two evaluations measure different things" (stability beside accuracy, FFA beside RFA) and
  "an evaluation tracks the ground truth" are **direction** claims about ρ − :data:`AGREE_RHO`,
  the one-sided p-value from the normal approximation of the 95 % BCa interval, Holm-adjusted
  within the finding, with its minimal detectable effect (``mde``, 80 % power).
* "Each evaluation separates the rankers" is a **significance** claim, tested as Prati
  (2012) tests (Friedman / Iman–Davenport over the datasets, Holm within the finding), and read
  also by Wilcoxon–Holm, whose design may be unable to reject at all (``wilcoxon_min_p``).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as sps

from ...stats import holm_adjust, mde, mde_nemenyi, mde_wilcoxon, wilcoxon_min_p
from ..claims import (all_cases, declared_claims, direction, equivalence, equivalent_all,
                      holm_by_finding, row, significance)
from .agreement import (corrected_group_agreement, group_agreement, pair_interval, pair_row,
                        retest_interval, w_interval)
from .data import GROUND_TRUTH, LEARNER_LABELS, LEARNERS, WEIGHTINGS

#: "agree" = a rank correlation above 0.5, Cohen's (1988) bound of a large correlation, fixed
#: before any result
AGREE_RHO = 0.5
#: the equivalence margin of an agreement: ρ within 0.5 of 1, i.e. above :data:`AGREE_RHO`
MARGIN = 1.0 - AGREE_RHO
MARGIN_SOURCE = "ρ above 0.5, Cohen's (1988) large correlation"
#: the level of every test
ALPHA = 0.05
#: the level of an equivalence row's interval (two one-sided tests at ``ALPHA``)
EQ_LEVEL = 1 - 2 * ALPHA
#: the claims of the notebook, declared before the results
CLAIMS = Path(__file__).parent / "claims.toml"
_Z = sps.norm.ppf(0.975)
_Z_EQ = sps.norm.ppf(1 - ALPHA)


def declared() -> dict:
    """The claims of ``claims.toml`` (:func:`featrank.experiments.claims.declared_claims`)."""
    return declared_claims(CLAIMS)


def _r3(x: float) -> float:
    return float(round(float(x), 3))


def _agree_row(claim, paper, r, lo, hi, *, finding, reading="") -> tuple:
    """An agreement shown by equivalence: ``r`` with its ``1 − 2α`` interval ``[lo, hi]``;
    the tested difference is ``r − 1`` against ±:data:`MARGIN`. Returns ``(row, verdict)``."""
    v = equivalence(r - 1, lo - 1, hi - 1, MARGIN, source=MARGIN_SOURCE)
    se = (hi - lo) / (2 * _Z_EQ)
    return row(claim, paper, _r3(r), v, se=_r3(se), ci=(_r3(lo), _r3(hi)), reading=reading,
               finding=finding), v


def _direction_spec(claim, paper, r, lo, hi, *, finding, expected=1, reading="") -> dict:
    """A pending direction row on ``r − AGREE_RHO``, its SE from the 95 % interval."""
    se = max((hi - lo) / (2 * _Z), 1e-12)
    est = r - AGREE_RHO
    return {"claim": claim, "paper": paper, "r": r, "ci": (lo, hi), "est": est, "se": se,
            "p": float(sps.norm.sf(expected * est / se)), "mde": mde(se, alpha=ALPHA),
            "expected": expected, "reading": reading, "finding": finding}


def _fisher_spec(claim, paper, r, n, *, finding, expected=1, reading="") -> dict:
    """A pending direction row on ``r − AGREE_RHO`` by Fisher's z over ``n`` rankers (each
    ranker one independent observation): ``atanh(r)`` with SE ``1 / sqrt(n − 3)``."""
    z, se_z, z0 = math.atanh(r), 1 / math.sqrt(n - 3), math.atanh(AGREE_RHO)
    lo, hi = math.tanh(z - _Z * se_z), math.tanh(z + _Z * se_z)
    shift = mde(se_z, alpha=ALPHA)
    return {"claim": claim, "paper": paper, "r": r, "ci": (lo, hi), "est": r - AGREE_RHO,
            "se": (hi - lo) / (2 * _Z), "p": float(sps.norm.sf(expected * (z - z0) / se_z)),
            "mde": abs(math.tanh(z0 + expected * shift) - AGREE_RHO), "expected": expected,
            "reading": reading, "finding": finding}


def _direction_rows(specs) -> list[dict]:
    """The pending direction rows judged, Holm within each finding."""
    adjusted = holm_by_finding([s["p"] for s in specs], [s["finding"] for s in specs])
    out = []
    for s, p in zip(specs, adjusted):
        v = direction(s["est"], s["se"], p, expected=s["expected"], alpha=ALPHA)
        out.append(row(s["claim"], s["paper"], _r3(s["r"]), v, se=_r3(s["se"]),
                       ci=tuple(_r3(x) for x in s["ci"]),
                       mde="" if v.agrees == "yes" else _r3(s["mde"]), reading=s["reading"],
                       finding=s["finding"]))
    return out


def _global_p(pv: pd.DataFrame) -> float:
    """An evaluation's Wilcoxon–Holm p-value of "some pair differs": its smallest
    Holm-adjusted p-value over the pairs."""
    a = pv.to_numpy()
    return float(a[np.triu_indices(len(a), 1)].min())


def separation_rows(ftable: pd.DataFrame, wtests: dict | None = None, *,
                    finding: str = "separates", rankers: str = "common") -> list[dict]:
    """The finding "each evaluation separates the rankers", tested as the papers test it
    (Friedman / Iman–Davenport per evaluation, Holm over the finding's evaluations) and, with
    ``wtests`` (:func:`.evaluations.wilcoxon_tables`), by Wilcoxon–Holm (an evaluation
    separates when some pair differs after Holm over its pairs; those p-values Holm over the
    finding's evaluations). One row per group of evaluations sharing their datasets (the
    curves and stabilities on every dataset, the ground-truth ones on the synthetic ones);
    a group whose design cannot reject at all is **untestable**."""
    f = ftable.assign(p_finding=holm_adjust(ftable["p_iman_davenport"].to_numpy(float)))
    rows = []
    for n, g in f.groupby("datasets", sort=False):
        k = int(g["rankers"].max())
        hit = int((g["p_finding"] < ALPHA).sum())
        v = significance(hit, len(g))
        what = (f"{len(g)} evaluations over {n} datasets, {k} rankers"
                + ("" if len(g) > 3 else f" ({', '.join(g['evaluation'])})"))
        rows.append(row(f"each evaluation separates the rankers: Friedman / Iman–Davenport, "
                        f"Holm within the finding; {what} (mde: Nemenyi's detectable "
                        "mean-rank difference)",
                        "each paper names a winner by its evaluation", f"{hit} of {len(g)}",
                        v, mde="" if v.agrees == "yes" else _r3(mde_nemenyi(k, n)),
                        reading=f"test=Friedman; rankers={rankers}", finding=finding))
    if wtests is None:
        return rows
    evs = [e for e in f["evaluation"] if e in wtests]
    gp = holm_adjust([_global_p(wtests[e]) for e in evs])
    w = pd.DataFrame({"evaluation": evs, "p": gp,
                      "datasets": [int(wtests[e].attrs.get("n_datasets", 0)) for e in evs],
                      "pairs": [len(wtests[e]) * (len(wtests[e]) - 1) // 2 for e in evs]})
    for n, g in w.groupby("datasets", sort=False):
        hit, m = int((g["p"] < ALPHA).sum()), int(g["pairs"].max())
        # no outcome can reject when even every sign alike, times the pairs, exceeds alpha
        attainable = wilcoxon_min_p(n) * m <= ALPHA
        v = significance(hit, len(g), attainable=attainable)
        md = mde_wilcoxon(1.0, n, alpha=ALPHA / (m * len(evs)))   # Holm's first step
        what = (f"{len(g)} evaluations over {n} datasets"
                + ("" if len(g) > 3 else f" ({', '.join(g['evaluation'])})"))
        rows.append(row(f"each evaluation separates the rankers: Wilcoxon–Holm over the "
                        f"{m} pairs, Holm within the finding; {what} (mde: mean paired "
                        "difference in SDs of the differences)",
                        "each paper names a winner by its evaluation", f"{hit} of {len(g)}",
                        v, mde="" if v.agrees == "yes" else (_r3(md) if math.isfinite(md)
                                                            else "inf"),
                        reading=f"test=Wilcoxon–Holm; rankers={rankers}", finding=finding))
    return rows


def summary_rows(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame, *,
                 retest: pd.DataFrame | None = None, protocol: dict | None = None,
                 recovery_eq: pd.DataFrame | None = None, wtests: dict | None = None,
                 learners=LEARNERS) -> list[dict]:
    """The reproduction-summary rows (see the module docstring), one finding per declared
    claim of ``claims.toml``. ``ftable``: ``evaluations.friedman_table``'s common block;
    ``retest``: ``agreement.retest``'s table (with its cube); ``protocol``: an
    :func:`~.agreement.agreement` over ECA w=1, Prati area and whole-data area;
    ``recovery_eq``: ``ground_truth_recovery(..., truth="GT distance")`` at the
    equivalence level (default: ``recovery``'s own intervals); ``wtests``:
    ``evaluations.wilcoxon_tables`` (the Wilcoxon reading of the separation finding)."""
    pairs, labs = agree["spearman"], [LEARNER_LABELS.get(lr, lr) for lr in learners]
    lab, lvl = labs[-1], dict(level=EQ_LEVEL)
    rows, specs = [], []

    def pi(a, b, src=agree):
        return pair_interval(src, a, b, **lvl)

    w = w_interval(agree, **lvl)
    rows.append(_agree_row(
        f"all {len(agree['mean_ranks'])} evaluations rank the rankers alike (Kendall's W, "
        f"{len(agree['datasets'])} datasets, {len(agree['rankers'])} rankers; W − 1 within "
        f"±{MARGIN:g})", "assumed: each paper judges rankers by one evaluation", *w,
        finding="one-evaluation")[0])
    if len(labs) > 1:
        groups = {lb: [e for e in agree["evaluations"] if e.endswith(f"({lb})")] for lb in labs}
        g = group_agreement(agree, groups, **lvl).set_index("pairs")
        cross = g.loc[f"{labs[0]} ~ {labs[1]}"]
        within = ", ".join(f"{lb} {g.loc[lb, 'rho']:.2f}" for lb in labs)
        claim = (f"evaluations with different learners agree (mean ρ of the "
                 f"{int(cross['n_pairs'])} {labs[0]}–{labs[1]} pairs; within one learner: "
                 f"{within})")
        paper = "Slavkov 2020: the learner matters little for k-NN and SVM"
        rows.append(_agree_row(claim, paper, cross["rho"], cross["lo"], cross["hi"],
                               reading="retest noise=as measured", finding="learner")[0])
        if retest is not None:
            c = corrected_group_agreement(agree, retest, groups, labs[0], labs[1], **lvl)
            rows.append(_agree_row(claim, paper, c["rho"], c["lo"], c["hi"],
                                   reading="retest noise=corrected", finding="learner")[0])
        rows.append(_agree_row(f"ECA w=1 with {labs[0]} and with {labs[1]} agree", paper,
                               *pi(f"ECA w=1 ({labs[0]})", f"ECA w=1 ({labs[1]})"),
                               reading="retest noise=as measured", finding="learner")[0])
    ecas = [f"ECA {x} ({lab})" for x in WEIGHTINGS.values()]
    eca_pairs = [(a, b) for i, a in enumerate(ecas) for b in ecas[i + 1:]]
    eca_iv = {p: pi(*p) for p in eca_pairs}
    eca_v = [equivalence(r - 1, lo - 1, hi - 1, MARGIN, source=MARGIN_SOURCE)
             for r, lo, hi in eca_iv.values()]
    (a, b), (r, lo, hi) = min(eca_iv.items(), key=lambda kv: kv[1][0])
    rows.append(row(f"the four ECA weightings agree ({lab}; all {len(eca_pairs)} pairs; ours: "
                    f"the least-agreeing, {a} vs {b})", "Slavkov 2018: weightings differ little",
                    _r3(r), equivalent_all(eca_v), se=_r3((hi - lo) / (2 * _Z_EQ)),
                    ci=(_r3(lo), _r3(hi)), reading=f"learner={lab}", finding="weightings"))
    p_claim, p_paper = (f"whole-data ranking curves (ECA w=1) and Prati's in-fold areas agree "
                        f"({lab})", "assumed interchangeable")
    rows.append(_agree_row(p_claim, p_paper, *pi(f"ECA w=1 ({lab})", f"Prati area ({lab})"),
                           reading="compare=as the papers do", finding="protocol")[0])
    if protocol is not None:
        rows.append(_agree_row(p_claim, p_paper, *pi(f"whole-data area ({lab})",
                                                     f"Prati area ({lab})", protocol),
                               reading="compare=protocol only", finding="protocol")[0])
        rows.append(_agree_row(p_claim, p_paper, *pi(f"ECA w=1 ({lab})",
                                                     f"whole-data area ({lab})", protocol),
                               reading="compare=measure only", finding="protocol")[0])
    ffa = (f"FFA−random ({lab})", f"random−RFA ({lab})")
    f_claim = (f"FFA and RFA curves rank the rankers differently ({lab}; ρ below "
               f"{AGREE_RHO}): both are needed")
    f_paper = "Slavkov 2020: both types of curves are needed"
    specs.append(_pair_spec(f_claim, f_paper, pairs, *ffa, expected=-1, finding="ffa-rfa",
                            reading=f"learner={lab}; interval=datasets (BCa)"))
    specs.append(_fisher_spec(f_claim, f_paper, pair_row(pairs, *ffa)["rho"],
                              len(agree["rankers"]), expected=-1, finding="ffa-rfa",
                              reading=f"learner={lab}; interval=rankers (Fisher z)"))
    specs.append(_pair_spec(f"stability is separate from accuracy (ρ with ECA w=1 ({lab}) "
                            f"below {AGREE_RHO})", "Slavkov 2020: stability is a separate, "
                            "complementary criterion", pairs, "stability", f"ECA w=1 ({lab})",
                            expected=-1, finding="stability-separate",
                            reading=f"learner={lab}"))
    if "Nogueira stability" in agree["evaluations"]:
        rows.append(_agree_row("Nogueira's and Slavkov's stability rank the rankers alike",
                               "both measure how much the training sets' rankings vary",
                               *pi("stability", "Nogueira stability"),
                               finding="stabilities-alike")[0])
    if not recovery.empty:
        curve = recovery[~recovery["evaluation"].isin([*GROUND_TRUTH, "stability",
                                                       "Nogueira stability"])]
        cb = curve.iloc[0]
        specs.append(_direction_spec(
            "curve-based evaluations recover the ground-truth quality (Eq. 6 distance) on "
            f"synthetic data, ρ above {AGREE_RHO}; best: {cb['evaluation']} "
            f"({cb['datasets']} datasets)",
            "Slavkov 2020: error curves track the distance to the ground truth",
            cb["rho"], cb["lo"], cb["hi"], finding="ground-truth"))
        if "AUC-FR" in set(recovery["evaluation"]):
            eq = recovery if recovery_eq is None else recovery_eq
            a = eq.set_index("evaluation").loc["AUC-FR"]
            rows.append(_agree_row(f"AUC-FR (Quevedo 2007) and the Eq. 6 distance agree "
                                   f"({a['datasets']} synthetic datasets)",
                                   "both measure closeness to the ground truth",
                                   a["rho"], a["lo"], a["hi"], finding="aucfr-eq6")[0])
    rows += _direction_rows(specs)
    if retest is not None:
        iv = {e: retest_interval(agree, retest, e, **lvl) for e in retest["evaluation"]}
        vs = [equivalence(r - 1, lo - 1, hi - 1, MARGIN, source=MARGIN_SOURCE)
              for r, lo, hi in iv.values()]
        worst = min(iv, key=lambda e: iv[e][0])
        r, lo, hi = iv[worst]
        rows.append(row(f"each evaluation repeats itself under a second CV seed (test–retest "
                        f"ρ − 1 within ±{MARGIN:g}, all {len(iv)}; ours: the lowest, {worst})",
                        "assumed: an evaluation is repeatable", _r3(r), equivalent_all(vs),
                        se=_r3((hi - lo) / (2 * _Z_EQ)), ci=(_r3(lo), _r3(hi)),
                        finding="repeatable"))
    rows += separation_rows(ftable, wtests)
    winners = ftable["best"].value_counts()
    rows.append(row(f"the evaluations name the same best ranker (median Nemenyi CD "
                    f"{ftable['cd'].median():.1f} ranks)",
                    "each paper names a winner by its evaluation",
                    f"{winners.iloc[0]} of {len(ftable)} name {winners.index[0]}; "
                    f"{len(winners)} different winners",
                    all_cases(int(winners.iloc[0]), len(ftable)), finding="same-winner"))
    return rows


def _pair_spec(claim, paper, pairs, a, b, **kw):
    r = pair_row(pairs, a, b)
    return _direction_spec(claim, paper, r["rho"], r["lo"], r["hi"], **kw)


def extra_specifications(agree: dict, ftable_all: pd.DataFrame | None = None,
                         learners=LEARNERS) -> list[dict]:
    """Further specifications of the findings, beyond the summary's readings
    (``finding, specification, agrees``): the other learner for the learner-specific claims
    (the papers' choice is SVM, Slavkov 2020), and the separation finding over every ranker
    that ran on half of the datasets (``ftable_all``, Quevedo's rankers included)."""
    pairs, labs = agree["spearman"], [LEARNER_LABELS.get(lr, lr) for lr in learners]
    out = []
    for lab in labs[:-1]:
        ffa = (f"FFA−random ({lab})", f"random−RFA ({lab})")
        sp = [_pair_spec("", "", pairs, *ffa, expected=-1, finding="ffa-rfa",
                         reading=f"learner={lab}; interval=datasets (BCa)"),
              _fisher_spec("", "", pair_row(pairs, *ffa)["rho"], len(agree["rankers"]),
                           expected=-1, finding="ffa-rfa",
                           reading=f"learner={lab}; interval=rankers (Fisher z)"),
              _pair_spec("", "", pairs, "stability", f"ECA w=1 ({lab})", expected=-1,
                         finding="stability-separate", reading=f"learner={lab}")]
        for r in _direction_rows(sp):
            out.append({"finding": r["finding"], "specification": r["reading"],
                        "agrees": r["agrees"]})
        ecas = [f"ECA {x} ({lab})" for x in WEIGHTINGS.values()]
        vs = [equivalence(r - 1, lo - 1, hi - 1, MARGIN)
              for r, lo, hi in (pair_interval(agree, a, b, level=EQ_LEVEL)
                                for i, a in enumerate(ecas) for b in ecas[i + 1:])]
        out.append({"finding": "weightings", "specification": f"learner={lab}",
                    "agrees": equivalent_all(vs).agrees})
    if ftable_all is not None and len(ftable_all):
        for r in separation_rows(ftable_all, rankers="half of the datasets"):
            out.append({"finding": r["finding"], "specification": r["reading"],
                        "agrees": r["agrees"]})
    return out


def headline_text(summary: pd.DataFrame, claims: dict | None = None) -> str:
    """The closing prose of the summary, from the table and the declarations (Markdown): per
    finding its headline verdict; for a finding with readings, the supported one and why
    (``why`` of ``claims.toml``); every untestable row and what its test could have seen."""
    from ..claims import finding_verdicts
    claims = declared() if claims is None else claims
    verdicts = finding_verdicts(summary)
    lines = []
    for f, v in verdicts.items():
        c = claims.get(f, {})
        text = f"- **{f}** ({c.get('where', '').split(';')[0]}): **{v}**"
        if len(c.get("readings", [])) >= 2:
            text += f"; supported reading `{c['supported']}`: {c['why']}"
        blind = summary[(summary["finding"] == f) & (summary["agrees"] == "untestable")]
        for r in blind.itertuples():
            text += (f". Untestable under `{r.reading or 'its test'}`: {r.why_not}"
                     + (f" (detectable at 80 % power: {r.mde})" if str(r.mde) not in ("", "inf")
                        else " (no effect, however large, is detectable)"))
        lines.append(text + ".")
    return "\n".join(lines)


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
