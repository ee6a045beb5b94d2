"""Error-curve panels in the style of Izetta et al. (2017), Figs. 1-6: mean test error
against the number of selected features (log axis), ±1 SD band, a dotted vertical line at the
true number of relevant features and a grey horizontal line at the chance (or Bayes) error."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .style import method_color

def error_panel(ax, summary, methods=None, *, n_relevant=None, chance=None, bayes=None,
                title=None, labels=None, styles=None, colors=None, legend=True, widths=None,
                bands=None, band="sd"):
    """One panel: ``summary`` rows (method, size, mean, sd, n) of one dataset and scheme.

    ``widths``: line widths per method (a wide line under a thin dashed one keeps two equal
    curves visible); ``bands``: the methods drawn with a band (default: all), ``band``:
    ``"sd"`` (mean ± 1 SD over splits, as the paper) or ``"se"`` (mean ± 1 SE)."""
    methods = methods or list(dict.fromkeys(summary["method"]))
    for m in methods:
        s = summary[summary["method"] == m].sort_values("size")
        c = (colors or {}).get(m) or method_color(m)
        ls = (styles or {}).get(m, "-")
        ax.plot(s["size"], s["mean"], ls, color=c, lw=(widths or {}).get(m, 1.4),
                label=(labels or {}).get(m, m))
        if bands is None or m in bands:
            half = s["sd"] if band == "sd" else s["sd"] / np.sqrt(s["n"])
            ax.fill_between(s["size"], s["mean"] - half, s["mean"] + half, color=c,
                            alpha=0.12 if band == "sd" else 0.25, lw=0)
    if n_relevant:
        ax.axvline(n_relevant, color="k", ls=":", lw=1)
    if chance is not None:
        ax.axhline(chance, color="0.6", lw=1.2)
    if bayes is not None:
        ax.axhline(bayes, color="k", ls=":", lw=1)
    ax.set_xscale("log")
    ax.set_xlabel("number of selected features")
    ax.set_ylabel("test error (fraction)")
    if title:
        ax.set_title(title, fontsize=10)
    if legend:
        ax.legend(fontsize=7, frameon=False)
    return ax


def panel_grid(n, ncols=2, width=5.0, height=3.6):
    nrows = -(-n // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(width * ncols, height * nrows), squeeze=False,
                             layout="constrained")
    for ax in axes.ravel()[n:]:
        ax.set_visible(False)
    return fig, axes.ravel()[:n]


def shared_legend(fig, axes, *, ncol: int | None = None):
    """One legend for a grid of panels, below them (no legend then covers a curve): the
    entries of the first panel. Returns the legend."""
    handles, labels = axes[0].get_legend_handles_labels()
    for ax in axes:
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    return fig.legend(handles, labels, loc="outside lower center", frameon=False, fontsize=8,
                      ncol=ncol or min(len(labels), 5))
