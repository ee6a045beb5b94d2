"""The subset sizes an error curve is computed at: the paper's schedule (Slavkov 2020) and
the size specs the experiments name (:func:`parse_sizes`; a spec string is a parameter of
stored results, so each keeps resolving to the same sizes)."""
from __future__ import annotations

import numpy as np


def size_schedule(p: int, kind: str = "paper") -> np.ndarray:
    """Subset sizes of a curve over ``p`` features.

    ``"all"``: 1, 2, ..., p. ``"paper"``: Slavkov 2020 (Sec. "Experimental setup" of the
    real-data study): from size i the next is i + delta(i), delta(i) = 1 for i <= 50, 5 for
    50 < i <= 500 and p // 20 beyond; p itself always ends the schedule.

    Parameters
    ----------
    p : int
        Number of features.
    kind : {"paper", "all"}, default "paper"
        Which schedule.

    Returns
    -------
    ndarray of int
        Strictly increasing sizes ending at ``p``.

    Examples
    --------
    >>> size_schedule(4, "all").tolist()
    [1, 2, 3, 4]
    >>> s = size_schedule(60)
    >>> s.size, s[-4:].tolist()
    (53, [50, 51, 56, 60])
    """
    p = int(p)
    if p < 1:
        raise ValueError(f"p must be >= 1, got {p}")
    if kind == "all":
        return np.arange(1, p + 1)
    if kind != "paper":
        raise ValueError(f"unknown schedule {kind!r}; use 'paper', 'all' or give the sizes")
    sizes, i = [], 1
    while i <= p:
        sizes.append(i)
        i += 1 if i <= 50 else 5 if i <= 500 else max(p // 20, 1)
    if sizes[-1] != p:
        sizes.append(p)
    return np.asarray(sizes)


def parse_sizes(sizes, p: int, *, start: int = 1) -> np.ndarray:
    """The subset sizes a curve is computed at, from a spec.

    The one parser of size specs: the experiments' spec strings are parameters of stored
    results, so each spec must keep resolving to the same sizes.

    Parameters
    ----------
    sizes : None, str or array-like of int
        ``None``/``"paper"``: the paper's schedule (:func:`size_schedule`, from ``start``
        on); ``"all"``: ``start``..p; ``"coarse:K"``: about K sizes geometric from both
        ends (1, 2, 4, ... and p, p-1, p-3, ...), dense where FFA (small sizes) and RFA
        (sizes near p) change most; ``"geometric:K"``: about K sizes spread geometrically
        from ``start`` to p; ``"even:K"``: K sizes spread evenly from ``start`` to p (all of
        them when K covers the range); or the sizes themselves, strictly increasing, in
        [1, p].
    p : int
        Number of features.
    start : int, default 1
        The smallest size of every named spec but ``"coarse:K"`` (Izetta 2017's curves
        start at 2).

    Returns
    -------
    ndarray of int
        The sizes.

    Examples
    --------
    >>> parse_sizes("all", 4).tolist()
    [1, 2, 3, 4]
    >>> parse_sizes([1, 3], 4).tolist()
    [1, 3]
    >>> parse_sizes(None, 60)[-3:].tolist()
    [51, 56, 60]
    >>> parse_sizes("coarse:8", 60).tolist()
    [1, 3, 8, 22, 39, 53, 58, 60]
    >>> parse_sizes("geometric:4", 54, start=2).tolist(), parse_sizes("even:5", 60).tolist()
    ([2, 6, 18, 54], [1, 16, 30, 45, 60])
    """
    if sizes is None:
        return size_schedule(p, "paper")
    if isinstance(sizes, str):
        return _named_sizes(sizes, int(p), int(start))
    s = np.asarray(sizes)
    if s.ndim != 1 or s.size == 0 or not np.issubdtype(s.dtype, np.integer):
        raise ValueError("sizes must be a non-empty 1-D array of integers (or 'paper'/'all')")
    if s.min() < 1 or s.max() > p:
        raise ValueError(f"sizes must lie in [1, {p}], got [{s.min()}, {s.max()}]")
    if np.any(np.diff(s) <= 0):
        raise ValueError("sizes must be strictly increasing")
    return s.astype(np.intp)


def _named_sizes(spec: str, p: int, start: int) -> np.ndarray:
    """The sizes of a named spec (see :func:`parse_sizes`)."""
    name, _, k = spec.partition(":")
    if not k:
        s = size_schedule(p, spec)
        return s[s >= start]
    if name not in ("coarse", "geometric", "even") or not k.isdigit():
        raise ValueError(f"unknown sizes spec {spec!r}; use 'paper', 'all', 'coarse:K', "
                         "'geometric:K', 'even:K' or give the sizes")
    k = int(k)
    if name == "coarse":
        a = np.round(np.geomspace(1, p, max(2, k // 2 + 1))).astype(int)
        return np.unique(np.concatenate([a, p + 1 - a, [1, p]]))
    if name == "geometric":
        return np.unique(np.round(np.geomspace(start, p, k)).astype(int))
    if k >= p - start + 1:
        return np.arange(start, p + 1)
    return np.unique(np.round(np.linspace(start, p, k)).astype(int))
