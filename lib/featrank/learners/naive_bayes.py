"""Weka NaiveBayes (:class:`WekaNaiveBayes`): Gaussian numeric features at Weka's precision,
Laplace-corrected counts for nominal ones, missing values skipped."""
from __future__ import annotations

import numpy as np
from scipy.special import ndtr
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from ._input import _check_Xy, _predict_X


class WekaNaiveBayes(ClassifierMixin, BaseEstimator):
    """Weka NaiveBayes (John & Langley 1995, without kernel estimation).

    Numeric feature: per-class normal estimator with Weka's precision ``d`` (the mean gap
    between the feature's distinct training values): values rounded to multiples of ``d``,
    standard deviation (divisor N) floored at ``d / 6``, likelihood = P(|X - x| <= d/2).
    Nominal feature: Laplace-corrected relative counts. Class prior: Laplace-corrected.
    Missing values are skipped in training and prediction. A nominal feature of a DataFrame
    has its declared categories as values (Weka's header); of an array, codes 0..max.
    """

    def __init__(self, categorical=None):
        self.categorical = categorical

    def fit(self, X, y):
        X, cat, self.classes_, yi = _check_Xy(self, X, y)
        c, p = self.classes_.size, X.shape[1]
        self.log_prior_ = np.log((np.bincount(yi, minlength=c) + 1.0) / (yi.size + c))
        self.precision_, self.mean_, self.std_ = np.ones(p), np.zeros((c, p)), np.ones((c, p))
        self.log_table_ = [None] * p
        for j in range(p):
            ok = ~np.isnan(X[:, j])
            v, yy = X[ok, j], yi[ok]
            if cat[j]:
                k = self._n_values(j, v)
                counts = np.zeros((c, k))
                np.add.at(counts, (yy, v.astype(int)), 1.0)
                self.log_table_[j] = np.log((counts + 1) / (counts.sum(1, keepdims=True) + k))
                continue
            u = np.unique(v)
            d = (u[-1] - u[0]) / (u.size - 1) if u.size > 1 else 0.01
            d = d if d > 0 else 0.01
            r = np.rint(v / d) * d
            for ci in range(c):
                rv = r[yy == ci]
                m = rv.mean() if rv.size else 0.0
                s = np.sqrt(max(np.mean(rv * rv) - m * m, 0.0)) if rv.size else 0.0
                self.mean_[ci, j], self.std_[ci, j] = m, max(s, d / 6)
            self.precision_[j] = d
        self.categorical_ = cat
        return self

    def _n_values(self, j, v):
        """Values of nominal feature j: a DataFrame's declared categories (Weka's header),
        else the largest training code + 1."""
        declared = self.frame_categories_[j] if self.frame_categories_ is not None else None
        return len(declared) if declared else (int(v.max()) + 1 if v.size else 1)

    def _joint_log(self, X):
        check_is_fitted(self, "log_prior_")
        X = _predict_X(self, X)
        out = np.tile(self.log_prior_, (X.shape[0], 1))
        for j in range(X.shape[1]):
            x = X[:, j]
            ok = ~np.isnan(x)
            if not ok.any():
                continue
            if self.categorical_[j]:
                tab = self.log_table_[j]
                code = x[ok].astype(int)
                inside = code < tab.shape[1]
                contrib = np.zeros((ok.sum(), tab.shape[0]))
                contrib[inside] = tab[:, code[inside]].T
                out[ok] += contrib
            else:
                d = self.precision_[j]
                xr = np.rint(x[ok] / d) * d
                z_hi = (xr[:, None] + d / 2 - self.mean_[:, j]) / self.std_[:, j]
                z_lo = (xr[:, None] - d / 2 - self.mean_[:, j]) / self.std_[:, j]
                out[ok] += np.log(np.maximum(ndtr(z_hi) - ndtr(z_lo), 1e-300))
        return out

    def predict_proba(self, X):
        j = self._joint_log(X)
        j -= j.max(axis=1, keepdims=True)
        e = np.exp(j)
        return e / e.sum(axis=1, keepdims=True)

    def predict(self, X):
        j = self._joint_log(X)
        return self.classes_[np.argmax(j, axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True   # missing values are skipped, as Weka
        return tags
