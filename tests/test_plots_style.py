"""One colour table for every figure: unambiguous keys, one colour per method, the papers'
short names resolved; the seaborn theme is applied; the rank heatmap annotates its cells."""
import matplotlib
import matplotlib.colors as mcolors
import numpy as np
import pandas as pd
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from featrank.plots import ALIASES, METHOD_COLORS, method_color, rank_heatmap  # noqa: E402


def _distance(a, b):
    return float(np.abs(np.subtract(mcolors.to_rgb(a), mcolors.to_rgb(b))).sum())


def test_every_method_has_its_own_colour():
    methods = {k: v for k, v in METHOD_COLORS.items() if k not in ("random", "expected")}
    assert len(set(methods.values())) == len(methods)
    assert METHOD_COLORS["random"] == METHOD_COLORS["expected"]


@pytest.mark.parametrize("names", [
    ["IG", "GR", "SU", "CS", "1R", "RLF", "BC", "CD", "SSD", "MC4", "Lin"],         # Prati
    ["3Q-SD", "Av-SD", "Best Rank.", "K-First", "Condorcet", "Schulze",              # Izetta
     "Zhou C&S", "Zhou W&W", "Zhou OVO"],
    ["SPE-ranker", "SPE w/o GS", "SM", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2"],  # Quevedo
    ["IG", "ReliefF", "RandomForest", "SVM-RFE", "random", "ground truth"],           # Slavkov
], ids=["prati", "izetta", "quevedo", "slavkov"])
def test_methods_drawn_together_are_far_apart(names):
    # e.g. Prati's GR, SU and chi2 share one plot: no two colours of a figure nearly alike
    cols = [method_color(n) for n in names]
    closest = min(_distance(a, b) for i, a in enumerate(cols) for b in cols[i + 1:])
    assert closest > 0.3


def test_aliases_resolve_and_rf_is_refused():
    assert all(target in METHOD_COLORS for target in ALIASES.values())
    assert method_color("RM") == method_color("SVMRFE") == method_color("SVM-RFE")
    assert method_color("Av-SD@max_sd") == method_color("Av-SD")
    with pytest.raises(ValueError, match="ambiguous"):
        method_color("RF")
    assert method_color("my method") == method_color("my method")   # a fixed fallback


def test_theme_is_seaborn_ticks():
    assert plt.rcParams["axes.facecolor"] == "white"
    assert plt.rcParams["legend.frameon"] is False


def test_rank_heatmap_blanks_the_diagonal_and_checks_its_input():
    d = pd.DataFrame([[0, 3, 1], [0, 0, 2], [2, 1, 0]], index=list("abc"), columns=list("abc"))
    ax = rank_heatmap(d, diagonal=False)
    assert [t.get_text() for t in ax.texts] == ["3", "1", "0", "2", "2", "1"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b", "c"]
    plt.close("all")
    with pytest.raises(ValueError, match="2-D"):
        rank_heatmap(np.zeros((0, 0)))


def test_izetta_panels_share_one_legend_below():
    from featrank.plots.izetta2017 import error_panel, panel_grid, shared_legend

    summary = pd.DataFrame({"method": ["K-First"] * 3 + ["Av-SD"] * 3, "size": [1, 2, 4] * 2,
                            "mean": [.5, .4, .3, .6, .5, .4], "sd": [.05] * 6})
    fig, axes = panel_grid(3)
    for ax in axes:
        error_panel(ax, summary)                 # each panel draws its own legend ...
    leg = shared_legend(fig, axes)               # ... replaced by one for the figure
    assert fig.legends == [leg] and all(ax.get_legend() is None for ax in axes)
    assert [t.get_text() for t in leg.get_texts()] == ["K-First", "Av-SD"]
    assert leg.get_lines()[0].get_color() == method_color("K-First")
    plt.close(fig)


def test_sweep_draws_variants_dashed_so_equal_lines_stay_visible():
    from featrank.plots import plot_sweep

    d = pd.DataFrame({"method": ["SPE-ranker"] * 2 + ["SPE w/o GS"] * 2, "r": [2, 3] * 2,
                      "auc": [0.45, 0.41] * 2})
    ax = plot_sweep(d, "r", "auc")
    lines = [ln for ln in ax.get_lines() if ln.get_xdata().size == 2]
    assert [ln.get_linestyle() for ln in lines] == ["-", "--"] and lines[1].get_markerfacecolor() == "none"
    plt.close(ax.figure)


def test_importing_the_plots_keeps_the_callers_backend():
    """A notebook's inline backend must survive ``import featrank.plots`` (it once forced Agg,
    and the committed notebooks held no figures)."""
    import subprocess
    import sys

    code = ("import matplotlib; matplotlib.use('svg'); import featrank.plots; "
            "print(matplotlib.get_backend())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "svg"
