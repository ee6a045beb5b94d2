"""Kemeny aggregation: exact DP against brute force over all permutations (p <= 7) and against
pref_voting's Kemeny-Young rankings; the heuristic against the exact optimum. Fixed in advance:
costs are integers and must be equal; the heuristic may exceed the optimum by at most 5 % on
any small case and must never exceed its Borda start."""
import itertools

import numpy as np
import pytest

from featrank.aggregate import borda, copeland, kemeny, kendall_distance_total


def _profile(seed, m, p, partial=False):
    rng = np.random.default_rng(seed)
    w = np.linspace(1.5, 0, p)
    lists = [np.argsort(-(w + rng.normal(size=p)), kind="stable") for _ in range(m)]
    if partial:
        lists = [o[:rng.integers(1, p + 1)] for o in lists]
    return lists


def _plain_cost(order, lists, p):
    """Total Kendall distance by explicit loops: a pair costs 1 per list that ranks it the
    other way; a feature a list leaves out sits below its listed ones (two left-out features:
    no preference)."""
    where = {x: i for i, x in enumerate(order)}
    total = 0
    for lst in lists:
        rank = {x: i for i, x in enumerate(lst)}
        for a in range(p):
            for b in range(p):
                ra, rb = rank.get(a, p), rank.get(b, p)
                if ra < rb and where[a] > where[b]:
                    total += 1
    return total


def _brute(lists, p):
    """The lexicographically first order of least cost, over all p! orders."""
    best, arg = None, None
    for perm in itertools.permutations(range(p)):
        c = _plain_cost(perm, lists, p)
        if best is None or c < best:
            best, arg = c, perm
    return list(arg), best


CASES = [(seed, m, p, partial) for seed, (m, p, partial) in enumerate(
    [(3, 3, False), (4, 4, False), (5, 5, False), (6, 6, False), (5, 7, False),
     (4, 5, True), (6, 6, True), (7, 7, True), (2, 6, False)])]


@pytest.mark.parametrize("seed, m, p, partial", CASES)
def test_exact_equals_brute_force(seed, m, p, partial):
    lists = _profile(seed, m, p, partial)
    want, cost = _brute(lists, p)
    got = kemeny(lists, n_features=p)
    assert got.tolist() == want                       # same tie rule: lexicographic first
    assert kendall_distance_total(got, lists, n_features=p) == cost
    assert _plain_cost(got, lists, p) == cost


@pytest.mark.parametrize("seed", range(4))
def test_exact_matches_pref_voting(seed):
    from pref_voting.other_methods import kemeny_young_rankings
    from pref_voting.profiles import Profile

    p = 6
    lists = _profile(100 + seed, 5, p)
    rankings, dist = kemeny_young_rankings(Profile([list(map(int, o)) for o in lists]))
    got = kemeny(lists)
    assert kendall_distance_total(got, lists) == dist
    assert tuple(got.tolist()) in {tuple(r) for r in rankings}


def test_kendall_distance_total_is_the_plain_sum():
    lists = _profile(7, 6, 12, partial=True)
    order = np.random.default_rng(1).permutation(12)
    assert kendall_distance_total(order, lists, n_features=12) == _plain_cost(order, lists, 12)


def test_exact_refuses_large_p():
    with pytest.raises(ValueError, match="heuristic"):
        kemeny(_profile(0, 3, 11))


def test_random_state_gives_an_optimal_order():
    lists = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]           # a cycle: three optimal orders
    seen = {tuple(kemeny(lists, random_state=s).tolist()) for s in range(20)}
    assert seen <= {(0, 1, 2), (1, 2, 0), (2, 0, 1)} and len(seen) > 1


@pytest.mark.parametrize("seed", range(12))
def test_heuristic_near_optimum_and_never_worse_than_borda(seed):
    rng = np.random.default_rng(seed)
    p, m = int(rng.integers(6, 10)), int(rng.integers(3, 9))
    lists = _profile(200 + seed, m, p, partial=bool(seed % 3 == 0))
    opt = kendall_distance_total(kemeny(lists, n_features=p), lists, n_features=p)
    heur = kendall_distance_total(kemeny(lists, method="heuristic", n_features=p), lists,
                                  n_features=p)
    start = kendall_distance_total(borda(lists, n_features=p), lists, n_features=p)
    assert opt <= heur <= 1.05 * opt
    assert heur <= start


def test_heuristic_is_a_local_optimum():
    lists = _profile(3, 9, 40)
    o = kemeny(lists, method="heuristic")
    cost = kendall_distance_total(o, lists)
    assert cost <= kendall_distance_total(copeland(lists), lists)
    for i in range(40):                                 # no single insertion move helps
        rest = np.delete(o, i)
        for j in range(40):
            assert kendall_distance_total(np.insert(rest, j, o[i]), lists) >= cost
