"""Stability adjusted for similar features (Yu et al. 2012, Zucknick et al. 2008, stabm's
intersection with a maximum bipartite matching): hand-worked cases of 4-5 features, the
reduction to the unadjusted measures when no features are similar, expectations checked by
brute-force enumeration written here, and the values printed in the reference pages of R's
stabm 1.2.2 (Bommert & Lang 2021) for its documented example. Tolerances fixed in advance."""
from itertools import combinations, permutations

import numpy as np
import pytest

from featrank.evaluate import intersection_mbm_stability, yu_stability, zucknick_stability

# stabm's documented example (its help pages of stabilityYu, stabilityZucknick, ...):
# feats = list(1:3, 1:4, 1:5); mat = 0.92 ^ abs(outer(1:10, 1:10, "-")), threshold 0.9
STABM_FEATS = [range(3), range(4), range(5)]
STABM_SIM = 0.92 ** np.abs(np.subtract.outer(np.arange(10), np.arange(10)))


def _twins(p, pairs):
    """Identity similarity of p features plus the given symmetric entries."""
    S = np.eye(p)
    for (i, j), s in pairs.items():
        S[i, j] = S[j, i] = s
    return S


# ---------------------------------------------------------------------------- Zucknick
def test_zucknick_hand_worked_twins():
    # p = 4, features 0 and 1 similar at 0.95. V1 = {0, 2}, V2 = {1, 2}:
    # |V1 & V2| = 1, |V1 | V2| = 3; C(V1, V2) = (S[0,1] + S[2,1]) / |V2| = 0.95 / 2 and
    # C(V2, V1) = (S[1,0] + S[2,0]) / |V1| = 0.95 / 2, so (1 + 0.95) / 3 = 0.65.
    S = _twins(4, {(0, 1): 0.95})
    assert zucknick_stability([[0, 2], [1, 2]], S) == pytest.approx(0.65, abs=1e-12)
    # above the threshold's reach (0.96) the twins are unrelated: Jaccard 1/3
    assert zucknick_stability([[0, 2], [1, 2]], S, threshold=0.96) == pytest.approx(1 / 3)


def test_zucknick_hand_worked_unequal_sizes():
    # p = 5; S[0,1] = 0.9 (= threshold: counts), S[0,3] = 0.92, S[1,2] = 0.5 (below: not).
    # V1 = {0, 2}, V2 = {1, 2, 3}: intersection {2}, union of 4.
    # C(V1, V2): x in {0, 2}, y in {1, 3}: 0.9 + 0.92 (S[2,1] = 0.5 dropped) -> 1.82 / 3
    # C(V2, V1): x in {1, 2, 3}, y in {0}: 0.9 + 0.92 -> 1.82 / 2
    S = _twins(5, {(0, 1): 0.9, (0, 3): 0.92, (1, 2): 0.5})
    want = (1 + 1.82 / 3 + 1.82 / 2) / 4
    assert zucknick_stability([[0, 2], [1, 2, 3]], S) == pytest.approx(want, abs=1e-12)


def test_zucknick_matches_stabm_documented_example():
    # stabilityZucknick(features = feats, sim.mat = mat) printed 0.7603667 (no simulation)
    assert zucknick_stability(STABM_FEATS, STABM_SIM) == pytest.approx(0.7603667, abs=5e-8)


def test_zucknick_without_similar_features_is_jaccard():
    # stabm's stabilityJaccard(features = feats) printed 0.7166667 (= (3/4 + 3/5 + 4/5) / 3)
    assert zucknick_stability(STABM_FEATS, np.eye(10)) == pytest.approx(0.7166667, abs=5e-8)
    # and below the threshold similarities are ignored
    low = np.where(STABM_SIM >= 0.9, np.eye(10), STABM_SIM)
    assert zucknick_stability(STABM_FEATS, low) == pytest.approx(43 / 60, abs=1e-12)


# --------------------------------------------------------------------------------- Yu
def _brute_yu_intersection(a, b, A):
    """|a & b| + (O_ab + O_ba) / 2 from the definition, with sets."""
    a_only, b_only = a - b, b - a
    o_ab = sum(any(A[x, y] for y in b_only) for x in a_only)
    o_ba = sum(any(A[y, x] for x in a_only) for y in b_only)
    return len(a & b) + (o_ab + o_ba) / 2


