"""Figures of error curves and stability curves (Slavkov 2020, Figs. 1-3, 5-8, A1-A12).

The x axis is the feature's position in the ranking, 1..p, for both curves (the paper's
Fig. 1): the FFA point at x = i is the model on the top-i features; the RFA point at x = i
is the model on the features ranked i..p (the bottom p - i + 1), so the RFA curve starts at
the right (x = p: the worst feature alone) and is read from right to left. The expected curve
of a random ranking is drawn as a grey band: mean +- one standard deviation of the random
orders' curves (from ``expected_curve``'s ``meta["order_curves"]``, else of its runs).

Curves may be :class:`featrank.evaluate.Curves` or any object with ``sizes``,
``ffa_mean``/``rfa_mean`` and optionally ``ffa_std``/``rfa_std`` (or ``*_sd``) and
``n_features``.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .style import method_color

_YLABEL = {"accuracy": "accuracy (CV estimate)", "error": "error rate (CV estimate)"}


def _get(curve, kind, by_size=False):
    """(x, mean, std or None) of one curve kind; ``by_size``: RFA at x = its subset size."""
    sizes = np.asarray(curve.sizes)
    mean = getattr(curve, f"{kind}_mean", None)
    if mean is None:
        return None
    std = getattr(curve, f"{kind}_std", getattr(curve, f"{kind}_sd", None))
    p = int(getattr(curve, "n_features", None) or getattr(curve, "n_features_", 0)
            or sizes.max())
    x = sizes if kind == "ffa" or by_size else p - sizes + 1
    return x, np.asarray(mean), None if std is None else np.asarray(std)


def _draw_expected(ax, expected, kind, label, by_size=False):
    """The random ranking's expected curve, dashed, in a band of +- one std of its orders."""
    got = _get(expected, kind, by_size)
    if got is None:
        return
    x, m, s = got
    per_order = getattr(expected, "meta", {}).get("order_curves")
    if per_order is not None:          # spread of random rankings, not fold noise
        s = np.asarray(per_order).std(axis=0)
    ax.plot(x, m, color=method_color("expected"), lw=1.2, ls="--", label=label)
    if s is not None:
        ax.fill_between(x, m - s, m + s, color=method_color("expected"), alpha=0.25, lw=0)


def _finish(ax, *, xlabel, ylabel, title, logx, legend, invert=False):
    if logx:
        ax.set_xscale("log")
    if invert:
        ax.invert_xaxis()
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize=7, frameon=False)
    return ax


def plot_curve(curves: dict, kind: str = "ffa", *, expected=None, ax=None, band: bool = False,
               ylabel: str | None = None, title: str | None = None, logx: bool = False,
               expected_label: str = "random (expected)", colors: dict | None = None,
               labels: dict | None = None, xlabel: str | None = None, legend: bool = True):
    """One panel: the FFA or RFA curves of several rankings and the expected (random) band.

    ``curves``: ``{method name: curves}``, coloured by :func:`featrank.plots.method_color`
    unless ``colors[name]`` is given; ``labels[name]``: its legend text (default: the name).
    ``band``: also shade +- one std around each method's curve. ``logx``: log-scaled x for
    thousands of features (as the paper's microarray figures compress the tail). On a log
    axis an RFA curve is drawn against its subset size s (the number of bottom-ranked
    features in the model) on a reversed axis: it still starts at the right and is read
    right to left, and its first points (the worst features alone), which a log axis of
    ranks p - s + 1 would crowd into the right edge, get the room.
    """
    if kind not in ("ffa", "rfa"):
        raise ValueError(f"kind must be 'ffa' or 'rfa', got {kind!r}")
    ax = ax or plt.subplots(figsize=(5, 3.6))[1]
    by_size = logx and kind == "rfa"
    if expected is not None:
        _draw_expected(ax, expected, kind, expected_label, by_size)
    scoring = None
    for name, c in curves.items():
        got = _get(c, kind, by_size)
        if got is None:
            continue
        x, m, s = got
        scoring = scoring or getattr(c, "scoring", None)
        color = (colors or {}).get(name) or method_color(name)
        ax.plot(x, m, color=color, lw=1.5, marker="." if x.size < 60 else None, ms=3,
                label=(labels or {}).get(name, name))
        if band and s is not None:
            ax.fill_between(x, m - s, m + s, color=color, alpha=0.15, lw=0)
    default_x = ("number of top-ranked features i (model on ranks 1..i)" if kind == "ffa" else
                 "s bottom-ranked features in the model (axis reversed)" if by_size else
                 "rank i of the last feature added (model on ranks i..p), right to left")
    return _finish(ax, xlabel=default_x if by_size else xlabel or default_x,
                   ylabel=ylabel or _YLABEL.get(scoring or "accuracy", str(scoring)),
                   title=title or ("FFA curves" if kind == "ffa" else "RFA curves"),
                   logx=logx, legend=legend, invert=by_size)


def plot_stability(stability: dict, sizes=None, *, ax=None, title: str | None = None,
                   logx: bool = False, labels: dict | None = None, legend: bool = True):
    """Stability curves of Eq. (4): ``{method: values}`` (same ``sizes``) or
    ``{method: (sizes, values)}``. 0 = the rankings agree on their top i; 1 = as random."""
    ax = ax or plt.subplots(figsize=(5, 3.6))[1]
    for name, v in stability.items():
        s, vals = v if isinstance(v, tuple) else (sizes, v)
        vals = np.asarray(vals)
        s = np.arange(1, vals.size + 1) if s is None else np.asarray(s)
        ax.plot(s, vals, color=method_color(name), lw=1.5, marker="." if s.size < 60 else None,
                ms=3, label=(labels or {}).get(name, name))
    ax.axhline(1.0, color=method_color("random"), ls="--", lw=1, label="random rankings")
    ax.set_ylim(bottom=0)
    return _finish(ax, xlabel="number of top-ranked features i",
                   ylabel="instability St(S^i) / Ca(n, i)",
                   title=title or "Stability (Canberra, Eq. 4)", logx=logx, legend=legend)


def curves_figure(curves: dict, *, expected=None, stability: dict | None = None,
                  stability_sizes=None, title: str | None = None, logx: bool = False,
                  band: bool = False, labels: dict | None = None):
    """The paper's per-dataset figure (Figs. 7, 8, A1-A12): FFA, RFA and, if given,
    stability side by side, one legend below them, never over a curve (``labels``: legend
    text per method). Returns the figure."""
    n = 3 if stability else 2
    fig, axes = plt.subplots(1, n, figsize=(4.6 * n, 3.9), layout="constrained")
    for ax, kind in zip(axes, ("ffa", "rfa")):
        plot_curve(curves, kind, expected=expected, ax=ax, logx=logx, band=band, labels=labels,
                   legend=False)
    if stability:
        plot_stability(stability, stability_sizes, ax=axes[2], logx=logx, labels=labels,
                       legend=False)
    handles, texts = axes[0].get_legend_handles_labels()
    fig.legend(handles, texts, loc="outside lower center", ncol=len(texts), fontsize=8)
    if title:
        fig.suptitle(title)
    return fig
