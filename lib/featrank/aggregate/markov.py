"""Markov-chain rank aggregation: Dwork et al.'s (2001) chains MC1-MC4 (:func:`mc1`,
:func:`mc2`, :func:`mc3`, :func:`mc4`), DeConde et al.'s (2006) MCT (:func:`mct`, as PyFLAGR
computes it), and the distance-weighted PageRank chain that Prati (2012) describes under the
name "MC4" (:func:`prati_mc4`).

All of them run PageRank as JUNG 2 defines it (``edu.uci.ics.jung.algorithms.scoring.PageRank``):
``alpha`` is the probability of a random jump to a uniformly chosen feature at each step
(JUNG's constructor: "the probability of taking a random jump to an arbitrary vertex"; alpha = 1
gives every vertex 1/|V|), so Prati's alpha = 0.1 is a damping factor of 0.9 in networkx's
terms (and PyFLAGR's "ergodic number"). The score of a feature without out-edges is spread
over all features as a random jump (JUNG's ``PageRankWithPriors`` collects this "disappearing
potential" and hands it out according to the uniform priors).

Dwork et al.'s chains and MCT read every list as the other aggregators do
(:func:`featrank.aggregate._profile.positions`): a list is a weak order of all ``p``
features, the features a partial list leaves out tied at its bottom. Their power iteration is
one function (:func:`_stationary`); each chain only says how one step ``pi @ T`` is taken,
from the positions in O(m p) per step (MC1-MC3, MCT) or from the majority relation (MC4),
never through a ``p x p`` float matrix.
"""
from __future__ import annotations

import warnings

import numpy as np

from .._jit import jit, numba_enabled
from ._profile import finish_order, positions, profile_doc
from .paircounts import _counts

#: the two edge directions Prati's text allows for his MC4 (see :func:`prati_mc4`)
DIRECTIONS = ("reversed", "as_written")
#: JUNG 2's ``AbstractIterativeScorer`` defaults: tolerance 0.001, at most 100 steps
JUNG_TOLERANCE, JUNG_MAX_STEPS = 1e-3, 100


def _check_alpha(alpha):
    if not 0.0 < alpha <= 1.0:
        raise ValueError(f"alpha must be in (0, 1], got {alpha!r}")


# --- Dwork et al.'s MC4 ----------------------------------------------------------------------

def majority_beats(pos) -> np.ndarray:
    """``beats[x, y]``: more lists put ``y`` above ``x`` than ``x`` above ``y`` (bool ``p x p``,
    one byte per pair: 160 MB at p = 12,625), built a block of rows at a time from the
    pairwise counts so that no ``p x p`` float matrix is ever made.

    >>> from featrank.aggregate._profile import positions
    >>> majority_beats(positions([[0, 1, 2], [0, 2, 1], [1, 0, 2]])).astype(int).tolist()
    [[0, 0, 0], [1, 0, 0], [1, 1, 0]]
    """
    N = _counts(pos)
    beats = np.empty(N.shape, dtype=bool)
    for start in range(0, N.shape[0], _ROWS):
        stop = min(N.shape[0], start + _ROWS)
        np.greater(N[:, start:stop].T, N[start:stop], out=beats[start:stop])
    return beats


#: rows per block of the numpy MC4 product (a block's float64 copy: 256 x p x 8 bytes)
_ROWS = 256


@jit(nogil=True)
def _flow_compiled(pi, beats):  # pragma: no cover - compiled
    out = np.zeros(beats.shape[1])
    for x in range(beats.shape[0]):
        px = pi[x]
        row = beats[x]
        for y in range(row.size):
            if row[y]:
                out[y] += px
    return out


def _flow(pi, beats):
    """``pi @ beats`` without a float copy of ``beats``: compiled, or one block of rows at a
    time with numba off (``FEATRANK_NO_NUMBA``); the sums run in another order, equal to
    the last bits."""
    if numba_enabled():
        return _flow_compiled(pi, beats)
    out = np.zeros(beats.shape[1])
    for start in range(0, beats.shape[0], _ROWS):
        stop = min(beats.shape[0], start + _ROWS)
        out += pi[start:stop] @ beats[start:stop].view(np.int8)
    return out


