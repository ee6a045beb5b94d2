"""Slavkov 2020 synthetic data (Appendix A1), Eq. (5), noisy rankings R_theta, Eq. (6)."""
import numpy as np
import pytest
from scipy.stats import spearmanr

from featrank.datasets import Dataset
from featrank.datasets import slavkov2020 as s20
from featrank.evaluate import ranking_distance, spearman_rho


def _within(est, p, n, z=4.5):
    return abs(est - p) <= z * np.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize("kind, n_rel", [("single", 9), ("pair", 18), ("combined", 27)])
def test_shapes_and_ground_truth(kind, n_rel):
    d = s20.make_synthetic(kind, random_state=1)
    assert isinstance(d, Dataset) and d.shape == (1000, 100)
    assert set(np.unique(d.X)) <= {0.0, 1.0} and set(np.unique(d.y)) == {0, 1}
    assert d.relevant.size == n_rel and np.all(d.relevance[d.relevant] > 0)
    assert np.all(d.relevance[np.setdiff1d(np.arange(100), d.relevant)] == 0)
    # three groups of copies per kind of set: 3 or 6 features each
    assert sum(len(g) for g in d.redundant) == n_rel
    for g in d.redundant:
        assert np.unique(d.relevance[g]).size == 1


def test_same_seed_same_data_other_seed_differs():
    a, b = s20.make_synthetic("combined", random_state=3), s20.make_synthetic("combined", random_state=3)
    c = s20.make_synthetic("combined", random_state=4)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
    assert not np.array_equal(a.X, c.X)


def test_generator_matches_stated_probabilities():
    n = 40000
    d = s20.make_synthetic("combined", n_samples=n, random_state=7)
    X, y = d.X.astype(int), d.y
    assert _within(y.mean(), 0.5, n)
    for feats, p in s20.interaction_sets("combined"):
        if len(feats) == 1:
            assert _within(np.mean(X[:, feats[0]] == y), p, n)
        else:
            i, j = feats
            assert _within(np.mean((X[:, i] ^ X[:, j]) == y), p, n)      # P(XOR = F_t) = p
            assert _within(np.mean(X[:, i] == y), 0.5, n)                # each alone: noise
            assert _within(np.mean(X[:, j] == y), 0.5, n)
    for j in np.flatnonzero(d.relevance == 0):
        assert _within(np.mean(X[:, j] == y), 0.5, n)
    # copies are independently realised: two p=0.8 copies agree with prob p^2 + (1-p)^2
    assert _within(np.mean(X[:, 0] == X[:, 1]), 0.8 ** 2 + 0.2 ** 2, n)


def _empirical_mi_bits(cols, y):
    keys = np.ravel_multi_index(tuple(cols.T), (2,) * cols.shape[1]) * 2 + y
    joint = np.bincount(keys, minlength=2 ** (cols.shape[1] + 1)).reshape(-1, 2) / y.size
    px, py = joint.sum(1, keepdims=True), joint.sum(0, keepdims=True)
    nz = joint > 0
    return float((joint[nz] * np.log2(joint[nz] / (px @ py)[nz])).sum())


def test_relevance_eq5_values_and_empirical_mutual_information():
    rel = s20.ground_truth_relevance("combined")
    h = lambda p: -(p * np.log2(p) + (1 - p) * np.log2(1 - p))
    assert rel[0] == pytest.approx(1 - h(0.8)) and rel[0] == pytest.approx(0.278071, abs=1e-6)
    assert rel[9] == pytest.approx((1 - h(0.8)) / 2)          # first XOR pair feature
    assert rel[-1] == 0
    d = s20.make_synthetic("combined", n_samples=40000, random_state=2)
    X = d.X.astype(int)
    for feats, p in s20.interaction_sets("combined")[::4]:
        mi = _empirical_mi_bits(X[:, list(feats)], d.y)
        assert mi == pytest.approx(rel[feats[0]] * len(feats), abs=0.01)


def test_noisy_rankings_theta0_is_ground_truth_and_exact_count():
    rel = s20.ground_truth_relevance("pair")
    orders = s20.noisy_rankings(rel, 0.0, 5, random_state=0)
    assert np.all(orders == s20.ground_truth_order(rel))
    noisy = s20.noisy_relevances(rel, 0.2, 50, random_state=0, scale="none")
    changed = (noisy != rel).sum(axis=1)
    assert np.all(changed == 20)                                    # round(0.2 * 100)
    assert np.all((noisy >= 0) & (noisy <= 1))
    scaled = s20.noisy_relevances(rel, 0.0, 1, scale="max")[0]
    assert scaled.max() == 1 and np.array_equal(np.argsort(-scaled, kind="stable"),
                                                np.argsort(-rel, kind="stable"))


def test_noisy_rankings_seeded_and_valid_orders():
    rel = s20.ground_truth_relevance("single")
    a = s20.noisy_rankings(rel, 0.3, 4, random_state=5)
    b = s20.noisy_rankings(rel, 0.3, 4, random_state=5)
    assert np.array_equal(a, b)
    assert np.all(np.sort(a, axis=1) == np.arange(100))


@pytest.mark.parametrize("kind", s20.KINDS)
def test_distance_grows_with_theta(kind):
    rel = s20.ground_truth_relevance(kind)
    d = [ranking_distance(rel, s20.noisy_relevances(rel, t, 200, random_state=1))
         for t in (0.0, 0.05, 0.1, 0.2, 0.5, 1.0)]
    assert d[0] == pytest.approx(0.0)
    assert np.all(np.diff(d) > 0)
    assert d[-1] == pytest.approx(1.0, abs=0.05)        # random ranking: E[rho] = 0


def test_eq6_hand_worked():
    # ranks GT (1,2,3,4), noisy (4,2,3,1): sum d^2 = 18, rho = 1 - 6*18/(4*15) = -0.8
    gt = np.array([3.0, 2.0, 1.0, 0.0])
    noisy = np.array([[0.0, 2.0, 1.0, 3.0], [3.0, 2.0, 1.0, 0.0]])
    assert spearman_rho(gt, noisy[0])[0] == pytest.approx(-0.8)
    assert ranking_distance(gt, noisy) == pytest.approx(1 - (-0.8 + 1.0) / 2)
    # ties: GT (1,0,0,0) -> mid-ranks (1,3,3,3); noisy ranks (4,1,2,3): rho = -3/sqrt(15)
    gt2, nz2 = np.array([1.0, 0, 0, 0]), np.array([0.0, 1.0, 0.5, 0.2])
    assert spearman_rho(gt2, nz2)[0] == pytest.approx(-3 / np.sqrt(15))
    assert spearman_rho(gt2, nz2)[0] == pytest.approx(spearmanr(-gt2, -nz2)[0])
    # ties by index: GT ranks (1,2,3,4), d = (3,1,1,1): rho = 1 - 6*12/60 = -0.2
    assert spearman_rho(gt2, nz2, ties="index")[0] == pytest.approx(-0.2)


def test_bad_input_raises():
    with pytest.raises(ValueError, match="unknown synthetic"):
        s20.make_synthetic("triple")
    with pytest.raises(ValueError, match="theta"):
        s20.noisy_relevances(np.ones(3), 1.5)
    with pytest.raises(ValueError, match="NaN"):
        s20.noisy_relevances(np.array([1.0, np.nan]), 0.1)
    with pytest.raises(ValueError, match="features"):
        ranking_distance(np.ones(3), np.ones((2, 4)))
