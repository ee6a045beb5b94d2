"""Notebook 06's evaluations: every evaluation of one ranking from its stored task results,
the long table ``dataset, synthetic, ranker, evaluation, value``, and the comparisons of the
rankers per evaluation (Friedman + Nemenyi as the papers test, Wilcoxon–Holm beside them, and
Holm's adjustment across the notebook's family of Friedman tests).

* **FFA − random, random − RFA** (Slavkov 2020): the mean gap between the ranking's forward /
  reverse feature-addition curve and the expected curve of a random ranking;
* **ECA** under its four weightings (Slavkov 2018, Eq. 4, against the random ranking);
* **Prati area**: area under the performance curve of rankings learnt on each training fold
  and tested on its test fold (Prati 2012); **whole-data area** is the same area of the
  ranking learnt once on all the data (the other reading of the ranking protocol);
* **stability**: one minus the mean top-k Canberra distance between the rankings of the CV
  training sets, divided by its expectation for random rankings (Slavkov 2020, Eq. 4);
  **Nogueira stability**: Nogueira et al.'s (2018) estimator on their top-k sets;
* **AUC-FR** against the relevant features (Quevedo 2007, Sec. 4.1) and the **ranking
  distance** to the ground-truth relevance (Slavkov 2020, Eq. 6), on synthetic data only.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...datasets import Dataset
from ...evaluate import (auc_fr, curve_area, curve_delta, eca_vs_random, nogueira_stability,
                         ranking_distance, stability_curve)
from ...orders import scores_from_order
from ...stats import (average_ranks, friedman, holm_adjust, mde_wilcoxon, nemenyi_cd,
                     wilcoxon_holm, wilcoxon_min_p)
from .data import (AGGREGATES, GROUND_TRUTH, LEARNER_LABELS, LEARNERS, LOWER_IS_BETTER,
                   RANKERS, SYNTHETIC, WEIGHTINGS, ground_truth_relevance, load_dataset)

#: the share of the features whose top-k sets Nogueira's stability compares (one tenth: our
#: choice, fixed before the results; Nogueira et al. leave k to the user)
NOGUEIRA_TOP = 0.1
#: where each evaluation's ranking is learnt: once on the whole data (Slavkov's protocol),
#: or on each CV training set (Prati's); by the evaluation's name without its learner
PROTOCOL = {**dict.fromkeys(("FFA−random", "random−RFA", *(f"ECA {w}" for w in
                                                          WEIGHTINGS.values()),
                             "whole-data area", *GROUND_TRUTH), "whole data"),
            **dict.fromkeys(("Prati area", "stability", "Nogueira stability"), "in-fold")}


def evaluation_names(learners=LEARNERS, ground_truth: bool = True) -> list[str]:
    """The evaluations, in the order of the tables.

    >>> evaluation_names(("knn",), ground_truth=False)[:3]
    ['FFA−random (k-NN)', 'random−RFA (k-NN)', 'ECA w=1 (k-NN)']
    """
    names = []
    for lr in learners:
        lab = LEARNER_LABELS.get(lr, lr)
        names += [f"FFA−random ({lab})", f"random−RFA ({lab})"]
        names += [f"ECA {w} ({lab})" for w in WEIGHTINGS.values()]
        names.append(f"Prati area ({lab})")
    names += ["stability", "Nogueira stability"]
    return names + (list(GROUND_TRUTH) if ground_truth else [])


def protocol_names(learners=LEARNERS) -> list[str]:
    """The evaluations computed beside the tables to read the ranking protocol the other way:
    the area under the whole-data ranking's FFA curve (Prati's area, but of one ranking
    learnt on all the data instead of one per training fold).

    >>> protocol_names(("knn",))
    ['whole-data area (k-NN)']
    """
    return [f"whole-data area ({LEARNER_LABELS.get(lr, lr)})" for lr in learners]


def higher_is_better(evaluation: str) -> bool:
    """False for the evaluations where a lower value is better (the ranking distance)."""
    return evaluation not in LOWER_IS_BETTER


def stability_score(fold_orders, sizes) -> float:
    """1 − the mean, over the subset sizes, of the normalised stability curve (Slavkov 2020,
    Eq. 4): 1 = identical rankings on every training set, about 0 = as different as random.

    >>> o = np.array([[0, 1, 2, 3], [0, 1, 2, 3]])
    >>> stability_score(o, [1, 2, 4])
    1.0
    """
    return float(1.0 - np.mean(stability_curve(np.asarray(fold_orders), np.asarray(sizes))))


def top_k(p: int) -> int:
    """The subset size whose selections Nogueira's stability compares: the top
    :data:`NOGUEIRA_TOP` of the ``p`` features, at least one.

    >>> top_k(4), top_k(100), top_k(60)
    (1, 10, 6)
    """
    return max(1, int(round(NOGUEIRA_TOP * p)))


def nogueira(fold_orders, alpha: float = 0.05):
    """Nogueira et al.'s (2018) stability of the top-:func:`top_k` sets of the CV training
    sets' rankings, with its ``1 - alpha`` confidence interval (``NogueiraStability``).

    >>> round(nogueira(np.array([[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3]])).estimate, 3)
    1.0
    """
    fold_orders = np.asarray(fold_orders)
    p = fold_orders.shape[1]
    Z = np.zeros(fold_orders.shape, dtype=int)
    np.put_along_axis(Z, fold_orders[:, :top_k(p)], 1, axis=1)
    return nogueira_stability(Z, alpha)


def gt_distance(order, relevance) -> float:
    """Eq. (6) of Slavkov 2020 for one ranking: 1 − Spearman's ρ between the ground-truth
    relevance and the ranking (given as an order; mid-ranks for tied relevances).

    >>> gt_distance([2, 1, 0], [0.0, 0.5, 1.0])
    0.0
    """
    scores = scores_from_order(order)
    return float(ranking_distance(np.asarray(relevance, float), scores[None, :]))


def learner_evaluations(res: dict, rnd: dict, learner: str) -> dict:
    """The curve-based evaluations of one ranking with one learner (see the module
    docstring), from the results of :func:`ranker_task` and :func:`random_task`."""
    lab = LEARNER_LABELS.get(learner, learner)
    sizes = np.asarray(res["sizes"])
    ffa, rfa = res[f"{learner}:ffa"].mean(axis=0), res[f"{learner}:rfa"].mean(axis=0)
    exp = np.asarray(rnd["mean"])
    out = {f"FFA−random ({lab})": curve_delta(ffa, exp, "uniform", sizes),
           f"random−RFA ({lab})": curve_delta(exp, rfa, "uniform", sizes)}
    for w, wl in WEIGHTINGS.items():
        out[f"ECA {wl} ({lab})"] = eca_vs_random(ffa, rfa, exp, weighting=w, sizes=sizes,
                                                 greater_is_better=True)
    out[f"Prati area ({lab})"] = curve_area(res[f"{learner}:prati"].mean(axis=0), sizes)
    out[f"whole-data area ({lab})"] = curve_area(ffa, sizes)
    return out


def evaluate_ranking(res: dict, randoms: dict, ds: Dataset | None = None) -> dict:
    """Every evaluation of one ranking: ``randoms`` maps learner -> :func:`random_task`
    result; ``ds`` (a synthetic dataset) adds AUC-FR and the ranking distance."""
    out = {}
    for learner, rnd in randoms.items():
        out.update(learner_evaluations(res, rnd, learner))
    out["stability"] = stability_score(res["fold_orders"], res["sizes"])
    out["Nogueira stability"] = nogueira(res["fold_orders"]).estimate
    if ds is not None and ds.relevant is not None:
        groups = ds.redundant if ds.name.startswith("quevedo") else None
        out["AUC-FR"] = auc_fr(res["order"], ds.relevant, groups)
        out["GT distance"] = gt_distance(res["order"], ground_truth_relevance(ds))
    return out


def evaluation_table(grid: dict, *, n_samples=None, seed: int = 0) -> pd.DataFrame:
    """The long table ``dataset, synthetic, ranker, evaluation, value`` of a
    :func:`run_grid` result."""
    rows, synth = [], {}
    learners = sorted({lr for _, lr in grid["random"]}, key=list(LEARNERS).index)
    for (d, r), res in grid["rankers"].items():
        if d in SYNTHETIC and d not in synth:
            synth[d] = load_dataset(d, n_samples=n_samples if d.startswith("slavkov") else None,
                                    seed=seed)
        randoms = {lr: grid["random"][(d, lr)] for lr in learners}
        for e, v in evaluate_ranking(res, randoms, synth.get(d)).items():
            rows.append({"dataset": d, "synthetic": d in SYNTHETIC, "ranker": r,
                         "evaluation": e, "value": float(v)})
    return pd.DataFrame(rows)


def nogueira_table(grid: dict, alpha: float = 0.05) -> pd.DataFrame:
    """Per (dataset, ranker): ``k`` (:func:`top_k`), Nogueira's stability ``estimate`` and
    its ``lower``, ``upper`` ``1 - alpha`` confidence bounds."""
    rows = []
    for (d, r), res in grid["rankers"].items():
        s = nogueira(res["fold_orders"], alpha)
        rows.append({"dataset": d, "ranker": r, "k": top_k(np.shape(res["fold_orders"])[1]),
                     "estimate": s.estimate, "lower": s.lower, "upper": s.upper})
    return pd.DataFrame(rows)


# --- comparing the rankers per evaluation ---------------------------------------------------

def score_matrix(table: pd.DataFrame, evaluation: str, *, datasets=None,
                 min_coverage: float = 1.0) -> pd.DataFrame:
    """``datasets x rankers`` values of one evaluation, reduced to a complete block (Friedman's
    test needs every ranker on every dataset): the rankers that ran on at least
    ``min_coverage`` of the datasets (default: all of them) are kept, then the datasets
    where all of those ran. ``min_coverage=0.5`` keeps Quevedo's rivals, on fewer datasets."""
    t = table[table["evaluation"] == evaluation]
    if datasets is not None:
        t = t[t["dataset"].isin(datasets)]
    m = t.pivot_table(index="dataset", columns="ranker", values="value", sort=False)
    m = m.loc[:, m.notna().mean() >= min_coverage - 1e-12]
    return m.dropna()


