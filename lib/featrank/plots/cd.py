"""Critical-difference diagrams in Demšar's (2006, Fig. 1) style: the methods on an axis of
average ranks, one bar showing the Nemenyi CD, and thick lines joining the groups of methods
that are not significantly different; or the same diagram with the groups taken from any
table of pairwise p-values (Wilcoxon-Holm, say), without a CD."""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ..stats import cliques as _cliques
from ..stats import cliques_from_pvalues as _cliques_from_pvalues


def cd_diagram(avg_ranks, cd: float, *, ax=None, title: str | None = None,
               best_right: bool = False, width: float = 6.0, label_fmt: str = "{:.2f}"):
    """Draw a CD diagram; returns the figure.

    Parameters
    ----------
    avg_ranks : mapping or Series, method name -> average rank (1 = best).
    cd : the critical difference (``featrank.stats.nemenyi_cd``).
    best_right : put rank 1 on the right (Prati 2012's figures) instead of the left (Demšar).
    """
    r = pd.Series(avg_ranks, dtype=float).sort_values(kind="stable")
    return _draw(r, _cliques(r, cd), cd=cd, ax=ax, title=title, best_right=best_right,
                 width=width, label_fmt=label_fmt)


def cd_diagram_from_pvalues(pvalues, avg_ranks=None, *, alpha: float | None = None, ax=None,
                            title: str | None = None, best_right: bool = False,
                            width: float = 6.0, label_fmt: str = "{:.2f}"):
    """Draw a CD diagram whose bars join the methods a table of pairwise p-values does not
    separate; returns the figure.

    The methods sit at their average ranks as in :func:`cd_diagram`; a bar joins each
    maximal run of consecutive methods with no pair at ``p < alpha``
    (:func:`featrank.stats.cliques_from_pvalues`). There is no CD to show: the header
    states the level instead.

    Parameters
    ----------
    pvalues : DataFrame, methods x methods
        Symmetric (adjusted) p-values, e.g. ``featrank.stats.wilcoxon_holm(scores)``.
    avg_ranks : mapping or Series, method name -> average rank (1 = best), optional
        Default ``pvalues.attrs["average_ranks"]`` (set by ``wilcoxon_holm``).
    alpha : float, optional
        Significance level; default ``pvalues.attrs["alpha"]``, else 0.05.
    ax, title, best_right, width, label_fmt
        As for :func:`cd_diagram`.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from featrank.stats import wilcoxon_holm
    >>> rng = np.random.default_rng(0)
    >>> scores = pd.DataFrame(rng.normal(size=(20, 4)) + [0, 0.2, 1, 1.2], columns=list("abcd"))
    >>> fig = cd_diagram_from_pvalues(wilcoxon_holm(scores), title="Wilcoxon-Holm")
    >>> [t.get_text() for t in fig.axes[0].texts][-5:]
    ['p ≥ 0.05 joined', 'd (1.70)', 'c (2.25)', 'b (2.85)', 'a (3.20)']
    >>> sum(line.get_linewidth() > 3 for line in fig.axes[0].lines)  # d-c, c-b, b-a
    3
    """
    groups = _cliques_from_pvalues(pvalues, avg_ranks, alpha=alpha)
    if avg_ranks is None:
        avg_ranks = pvalues.attrs["average_ranks"]
    alpha = pvalues.attrs.get("alpha", 0.05) if alpha is None else alpha
    r = pd.Series(avg_ranks, dtype=float).sort_values(kind="stable")
    r.index = r.index.map(str)
    return _draw(r, groups, header=f"p ≥ {alpha:g} joined", ax=ax, title=title,
                 best_right=best_right, width=width, label_fmt=label_fmt)