def mc4_stationary(orders=None, *, ranks=None, n_features=None, alpha=0.1, tol=1e-13,
                   max_iter=100_000) -> np.ndarray:
    """Stationary distribution of the MC4 chain with random jumps.

    MC4 (Dwork et al. 2001, Sec. 4.2): in state ``x``, pick ``y`` uniformly among the ``p``
    features; move to ``y`` if a majority of the lists prefer ``y`` to ``x`` (more lists rank
    ``y`` above ``x`` than ``x`` above ``y``), else stay. With probability ``alpha`` the walk
    instead jumps to a uniformly random feature (PageRank's damping, JUNG's ``alpha``), which
    makes the chain ergodic. Power iteration until the L1 change is below ``tol``.
    Memory: the majority relation as one byte per pair (:func:`majority_beats`) and one
    block of rows in float64; no ``p x p`` float matrix (that was 1.3 GB at p = 12,625).
    """
    _check_alpha(alpha)
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return _stationary(_step_mc4(pos), pos.shape[1], alpha, tol, max_iter)


def _stationary(step, p, alpha, tol, max_iter):
    """The stationary distribution of a chain with random jumps, by power iteration from the
    uniform start: ``step(pi) = pi @ T`` (the chain's transition matrix ``T``, rows summing
    to 1) and ``pi <- (1 - alpha) pi T + alpha / p``, until the L1 change is below ``tol``.
    Every chain of this module (MC1-MC4, MCT) goes through here; only ``step`` differs."""
    pi = np.full(p, 1.0 / p)
    for _ in range(max_iter):
        new = (1.0 - alpha) * step(pi) + alpha / p
        new /= new.sum()
        done = np.abs(new - pi).sum() < tol
        pi = new
        if done:
            break
    return pi


@profile_doc("""
    >>> mc4(orders).tolist()
    [0, 1, 2, 3]""",
             parameters="""
    alpha : float, default 0.1
        Probability of a random jump.

    tol : float, default 1e-13
        Convergence tolerance of the power iteration.""")
def mc4(orders=None, *, ranks=None, n_features=None, alpha=0.1, random_state=None,
        tol=1e-13) -> np.ndarray:
    """MC4 of Dwork et al. (2001, Sec. 4.2) with PageRank's random jump ``alpha``: features
    by decreasing stationary probability, ties (equal up to 1e-12 relative) by Borda, then
    index or ``random_state``.

    This is Dwork et al.'s majority chain, not the chain Prati (2012, Sec. IV) describes
    under the name MC4 (edges weighted by the distance between two features in each list):
    that one is :func:`prati_mc4`. Notebook 02 keeps this one as the extra "MC4-Dwork".
    """
    pi = mc4_stationary(orders, ranks=ranks, n_features=n_features, alpha=alpha, tol=tol)
    return _by_score(pi, positions(orders, ranks=ranks, n_features=n_features), random_state)


def _by_score(pi, pos, random_state):
    """Features by decreasing ``pi``; ties (equal up to 1e-12 relative) by Borda (the sum of
    positions), then index or ``random_state``."""
    key = -np.round(pi / pi.max(), 12)
    return finish_order((key, pos.sum(axis=0)), random_state)


# --- Dwork et al.'s MC1-MC3 and DeConde et al.'s MCT -------------------------------------------

#: the chains of :func:`markov_stationary`
CHAINS = ("mc1", "mc2", "mc3", "mc4", "mct")


