"""Schulze's method (Schulze 2011), as Prati 2012 (Sec. IV "SSD") and Izetta 2017 (Sec.
2.2.2) use it: the order by Schulze wins from the strongest paths, computed level by level
over the few values of the pairwise counts (:func:`schulze`; the graph routines are in
:mod:`._digraph`), not by a cubic Floyd-Warshall loop; Prati's literal Schwartz sequential
dropping (:func:`schulze_ssd`); and the strongest-path matrix itself, for checking
(:func:`strongest_paths`).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from ._digraph import _dag_reach_sizes, _strong_components, _sub
from ._profile import finish_order, positions, profile_doc
from .paircounts import _counts, _margins

#: a Parameters entry of several functions here
STRENGTH = """    strength : {"winning", "margin"}, default "winning"
        Link strength: winning votes ``N[x, y]`` (Prati, Izetta) or the margin."""


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
