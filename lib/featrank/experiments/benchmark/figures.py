"""Notebook 06's figures: CD diagrams per evaluation (Nemenyi's, and Wilcoxon–Holm's), the
heat map of the agreement between evaluations, and each evaluation's agreement with the
ground truth and with itself.
"""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ...plots import cd_diagram, cd_diagram_from_pvalues
from ...stats import average_ranks, nemenyi_cd
from .evaluations import higher_is_better, score_matrix


def cd_grid(table: pd.DataFrame, evaluations, *, ncols: int = 2, alpha: float = 0.05,
            min_coverage: float = 1.0):
    """One CD diagram (Demšar 2006) per evaluation, in a grid; returns the figure."""
    mats = {e: score_matrix(table, e, min_coverage=min_coverage) for e in evaluations}
    evaluations = [e for e in evaluations if min(mats[e].shape) >= 2]
    nrows = -(-len(evaluations) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.5 * ncols, 2.6 * nrows), squeeze=False)
    for ax, e in zip(axes.flat, evaluations):
        m = mats[e]
        ranks = average_ranks(m, higher_is_better=higher_is_better(e))
        cd_diagram(ranks, nemenyi_cd(m.shape[1], m.shape[0], alpha), ax=ax,
                   title=f"{e} ({m.shape[0]} datasets)")
    for ax in axes.flat[len(evaluations):]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def plot_agreement(matrix: pd.DataFrame, *, title: str | None = None):
    """Heat map of the pairwise Spearman ρ between evaluations
    (``agreement.spearman_matrix``), labels at 10 pt and cell values at 9 pt."""
    n = len(matrix)
    fig, ax = plt.subplots(figsize=(0.62 * n + 4, 0.62 * n + 2.5))
    im = ax.imshow(matrix.to_numpy(dtype=float), cmap="RdBu", vmin=-1, vmax=1)
    ax.set_xticks(range(n), matrix.columns, rotation=60, ha="right", fontsize=10)
    ax.set_yticks(range(n), matrix.index, fontsize=10)
    for i in range(n):
        for j in range(n):
            v = matrix.iat[i, j]
            ax.text(j, i, f"{v:.1f}", ha="center", va="center", fontsize=9,
                    color="white" if abs(v) > 0.6 else "black")
    fig.colorbar(im, ax=ax, label="Spearman ρ of the rankers' mean ranks")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


def plot_recovery(recovery: pd.DataFrame, *, title: str | None = None,
                  xlabel: str = "Spearman ρ with the ground-truth quality (mean over "
                                "synthetic datasets)"):
    """Each evaluation's ρ and its interval (:func:`ground_truth_recovery`, or the
    test–retest table of ``agreement.retest``), one row each."""
    r = recovery.iloc[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.34 * len(r) + 1.3))
    y = np.arange(len(r))
    ax.errorbar(r["rho"], y, xerr=[r["rho"] - r["lo"], r["hi"] - r["rho"]], fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, r["evaluation"], fontsize=10)
    ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig




def wilcoxon_grid(tests: dict, *, ncols: int = 2):
    """One CD-style diagram per evaluation from its Wilcoxon–Holm p-values
    (``evaluations.wilcoxon_tables``): a bar joins the rankers no pair of which differs."""
    evaluations = list(tests)
    nrows = -(-len(evaluations) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.5 * ncols, 2.6 * nrows), squeeze=False)
    for ax, e in zip(axes.flat, evaluations):
        cd_diagram_from_pvalues(tests[e], ax=ax, title=f"{e}: Wilcoxon–Holm")
    for ax in axes.flat[len(evaluations):]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def plot_redundancy(summary: pd.DataFrame):
    """How far each aggregator's consensus moves when copies of the relevant features are
    added (``redundancy.redundancy_summary``): Kendall distance (left) and the fall of the
    relevant features (right), mean ± SE over the seeds, one bar per number of copies."""
    copies = sorted(summary["copies"].unique())
    names = list(dict.fromkeys(summary["aggregator"]))
    fig, axes = plt.subplots(1, 2, figsize=(12, 0.3 * len(names) * len(copies) + 1.5),
                             sharey=True)
    h = 0.8 / len(copies)
    y = np.arange(len(names))
    for ax, col, label in zip(axes, ("kendall", "relevant_drop"),
                              ("Kendall distance between the consensus without and with "
                               "copies", "places the relevant features fall (mean position)")):
        for n, k in enumerate(copies):
            s = summary[summary["copies"] == k].set_index("aggregator").reindex(names)
            ax.barh(y + (n - (len(copies) - 1) / 2) * h, s[col], h, xerr=s[f"{col}_se"],
                    label=f"{k} cop{'y' if k == 1 else 'ies'} of each relevant feature",
                    capsize=2)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_xlabel(label)
    axes[0].set_yticks(y, names, fontsize=10)
    axes[0].invert_yaxis()
    axes[0].legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    return fig
