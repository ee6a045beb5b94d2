"""The rivals of the SPE-ranker (Quevedo 2007, Sec. 2): each on a problem whose relevant
variables are obvious, plus checks of each criterion against a brute-force computation."""
from functools import partial

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.utils._param_validation import InvalidParameterError

from featrank.rankers import (FCBF, R2W2, DegroeveRFE, GSReliefK, RakotomamonjyRFE, ReliefK,
                              StoppigliaSM)
from featrank.rankers.margin import r2w2_bound, variance_squared
from featrank.rankers.quevedo_rivals import (_fit_dual, degroeve_criterion, knn_hits_misses,
                                             radius_squared, relief_k_scores, su_with)
from weka_oracle import read_arff, weka_scores


def _linear(n=80, m=15, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, m))
    y = (2 * X[:, 3] - 1.5 * X[:, 7] + 0.1 * rng.normal(size=n) > 0).astype(int)
    return X, y


def _quadratic(n=120, m=12, seed=1):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, m))
    y = (X[:, 5] ** 2 + 0.5 * X[:, 9] > 0.4).astype(int)
    return X, y


LINEAR_RANKERS = [StoppigliaSM(), ReliefK(n_neighbors=10), GSReliefK(n_neighbors=10), FCBF(),
                  RakotomamonjyRFE(C=1.0), DegroeveRFE(C=1.0), R2W2()]


@pytest.mark.parametrize("ranker", LINEAR_RANKERS, ids=lambda r: type(r).__name__)
def test_obvious_linear_problem(ranker):
    X, y = _linear()
    r = clone(ranker).fit(X, y)
    assert set(r.top_features_[:2].tolist()) == {3, 7}
    assert sorted(r.top_features_.tolist()) == list(range(15))
    assert r.ranking_[r.top_features_[0]] == 1


@pytest.mark.parametrize("ranker", [StoppigliaSM(degree=2), RakotomamonjyRFE(degree=2),
                                    DegroeveRFE(degree=2), R2W2(degree=2), ReliefK(n_neighbors=10)],
                         ids=lambda r: type(r).__name__)
def test_obvious_quadratic_problem(ranker):
    X, y = _quadratic()
    r = clone(ranker).fit(X, y)
    assert set(r.top_features_[:2].tolist()) == {5, 9}


def test_sm_second_pick_maximises_the_gain_in_regression_r2():
    X, y = _linear(n=60, m=10, seed=3)
    r = StoppigliaSM().fit(X, y)
    first = int(np.argmax([np.corrcoef(X[:, j], y)[0, 1] ** 2 for j in range(10)]))
    assert r.top_features_[0] == first

    def r2(cols):
        A = np.column_stack([np.ones(60), X[:, cols]])
        res = y - A @ np.linalg.lstsq(A, y, rcond=None)[0]
        return 1 - res @ res / ((y - y.mean()) @ (y - y.mean()))

    gains = [r2([first, j]) if j != first else -1 for j in range(10)]
    assert r.top_features_[1] == int(np.argmax(gains))


def test_relief_k_matches_a_loop():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(25, 4))
    y = (X[:, 0] > 0).astype(int)
    k = 3
    hits, misses = knn_hits_misses(X, y, k)
    num, den = np.zeros(4), np.zeros(4)
    for e in range(25):
        dist = np.linalg.norm(X - X[e], axis=1)
        dist[e] = np.inf
        same = np.flatnonzero(y == y[e])
        other = np.flatnonzero(y != y[e])
        h = same[np.argsort(dist[same], kind="stable")[:k]]
        mm = other[np.argsort(dist[other], kind="stable")[:k]]
        assert set(h) == set(hits[e]) and set(mm) == set(misses[e])
        num += np.abs(X[mm] - X[e]).sum(axis=0)
        den += np.abs(X[h] - X[e]).sum(axis=0)
    np.testing.assert_allclose(relief_k_scores(X, hits, misses), num / den)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_degroeve_criterion_matches_mean_replacement(d):
    rng = np.random.default_rng(d)
    X = rng.uniform(-1, 1, (30, 6))
    y = np.where(X[:, 0] + X[:, 1] ** 2 > 0.3, 1.0, -1.0)
    G = X @ X.T
    sv, beta, _, _ = _fit_dual((G + 1) ** d, y, 1.0, 100_000)
    naive = []
    for i in range(6):
        Xi = X.copy()
        Xi[:, i] = X[:, i].mean()
        naive.append(beta @ ((Xi @ Xi.T + 1) ** d)[sv] @ y)   # Eq. (4)
    np.testing.assert_allclose(degroeve_criterion(X, G, sv, beta, y, d), naive, rtol=1e-9)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_rakotomamonjy_criterion_is_the_derivative_of_w2(d):
    rng = np.random.default_rng(10 + d)
    X = rng.uniform(-1, 1, (30, 5))
    y = np.where(X[:, 2] - X[:, 4] > 0, 1.0, -1.0)
    G = X @ X.T
    sv, beta, _, _ = _fit_dual((G + 1) ** d, y, 1.0, 100_000)

    def w2(s):
        Xs = X[sv] * s
        return beta @ (Xs @ Xs.T + 1) ** d @ beta

    eps = 1e-6
    fd = [abs(w2(1 + eps * np.eye(5)[i]) - w2(1 - eps * np.eye(5)[i])) / (2 * eps)
          for i in range(5)]
    crit = RakotomamonjyRFE(degree=d)._criterion(X, G, sv, beta, y, d)
    np.testing.assert_allclose(crit, fd, rtol=1e-5)


def test_radius_of_points_on_a_line():
    x = np.array([[-1.0], [1.0], [3.0], [0.5]])
    R2, g = radius_squared(x @ x.T, n_iter=2000)
    assert R2 == pytest.approx(4.0, abs=1e-6)
    assert g[3] == pytest.approx(0.0, abs=1e-6)