class _ListSums:
    """Sums over the features at or below each feature of each list, without a ``p x p``
    matrix: per list, along its features sorted by position (best first), suffix sums of a
    weight. ``n_above[j, y]``: features strictly above ``y`` in list ``j``; ``n_upto[j, y]``:
    features at or above ``y`` (``y`` and its ties included). O(m p log p) once, O(m p) per
    product; all terms are >= 0, so there is no cancellation."""

    def __init__(self, pos):
        m, p = pos.shape
        self.order = np.argsort(pos, axis=1, kind="stable")
        srt = np.take_along_axis(pos, self.order, axis=1)
        self.n_above = np.empty((m, p), dtype=np.intp)
        self.n_upto = np.empty((m, p), dtype=np.intp)
        for j in range(m):
            self.n_above[j] = np.searchsorted(srt[j], pos[j], side="left")
            self.n_upto[j] = np.searchsorted(srt[j], pos[j], side="right")

    def tails(self, w):
        """``tail[j, k]``: the sum of ``w[j, x]`` (or ``w[x]``) over the features from the
        ``k``-th of list ``j`` down (``tail[j, p] = 0``)."""
        m, p = self.order.shape
        ws = np.take_along_axis(np.broadcast_to(w, (m, p)), self.order, axis=1)
        tail = np.zeros((m, p + 1))
        tail[:, :p] = np.cumsum(ws[:, ::-1], axis=1)[:, ::-1]
        return tail

    def below(self, w, strict=False, tail=None):
        """``out[j, y]``: the sum of ``w[j, x]`` (or ``w[x]``) over the features ``x`` with
        ``pos[j, x] >= pos[j, y]`` (``>`` when ``strict``); ``tail``: ``tails(w)`` if known."""
        tail = self.tails(w) if tail is None else tail
        return np.take_along_axis(tail, self.n_upto if strict else self.n_above, axis=1)


def _step_mc1(pos):
    # T[x, y] = #{j: pos[j, y] <= pos[j, x]} / S[x], S[x] = sum_j #{y: pos[j, y] <= pos[j, x]}
    # (the size of the multiset, x itself counted once per list), so
    # (pi T)[y] = sum_j sum_{x at or below y in list j} pi[x] / S[x]
    sums = _ListSums(pos)
    size = sums.n_upto.sum(axis=0).astype(float)
    return lambda pi: sums.below(pi / size).sum(axis=0)


def _step_mc2(pos):
    # T[x, y] = 1/m sum_j [pos[j, y] <= pos[j, x]] / n_upto[j, x]
    sums = _ListSums(pos)
    m = pos.shape[0]
    return lambda pi: sums.below(pi / sums.n_upto).sum(axis=0) / m


def _step_mc3(pos):
    # T[x, y] = #{j: pos[j, y] < pos[j, x]} / (m p) for y != x; the rest stays at x
    sums = _ListSums(pos)
    m, p = pos.shape
    stay = 1.0 - sums.n_above.sum(axis=0) / (m * p)
    return lambda pi: sums.below(pi, strict=True).sum(axis=0) / (m * p) + pi * stay


def _step_mct(pos):
    # T[x, y] = (#{j: y above x} + #{j: y tied with x} / 2) / (m p) for y != x
    sums = _ListSums(pos)
    m, p = pos.shape
    ties = sums.n_upto - sums.n_above - 1          # the features tied with y, y left out
    stay = 1.0 - (sums.n_above + 0.5 * ties).sum(axis=0) / (m * p)

    def step(pi):
        tail = sums.tails(pi)
        half = 0.5 * (sums.below(pi, tail=tail) + sums.below(pi, strict=True, tail=tail)
                      - pi)
        return half.sum(axis=0) / (m * p) + pi * stay
    return step


def _step_mc4(pos):
    beats = majority_beats(pos)
    p = beats.shape[0]
    stay = 1.0 - beats.sum(axis=1) / p
    return lambda pi: _flow(pi, beats) / p + pi * stay


_STEPS = {"mc1": _step_mc1, "mc2": _step_mc2, "mc3": _step_mc3, "mc4": _step_mc4,
          "mct": _step_mct}


@profile_doc("""
    >>> markov_stationary(orders, chain="mc3").round(4).tolist()
    [0.5715, 0.2855, 0.097, 0.0461]""",
             parameters="""
    chain : {"mc1", "mc2", "mc3", "mc4", "mct"}, default "mc4"
        The chain (see :func:`mc1`, :func:`mc2`, :func:`mc3`, :func:`mc4`, :func:`mct`).
    alpha : float, default 0.1
        Probability of a random jump at each step.
    tol : float, default 1e-13
        Convergence tolerance (L1 change) of the power iteration.
    max_iter : int, default 100000
        Most power steps.""",
             returns="""
    ndarray of shape (p,)
        The stationary probabilities, summing to 1.""",
             random_state=False)
