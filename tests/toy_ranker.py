"""A toy feature ranker for the tests of the ``evaluate_your_ranker`` report: the absolute
difference of the class means of each feature (binary or one-vs-rest, summed), scaled by the
feature's standard deviation; and an estimator that exposes no scores."""
import numpy as np
from sklearn.base import BaseEstimator


class MeanGapRanker(BaseEstimator):
    """``feature_importances_``: sum over classes of |mean in class - overall mean| / std."""

    def fit(self, X, y):
        X, y = np.asarray(X, dtype=float), np.asarray(y)
        mu, sd = np.nanmean(X, axis=0), np.nanstd(X, axis=0)
        sd[sd == 0] = 1.0
        gaps = [np.abs(np.nanmean(X[y == c], axis=0) - mu) for c in np.unique(y)]
        self.feature_importances_ = np.nan_to_num(np.sum(gaps, axis=0) / sd)
        return self


class NoScores(BaseEstimator):
    """Fits, but exposes none of feature_importances_, scores_, ranking_, coef_."""

    def fit(self, X, y):
        self.n_features_in_ = np.asarray(X).shape[1]
        return self
