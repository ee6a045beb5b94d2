"""ECA score of Slavkov et al. (2018), Eqs. (1)-(4) and Sec. 3.3."""
from types import SimpleNamespace

import numpy as np
import pytest

from featrank.evaluate.ecascore import (WEIGHTINGS, curve_delta, eca, eca_table, eca_vs_random,
                                   expected_mean, ffa_delta, rfa_delta)

# a hand-worked pair of accuracy curves at subset sizes |S_i| = 1, 2, 4
SIZES = [1, 2, 4]
FFA_A, FFA_B = [0.7, 0.6, 0.9], [0.5, 0.7, 0.6]       # δ = (0.2, -0.1, 0.3)
RFA_A, RFA_B = [0.4, 0.5, 0.8], [0.5, 0.7, 0.8]       # δ = (-0.1, -0.2, 0.0)

# by hand: Σ w δ / Σ w
FFA_HAND = {
    "uniform": (0.2 - 0.1 + 0.3) / 3,                                  # 0.1333
    "inverse_size": (0.2 - 0.1 / 2 + 0.3 / 4) / (1 + 1 / 2 + 1 / 4),  # 0.225 / 1.75
    "magnitude": (0.2**2 - 0.1**2 + 0.3**2) / (0.2 + 0.1 + 0.3),       # 0.12 / 0.6 = 0.2
    "magnitude_inverse_size": (0.04 - 0.01 / 2 + 0.09 / 4) / (0.2 + 0.05 + 0.075),
}
RFA_HAND = {
    "uniform": -0.3 / 3,
    "inverse_size": (-0.1 - 0.2 / 2 + 0) / 1.75,
    "magnitude": (-0.01 - 0.04) / 0.3,
    "magnitude_inverse_size": (-0.01 - 0.04 / 2) / (0.1 + 0.1),
}


@pytest.mark.parametrize("weighting", WEIGHTINGS)
def test_weightings_on_hand_worked_curves(weighting):
    assert ffa_delta(FFA_A, FFA_B, weighting, SIZES) == pytest.approx(FFA_HAND[weighting])
    assert rfa_delta(RFA_A, RFA_B, weighting, SIZES) == pytest.approx(RFA_HAND[weighting])
    expected = 0.5 * (FFA_HAND[weighting] - RFA_HAND[weighting])
    assert eca(FFA_A, RFA_A, FFA_B, RFA_B, weighting, SIZES) == pytest.approx(expected)
    # a is better here (higher FFA, lower RFA): positive under every weighting
    assert expected > 0
    assert eca_table(FFA_A, RFA_A, FFA_B, RFA_B, SIZES)[weighting][2] == pytest.approx(expected)


def test_four_weightings_differ_and_default_sizes_are_one_to_n():
    values = {w: ffa_delta(FFA_A, FFA_B, w, SIZES) for w in WEIGHTINGS}
    assert len({round(v, 12) for v in values.values()}) == 4
    # default |S_i| = 1..n: sizes (1, 2, 3)
    want = (0.2 - 0.1 / 2 + 0.3 / 3) / (1 + 1 / 2 + 1 / 3)
    assert ffa_delta(FFA_A, FFA_B, "inverse_size") == pytest.approx(want)


def test_error_curves_flip_the_sign():
    err = [1 - np.asarray(c) for c in (FFA_A, RFA_A, FFA_B, RFA_B)]
    for w in WEIGHTINGS:
        acc = eca(FFA_A, RFA_A, FFA_B, RFA_B, w, SIZES)
        assert eca(*err, w, SIZES, greater_is_better=False) == pytest.approx(acc)


@pytest.mark.parametrize("weighting", WEIGHTINGS)
def test_eca_antisymmetric_and_zero_on_itself(weighting):
    rng = np.random.default_rng(1)
    fa, ra, fb, rb = rng.uniform(0.3, 1, size=(4, 25))
    sizes = np.arange(1, 26) * 3
    ab = eca(fa, ra, fb, rb, weighting, sizes)
    assert eca(fb, rb, fa, ra, weighting, sizes) == pytest.approx(-ab)
    assert eca(fa, ra, fa, ra, weighting, sizes) == 0.0
    assert ab != 0


def test_uniform_shortcut_equals_comparison_with_expected_curve():
    """Sec. 3.3: with w = 1 the expected curve cancels, ECA = ½·mean(FFA - RFA)."""
    rng = np.random.default_rng(2)
    ffa, rfa, expected = rng.uniform(0.3, 1, size=(3, 40))
    sizes = np.arange(1, 41)
    shortcut = 0.5 * np.mean(ffa - rfa)
    assert eca_vs_random(ffa, rfa) == pytest.approx(shortcut)
    assert eca_vs_random(ffa, rfa, expected) == pytest.approx(shortcut)
    assert eca(ffa, rfa, expected, expected, "uniform", sizes) == pytest.approx(shortcut)
    # but not for the other weightings, where the expected curve matters
    other = eca_vs_random(ffa, rfa, expected, weighting="magnitude")
    assert other != pytest.approx(shortcut)


