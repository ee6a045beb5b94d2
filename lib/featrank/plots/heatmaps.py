"""Heatmaps of rank statistics: a table of numbers with rows and columns named by features or
methods -- a pairwise-preference matrix (how many lists put a row's feature above a column's),
Schulze's strongest paths, positions given to groups of features -- drawn with seaborn."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns


def rank_heatmap(table, *, ax=None, title: str | None = None, fmt: str = "g",
                 cmap: str = "Blues", xlabel: str = "", ylabel: str = "",
                 diagonal: bool = True, cbar: bool = False, vmin=None, vmax=None, norm=None):
    """Draw ``table`` (a DataFrame, or a 2-D array) as an annotated heatmap; returns the axes.

    Parameters
    ----------
    table : DataFrame or array-like, 2-D
        The numbers; a DataFrame's index and columns label the rows and columns.
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure sized to the table).
    title, xlabel, ylabel : str
        Texts of the axes.
    fmt : str
        Format of the cell annotations (``"g"``, ``".2f"``, ...).
    cmap : str
        Colour map (sequential: darker = larger).
    diagonal : bool
        False blanks the diagonal (a pairwise matrix has nothing there).
    cbar : bool
        Draw a colour bar.
    vmin, vmax : float, optional
        Range of the colour map.
    norm : matplotlib Normalize, optional
        E.g. ``matplotlib.colors.LogNorm()`` for positions spanning orders of magnitude.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import pandas as pd
    >>> d = pd.DataFrame([[0, 2], [1, 0]], index=["a", "b"], columns=["a", "b"])
    >>> ax = rank_heatmap(d, diagonal=False, title="lists preferring row over column")
    >>> [t.get_text() for t in ax.texts]
    ['2', '1']
    """
    data = table if isinstance(table, pd.DataFrame) else pd.DataFrame(np.asarray(table))
    if data.ndim != 2 or data.size == 0:
        raise ValueError(f"rank_heatmap needs a non-empty 2-D table, got shape {data.shape}")
    mask = None if diagonal else np.eye(*data.shape, dtype=bool)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.55 * data.shape[1] + 1.4, 0.45 * data.shape[0] + 0.9))
    sns.heatmap(data.astype(float), annot=True, fmt=fmt, cmap=cmap, mask=mask, cbar=cbar,
                vmin=vmin, vmax=vmax, norm=norm, square=False, linewidths=0.5, linecolor="white", ax=ax)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.tick_params(axis="y", rotation=0)
    if title:
        ax.set_title(title, fontsize=10)
    return ax
