"""The corrected resampled t-test: a case worked by hand, the plain t-test it becomes when
n_test / n_train -> 0, and baycomp's correlated t-test (the same variance correction)."""
import math
import warnings

import baycomp
import numpy as np
import pytest
from scipy.stats import ttest_1samp

from featrank.stats import corrected_resampled_ttest


def test_hand_worked_three_splits():
    """d = (0.01, 0.03, 0.05), n_train = 80, n_test = 20: mean 0.03, s^2 = (0.02^2 + 0 +
    0.02^2) / 2 = 0.0004, factor 1/3 + 20/80 = 7/12, so t = 0.03 / (0.02 sqrt(7/12)) =
    1.5 sqrt(12/7). Student's t with 2 df has F(t) = 1/2 + t / (2 sqrt(2 + t^2)); with
    t^2 = 27/7 the two-sided p = 1 - t / sqrt(41/7) = 1 - 1.5 sqrt(12/41)."""
    t, p = corrected_resampled_ttest([0.01, 0.03, 0.05], n_train=80, n_test=20)
    assert t == pytest.approx(1.5 * math.sqrt(12 / 7), rel=1e-12)
    assert p == pytest.approx(1 - 1.5 * math.sqrt(12 / 41), rel=1e-10)
    t2, p2 = corrected_resampled_ttest([-0.01, -0.03, -0.05], 80, 20)
    assert (t2, p2) == pytest.approx((-t, p), rel=1e-12)


def test_ten_times_tenfold_factor():
    """Bouckaert & Frank's 10 x 10-fold CV: J = 100, n_test / n_train = 1/9, so the
    corrected t is the plain t times sqrt((1/100) / (1/100 + 1/9)) = sqrt(9/109)."""
    d = np.random.default_rng(30).normal(0.01, 0.02, size=100)
    t, _ = corrected_resampled_ttest(d, n_train=900, n_test=100)
    assert t == pytest.approx(ttest_1samp(d, 0).statistic * math.sqrt(9 / 109), rel=1e-12)


def test_vanishing_test_share_is_the_one_sample_ttest():
    rng = np.random.default_rng(31)
    for J in (2, 5, 30):
        d = rng.normal(0.1, 1.0, size=J)
        ref = ttest_1samp(d, 0.0)
        assert corrected_resampled_ttest(d, 100, 0) == pytest.approx(
            (ref.statistic, ref.pvalue), rel=1e-12)
        assert corrected_resampled_ttest(d, 10 ** 15, 1) == pytest.approx(
            (ref.statistic, ref.pvalue), rel=1e-9)


@pytest.mark.parametrize("folds, runs", [(10, 1), (5, 2), (10, 10)])
def test_against_baycomps_correlated_ttest(folds, runs):
    """baycomp's CorrelatedTTest uses the same variance, s^2 (1/J + 1/(k - 1)) for k-fold
    CV, in a Student posterior with J - 1 df on y - x: its P(y - x < 0) is the one-sided p of
    t > 0, so the two-sided p is twice the smaller of its two probabilities."""
    rng = np.random.default_rng(32 + folds + runs)
    x = rng.uniform(0.7, 0.9, size=folds * runs)
    y = x - 0.01 + rng.normal(0, 0.02, size=folds * runs)
    t, p = corrected_resampled_ttest(x - y, n_train=90 * (folds - 1), n_test=90)
    p_left, p_right = baycomp.CorrelatedTTest.probs(x, y, rope=0, runs=runs)
    assert p == pytest.approx(2 * min(p_left, p_right), rel=1e-9)
    assert (t > 0) == (p_left > p_right)


def test_zero_variance_is_documented_and_silent():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert corrected_resampled_ttest([0.0, 0.0, 0.0], 90, 10) == (0.0, 1.0)
        assert corrected_resampled_ttest([0.1, 0.1, 0.1], 90, 10) == (math.inf, 0.0)
        assert corrected_resampled_ttest([-0.1] * 4, 90, 10) == (-math.inf, 0.0)


def test_bad_input():
    for args, msg in [(([0.1], 9, 1), "at least 2"), (([[0.1, 0.2]], 9, 1), "1-D"),
                      (([0.1, np.nan], 9, 1), "finite"), (([0.1, 0.2], 0, 1), "n_train"),
                      (([0.1, 0.2], 9, -1), "n_test")]:
        with pytest.raises(ValueError, match=msg):
            corrected_resampled_ttest(*args)
