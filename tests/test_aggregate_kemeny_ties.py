"""Kemeny aggregation with ties (kemeny_buckets, kemeny_ties): the bucket order of least total
generalised Kendall distance. Oracles: hand-worked cases; brute force over every ordered set
partition, generated recursively, with the distance counted pair by pair from the lists as
given (buckets, unlisted features at the bottom); corankco (the ``corankco`` package: its
exact ILP through PuLP and its Kemeny score, with the "unifying" scoring scheme, which counts
unranked features as tied at the bottom as this package does). Fixed in advance: the exact
method's cost equals the brute force's and corankco's optimum; the heuristic is never worse
than its starts and at most 5 % above the optimum on any small case."""
import itertools

import numpy as np
import pytest

from featrank.aggregate import (borda, kemeny, kemeny_buckets, kemeny_ties,
                                kemeny_ties_distance_total)
from featrank.aggregate.kemeny_young import MAX_EXACT_TIES

# corankco builds its ILP with PuLP calls that PuLP 3 marks as deprecated
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:pulp.*")

# ---- hand-worked cases -----------------------------------------------------------------------
# (a) lists as buckets, best first; 1 is missing from the third list (so it is last there):
#   L1: {0, 1} > {2}    L2: 0 > 1 > 2    L3: 2 > 0
# per pair, the cost of each consensus relation (1 per list ordering the other way, 1 per list
# tying a pair the consensus orders or ordering a pair it ties):
#   (0, 1): 0 < 1: 1 (L1 ties)      tie: 2 (L2, L3 order)   1 < 0: 3
#   (0, 2): 0 < 2: 1 (L3)           tie: 3                  2 < 0: 2
#   (1, 2): 1 < 2: 1 (L3)           tie: 3                  2 < 1: 2
# each pair's cheapest relation fits one order, 0 < 1 < 2: total 3, and it is the only one
# of cost 3 (any other bucket order pays more on some pair): [{0}, {1}, {2}]
HAND_A = [[{0, 1}, {2}], [{0}, {1}, {2}], [{2}, {0}]]
# (b) L1: {0, 1} > {2}   L2: 1 > 0 > 2   L3: {0, 1} > {2}
#   (0, 1): tie: 1 (L2 orders)      1 < 0: 2 (L1, L3 tie)   0 < 1: 3
#   (0, 2), (1, 2): 0 for "above 2", more for anything else
# optimum [{0, 1}, {2}] of cost 1; with tie_penalty 1/2 still (1/2 against 0 + 1/2 + 1/2)
HAND_B = [[{0, 1}, {2}], [{1}, {0}, {2}], [{0, 1}, {2}]]


def _ranks(lists, p):
    """Bucket lists -> a rank matrix (bucket number, NaN = not listed)."""
    r = np.full((len(lists), p), np.nan)
    for j, lst in enumerate(lists):
        for k, bucket in enumerate(lst):
            for x in bucket:
                r[j, x] = k + 1
    return r


def _sets(buckets):
    return [set(map(int, b)) for b in buckets]


def test_hand_worked_cases():
    assert _sets(kemeny_buckets(ranks=_ranks(HAND_A, 3))) == [{0}, {1}, {2}]
    assert kemeny_ties_distance_total([1, 2, 3], ranks=_ranks(HAND_A, 3)) == 3
    assert kemeny_ties_distance_total([1, 1, 2], ranks=_ranks(HAND_A, 3)) == 4
    assert _sets(kemeny_buckets(ranks=_ranks(HAND_B, 3))) == [{0, 1}, {2}]
    assert kemeny_ties_distance_total([1, 1, 2], ranks=_ranks(HAND_B, 3)) == 1
    assert _sets(kemeny_buckets(ranks=_ranks(HAND_B, 3), tie_penalty=0.5)) == [{0, 1}, {2}]
    assert kemeny_ties_distance_total([1, 1, 2], ranks=_ranks(HAND_B, 3),
                                      tie_penalty=0.5) == 0.5
    # as an order: the bucket {0, 1} by Borda (sums of positions 5 and 4.5: 1 first)
    assert kemeny_ties(ranks=_ranks(HAND_B, 3)).tolist() == [1, 0, 2]


# ---- brute force -----------------------------------------------------------------------------

def _ordered_partitions(items):
    """Every bucket order of ``items``: a first bucket (any non-empty subset), then the rest."""
    items = list(items)
    if not items:
        yield []
        return
    for k in range(1, len(items) + 1):
        for first in itertools.combinations(items, k):
            rest = [x for x in items if x not in first]
            for tail in _ordered_partitions(rest):
                yield [set(first)] + tail


