"""Pairwise (Condorcet-type) aggregation: Prati's sequential Condorcet winners, Copeland
(Izetta's "Condorcet"), and Schulze (Schwartz sequential dropping / strongest paths).

All start from the pairwise count matrix ``N[x, y]`` = number of lists ranking feature ``x``
strictly above feature ``y`` (tied or both-unranked pairs count for neither). With ``m``
lists ``N`` takes the values ``0..m``, so it is stored in ``int8`` (``int16`` beyond 127
lists) and the strongest paths of Schulze's method are computed level by level over these
few values (see :func:`schulze`), not by a cubic Floyd-Warshall loop.

(Over 400 lines: the graph routines below -- strongly connected components, reachability,
closure counts -- exist only for Schulze's level-by-level paths, and its tests switch
between them through this module's constants, so they stay beside it.)
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from ._profile import finish_order, positions, profile_doc

_BLOCK = 256
# switches between algorithms (module constants so that tests can force every path)
_SPARSE_NNZ = 2_000_000      # fewer edges than this: scipy on CSR / edge lists
_MIN_DENSE_SCC = 64          # smaller graphs always go to scipy
_BIG_CELLS = 128_000_000     # n * n above this: build condensations from edge lists


#: a Parameters entry of several functions here
STRENGTH = """    strength : {"winning", "margin"}, default "winning"
        Link strength: winning votes ``N[x, y]`` (Prati, Izetta) or the margin."""


@profile_doc("""
    >>> pairwise_counts(orders)[0].tolist()   # 0 above 1 in two lists, above 2 and 3 in all
    [0, 2, 3, 3]""",
             returns="""
    ndarray of shape (p, p)
        ``N[x, y]``.""",
             random_state=False)
def pairwise_counts(orders=None, *, ranks=None, n_features=None) -> np.ndarray:
    """``N[x, y]`` = number of lists ranking ``x`` strictly above ``y``; a ``(p, p)`` int8
    (int16 beyond 127 lists) matrix. Profile arguments as :func:`featrank.aggregate.borda`.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return _counts(pos)


def _counts(pos):
    m, p = pos.shape
    dtype = np.int8 if m <= 127 else np.int16
    twice = np.rint(2 * pos).astype(np.int16 if p < 16000 else np.int32)
    N = np.zeros((p, p), dtype=dtype)
    for start in range(0, p, _BLOCK):
        stop = min(p, start + _BLOCK)
        acc = N[start:stop]
        for j in range(m):
            acc += twice[j, start:stop, None] < twice[j, None, :]
    return N


@profile_doc("""
    >>> pairwise_margins(orders)[0].tolist()
    [0, 1, 3, 3]""",
             returns="""
    ndarray of shape (p, p)
        ``d[x, y] = -d[y, x]``.""",
             random_state=False)
def pairwise_margins(orders=None, *, ranks=None, n_features=None) -> np.ndarray:
    """``d[x, y] = N[x, y] - N[y, x]``: how many more lists put ``x`` above ``y`` than the
    reverse (antisymmetric, int8/int16).
    """
    N = pairwise_counts(orders, ranks=ranks, n_features=n_features)
    return _margins(N)


def _margins(N):
    d = np.empty_like(N)
    p = N.shape[0]
    for start in range(0, p, 4 * _BLOCK):
        stop = min(p, start + 4 * _BLOCK)
        np.subtract(N[start:stop], N[:, start:stop].T, out=d[start:stop])
    return d


@profile_doc("""
    >>> copeland(orders).tolist()
    [0, 1, 2, 3]""")
