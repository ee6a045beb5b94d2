"""Izetta, Verdes & Granitto (2017)'s six list combiners, by the names of the paper's tables
or of this package: what :class:`featrank.rankers.MulticlassSVMRFE` is given as its
``combiner`` and what the notebook's method names resolve to."""
from __future__ import annotations

import numpy as np

from .pairwise import copeland
from .positional import average_sd, best_rank, k_first, q3_sd
from .schulze_method import schulze

#: Izetta 2017's six combiners (their names, as in the tables) -> featrank.aggregate names
COMBINERS = {"3Q-SD": "q3_sd", "Av-SD": "average_sd", "Best Rank.": "best_rank",
             "K-First": "k_first", "Condorcet": "copeland", "Schulze": "schulze"}

_FUNCTIONS = {f.__name__: f for f in (q3_sd, average_sd, best_rank, k_first, copeland, schulze)}


def get_combiner(name):
    """The aggregation function of a combiner named as in Izetta 2017 (``"K-First"``) or as in
    this package (``"k_first"``); a function is returned as it is.

    Parameters
    ----------
    name : str or callable
        One of :data:`COMBINERS` (paper or library name), or a function
        ``f(orders, **params) -> order``.

    Returns
    -------
    callable
        ``f(orders, **params) -> order``.

    Examples
    --------
    >>> get_combiner("K-First") is get_combiner("k_first") is k_first
    True
    """
    if callable(name):
        return name
    name = COMBINERS.get(name, name)
    if name not in _FUNCTIONS:
        raise ValueError(f"unknown combiner {name!r}; choose one of "
                         f"{sorted(COMBINERS.values())} or {sorted(COMBINERS)}")
    return _FUNCTIONS[name]


def combine_lists(orders, combiner="k_first", **params) -> np.ndarray:
    """Combine per-problem orders ``(M, p)`` into one order (Izetta 2017, Sec. 2).

    Parameters
    ----------
    orders : array-like of shape (M, p)
        The lists, best first.
    combiner : str or callable, default "k_first"
        A combiner's name (see :func:`get_combiner`) or the function itself.
    **params
        Its keyword arguments; ``k`` for K-First may be a fraction of p (``k=0.1``, the
        paper's default).

    Returns
    -------
    ndarray of shape (p,)
        The combined order, best first.

    Examples
    --------
    >>> orders = [[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3]]
    >>> combine_lists(orders, "Best Rank.").tolist()
    [0, 1, 2, 3]
    >>> combine_lists(orders, "K-First", k=0.5).tolist()
    [0, 1, 2, 3]
    """
    return np.asarray(get_combiner(combiner)(np.asarray(orders), **params), dtype=np.intp)
