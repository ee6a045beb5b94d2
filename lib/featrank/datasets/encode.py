"""Encodings the methods need.

* :func:`ordinal_codes` -- integer codes per column for the discrete rankers.
* :class:`WekaPreprocessor` -- the preprocessing Weka's SMO applies before training
  (weka.classifiers.functions.SMO, default ``-N 0``): ReplaceMissingValues (numeric -> mean,
  nominal -> mode of the training data), NominalToBinary (a k-valued nominal attribute ->
  k indicator columns; a nominal attribute with at most 2 values -> one 0/1 column) and
  Normalize (every resulting column to [0, 1] by the training min/max; a constant column -> 0;
  test values outside the training range are not clipped). A scikit-learn transformer, so it
  goes first in a learner's Pipeline; ``feature_map_`` maps output columns to input features.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.validation import check_is_fitted

from .frame import split_frame


def _as_X_mask(X, categorical, categories=None):
    """``(X as floats, nominal mask, category labels per column)`` of a pandas DataFrame (its
    ``category`` columns are nominal; recoded by label to ``categories`` when given), a
    Dataset, or an array + mask (bool, or indices of the nominal columns); read by
    :func:`.frame.split_frame`."""
    parts = split_frame(X, categories=categories)
    if parts.X.ndim != 2:
        raise ValueError(f"X must be 2-D, got shape {parts.X.shape}")
    if categorical is None:
        return parts.X, parts.categorical, parts.categories
    mask = _bool_mask(categorical, parts.X.shape[1])
    if isinstance(X, pd.DataFrame) and parts.categorical.any() and not np.array_equal(
            mask, parts.categorical):
        raise ValueError("the categorical mask disagrees with the DataFrame's 'category' "
                         "columns; pass one or the other")
    return parts.X, mask, parts.categories


def _bool_mask(categorical, p: int) -> np.ndarray:
    mask = np.asarray(categorical)
    if mask.dtype != bool:  # indices of the nominal columns
        idx, mask = mask.astype(int), np.zeros(p, dtype=bool)
        mask[idx] = True
    if mask.shape != (p,):
        raise ValueError(f"categorical mask has shape {mask.shape}, expected ({p},)")
    return mask


def ordinal_codes(X, categorical=None, *, missing: str = "code"):
    """Integer codes per column for discrete rankers (info gain, chi-squared, OneR...).

    Nominal columns keep their codes 0..k-1; numeric columns become the rank of each distinct
    value (0 = smallest), i.e. every distinct value is its own category (discretise numeric
    data first where the method needs it). ``missing="code"`` gives a missing value its own
    code (one past the largest of that column); ``missing="-1"`` marks it with -1.
    Accepts a ``Dataset`` (its mask is used) or an array and a mask. Returns an int array.
    """
    X, mask, _ = _as_X_mask(X, categorical)
    if missing not in ("code", "-1"):
        raise ValueError(f"missing must be 'code' or '-1', got {missing!r}")
    out = np.empty(X.shape, dtype=np.intp)
    for j in range(X.shape[1]):
        col = X[:, j]
        nan = np.isnan(col)
        if mask[j]:
            vals = col[~nan]
            if vals.size and (np.any(vals != np.round(vals)) or vals.min() < 0):
                raise ValueError(f"column {j} is marked nominal but holds non-code values")
            codes = np.zeros(col.shape, dtype=np.intp)
            codes[~nan] = vals.astype(np.intp)
            top = int(vals.max()) + 1 if vals.size else 0
        else:
            uniq, inv = np.unique(col[~nan], return_inverse=True)
            codes = np.zeros(col.shape, dtype=np.intp)
            codes[~nan] = inv
            top = len(uniq)
        codes[nan] = top if missing == "code" else -1
        out[:, j] = codes
    return out


class WekaPreprocessor(TransformerMixin, BaseEstimator):
    """Weka SMO's preprocessing: impute, nominal -> binary, normalise to [0, 1].

    Parameters
    ----------
    categorical : bool mask (or indices) of the nominal columns; None = all numeric, or a
        DataFrame's ``category`` columns (given with such a frame, it must agree).
    n_categories : per column, the number of declared categories of a nominal column (the
        ARFF header's, so a value absent from a training fold still gets its column, as in
        Weka); None = a DataFrame's declared categories, or for an array learned from the
        training data (max code + 1).
    impute, binarize, normalize : switch each step (all on = Weka SMO's defaults).
    """

    def __init__(self, categorical=None, n_categories=None, impute=True, binarize=True,
                 normalize=True):
        self.categorical = categorical
        self.n_categories = n_categories
        self.impute = impute
        self.binarize = binarize
        self.normalize = normalize

    def fit(self, X, y=None):
        frame = isinstance(X, pd.DataFrame)
        X, mask, cats = _as_X_mask(X, self.categorical)
        self.frame_categories_ = cats if frame else None
        n, p = X.shape
        self.n_features_in_ = p
        self.categorical_ = mask
        self.fill_ = self._fill(X, mask)
        self.n_categories_ = self._category_counts(X, mask)
        Z = self._binarize(self._impute(X))
        if self.normalize:
            with np.errstate(all="ignore"):
                self.min_ = np.nanmin(Z, axis=0) if n else np.zeros(Z.shape[1])
                self.max_ = np.nanmax(Z, axis=0) if n else np.zeros(Z.shape[1])
        return self

    @staticmethod
    def _fill(X, mask):
        """Weka's ReplaceMissingValues: each column's mean (nominal: first mode) over its
        present values, 0 for an empty column. Complete numeric columns at once: a row of
        the transposed copy is summed as the column alone would be (the same bits)."""
        nan = np.isnan(X)
        fill = np.zeros(X.shape[1])
        whole = ~mask & ~nan.any(axis=0)
        if X.shape[0] and whole.any():
            fill[whole] = np.ascontiguousarray(X[:, whole].T).mean(axis=1)
        for j in np.flatnonzero(~whole):
            col = X[:, j][~nan[:, j]]
            if col.size:
                fill[j] = np.argmax(np.bincount(col.astype(np.intp))) if mask[j] else col.mean()
        return fill

    def _category_counts(self, X, mask):
        k = np.zeros(X.shape[1], dtype=np.intp)
        declared = self.n_categories if self.n_categories is not None else self.frame_categories_
        if declared is not None:
            given = np.asarray([0 if c is None else (c if np.isscalar(c) else len(c))
                                for c in declared], dtype=np.intp)
            if given.shape != (X.shape[1],):
                raise ValueError(f"n_categories has {given.size} entries for {X.shape[1]} columns")
            k[mask] = given[mask]
        for j in np.flatnonzero(mask):
            col = X[:, j][~np.isnan(X[:, j])]
            if col.size and (np.any(col != np.round(col)) or col.min() < 0):
                raise ValueError(f"column {j} is marked nominal but holds non-code values")
            seen = int(col.max()) + 1 if col.size else 1
            if declared is None:
                k[j] = seen
            elif seen > k[j]:
                raise ValueError(f"column {j}: code {seen - 1} but only {k[j]} categories declared")
        return k

    def _impute(self, X):
        if not self.impute:
            return X
        X = X.copy()
        r, c = np.nonzero(np.isnan(X))
        X[r, c] = self.fill_[c]
        return X

    def _binarize(self, X):
        mask = self.categorical_
        if not self.binarize or not mask.any():
            self.feature_map_ = np.arange(X.shape[1])
            return X
        cols, fmap = [], []
        for j in range(X.shape[1]):
            k = self.n_categories_[j]
            if not mask[j] or k <= 2:
                cols.append(X[:, j:j + 1])
                fmap.append(j)
                continue
            onehot = np.zeros((X.shape[0], k))
            ok = ~np.isnan(X[:, j])
            codes = X[ok, j].astype(np.intp)
            if codes.size and codes.max() >= k:
                raise ValueError(f"column {j}: category code {codes.max()} was not seen in fit "
                                 f"({k} categories); pass n_categories")
            onehot[np.flatnonzero(ok), codes] = 1.0
            onehot[~ok] = np.nan
            cols.append(onehot)
            fmap += [j] * k
        self.feature_map_ = np.asarray(fmap, dtype=np.intp)
        return np.hstack(cols)

    def transform(self, X):
        check_is_fitted(self, "fill_")
        frame = isinstance(X, pd.DataFrame)
        X, _, _ = _as_X_mask(X, self.categorical_, self.frame_categories_ if frame else None)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, the preprocessor was fitted on "
                             f"{self.n_features_in_}")
        Z = self._binarize(self._impute(X))
        if self.normalize:
            span = self.max_ - self.min_
            const = ~(span > 0)  # also NaN (a column without any value)
            with np.errstate(invalid="ignore", divide="ignore"):
                Z = (Z - self.min_) / np.where(const, 1.0, span)
            Z[:, const] = np.where(np.isnan(Z[:, const]), np.nan, 0.0)
        return Z

    def get_feature_names_out(self, input_features=None):
        check_is_fitted(self, "fill_")
        names = (list(input_features) if input_features is not None
                 else [f"x{j}" for j in range(self.n_features_in_)])
        out, seen = [], {}
        for j in self.feature_map_:
            if self.categorical_[j] and self.binarize and self.n_categories_[j] > 2:
                seen[j] = seen.get(j, -1) + 1
                out.append(f"{names[j]}={seen[j]}")
            else:
                out.append(names[j])
        return np.asarray(out, dtype=object)


def weka_smo_encode(X_train, categorical=None, X_test=None, *, n_categories=None):
    """Fit :class:`WekaPreprocessor` on ``X_train`` and return the encoded training data, or
    ``(train, test)`` when ``X_test`` is given (the test set uses the training statistics).
    ``X_train`` may be a ``Dataset`` (mask and declared categories taken from it)."""
    if hasattr(X_train, "categories") and n_categories is None:
        n_categories = [len(c) if c is not None else 0 for c in X_train.categories]
    pre = WekaPreprocessor(categorical=categorical if categorical is not None else
                           getattr(X_train, "categorical", None), n_categories=n_categories)
    Xtr = X_train.X if hasattr(X_train, "X") else X_train
    train = pre.fit_transform(Xtr)
    if X_test is None:
        return train
    return train, pre.transform(X_test.X if hasattr(X_test, "X") else X_test)
