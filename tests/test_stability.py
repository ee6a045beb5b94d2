import itertools

import numpy as np
import pytest

from featrank.evaluate.stability import (canberra, expected_canberra, pairwise_canberra,
                                         stability_curve)


def test_canberra_hand_worked():
    a, b = np.array([0, 1, 2]), np.array([1, 0, 2])
    # ranks a: (1, 2, 3), b: (2, 1, 3) -> 1/3 + 1/3 + 0
    assert canberra(a, b) == pytest.approx(2 / 3)
    # top-1: ranks truncated at 2 -> a: (1, 2, 2), b: (2, 1, 2)
    assert canberra(a, b, k=1) == pytest.approx(2 / 3)
    # reversed order of 4: ranks (1,2,3,4) vs (4,3,2,1): 3/5 + 1/5 + 1/5 + 3/5
    assert canberra([0, 1, 2, 3], [3, 2, 1, 0]) == pytest.approx(1.6)
    # top-2 of it: (1,2,3,3) vs (3,3,2,1): 2/4 + 1/5 + 1/5 + 2/4
    assert canberra([0, 1, 2, 3], [3, 2, 1, 0], k=2) == pytest.approx(1.4)
    assert canberra(a, a) == 0.0


def test_canberra_rejects_bad_input():
    with pytest.raises(ValueError):
        canberra([0, 1, 1], [0, 1, 2])
    with pytest.raises(ValueError):
        canberra([0, 1, 2], [0, 1, 2], k=4)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_expected_canberra_equals_exact_enumeration(n):
    perms = [np.array(p) for p in itertools.permutations(range(n))]
    for k in range(1, n + 1):
        brute = np.mean([canberra(a, b, k) for a in perms for b in perms])
        assert expected_canberra(n, k) == pytest.approx(brute, rel=1e-12, abs=1e-12)


def test_expected_canberra_matches_monte_carlo():
    rng = np.random.default_rng(1)
    n, k, m = 40, 12, 4000
    draws = [canberra(rng.permutation(n), rng.permutation(n), k) for _ in range(m)]
    se = np.std(draws) / np.sqrt(m)
    assert abs(np.mean(draws) - expected_canberra(n, k)) < 4 * se


def test_eq3_as_printed_is_far_off_and_sign_fix_is_close():
    exact = expected_canberra(100, 100)
    assert exact == pytest.approx(38.03, abs=0.01)
    assert expected_canberra(100, 100, method="eq3") > 10 * exact
    worst = max(abs(expected_canberra(n, k, method="eq3_fixed") / expected_canberra(n, k) - 1)
                for n in (8, 20, 60, 300) for k in range(8, n + 1))
    assert worst < 0.033
    # the full list tends to (log 4 - 1) n
    assert expected_canberra(5000) / 5000 == pytest.approx(np.log(4) - 1, rel=2e-3)


def test_stability_curve_equals_naive_pairwise_mean():
    rng = np.random.default_rng(0)
    O = np.argsort(rng.random((6, 25)), axis=1)
    sizes = np.arange(1, 26)
    raw = stability_curve(O, normalize=False)
    naive = [pairwise_canberra(O, k)[np.triu_indices(6, 1)].mean() for k in sizes]
    np.testing.assert_allclose(raw, naive, rtol=1e-12)
    norm = stability_curve(O, sizes=[1, 5, 25])
    np.testing.assert_allclose(norm, np.array(naive)[[0, 4, 24]] /
                               [expected_canberra(25, k) for k in (1, 5, 25)], rtol=1e-12)


def test_stability_curve_limits():
    O = np.tile(np.arange(30), (4, 1))
    assert np.all(stability_curve(O) == 0)
    rng = np.random.default_rng(3)
    R = np.argsort(rng.random((60, 30)), axis=1)
    v = stability_curve(R, sizes=[5, 15, 30])
    np.testing.assert_allclose(v, 1, atol=0.05)       # random rankings: about 1
    with pytest.raises(ValueError):
        stability_curve(O[:1])


def test_matches_mlpy_documented_canberra_stability():
    """mlpy's documentation (``canberra_stability``, Jurman et al. 2008) gives
    0.74862979571499755 for three position vectors (feature -> 0-based position) at k = 3;
    Eq. (4) at i = 3 on the same rankings, written as orders, is that number."""
    positions = np.array([[2, 4, 1, 3, 0], [3, 4, 1, 2, 0], [2, 4, 3, 0, 1]])
    orders = np.argsort(positions, axis=1)
    value = stability_curve(orders, sizes=[3])[0]
    assert value == pytest.approx(0.74862979571499755, abs=1e-14)
