"""Figures: one saving helper with fixed metadata, one colour per method across notebooks.

The general figures are exported here (imported on first use)::

    from featrank.plots import curves_figure, plot_curve, cd_diagram
    fig = curves_figure({"ReliefF": curves}, expected=random_curves)   # FFA, RFA (+ stability)
    fig = cd_diagram(average_ranks, nemenyi_cd(k, n_datasets))        # Demsar's CD diagram

``plot_curve`` (one FFA or RFA panel), ``plot_stability``, ``plot_sweep`` (a measure
against an experiment parameter). The papers' own
figure layouts stay in their sub-modules (``featrank.plots.slavkov2020``, ``.izetta2017``).
"""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt  # noqa: E402

from .._io import atomic_write_bytes  # noqa: E402
from .._lazy import lazy_exports  # noqa: E402
from ..config import figures_dir  # noqa: E402

_API = {
    # FFA/RFA curves with the expected curve, stability curves (Slavkov 2020, Fig. 1)
    "plot_curve": "curves", "plot_stability": "curves", "curves_figure": "curves",
    # critical-difference diagram (Demsar 2006, Fig. 1)
    "cd_diagram": "cd",
    # a measure against an experiment parameter
    "plot_sweep": "sweeps",
}
__all__ = ["METHOD_COLORS", "method_color", "savefig", *sorted(_API)]
__getattr__, _lazy_dir = lazy_exports(__name__, _API)


def __dir__():
    return sorted(set(globals()) | set(_API))

#: one colour per method, used by every notebook (the papers' names)
METHOD_COLORS = {
    "random": "#7f7f7f", "expected": "#7f7f7f", "ground truth": "#000000",
    "InfoGain": "#1f77b4", "IG": "#1f77b4", "GainRatio": "#aec7e8", "GR": "#aec7e8",
    "SymmetricUncertainty": "#17becf", "SU": "#17becf", "ChiSquared": "#9edae5", "CS": "#9edae5",
    "OneR": "#bcbd22", "OR": "#bcbd22",
    "ReliefF": "#2ca02c", "RF": "#2ca02c",
    "RandomForest": "#d62728", "RandomForestRanker": "#d62728", "RFor": "#d62728",
    "SVMRFE": "#9467bd", "SVM-RFE": "#9467bd", "SR": "#9467bd",
    "Borda": "#ff7f0e", "Condorcet": "#8c564b", "Schulze": "#e377c2", "MC4": "#c49c94", "Lin": "#7f7f7f",
    "SPE": "#d62728", "SPE w/o GS": "#ff9896",
}
_FALLBACK = plt.get_cmap("tab20").colors


def method_color(name: str) -> str:
    """The colour of a method, stable across notebooks (unknown names get a fixed fallback)."""
    if name in METHOD_COLORS:
        return METHOD_COLORS[name]
    return matplotlib.colors.to_hex(_FALLBACK[sum(map(ord, name)) % len(_FALLBACK)])


def savefig(fig, notebook: str, name: str, *, dpi: int = 120, close: bool = False):
    """Save ``fig`` as ``figures/<notebook>/<name>.png`` with fixed metadata, so an unchanged
    figure keeps its bytes; written atomically. Returns the path."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight",
                metadata={"Software": None})
    path = atomic_write_bytes(figures_dir(notebook) / f"{name}.png", buf.getvalue())
    if close:
        plt.close(fig)
    return path
