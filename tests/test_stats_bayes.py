"""The Bayesian signed-rank test against baycomp's SignedRankTest, plus its invariants.

Monte-Carlo tolerance, fixed before comparing: each probability is a proportion of
n = 50,000 posterior draws, with standard error at most sqrt(1/4 / n) = 0.00224; ours and
baycomp's come from independent random streams (numpy's Generator vs baycomp's
RandomState), so their difference has standard error at most sqrt(2) * 0.00224 = 0.00316.
We accept 4 standard errors, 0.0127 (a false alarm has probability below 1e-4 per number).
"""
import baycomp
import numpy as np
import pytest

from featrank.stats import bayesian_signed_rank

N_SAMPLES = 50_000
TOL = 4 * np.sqrt(2 * 0.25 / N_SAMPLES)

# Demšar (2006), Table 2: AUC of C4.5 with m = 0 and with tuned m, 14 datasets
C45 = np.array([.763, .599, .954, .628, .882, .936, .661, .583, .775, 1., .940, .619, .972,
                .957])
C45M = np.array([.768, .591, .971, .661, .888, .931, .668, .583, .838, 1., .962, .666, .981,
                 .978])


def _cases():
    rng = np.random.default_rng(20)
    yield "demsar rope .01", C45, C45M, 0.01, 0.5
    yield "demsar rope .005, prior 1", C45, C45M, 0.005, 1.0
    y = rng.normal(size=10)
    yield "n=10 shift .3", y + 0.3 + rng.normal(size=10), y, 0.2, 0.5
    y = rng.normal(size=30)
    yield "n=30 shift .1, prior 1", y, y + 0.1 + 0.3 * rng.normal(size=30), 0.1, 1.0
    y = rng.normal(size=5)
    yield "n=5", y, y + rng.normal(size=5), 0.5, 0.5


CASES = list(_cases())


def test_tolerance_is_four_standard_errors():
    assert TOL == pytest.approx(0.01265, abs=1e-5)


@pytest.mark.parametrize("name, x, y, rope, prior", CASES, ids=[c[0] for c in CASES])
def test_against_baycomp(name, x, y, rope, prior):
    ours = bayesian_signed_rank(x, y, rope, prior=prior, n_samples=N_SAMPLES)
    ref = baycomp.SignedRankTest.probs(x, y, rope, prior=prior, nsamples=N_SAMPLES,
                                       random_state=1)
    np.testing.assert_allclose(ours, ref, rtol=0, atol=TOL)
    assert sum(ours) == pytest.approx(1.0)


def test_against_baycomp_without_rope():
    """With rope = 0 SignedRankTest.probs returns (p_left, p_right) only (two_on_multiple
    the three, p_rope = 0); ours has p_rope = 0."""
    ours = bayesian_signed_rank(C45, C45M, 0.0, n_samples=N_SAMPLES)
    ref = baycomp.SignedRankTest.probs(C45, C45M, 0.0, nsamples=N_SAMPLES, random_state=1)
    assert len(ref) == 2 and ours.p_rope == 0.0
    np.testing.assert_allclose([ours.p_left, ours.p_right], ref, rtol=0, atol=TOL)


def test_baycomp_convention_left_is_the_first_argument_larger():
    y = np.linspace(0.6, 0.9, 12)
    assert bayesian_signed_rank(y + 0.05, y, 0.01).p_left > 0.99
    assert baycomp.SignedRankTest.probs(y + 0.05, y, 0.01, random_state=1)[0] > 0.99


@pytest.mark.parametrize("name, x, y, rope, prior", CASES, ids=[c[0] for c in CASES])
def test_swapping_x_and_y_swaps_left_and_right(name, x, y, rope, prior):
    a = bayesian_signed_rank(x, y, rope, prior=prior, n_samples=5000, random_state=3)
    b = bayesian_signed_rank(y, x, rope, prior=prior, n_samples=5000, random_state=3)
    assert (b.p_left, b.p_rope, b.p_right) == (a.p_right, a.p_rope, a.p_left)


def test_huge_rope_and_ties():
    assert bayesian_signed_rank(C45, C45M, 10.0, n_samples=2000) == (0.0, 1.0, 0.0)
    # identical methods: every Walsh average is 0, inside any rope; with no rope, a tie
    assert bayesian_signed_rank(C45, C45, 0.01, n_samples=2000) == (0.0, 1.0, 0.0)
    assert bayesian_signed_rank(C45, C45, 0.0, n_samples=2000) == (0.5, 0.0, 0.5)


def test_seeded_and_deterministic():
    a = bayesian_signed_rank(C45, C45M, 0.01, n_samples=3000, random_state=7)
    assert a == bayesian_signed_rank(C45, C45M, 0.01, n_samples=3000, random_state=7)
    g = bayesian_signed_rank(C45, C45M, 0.01, n_samples=3000,
                             random_state=np.random.default_rng(7))
    assert g == a
    other = bayesian_signed_rank(C45, C45M, 0.01, n_samples=3000, random_state=8)
    assert other != a and np.allclose(other, a, atol=4 * np.sqrt(2 * 0.25 / 3000))


def test_blocks_of_draws_do_not_change_the_result(monkeypatch):
    from featrank.stats import bayes

    a = bayesian_signed_rank(C45, C45M, 0.01, n_samples=1000, random_state=5)
    monkeypatch.setattr(bayes, "_BLOCK", 15 * 64)  # 64 draws per block
    b = bayesian_signed_rank(C45, C45M, 0.01, n_samples=1000, random_state=5)
    assert b == a  # the blocks cut the same stream of Dirichlet draws


def test_prior_zero_is_the_bayesian_bootstrap_and_bad_input():
    p = bayesian_signed_rank(C45, C45M, 0.01, prior=0, n_samples=2000)
    assert sum(p) == pytest.approx(1.0)
    for kwargs, msg in [(dict(rope=-1), "rope"), (dict(rope=0.1, prior=-1), "prior"),
                        (dict(rope=0.1, n_samples=0), "n_samples")]:
        with pytest.raises(ValueError, match=msg):
            bayesian_signed_rank(C45, C45M, **kwargs)
    with pytest.raises(ValueError, match="same length"):
        bayesian_signed_rank(C45, C45M[:-1], 0.1)
    with pytest.raises(ValueError, match="finite"):
        bayesian_signed_rank([1.0, np.nan], [1.0, 2.0], 0.1)