def ranker_order(table: pd.DataFrame) -> list[str]:
    """The rankers present, in the library's order (rankers, then aggregates), then any
    others by name."""
    present = set(table["ranker"])
    known = [*RANKERS, *AGGREGATES]
    return [r for r in known if r in present] + sorted(present - set(known))


def _evaluations(table, evaluations):
    return [e for e in (evaluations or evaluation_names()) if e in set(table["evaluation"])]


def results_table(table: pd.DataFrame, min_coverage: float = 1.0,
                  evaluations=None) -> pd.DataFrame:
    """Ranker x evaluation: the average rank of each ranker per evaluation (1 = best) over
    the datasets of its complete block (the Friedman ranks), with ``n`` datasets per
    evaluation in the last row (``evaluations``: default those of :func:`evaluation_names`)."""
    cols, ns = {}, {}
    for e in _evaluations(table, evaluations):
        m = score_matrix(table, e, min_coverage=min_coverage)
        if m.shape[0] >= 2 and m.shape[1] >= 2:
            cols[e] = average_ranks(m, higher_is_better=higher_is_better(e))
            ns[e] = m.shape[0]
    out = pd.DataFrame(cols).reindex(ranker_order(table))
    out.loc["n datasets"] = pd.Series(ns)
    return out


def friedman_table(table: pd.DataFrame, alpha: float = 0.05,
                   min_coverage: float = 1.0, evaluations=None) -> pd.DataFrame:
    """Per evaluation: datasets, rankers, Friedman χ² p-value, Iman–Davenport p-value,
    Nemenyi's critical difference, the best ranker and how many rankers lie within CD of it
    (Holm's adjustment across a family of such tables: :func:`holm_family`)."""
    rows = []
    for e in _evaluations(table, evaluations):
        m = score_matrix(table, e, min_coverage=min_coverage)
        if m.shape[0] < 2 or m.shape[1] < 2:
            continue
        f = friedman(m, higher_is_better=higher_is_better(e))
        cd = nemenyi_cd(m.shape[1], m.shape[0], alpha)
        ranks = f.average_ranks.sort_values()
        rows.append({"evaluation": e, "datasets": m.shape[0], "rankers": m.shape[1],
                     "p_friedman": f.p_chi2, "p_iman_davenport": f.p_ff, "cd": cd,
                     "best": ranks.index[0], "best_rank": ranks.iloc[0],
                     "tied_with_best": int((ranks - ranks.iloc[0] < cd).sum() - 1)})
    return pd.DataFrame(rows)




