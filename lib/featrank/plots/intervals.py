"""Estimates with their intervals, one row each (a forest plot): the paired differences of
the evaluate-your-ranker report's panel, the rejection rates of its calibration."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from .style import method_color


def interval_plot(table, *, label: str, estimate: str, low: str, high: str, ax=None,
                  reference: float | None = 0.0, xlabel: str | None = None,
                  title: str | None = None, colors: bool = True):
    """One row per entry of ``table`` (a DataFrame): a dot at ``table[estimate]`` and a bar
    from ``table[low]`` to ``table[high]``, labelled ``table[label]`` (first row on top),
    with a dashed line at ``reference`` (None: none); ``colors``: each row in its method's
    colour. Returns the axes.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"ranker": ["IG", "random"], "d": [0.0, 0.1], "lo": [-0.1, 0.05],
    ...                   "hi": [0.1, 0.15]})
    >>> ax = interval_plot(t, label="ranker", estimate="d", low="lo", high="hi")
    >>> [(int(t.get_position()[1]), t.get_text()) for t in ax.get_yticklabels()]
    [(1, 'IG'), (0, 'random')]
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * max(len(table), 1)))
    y = np.arange(len(table))[::-1]
    for yi, (_, r) in zip(y, table.iterrows()):
        c = method_color(str(r[label])) if colors else "0.2"
        ax.plot([r[low], r[high]], [yi, yi], color=c, lw=2.2, solid_capstyle="butt")
        ax.plot([r[estimate]], [yi], "o", color=c, ms=6)
    if reference is not None:
        ax.axvline(reference, color="0.4", ls="--", lw=1)
    ax.set_yticks(y, [str(v) for v in table[label]])
    ax.set_ylim(-0.6, len(table) - 0.4)
    ax.set_xlabel(xlabel or estimate)
    if title:
        ax.set_title(title)
    return ax
