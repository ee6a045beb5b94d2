"""Prati's (2012, Sec. IV) MC4: PageRank (JUNG 2, alpha = jump probability) on a graph whose
edges are weighted by distances in the input lists. Oracles: hand-solved chains (exact
fractions), networkx's weighted PageRank, a line-by-line transcription of JUNG 2's
PageRankWithPriors.evaluate(), and the dense transition matrix."""
import time
import tracemalloc
from fractions import Fraction as Fr

import networkx as nx
import numpy as np
import pytest

from _aggregate_reference import ref_positions
from featrank.aggregate import borda, prati_mc4, prati_mc4_scores, prati_mc4_weights
from featrank.aggregate.markov import DIRECTIONS

# ---- three lists of three features, worked by hand ---------------------------------------
# lists (best first): [0, 1, 2], [0, 2, 1], [1, 0, 2]; positions
#   f0: 1, 1, 2    f1: 2, 3, 1    f2: 3, 2, 3     (Borda sums 4, 6, 8)
# as written, edge x -> y when x is above y, weight pos[y] - pos[x], summed over lists:
#   W[0, 1] = 1 + 2 + 0 = 3   W[0, 2] = 2 + 1 + 1 = 4   W[1, 0] = 0 + 0 + 1 = 1
#   W[1, 2] = 1 + 0 + 2 = 3   W[2, 0] = 0               W[2, 1] = 0 + 1 + 0 = 1
THREE = [[0, 1, 2], [0, 2, 1], [1, 0, 2]]
W_AS_WRITTEN = [[0, 3, 4], [1, 0, 3], [0, 1, 0]]
# reversed (W.T), rows rescaled to probabilities: f0 -> f1 (1); f1 -> f0 3/4, f2 1/4;
# f2 -> f0 4/7, f1 3/7. With jump probability 1/10 (damping 9/10), pi = 1/30 + 9/10 pi P:
#   pi0 = 1/30 + 9/10 (3/4 pi1 + 4/7 pi2)
#   pi1 = 1/30 + 9/10 (pi0 + 3/7 pi2)
#   pi2 = 1/30 + 9/10 (1/4 pi1)
# solved by elimination: pi = (1735, 1924, 574) / 4233. f1 gets all of f0's out-flow and
# beats f0 although Borda puts f0 first.
P_REVERSED = [[Fr(0), Fr(1), Fr(0)], [Fr(3, 4), Fr(0), Fr(1, 4)], [Fr(4, 7), Fr(3, 7), Fr(0)]]
PI_REVERSED = [Fr(1735, 4233), Fr(1924, 4233), Fr(574, 4233)]


def test_hand_weights_and_stationary_distribution():
    np.testing.assert_array_equal(prati_mc4_weights(THREE, direction="as_written"),
                                  W_AS_WRITTEN)
    np.testing.assert_array_equal(prati_mc4_weights(THREE), np.transpose(W_AS_WRITTEN))
    for y in range(3):  # the hand solution satisfies the balance equations exactly
        assert PI_REVERSED[y] == Fr(1, 30) + Fr(9, 10) * sum(
            PI_REVERSED[x] * P_REVERSED[x][y] for x in range(3))
    np.testing.assert_allclose(prati_mc4_scores(THREE), [float(v) for v in PI_REVERSED],
                               rtol=1e-12)
    assert prati_mc4(THREE).tolist() == [1, 0, 2]
    assert borda(THREE).tolist() == [0, 1, 2]
    # the profile maps onto itself when every list is reversed and f0 <-> f2 swapped, so
    # the literal direction gives the same scores with f0 and f2 exchanged
    np.testing.assert_allclose(prati_mc4_scores(THREE, direction="as_written"),
                               [float(v) for v in PI_REVERSED[::-1]], rtol=1e-12)
    assert prati_mc4(THREE, direction="as_written").tolist() == [1, 2, 0]


def test_hand_dangling_feature_jumps_at_random():
    # lists [0, 1, 2], [1, 0, 2]: as written f0 -> f1 (1), f0 -> f2 (3), f1 -> f0 (1),
    # f1 -> f2 (3); f2 has no out-edge, so its score jumps uniformly (JUNG's disappearing
    # potential). f0 and f1 are symmetric (x each), pi2 = 1 - 2x and
    #   pi2 = 1/30 + 9/10 (3/4 x + 3/4 x + pi2 / 3)  ->  x = 8/33, pi2 = 17/33
    # reversed: f0 <-> f1 (1 each), f2 -> f0, f1 (3 each); nobody points at f2:
    #   pi2 = 1/30, pi0 = pi1 = 29/60
    lists = [[0, 1, 2], [1, 0, 2]]
    np.testing.assert_allclose(prati_mc4_scores(lists, direction="as_written"),
                               [8 / 33, 8 / 33, 17 / 33], rtol=1e-12)
    np.testing.assert_allclose(prati_mc4_scores(lists), [29 / 60, 29 / 60, 1 / 30],
                               rtol=1e-12)
    assert prati_mc4(lists, direction="as_written").tolist() == [2, 0, 1]
    assert prati_mc4(lists).tolist() == [0, 1, 2]


