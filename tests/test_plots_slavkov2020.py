import matplotlib

matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from featrank.evaluate.curves import Curves  # noqa: E402
from featrank.plots import method_color  # noqa: E402
from featrank.plots import slavkov2020 as P  # noqa: E402


def _curves(shift, p=8):
    sizes = np.array([1, 2, 3, 5, 8])
    ffa = np.tile(np.linspace(0.6, 0.9, 5) + shift, (4, 1)) + np.arange(4)[:, None] * 0.01
    return Curves(sizes, ffa, ffa[:, ::-1].copy(), n_features=p)


def _lines(ax):
    return {ln.get_label(): ln for ln in ax.get_lines()}


def test_panel_draws_rfa_at_paper_positions_with_paper_names_and_expected_band():
    fig, ax = plt.subplots()
    c = _curves(0.0)
    P.plot_curves_panel(ax, {"RandomForest": c, "expected": _curves(-0.2)}, "rfa")
    lines = _lines(ax)
    np.testing.assert_array_equal(lines["Random Forest"].get_xdata(), [8, 7, 6, 4, 1])
    np.testing.assert_allclose(lines["Random Forest"].get_ydata(), c.rfa_mean)
    assert lines["Random Forest"].get_color() == method_color("RandomForest")
    assert "random (expected)" in lines and len(ax.collections) == 1     # the random band
    assert ax.get_title() == "RFA" and ax.get_legend() is None
    plt.close(fig)


def test_theta_family_ramp_and_assessment_layout():
    fig = P.plot_theta_family(_curves(0.1), {0.5: _curves(0.0), 0.05: _curves(0.05)},
                              expected=_curves(-0.2))
    lines = _lines(fig.axes[0])
    assert lines["ground truth"].get_color() == method_color("ground truth")
    ramp = [mcolors.to_hex(lines[f"θ = {t}"].get_color()) for t in (0.05, 0.5)]
    assert ramp[0] != ramp[1] and method_color("expected") not in ramp
    # one legend beside the panels, none inside them (it would cover the curves)
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in fig.axes)
    plt.close(fig)
    stab = {"ReliefF": (np.array([1, 2, 4, 8]), np.array([0.1, 0.2, 0.3, 0.4]))}
    fig = P.plot_assessment({"ReliefF": _curves(0), "InfoGain": _curves(-0.1)}, _curves(-0.2),
                            stab, title="demo")
    assert len(fig.axes) == 3 and all(ax.get_legend() is None for ax in fig.axes)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == \
        ["random (expected)", "ReliefF", "Info Gain"]
    np.testing.assert_array_equal(_lines(fig.axes[2])["ReliefF"].get_xdata(), [1, 2, 4, 8])
    plt.close(fig)
    fig = P.plot_learner_grid({("ReliefF", "nb"): _curves(0), ("ReliefF", "knn"): _curves(0.1)},
                              ["nb", "knn"], "ffa", labels={"nb": "Naive Bayes"})
    assert [a.get_title() for a in fig.axes] == ["FFA, Naive Bayes", "FFA, knn"]
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in fig.axes)
    plt.close(fig)