def _plain_distance(consensus, lists, p, tie_penalty=1.0):
    """Pair by pair from the lists as given: a feature a list leaves out sits below all it
    lists, tied with the other left-out ones."""
    where = {x: k for k, b in enumerate(consensus) for x in b}
    total = 0.0
    for lst in lists:
        rank = {x: k for k, b in enumerate(lst) for x in b}
        for x, y in itertools.combinations(range(p), 2):
            rx, ry = rank.get(x, len(lst)), rank.get(y, len(lst))
            cx, cy = where[x], where[y]
            if (rx == ry) != (cx == cy):
                total += tie_penalty
            elif rx != ry and (rx < ry) != (cx < cy):
                total += 1
    return total


def _random_lists(rng, p, m):
    """m bucket lists over p features: random bucket numbers, some features left out; the
    first list ranks every feature (so that every feature is in the data for corankco)."""
    lists = []
    for j in range(m):
        k = rng.integers(1, p + 1)
        level = rng.integers(0, k, size=p)
        keep = np.ones(p, bool) if j == 0 else rng.random(p) < 0.8
        lists.append([{int(x) for x in np.flatnonzero((level == v) & keep)}
                      for v in range(k) if ((level == v) & keep).any()])
    return lists


@pytest.mark.parametrize("tie_penalty", [1.0, 0.5, 2.0])
def test_exact_is_the_brute_force_optimum(tie_penalty):
    rng = np.random.default_rng(20)
    for _ in range(25):
        p, m = int(rng.integers(1, MAX_EXACT_TIES + 1)), int(rng.integers(1, 5))
        lists = _random_lists(rng, p, m)
        costs = {}
        for c in _ordered_partitions(range(p)):
            costs[tuple(frozenset(b) for b in c)] = _plain_distance(c, lists, p, tie_penalty)
        best = min(costs.values())
        optimal = {k for k, v in costs.items() if v == best}
        got = kemeny_buckets(ranks=_ranks(lists, p), tie_penalty=tie_penalty)
        assert tuple(frozenset(map(int, b)) for b in got) in optimal
        for seed in (1, 2):
            other = kemeny_buckets(ranks=_ranks(lists, p), tie_penalty=tie_penalty,
                                   random_state=seed)
            assert tuple(frozenset(map(int, b)) for b in other) in optimal
        # the distance function agrees with the plain count on a few bucket orders
        for c in list(costs)[:: max(1, len(costs) // 7)]:
            r = np.empty(p)
            for k, b in enumerate(c):
                r[list(b)] = k
            assert kemeny_ties_distance_total(r, ranks=_ranks(lists, p),
                                              tie_penalty=tie_penalty) == costs[c]


def test_the_number_of_bucket_orders():
    # the Fubini numbers: 1, 3, 13, 75, 541, 4683
    assert [sum(1 for _ in _ordered_partitions(range(p))) for p in range(1, 7)] == \
        [1, 3, 13, 75, 541, 4683]
    from featrank.aggregate.kemeny_young import _weak_orders
    assert [len(_weak_orders(p)) for p in range(1, 7)] == [1, 3, 13, 75, 541, 4683]


def test_inputs_scores_orders_and_partial_lists():
    rng = np.random.default_rng(21)
    S = rng.integers(0, 4, size=(4, 6)).astype(float)
    S[rng.random(S.shape) < 0.2] = np.nan
    assert _sets(kemeny_buckets(scores=S)) == _sets(kemeny_buckets(ranks=-S))
    # strict full orders: the bucket consensus pays for every tie, a strict Kemeny order is
    # among the candidates, so the optimum is at most the strict optimum
    orders = np.array([rng.permutation(6) for _ in range(5)])
    strict = kemeny(orders)
    r = np.argsort(strict)
    assert kemeny_ties_distance_total(np.argsort(kemeny_ties(orders)), orders) <= \
        kemeny_ties_distance_total(r, orders)
    # top-k lists: n_features
    top = [[0, 1], [1, 2], [0]]
    got = kemeny_buckets(top, n_features=4)
    assert sorted(int(x) for b in got for x in b) == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="exactly one"):
        kemeny_buckets(orders, scores=S)
    with pytest.raises(ValueError, match="limited to p <= 6"):
        kemeny_buckets(np.array([rng.permutation(7) for _ in range(3)]))
    with pytest.raises(ValueError, match="tie_penalty"):
        kemeny_buckets(orders, tie_penalty=0)


# ---- the heuristic ---------------------------------------------------------------------------

def test_heuristic_against_the_exact_optimum():
    rng = np.random.default_rng(22)
    gaps, hits = [], 0
    for case in range(40):
        p, m = int(rng.integers(2, MAX_EXACT_TIES + 1)), int(rng.integers(2, 7))
        lists = _random_lists(rng, p, m)
        ranks = _ranks(lists, p)
        best = _plain_distance(kemeny_buckets(ranks=ranks), lists, p)
        heur = _plain_distance(kemeny_buckets(ranks=ranks, method="heuristic"), lists, p)
        assert heur >= best
        gaps.append((heur - best) / max(best, 1))
        hits += heur == best
    assert max(gaps) <= 0.05, max(gaps)
    assert hits >= 30, hits


def test_heuristic_is_never_worse_than_its_starts():
    from featrank.aggregate._profile import positions

    rng = np.random.default_rng(23)
    for _ in range(10):
        p, m = int(rng.integers(5, 40)), int(rng.integers(2, 8))
        base = np.linspace(2, 0, p)
        ranks = np.array([np.round(base + rng.normal(size=p)) for _ in range(m)])
        ranks[rng.random(ranks.shape) < 0.1] = np.nan
        ranks = -ranks
        got = kemeny_buckets(ranks=ranks, method="heuristic")
        r = np.empty(p)
        for k, b in enumerate(got):
            r[b] = k
        cost = kemeny_ties_distance_total(r, ranks=ranks)
        pos = positions(ranks=ranks)
        starts = [np.argsort(kemeny(ranks=ranks, method="heuristic")),
                  np.argsort(borda(ranks=ranks))] + list(pos)
        assert all(cost <= kemeny_ties_distance_total(s, ranks=ranks) for s in starts)


# ---- corankco --------------------------------------------------------------------------------

def _corankco(lists, tie_penalty):
    """corankco's exact consensus (its ILP, solved by PuLP's CBC) and its Kemeny score."""
    pytest.importorskip("corankco", reason="corankco is not installed: no oracle")
    from corankco.algorithms.exact.exactalgorithmpulp import ExactAlgorithmPulp
    from corankco.dataset import Dataset
    from corankco.scoringscheme import ScoringScheme

    scheme = ScoringScheme.get_unifying_scoring_scheme_p(tie_penalty)
    data = Dataset.from_raw_list([[set(b) for b in lst] for lst in lists])
    cons = ExactAlgorithmPulp().compute_consensus_rankings(data, scheme,
                                                           return_at_most_one_ranking=True)
    buckets = [{int(getattr(e, "value", e)) for e in b} for b in cons.consensus_rankings[0]]
    return buckets, cons.kemeny_score, scheme, data


def _corankco_score(buckets, scheme, data):
    from corankco.kemeny_score_computation import KemenyComputingFactory
    from corankco.ranking import Ranking

    return KemenyComputingFactory(scheme).get_kemeny_score(
        Ranking([{int(x) for x in b} for b in buckets]), data)


@pytest.mark.parametrize("tie_penalty", [1.0, 0.5])
def test_corankco_exact_is_an_oracle(tie_penalty):
    rng = np.random.default_rng(24)
    for _ in range(12):
        p, m = int(rng.integers(2, MAX_EXACT_TIES + 1)), int(rng.integers(2, 6))
        lists = _random_lists(rng, p, m)
        theirs, score, scheme, data = _corankco(lists, tie_penalty)
        ours = kemeny_buckets(ranks=_ranks(lists, p), tie_penalty=tie_penalty)
        assert _corankco_score(ours, scheme, data) == pytest.approx(score, abs=1e-9)
        assert _plain_distance(theirs, lists, p, tie_penalty) == pytest.approx(score, abs=1e-9)


def test_heuristic_against_corankco_beyond_enumeration():
    rng = np.random.default_rng(25)
    gaps = []
    for _ in range(6):
        p, m = int(rng.integers(7, 11)), int(rng.integers(3, 7))
        lists = _random_lists(rng, p, m)
        _, score, scheme, data = _corankco(lists, 1.0)
        ours = kemeny_buckets(ranks=_ranks(lists, p), method="heuristic")
        mine = _corankco_score(ours, scheme, data)
        assert mine == pytest.approx(_plain_distance(ours, lists, p), abs=1e-9)
        assert mine >= score - 1e-9
        gaps.append((mine - score) / max(score, 1))
    assert max(gaps) <= 0.05, gaps