def _brute_expected(score, n1, n2, A):
    p = A.shape[0]
    vals = [score(set(c1), set(c2), A) for c1 in combinations(range(p), n1)
            for c2 in combinations(range(p), n2)]
    return float(np.mean(vals))


def test_yu_hand_worked_three_runs():
    # p = 4, features 0 and 1 similar. Random sets of sizes 2 and 2: E|V1 & V2| = 2*2/4 = 1;
    # E[O_12] = sum over x in {0, 1} of P(x in V1) P(x not in V2) P(twin in V2 \ V1 | ...)
    #         = 2 * (1/2)(1/2)(2/3)(2/3) = 2/9, same for O_21, so E[I] = 1 + 2/9 = 11/9.
    # Runs {0,2}, {1,2}, {1,3}:
    #   {0,2}-{1,2}: I = 1 + (1 + 1)/2 = 2 = max (2+2)/2             -> 1
    #   {0,2}-{1,3}: I = 0 + (1 + 1)/2 = 1 -> (1 - 11/9)/(2 - 11/9)  -> -2/7
    #   {1,2}-{1,3}: I = 1 (2 and 3 unrelated)                        -> -2/7
    # mean (1 - 4/7) / 3 = 1/7   (unadjusted, Kuncheva: (1 - 1 + 0) / 3 = 0)
    S = _twins(4, {(0, 1): 0.95})
    A = S >= 0.9
    np.fill_diagonal(A, False)
    assert _brute_expected(_brute_yu_intersection, 2, 2, A) == pytest.approx(11 / 9)
    runs = [[0, 2], [1, 2], [1, 3]]
    assert yu_stability(runs, S) == pytest.approx(1 / 7, abs=1e-12)
    assert yu_stability([[0, 2], [1, 3]], S) == pytest.approx(-2 / 7, abs=1e-12)
    # the same as a 0/1 selection matrix
    Z = [[1, 0, 1, 0], [0, 1, 1, 0], [0, 1, 0, 1]]
    assert yu_stability(Z, S) == pytest.approx(1 / 7, abs=1e-12)
    # no correction: the mean of I = (2 + 1 + 1) / 3
    assert yu_stability(runs, S, correction="none") == pytest.approx(4 / 3)


@pytest.mark.parametrize("seed", [0, 1])
def test_yu_exact_expectation_matches_enumeration(seed):
    # the closed form for E[I] against brute-force enumeration of all pairs of sets, p = 6,
    # for every pair of sizes, on a random similarity graph
    from featrank.evaluate.stability_adjusted import _yu_expected

    rng = np.random.default_rng(seed)
    A = rng.random((6, 6)) < 0.35
    A = np.triu(A, 1)
    A = A | A.T
    for n1 in range(0, 7):
        for n2 in range(0, 7):
            want = _brute_expected(_brute_yu_intersection, n1, n2, A)
            assert _yu_expected(n1, n2, A.sum(axis=1), 6) == pytest.approx(want, abs=1e-12), \
                (n1, n2)


def test_yu_matches_stabm_documented_example():
    # stabilityYu(features = feats, sim.mat = mat, N = 1000) printed 0.5170794; stabm
    # simulates E[I] with N = 1000 pairs of sets per pair of runs, whose spread (sd 0.0045
    # over 30 seeds of our own simulation) sets the tolerance at 0.015.
    assert yu_stability(STABM_FEATS, STABM_SIM) == pytest.approx(0.5170794, abs=0.015)
    est = yu_stability(STABM_FEATS, STABM_SIM, correction="estimate", n_samples=20_000,
                       random_state=3)
    assert est == pytest.approx(yu_stability(STABM_FEATS, STABM_SIM), abs=0.005)


def test_yu_without_similar_features_is_kuncheva():
    # equal sizes, p = 6: V1 = {0,1,2}, V2 = {0,1,3}: Kuncheva (2 - 9/6) / (3 - 9/6) = 1/3
    assert yu_stability([[0, 1, 2], [0, 1, 3]], np.eye(6)) == pytest.approx(1 / 3)
    # unequal sizes (stabm's example, p = 10): (|&| - n1 n2/p) / ((n1 + n2)/2 - n1 n2/p)
    # = ((3 - 1.2)/2.3 + (3 - 1.5)/2.5 + (4 - 2)/2.5) / 3. stabm itself switches to its
    # stabilityUnadjusted (max sqrt(n1 n2)) here and prints 0.7453833: see the next test.
    want = (1.8 / 2.3 + 1.5 / 2.5 + 2 / 2.5) / 3
    assert yu_stability(STABM_FEATS, np.eye(10)) == pytest.approx(want, abs=1e-12)