def markov_stationary(orders=None, *, ranks=None, n_features=None, chain="mc4", alpha=0.1,
                      tol=1e-13, max_iter=100_000) -> np.ndarray:
    """Stationary distribution of one of Dwork et al.'s (2001) chains MC1-MC4 or of MCT
    (DeConde et al. 2006), with a random jump of probability ``alpha`` at each step.
    """
    if chain not in _STEPS:
        raise ValueError(f"chain must be one of {CHAINS}, got {chain!r}")
    _check_alpha(alpha)
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return _stationary(_STEPS[chain](pos), pos.shape[1], alpha, tol, max_iter)


def _chain_order(chain, orders, ranks, n_features, alpha, random_state, tol):
    pos = positions(orders, ranks=ranks, n_features=n_features)
    pi = markov_stationary(ranks=pos, chain=chain, alpha=alpha, tol=tol)
    return _by_score(pi, pos, random_state)


_CHAIN_PARAMETERS = """
    alpha : float, default 0.1
        Probability of a random jump at each step (PyFLAGR's ``ergodic_number``).
    tol : float, default 1e-13
        Convergence tolerance of the power iteration."""


@profile_doc("""
    >>> mc1(orders).tolist()
    [0, 1, 2, 3]""", parameters=_CHAIN_PARAMETERS)
def mc1(orders=None, *, ranks=None, n_features=None, alpha=0.1, random_state=None,
        tol=1e-13) -> np.ndarray:
    """MC1 of Dwork et al. (2001, Sec. 4.2): features by decreasing stationary probability.

    "If the current state is page P, then the next state is chosen uniformly from the
    multiset of all pages that were ranked higher than or equal to P by some τ_i, that is,
    from the multiset ∪_i {Q : τ_i(Q) <= τ_i(P)}": with ``c(P, Q)`` lists ranking ``Q`` at or
    above ``P`` (``c(P, P) = m``), the walk moves from ``P`` to ``Q`` with probability
    ``c(P, Q) / sum_Q' c(P, Q')``; for full orders the denominator is ``P``'s Borda sum of
    positions, so ``P`` stays with probability 1 / (its mean position). Ties count as "higher
    than or equal" (the features a partial list leaves out tie at its bottom). Random jumps
    (``alpha``), ties of the scores and the tie-break as :func:`mc4`.

    This is the paper's chain, not the one PyFLAGR computes under the name MC1 (it moves to
    any ``Q`` not ranked below ``P`` by every list with the same probability ``1/p``).
    """
    return _chain_order("mc1", orders, ranks, n_features, alpha, random_state, tol)


@profile_doc("""
    >>> mc2(orders).tolist()
    [0, 1, 2, 3]""", parameters=_CHAIN_PARAMETERS)
def mc2(orders=None, *, ranks=None, n_features=None, alpha=0.1, random_state=None,
        tol=1e-13) -> np.ndarray:
    """MC2 of Dwork et al. (2001, Sec. 4.2): features by decreasing stationary probability.

    "If the current state is page P, then the next state is chosen by first picking a
    ranking τ uniformly from all the partial lists τ_1, ..., τ_k containing P, then picking a
    page Q uniformly from the set {Q : τ(Q) <= τ(P)}": ``T[P, Q] = 1/m sum_j [pos_j(Q) <=
    pos_j(P)] / #{Q' : pos_j(Q') <= pos_j(P)}``. Every list contains every feature here (a
    partial list's unranked features tie at its bottom, so from there the walk may move to
    any feature of that list). Random jumps, ties and the tie-break as :func:`mc4`.

    This is the paper's chain, not the one PyFLAGR computes under the name MC2 (a majority
    rule that equals its MC4 on full lists).
    """
    return _chain_order("mc2", orders, ranks, n_features, alpha, random_state, tol)


@profile_doc("""
    >>> mc3(orders).tolist()
    [0, 1, 2, 3]""", parameters=_CHAIN_PARAMETERS)
