"""SPE-ranker (Quevedo 2007, Algorithm 1): ranking by Eq. (10), Gram-Schmidt redundancy (Eq. 14)."""
import numpy as np
import pytest
from sklearn.base import clone

from featrank.rankers import SPERanker
from featrank.rankers.spe import eq14_delta, gram_schmidt_redundancy, spe_scores


def _brute_scores(X, y, d):
    out = np.zeros(X.shape[1])
    for i in range(X.shape[1]):
        for j in range(1, d + 1):
            f = X[:, i] ** j
            if np.std(f) > 0:
                out[i] = max(out[i], np.corrcoef(f, y)[0, 1] ** 2)
    return out


@pytest.mark.parametrize("d", [1, 2, 3])
def test_order_equals_brute_force_max_squared_correlation(d):
    rng = np.random.default_rng(d)
    X = rng.uniform(-1, 1, (60, 25)) + rng.normal(0, 0.1, 25)
    y = (X[:, 3] ** 2 + 0.5 * X[:, 7] + 0.3 * rng.normal(size=60) > 0.4).astype(int)
    brute = _brute_scores(X, y, d)
    r = SPERanker(degree=d, remove_redundant=False).fit(X, y)
    np.testing.assert_allclose(r.scores_, brute, atol=1e-12)
    np.testing.assert_array_equal(r.top_features_, np.argsort(-brute, kind="stable"))
    assert r.redundant_.size == 0


def test_degree_two_finds_a_quadratic_variable_degree_one_misses():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (200, 10))
    y = (np.abs(X[:, 4]) > 0.5).astype(int)
    assert SPERanker(degree=2).fit(X, y).top_features_[0] == 4
    assert SPERanker(degree=1).fit(X, y).top_features_[0] != 4


def test_exactly_scaled_copy_is_flagged_redundant_once():
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, (80, 12))
    y = (X[:, 2] + 0.3 * X[:, 5] > 0).astype(int)
    X = np.column_stack([X, -2.5 * X[:, 2] + 7.0])     # column 12: an affine copy of 2
    r = SPERanker(degree=1).fit(X, y)
    assert np.isclose(r.scores_[2], r.scores_[12])
    assert r.redundant_.tolist() == [12]               # tie broken to the lower index
    assert r.top_features_[0] == 2 and r.top_features_[-1] == 12
    assert sorted(r.top_features_.tolist()) == list(range(13))
    # without Gram-Schmidt the copy stays next to its original
    r0 = SPERanker(degree=1, remove_redundant=False).fit(X, y)
    assert r0.top_features_[:2].tolist() == [2, 12]


def test_eq14_threshold_on_two_variables_is_rho_squared_eight_ninths():
    # with one candidate left, ratio = sqrt(1 - rho^2) and delta = (1 + ratio) / 4, so the
    # candidate is redundant iff ratio < 1/3, i.e. |rho| > sqrt(8/9) = 0.9428
    assert eq14_delta([1 / 3]) == pytest.approx(1 / 3)
    rng = np.random.default_rng(2)
    a = rng.normal(size=300)
    b = rng.normal(size=300)
    b -= (b @ (a - a.mean())) / ((a - a.mean()) @ (a - a.mean())) * (a - a.mean())
    a, b = (a - a.mean()) / a.std(), (b - b.mean()) / b.std()
    for rho, flagged in [(-0.96, True), (0.95, True), (-0.93, False), (0.9, False)]:
        x2 = rho * a + np.sqrt(1 - rho ** 2) * b
        assert np.isclose(np.corrcoef(a, x2)[0, 1], rho)
        red, _ = gram_schmidt_redundancy(np.column_stack([a, x2]), [0, 1])
        assert (red.tolist() == [1]) is flagged


def test_eq14_delta_is_half_the_mean_ratio_with_a_pseudo_count():
    assert eq14_delta([1.0, 1.0, 1.0]) == pytest.approx(0.5)
    assert eq14_delta([0.2, 0.6]) == pytest.approx(0.5 * 1.8 / 3)


def test_xi_rule_limits_the_basis():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(9, 40))
    y = np.arange(9) % 2
    for xi in (0.1, 1 / 3, 2 / 3):
        r = SPERanker(xi=xi).fit(X, y)
        assert 1 <= r.n_basis_ <= int(np.ceil(xi * 9))
    assert SPERanker(xi=0.1).fit(X, y).n_basis_ == 1


def test_linear_combination_redundancy_and_order_layout():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(100, 6))
    X[:, 5] = X[:, 0] - 2 * X[:, 1]
    y = (X[:, 5] + 0.1 * X[:, 3] > 0).astype(int)
    r = SPERanker().fit(X, y)
    assert len(set(r.redundant_.tolist())) == r.redundant_.size >= 1
    n_red = r.redundant_.size
    np.testing.assert_array_equal(r.top_features_[-n_red:], r.redundant_)
    rest = r.top_features_[:-n_red]
    assert np.all(np.diff(r.scores_[rest]) <= 0)


def test_scale_and_shift_invariance_degree_one():
    rng = np.random.default_rng(5)
    X = rng.uniform(-1, 1, (50, 8))
    y = (X[:, 1] - X[:, 6] > 0).astype(int)
    a = SPERanker().fit(X, y)
    b = SPERanker().fit(X * rng.uniform(0.1, 10, 8) + 3.0, y)
    np.testing.assert_allclose(a.scores_, b.scores_, atol=1e-10)
    np.testing.assert_array_equal(a.top_features_, b.top_features_)


def test_constant_column_scores_zero_and_is_not_redundant():
    rng = np.random.default_rng(6)
    X = rng.normal(size=(30, 4))
    X[:, 2] = 1.0
    y = (X[:, 0] > 0).astype(int)
    r = SPERanker(degree=2).fit(X, y)
    assert r.scores_[2] == 0 and 2 not in r.redundant_


def test_params_clone_and_errors():
    r = SPERanker(degree=3, xi=0.5, remove_redundant=False)
    assert clone(r).get_params() == {"degree": 3, "xi": 0.5, "remove_redundant": False,
                                     "n_features_to_select": None}
    X, y = np.random.default_rng(0).normal(size=(10, 3)), np.arange(10) % 2
    with pytest.raises(ValueError, match="degree"):
        SPERanker(degree=0).fit(X, y)
    with pytest.raises(ValueError, match="xi"):
        SPERanker(xi=1.5).fit(X, y)
    with pytest.raises(ValueError, match="two classes"):
        SPERanker().fit(X, np.zeros(10))
    X[0, 0] = np.nan
    with pytest.raises(ValueError, match="missing"):
        SPERanker().fit(X, y)


def test_spe_scores_bounded():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(20, 5))
    s = spe_scores(X, (X[:, 0] > 0).astype(int), 4)
    assert np.all((0 <= s) & (s <= 1))
