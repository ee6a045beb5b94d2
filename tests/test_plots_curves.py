import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402

from featrank.evaluate.curves import Curves  # noqa: E402
from featrank.plots.curves import curves_figure, plot_curve  # noqa: E402


def _curves(shift):
    sizes = np.array([1, 2, 3, 5, 8])
    ffa = np.tile(np.linspace(0.6, 0.9, 5) + shift, (4, 1))
    return Curves(sizes, ffa, ffa[:, ::-1].copy(), n_features=8)


def test_rfa_is_drawn_at_the_paper_positions_and_expected_is_a_band():
    c = _curves(0.0)
    ax = plot_curve({"ReliefF": c}, "rfa", expected=_curves(-0.1))
    lines = {ln.get_label(): ln for ln in ax.get_lines()}
    np.testing.assert_array_equal(lines["ReliefF"].get_xdata(), [8, 7, 6, 4, 1])   # p - s + 1
    np.testing.assert_allclose(lines["ReliefF"].get_ydata(), c.rfa_mean)
    assert "random (expected)" in lines and len(ax.collections) == 1                # the band
    ax = plot_curve({"ReliefF": c}, "ffa")
    np.testing.assert_array_equal(ax.get_lines()[0].get_xdata(), c.sizes)


def test_curves_figure_has_three_panels_with_stability():
    fig = curves_figure({"ReliefF": _curves(0), "InfoGain": _curves(-0.05)},
                        expected=_curves(-0.2),
                        stability={"ReliefF": np.linspace(0.2, 0.5, 8)}, title="demo")
    assert len(fig.axes) == 3
    assert fig.axes[2].get_lines()[0].get_xdata().tolist() == list(range(1, 9))


def test_figure_functions_are_exported_at_the_top_level():
    import featrank.plots as plots
    from featrank.plots import cd, curves

    assert plots.curves_figure is curves_figure and plots.plot_curve is plot_curve
    assert plots.plot_stability is curves.plot_stability and plots.cd_diagram is cd.cd_diagram
    from featrank.plots import plot_sweep  # noqa: F401

    assert {"curves_figure", "cd_diagram", "savefig", "method_color"} <= set(dir(plots))
    assert set(plots.__all__) <= set(dir(plots))
    fig = plots.cd_diagram({"a": 1.2, "b": 2.1, "c": 2.7}, 0.9)
    assert fig.axes