def mc3(orders=None, *, ranks=None, n_features=None, alpha=0.1, random_state=None,
        tol=1e-13) -> np.ndarray:
    """MC3 of Dwork et al. (2001, Sec. 4.2): features by decreasing stationary probability.

    "If the current state is page P, then the next state is chosen as follows: first pick a
    ranking τ uniformly from all the partial lists τ_1, ..., τ_k containing P, then uniformly
    pick a page Q that was ranked by τ. If τ(Q) < τ(P) then go to Q, else stay in P":
    ``T[P, Q] = #{j : Q strictly above P in list j} / (m p)`` for ``Q != P``, a tie stays.
    On lists without ties this is the chain of :func:`mct` (and of PyFLAGR's MCT); PyFLAGR's
    own "MC3" moves with the share of lists ranking ``Q`` *below* ``P``, towards worse
    features. Random jumps, ties and the tie-break as :func:`mc4`.
    """
    return _chain_order("mc3", orders, ranks, n_features, alpha, random_state, tol)


@profile_doc("""
    >>> mct(orders).tolist()
    [0, 1, 2, 3]
    >>> mct(ranks=[[1, 1, 2], [1, 2, 3]]).tolist()   # 0 and 1 tied in one list
    [0, 1, 2]""", parameters=_CHAIN_PARAMETERS)
def mct(orders=None, *, ranks=None, n_features=None, alpha=0.1, random_state=None,
        tol=1e-13) -> np.ndarray:
    """MCT, the Thurstone-type chain of DeConde et al. (2006), as PyFLAGR (FLAGR's ``MC``
    with chain 805) computes it: features by decreasing stationary probability.

    From ``P`` pick ``Q`` uniformly among the ``p`` features and move there with probability
    the share of lists that rank ``Q`` above ``P``: ``T[P, Q] = (#{j : Q above P} + #{j : Q
    tied with P} / 2) / (m p)`` for ``Q != P``. FLAGR counts the lists that rank both and
    gives a pair that no list ranks together one half; here every list ranks every feature
    (the unranked tie at its bottom) and a tie counts one half, so ``T[P, Q] + T[Q, P] =
    1/p``. Without ties this is Dwork et al.'s MC3 (:func:`mc3`). Random jumps, ties of the
    scores and the tie-break as :func:`mc4`.
    """
    return _chain_order("mct", orders, ranks, n_features, alpha, random_state, tol)


# --- Prati's MC4: PageRank on distance-weighted edges ----------------------------------------

def _oriented(pos, direction):
    """``b`` with edge weight ``W[x, y] = sum_j max(b[j, y] - b[j, x], 0)`` for ``x -> y``."""
    if direction == "as_written":
        return pos
    if direction == "reversed":
        return -pos
    raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")


class _HingeSums:
    """``u -> sum_j sum_x u[x] * max(b[j, y] - b[j, x], 0)`` for every ``y``, without the
    ``p x p`` matrix: per list, along the features sorted by ``b``, the sum is the running
    sum of ``(b[k+1] - b[k]) * (u of the features up to k)``; all terms are >= 0, so there
    is no cancellation. O(m p) per product after one O(m p log p) sort."""

    def __init__(self, b):
        self.order = np.argsort(b, axis=1, kind="stable")
        self.gaps = np.diff(np.take_along_axis(b, self.order, axis=1), axis=1)

    def __call__(self, u):
        m, p = self.order.shape
        run = np.cumsum(u[self.order][:, :-1], axis=1) * self.gaps
        sums = np.zeros((m, p))
        np.cumsum(run, axis=1, out=sums[:, 1:])
        out = np.empty((m, p))
        np.put_along_axis(out, self.order, sums, axis=1)
        return out.sum(axis=0)


def _dense_weights(b):
    """The ``(p, p)`` weight matrix, one list at a time (memory: one ``p x p`` float64)."""
    W = np.zeros((b.shape[1], b.shape[1]))
    for row in b:
        W += np.maximum(row[None, :] - row[:, None], 0.0)
    return W


@profile_doc("""
    >>> prati_mc4_weights(orders)[3].tolist()   # last feature: edges to 0, 1, 2
    [7.0, 5.0, 3.0, 0.0]""",
             parameters="""
    direction : {"reversed", "as_written"}, default "reversed"
        As :func:`prati_mc4`.""",
             returns="""
    ndarray of shape (p, p)
        ``W[x, y]``: the summed weight of the edge ``x -> y``.""",
             random_state=False)
