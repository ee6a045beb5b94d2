"""The graph routines of Schulze's level-by-level strongest paths
(:func:`.schulze_method.schulze_wins`): strongly connected components of a dense boolean
adjacency, reachability, and the closure counts of a condensation DAG. Which algorithm runs depends on the graph's size and density,
through this module's constants (tests lower them to force every path).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

# switches between algorithms (module constants so that tests can force every path)
_SPARSE_NNZ = 2_000_000      # fewer edges than this: scipy on CSR / edge lists
_MIN_DENSE_SCC = 64          # smaller graphs always go to scipy
_BIG_CELLS = 128_000_000     # n * n above this: build condensations from edge lists


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
