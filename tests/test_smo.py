"""featrank.evaluate._smo: libsvm's C-SVC solver on an in-memory float32 kernel must return
what scikit-learn's bundled libsvm returns on the same precomputed kernel -- the same support
vectors, dual coefficients, intercepts and iteration counts, bit for bit."""
import numpy as np
import pytest
from sklearn.svm import SVC
from sklearn.svm import _libsvm as libsvm

from conftest import load_or_skip
from featrank.evaluate import _smo

NAMES = ("support", "support_vectors", "n_support", "dual_coef", "intercept", "prob_a",
         "prob_b", "fit_status", "n_iter")


def _reference(K, y, C, cw, tol=1e-3, shrinking=True, max_iter=-1):
    libsvm.set_verbosity_wrap(0)
    return libsvm.fit(K, y.astype(np.float64), svm_type=0, sample_weight=np.empty(0),
                      class_weight=np.asarray(cw, np.float64), kernel="precomputed", C=C,
                      nu=0.0, probability=False, degree=3, shrinking=shrinking, tol=tol,
                      cache_size=100, coef0=0.0, gamma=0.0, epsilon=0.0, max_iter=max_iter,
                      random_seed=0)


def _ours(K, y, C, cw, **kw):
    return _smo.fit(K, np.diag(K).copy(), y, C, cw, **kw)      # (rounds K to float32)


def _assert_same(K, y, C, cw=None, Kte=None, **kw):
    cw = np.ones(y.max() + 1) if cw is None else cw
    ref, ours = _reference(K, y, C, cw, **kw), _ours(K, y, C, cw, **kw)
    for name, a, b in zip(NAMES, ref, ours):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape, name
        np.testing.assert_array_equal(a, b, err_msg=name)
    if Kte is not None:           # libsvm's predictions from either model
        args = dict(svm_type=0, kernel="precomputed", degree=3, coef0=0.0, gamma=0.0)
        np.testing.assert_array_equal(libsvm.predict(Kte, *ref[:7], **args),
                                      libsvm.predict(Kte, *ours[:7], **args))
    return ours


def _poly2(name, step=1, n_test=40):
    ds = load_or_skip(name)
    X, y = ds.X[::step], ds.y[::step]
    X = np.nan_to_num((X - np.nanmin(X, 0)) / np.maximum(np.nanmax(X, 0) - np.nanmin(X, 0),
                                                          1e-300))
    Z, Zte = X[n_test:], X[:n_test]
    K = (Z @ Z.T) ** 2
    return (K + K.T) / 2, np.unique(y[n_test:], return_inverse=True)[1], (Zte @ Z.T) ** 2


@pytest.mark.parametrize("C", [0.1, 1.0, 100.0])
@pytest.mark.parametrize("name,step", [("sonar", 1), ("waveform-5000", 3), ("vehicle", 2),
                                       ("segment", 4), ("iris", 1)])
def test_equals_libsvm_on_datasets(name, step, C):
    """Weka SMO's kernel (x.y)^2 on [0, 1]-scaled data: binary and 3-7 classes."""
    K, y, Kte = _poly2(name, step)
    _assert_same(K, y, C, Kte=Kte)


def _synthetic(n=150, p=5, k=3, seed=0, binary=False):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 2, size=(n, p)).astype(float) if binary else rng.normal(size=(n, p))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.7, size=n) > 0.3).astype(int)
    if k > 2:
        y += X[:, 2] > np.quantile(X[:, 2], 1 - 1 / k)
    return X, y


@pytest.mark.parametrize("kernel", ["linear", "rbf", "poly3"])
def test_equals_libsvm_other_kernels_class_weights_unsorted_labels(kernel):
    X, y = _synthetic(seed=1)
    G = X @ X.T
    G = (G + G.T) / 2
    sq = np.diag(G)
    K = {"linear": G, "rbf": np.exp(-0.3 * (sq[:, None] + sq[None, :] - 2 * G)),
         "poly3": (0.5 * G + 1) ** 3}[kernel]
    for C in (0.1, 1.0, 10.0):     # the samples come in no class order: svm_train groups
        _assert_same(K, y, C, cw=np.array([0.5, 2.0, 1.3]), Kte=K[:20])


