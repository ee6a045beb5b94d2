import warnings

import numpy as np
import pytest

from _aggregate_reference import (ref_condorcet, ref_copeland, ref_counts, ref_floyd_warshall,
                                  ref_positions, ref_schulze)
from featrank.aggregate import (average_sd, best_rank, borda, condorcet, copeland, k_first, mc4,
                                pairwise_counts, pairwise_margins, prati_mc4, q3_positions_sd, q3_sd,
                                relative_ranks, schulze)
from featrank.aggregate._profile import positions
from featrank.aggregate.pairwise import _links, schulze_ssd, schulze_wins, ssd_winners

ALL = [borda, condorcet, copeland, schulze, mc4, prati_mc4, average_sd, best_rank, q3_sd,
       k_first]

# ---- a three-list example worked by hand (Izetta 2017's combiners) --------------------
# p = 5 features, lists (best first):
HAND = np.array([[3, 2, 4, 0, 1],
                 [4, 1, 3, 2, 0],
                 [0, 1, 2, 4, 3]])
# positions pos[i, j] and relative ranks r = 1 - pos/5:
#   f0: (4, 5, 1) r = (.2, 0, .8)   mean .333  max .8  Q3 .5  sd .340
#   f1: (5, 2, 2) r = (0, .6, .6)   mean .400  max .6  Q3 .6  sd .283
#   f2: (2, 4, 3) r = (.6, .2, .4)  mean .400  max .6  Q3 .5  sd .163
#   f3: (1, 3, 5) r = (.8, .4, 0)   mean .400  max .8  Q3 .6  sd .327
#   f4: (3, 1, 4) r = (.4, .8, .2)  mean .467  max .8  Q3 .6  sd .249
# (Q3 by linear interpolation: halfway between the 2nd and 3rd smallest of three values)


def test_hand_example_relative_ranks():
    r = relative_ranks(HAND)
    np.testing.assert_allclose(r[0], [.2, 0, .8])
    np.testing.assert_allclose(r[4], [.4, .8, .2])


def test_hand_average_sd():
    # f4 (.467); then .400 tied: f3 (sd .327) > f1 (.283) > f2 (.163); then f0
    assert average_sd(HAND).tolist() == [4, 3, 1, 2, 0]
    # smallest SD first (Izetta's Fig. 2 variant)
    assert average_sd(HAND, ties="min_sd").tolist() == [4, 2, 1, 3, 0]


def test_hand_best_rank():
    # max .8: f4 (mean .467) > f3 (.400) > f0 (.333); max .6: f1, f2 tie on the mean too
    assert best_rank(HAND).tolist() == [4, 3, 0, 1, 2]


def test_hand_q3_positions_sd_against_q3_sd():
    lists = np.array([[0, 1, 2, 3], [1, 2, 3, 0], [1, 3, 2, 0]])
    # positions of features 0..3: (1,4,4), (2,1,1), (3,2,3), (4,3,2)
    # 3rd quartile (type 7) of positions: 4, 1.5, 3, 3.5 -> 1, 2, 3, 0
    assert q3_positions_sd(lists).tolist() == [1, 2, 3, 0]
    # the text: 3rd quartile of r = 1 - pos/p <=> 1st quartile of positions: 2.5, 1, 2.5, 2.5;
    # ties 0, 2, 3 by the larger SD of positions: 0 (sd 1.41), 3 (0.82), 2 (0.47)
    assert q3_sd(lists).tolist() == [1, 0, 3, 2]


def test_q3_positions_ties_go_to_the_sd():
    # five lists of three features; positions: f0 (1,1,3,3,3), f1 (3,3,1,2,2), f2 (2,2,2,1,1)
    # 3rd quartiles (5 values, type 7: the 4th smallest): 3, 3, 2; SD of f0 0.98 > f1 0.75
    lists = np.array([[0, 2, 1], [0, 2, 1], [1, 2, 0], [2, 1, 0], [2, 1, 0]])
    assert q3_positions_sd(lists).tolist() == [2, 0, 1]
    assert q3_positions_sd(lists, ties="min_sd").tolist() == [2, 1, 0]
    with pytest.raises(ValueError, match="ties"):
        q3_positions_sd(lists, ties="median")
    with pytest.raises(ValueError, match="1-D"):
        q3_positions_sd([0, 1, 2])


