"""Input profiles of the aggregators: orders (full or partial) or rank matrices with ties.

Every aggregator reduces its input to a **position matrix** ``pos`` of shape ``(m, p)``:
``pos[j, i]`` is the position (1 = best) of feature ``i`` in list ``j``. Tied features share
the average of the positions they occupy, and features a partial list leaves out share the
average of the bottom positions (Prati 2012, Sec. IV: "all items not ranked appear at the
bottom of the ranked list and ties are handled by assigning average ranks"). Positions are
multiples of 1/2, so sums of them are exact in float64.
"""
from __future__ import annotations

import warnings

import numpy as np
from scipy.stats import rankdata

from ..orders import check_order, check_orders


def positions(orders=None, *, ranks=None, n_features: int | None = None) -> np.ndarray:
    """The ``(m, p)`` float position matrix of a profile.

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        Full orders (best first), or partial ones (each lists the features it ranks, best
        first; the others tie at the bottom). Lists of equal length are read as full orders
        of that many features: for top-k lists give ``n_features``.
    ranks : array-like of shape (m, p), optional
        Instead of ``orders``: rank values, 1 = best, equal values meaning a tie, NaN
        meaning "not ranked by this list".
    n_features : int, optional
        The total number of features ``p``. Without it, full orders give ``p``; partial
        lists of different lengths give ``p = 1 + the largest index listed``, which is exact
        when one list is complete and a guess otherwise (features beyond the largest listed
        index would be missing): a UserWarning then says so.

    Returns
    -------
    ndarray of shape (m, p)
        ``pos[j, i]``: the position of feature ``i`` in list ``j`` (1 = first; ties and the
        unranked bottom share their average position).

    Examples
    --------
    >>> positions([[0, 1, 2], [2, 0, 1]]).tolist()
    [[1.0, 2.0, 3.0], [2.0, 3.0, 1.0]]
    >>> positions([[2], [0, 1]], n_features=3).tolist()     # a top-1 and a top-2 list
    [[2.5, 2.5, 1.0], [1.0, 2.0, 3.0]]
    """
    if (orders is None) == (ranks is None):
        raise ValueError("give exactly one of `orders` or `ranks`")
    if ranks is not None:
        return _positions_from_ranks(ranks, n_features)
    arr = orders if isinstance(orders, np.ndarray) else None
    if arr is None:
        try:
            arr = np.asarray(orders)
        except ValueError:  # ragged sequence of partial lists
            arr = None
    if arr is not None and arr.dtype != object and arr.ndim == 2 and (
            n_features is None or arr.shape[1] == n_features):
        o = _full_orders(arr, n_features)
        pos = np.empty(o.shape, dtype=float)
        rows = np.arange(o.shape[0])[:, None]
        pos[rows, o] = np.arange(1, o.shape[1] + 1)
        return pos
    lists = [check_order(o, n_features, partial=True, name=f"orders[{i}]")
             for i, o in enumerate(orders)]
    if not lists:
        raise ValueError("orders is empty")
    p = n_features if n_features is not None else _inferred_p(lists)
    pos = np.empty((len(lists), p), dtype=float)
    for j, o in enumerate(lists):
        pos[j] = (o.size + 1 + p) / 2.0  # unranked: average of positions o.size+1 .. p
        pos[j, o] = np.arange(1, o.size + 1)
    return pos


def listed(orders, pos) -> np.ndarray:
    """``(m, p)`` bool: which features each list of ``orders`` ranks (``pos``: their
    :func:`positions`). A partial list of ``k`` features puts the others at positions above
    ``k``; full orders list every feature."""
    if isinstance(orders, np.ndarray) and orders.ndim == 2 and orders.shape[1] == pos.shape[1]:
        return np.ones(pos.shape, dtype=bool)
    lengths = np.array([len(o) for o in orders])
    return pos <= lengths[:, None]


