"""The compiled k-NN chain (float32 rows, exact band) against a brute-force float64 chain:
identical vote counts on data built to stress its rounding bounds and tie handling."""
import numpy as np
import pytest

from featrank.learners import ibk_column_sqdiff, ibk_votes

kc = pytest.importorskip("featrank.evaluate._knn_chain")
if kc.knn_dense_votes is None:  # pragma: no cover
    pytest.skip("numba missing", allow_module_level=True)


def _brute(A, B, nominal, sizes, y, n_classes, k):
    """Every size: float64 distances summed feature by feature, votes of all points within
    the k-th smallest (Weka IBk's ties)."""
    D = np.zeros((A.shape[0], B.shape[0]))
    out, done = [], 0
    for s in sizes:
        for f in range(done, s):
            D += ibk_column_sqdiff(A[:, f], B[:, f], nominal[f], 0.0, 1.0)
        done = s
        out.append(ibk_votes(D, y, k, n_classes))
    return np.array(out)


def _check(A, B, y, k, nominal=None, sizes=None):
    p = A.shape[1]
    nominal = np.zeros(p, bool) if nominal is None else nominal
    sizes = np.arange(1, p + 1) if sizes is None else np.asarray(sizes)
    n_classes = int(y.max()) + 1
    got = kc.knn_dense_votes(A, B, nominal, sizes.astype(np.int64), y.astype(np.int64),
                             n_classes, k)
    np.testing.assert_array_equal(got, _brute(A, B, nominal, sizes, y, n_classes, k))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("k", [1, 3, 10])
def test_continuous_data_equals_brute_force(seed, k):
    rng = np.random.default_rng(seed)
    B = rng.random((700, 12))
    A = rng.random((40, 12)) * 1.4 - 0.2          # test values outside the training range
    _check(A, B, rng.integers(0, 3, 700), k)


@pytest.mark.parametrize("seed", range(3))
def test_exact_ties_duplicates_and_near_ties(seed):
    """Values on a coarse grid (many exactly equal distances), duplicated training rows,
    test points equal to training points (distance 0), and pairs of points whose distances
    differ in the last float64 bits (float32 cannot tell them apart)."""
    rng = np.random.default_rng(seed)
    B = rng.integers(0, 4, (500, 8)) / 3.0
    B[250:300] = B[200:250]                        # duplicates
    B[300:320] = B[320:340] + 1e-13                # near-duplicates
    A = np.vstack([B[:15], rng.integers(0, 4, (15, 8)) / 3.0, B[300:310] + 5e-14])
    _check(A, B, rng.integers(0, 2, 500), 5)


def test_huge_and_tiny_scales_and_sizes_in_jumps():
    rng = np.random.default_rng(7)
    B = rng.random((400, 10))
    B[:, 3] *= 1e6                                # one feature dominates once it enters
    B[:, 6] *= 1e-9
    A = rng.random((25, 10)) * np.r_[1, 1, 1, 1e6, 1, 1, 1e-9, 1, 1, 1]
    _check(A, B, rng.integers(0, 3, 400), 4, sizes=[2, 3, 7, 10])


def test_nominal_missing_and_mixed_features():
    rng = np.random.default_rng(3)
    B = rng.random((300, 9))
    B[:, :4] = rng.integers(0, 3, (300, 4))
    A = rng.random((30, 9))
    A[:, :4] = rng.integers(0, 3, (30, 4))
    B[rng.random(B.shape) < 0.05] = np.nan
    A[rng.random(A.shape) < 0.05] = np.nan
    nominal = np.r_[np.ones(4, bool), np.zeros(5, bool)]
    _check(A, B, rng.integers(0, 2, 300), 7, nominal=nominal)
    _check(A[:, :4], B[:, :4], rng.integers(0, 2, 300), 7, nominal=nominal[:4])  # all nominal


def test_k_larger_than_training_set_votes_for_every_point():
    rng = np.random.default_rng(1)
    B, A, y = rng.random((6, 3)), rng.random((4, 3)), np.array([0, 1, 1, 0, 1, 1])
    got = kc.knn_dense_votes(A, B, np.zeros(3, bool), np.arange(1, 4), y, 2, 10)
    assert (got.sum(axis=2) == 6).all()
    _check(A, B, y, 10)


def test_band_error_bounds_the_float32_rows():
    """The rounding bound the chain relies on holds on adversarial values (large offsets,
    long rows) -- measured error never exceeds :func:`_error` at the exact distance."""
    rng = np.random.default_rng(11)
    for scale in (1.0, 1e3, 1e6):
        B = (rng.random((2000, 40)) - 0.5) * scale + scale
        a = B[0] + (rng.random(40) - 0.5) * scale * 1e-3
        exact = np.cumsum((a - B) ** 2, axis=1)
        d32 = np.zeros(2000, np.float32)
        E = 4.02 * 2.0 ** -24 * max(np.abs(a).max(), np.abs(B).max())
        for f in range(40):
            d = np.float32(a[f]) - B[:, f].astype(np.float32)
            d32 += d * d
            bound = np.array([kc._error(v, f + 1, E) for v in exact[:, f]])
            assert (np.abs(d32.astype(float) - exact[:, f]) <= bound).all()
