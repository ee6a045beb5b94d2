"""The specification curve of a notebook's findings (Simonsohn, Simmons & Nelson 2020): one
row per finding, one mark per specification (a combination of the open analysis choices),
coloured by its verdict; the share of specifications in which the claim holds on the right."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

#: a verdict's colour and marker (colour-blind safe: Okabe & Ito)
VERDICT_STYLE = {"yes": ("#009E73", "o"), "calibrated": ("#56B4E9", "o"),
                 "partly": ("#E69F00", "D"), "untestable": ("#999999", "s"),
                 "no": ("#D55E00", "X"), "n/a": ("#DDDDDD", "s")}


def specification_curve(spec, *, ax=None, title: str | None = None):
    """Draw a :func:`featrank.experiments.specifications.specification_table`: findings
    sorted by the share of specifications in which the paper's claim holds (highest on top), a ring around
    the supported reading. Returns the axes.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"finding": ["f", "f", "g"], "specification": ["a=1", "a=2", ""],
    ...                   "agrees": ["yes", "no", "partly"], "holds": [True, False, False],
    ...                   "supported": ["yes", "", ""], "share_holding": [0.5, 0.5, 0.0],
    ...                   "flipped_by": ["a", "a", ""]})
    >>> [t.get_text() for t in specification_curve(t).get_yticklabels()]
    ['g', 'f']
    """
    order = (spec.groupby("finding", sort=False)["share_holding"].first()
             .sort_values(ascending=True, kind="stable"))
    findings = list(order.index)
    width = int(spec.groupby("finding").size().max()) if len(spec) else 1
    if ax is None:
        _, ax = plt.subplots(figsize=(4 + 0.35 * width, 0.8 + 0.32 * len(findings)))
    y_of = {f: i for i, f in enumerate(findings)}
    for f, g in spec.groupby("finding", sort=False):
        g = g.sort_values("holds", ascending=False, kind="stable")
        for x, r in enumerate(g.itertuples()):
            color, marker = VERDICT_STYLE.get(r.agrees, ("black", "o"))
            ax.scatter(x, y_of[f], c=color, marker=marker, s=45, zorder=3)
            if r.supported == "yes":
                ax.scatter(x, y_of[f], facecolors="none", edgecolors="black", s=130, zorder=4)
    for f, share in order.items():
        ax.text(width - 0.3, y_of[f], f"{share:.0%}", va="center", fontsize=8)
    ax.set_yticks(np.arange(len(findings)), findings, fontsize=8)
    ax.set_xticks([])
    ax.set_xlim(-0.7, width + 0.6)
    ax.set_xlabel("specifications (holding first; ring: the supported reading; right: share "
                  "holding)", fontsize=8)
    handles = [plt.Line2D([], [], color=c, marker=m, ls="", label=v)
               for v, (c, m) in VERDICT_STYLE.items() if v in set(spec["agrees"])]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), fontsize=8,
              frameon=False)
    if title:
        ax.set_title(title)
    return ax