def test_q3_positions_sd_exact_sd_ties_go_to_the_lower_index():
    # positions f0 (2, 5, 10), f1 (1, 6, 9): 3rd quartiles 7.5 and 7.5, and the same SD
    # (3 * sum(x^2) - sum(x)^2 = 98 for both), although the float SDs differ in the last bit
    lists = np.array([[1, 0, 2, 3, 4, 5, 6, 7, 8, 9], [2, 3, 4, 5, 0, 1, 6, 7, 8, 9],
                      [2, 3, 4, 5, 6, 7, 8, 9, 1, 0]])
    pos = np.argsort(lists, axis=1) + 1
    assert pos[:, 0].tolist() == [2, 5, 10] and pos[:, 1].tolist() == [1, 6, 9]
    out = q3_positions_sd(lists).tolist()
    assert out.index(0) == out.index(1) - 1


def test_q3_positions_sd_against_a_direct_computation():
    rng = np.random.default_rng(3)
    for _ in range(200):
        m, p = rng.integers(1, 8), rng.integers(2, 12)
        lists = np.array([rng.permutation(p) for _ in range(m)])
        pos = np.argsort(lists, axis=1) + 1
        q3 = np.quantile(pos, 0.75, axis=0)
        var = m * (pos ** 2).sum(axis=0) - pos.sum(axis=0) ** 2       # m^2 * variance, exact
        expected = sorted(range(p), key=lambda j: (q3[j], -var[j], j))
        assert q3_positions_sd(lists).tolist() == expected


def test_hand_q3_sd():
    # Q3 .6: f3 (sd .327) > f1 (.283) > f4 (.249); Q3 .5: f0 (.340) > f2 (.163)
    assert q3_sd(HAND).tolist() == [3, 1, 4, 0, 2]


def test_hand_k_first():
    # k = 2: r' = max(0, (3 - pos)/2): f0 (0,0,1), f1 (0,.5,.5), f2 (.5,0,0), f3 (1,0,0),
    # f4 (0,1,0); means 1/3 for f0, f1, f3, f4 -> by mean r: f4, f1 = f3 (index), f0; then f2
    assert k_first(HAND, k=2).tolist() == [4, 1, 3, 0, 2]


def test_hand_copeland():
    # pairwise winners (2 of 3 lists): f0>f1, f2>f0, f3>f0, f4>f0, f1>f2, f1>f3, f4>f1,
    # f3>f2, f2>f4, f4>f3 -> wins - losses: f0 -2, f1 0, f2 0, f3 0, f4 +2;
    # f1, f2, f3 tie on the mean r (.4) too -> index
    N = pairwise_counts(HAND)
    assert N[0, 1] == 2 and N[2, 0] == 2 and N[4, 3] == 2 and N[1, 2] == 2
    assert copeland(HAND).tolist() == [4, 1, 2, 3, 0]


def test_hand_condorcet_and_schulze_against_reference():
    pos = positions(HAND)
    assert condorcet(HAND).tolist() == ref_condorcet(pos).tolist()
    assert schulze(HAND).tolist() == ref_schulze(pos).tolist()
    # f4 has the most victories (3) and is the first sequential winner
    assert condorcet(HAND)[0] == 4


# ---- classic profiles -------------------------------------------------------------------

def test_classic_schulze_election():
    """Schulze (2011), Sec. 3.1 / the Wikipedia example: 45 voters, candidates A..E;
    the Schulze ranking is E > A > C > B > D."""
    A, B, C, D, E = range(5)
    ballots = [(5, [A, C, B, E, D]), (5, [A, D, E, C, B]), (8, [B, E, D, A, C]),
               (3, [C, A, B, E, D]), (7, [C, A, E, B, D]), (2, [C, B, A, D, E]),
               (7, [D, C, E, B, A]), (8, [E, B, A, D, C])]
    orders = np.array([b for n, b in ballots for _ in range(n)])
    assert schulze(orders).tolist() == [E, A, C, B, D]
    assert schulze(orders, strength="margin").tolist() == [E, A, C, B, D]
    assert schulze(orders, method="ssd").tolist() == [E, A, C, B, D]
    # the strongest-path matrix of the example (d[*, *] of Schulze's paper)
    P = ref_floyd_warshall(pairwise_counts(orders))
    assert P[E, A] == 25 and P[A, E] == 24 and P[A, C] == 28 and P[C, A] == 25