# ------------------------------------------------------------------- Intersection MBM
def _brute_matching(a, b, A):
    """Maximum matching between a - b and b - a by trying every injective assignment."""
    left, right = sorted(a - b), sorted(b - a)
    if len(left) > len(right):
        left, right = right, left
    best = 0
    for perm in permutations(right, len(left)):
        best = max(best, sum(bool(A[x, y]) for x, y in zip(left, perm)))
    return len(a & b) + best


def test_mbm_hand_worked_matching_differs_from_counting():
    # p = 5; 0 ~ 2 and 1 ~ 2 similar, nothing else. V1 = {0,1,4}, V2 = {2,3,4}:
    # |&| = 1; V1 \ V2 = {0,1}, V2 \ V1 = {2,3}: only one of 0, 1 can be matched to 2,
    # so I_MBM = 2, while Yu counts O_12 = 2, O_21 = 1: I_Yu = 1 + 3/2 = 2.5
    S = _twins(5, {(0, 2): 0.95, (1, 2): 0.93})
    runs = [[0, 1, 4], [2, 3, 4]]
    assert intersection_mbm_stability(runs, S, correction="none") == 2.0
    assert yu_stability(runs, S, correction="none") == 2.5
    # corrected: (2 - E) / (sqrt(3*3) - E), E by brute-force enumeration of 3-sets x 3-sets
    A = S >= 0.9
    np.fill_diagonal(A, False)
    E = _brute_expected(_brute_matching, 3, 3, A)
    assert intersection_mbm_stability(runs, S, correction="exact") == pytest.approx(
        (2 - E) / (3 - E), abs=1e-12)
    est = intersection_mbm_stability(runs, S, n_samples=20_000, random_state=0)
    assert est == pytest.approx((2 - E) / (3 - E), abs=0.02)


def test_mbm_matches_stabm_documented_example():
    # stabilityIntersectionMBM(features = feats, sim.mat = mat, N = 1000) printed 0.5581065
    # (simulated; sd of our own N = 1000 simulation over seeds 0.0033; exact enumeration
    # gives 0.56285 but takes a minute); tolerance 0.015
    est = intersection_mbm_stability(STABM_FEATS, STABM_SIM, n_samples=3000, random_state=1)
    assert est == pytest.approx(0.5581065, abs=0.015)


def test_mbm_without_similar_features_is_stabm_unadjusted():
    # stabilityUnadjusted(features = feats, p = 10) printed 0.7453833
    assert intersection_mbm_stability(STABM_FEATS, np.eye(10)) == pytest.approx(
        0.7453833, abs=5e-8)


# ------------------------------------------------------------------------------ inputs
@pytest.mark.parametrize("func", [yu_stability, zucknick_stability,
                                  intersection_mbm_stability])
def test_identical_runs_are_perfectly_stable(func):
    S = _twins(6, {(0, 1): 0.97, (2, 3): 0.91})
    assert func([[0, 2, 5]] * 3, S) == pytest.approx(1.0)


@pytest.mark.parametrize("func", [yu_stability, zucknick_stability,
                                  intersection_mbm_stability])
@pytest.mark.parametrize("sel, sim, match", [
    ([[0, 1], [1, 2]], np.ones((3, 4)), "square"),
    ([[0, 1], [1, 2]], [[1, 0.5, 0], [0.2, 1, 0], [0, 0, 1]], "symmetric"),
    ([[0, 1], [1, 2]], 2 * np.eye(3), r"\[0, 1\]"),
    ([[0, 1], [1, 3]], np.eye(3), r"run 1: feature indices"),
    ([[0, 0], [1, 2]], np.eye(3), "twice"),
    ([[0, 1]], np.eye(3), "at least two runs"),
    ([[], []], np.eye(3), "undefined"),
    ([[0.5, 1], [1, 2]], np.eye(3), "integer"),
    (np.ones((2, 4), int), np.eye(3), "binary with p = 3"),
])
def test_bad_input_is_named(func, sel, sim, match):
    with pytest.raises(ValueError, match=match):
        func(sel, sim)


def test_bad_threshold_and_correction():
    with pytest.raises(ValueError, match="threshold"):
        zucknick_stability([[0], [1]], np.eye(3), threshold=1.5)
    with pytest.raises(ValueError, match="correction"):
        yu_stability([[0], [1]], np.eye(3), correction="simulate")
