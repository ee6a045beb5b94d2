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

:func:`kemeny_buckets` (and :func:`kemeny_ties`, its order) looks for a consensus with ties,
a bucket order, under the generalised Kendall distance that also charges a pair tied on one
side and ordered on the other: exactly over every bucket order for p <= 6, by local search
beyond.
"""
from __future__ import annotations

import itertools

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


# --- Kemeny with ties: a bucket order as consensus --------------------------------------------

#: the largest p for which :func:`kemeny_buckets` enumerates every bucket order (4,683 at p = 6)
MAX_EXACT_TIES = 6


def _profile_of(orders, ranks, scores, n_features):
    """The position matrix of orders, a rank matrix (bucket orders: equal ranks tie) or a score
    matrix (higher is better, equal scores tie); NaN ranks or scores: not ranked."""
    if scores is not None:
        if ranks is not None or orders is not None:
            raise ValueError("give exactly one of `orders`, `ranks` or `scores`")
        ranks = -np.asarray(scores, dtype=float)
    return positions(orders, ranks=ranks, n_features=n_features)


def _tie_costs(pos, tie_penalty):
    """``A[x, y]``: the cost of a consensus putting ``x`` in an earlier bucket than ``y`` (the
    lists ranking ``y`` above ``x``, plus ``tie_penalty`` per list tying them); ``T[x, y]``:
    the cost of one bucket for both (``tie_penalty`` per list ordering them; ``T[x, x] = 0``)."""
    if not tie_penalty > 0:
        raise ValueError(f"tie_penalty must be > 0, got {tie_penalty!r}")
    N = _counts(pos).astype(float)
    ties = pos.shape[0] - N - N.T
    return N.T + tie_penalty * ties, tie_penalty * (N + N.T)


def _bucket_costs(A, T, r):
    """Total distance of each bucket order in ``r`` (``(k, p)`` bucket indices, 0 = best)."""
    r = np.atleast_2d(r)
    before = r[:, :, None] < r[:, None, :]
    tied = r[:, :, None] == r[:, None, :]
    return (before * A).sum(axis=(1, 2)) + (tied * T).sum(axis=(1, 2)) / 2


def _weak_orders(p):
    """Every bucket order of ``p`` features as bucket indices (each ``0..k-1`` used), in
    lexicographic order: 1, 3, 13, 75, 541, 4683 of them for p = 1..6."""
    r = np.array(list(itertools.product(range(p), repeat=p)), dtype=np.int8).reshape(-1, p)
    srt = np.sort(r, axis=1)
    onto = (srt[:, 0] == 0) & (np.diff(srt, axis=1) <= 1).all(axis=1)
    return r[onto]


def _canonical(r):
    return np.unique(r, return_inverse=True)[1].astype(np.intp)


def _bucket_search(A, T, r):
    """Moves of one feature into another bucket or into a new bucket of its own (anywhere)
    until no move lowers the total distance; each move found in O(p) from bucket sums."""
    r = _canonical(r)
    p = r.size
    scale = 1e-12 * (np.abs(A).sum() + np.abs(T).sum() + 1)
    improved = True
    while improved:
        improved = False
        for x in range(p):
            k = int(r.max()) + 1
            rest = np.flatnonzero(np.arange(p) != x)
            b = r[rest]
            before = np.bincount(b, weights=A[rest, x], minlength=k)   # y's bucket first
            after = np.bincount(b, weights=A[x, rest], minlength=k)    # x first
            tied = np.bincount(b, weights=T[x, rest], minlength=k)
            pre = np.concatenate([[0.0], np.cumsum(before)])           # buckets < g first
            suf = np.concatenate([np.cumsum(after[::-1])[::-1], [0.0]])  # buckets >= g after
            into = pre[:k] + tied + suf[1:]                            # x joins bucket j
            alone = pre + suf                                          # x alone before bucket g
            now = into[r[x]]
            j, g = int(np.argmin(into)), int(np.argmin(alone))
            if min(into[j], alone[g]) >= now - scale:
                continue
            if into[j] <= alone[g]:
                r[x] = j
            else:
                r[rest[b >= g]] += 1
                r[x] = g
            r = _canonical(r)
            improved = True
    return r


def _buckets(r):
    return [np.flatnonzero(r == k) for k in range(int(r.max()) + 1)]


@profile_doc("""
    >>> kemeny_buckets(ranks=[[1, 1, 2], [1, 1, 2], [1, 2, 3]])   # 0 and 1 tie in two lists
    [array([0, 1]), array([2])]
    >>> kemeny_buckets(orders, method="heuristic")
    [array([0]), array([1]), array([2]), array([3])]""",
             parameters="""    scores : array-like of shape (m, p), optional
        Instead of ``orders`` or ``ranks``: scores, higher is better (equal scores tie, NaN
        = not ranked).
    method : {"exact", "heuristic"}, default "exact"
        Every bucket order (p <= 6), or local search from three starts.
    tie_penalty : float, default 1.0
        The cost of a pair tied on one side and ordered on the other (a pair ordered the
        other way costs 1).""",
             returns="""
    list of ndarray
        The consensus buckets, best first; features in a bucket tie.""")
def kemeny_buckets(orders=None, *, ranks=None, scores=None, n_features=None, method="exact",
                   tie_penalty=1.0, random_state=None) -> list:
    """Kemeny aggregation with ties: the bucket order (a ranking with ties) of least total
    generalised Kendall distance to the lists (:func:`kemeny_ties_distance_total`).

    The distance of two bucket orders counts, over the pairs of features, 1 for a pair that
    they order in opposite ways and ``tie_penalty`` for a pair that one ties and the other
    orders (Fagin, Kumar, Mahdian, Sivakumar & Vee, PODS 2004, K^(p); Brancotte et al., VLDB
    2015, "Rank aggregation with ties": with p = 1 the "unifying" scoring scheme of
    corankco). The features a list leaves out tie at its bottom, as everywhere in the package.

    ``method="exact"`` enumerates every bucket order (the Fubini number of them: 4,683 at
    p = 6) and returns the first optimal one in lexicographic order of its bucket indices
    (``random_state``: one of the optimal at random). ``method="heuristic"``: moves of one
    feature into another bucket or into a new bucket of its own, anywhere (the moves of
    BioConsert, Cohen-Boulakia, Denise & Hamel 2011), until none lowers the distance, from
    three starts: the strict order of :func:`kemeny` (heuristic), the Borda order and the
    input list of least distance; the best result is kept. It is never worse than these
    starts; O(p^2) per sweep, about 3 s of CPU at p = 1,000 and m = 28. Memory: three dense
    ``p x p`` float64 cost matrices (24 MB at p = 1,000; too large for p in the ten thousands).
    """
    pos = _profile_of(orders, ranks, scores, n_features)
    A, T = _tie_costs(pos, tie_penalty)
    p = pos.shape[1]
    if method == "exact":
        if p > MAX_EXACT_TIES:
            raise ValueError(f"exact Kemeny aggregation with ties is limited to p <= "
                             f"{MAX_EXACT_TIES} features (every bucket order is tried), got "
                             f"p = {p}; use method='heuristic'")
        cands = _weak_orders(p)
        cost = _bucket_costs(A, T, cands)
        best = np.flatnonzero(cost <= cost.min() + 1e-9 * (1 + abs(cost.min())))
        pick = best[0] if random_state is None else \
            np.random.default_rng(random_state).choice(best)
        return _buckets(cands[pick].astype(np.intp))
    if method != "heuristic":
        raise ValueError(f"method must be 'exact' or 'heuristic', got {method!r}")
    strict = kemeny(ranks=pos, method="heuristic", random_state=random_state)
    borda_order = finish_order((pos.sum(axis=0),), random_state)
    starts = [np.argsort(strict), np.argsort(borda_order)]
    lists = np.array([_canonical(row) for row in pos])
    starts.append(lists[np.argmin(_bucket_costs(A, T, lists))])
    results = [_bucket_search(A, T, s) for s in starts]
    return _buckets(min(results, key=lambda r: _bucket_costs(A, T, r)[0]))


@profile_doc("""
    >>> kemeny_ties(ranks=[[1, 1, 2], [1, 1, 2], [2, 1, 3]]).tolist()   # {0, 1}, then 2
    [1, 0, 2]""",
             parameters="""    scores, method, tie_penalty
        As :func:`kemeny_buckets`.""")
def kemeny_ties(orders=None, *, ranks=None, scores=None, n_features=None, method="exact",
                tie_penalty=1.0, random_state=None) -> np.ndarray:
    """Kemeny aggregation with ties (:func:`kemeny_buckets`) as an order: the consensus
    buckets best first, the features of a bucket by Borda (sum of positions), then index or
    ``random_state``.
    """
    pos = _profile_of(orders, ranks, scores, n_features)
    buckets = kemeny_buckets(ranks=pos, method=method, tie_penalty=tie_penalty,
                             random_state=random_state)
    level = np.empty(pos.shape[1])
    for k, b in enumerate(buckets):
        level[b] = k
    return finish_order((level, pos.sum(axis=0)), random_state)


@profile_doc("""
    >>> kemeny_ties_distance_total([1, 1, 2, 3], orders)   # 0, 1 tied: 1 per list; 2 swaps
    5
    >>> kemeny_ties_distance_total([1, 2, 3, 4], orders, tie_penalty=0.5)   # no tie: Kendall
    3""",
             parameters="""    consensus : array-like of shape (p,)
        The bucket order to measure as ranks (smaller is better, equal values tie).
    scores, tie_penalty
        As :func:`kemeny_buckets`.""",
             returns="""
    float
        The sum over the lists of the generalised Kendall distance.""",
             random_state=False)
def kemeny_ties_distance_total(consensus, orders=None, *, ranks=None, scores=None,
                               n_features=None, tie_penalty=1.0):
    """Total generalised Kendall distance (with ties, :func:`kemeny_buckets`) of a bucket
    order to the lists: what :func:`kemeny_buckets` minimises.
    """
    pos = _profile_of(orders, ranks, scores, n_features)
    c = np.asarray(consensus, dtype=float)
    if c.shape != (pos.shape[1],) or np.isnan(c).any():
        raise ValueError(f"consensus must be {pos.shape[1]} finite ranks, got shape {c.shape}")
    A, T = _tie_costs(pos, tie_penalty)
    cost = float(_bucket_costs(A, T, _canonical(c))[0])
    return int(cost) if cost.is_integer() else cost