def _draw(r, groups, *, cd=None, header=None, ax, title, best_right, width, label_fmt):
    """The diagram of ranks ``r`` (sorted, best first) with the bars ``groups``, and above
    the axis either the CD bar (``cd``) or a line of text (``header``)."""
    names, vals = list(r.index), r.to_numpy()
    k = len(names)
    if k < 2:
        raise ValueError("a CD diagram needs at least two methods")
    lo, hi = 1, max(k, int(np.ceil(vals.max())))
    half = (k + 1) // 2
    n_rows = max(half, k - half)
    y0 = -0.35 - 0.22 * len(groups)  # first label row
    bottom = y0 - 0.45 * (n_rows - 1) - 0.35
    height = 0.5 * (1.9 - bottom) + (0.3 if title else 0.0)
    if ax is None:
        fig, ax = plt.subplots(figsize=(width, height))
    else:
        fig = ax.figure
    ax.set_xlim(lo - 0.5, hi + 0.5)
    if best_right:
        ax.invert_xaxis()
    ax.set_ylim(bottom, 1.6)
    ax.axis("off")
    # rank axis with ticks
    ax.plot([lo, hi], [0, 0], color="k", lw=1)
    for t in range(lo, hi + 1):
        ax.plot([t, t], [0, 0.12], color="k", lw=1)
        ax.text(t, 0.22, str(t), ha="center", va="bottom", fontsize=8)
    for t in np.arange(lo + 0.5, hi, 1.0):
        ax.plot([t, t], [0, 0.06], color="k", lw=0.7)
    if cd is not None:  # the CD bar, above the axis at the best end
        ax.plot([lo, lo + cd], [1.15, 1.15], color="k", lw=1.5)
        for x in (lo, lo + cd):
            ax.plot([x, x], [1.08, 1.22], color="k", lw=1.5)
        ax.text(lo + cd / 2, 1.27, f"CD = {cd:.3g}", ha="center", va="bottom", fontsize=8)
    if header:
        ax.text(lo, 1.27, header, ha="right" if best_right else "left", va="bottom",
                fontsize=8)
    # cliques: thick lines just under the axis
    for g, members in enumerate(groups):
        a, b = r[members[0]], r[members[-1]]
        y = -0.25 - 0.22 * g
        ax.plot([a - 0.03, b + 0.03], [y, y], color="k", lw=3.5, solid_capstyle="butt")
    # method labels: best half to the best side, the rest to the other
    for i, (name, v) in enumerate(zip(names, vals)):
        left = i < half
        row = i if left else k - 1 - i
        y = y0 - 0.45 * row
        x_text = (lo - 0.35) if left else (hi + 0.35)
        ax.plot([v, v], [0, y], color="0.3", lw=0.8)
        ax.plot([v, x_text], [y, y], color="0.3", lw=0.8)
        ax.text(x_text, y, f"{name} ({label_fmt.format(v)})", va="center", fontsize=8,
                ha=("right" if left else "left") if not best_right else
                ("left" if left else "right"))
    if title:
        ax.set_title(title, fontsize=9)
    return fig


def cd_stack(panels, *, rename=None, best_right: bool = True):
    """One CD diagram per panel, stacked (Prati 2012, Figs. 1-3): ``panels`` is a list of
    ``(title, friedman_result, cd)``; each panel's title gets the Friedman p-value and the
    number of blocks; ``rename`` maps method names to the labels shown. Returns the figure.

    >>> from featrank.stats import friedman, nemenyi_cd
    >>> t = pd.DataFrame({"A": [3, 2, 3, 3.], "B": [2, 3, 2, 2.], "C": [1, 1, 1, 1.]})
    >>> fig = cd_stack([("all", friedman(t), nemenyi_cd(3, 4))])
    >>> fig.axes[0].get_title().startswith("all (Friedman p = ")
    True
    """
    fig, axes = plt.subplots(len(panels), 1, figsize=(7, 2.6 * len(panels)))
    for ax, (title, r, cd) in zip(np.atleast_1d(axes), panels):
        ranks = r.average_ranks.rename(index=rename) if rename else r.average_ranks
        cd_diagram(ranks, cd, ax=ax, best_right=best_right,
                   title=f"{title} (Friedman p = {r.p_ff:.2g}, {r.n_datasets} blocks)")
    fig.tight_layout()
    return fig
