"""Weka IBk, k-nearest neighbours (:class:`WekaIBk`), and its distance terms and votes, which
the k-NN curve engine (:mod:`featrank.evaluate._knn_chain`) reuses point by point."""
from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from ._input import _check_Xy, _predict_X


def ibk_column_sqdiff(a, b, categorical, lo, span):
    """Squared Weka distance term of one feature between the values ``a`` (test, (m,)) and
    ``b`` (train, (n,)): an ``(m, n)`` array. Numeric: range-normalised difference; one value
    missing -> ``max(v, 1-v)`` of the other's normalised value; both missing -> 1. Nominal:
    0 if equal, else 1 (also when either is missing). Weka's EuclideanDistance."""
    if categorical:
        eq = a[:, None] == b[None, :]          # NaN never equals anything
        return (~eq).astype(float)
    if span > 0:
        na, nb = (a - lo) / span, (b - lo) / span
    else:
        na, nb = np.zeros_like(a), np.zeros_like(b)
        na[np.isnan(a)], nb[np.isnan(b)] = np.nan, np.nan
    d = na[:, None] - nb[None, :]
    ma, mb = np.isnan(na), np.isnan(nb)
    if ma.any() or mb.any():
        far_a = np.maximum(na, 1 - na)         # b missing
        far_b = np.maximum(nb, 1 - nb)         # a missing
        d = np.where(mb[None, :], far_a[:, None], d)
        d = np.where(ma[:, None], far_b[None, :], d)
        d = np.where(ma[:, None] & mb[None, :], 1.0, d)
    return d * d


def ibk_votes(sqdist, y_train, n_neighbors, n_classes):
    """Neighbour vote counts ``(m, n_classes)`` from squared distances ``(m, n)``: the k
    nearest training points plus every point tied with the k-th (Weka's LinearNNSearch)."""
    k = min(n_neighbors, sqdist.shape[1])
    kth = np.partition(sqdist, k - 1, axis=1)[:, k - 1]
    near = sqdist <= kth[:, None]
    onehot = np.zeros((sqdist.shape[1], n_classes))
    onehot[np.arange(y_train.size), y_train] = 1.0
    return near.astype(float) @ onehot


def ibk_distribution(votes, n_train):
    """Weka IBk's class distribution from neighbour votes: every class starts with
    ``1 / n_train`` (Weka's correction), then normalised."""
    d = votes + 1.0 / max(n_train, 1)
    return d / d.sum(axis=1, keepdims=True)


class WekaIBk(ClassifierMixin, BaseEstimator):
    """Weka IBk k-nearest neighbours (Aha & Kibler 1991) as used by Slavkov 2020 (k = 10).

    Ranges for the normalisation come from the training data only (Weka also widens them
    with each test instance it sees; we do not, so predictions do not depend on test order).
    ``predict_proba``: Weka's distribution, vote counts plus ``1/n_train`` each, normalised.
    """

    def __init__(self, n_neighbors=10, categorical=None):
        self.n_neighbors = n_neighbors
        self.categorical = categorical

    def fit(self, X, y):
        X, self.categorical_, self.classes_, self.y_ = _check_Xy(self, X, y)
        if int(self.n_neighbors) < 1:
            raise ValueError(f"n_neighbors must be >= 1, got {self.n_neighbors}")
        seen = ~np.isnan(X).all(axis=0)
        lo, hi = np.zeros(X.shape[1]), np.zeros(X.shape[1])
        lo[seen], hi[seen] = np.nanmin(X[:, seen], axis=0), np.nanmax(X[:, seen], axis=0)
        self.min_, self.range_ = lo, hi - lo
        self.X_ = X
        return self

    def sqdist(self, X):
        """Squared distances ``(m, n_train)``, summed feature by feature in column order."""
        check_is_fitted(self, "X_")
        X = _predict_X(self, X)
        D = np.zeros((X.shape[0], self.X_.shape[0]))
        for j in range(X.shape[1]):
            D += ibk_column_sqdiff(X[:, j], self.X_[:, j], self.categorical_[j],
                                   self.min_[j], self.range_[j])
        return D

    def predict_proba(self, X):
        D = self.sqdist(X)
        votes = ibk_votes(D, self.y_, int(self.n_neighbors), self.classes_.size)
        return ibk_distribution(votes, self.y_.size)

    def predict(self, X):
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True   # missing values: Weka's distances
        return tags