def _full_orders(arr, n_features):
    """``check_orders`` of equal-length lists; when they hold indices beyond their length
    and no ``n_features`` was given they are top-k lists, and the message says so."""
    try:
        return check_orders(arr)
    except ValueError as exc:
        if n_features is None and arr.size and np.issubdtype(arr.dtype, np.number) \
                and arr.max() >= arr.shape[1]:
            raise ValueError(
                f"{exc}: lists of equal length are read as full orders of {arr.shape[1]} "
                "features; for partial (top-k) lists pass n_features= (the total number of "
                f"features, here at least {int(arr.max()) + 1})") from exc
        raise


def _inferred_p(lists) -> int:
    """``1 + the largest index listed``, with a warning when no list is complete (then
    features ranked by no list and beyond that index cannot be known)."""
    p = 1 + max((int(o.max()) for o in lists if o.size), default=-1)
    if p <= 0:
        raise ValueError("orders rank no feature; give n_features")
    if all(o.size < p for o in lists):
        warnings.warn(
            f"n_features not given and no list ranks every feature: taking p = {p} (1 + the "
            f"largest feature index listed). Pass n_features= (the total number of "
            "features) if there are more", UserWarning, stacklevel=4)
    return p


def _positions_from_ranks(ranks, n_features):
    r = np.asarray(ranks, dtype=float)
    if r.ndim != 2 or r.shape[0] == 0:
        raise ValueError(f"ranks must be a 2-D array (m lists, p features), got shape {r.shape}")
    if n_features is not None and r.shape[1] != n_features:
        raise ValueError(f"ranks has {r.shape[1]} columns, expected {n_features}")
    if np.isinf(r).any():
        raise ValueError("ranks must be finite (use NaN for features a list does not rank)")
    filled = np.where(np.isnan(r), np.inf, r)  # unranked: tied below every ranked feature
    return rankdata(filled, method="average", axis=1).astype(float)


def finish_order(keys, random_state=None) -> np.ndarray:
    """Order features by ``keys`` (a tuple of 1-D arrays, most significant first, smaller =
    better). Remaining ties go to the lower feature index, or, with ``random_state``, are
    broken at random (Prati 2012, Sec. IV: ties "are randomly broken in the aggregate
    ranking")."""
    p = len(keys[0])
    last = np.arange(p)
    if random_state is not None:
        last = np.random.default_rng(random_state).permutation(p)
    return np.lexsort((last,) + tuple(reversed(keys))).astype(np.intp)


# --------------------------------------------------------------------------- numpydoc
_PROFILE = """    orders, ranks, n_features
        The profile, read as :func:`featrank.aggregate.borda` reads it (full or partial
        orders, or a rank matrix with ties)."""
_RANDOM_STATE = """    random_state : int, optional
        Break remaining ties at random (seeded); default: the lower feature index first."""
_ORDER = """    ndarray of shape (p,)
        The aggregated order, best first."""
_EXAMPLE_PROFILE = "    >>> orders = [[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3]]"


def profile_doc(example: str, *, parameters: str = "", returns: str = _ORDER,
                random_state: bool = True, profile: bool = True):
    """Append the numpydoc sections of a function of a profile to its docstring: the shared
    parameters (the profile, then ``parameters``, then ``random_state`` unless False), the
    Returns section (default: an order) and an Examples section that starts with the three
    lists ``orders`` and goes on with ``example``. ``profile=False`` (a function that reads
    its input otherwise) leaves out the profile parameters and the three lists. Text is
    indented as a docstring body."""
    params = "\n".join(t for t in (_PROFILE if profile else "", parameters.strip("\n"),
                                    _RANDOM_STATE if random_state else "") if t)
    preamble = f"{_EXAMPLE_PROFILE}\n" if profile else ""

    def decorate(func):
        func.__doc__ = (f"{func.__doc__.rstrip()}\n\n    Parameters\n    ----------\n{params}"
                        f"\n\n    Returns\n    -------\n{returns.strip(chr(10))}\n\n"
                        f"    Examples\n    --------\n{preamble}"
                        f"{example.strip(chr(10))}\n    ")
        return func
    return decorate
