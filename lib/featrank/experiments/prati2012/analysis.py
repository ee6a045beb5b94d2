"""Prati (2012), Sec. VI: the areas of the performance curves ranked in blocks, the Friedman
and Nemenyi tests of Figs. 1-3 under each reading of the blocks, and the modern Wilcoxon-Holm
test beside them.

**The blocks of the Friedman tests.** The paper says it "ran the Friedman test ... for all
datasets grouped by" measure (Fig. 1), learner (Fig. 2) and overall (Fig. 3), not what one
block of the test is. Three readings (:data:`READINGS`):

``blocks=datasets``
    one block per dataset (N = 39): the methods' ranks within each (learner, measure) cell of
    the group are averaged per dataset, and those mean ranks ranked again;
``blocks=dataset×learner×measure``
    one block per (dataset, learner, measure) cell of the group, on the areas averaged over
    the folds (Fig. 1: 39 x 3 learners = 117, Fig. 2: 117, Fig. 3: 351);
``blocks=folds``
    one block per (dataset, fold, learner, measure) cell, on each fold's areas.

The modern test (Benavoli, Corani & Mangili, "Should we really use post-hoc tests based on
mean-ranks?", JMLR 17(5), 2016):
Wilcoxon signed-rank of every pair over the datasets, Holm-corrected
(:func:`featrank.stats.wilcoxon_holm`), on each dataset's mean rank over the group's cells
(ranks, because the areas of different measures are not on one scale).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .protocol import AGGREGATES, BASE, HIGHER_IS_BETTER, MEASURES, METHODS, PAPER_MAJORITY

READINGS = ("blocks=datasets", "blocks=dataset×learner×measure", "blocks=folds")
#: the reading the notebook's figures draw (the paper's evidence supports it, see
#: :func:`span_needed`)
FIGURE_READING = READINGS[1]
#: the groups of Figs. 1-3: (level, value) of the block index, or None for all blocks
GROUPS = {**{f"measure={m}": ("measure", m) for m in MEASURES},
          **{f"learner={lr}": ("learner", lr) for lr in ("J48", "NB", "SVM")},
          "overall": None}
LABELS = {"CS": "χ²"}  # display names as the paper prints them


def label(method: str) -> str:
    return LABELS.get(method, method)


def fold_areas(results) -> pd.DataFrame:
    """Every fold's areas: one row per (dataset, fold, learner, measure, method)."""
    return pd.concat([r["areas"] for r in results], ignore_index=True)


def mean_areas(results) -> pd.DataFrame:
    """Areas averaged over folds: one row per (dataset, learner, measure, method)."""
    df = results if isinstance(results, pd.DataFrame) else fold_areas(results)
    return df.groupby(["dataset", "learner", "measure", "method"], sort=False,
                      as_index=False)["area"].mean()


def head_to_head(areas: pd.DataFrame, a: str, b: str) -> pd.Series:
    """How often method ``a`` has a better area than ``b`` over the blocks (dataset, learner,
    measure): counts of wins, ties, losses."""
    wide = areas.pivot_table(index=["dataset", "learner", "measure"], columns="method",
                             values="area")
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    1.0, -1.0)
    d = (wide[a] - wide[b]).to_numpy() * sign
    return pd.Series({"wins": int(np.sum(d > 1e-12)), "ties": int(np.sum(np.abs(d) <= 1e-12)),
                      "losses": int(np.sum(d < -1e-12))}, name=f"{a} vs {b}")


def block_ranks(areas: pd.DataFrame, methods=METHODS) -> pd.DataFrame:
    """Rank of each method within each block (dataset[, fold], learner, measure): 1 = best
    (lowest error area, highest AUC/F1 area), ties averaged. With a ``fold`` column the
    blocks are the folds' cells."""
    from scipy.stats import rankdata

    index = ["dataset", "fold", "learner", "measure"] if "fold" in areas else \
        ["dataset", "learner", "measure"]
    wide = areas.pivot_table(index=index, columns="method", values="area")[list(methods)]
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    -1.0, 1.0)
    ranks = rankdata(wide.to_numpy() * sign[:, None], axis=1, method="average")
    return pd.DataFrame(ranks, index=wide.index, columns=wide.columns)


def group_ranks(areas: pd.DataFrame, reading: str = FIGURE_READING,
                methods=METHODS) -> dict:
    """{group: the ranks of its blocks under ``reading``} for the groups of Figs. 1-3
    (:data:`GROUPS`). ``areas``: per-fold areas (:func:`fold_areas`; needed by
    ``blocks=folds``) or their means (:func:`mean_areas`)."""
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}; choose one of {READINGS}")
    if reading == "blocks=folds":
        if "fold" not in areas:
            raise ValueError("blocks=folds needs the per-fold areas (fold_areas)")
        R = block_ranks(areas, methods)
    else:
        R = block_ranks(mean_areas(areas) if "fold" in areas else areas, methods)
    out = {}
    for g, sel in GROUPS.items():
        tab = R if sel is None else R.xs(sel[1], level=sel[0], drop_level=False)
        if reading == "blocks=datasets":
            tab = tab.groupby(level="dataset").mean()
        out[g] = tab
    return out