def holm_family(*tables: pd.DataFrame, column: str = "p_iman_davenport") -> list:
    """The tables of :func:`friedman_table` with a ``p_holm`` column: Holm's adjustment of
    ``column`` across all their tests together (the notebook's family of Friedman tests).

    >>> a, b = pd.DataFrame({"p_iman_davenport": [0.01, 0.04]}), pd.DataFrame(
    ...     {"p_iman_davenport": [0.03]})
    >>> [t["p_holm"].round(2).tolist() for t in holm_family(a, b)]
    [[0.03, 0.06], [0.06]]
    """
    p = holm_adjust(np.concatenate([t[column].to_numpy(float) for t in tables]))
    out, i = [], 0
    for t in tables:
        out.append(t.assign(p_holm=p[i:i + len(t)]))
        i += len(t)
    return out


def wilcoxon_tables(table: pd.DataFrame, evaluations, *, alpha: float = 0.05,
                    min_coverage: float = 1.0) -> dict:
    """Per evaluation: the pairwise Wilcoxon signed-rank tests of the rankers over the datasets
    of its complete block, Holm-adjusted over the pairs (:func:`featrank.stats.wilcoxon_holm`;
    ties on a dataset split between both sums, Demšar's recommendation)."""
    out = {}
    for e in evaluations:
        m = score_matrix(table, e, min_coverage=min_coverage)
        if min(m.shape) >= 2:
            out[e] = wilcoxon_holm(m, alpha=alpha, higher_is_better=higher_is_better(e),
                                   zero_method="zsplit")
            out[e].attrs["n_datasets"] = m.shape[0]
    return out