# ---- oracles -------------------------------------------------------------------------------

def _random_ranks(rng, p, m):
    """A rank matrix with ties and unranked (NaN) entries."""
    r = rng.integers(1, max(2, p // 2) + 1, size=(m, p)).astype(float)
    r[rng.random((m, p)) < 0.15] = np.nan
    return r


def _ref_weights(pos):
    """The definition, pair by pair: for each list and x above y, add pos[y] - pos[x]."""
    m, p = pos.shape
    W = np.zeros((p, p))
    for j in range(m):
        for x in range(p):
            for y in range(p):
                if pos[j, x] < pos[j, y]:
                    W[x, y] += pos[j, y] - pos[j, x]
    return W


def test_weights_match_the_definition_with_partial_lists():
    rng = np.random.default_rng(0)
    for _ in range(10):
        p = int(rng.integers(2, 9))
        lists = [rng.permutation(p)[:int(rng.integers(0, p + 1))] for _ in range(4)]
        lists[0] = rng.permutation(p)
        W = _ref_weights(ref_positions(lists, p))
        np.testing.assert_array_equal(prati_mc4_weights(lists, n_features=p,
                                                        direction="as_written"), W)
        np.testing.assert_array_equal(prati_mc4_weights(lists, n_features=p), W.T)


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_networkx_weighted_pagerank_is_an_oracle(direction):
    rng = np.random.default_rng(1)
    for _ in range(15):
        p, m = int(rng.integers(2, 25)), int(rng.integers(1, 7))
        ranks = _random_ranks(rng, p, m)
        W = prati_mc4_weights(ranks=ranks, direction=direction)
        G = nx.DiGraph()
        G.add_nodes_from(range(p))
        G.add_weighted_edges_from((x, y, W[x, y]) for x, y in zip(*np.nonzero(W)))
        ref = nx.pagerank(G, alpha=0.9, weight="weight", tol=1e-15, max_iter=100_000)
        np.testing.assert_allclose(prati_mc4_scores(ranks=ranks, direction=direction),
                                   [ref[i] for i in range(p)], atol=1e-11)


def _jung_evaluate(W, alpha=0.1, tolerance=1e-3, max_iterations=100):
    """JUNG 2.0's PageRank(graph, edge_weights, alpha).evaluate(), vertex by vertex:
    uniform priors as start; update(v) collects the potential of v if it has no
    out-edges and sets (1 - alpha) * sum_in + alpha * prior; afterStep() hands the
    collected potential out by the priors; done() compares a running max of changes
    (max_delta is set once in initialize()) with the tolerance."""
    p = len(W)
    P = [[W[x][y] / sum(W[x]) if sum(W[x]) else 0.0 for y in range(p)] for x in range(p)]
    prior = 1.0 / p
    current, max_delta, steps = [prior] * p, np.finfo(float).tiny, 0
    while True:
        output, disappearing = [0.0] * p, 0.0
        for v in range(p):
            if not any(W[v][y] > 0 for y in range(p)):
                disappearing += current[v]
            v_input = sum(current[w] * P[w][v] for w in range(p) if W[w][v] > 0)
            output[v] = v_input * (1 - alpha) + prior * alpha
            max_delta = max(max_delta, abs(current[v] - output[v]))
        steps += 1
        output = [o + (1 - alpha) * disappearing * prior for o in output]
        current = output
        if steps >= max_iterations or max_delta < tolerance:
            return np.array(current), steps


def test_jung_stopping_rule_matches_a_transcription_of_jung():
    rng = np.random.default_rng(2)
    seen = set()
    for p, m, noise, alpha in [(4, 3, 1.0, 0.1), (9, 6, 1.0, 0.1), (30, 6, 0.3, 0.1),
                               (60, 6, 20.0, 0.1), (30, 6, 1.0, 0.995)]:
        base = np.arange(p, dtype=float)
        orders = np.array([np.argsort(base + noise * rng.normal(size=p)) for _ in range(m)])
        for direction in DIRECTIONS:
            W = prati_mc4_weights(orders, direction=direction)
            ref, steps = _jung_evaluate(W.tolist(), alpha=alpha)
            seen.add(steps)
            np.testing.assert_allclose(
                prati_mc4_scores(orders, direction=direction, stop="jung", alpha=alpha), ref,
                rtol=1e-10, atol=1e-15)
    assert seen == {1, 100}  # both of JUNG's regimes occur among these cases


def test_matrix_free_product_equals_the_dense_matrix():
    rng = np.random.default_rng(3)
    for _ in range(30):
        p, m = int(rng.integers(1, 60)), int(rng.integers(1, 8))
        ranks = _random_ranks(rng, p, m)
        for direction in DIRECTIONS:
            for alpha in (0.1, 0.5):
                a = prati_mc4_scores(ranks=ranks, direction=direction, alpha=alpha)
                b = prati_mc4_scores(ranks=ranks, direction=direction, alpha=alpha, dense=True)
                np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-15)


# ---- invariances and edge cases ------------------------------------------------------------

def test_relabelling_duplicating_and_reversing_lists():
    rng = np.random.default_rng(4)
    p, m = 15, 5
    base = rng.normal(size=p)
    orders = np.array([np.argsort(-(base + rng.normal(size=p))) for _ in range(m)])
    for direction in DIRECTIONS:
        s = prati_mc4_scores(orders, direction=direction)
        assert s.min() > 0 and s.sum() == pytest.approx(1.0, abs=1e-12)
        perm = rng.permutation(p)  # feature i is called perm[i]
        np.testing.assert_allclose(prati_mc4_scores(perm[orders], direction=direction)[perm],
                                   s, rtol=1e-10)
        np.testing.assert_allclose(prati_mc4_scores(np.vstack([orders, orders]),
                                                    direction=direction), s, rtol=1e-10)
    # the literal chain is the reversed chain of the reversed lists
    np.testing.assert_allclose(prati_mc4_scores(orders, direction="as_written"),
                               prati_mc4_scores(orders[:, ::-1]), rtol=1e-10)


def test_unanimous_lists_and_pure_random_jumps():
    order = np.random.default_rng(5).permutation(12)
    orders = np.tile(order, (4, 1))
    assert prati_mc4(orders).tolist() == order.tolist()
    assert prati_mc4(orders, direction="as_written").tolist() == order[::-1].tolist()
    # alpha = 1: every feature 1/p; the order falls to Borda
    rng = np.random.default_rng(6)
    lists = np.array([rng.permutation(8) for _ in range(3)])
    np.testing.assert_allclose(prati_mc4_scores(lists, alpha=1.0), np.full(8, 1 / 8))
    assert prati_mc4(lists, alpha=1.0).tolist() == borda(lists).tolist()


def test_one_feature_and_bad_parameters():
    assert prati_mc4([[0], [0]]).tolist() == [0]
    orders = [[0, 1, 2]]
    with pytest.raises(ValueError, match="direction"):
        prati_mc4(orders, direction="down")
    with pytest.raises(ValueError, match="alpha"):
        prati_mc4(orders, alpha=0.0)
    with pytest.raises(ValueError, match="stop"):
        prati_mc4(orders, stop="never")
    lists = np.array([np.random.default_rng(8).permutation(50) for _ in range(5)])
    with pytest.warns(RuntimeWarning, match="did not converge in 3 steps"):
        prati_mc4_scores(lists, max_iter=3)


def test_random_tie_break_is_seeded():
    lists = [[0, 1, 2, 3], [1, 0, 3, 2]]  # f0/f1 and f2/f3 symmetric
    seen = {tuple(prati_mc4(lists, random_state=s)) for s in range(30)}
    assert seen == {(0, 1, 2, 3), (1, 0, 2, 3), (0, 1, 3, 2), (1, 0, 3, 2)}


def test_large_p_is_fast_and_never_builds_the_p_by_p_matrix():
    rng = np.random.default_rng(7)
    p = 3000
    base = rng.normal(size=p)
    orders = np.array([np.argsort(-(base + rng.normal(size=p))) for _ in range(6)])
    t0 = time.perf_counter()
    prati_mc4(orders)
    assert time.perf_counter() - t0 < 1.0
    p = 12_625  # a dense p x p float64 matrix would take 1.3 GB
    orders = np.array([rng.permutation(p) for _ in range(6)])
    tracemalloc.start()
    try:
        prati_mc4(orders)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50e6
