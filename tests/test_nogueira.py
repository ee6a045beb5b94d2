"""Nogueira, Sechidis & Brown (2018) stability of feature selection: the paper's properties
(1 for identical subsets, 0 in expectation for random subsets of a fixed size, bounds
[-1/(M-1), 1]), the estimate re-derived with explicit loops from the definitions (sample
variances, mean size), a jackknife check of the variance, and simulated coverage / size of the
confidence interval and the two-sample test. Tolerances fixed in advance and stated per test."""
import numpy as np
import pytest

from featrank.evaluate import nogueira_stability, nogueira_test


def _loops(Z):
    """Phi from the definitions, by explicit loops: sample variance of each column and the
    mean number of features selected."""
    M, d = len(Z), len(Z[0])
    s2 = []
    for f in range(d):
        col = [Z[i][f] for i in range(M)]
        mu = sum(col) / M
        s2.append(sum((c - mu) ** 2 for c in col) / (M - 1))
    kbar = sum(sum(row) for row in Z) / M
    return 1 - (sum(s2) / d) / ((kbar / d) * (1 - kbar / d))


def _bernoulli(rng, q, M):
    return (rng.random((M, q.size)) < q).astype(int)


def _population_phi(q):
    """Population stability of independent selections with probabilities q."""
    d, k = q.size, q.sum()
    return 1 - np.mean(q * (1 - q)) / ((k / d) * (1 - k / d))


def test_identical_subsets_are_stable():
    Z = np.tile([1, 0, 1, 1, 0, 0], (7, 1))
    r = nogueira_stability(Z)
    assert r.estimate == 1.0 and r.variance == 0.0 and r.lower == r.upper == 1.0


@pytest.mark.parametrize("seed", range(5))
def test_estimate_equals_the_loops_and_lies_in_the_bounds(seed):
    rng = np.random.default_rng(seed)
    M, d = int(rng.integers(2, 15)), int(rng.integers(3, 30))
    Z = (rng.random((M, d)) < rng.uniform(0.1, 0.9)).astype(int)
    Z[0, 0], Z[0, 1] = 1, 0                        # neither empty nor full on average
    est = nogueira_stability(Z).estimate
    assert est == pytest.approx(_loops(Z.tolist()), rel=1e-12, abs=1e-12)
    assert -1 / (M - 1) - 1e-12 <= est <= 1.0


def test_lower_bound_is_reached_by_disjoint_subsets():
    # M = 3 runs, each selecting a different third of d = 6: -1/(M-1) = -0.5
    Z = np.kron(np.eye(3, dtype=int), np.ones((1, 2), dtype=int))
    assert nogueira_stability(Z).estimate == pytest.approx(-0.5, abs=1e-12)


def test_random_fixed_size_subsets_have_zero_expectation():
    # 600 replicates of M = 10 random subsets of size 5 of 40: the mean must lie within
    # 3 standard errors of 0
    rng = np.random.default_rng(1)
    est = []
    for _ in range(600):
        Z = np.zeros((10, 40), dtype=int)
        for row in Z:
            row[rng.choice(40, 5, replace=False)] = 1
        est.append(nogueira_stability(Z).estimate)
    est = np.array(est)
    assert abs(est.mean()) <= 3 * est.std(ddof=1) / np.sqrt(est.size)


def test_interval_stays_within_the_values_phi_can_take():
    # all but one run select the same set: Phi near 1, its normal interval would pass 1
    Z = np.tile([1, 1, 0, 0, 0, 0], (10, 1))
    Z[0] = [1, 0, 1, 0, 0, 0]
    r = nogueira_stability(Z)
    assert r.estimate + 1.96 * np.sqrt(r.variance) > 1.0
    assert r.upper == 1.0 and r.lower < r.estimate
    # nearly disjoint subsets: the interval is cut at the lower bound -1 / (M - 1)
    Z = np.kron(np.eye(3, dtype=int), np.ones((1, 2), dtype=int))
    Z[0, 2] = 1
    r = nogueira_stability(Z)
    assert r.lower >= -0.5 and r.upper > r.estimate


def test_variance_agrees_with_the_jackknife():
    # large M: the paper's variance and the jackknife estimate the same quantity; their
    # ratio must lie in [0.8, 1.25]
    rng = np.random.default_rng(2)
    q = np.r_[np.full(5, 0.9), np.full(25, 0.15)]
    Z = _bernoulli(rng, q, 400)
    v = nogueira_stability(Z).variance
    loo = np.array([nogueira_stability(np.delete(Z, i, axis=0)).estimate for i in range(400)])
    jack = (399 / 400) * np.sum((loo - loo.mean()) ** 2)
    assert 0.8 <= v / jack <= 1.25


def test_confidence_interval_coverage():
    # 95 % intervals over 400 simulated samples of M = 100: coverage in [0.90, 0.99]
    rng = np.random.default_rng(3)
    q = np.r_[np.full(4, 0.85), np.full(3, 0.5), np.full(13, 0.1)]
    true = _population_phi(q)
    hits = 0
    for _ in range(400):
        r = nogueira_stability(_bernoulli(rng, q, 100))
        hits += r.lower <= true <= r.upper
    assert 0.90 <= hits / 400 <= 0.99


def test_two_sample_test_size_and_power():
    # same procedure twice: rejection rate at 0.05 in [0.01, 0.10] over 300 pairs;
    # a clearly more stable procedure is detected in at least 90 % of 50 pairs
    rng = np.random.default_rng(4)
    q = np.r_[np.full(4, 0.8), np.full(16, 0.15)]
    rejected = sum(nogueira_test(_bernoulli(rng, q, 60), _bernoulli(rng, q, 60)).p_value < 0.05
                   for _ in range(300))
    assert 0.01 <= rejected / 300 <= 0.10
    q2 = np.r_[np.full(4, 0.5), np.full(16, 0.3)]
    tests = [nogueira_test(_bernoulli(rng, q, 60), _bernoulli(rng, q2, 60)) for _ in range(50)]
    assert sum(t.p_value < 0.05 and t.statistic > 0 for t in tests) >= 45


def test_bad_input():
    with pytest.raises(ValueError, match="binary"):
        nogueira_stability([[0, 2], [1, 0]])
    with pytest.raises(ValueError, match="undefined"):
        nogueira_stability([[0, 0], [0, 0]])
    with pytest.raises(ValueError, match="M >= 2"):
        nogueira_stability([[0, 1]])
    with pytest.raises(ValueError, match="different numbers"):
        nogueira_test([[0, 1], [1, 0]], [[0, 1, 0], [1, 0, 0]])
