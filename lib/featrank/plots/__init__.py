"""Figures: one saving helper with fixed metadata, one theme, one colour per method.

The general figures are exported here (imported on first use)::

    from featrank.plots import curves_figure, plot_curve, cd_diagram
    fig = curves_figure({"ReliefF": curves}, expected=random_curves)   # FFA, RFA (+ stability)
    fig = cd_diagram(average_ranks, nemenyi_cd(k, n_datasets))        # Demsar's CD diagram
    fig = cd_diagram_from_pvalues(wilcoxon_holm(scores))               # bars from p-values

``plot_curve`` (one FFA or RFA panel), ``plot_stability``, ``plot_sweep`` (a measure
against an experiment parameter), ``interval_plot`` (estimates with their intervals) and
``rank_heatmap`` (a table of rank statistics or pairwise
counts). The papers' own figure layouts stay in their sub-modules
(``featrank.plots.slavkov2020``, ``.izetta2017``).

Importing this package applies the compendium's seaborn theme (:func:`set_theme`); every
method's colour comes from one table, :data:`METHOD_COLORS` (:func:`method_color`).
"""
from __future__ import annotations

import io
from pathlib import Path

import matplotlib.pyplot as plt

from .._lazy import lazy_exports
from ..config import figures_dir
from ..io import atomic_write_bytes
from .style import ALIASES, METHOD_COLORS, method_color, set_theme

_API = {
    # FFA/RFA curves with the expected curve, stability curves (Slavkov 2020, Fig. 1)
    "plot_curve": "curves", "plot_stability": "curves", "curves_figure": "curves",
    # critical-difference diagram (Demsar 2006, Fig. 1), from the CD or from pairwise p-values
    "cd_diagram": "cd", "cd_diagram_from_pvalues": "cd", "cd_stack": "cd",
    # a measure against an experiment parameter; a heatmap of rank statistics
    "plot_sweep": "sweeps", "rank_heatmap": "heatmaps",
    "sweep_pair": "sweeps", "widen_curve": "sweeps",
    # estimates with their intervals, one row each (a forest plot)
    "interval_plot": "intervals",
    # each finding under every combination of the open analysis choices
    "specification_curve": "specification",
}
__all__ = ["ALIASES", "METHOD_COLORS", "method_color", "savefig", "set_theme", *sorted(_API)]
__getattr__, _lazy_dir = lazy_exports(__name__, _API)
set_theme()


def __dir__():
    return sorted(set(globals()) | set(_API))


def savefig(fig, notebook: str, name: str, *, dpi: int = 120, close: bool = False,
            directory=None):
    """Save ``fig`` as ``<name>.png`` in the notebook's figures folder, with fixed metadata (an
    unchanged figure keeps its bytes), written atomically. Returns the path.

    The folder is :func:`featrank.config.figures_dir`: ``figures/<notebook>/`` only for a run
    at the notebook's committed profile, else the scratch folder (so no notebook needs a
    switch of its own to protect the committed figures). A script that is not a notebook
    (``make bench``) names its own ``directory``.
    """
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight",
                metadata={"Software": None})
    folder = figures_dir(notebook) if directory is None else Path(directory)
    path = atomic_write_bytes(folder / f"{name}.png", buf.getvalue())
    if close:
        plt.close(fig)
    return path
