"""Robust rank aggregation against R's RobustRankAggreg (Rscript; skipped without it) and
against hand computations with scipy.stats.beta. Tolerances fixed in advance: 1e-12 relative
against R (both evaluate the same regularised incomplete beta function in float64) and 1e-12
against the hand computations."""
import itertools

import numpy as np
import pytest
from scipy.stats import beta

from _rra_reference import MISSING, r_available, r_rra_scores
from featrank.aggregate import rra, rra_scores

RTOL = 1e-12


def _perm_lists(rng, m, p, signal=True):
    """m orders of p features; with ``signal`` the first few features tend to lead."""
    w = np.zeros(p)
    if signal:
        w[:3] = [3.0, 2.0, 1.5]
    return [np.argsort(-(w + rng.normal(size=p)), kind="stable") for _ in range(m)]


def _cases():
    rng = np.random.default_rng(2024)
    full = _perm_lists(rng, 6, 25)
    topk = [o[:8] for o in _perm_lists(rng, 5, 40)]
    ragged = [o[:k] for o, k in zip(_perm_lists(rng, 4, 30), (5, 12, 30, 9))]
    return [
        ("full lists", full, 25, None, False),
        ("full, no signal", _perm_lists(rng, 7, 15, signal=False), 15, None, False),
        ("top-8 lists", topk, 40, None, False),
        ("top-k of different k", ragged, 30, None, False),
        ("top-8, topCutoff 8/40", topk, 40, 8 / 40, False),
        ("top-k, topCutoff k/N per list", ragged, 30, [5 / 30, 12 / 30, 1.0, 9 / 30], False),
        ("top-k, wider topCutoff", ragged, 30, [0.3, 0.5, 1.0, 0.45], False),
        ("full = TRUE, partial lists", ragged, 30, None, True),
    ]


CASES = _cases()


@pytest.mark.skipif(not r_available(), reason=MISSING)
@pytest.mark.parametrize("name, lists, n, cutoff, full", CASES, ids=[c[0] for c in CASES])
def test_scores_match_r(name, lists, n, cutoff, full):
    ref = r_rra_scores(lists, n, cutoff, full)
    ours = rra_scores(lists, n_features=n, top_cutoff=cutoff, full=full)
    idx = np.array(sorted(ref))
    np.testing.assert_allclose(ours[idx], [ref[i] for i in idx], rtol=RTOL, atol=0)
    rest = np.setdiff1d(np.arange(n), idx)
    assert np.all(ours[rest] == 1.0)              # named by no list: R drops them; 1 here


@pytest.mark.skipif(not r_available(), reason=MISSING)
def test_order_matches_r_without_ties():
    lists = _perm_lists(np.random.default_rng(5), 8, 30)
    ref = r_rra_scores(lists, 30)
    ours = rra(lists)
    s = np.array([ref[i] for i in range(30)])
    untied = [i for i in ours if np.sum(s == s[i]) == 1]
    assert untied == [i for i in np.argsort(s, kind="stable") if np.sum(s == s[i]) == 1]


# ---- hand-worked ------------------------------------------------------------------------
def test_hand_full_lists():
    # 3 lists of 4 features; feature 2 sits at positions 1, 2, 4 -> ranks 1/4, 2/4, 4/4
    lists = [[2, 0, 1, 3], [0, 2, 3, 1], [1, 0, 3, 2]]
    r = np.array([0.25, 0.5, 1.0])
    b = [beta.cdf(r[k - 1], k, 3 - k + 1) for k in (1, 2, 3)]
    want = min(3 * min(b), 1.0)
    assert rra_scores(lists)[2] == pytest.approx(want, rel=RTOL)
    # feature 0: positions 2, 1, 2 -> 1/4, 2/4, 2/4
    r0 = np.array([0.25, 0.5, 0.5])
    b0 = [beta.cdf(r0[k - 1], k, 4 - k) for k in (1, 2, 3)]
    assert rra_scores(lists)[0] == pytest.approx(min(3 * min(b0), 1.0), rel=RTOL)


def test_hand_partial_lists_bottom_rank():
    # top-2 lists of N = 10: a feature missing from a list gets normalised rank 1
    lists = [[7, 1], [7, 4], [3, 7]]
    r = np.sort([0.1, 0.1, 0.2])
    want = 3 * min(beta.cdf(r[k - 1], k, 4 - k) for k in (1, 2, 3))
    assert rra_scores(lists, n_features=10)[7] == pytest.approx(want, rel=RTOL)
    r1 = np.sort([0.2, 1.0, 1.0])                   # feature 1: second in one list only
    want1 = min(1.0, 3 * min(beta.cdf(r1[k - 1], k, 4 - k) for k in (1, 2, 3)))
    assert rra_scores(lists, n_features=10)[1] == pytest.approx(want1, rel=RTOL)


def _poisson_binomial_tail(q, k):
    """P(at least k of independent Bernoulli(q_j) succeed), by enumerating all outcomes."""
    total = 0.0
    for bits in itertools.product((0, 1), repeat=len(q)):
        if sum(bits) >= k:
            total += np.prod([qj if b else 1 - qj for qj, b in zip(q, bits)])
    return total


def test_hand_top_cutoff_is_a_poisson_binomial_tail():
    # Under R's null with cutoffs sigma_j, list j puts a feature at or above x with
    # probability min(x, sigma_j), so beta_k is a Poisson-binomial tail at x = r_(k).
    N = 20
    lists = [[5, 2, 9], [2, 11, 5, 0, 1, 3], [8, 2], [4, 6, 7, 10, 12]]
    sigma = np.array([3, 6, 2, 5]) / N
    ranks_2 = np.sort([2 / N, 1 / N, 2 / N])        # feature 2 in lists 0-2, beyond list 3's
    b = []
    for k in range(1, 5):
        if k > ranks_2.size:
            b.append(1.0)
            continue
        x = ranks_2[k - 1]
        b.append(_poisson_binomial_tail(np.minimum(x, sigma), k))
    want = min(4 * min(b), 1.0)
    got = rra_scores(lists, n_features=N, top_cutoff=sigma)[2]
    assert got == pytest.approx(want, rel=RTOL)
    # feature 5: list 0 first, list 1 third (3/20 < sigma_1 = 6/20): a mixed case too
    r5 = np.sort([1 / N, 3 / N])
    b5 = [_poisson_binomial_tail(np.minimum(r5[k - 1], sigma), k) for k in (1, 2)] + [1.0, 1.0]
    assert rra_scores(lists, n_features=N, top_cutoff=sigma)[5] == pytest.approx(
        min(4 * min(b5), 1.0), rel=RTOL)


def test_top_cutoff_checks():
    with pytest.raises(ValueError, match="top_cutoff"):
        rra_scores([[0, 1, 2], [2, 1, 0]], n_features=10, top_cutoff=0.1)
    with pytest.raises(ValueError, match="full=False"):
        rra_scores([[0, 1], [2]], n_features=3, top_cutoff=0.5, full=True)


def test_order_and_ties():
    lists = [[1, 0, 2, 3], [0, 1, 3, 2], [1, 2, 0, 3]]
    assert rra(lists).tolist() == [1, 0, 2, 3]      # 0, 2, 3 tie at 1: lower index first
    assert sorted(rra(lists, random_state=3).tolist()) == [0, 1, 2, 3]
