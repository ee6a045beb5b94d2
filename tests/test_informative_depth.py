"""informative_depth on simulated curves: accuracy grows with the number of informative
features a subset holds, plus a per-split effect shared by every order and independent noise
per point. Fixed in advance: with r informative features ranked first, the one-SE size lies
in [r - 1, r + 1]; the paired test finds every size 1..r significant; the rank test every size
from k* to r, k* the smallest size at which a random top-k is as informative as the ranking's
with probability C(r, k) / C(P, k) < alpha / K (below k* a random order matches the ranking too
often for its p-value to pass Holm: at k = 1 with r = 6 of 30 it does so one time in five); with no
informative feature (or a random ranking) "none" comes out in at least 90 % of 200 runs at
alpha = 0.05 (the nominal 95 % minus a 3-standard-error allowance of 4.6 %)."""
from math import comb

import numpy as np
import pytest

from featrank.evaluate import Curves, informative_depth

P, S, ORDERS = 30, 10, 100


def _acc(n_inf, k, r, gain):
    """Mean accuracy of a subset of k features holding n_inf of the r informative ones."""
    return 0.5 + gain * np.minimum(n_inf, r) / max(r, 1) - 0.001 * (k - n_inf)


def _simulate(rng, r, gain, ranking, sizes):
    split = 0.02 * rng.normal(size=(S, 1))                      # shared by all orders
    informative = np.zeros(P, dtype=bool)
    informative[:r] = True

    def curve(order, tail=False):
        sub = order[::-1] if tail else order
        n_inf = np.cumsum(informative[sub])[sizes - 1]
        return _acc(n_inf, sizes, r, gain)[None, :] + split + 0.01 * rng.normal(
            size=(S, sizes.size))

    orders = [rng.permutation(P) for _ in range(ORDERS)]
    ffa = np.stack([curve(o) for o in orders], axis=1)          # (S, orders, sizes)
    rfa = np.stack([curve(o, tail=True) for o in orders], axis=1)
    ffa_runs, rfa_runs = ffa.reshape(-1, sizes.size), rfa.reshape(-1, sizes.size)
    pooled = np.vstack([ffa_runs, rfa_runs])
    meta = {"n_splits": S, "n_orders": ORDERS, "ffa_runs": ffa_runs, "rfa_runs": rfa_runs,
            "order_curves": np.vstack([ffa.mean(axis=0), rfa.mean(axis=0)])}
    expected = Curves(sizes, pooled, pooled, P, meta=meta)
    return Curves(sizes, curve(np.asarray(ranking)), None, P), expected


@pytest.mark.parametrize("test", ["rank", "paired"])
@pytest.mark.parametrize("r", [3, 6])
def test_informative_block_gives_depth_near_r(test, r):
    rng = np.random.default_rng(r)
    sizes = np.arange(1, 9) if test == "rank" else np.arange(1, P + 1)
    ranking = np.r_[np.arange(r), rng.permutation(np.arange(r, P))]
    curves, expected = _simulate(rng, r, 0.3, ranking, sizes)
    d = informative_depth(curves, expected, test=test)
    assert d.test == test
    assert r - 1 <= d.one_se <= r + 1
    k_star = 1
    if test == "rank":
        k_star = next(k for k in range(1, r + 1)
                      if comb(r, k) / comb(P, k) < 0.05 / sizes.size)
    assert d.first <= k_star and d.last >= r
    assert d.significant[(sizes >= k_star) & (sizes <= r)].all()


@pytest.mark.parametrize("test", ["rank", "paired"])
def test_noise_gives_none_at_the_nominal_rate(test):
    rng = np.random.default_rng(11 if test == "rank" else 12)
    sizes = np.array([1, 2, 4, 8, 16]) if test == "rank" else np.array([1, 3, 10, 20, 30])
    none = 0
    for _ in range(200):
        curves, expected = _simulate(rng, 0, 0.0, rng.permutation(P), sizes)
        none += informative_depth(curves, expected, test=test).none
    assert none / 200 >= 0.90


def test_auto_and_error_scoring():
    rng = np.random.default_rng(5)
    ranking = np.arange(P)
    sizes = np.arange(1, 5)
    curves, expected = _simulate(rng, 4, 0.3, ranking, sizes)
    assert informative_depth(curves, expected).test == "rank"      # 201 * 0.05 >= 4 sizes
    wide = np.arange(1, P + 1)
    c2, e2 = _simulate(rng, 4, 0.3, ranking, wide)
    assert informative_depth(c2, e2).test == "paired"               # 201 * 0.05 < 30
    # the same curves as error rates give the same answer
    err = Curves(sizes, 1 - curves.ffa, None, P, scoring="error")
    m = dict(expected.meta)
    for k in ("ffa_runs", "rfa_runs", "order_curves"):
        m[k] = 1 - m[k]
    err_exp = Curves(sizes, 1 - expected.ffa, 1 - expected.rfa, P, scoring="error", meta=m)
    a, b = informative_depth(curves, expected), informative_depth(err, err_exp)
    assert (a.first, a.last, a.one_se) == (b.first, b.last, b.one_se)
    np.testing.assert_allclose(a.p_values, b.p_values)


def test_checks():
    rng = np.random.default_rng(0)
    curves, expected = _simulate(rng, 2, 0.3, np.arange(P), np.arange(1, 4))
    with pytest.raises(ValueError, match="test must be"):
        informative_depth(curves, expected, test="z")
    other = Curves(np.arange(2, 5), curves.ffa, None, P)
    with pytest.raises(ValueError, match="different sizes"):
        informative_depth(other, expected)
    with pytest.raises(ValueError, match="same CV splits"):
        informative_depth(Curves(curves.sizes, curves.ffa[:5], None, P), expected)