def friedman_groups(areas: pd.DataFrame, alpha=0.05, methods=METHODS,
                    reading: str = FIGURE_READING) -> dict:
    """Friedman + Nemenyi per group of Sec. VI under ``reading``: by measure (Fig. 1), by
    learner (Fig. 2) and overall (Fig. 3). Returns {group: (FriedmanResult, CD)}."""
    from ...stats import friedman, nemenyi_cd

    out = {}
    for g, tab in group_ranks(areas, reading, methods).items():
        # the ranks are already oriented (1 = best): rank them again as "lower is better"
        res = friedman(tab, higher_is_better=False)
        out[g] = (res, nemenyi_cd(len(methods), res.n_datasets, alpha))
    return out


def wilcoxon_groups(areas: pd.DataFrame, alpha=0.05, methods=METHODS) -> dict:
    """The modern test per group: {group: Holm-adjusted Wilcoxon p-values (methods x
    methods) over the datasets}, on each dataset's mean rank over the group's cells."""
    from ...stats import wilcoxon_holm

    return {g: wilcoxon_holm(tab, alpha=alpha, higher_is_better=False, zero_method="zsplit")
            for g, tab in group_ranks(areas, "blocks=datasets", methods).items()}


def span_needed(cd: float) -> float:
    """The smallest spread of average ranks (best to worst) Fig. 3's text allows with a
    critical difference ``cd``: SSD significantly ahead of the second group (CD, BC, MC4,
    Lin), every aggregate significantly ahead of every base ranker, and 1R significantly
    ahead of IG: three differences of at least ``cd`` in a row.

    >>> round(span_needed(0.8), 2)
    2.4
    """
    return 3.0 * cd


def dataset_learner_ranks(areas: pd.DataFrame, dataset: str, learner: str) -> pd.Series:
    """Mean rank (over the three measures) of every method on one dataset with one learner."""
    R = block_ranks(mean_areas(areas) if "fold" in areas else areas)
    return R.xs((dataset, learner), level=("dataset", "learner")).mean(axis=0)


def table1(summaries=None) -> pd.DataFrame:
    """Table I: the paper's shapes (from the catalogue) beside ours."""
    from ...datasets import catalog

    cat = catalog("Prati2012")
    t = pd.DataFrame({
        "paper name": cat["paper_name"], "ours": cat["name"],
        "inst. (paper)": cat["paper_n_samples"], "inst. (ours)": cat["n_samples"],
        "feat. (paper)": cat["paper_n_features"], "feat. (ours)": cat["n_features"],
        "nominal (paper)": cat["paper_n_nominal"],
        "classes (paper)": cat["paper_n_classes"], "classes (ours)": cat["n_classes"],
        "% maj. (paper)": cat["paper_name"].map(PAPER_MAJORITY),
        "available": cat["available"]})
    if summaries:
        s = pd.DataFrame(summaries).set_index("name")
        t["nominal (ours)"] = t["ours"].map(s["n_nominal"])
        t["% maj. (ours)"] = t["ours"].map(s["majority_pct"]).round(2)
    return t.sort_values("paper name", key=lambda c: c.str.lower()).reset_index(drop=True)



def per_dataset_variants(areas: pd.DataFrame, alpha=0.05, methods=METHODS) -> pd.DataFrame:
    """How many of the 24 aggregate-vs-base pairs Nemenyi finds significant with one block per
    dataset, for each way of reducing a dataset's cells to one row: the methods' ranks in
    each (learner, measure) cell averaged (the notebook's ``blocks=datasets``, per group of
    Figs. 1-3), every fold's ranks averaged, and the areas themselves averaged (error as
    1 - error, so that higher is better in every measure). ``areas``: the per-fold areas.

    >>> rng = np.random.default_rng(0)
    >>> rows = [dict(dataset=f"d{i}", fold=f, learner=lr, measure=ms, method=m,
    ...              area=rng.random()) for i in range(6) for f in range(2)
    ...         for lr in ("J48", "NB", "SVM") for ms in MEASURES for m in METHODS]
    >>> t = per_dataset_variants(pd.DataFrame(rows))
    >>> list(t.columns), int(t["blocks"].max())
    (['group', 'cells averaged per dataset', 'blocks', 'aggregate > base (of 24)'], 6)
    """
    from ...stats import friedman, nemenyi_pairs

    def count(tab):
        res = friedman(tab, higher_is_better=False)
        pairs = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=alpha)
        sig = pairs[pairs["significant"]]
        return res.n_datasets, int((sig["better"].isin(AGGREGATES) & sig["worse"].isin(BASE)).sum())

    rows = [(g, "ranks per (learner, measure) cell", *count(tab))
            for g, tab in group_ranks(areas, "blocks=datasets", methods).items()]
    rows.append(("overall", "ranks per fold", *count(
        block_ranks(areas, methods).groupby(level="dataset").mean())))
    m = mean_areas(areas)
    up = np.where([HIGHER_IS_BETTER[x] for x in m["measure"]], m["area"], 1.0 - m["area"])
    mean_up = m.assign(area=up).groupby(["dataset", "method"])["area"].mean().unstack()
    rows.append(("overall", "areas (error as 1 - error)", *count(-mean_up[list(methods)])))
    return pd.DataFrame(rows, columns=["group", "cells averaged per dataset", "blocks",
                                       "aggregate > base (of 24)"])