def test_r2w2_decreases_its_bound():
    X, y = _linear()
    r = R2W2(n_iter=15).fit(X, y)
    assert r.bound_[-1] < r.bound_[0]
    assert r.scaling_[[3, 7]].min() > np.delete(r.scaling_, [3, 7]).max()



def _xor4(n=25, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 4))
    return X, np.where(X[:, 0] * X[:, 1] + 0.3 * X[:, 2] > 0, 1, -1)


@pytest.mark.parametrize("d, C", [(1, 1.0), (2, np.inf), (2, 1.0), (3, np.inf), (3, 1.0)])
@pytest.mark.parametrize("radius", ["ball", "variance"])
def test_r2w2_gradient_matches_finite_differences(d, C, radius):
    """The analytic gradient of R^2 W^2 in the scaling factors (envelope theorem) against
    central differences of the bound, with the SVM and the ball solved tightly."""
    rad = partial(radius_squared, n_iter=5000) if radius == "ball" else variance_squared
    X, y = _xor4()
    s, h = np.array([1.2, 0.7, 1.0, 0.9]), 1e-3
    _, grad, ok = r2w2_bound(X, y, s, d, C, rad, tol=1e-12)
    fd = [(r2w2_bound(X, y, s + h * e, d, C, rad, tol=1e-12)[0]
           - r2w2_bound(X, y, s - h * e, d, C, rad, tol=1e-12)[0]) / (2 * h) for e in np.eye(4)]
    assert ok
    assert np.abs(grad - fd).max() < 5e-3 * np.abs(fd).max()


def test_r2w2_reports_hard_margin_fits_that_hit_the_cap():
    """Linear, hard margin, on data no hyperplane separates: libsvm stops at its cap, and the
    ranker counts it."""
    X, y = _xor4()
    assert not r2w2_bound(X, y, np.ones(4), 1, np.inf, variance_squared, max_iter=2000)[2]
    r = R2W2(degree=1, n_iter=3, max_iter=2000).fit(X, y)
    assert r.n_iter_ == 3 and r.n_unconverged_ == 3
    assert R2W2(degree=1, C=1.0, n_iter=3).fit(X, y).n_unconverged_ == 0


def test_r2w2_normalised_kernel_is_a_rescaling_of_the_inputs():
    X, y = _quadratic()
    c = np.sqrt(np.mean((X ** 2).sum(axis=1)))
    a = R2W2(degree=2, n_iter=5, normalize=True).fit(X, y)
    b = R2W2(degree=2, n_iter=5).fit(X / c, y)
    assert np.allclose(a.scaling_, b.scaling_)

def _su_brute(a, b):
    """SU = 2 (H(a) + H(b) - H(a, b)) / (H(a) + H(b)) from frequencies, in bits."""
    def h(*cols):
        _, c = np.unique(np.column_stack(cols), axis=0, return_counts=True)
        p = c / c.sum()
        return -(p * np.log2(p)).sum()
    return 2 * (h(a) + h(b) - h(a, b)) / (h(a) + h(b))


def test_fcbf_mdl_bins_and_symmetric_uncertainty():
    x = np.r_[np.linspace(0, 1, 20), np.linspace(2, 3, 20)]
    y = np.r_[np.zeros(20, int), np.ones(20, int)]
    rng = np.random.default_rng(0)
    r = FCBF().fit(np.column_stack([x, rng.normal(size=40)]), y)
    np.testing.assert_allclose(r.cut_points_[0], [1.5])
    assert r.cut_points_[1].size == 0 and r.scores_[1] == 0.0
    assert r.scores_[0] == pytest.approx(1.0)
    a = rng.integers(0, 3, 200)
    codes = np.column_stack([a, rng.integers(0, 3, 200), rng.integers(0, 4, 200)]).astype(float)
    su = su_with(codes, np.array([3, 3, 4]), a, 3)
    assert su[0] == pytest.approx(1.0) and su[1] < 0.05
    for j in (1, 2):
        assert su[j] == pytest.approx(_su_brute(codes[:, j], a), abs=1e-12)


@pytest.mark.parametrize("name", ["iris", "ionosphere"])
def test_fcbf_relevance_equals_wekas_symmetrical_uncertainty(name):
    # all-numeric data without missing values, where Weka's MDL (log2 of the number of distinct
    # cut candidates, "better encoding") differs from the textbook log2(N - 1) on some columns
    X, y, counts, _ = read_arff(name)
    assert not counts.any()
    np.testing.assert_allclose(FCBF().fit(X, y).scores_,
                               weka_scores(name, "SymmetricalUncertAttributeEval"),
                               rtol=1e-12, atol=1e-13)


def test_fcbf_removes_a_duplicate_as_redundant():
    X, y = _linear()
    X = np.column_stack([X, 3 * X[:, 3]])
    r = FCBF().fit(X, y)
    assert {3, 15} & set(r.redundant_.tolist())
    assert r.top_features_[0] in (3, 15)


def test_binary_only_and_bad_params():
    X = np.random.default_rng(0).normal(size=(30, 4))
    with pytest.raises(ValueError, match="binary"):
        RakotomamonjyRFE().fit(X, np.arange(30) % 3)
    with pytest.raises(ValueError, match="degree"):
        StoppigliaSM(degree=0).fit(X, np.arange(30) % 2)
    with pytest.raises(InvalidParameterError, match="'C' parameter of DegroeveRFE"):
        DegroeveRFE(C=0).fit(X, np.arange(30) % 2)
    with pytest.raises(ValueError, match="two examples"):
        ReliefK().fit(X, np.r_[1, np.zeros(29, int)])