def test_equals_libsvm_with_ties_shrinking_off_tolerance_and_max_iter():
    """Binary features: many equal kernel values and gradients, so the tie-breaking of the
    working-set selection and the shrinking order must be libsvm's to match."""
    X, y = _synthetic(n=200, p=6, k=2, seed=2, binary=True)
    K = (X @ X.T) ** 2
    for kw in (dict(), dict(shrinking=False), dict(tol=0.1), dict(C=100.0, tol=1e-5)):
        _assert_same(K, y, kw.pop("C", 1.0), **kw)
    ours = _assert_same(K, y, 100.0, max_iter=25)      # stopped early, flagged as libsvm does
    assert ours[7] == 1 and ours[8].max() == 25


def test_equals_svc_precomputed_and_the_curve_chain_wrapper():
    from featrank.evaluate.curves import _PrecomputedSVC

    X, y = _synthetic(n=120, p=4, seed=3)
    y = 2 * y + 7                                     # labels need not be 0..k-1
    K = (X @ X.T + 1) ** 2
    K = (K + K.T) / 2
    svc = SVC(kernel="precomputed", C=0.5, class_weight="balanced").fit(K, y)
    ours = _PrecomputedSVC(SVC(C=0.5, class_weight="balanced"), y).fit(
        K.astype(np.float32), np.diag(K).copy())
    np.testing.assert_array_equal(ours.support, svc.support_)
    np.testing.assert_array_equal(ours.n_support, svc._n_support)
    np.testing.assert_array_equal(ours.dual_coef, svc._dual_coef_)
    np.testing.assert_array_equal(ours.intercept, svc._intercept_)
    np.testing.assert_array_equal(ours.predict(K[:30]), svc.predict(K[:30]))
    np.testing.assert_array_equal(ours.decision_function(K[:30]), svc.decision_function(K[:30]))


@pytest.mark.parametrize("kernel", [(1.0, 0.0, 2, False), (0.5, 1.0, 3, False),
                                    (1.0, 0.0, 1, True)])
def test_kernel_rows_made_on_first_use_equal_libsvm_on_the_eager_kernel(kernel):
    """The curve chain's source: Gram rows brought up to date only when the solver reads them
    (several features behind, or never read) give libsvm's solution on the kernel an eager
    update of every row (featrank.evaluate._svm_chain) produces, fit after fit."""
    from featrank.evaluate._smo import diag_step
    from featrank.evaluate._svm_chain import gram_kernel_step

    X, y = _synthetic(n=160, p=7, seed=4)
    Z = (X - X.min(0)) / (X.max(0) - X.min(0))
    n = Z.shape[0]
    ZT = np.ascontiguousarray(Z.T)
    G, K = np.empty((n, n)), np.empty((n, n), np.float32)            # lazy, float32
    ver, Gd, QD, par = np.zeros(n, np.int64), np.zeros(n), np.empty(n), \
        np.array([*kernel[:2], kernel[2], kernel[3], 0.0])
    Ge, Ke = np.empty((n, n)), np.empty((n, n))                      # eager, float64
    done = 0
    for size in (1, 2, 5, 7):
        AT = ZT[done:size]
        gram_kernel_step(Ge, np.ascontiguousarray(AT.T), AT, Ke, done == 0, *kernel)
        diag_step(Gd, ZT, done, size, QD, *kernel)
        par[4], done = size, size
        ours = _smo.fit(K, QD, y, 0.5, np.ones(3), gram=(G, ZT, ver, par))
        ref = _reference(Ke, y, 0.5, np.ones(3))
        for name, a, b in zip(NAMES, ref, ours):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b), err_msg=name)
        assert size == 1 or (ver < size).any()           # some rows were never read
