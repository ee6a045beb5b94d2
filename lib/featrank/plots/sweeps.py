"""Line plots of a measure against an experiment parameter, one line per method (e.g. AUC-FR
or running time against redundancy, number of variables, degree: Quevedo 2007 Figs. 1-10)."""
from __future__ import annotations

import matplotlib.pyplot as plt

from .style import method_color

MARKERS = "osD^v<>ph*x+"
#: variants drawn dashed and hollow, so that a variant equal to its method (Quevedo's SPE
#: without Gram-Schmidt, identical to SPE where nothing is redundant) does not hide it
VARIANTS = ("SPE w/o GS",)


def plot_sweep(data, x: str, y: str, *, method: str = "method", methods=None, yerr=None,
               ax=None, logy: bool = False, xlabel: str | None = None,
               ylabel: str | None = None, title: str | None = None, legend: bool = True,
               variants=VARIANTS):
    """One line per method of ``data[y]`` against ``data[x]`` (tidy DataFrame), with optional
    error bars from column ``yerr``; the methods named in ``variants`` are dashed with hollow
    markers (drawn over their base method, both stay visible). Returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    names = methods or list(dict.fromkeys(data[method]))
    for i, name in enumerate(names):
        d = data[data[method] == name].sort_values(x)
        if d.empty:
            continue
        variant = name in variants
        ax.errorbar(d[x], d[y], yerr=None if yerr is None else d[yerr], label=name,
                    color=method_color(name), marker=MARKERS[i % len(MARKERS)], ms=5 if variant else 4,
                    lw=1.3, ls="--" if variant else "-", mfc="none" if variant else None,
                    capsize=2 if yerr else 0)
    if logy:
        ax.set_yscale("log")
    xs = sorted(set(data[x]))
    if len(xs) <= 12:
        ax.set_xticks(xs)
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel(ylabel or y)
    if title:
        ax.set_title(title)
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize=8, ncol=2)
    return ax


def widen_curve(ax, name: str):
    """Draw ``name``'s curve of ``ax`` (a :func:`plot_sweep`) wide and underneath, so that a
    curve equal to it stays visible. Returns the axes."""
    for c in ax.containers:
        if c.get_label() == name:
            c.lines[0].set(lw=4, ms=9, alpha=0.55, zorder=1)
    return ax


def sweep_pair(summary, x: str, xlabel: str, fig_auc: int, fig_time: int, *, methods=None):
    """Quevedo 2007's pair of panels for one sweep: AUC-FR (left, Fig. ``fig_auc``) and the
    time per data set (right, log scale, Fig. ``fig_time``) against ``x``, from a summary with
    columns ``ranker``, ``x``, ``auc_fr`` and ``time_s``; one legend below. Returns the
    figure."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    plot_sweep(summary, x, "auc_fr", method="ranker", methods=methods, ax=axes[0],
               xlabel=xlabel, ylabel="AUC-FR (mean of medians)", title=f"Fig. {fig_auc}: AUC-FR",
               legend=False)
    plot_sweep(summary, x, "time_s", method="ranker", methods=methods, ax=axes[1],
               xlabel=xlabel, ylabel="time per data set (s)", title=f"Fig. {fig_time}: time",
               logy=True, legend=False)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=8,
               fontsize=8)
    return fig
