"""The calibration figure of the evaluate-your-ranker report (notebook 07): how often it
says "beats a random ranking" where it should not, and where it should."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

#: the colours of the two decisions and of the power curves
NEW, OLD = "#1f77b4", "#d62728"
POWER_COLORS = ("#1f77b4", "#2ca02c", "#d62728", "#9467bd")


def calibration_figure(rates, alpha: float = 0.05):
    """Left: per design without a true "beats random" (``rates.kind`` "no signal" or
    "random ranker"), the rejection rate of the report's test with its one-sided 95 % upper
    bound (bar), and of the label-permutation test alone (hollow), against ``alpha``. Right:
    the power designs' rates against the shift of the informative features, with 95 %
    Clopper-Pearson intervals. ``rates``: :func:`~featrank.experiments.report_calibration.rates`
    (with its ``low_95``/``high_95`` columns for the power rows). Returns the figure.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"design": ["null-a", "power-b", "power-b"], "kind": ["no signal",
    ...     "power", "power"], "shift": [0.0, 0.5, 1.0], "rate": [0.02, 0.3, 0.9],
    ...     "upper_95": [0.05, 0.4, 0.95], "rate_permutation_only": [0.03, 0.3, 0.9],
    ...     "low_95": [0.0, 0.2, 0.8], "high_95": [0.06, 0.4, 0.97]})
    >>> len(calibration_figure(t).axes)
    2
    """
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2),
                                      gridspec_kw={"width_ratios": [1, 1.1]})
    null = rates[rates["kind"] != "power"].reset_index(drop=True)
    y = np.arange(len(null))[::-1]
    left.hlines(y, 0, null["upper_95"], color=NEW, lw=2.2, label="report: 95 % upper bound")
    left.plot(null["rate"], y, "o", color=NEW, label="report: rate")
    left.plot(null["rate_permutation_only"], y, "o", mfc="none", color=OLD,
              label="permutation test alone")
    left.axvline(alpha, color="0.4", ls="--", lw=1)
    left.set_yticks(y, [f"{d} ({k})" for d, k in zip(null["design"], null["kind"])])
    left.set_xlabel('share of datasets declared to "beat a random ranking"')
    left.set_title("no true effect: at most the level")
    left.legend(loc="upper right", fontsize=8)
    power = rates[rates["kind"] == "power"]
    groups = list(power.groupby("design", sort=False))
    for i, (color, (design, g)) in enumerate(zip(POWER_COLORS, groups)):
        dodge = 0.015 * (i - (len(groups) - 1) / 2)       # side by side, not on top
        right.errorbar(g["shift"] + dodge, g["rate"], yerr=[g["rate"] - g["low_95"],
                                                    g["high_95"] - g["rate"]],
                       marker="o", color=color, capsize=3, label=design)
    right.axhline(alpha, color="0.4", ls="--", lw=1)
    right.set_ylim(-0.02, 1.02)
    right.set_xlabel("shift of the 5 informative features (standard deviations)")
    right.set_ylabel("power")
    right.set_title("a true effect: power")
    right.legend(fontsize=8)
    fig.tight_layout()
    return fig