def copeland(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Copeland's method, Izetta 2017 Sec. 2.2.1 ("Condorcet"): features by decreasing
    number of pairwise wins minus defeats (``x`` wins against ``y`` when more lists rank it
    above ``y`` than the reverse); ties broken by the mean relative rank (Borda).
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    d = _margins(_counts(pos))
    score = np.empty(d.shape[0], dtype=np.int64)
    for start in range(0, d.shape[0], 4 * _BLOCK):
        blk = d[start:start + 4 * _BLOCK]
        score[start:start + len(blk)] = (blk > 0).sum(axis=1) - (blk < 0).sum(axis=1)
    return finish_order((-score, pos.sum(axis=0)), random_state)


@profile_doc("""
    >>> condorcet(orders).tolist()
    [0, 1, 2, 3]""")
def condorcet(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Sequential Condorcet winners (Prati 2012, Sec. IV "CD").

    Wins are tallied pairwise over all lists; the feature that beats every other remaining
    feature (the Condorcet winner) is ranked next and removed, and so on. When no single
    Condorcet winner exists, the "winners" are read as the remaining features with the most
    pairwise victories over the other remaining ones (the Condorcet winner when there is one),
    and one of them is chosen: at random with ``random_state`` (Prati: "a random tie break
    among winners"), else the lowest index.

    Victory counts are updated in O(p) per step (one column of the beats matrix), so the
    whole order costs O(p^2) after the pairwise counts.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    N = _counts(pos)
    p = N.shape[0]
    beaten_by = np.empty((p, p), dtype=bool)  # beaten_by[w, x]: x beats w
    for start in range(0, p, 4 * _BLOCK):
        stop = min(p, start + 4 * _BLOCK)
        np.greater(N[:, start:stop].T, N[start:stop], out=beaten_by[start:stop])
    del N
    victories = beaten_by.sum(axis=0).astype(np.int64)  # x's wins over all others
    rng = np.random.default_rng(random_state) if random_state is not None else None
    order = np.empty(p, dtype=np.intp)
    removed = -2 * p - 1  # stays below every live count after up to p decrements
    for step in range(p):
        best = victories.max()
        if rng is None:
            w = int(np.argmax(victories))
        else:
            tied = np.flatnonzero(victories == best)
            w = int(tied[rng.integers(tied.size)]) if tied.size > 1 else int(tied[0])
        order[step] = w
        victories -= beaten_by[w]
        victories[w] = removed
    return order


def _links(N, strength):
    """Schulze's link strengths: ``N[x, y]`` ("winning votes", Prati/Izetta) or the margin,
    where ``x`` defeats ``y``; 0 where it does not."""
    d = _margins(N)
    if strength == "winning":
        return np.where(d > 0, N, 0).astype(N.dtype)
    if strength == "margin":
        return np.where(d > 0, d, 0).astype(N.dtype)
    raise ValueError(f"strength must be 'winning' or 'margin', got {strength!r}")


def schulze(orders=None, *, ranks=None, n_features=None, strength="winning",
            method="paths", random_state=None) -> np.ndarray:
    """Schulze's method (Schulze 2011), as Prati 2012 (Sec. IV "SSD") and Izetta 2017
    (Sec. 2.2.2) use it.

    ``x`` defeats ``y`` when more lists rank ``x`` above ``y`` than the reverse; the link
    ``x -> y`` then has strength ``N[x, y]`` (winning votes; ``strength="margin"``: the margin).
    The strength of a path is its weakest link, ``P[x, y]`` the strongest path's, and ``x``
    beats ``y`` in Schulze's sense when ``P[x, y] > P[y, x]``, a transitive relation whose
    undominated features are the Schulze winners (= the Schwartz-sequential-dropping
    winners). Features are ordered by decreasing number of such wins (Izetta: "features
    with more wins upon strength comparison are ranked first"), ties by the mean position
    (Borda), then by index or ``random_state``.

    What this order guarantees: it is a linear extension of the relation -- every feature
    comes after every feature that beats it -- so the first feature is always a Schulze
    winner. It does *not* put all winners first, nor each later round of Prati's sequential
    dropping before the rest: a winner that beats few features (incomparable with most) can
    follow a non-winner that beats more, or as many and has the better mean position (the
    second example below; from under 1 % to about 25 % of uniformly random profiles of 5-8
    features, depending on the numbers of lists and features). For Prati's rounds use
    ``method="ssd"``.

    Strongest paths by levels: ``P[x, y] >= t`` iff ``y`` is reachable from ``x`` in the
    graph ``G_t`` of links ``>= t``, and links take at most ``m`` distinct values. Two
    features in the same strongly connected component (SCC) of ``G_t`` have both path
    strengths ``>= t``; features in different SCCs of ``G_t`` but in one SCC of ``G_{t'}``
    (``t'`` the level below) are decided by reachability between the SCCs of ``G_t``.
    So one SCC decomposition per level and block, and a transitive closure of each
    condensation DAG, give every win count: no cubic loop.

    ``method="ssd"`` instead runs Prati's literal sequential procedure
    (:func:`schulze_ssd`): rounds of SSD winners, each round recomputed on the remaining
    features, so every round comes before the rest. It is slow (small p only), and since
    removing the winners changes the remaining paths its later rounds can order a pair
    differently from the relation above (not seen with complete lists and an odd number of
    them; it happens with pairwise ties or partial lists).

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        The lists, best first (as :func:`featrank.aggregate.borda`; for top-k lists give
        ``n_features``).
    ranks : array-like of shape (m, p), optional
        Instead of ``orders``: rank values (1 = best, equal values tie, NaN = unranked).
    n_features : int, optional
        The total number of features (see :func:`featrank.aggregate.borda`).
    strength : {"winning", "margin"}
        Link strength: winning votes ``N[x, y]`` (Prati, Izetta) or the margin.
    method : {"paths", "ssd"}
        ``"paths"``: the order by Schulze wins described above; ``"ssd"``: Prati's rounds.
    random_state : int, optional
        Break remaining ties at random (seeded); default: the lower feature index first.

    Returns
    -------
    ndarray of shape (p,)
        The aggregated order, best first.

    Examples
    --------
    Schulze's classic election (45 voters, 5 candidates), voter groups as repeated lists:

    >>> A, B, C, D, E = range(5)
    >>> groups = [(5, [A, C, B, E, D]), (5, [A, D, E, C, B]), (8, [B, E, D, A, C]),
    ...           (3, [C, A, B, E, D]), (7, [C, A, E, B, D]), (2, [C, B, A, D, E]),
    ...           (7, [D, C, E, B, A]), (8, [E, B, A, D, C])]
    >>> schulze([o for n, o in groups for _ in range(n)]).tolist()
    [4, 0, 2, 1, 3]

    The winners here are 0, 1 and 3 (none is beaten), but 2 (beaten by 0) comes third:
    1, 2 and 3 beat nobody, and 2 has the better mean position:

    >>> orders = [[0, 2, 3, 1], [3, 0, 2, 1], [2, 1, 3, 0], [0, 1, 2, 3], [1, 3, 0, 2]]
    >>> schulze(orders).tolist(), schulze(orders, method="ssd").tolist()
    ([0, 1, 2, 3], [0, 1, 3, 2])
    """
    if method == "ssd":
        return schulze_ssd(orders, ranks=ranks, n_features=n_features, strength=strength,
                           random_state=random_state)
    if method != "paths":
        raise ValueError(f"method must be 'paths' or 'ssd', got {method!r}")
    pos = positions(orders, ranks=ranks, n_features=n_features)
    W = _links(_counts(pos), strength)
    wins = schulze_wins(W)
    return finish_order((-wins, pos.sum(axis=0)), random_state)


def schulze_wins(W) -> np.ndarray:
    """Number of features each feature beats in Schulze's sense, from the link-strength
    matrix ``W`` (``W[x, y] > 0`` iff ``x`` defeats ``y``)."""
    W = np.asarray(W)
    p = W.shape[0]
    levels = np.unique(W[W > 0]) if p else np.array([])
    wins = np.zeros(p, dtype=np.int64)
    stack = [(np.arange(p), W, 0)]
    while stack:
        idx, sub, li = stack.pop()
        if li >= len(levels) or idx.size < 2:
            continue
        adj = sub >= levels[li]
        n_comp, lab = _strong_components(adj)
        if n_comp == 1:
            stack.append((idx, sub, li + 1))
            continue
        reach_size = _dag_reach_sizes(adj, lab, n_comp)
        wins[idx] += reach_size[lab]
        for c in np.flatnonzero(np.bincount(lab, minlength=n_comp) > 1):
            members = np.flatnonzero(lab == c)
            stack.append((idx[members], _sub(sub, members), li + 1))
    return wins


def _sub(a, idx):
    """``a[np.ix_(idx, idx)]``, faster (two takes)."""
    return np.take(np.take(a, idx, axis=0), idx, axis=1)


def _csr(adj):
    """CSR of a dense boolean matrix (``np.flatnonzero`` is several times faster than the
    2-D ``nonzero`` scipy's constructor uses)."""
    n_rows, n_cols = adj.shape
    flat = np.flatnonzero(adj)
    indptr = np.zeros(n_rows + 1, dtype=np.int64)
    np.cumsum(np.count_nonzero(adj, axis=1), out=indptr[1:])
    return csr_matrix((np.ones(flat.size, dtype=bool), (flat % n_cols).astype(np.int32),
                       indptr), shape=adj.shape)


def _strong_components(adj):
    """Strongly connected components of a dense boolean adjacency: ``(n_comp, labels)``.

    Sparse graphs go to scipy (Pearce's algorithm on CSR). Dense ones, where building the
    CSR would dominate, are first trimmed (nodes without in- or out-edges among the rest
    are singleton components) and the rest split by forward/backward reachability from a
    pivot (Fleischer-Hendrickson-Pinar), falling back to scipy on each leftover part."""
    n = adj.shape[0]
    if n < _MIN_DENSE_SCC or adj.sum() < _SPARSE_NNZ:
        return connected_components(_csr(adj), directed=True, connection="strong")
    lab = np.full(n, -1, dtype=np.int64)
    n_comp = 0
    alive = np.ones(n, dtype=bool)
    outdeg = adj.sum(axis=1).astype(np.int64)
    indeg = adj.sum(axis=0).astype(np.int64)
    while True:  # trimming
        trivial = np.flatnonzero(alive & ((outdeg == 0) | (indeg == 0)))
        if trivial.size == 0:
            break
        lab[trivial] = n_comp + np.arange(trivial.size)
        n_comp += trivial.size
        alive[trivial] = False
        indeg -= adj[trivial].sum(axis=0)
        outdeg -= adj[:, trivial].sum(axis=1)
    rest = np.flatnonzero(alive)
    if rest.size:
        pivot = int(rest[np.argmax(outdeg[rest] + indeg[rest])])
        scc = _reach(adj, pivot, alive, forward=True) & _reach(adj, pivot, alive, forward=False)
        lab[scc] = n_comp
        n_comp += 1
        others = np.flatnonzero(alive & ~scc)
        if others.size:  # rare for tournament-like graphs: let scipy finish the job
            k2, lab2 = connected_components(_csr(_sub(adj, others)),
                                            directed=True, connection="strong")
            lab[others] = n_comp + lab2
            n_comp += k2
    return n_comp, lab


def _reach(adj, start, alive, *, forward=True, chunk=2048):
    """Nodes among ``alive`` reachable from ``start`` (``forward``) or reaching it, in a dense
    boolean adjacency, without copying it: forward steps OR the frontier's rows, backward
    steps test the rows of unseen nodes against the frontier (both read rows contiguously)."""
    seen = np.zeros(adj.shape[0], dtype=bool)
    seen[start] = True
    frontier = np.zeros(adj.shape[0], dtype=bool)
    frontier[start] = True
    while frontier.any():
        if forward:
            new = np.zeros(adj.shape[0], dtype=bool)
            idx = np.flatnonzero(frontier)
            for s in range(0, idx.size, chunk):
                new |= np.logical_or.reduce(adj[idx[s:s + chunk]], axis=0)
        else:
            new = np.zeros(adj.shape[0], dtype=bool)
            cand = np.flatnonzero(alive & ~seen)
            for s in range(0, cand.size, chunk):
                c = cand[s:s + chunk]
                new[c] = (adj[c] & frontier).any(axis=1)
        new &= alive & ~seen
        seen |= new
        frontier = new
    return seen


def _dag_reach_sizes(adj, lab, k):
    """For each SCC ``c`` (labels ``lab`` of the nodes of the dense adjacency ``adj``), the
    number of nodes in the other SCCs reachable from ``c``.

    Transitive closure of the condensation DAG as bit sets (one uint64 word per 64 SCCs), in
    reverse topological order; each SCC ORs the closures of its children in batches,
    skipping children already covered, so near-linear DAGs cost one OR per SCC and sparse
    ones at most their edges."""
    sizes = np.bincount(lab, minlength=k)
    n = adj.shape[0]
    if k == n:  # all singletons: the DAG is the graph itself (one copy, topologically)
        topo = _topological_order(adj)
        dag_t = adj[topo][:, topo]
        return _closure_sizes(dag_t, sizes, lab[topo])
    if n * n > _BIG_CELLS and adj.sum() < _SPARSE_NNZ:  # large but sparse: edge list
        src, dst = np.divmod(np.flatnonzero(adj), n)
        dag = np.zeros((k, k), dtype=bool)
        dag[lab[src], lab[dst]] = True
    else:  # dense: OR the rows, then the columns, of each component
        node_single = np.full(k, -1, dtype=np.intp)
        single = sizes[lab] == 1
        node_single[lab[single]] = np.flatnonzero(single)
        rows = np.zeros((k, n), dtype=bool)
        is_single = node_single >= 0
        rows[is_single] = adj[node_single[is_single]]
        for c in np.flatnonzero(~is_single):
            members = np.flatnonzero(lab == c)
            for s in range(0, members.size, 2048):
                rows[c] |= np.logical_or.reduce(adj[members[s:s + 2048]], axis=0)
        dag = np.zeros((k, k), dtype=bool)
        dag[:, is_single] = rows[:, node_single[is_single]]
        for c in np.flatnonzero(~is_single):
            dag[:, c] = rows[:, lab == c].any(axis=1)
        del rows
    np.fill_diagonal(dag, False)
    topo = _topological_order(dag)
    return _closure_sizes(dag[topo][:, topo], sizes, topo)


def _closure_sizes(dag_t, sizes, topo):
    """Closure counts of a DAG given in topological order (``dag_t[i, j]`` only for
    ``j > i``; ``topo[i]`` the label of the i-th node): for each label, the total size of
    the nodes it reaches."""
    k = dag_t.shape[0]
    n_words = (k + 63) // 64
    packed = np.zeros((k, 8 * n_words), dtype=np.uint8)
    packed[:, : (k + 7) // 8] = np.packbits(dag_t, axis=1, bitorder="little")
    reach = packed.view(np.uint64)  # starts as the children; closed below
    one = np.uint64(1)
    for i in range(k - 2, -1, -1):
        todo = np.flatnonzero(dag_t[i, i + 1:]) + (i + 1)
        r = reach[i]
        while todo.size:
            r |= np.bitwise_or.reduce(reach[todo[:256]], axis=0)
            todo = todo[256:]
            if todo.size:
                covered = (r[todo >> 6] >> (todo & 63).astype(np.uint64)) & one
                todo = todo[covered == 0]
    counts_topo = np.empty(k, dtype=np.int64)
    w_topo = sizes[topo].astype(np.float64)
    bits = reach.view(np.uint8)
    for s in range(0, k, 1024):
        flags = np.unpackbits(bits[s:s + 1024], axis=1, count=k, bitorder="little")
        counts_topo[s:s + 1024] = np.rint(flags @ w_topo).astype(np.int64)
    counts = np.empty(k, dtype=np.int64)
    counts[topo] = counts_topo
    return counts


def _topological_order(dag):
    """Kahn's algorithm on a dense DAG, taking all sources at once (lowest label first)."""
    k = dag.shape[0]
    indeg = dag.sum(axis=0).astype(np.int64)
    done = np.zeros(k, dtype=bool)
    out = []
    while len(out) < k:
        src = np.flatnonzero((indeg == 0) & ~done)
        if src.size == 0:
            raise RuntimeError("condensation graph has a cycle")  # cannot happen for SCCs
        out.extend(src.tolist())
        done[src] = True
        indeg -= dag[src].sum(axis=0)
    return np.asarray(out, dtype=np.intp)


def ssd_winners(N, candidates=None, strength="winning") -> np.ndarray:
    """Schwartz sequential dropping (Prati 2012, Sec. IV; Schulze 2011, Sec. 2.3) on the
    pairwise counts ``N`` restricted to ``candidates``: keep the Schwartz set (the features
    in undominated strongly connected components of the defeat graph); while defeats remain
    among them, drop the weakest ones (all of equal strength at once) and recompute. The
    remaining, undefeated features are the winners (sorted indices). Plain and slow: it is
    the literal procedure, for checking :func:`schulze` and for small profiles."""
    N = np.asarray(N)
    cand = np.arange(N.shape[0]) if candidates is None else np.asarray(candidates)
    W = _links(N[np.ix_(cand, cand)], strength).astype(np.int64)
    alive = np.arange(cand.size)
    while True:
        sub = W[np.ix_(alive, alive)]
        k, lab = connected_components(csr_matrix(sub > 0), directed=True, connection="strong")
        into = np.zeros(k, dtype=bool)  # does an SCC receive a defeat from another SCC?
        src, dst = np.nonzero(sub > 0)
        into[lab[dst][lab[src] != lab[dst]]] = True
        alive = alive[~into[lab]]
        sub = W[np.ix_(alive, alive)]
        if not (sub > 0).any():
            return np.sort(cand[alive])
        weakest = sub[sub > 0].min()
        W[np.ix_(alive, alive)] = np.where(sub == weakest, 0, sub)


@profile_doc("""
    >>> schulze_ssd(orders).tolist()
    [0, 1, 2, 3]""",
             parameters=STRENGTH)
def schulze_ssd(orders=None, *, ranks=None, n_features=None, strength="winning",
                random_state=None) -> np.ndarray:
    """Prati's sequential use of Schwartz sequential dropping: the SSD winners are ranked
    first (ties among them broken at random with ``random_state``, else by index), removed,
    and the dropping restarts on the remaining features. Literal and slow (about p^4 in the
    worst case): for small profiles and for checking :func:`schulze`.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    N = _counts(pos)
    p = N.shape[0]
    rng = np.random.default_rng(random_state) if random_state is not None else None
    remaining = np.arange(p)
    out = []
    while remaining.size:
        win = ssd_winners(N, remaining, strength)
        out.extend((rng.permutation(win) if rng is not None else win).tolist())
        remaining = np.setdiff1d(remaining, win)
    return np.asarray(out, dtype=np.intp)


@profile_doc("""
    >>> strongest_paths(orders).tolist()
    [[0, 2, 3, 3], [0, 0, 2, 3], [0, 0, 0, 2], [0, 0, 0, 0]]""",
             parameters=STRENGTH,
             returns="""
    ndarray of shape (p, p)
        ``P[x, y]``: the strength of the strongest path from ``x`` to ``y``.""",
             random_state=False)
def strongest_paths(orders=None, *, ranks=None, n_features=None, strength="winning"):
    """Schulze's strongest-path strengths ``P[x, y]`` by his Floyd-Warshall variant
    (Schulze 2011, Sec. 2.3): cubic, for small profiles and for checking; :func:`schulze`
    does not need the matrix.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    P = _links(_counts(pos), strength).astype(np.int64)
    for k in range(P.shape[0]):
        np.maximum(P, np.minimum(P[:, [k]], P[[k], :]), out=P)
    np.fill_diagonal(P, 0)
    return P
