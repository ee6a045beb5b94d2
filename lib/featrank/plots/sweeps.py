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