@pytest.mark.parametrize("agg", ALL)
def test_unanimous_profile_returns_the_list(agg):
    order = np.random.default_rng(0).permutation(12)
    orders = np.tile(order, (4, 1))
    assert agg(orders).tolist() == order.tolist()


def test_condorcet_cycle():
    cycle = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    # every pair 2:1, a cycle: all Copeland scores 0, all Borda sums 6 -> index order
    assert copeland(cycle).tolist() == [0, 1, 2]
    assert borda(cycle).tolist() == [0, 1, 2]
    # all strongest paths have strength 2 both ways: no Schulze wins at all
    assert schulze_wins(_links(pairwise_counts(cycle), "winning")).tolist() == [0, 0, 0]
    assert schulze(cycle).tolist() == [0, 1, 2]
    assert ssd_winners(pairwise_counts(cycle)).tolist() == [0, 1, 2]
    # sequential winners: any first pick, then the survivor of the remaining pair
    rotations = {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    picks = {tuple(condorcet(cycle, random_state=s)) for s in range(20)}
    assert picks <= rotations and len(picks) > 1
    assert condorcet(cycle).tolist() == [0, 1, 2]


def test_partial_lists_borda_by_hand():
    # p = 3; list 1 ranks 0, 1 (2 unranked -> position 3); list 2 ranks only 1
    # (0 and 2 share positions 2..3 -> 2.5): sums f0 3.5, f1 3, f2 5.5
    pos = positions([[0, 1], [1]], n_features=3)
    np.testing.assert_array_equal(pos, [[1, 2, 3], [2.5, 1, 2.5]])
    assert borda([[0, 1], [1]], n_features=3).tolist() == [1, 0, 2]


def test_ties_by_average_rank():
    # list 1 ties f0 and f1 at the top (1.5 each); list 2: f1, f0, f2
    ranks = np.array([[1, 1, 2], [2, 1, 3]], dtype=float)
    np.testing.assert_array_equal(positions(ranks=ranks), [[1.5, 1.5, 3], [2, 1, 3]])
    assert borda(ranks=ranks).tolist() == [1, 0, 2]
    # a tied pair counts for neither side
    N = pairwise_counts(ranks=ranks)
    assert N[0, 1] == 0 and N[1, 0] == 1
    # NaN = unranked = tied at the bottom
    ranks_nan = np.array([[1, np.nan, np.nan], [np.nan, 1, 2]])
    np.testing.assert_array_equal(positions(ranks=ranks_nan), [[1, 2.5, 2.5], [3, 1, 2]])


def _random_profile(rng, partial=False, ties=False):
    p = int(rng.integers(2, 14))
    m = int(rng.integers(1, 8))
    if ties:
        return None, rng.integers(1, 4, size=(m, p)).astype(float), p
    orders = [rng.permutation(p) for _ in range(m)]
    if partial:
        orders = [o[: rng.integers(0, p + 1)] for o in orders]
    return orders, None, p


@pytest.mark.parametrize("kind", ["full", "partial", "ties"])
def test_pairwise_aggregators_match_plain_reference(kind):
    rng = np.random.default_rng({"full": 0, "partial": 1, "ties": 2}[kind])
    for _ in range(60):
        orders, ranks, p = _random_profile(rng, kind == "partial", kind == "ties")
        pos = positions(orders, ranks=ranks, n_features=p)
        if orders is not None:
            np.testing.assert_array_equal(pos, ref_positions(orders, p))
        kw = dict(ranks=ranks, n_features=p)
        np.testing.assert_array_equal(pairwise_counts(orders, **kw), ref_counts(pos))
        np.testing.assert_array_equal(pairwise_margins(orders, **kw),
                                      ref_counts(pos) - ref_counts(pos).T)
        assert condorcet(orders, **kw).tolist() == ref_condorcet(pos).tolist()
        assert copeland(orders, **kw).tolist() == ref_copeland(pos).tolist()
        for strength in ("winning", "margin"):
            assert (schulze(orders, strength=strength, **kw).tolist()
                    == ref_schulze(pos, strength).tolist())


def test_schulze_dropping_agrees_with_strongest_paths():
    """Schwartz sequential dropping (Prati's description) and strongest paths pick the same
    winners. With complete lists and an odd number of them (no pairwise ties), Prati's
    sequential rounds never rank a feature above one that beats it by strongest paths (found
    to hold on thousands of random profiles; with pairwise ties or partial lists it can fail,
    because removing the winners changes the remaining paths)."""
    rng = np.random.default_rng(3)
    for _ in range(150):
        partial = bool(rng.integers(2))
        orders, ranks, p = _random_profile(rng, partial=partial)
        N = pairwise_counts(orders, n_features=p)
        P = ref_floyd_warshall(N)
        beats = P > P.T
        np.testing.assert_array_equal(ssd_winners(N), np.flatnonzero(~beats.any(axis=0)))
        if partial or len(orders) % 2 == 0:
            continue
        seq = schulze_ssd(orders, n_features=p)
        place = np.empty(p, dtype=int)
        place[seq] = np.arange(p)
        x, y = np.nonzero(beats)
        assert np.all(place[x] < place[y])


def test_pref_voting_as_oracle():
    pv = pytest.importorskip("pref_voting")
    from pref_voting.margin_based_methods import beat_path
    from pref_voting.profiles import Profile
    from pref_voting.scoring_methods import borda_ranking  # noqa: F401  (API presence)

    rng = np.random.default_rng(4)
    for _ in range(40):
        p, m = int(rng.integers(2, 9)), int(rng.integers(1, 9))
        orders = np.array([rng.permutation(p) for _ in range(m)])
        prof = Profile([list(map(int, o)) for o in orders])
        # Schulze winners (complete lists: winning votes and margins agree)
        W = _links(pairwise_counts(orders), "winning")
        P = ref_floyd_warshall(pairwise_counts(orders))
        ours = np.flatnonzero(~(P > P.T).any(axis=0)).tolist()
        assert ours == sorted(beat_path(prof)), pv.__version__
        # Schulze: our first feature is a pref_voting winner
        assert int(schulze(orders)[0]) in beat_path(prof)
        # Copeland scores and Borda scores
        cop = prof.copeland_scores()
        d = pairwise_margins(orders)
        np.testing.assert_array_equal(np.sign(d).sum(axis=1), [cop[c] for c in range(p)])
        bs = prof.borda_scores()
        pos = positions(orders)
        np.testing.assert_array_equal(m * (p - 1) - (pos.sum(axis=0) - m),
                                      [bs[c] for c in range(p)])
        assert schulze_wins(W).shape == (p,)


def test_k_first_with_k_equal_p_ranks_by_average_sd_mean():
    rng = np.random.default_rng(5)
    for _ in range(30):
        p, m = int(rng.integers(2, 30)), int(rng.integers(1, 10))
        orders = np.array([rng.permutation(p) for _ in range(m)])
        mean_r = relative_ranks(orders).mean(axis=1)
        a, b = average_sd(orders), k_first(orders, k=p)
        np.testing.assert_allclose(mean_r[a], mean_r[b])


def test_best_rank_of_one_list_is_that_list():
    order = np.random.default_rng(6).permutation(20)
    assert best_rank(order[None, :]).tolist() == order.tolist()
    assert average_sd(order[None, :]).tolist() == order.tolist()


def test_random_tie_break_is_seeded():
    orders = np.array([[0, 1, 2, 3], [1, 0, 3, 2]])  # borda: {0,1} tie, {2,3} tie
    a = borda(orders, random_state=7)
    assert a.tolist() == borda(orders, random_state=7).tolist()
    assert set(a[:2]) == {0, 1} and set(a[2:]) == {2, 3}
    seen = {tuple(borda(orders, random_state=s)) for s in range(20)}
    assert len(seen) == 4


@pytest.mark.parametrize("bad, msg", [
    (dict(orders=[[0, 1, 1]]), "more than once"),
    (dict(orders=[[0, 1], [1, 0, 2]], n_features=2), "outside"),
    (dict(), "exactly one"),
    (dict(ranks=[1, 2, 3]), "2-D"),
    (dict(ranks=[[1, np.inf]]), "finite"),
])
def test_bad_input_is_refused(bad, msg):
    with pytest.raises(ValueError, match=msg):
        borda(**bad)


def test_bad_parameters_are_refused():
    orders = np.array([[0, 1, 2]])
    with pytest.raises(ValueError, match="k must"):
        k_first(orders, k=5)
    with pytest.raises(ValueError, match="strength"):
        schulze(orders, strength="loser")
    with pytest.raises(ValueError, match="method"):
        schulze(orders, method="fast")
    with pytest.raises(ValueError, match="ties"):
        average_sd(orders, ties="median")


@pytest.mark.parametrize("force", ["dense_scc", "edge_list"])
def test_schulze_every_internal_path_matches_reference(force, monkeypatch):
    import featrank.aggregate._digraph as pw

    if force == "dense_scc":  # trimming + forward/backward reachability instead of scipy
        monkeypatch.setattr(pw, "_SPARSE_NNZ", 0)
        monkeypatch.setattr(pw, "_MIN_DENSE_SCC", 0)
    else:  # condensation DAG from an edge list
        monkeypatch.setattr(pw, "_BIG_CELLS", 0)
        monkeypatch.setattr(pw, "_SPARSE_NNZ", 10**9)
    rng = np.random.default_rng(8)
    for _ in range(40):
        p, m = int(rng.integers(2, 40)), int(rng.integers(1, 9))
        base = rng.normal(size=p) * rng.uniform(0, 3)
        orders = np.array([np.argsort(-(base + rng.normal(size=p))) for _ in range(m)])
        pos = positions(orders)
        assert schulze(orders).tolist() == ref_schulze(pos).tolist()


# ---- MC4 and Lin ------------------------------------------------------------------------

def _mc4_reference(orders, alpha):
    """The MC4 chain with random jumps written out state by state, solved exactly."""
    pos = ref_positions(list(orders))
    m, p = pos.shape
    T = np.zeros((p, p))
    for x in range(p):
        for y in range(p):
            if y != x:
                above = sum(pos[j, y] < pos[j, x] for j in range(m))
                below = sum(pos[j, y] > pos[j, x] for j in range(m))
                T[x, y] = 1 / p if above > below else 0
        T[x, x] = 1 - T[x].sum()
    T = (1 - alpha) * T + alpha / p
    A = np.vstack([T.T - np.eye(p), np.ones(p)])
    return np.linalg.lstsq(A, np.r_[np.zeros(p), 1], rcond=None)[0]


def test_mc4_stationary_distribution_matches_exact_solution():
    from featrank.aggregate.markov import mc4_stationary

    rng = np.random.default_rng(9)
    for _ in range(10):
        p, m = int(rng.integers(2, 10)), int(rng.integers(1, 7))
        orders = np.array([rng.permutation(p) for _ in range(m)])
        for alpha in (0.1, 0.5):
            np.testing.assert_allclose(mc4_stationary(orders, alpha=alpha),
                                       _mc4_reference(orders, alpha), atol=1e-10)


def test_mc4_compiled_and_numpy_products_agree(monkeypatch):
    from featrank.aggregate.markov import mc4_stationary

    rng = np.random.default_rng(3)
    base = rng.normal(size=700)          # more than two blocks of rows of the numpy path
    orders = np.array([np.argsort(-(base + rng.normal(scale=2, size=700))) for _ in range(9)])
    compiled = mc4_stationary(orders)
    monkeypatch.setenv("FEATRANK_NO_NUMBA", "1")
    plain = mc4_stationary(orders)
    np.testing.assert_allclose(compiled, plain, rtol=1e-12)
    assert compiled.sum() == pytest.approx(1.0)


def test_mc4_puts_the_condorcet_winner_first():
    # f2 beats everyone 2:1 but is never first in a majority of lists' top spot
    orders = np.array([[2, 0, 1, 3], [0, 2, 3, 1], [1, 2, 3, 0]])
    N = pairwise_counts(orders)
    assert all(N[2, y] > N[y, 2] for y in (0, 1, 3))
    assert mc4(orders)[0] == 2 and condorcet(orders)[0] == 2


def test_lin_bootstrap_relieff_borda():
    from featrank.aggregate import lin
    from featrank.rankers import ReliefF

    rng = np.random.default_rng(10)
    y = rng.integers(0, 2, 120)
    X = rng.normal(size=(120, 6))
    X[:, 3] += 3 * y  # the only relevant feature
    order, bags = lin(X, y, ranker=ReliefF(), random_state=0, return_orders=True)
    assert bags.shape == (10, 6) and order[0] == 3
    assert (bags[:, 0] == 3).all()
    assert order.tolist() == borda(bags).tolist()
    assert lin(X, y, ranker=ReliefF(), random_state=0).tolist() == order.tolist()
    with pytest.raises(ValueError, match="fraction"):
        lin(X, y, ranker=ReliefF(), fraction=1.5)


def test_lin_redraws_single_class_bags():
    from featrank.aggregate import lin
    from featrank.rankers import ReliefF

    rng = np.random.default_rng(11)
    y = np.r_[np.zeros(40, int), [1]]  # almost every bag of 37 misses the lone class-1 row
    X = rng.normal(size=(41, 3))
    order, bags = lin(X, y, ranker=ReliefF(), random_state=0, return_orders=True)
    assert bags.shape == (10, 3)
    with pytest.raises(ValueError, match="two classes"):
        lin(X, np.zeros(41, int), ranker=ReliefF())


def test_strongest_paths_matches_reference():
    from featrank.aggregate import strongest_paths

    rng = np.random.default_rng(12)
    for _ in range(20):
        orders, ranks, p = _random_profile(rng, partial=True)
        np.testing.assert_array_equal(strongest_paths(orders, n_features=p),
                                      ref_floyd_warshall(pairwise_counts(orders, n_features=p)))


@pytest.mark.parametrize("rule", ALL)
def test_equal_length_top_k_lists_are_refused_with_the_fix(rule):
    """Equal-length top-3 lists read as full orders of 3 features hold indices 3..5: the
    message says to pass n_features; with it they aggregate as partial lists."""
    with pytest.raises(ValueError, match=r"outside \[0, 3\).*top-k.*n_features=.*at least 6"):
        rule([[0, 1, 2], [3, 4, 5]])
    assert sorted(rule([[0, 1, 2], [3, 4, 5]], n_features=6).tolist()) == list(range(6))


def test_lists_of_different_lengths_warn_when_p_is_a_guess():
    """``[[0, 1], [2]]`` without n_features: p = 3 (1 + the largest index), said by a
    warning because no list is complete; no warning when one list is complete or when
    n_features is given."""
    with pytest.warns(UserWarning, match=r"taking p = 3 .*n_features="):
        assert borda([[0, 1], [2]]).tolist() == [0, 2, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert borda([[0, 1, 2, 3], [2]]).tolist() == [0, 2, 1, 3]
        assert borda([[0, 1], [2]], n_features=4).tolist() == [0, 2, 1, 3]


def _ssd_rounds(N, p, strength):
    rounds, remaining = [], np.arange(p)
    while remaining.size:
        rounds.append(ssd_winners(N, remaining, strength))
        remaining = np.setdiff1d(remaining, rounds[-1])
    return rounds


def _rounds_first(order, rounds):
    """Does ``order`` list every round of winners before all later rounds?"""
    place = np.empty(order.size, dtype=int)
    place[order] = np.arange(order.size)
    return all(place[r].max() < sum(len(q) for q in rounds[:i + 1])
               for i, r in enumerate(rounds))


def test_schulze_order_guarantees_what_its_docstring_says():
    """Over 300 seeded random profiles (complete and partial lists, both strengths): the
    default order is a linear extension of Schulze's relation (P[x, y] > P[y, x] puts x
    before y), so its first feature is a winner (pref_voting's beat_path agrees on complete
    lists); method="ssd" puts every round of winners before the rest. The default order
    does not always do so -- the docstring says it -- and this sample holds such profiles."""
    pv = pytest.importorskip("pref_voting")
    from pref_voting.margin_based_methods import beat_path
    from pref_voting.profiles import Profile

    rng = np.random.default_rng(11)
    rounds_not_first = 0
    for trial in range(300):
        p, m = int(rng.integers(3, 9)), int(rng.integers(2, 9))
        partial = trial % 3 == 0
        orders = [rng.permutation(p)[:int(rng.integers(1, p + 1)) if partial else p]
                  for _ in range(m)]
        strength = ("winning", "margin")[trial % 2]
        N = pairwise_counts(orders, n_features=p)
        P = ref_floyd_warshall(N, strength)
        order = schulze(orders, n_features=p, strength=strength)
        place = np.empty(p, dtype=int)
        place[order] = np.arange(p)
        x, y = np.nonzero(P > P.T)
        assert np.all(place[x] < place[y]), (trial, orders)
        rounds = _ssd_rounds(N, p, strength)
        assert order[0] in rounds[0]
        ssd = schulze(orders, n_features=p, strength=strength, method="ssd")
        assert _rounds_first(ssd, rounds)
        rounds_not_first += not _rounds_first(order, rounds)
        if not partial:
            prof = Profile([list(map(int, o)) for o in orders])
            assert int(order[0]) in beat_path(prof), pv.__version__
    assert rounds_not_first > 0, "the docstring's caveat has no example here"