def wilcoxon_summary(tests: dict, ftable: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Per evaluation: pairs of rankers, how many differ by Wilcoxon–Holm and by Nemenyi
    (|mean rank difference| >= CD), side by side; and what Wilcoxon–Holm could see over the
    evaluation's ``datasets``: ``min_p_holm``, the smallest Holm-adjusted p-value any outcome
    can give (:func:`featrank.stats.wilcoxon_min_p` times the pairs: above ``alpha`` no pair
    can ever differ), and ``mde_sd``, the mean paired difference, in standard deviations of
    the differences, that Holm's first step detects with 80 % power
    (:func:`featrank.stats.mde_wilcoxon`; ``inf`` when no outcome can reject)."""
    rows = []
    f = ftable.set_index("evaluation")
    for e, pv in tests.items():
        k = len(pv)
        iu = np.triu_indices(k, 1)
        ranks = pd.Series(pv.attrs["average_ranks"]).reindex(pv.index).to_numpy()
        diff = np.abs(ranks[:, None] - ranks[None, :])[iu]
        n, m = int(pv.attrs.get("n_datasets", f.loc[e, "datasets"])), len(iu[0])
        rows.append({"evaluation": e, "pairs": m,
                     "wilcoxon_holm": int((pv.to_numpy()[iu] < alpha).sum()),
                     "nemenyi": int((diff >= f.loc[e, "cd"]).sum()) if e in f.index else None,
                     "datasets": n, "min_p_holm": min(1.0, m * wilcoxon_min_p(n)),
                     "mde_sd": round(mde_wilcoxon(1.0, n, alpha=alpha / m), 3)})
    return pd.DataFrame(rows)