def test_eca_vs_random_accepts_curves_objects():
    rng = np.random.default_rng(3)
    sizes = np.array([1, 2, 3, 5, 8])
    ffa, rfa, e_f, e_r = rng.uniform(0.3, 1, size=(4, 5))
    ranking = SimpleNamespace(sizes=sizes, ffa_mean=ffa, rfa_mean=rfa)
    random_ = SimpleNamespace(sizes=sizes, ffa_mean=e_f, rfa_mean=e_r)
    pooled = 0.5 * (e_f + e_r)
    np.testing.assert_allclose(expected_mean(random_), pooled)
    for w in WEIGHTINGS:
        got = eca_vs_random(ranking, expected=random_, weighting=w)
        assert got == pytest.approx(eca(ffa, rfa, pooled, pooled, w, sizes))
    # an expected curve holding the FFA only (RFA all NaN) is used as is
    ffa_only = SimpleNamespace(sizes=sizes, ffa_mean=e_f, rfa_mean=np.full(5, np.nan))
    np.testing.assert_allclose(expected_mean(ffa_only), e_f)
    with pytest.raises(ValueError, match="other subset sizes"):
        eca_vs_random(ranking, expected=SimpleNamespace(sizes=sizes + 1, ffa_mean=e_f,
                                                        rfa_mean=e_r))


@pytest.mark.parametrize("args, kwargs, msg", [
    (([0.5, 0.6], [0.4, 0.5], [0.5, 0.6, 0.7], [0.4, 0.5, 0.6]), {}, "points"),
    (([0.5, np.nan], [0.4, 0.5], [0.5, 0.6], [0.4, 0.5]), {}, "NaN"),
    (([0.5, 0.6], [0.4, 0.5], [0.5, 0.6], [0.4, 0.5]), {"sizes": [1, 2, 3]}, "sizes has 3"),
    (([0.5, 0.6], [0.4, 0.5], [0.5, 0.6], [0.4, 0.5]), {"sizes": [0, 2]}, ">= 1"),
    (([0.5, 0.6], [0.4, 0.5], [0.5, 0.6], [0.4, 0.5]), {"weighting": "rank"}, "unknown weighting"),
    (([[0.5, 0.6]], [0.4, 0.5], [0.5, 0.6], [0.4, 0.5]), {}, "1-D"),
])
def test_bad_input_is_refused_clearly(args, kwargs, msg):
    with pytest.raises(ValueError, match=msg):
        eca(*args, **kwargs)


def test_eca_vs_random_bad_input():
    with pytest.raises(ValueError, match="needs the expected curve"):
        eca_vs_random([0.5, 0.6], [0.4, 0.5], weighting="magnitude")
    with pytest.raises(ValueError, match="RFA curve too"):
        eca_vs_random([0.5, 0.6])
    with pytest.raises(ValueError, match="points"):
        eca_vs_random([0.5, 0.6], [0.4, 0.5, 0.3])
    with pytest.raises(ValueError, match="NaN"):
        eca_vs_random([0.5, 0.6], [0.4, np.inf])


def test_magnitude_weighting_of_identical_curves_is_zero():
    assert curve_delta([0.5, 0.6], [0.5, 0.6], "magnitude") == 0.0


def test_package_name_eca_is_the_function():
    import featrank.evaluate as ev
    import featrank.evaluate.ecascore  # noqa: F401

    assert ev.eca is eca
    assert ev.eca(FFA_A, RFA_A, FFA_B, RFA_B) == pytest.approx(eca(FFA_A, RFA_A, FFA_B, RFA_B))


def _curves(ffa, rfa, scoring, sizes=(1, 2, 4)):
    from featrank.evaluate.curves import Curves

    return Curves(np.asarray(sizes), np.asarray([ffa], float), np.asarray([rfa], float),
                  n_features=4, scoring=scoring)


@pytest.mark.parametrize("weighting", WEIGHTINGS)
def test_eca_vs_random_refuses_curves_and_expected_of_different_scorings(weighting):
    """Error curves against an accuracy expected curve subtract an error from an accuracy:
    refused, naming both scorings and the fix (it used to return a number silently)."""
    ranking = _curves([0.3, 0.2, 0.1], [0.5, 0.4, 0.1], "error")
    random_ = _curves([0.6, 0.7, 0.9], [0.6, 0.7, 0.9], "accuracy")
    with pytest.raises(ValueError, match=r"'error'.*'accuracy'.*scoring='error'"):
        eca_vs_random(ranking, expected=random_, weighting=weighting)
    with pytest.raises(ValueError, match="same measure"):
        eca_vs_random(ranking, expected=random_, weighting=weighting, greater_is_better=False)
    # the same scoring on both sides: accepted, and the sign follows the scoring
    random_err = _curves([0.4, 0.3, 0.1], [0.4, 0.3, 0.1], "error")
    assert eca_vs_random(ranking, expected=random_err, weighting=weighting) > 0


def test_eca_vs_random_reads_scoring_and_sizes_from_an_expected_curves_object():
    """Plain arrays for the ranking and a Curves object for the expected curve: the
    expected curve's scoring sets the sign and its sizes the inverse-size weights."""
    random_err = _curves([0.4, 0.3, 0.1], [0.4, 0.3, 0.1], "error", sizes=(1, 3, 9))
    ffa, rfa = [0.3, 0.2, 0.1], [0.5, 0.4, 0.1]
    for w in WEIGHTINGS:
        got = eca_vs_random(ffa, rfa, random_err, weighting=w)
        e = [0.4, 0.3, 0.1]
        want = eca(ffa, rfa, e, e, w, [1, 3, 9], greater_is_better=False)
        assert got == pytest.approx(want) and got > 0
