"""Figure of ``make bench``: speed ratios against the plain way, targets marked (developer
tooling, outside the library)."""
from __future__ import annotations

import numpy as np


def _met_color(met) -> str:
    return {"yes": "#2ca02c", "no": "#d62728"}.get(str(met), "#7f7f7f")


def plot_speed_ratios(df, *, title: str | None = None):
    """Two panels from the rows of ``data/results/bench.csv``.

    Left: one horizontal bar per item with a ratio, the plain way's time over ours (log
    scale, > 1 = ours faster); a black tick marks the target ratio where it sets one
    (k-NN curves 20x, SVM curves 3x sonar / 2x waveform, ReliefF 1x = Weka's time). Right:
    items whose target is an absolute time (aggregation at 12,625 x 28 <= 30 s, notebook 05's
    paper profile <= 8 h), our seconds against that limit. Green = target met, red = not met,
    grey = no target. Expects columns ``item``, ``ratio``, ``ours_s``, ``target_kind``,
    ``target_value``, ``met``.
    """
    import matplotlib.pyplot as plt

    r = df[np.isfinite(df["ratio"].astype(float))].reset_index(drop=True)
    est = df["item"].astype(str).str.contains("paper profile") & np.isfinite(df["ours_s"].astype(float))
    t = df[(df["target_kind"] == "max_s") | est].reset_index(drop=True)
    heights = (max(len(r), 1), max(len(t), 1))
    fig, axes = plt.subplots(1, 2, figsize=(13, 0.28 * max(heights) + 1.6),
                             gridspec_kw={"width_ratios": [3, 2]})
    ax = axes[0]
    y = np.arange(len(r))[::-1]
    lr = np.log10(r["ratio"].astype(float))
    ax.barh(y, lr, color=[_met_color(m) if k == "min_ratio" else _met_color("")
                          for m, k in zip(r["met"], r["target_kind"])])
    for yi, v, ratio in zip(y, lr, r["ratio"].astype(float)):
        ax.text(v, yi, f" {ratio:.3g}x " if ratio >= 0.01 else f" {ratio:.1e}x ", va="center",
                ha="left" if v >= 0 else "right", fontsize=6)
    for yi, (kind, val) in zip(y, zip(r["target_kind"], r["target_value"])):
        if kind == "min_ratio":
            ax.plot([np.log10(val)] * 2, [yi - 0.45, yi + 0.45], color="k", lw=2)
    ax.axvline(0, color="k", lw=0.8)
    if len(r):
        ax.set_xlim(min(lr.min(), 0) - 0.6, max(lr.max(), 0) + 0.6)
    ax.set_yticks(y, r["item"], fontsize=7)
    ax.set_xlabel("log10(plain time / our time)   (> 0: ours faster; black tick: target)")
    ax.set_title("speed ratio against the plain way")
    ax = axes[1]
    y = np.arange(len(t))[::-1]
    if len(t):
        secs = t["ours_s"].astype(float)
        ax.barh(y, secs, color=[_met_color(m) for m in t["met"]])
        for yi, v in zip(y, secs):
            if np.isfinite(v):
                ax.text(v, yi, f" {v:.3g} s" if v < 3600 else f" {v / 3600:,.3g} h" if v < 360000
                        else f" {v / 3600:,.0f} h", va="center",
                        fontsize=6)
        for yi, val in zip(y, t["target_value"].astype(float)):
            if np.isfinite(val):
                ax.plot([val] * 2, [yi - 0.45, yi + 0.45], color="k", lw=2)
        ax.set_xscale("log")
        ax.set_yticks(y, t["item"], fontsize=7)
    ax.set_xlabel("our time (s, log scale; black tick: the limit)")
    ax.set_title("time limits; paper-profile estimates (2 cores)")
    if title:
        fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    return fig