def prati_mc4_weights(orders=None, *, ranks=None, n_features=None,
                      direction="reversed") -> np.ndarray:
    """Edge weights of Prati's MC4 graph (2012, Sec. IV): ``W[x, y]`` = the weight of the
    edge ``x -> y``, summed over the lists, before rescaling to transition probabilities.

    ``direction="as_written"``: for each list and each pair with ``x`` above ``y`` an edge
    ``x -> y`` weighted by their distance ``pos[y] - pos[x]`` in that list; ``"reversed"``:
    the same edges pointing the other way (``W.T``). Dense ``p x p`` float64 (1.3 GB at
    p = 12,625): for inspection and tests; :func:`prati_mc4` does not build it.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return _dense_weights(_oriented(pos, direction))


def _pagerank(flow, out_weight, alpha, *, stop, tol, max_iter):
    """JUNG 2's PageRank iteration from the uniform start: ``flow(u)[y] = sum_x u[x] W[x, y]``;
    rows of ``W`` are rescaled by ``out_weight``; features without out-edges jump at random.
    ``stop="converged"``: until the L1 change is below ``tol``. ``stop="jung"``: JUNG's
    ``evaluate()`` with its defaults, whose largest change is a running maximum over all
    steps (never reset), so it stops after step 1 if no score moved by 0.001, else after
    100 steps."""
    p = out_weight.size
    dangling = out_weight == 0
    inv = np.divide(1.0, out_weight, out=np.zeros(p), where=~dangling)
    pi = np.full(p, 1.0 / p)
    worst = 0.0
    for _ in range(JUNG_MAX_STEPS if stop == "jung" else max_iter):
        new = (1.0 - alpha) * (flow(pi * inv) + pi[dangling].sum() / p) + alpha / p
        delta, pi = np.abs(new - pi), new
        worst = max(worst, delta.max())
        if (worst < JUNG_TOLERANCE) if stop == "jung" else (delta.sum() < tol):
            break
    else:
        if stop != "jung":
            warnings.warn(f"PageRank did not converge in {max_iter} steps (L1 change "
                          f"{delta.sum():.2g} > tol {tol:g}); raise max_iter or alpha",
                          RuntimeWarning, stacklevel=3)
    return pi


@profile_doc("""
    >>> prati_mc4_scores(orders).round(3).tolist()
    [0.395, 0.438, 0.13, 0.037]""",
             parameters="""
    alpha, direction, stop, tol
        As :func:`prati_mc4`.
    max_iter : int, default 10000
        Most PageRank steps.
    dense : bool, default False
        Build the ``p x p`` transition matrix instead of the O(m p) products.""",
             returns="""
    ndarray of shape (p,)
        The PageRank scores, summing to 1.""",
             random_state=False)
def prati_mc4_scores(orders=None, *, ranks=None, n_features=None, alpha=0.1,
                     direction="reversed", stop="converged", tol=1e-12, max_iter=10_000,
                     dense=False) -> np.ndarray:
    """PageRank scores of Prati's MC4 graph (see :func:`prati_mc4`), summing to 1.

    ``dense=True`` builds the ``p x p`` transition matrix (as :func:`prati_mc4_weights`);
    the default computes each product from the positions in O(m p) memory and time.
    """
    _check_alpha(alpha)
    if stop not in ("converged", "jung"):
        raise ValueError(f"stop must be 'converged' or 'jung', got {stop!r}")
    b = _oriented(positions(orders, ranks=ranks, n_features=n_features), direction)
    if dense:
        W = _dense_weights(b)
        flow, out_weight = (lambda u: u @ W), W.sum(axis=1)
    else:
        flow, out_weight = _HingeSums(b), _HingeSums(-b)(np.ones(b.shape[1]))
    return _pagerank(flow, out_weight, alpha, stop=stop, tol=tol, max_iter=max_iter)


def prati_mc4(orders=None, *, ranks=None, n_features=None, alpha=0.1, direction="reversed",
              stop="converged", random_state=None, tol=1e-12) -> np.ndarray:
    """Prati's MC4 (2012, Sec. IV and V-D): PageRank (JUNG, alpha = 0.1) on a graph of
    features whose edges are weighted by distances in the input lists.

    Sec. IV: "For each pair f_x and f_y, if f_x appears above f_y in a ranking, a weighed
    directed edge joining the nodes f_x and f_y is created, with an weight proportional to
    the distance between these features in the ranking"; weights add up over the lists and
    are "rescaled to 0 - 1 range to represent transition probabilities" (here: each
    feature's out-weights divided by their sum, as JUNG requires); PageRank is "run in this
    graph till convergence, and feature are ordered in decreasing order" of their scores.
    Read literally (``direction="as_written"``) the walk moves from better to worse features,
    its mass gathers at the bottom of the lists and decreasing scores put the consensus'
    worst features first. ``direction="reversed"`` (the default) points every edge from the
    lower-ranked to the higher-ranked feature, as Dwork et al.'s (2001) chains do, so high
    scores go to features many lists rank high. Only the reversed chain fits the paper's
    results, where MC4 ranks with the other aggregates and ahead of every base ranker
    (Sec. VI, Figs. 1-3); the literal one ranks roughly upside down: Kendall's tau with
    Borda about -0.87 on noisy lists; in notebook 02's ``quick`` run (18 data sets) it ranks
    significantly behind all six base rankers (Nemenyi, overall), and on cylinder-bands,
    where the paper finds MC4 good with J48, last of 13 rankings for every learner and
    measure. The reversed chain ranks ahead of all six base rankers there (Holm, overall).

    Partial lists and ties as every aggregator of the package: positions from
    :func:`featrank.aggregate._profile.positions` (tied and unranked features share average
    positions, so a tied pair adds no edge). Features without out-edges jump at random
    (JUNG's "disappearing potential"). Ties in the scores (equal up to 1e-12 relative) go
    by Borda, then index or ``random_state``.

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        The lists, best first (see :func:`featrank.aggregate.borda`).
    ranks : array-like of shape (m, p), optional
        Instead of ``orders``: rank values (1 = best, equal values tie, NaN = unranked).
    n_features : int, optional
        The total number of features ``p`` (needed for top-k lists of equal length).
    alpha : float, default 0.1
        JUNG's ``alpha``: the probability of a random jump at each step (Prati: 0.1; a
        damping factor of 0.9).
    direction : {"reversed", "as_written"}, default "reversed"
        Which way the distance-weighted edges point (see above).
    stop : {"converged", "jung"}, default "converged"
        Power iteration until the L1 change is below ``tol`` (Prati: "till convergence"),
        or JUNG 2's ``evaluate()`` with its defaults: 100 steps, or a single step when no
        score moves by 0.001 in the first (its largest change is never reset between steps).
        For the paper's data sets (p <= 280) the first step moves some score by more than
        0.001, so JUNG ran 100 steps, within 0.9^100 = 3e-5 of convergence.
    random_state : int, optional
        Break remaining ties at random (seeded, as Prati does).
    tol : float, default 1e-12
        L1 tolerance of ``stop="converged"``.

    Returns
    -------
    ndarray of shape (p,)
        The aggregated order, best first.

    Notes
    -----
    Each power step costs O(m p) time and memory: with ``b = pos`` (as written) or
    ``-pos`` (reversed), ``W[x, y] = sum_j max(b[j, y] - b[j, x], 0)``, and the product
    with a vector is a running sum along each list sorted once (``_HingeSums``). With
    ``alpha = 0.1`` the L1 error shrinks by 0.9 per step: about 270 steps reach 1e-12,
    well under a second at p = 12,625 with no ``p x p`` matrix (1.3 GB at that size).

    Examples
    --------
    Two lists of three features; f2 is last in both:

    >>> lists = [[0, 1, 2], [1, 0, 2]]
    >>> prati_mc4_scores(lists).round(4).tolist()  # f0, f1: 29/60 each; f2: 1/30
    [0.4833, 0.4833, 0.0333]
    >>> prati_mc4(lists).tolist()
    [0, 1, 2]
    >>> prati_mc4(lists, direction="as_written").tolist()  # f2 gathers the walk's mass
    [2, 0, 1]
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    pi = prati_mc4_scores(ranks=pos, alpha=alpha, direction=direction, stop=stop, tol=tol)
    return _by_score(pi, pos, random_state)
