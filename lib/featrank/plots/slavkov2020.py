"""Figure kinds of Slavkov et al. (2020) (notebook 05; notebook 04 draws the same curves).

The FFA/RFA/stability drawing itself is :mod:`featrank.plots.curves`; this module keeps what
is specific to the paper's figures: the compact panels of its multi-panel figures, Fig. 3's
theta colour ramp, Fig. 4's relevance-by-position plot and the learner-study grids.

* :func:`plot_curves_panel` -- FFA or RFA curves of several rankings on one axis (RFA of size s
  drawn at x = p - s + 1, read right to left, as the paper's Fig. 1).
* :func:`plot_theta_family` -- Fig. 3: FFA and RFA of R_theta for several theta and of R_GT.
* :func:`plot_relevance_by_rank` -- Fig. 4: ground-truth relevance of the i-th ranked feature.
* :func:`plot_learner_grid` -- Figs. 5-6: one panel per learner.
* :func:`plot_assessment` -- Figs. A1, 7, 8, A2-A12: FFA, RFA and stability of the rankers
  with the random baseline.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .style import method_color
from .curves import curves_figure, plot_curve

_LABELS = {"RandomForest": "Random Forest", "InfoGain": "Info Gain", "random": "random",
           "expected": "random (expected)", "ground truth": "ground truth"}
_XLABEL = {"ffa": "number of top-ranked features",
           "rfa": "feature rank i (RFA: read right to left)",
           # the microarrays' log axis counts the s = p - i + 1 bottom features instead
           "rfa_log": "s = p − i + 1 bottom-ranked features (log scale, read right to left)"}


def _label(name: str) -> str:
    return _LABELS.get(name, name)


def plot_curves_panel(ax, curves: dict, kind: str = "ffa", *, colors: dict | None = None,
                      ylabel: str = "accuracy", band: bool = False, logx: bool = False):
    """Draw ``{name: Curves}`` as FFA (``kind="ffa"``) or RFA curves on ``ax`` (a compact
    panel of :func:`featrank.plots.curves.plot_curve`, no legend); an entry ``"expected"``
    (or ``"random"``) is the random ranking's expected curve, drawn as a band."""
    expected = curves.get("expected", curves.get("random"))
    rest = {k: c for k, c in curves.items() if k not in ("expected", "random")}
    return plot_curve(rest, kind, expected=expected, ax=ax, band=band, ylabel=ylabel,
                      title=kind.upper(), logx=logx, colors=colors, labels=_LABELS,
                      xlabel=_XLABEL.get(kind), legend=False)


def plot_theta_family(gt, by_theta: dict, *, expected=None, title: str = ""):
    """Fig. 3 of Slavkov 2020: (A) FFA and (B) RFA curves of R_theta (mean over the
    realisations) for every theta in ``by_theta`` and of the ground truth ``gt``."""
    cmap = plt.get_cmap("viridis")
    thetas = sorted(by_theta)
    curves, colors = {"ground truth": gt}, {}
    for k, t in enumerate(thetas):
        name = f"θ = {t:g}"
        curves[name] = by_theta[t]
        colors[name] = cmap(0.15 + 0.8 * k / max(1, len(thetas) - 1))
    if expected is not None:
        curves["expected"] = expected
    fig, axes = plt.subplots(1, 2, figsize=(12, 4), sharey=True, layout="constrained")
    for ax, kind in zip(axes, ("ffa", "rfa")):
        plot_curves_panel(ax, curves, kind, colors=colors)
    # one legend beside the panels: inside, it would cover the high-theta curves
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside right center", fontsize=8)
    fig.suptitle(title)
    return fig


def plot_relevance_by_rank(relevance, orders: dict, *, title: str = ""):
    """Fig. 4 of Slavkov 2020: for each ranker, the ground-truth relevance (Eq. 5) of the
    feature it ranks i-th, against i."""
    rel = np.asarray(relevance, float)
    fig, axes = plt.subplots(1, len(orders), figsize=(3.2 * len(orders), 3), sharey=True)
    for ax, (name, order) in zip(np.atleast_1d(axes), orders.items()):
        ax.scatter(np.arange(1, rel.size + 1), rel[np.asarray(order)], s=10,
                   color=method_color(name))
        ax.set_title(_label(name))
        ax.set_xlabel("rank i")
        ax.grid(alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("ground-truth relevance (bits)")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot_learner_grid(curves: dict, learners, kind: str = "ffa", *, labels: dict | None = None,
                      title: str = ""):
    """Figs. 5-6 of Slavkov 2020: one panel per learner, the rankers' FFA (or RFA) curves.
    ``curves[(ranker, learner)]``: Curves."""
    fig, axes = plt.subplots(1, len(learners), figsize=(3.4 * len(learners), 3.6), sharey=True,
                             layout="constrained")
    axes = np.atleast_1d(axes)
    for ax, learner in zip(axes, learners):
        sub = {r: c for (r, l), c in curves.items() if l == learner}
        plot_curves_panel(ax, sub, kind)
        ax.set_title(f"{kind.upper()}, {(labels or {}).get(learner, learner)}")
        if ax is not axes[0]:
            ax.set_ylabel("")
    handles, texts = axes[0].get_legend_handles_labels()     # one legend, below the panels
    fig.legend(handles, texts, loc="outside lower center", ncol=len(texts), fontsize=8)
    fig.suptitle(title)
    return fig


def plot_assessment(curves: dict, expected=None, stability: dict | None = None, *,
                    title: str = "", logx: bool = False):
    """Figs. A1, 7, 8, A2-A12 of Slavkov 2020: (A) FFA, (B) RFA curves of the rankers with the
    expected curve of a random ranking, (C) their stability curves (Eq. 4; lower = more
    stable, 1 = as random). ``stability[ranker] = (sizes, values)``
    (:func:`featrank.plots.curves.curves_figure` with the paper's method names)."""
    fig = curves_figure(curves, expected=expected, stability=stability, title=title or None,
                        logx=logx, labels=_LABELS)
    axes = fig.axes        # one label per axis meaning, the same as Fig. 3's and Figs. 5-6's
    axes[0].set_xlabel(_XLABEL["ffa"])
    axes[1].set_xlabel(_XLABEL["rfa"] if not logx else _XLABEL["rfa_log"])
    if stability:
        axes[2].set_xlabel(_XLABEL["ffa"])
    return fig
