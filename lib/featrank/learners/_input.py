"""The one input check of the learners: ``X`` as floats with its nominal mask (a DataFrame's
``category`` columns, or the ``categorical`` parameter), the class labels as codes, and at
predict time a DataFrame's nominal columns recoded to the fitted categories."""
from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, column_or_1d, validate_data

from ..datasets.frame import split_frame


def _mask(categorical, p):
    if categorical is None:
        return np.zeros(p, dtype=bool)
    m = np.asarray(categorical, dtype=bool)
    if m.shape != (p,):
        raise ValueError(f"categorical mask has shape {m.shape}, expected ({p},) for {p} columns")
    return m


def _check_X(X):
    """A 2-D float array with at least one row and column; NaN (missing) allowed, inf not."""
    X = np.asarray(X, dtype=float)
    if np.isinf(X).any():
        raise ValueError("X contains infinite values (inf); replace them")
    return check_array(X, ensure_all_finite="allow-nan", input_name="X")


def _nominal_mask(categorical, parts) -> np.ndarray:
    """The nominal columns: a DataFrame's ``category`` columns, else ``categorical``."""
    p = parts.X.shape[1]
    given = None if categorical is None else _mask(categorical, p)
    if not parts.categorical.any():
        return np.zeros(p, dtype=bool) if given is None else given
    if given is not None and not np.array_equal(given, parts.categorical):
        raise ValueError(f"categorical marks columns {np.flatnonzero(given).tolist()} nominal, "
                         "but the DataFrame's 'category' columns are "
                         f"{np.flatnonzero(parts.categorical).tolist()}; pass one or the other")
    return parts.categorical


def _fit_X(est, X):
    """``(X as floats, nominal mask)`` for ``fit``; records ``n_features_in_``,
    ``feature_names_in_`` (a DataFrame's) and ``frame_categories_`` (its category labels,
    to which ``predict`` matches a frame's nominal columns)."""
    frame = isinstance(X, pd.DataFrame)
    parts = split_frame(X)
    Xa = _check_X(parts.X)
    validate_data(est, X if frame else Xa, skip_check_array=True, reset=True)
    est.frame_categories_ = parts.categories if frame else None
    return Xa, _nominal_mask(est.categorical, parts)


def _predict_X(est, X):
    """``X`` as floats for ``predict``: the fitted number of columns (and names); a
    DataFrame's nominal columns recoded to the fitted categories and matching the mask."""
    frame = isinstance(X, pd.DataFrame)
    parts = split_frame(X, categories=est.frame_categories_ if frame else None)
    Xa = _check_X(parts.X)
    validate_data(est, X if frame else Xa, skip_check_array=True, reset=False)
    if parts.categorical.any() and not np.array_equal(parts.categorical, est.categorical_):
        raise ValueError("X's 'category' columns "
                         f"{np.flatnonzero(parts.categorical).tolist()} differ from the "
                         f"nominal columns in fit {np.flatnonzero(est.categorical_).tolist()}")
    return Xa


def _check_Xy(est, X, y):
    """``(X, nominal mask, classes, class codes)`` for ``fit`` (see :func:`_fit_X`)."""
    if y is None:
        raise ValueError(f"{type(est).__name__} requires y to be passed, but the target y is "
                         "None; pass the class labels")
    X, mask = _fit_X(est, X)
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = column_or_1d(y, warn=True)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must be 1-D with {X.shape[0]} entries, got shape {y.shape}")
    if pd.isna(y).any():
        raise ValueError("y must be class labels, but it holds missing values (NaN or None); "
                         "drop the unlabelled rows first")
    check_classification_targets(y)
    classes, yi = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(f"the training data hold a single class ({classes[0]!r}), i.e. "
                         "1 class; a classifier needs at least two")
    return X, mask, classes, yi
