"""Kemeny(-Young) aggregation: the order with the smallest total Kendall distance to the lists
(Kemeny 1959; Dwork, Kumar, Naor & Sivakumar, WWW 2001, for rank aggregation).

The total distance of an order is ``sum over pairs (x before y) of N[y, x]``, with ``N`` the
pairwise counts of :func:`featrank.aggregate.pairwise_counts` (lists that rank ``y`` strictly
above ``x``; tied or both-unranked pairs cost nothing). Finding the minimum is NP-hard:

* ``method="exact"``: dynamic programming over subsets (the cheapest way to order the
  features not yet placed, for every set placed; O(2^p p^2)), p <= 10;
* ``method="heuristic"``: the better of the Borda and Copeland orders, improved by insertion
  moves (take one feature out and put it back where the total distance drops most; adjacent
  swaps, Dwork et al.'s "local Kemenization", are the special case of moving by one) until no
  move improves -- the "Borda/Copeland + insertion" local search Schalekamp & van Zuylen (ALENEX
  2009) and Ali & Meila (Math. Soc. Sci. 2012) found near-optimal. Each move is found in O(p)
  from the margin matrix, so a sweep costs O(p^2).
"""
from __future__ import annotations

import numpy as np

from ..orders import check_order
from ._profile import finish_order, positions, profile_doc
from .paircounts import _counts, _margins

#: the largest p the exact method accepts
MAX_EXACT = 10


def _cost(N, order):
    """Total Kendall distance of ``order`` to the lists behind ``N``."""
    o = np.asarray(order)
    M = N[np.ix_(o, o)].astype(np.int64)     # M[a, b]: lists ranking o[a] above o[b]
    return int(np.tril(M, -1).sum())         # later above earlier: discordant


@profile_doc("""
    >>> kendall_distance_total([0, 1, 2, 3], orders)    # 1 swap in list 2, 1 in list 3
    3
    >>> kendall_distance_total([3, 2, 1, 0], orders)    # the reverse: 6 pairs x 3 - 3
    15""",
             parameters="""    order : array-like of shape (p,)
        The order to measure, best first.""",
             returns="""
    int
        ``sum_j K(order, orders_j)``, ``K`` the number of pairs the two orders rank in
        opposite ways (pairs a list ties or leaves both unranked count 0).""",
             random_state=False)
def kendall_distance_total(order, orders=None, *, ranks=None, n_features=None) -> int:
    """Total Kendall distance of ``order`` to the lists: the quantity Kemeny aggregation
    minimises.
    """
    N = _counts(positions(orders, ranks=ranks, n_features=n_features))
    return _cost(N, check_order(order, N.shape[0]))


def _exact(N, rng):
    """Lexicographically smallest (or, with ``rng``, a random) optimal order, by DP over the
    sets of features already placed."""
    p = N.shape[0]
    full = (1 << p) - 1
    Nl = N.astype(np.int64)
    bits = np.arange(p)
    # g[S]: least cost of ordering the features outside S (placed after S)
    g = np.zeros(1 << p, dtype=np.int64)
    masks = np.arange(1 << p)
    inside = (masks[:, None] >> bits[None, :]) & 1          # (2^p, p)
    # cost of putting x next when S is placed: lists ranking y above x, y outside S, y != x
    out = (1 - inside).astype(np.int64)
    place = out @ Nl                                         # sum_y out[S, y] N[y, x]
    for S in range(full - 1, -1, -1):
        rest = np.flatnonzero(out[S])
        g[S] = min(place[S, x] + g[S | (1 << x)] for x in rest)
    order, S = [], 0
    for _ in range(p):
        rest = np.flatnonzero(out[S])
        best = [x for x in rest if place[S, x] + g[S | (1 << x)] == g[S]]
        x = best[0] if rng is None else best[rng.integers(len(best))]
        order.append(int(x))
        S |= 1 << int(x)
    return np.asarray(order, dtype=np.intp)


def _local_search(d, order):
    """Insertion moves until none lowers the total distance. ``d``: the int64 margin matrix
    (``d[x, y]`` = lists with x above y minus the reverse). Moving x from place i to a later
    place j changes the cost by ``sum d[x, o[i+1..j]]``; to an earlier place j by
    ``sum d[o[j..i-1], x]``."""
    o = order.copy()
    improved = True
    while improved:
        improved = False
        for x in o.copy():
            i = int(np.flatnonzero(o == x)[0])
            row = d[x, o]
            right = np.cumsum(row[i + 1:])               # to place i+1, i+2, ...
            left = np.cumsum(-row[:i][::-1])             # to place i-1, i-2, ...
            best_r = int(np.argmin(right)) if right.size else -1
            best_l = int(np.argmin(left)) if left.size else -1
            gain_r = right[best_r] if right.size else 0
            gain_l = left[best_l] if left.size else 0
            if min(gain_r, gain_l) >= 0:
                continue
            j = i + 1 + best_r if gain_r <= gain_l else i - 1 - best_l
            o = np.insert(np.delete(o, i), j, x)
            improved = True
    return o


@profile_doc("""
    >>> kemeny(orders).tolist()
    [0, 1, 2, 3]
    >>> kemeny(orders, method="heuristic").tolist()
    [0, 1, 2, 3]

    A Condorcet cycle (0 > 1 > 2 > 0 by 2 lists to 1): every order costs at least 4, three
    orders do; the lexicographically smallest is returned:

    >>> kemeny([[0, 1, 2], [1, 2, 0], [2, 0, 1]]).tolist()
    [0, 1, 2]""",
             parameters="""    method : {"exact", "heuristic"}, default "exact"
        Exact minimum (p <= 10) or Borda/Copeland start plus insertion moves.""")
def kemeny(orders=None, *, method="exact", ranks=None, n_features=None,
           random_state=None) -> np.ndarray:
    """Kemeny aggregation: the order with the least total Kendall distance to the lists
    (:func:`kendall_distance_total`), exactly for p <= 10, else by local search.

    Exact: among several optimal orders the lexicographically smallest (``random_state``: one
    chosen at random, feature by feature). Heuristic: never worse than the Borda and Copeland
    orders it starts from; within a few per cent of the optimum on small random profiles
    (``tests/test_kemeny.py``) and seconds at p = 1,000.
    """
    from .pairwise import copeland

    pos = positions(orders, ranks=ranks, n_features=n_features)
    p = pos.shape[1]
    N = _counts(pos)
    if method == "exact":
        if p > MAX_EXACT:
            raise ValueError(f"exact Kemeny aggregation is limited to p <= {MAX_EXACT} "
                             f"features (O(2^p p^2)), got p = {p}; use method='heuristic'")
        rng = None if random_state is None else np.random.default_rng(random_state)
        return _exact(N, rng)
    if method != "heuristic":
        raise ValueError(f"method must be 'exact' or 'heuristic', got {method!r}")
    mean_pos = pos.sum(axis=0)
    starts = [finish_order((mean_pos,), random_state),
              copeland(ranks=pos, random_state=random_state)]
    start = min(starts, key=lambda o: _cost(N, o))
    return _local_search(_margins(N).astype(np.int64), start)
