"""libsvm's C-SVC on a precomputed kernel, called as ``SVC(kernel="precomputed")`` calls it:
the one wrapper the SVM rankers (SVM-RFE, the polynomial RFEs, R2W2) and the SVM curve engine
(:mod:`featrank.evaluate._svm_chain`, which adds an in-memory solver) fit their SVMs with.

It skips ``SVC.fit``'s per-call validation and cloning, which dominate on small data (sonar's
curves: 2/3 of the time; SVM-RFE's steps: more than the solve), and uses a small kernel
cache (:data:`CACHE_MB`); the solution is libsvm's own (tests/test_curves.py and
tests/test_smo.py compare it with ``SVC(kernel="precomputed")``).
"""
from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import _libsvm as libsvm   # what SVC calls
from sklearn.utils.class_weight import compute_class_weight
from sklearn.utils.multiclass import _ovr_decision_function

#: libsvm's kernel-column cache (MB) for a precomputed kernel. A column is then a row
#: lookup, cheaper to redo than to cache: a cache of SVC's default 200 MB is filled with fresh
#: pages at every fit (waveform-5000, 4500 samples: 45-180 ms per fit against 30-110 ms with
#: 1-4 MB). The solution does not depend on it (the cache only stores columns).
CACHE_MB = 2.0


class PrecomputedSVC:
    """libsvm's C-SVC fitted on a precomputed kernel.

    Parameters
    ----------
    svc : sklearn.svm.SVC
        Where ``C``, ``class_weight``, ``tol``, ``shrinking``, ``max_iter``, ``cache_size``
        and ``verbose`` are read from (its kernel is ignored: the kernel is given).
    ytr : array-like of shape (n,)
        The training labels (any values; sorted as ``SVC`` sorts them).

    Attributes
    ----------
    classes : ndarray
        The sorted labels.
    support, n_support, dual_coef, intercept, status
        libsvm's solution, as ``SVC`` keeps it privately (``support_``, ``_n_support``,
        ``_dual_coef_``, ``_intercept_``, ``fit_status_``): for two classes the signs are
        libsvm's, the opposite of ``SVC.dual_coef_``'s.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.svm import SVC
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 3))
    >>> y = np.where(X[:, 0] > 0, 5, 7)
    >>> K = X @ X.T
    >>> ours = PrecomputedSVC(SVC(C=1.0), y).fit(K)
    >>> ref = SVC(kernel="precomputed", C=1.0).fit(K, y)
    >>> bool(np.array_equal(ours.predict(K), ref.predict(K)))
    True
    """

    def __init__(self, svc, ytr):
        self.classes, yi = np.unique(ytr, return_inverse=True)
        self.y = np.ascontiguousarray(yi, dtype=np.float64)
        self.cw = compute_class_weight(svc.class_weight, classes=self.classes, y=ytr)
        self.svc = svc

    def fit(self, K):
        """libsvm's fit on the train x train kernel ``K`` (float64)."""
        s = self.svc
        libsvm.set_verbosity_wrap(int(s.verbose))
        return self._solution(libsvm.fit(
            np.ascontiguousarray(K, dtype=np.float64), self.y, svm_type=0,
            sample_weight=np.empty(0), class_weight=self.cw, kernel="precomputed",
            C=float(s.C), nu=0.0, probability=False, degree=3, shrinking=s.shrinking,
            tol=s.tol, cache_size=min(float(s.cache_size), CACHE_MB), coef0=0.0, gamma=0.0,
            epsilon=0.0, max_iter=s.max_iter, random_seed=0))

    def _solution(self, out):
        """Keep libsvm's tuple; its status 1 (a class pair stopped at ``max_iter``) warns as
        ``SVC.fit`` does (the result store counts these warnings beside each result)."""
        (self.support, self.sv, self.n_support, self.dual_coef, self.intercept, self.prob_a,
         self.prob_b, self.status, _) = out
        if self.status == 1:
            warnings.warn(f"Solver terminated early (max_iter={self.svc.max_iter})",
                          ConvergenceWarning, stacklevel=3)
        return self

    def _args(self):
        return (self.support, self.sv, self.n_support, self.dual_coef, self.intercept,
                self.prob_a, self.prob_b)

    def predict(self, K):
        """Labels of the test x train kernel ``K``."""
        out = libsvm.predict(K, *self._args(), svm_type=0, kernel="precomputed", degree=3,
                             coef0=0.0, gamma=0.0, cache_size=self.svc.cache_size)
        return self.classes.take(out.astype(np.intp))

    def decision_function(self, K=None, dec=None):
        """Sklearn's decision values, from the test x train kernel ``K`` or from libsvm's
        one-vs-one values ``dec``."""
        if dec is None:
            dec = libsvm.decision_function(K, *self._args(), svm_type=0, kernel="precomputed",
                                           degree=3, cache_size=self.svc.cache_size,
                                           coef0=0.0, gamma=0.0)
        if self.classes.size == 2:
            return -dec.ravel()
        return _ovr_decision_function(dec < 0, -dec, self.classes.size)

    def binary_dual(self):
        """Two classes: ``(support, beta, b)`` with ``beta = alpha * y`` and the bias ``b``
        for ``y`` = +1 on the second (larger) label: ``f(x) = sum beta K + b`` > 0 there
        (``SVC.dual_coef_[0]`` and ``SVC.intercept_[0]``)."""
        if self.classes.size != 2:
            raise ValueError(f"binary_dual needs two classes, got {self.classes.size}")
        return self.support, -self.dual_coef[0], -self.intercept[0]
