"""The inputs of the error curves: data read from a :class:`featrank.datasets.Dataset`, a
DataFrame or an array, the model (a learner name or a classifier) checked against the
measure, the category counts a Weka preprocessing step is told, and the CV splits."""
from __future__ import annotations

import numbers

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.model_selection import RepeatedStratifiedKFold

from ..datasets import Dataset
from ..datasets.frame import split_frame
from ..learners import make_learner
from ._scoring import _check_task


def _splits(X, y, cv, n_repeats, random_state):
    if cv is None:
        cv = 10
    if isinstance(cv, numbers.Integral):
        cv = RepeatedStratifiedKFold(n_splits=int(cv), n_repeats=int(n_repeats),
                                     random_state=random_state)
    it = cv.split(X, y) if hasattr(cv, "split") else cv
    splits = [(np.asarray(tr, dtype=np.intp), np.asarray(te, dtype=np.intp)) for tr, te in it]
    if not splits:
        raise ValueError("cv produced no splits")
    return splits


def _prepare(X, y, model, categorical, scoring="accuracy"):
    """``(X, y, model, categorical mask)`` for the engines, from a :class:`Dataset`, a
    DataFrame (nominal columns: dtype ``category``) or an array, and a learner name or a
    model (checked against ``scoring``)."""
    X, y, cat, categories = _read_data(X, y, categorical)
    if isinstance(model, str):
        model = make_learner(model)
    if not hasattr(model, "fit") or not hasattr(model, "predict"):
        raise ValueError(f"model must be a learner name or a classifier, got {model!r}")
    _check_task(model, scoring)
    return X, y, _declare_categories(model, X, cat, categories), cat


def _read_data(X, y, categorical):
    """``(X as floats, y, nominal mask, category labels per column or None)``. A Dataset
    gives its own ``y`` when ``y`` is None; a DataFrame its ``category`` columns (read by
    :func:`featrank.datasets.frame.split_frame`, as the rankers read them)."""
    categories = None
    if isinstance(X, Dataset) and y is None:
        y = X.y
    if isinstance(X, (Dataset, pd.DataFrame)):
        parts = split_frame(X, categorical)
        X, categorical, categories = parts.X, parts.categorical, parts.categories
    X = np.asarray(X, dtype=float)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D, got shape {X.shape}")
    if y is None:
        raise ValueError("y is None: pass the class labels (only a Dataset carries its own)")
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must be 1-D with {X.shape[0]} entries, got shape {y.shape}")
    p = X.shape[1]
    cat = np.zeros(p, bool) if categorical is None else np.asarray(categorical, bool)
    if cat.shape != (p,):
        raise ValueError(f"categorical mask has shape {cat.shape}, expected ({p},)")
    return X, y, cat, categories


def _declare_categories(model, X, cat, categories):
    """Give a Weka preprocessing step without declared category counts those of the whole
    data (the declared labels of a Dataset or DataFrame, else max code + 1), as an ARFF
    header declares them to Weka: a code missing from a training fold then still gets its
    one-hot column instead of an error."""
    if not cat.any() or model.get_params().get("prep__n_categories", 0) is not None:
        return model
    return clone(model).set_params(prep__n_categories=_category_counts(X, cat, categories))


def _category_counts(X, cat, categories):
    """Per column: the number of declared labels, else (nominal) max code + 1, else 0."""
    counts = []
    for j in range(X.shape[1]):
        if categories is not None and categories[j] is not None:
            counts.append(len(categories[j]))
        elif cat[j] and not np.isnan(X[:, j]).all():
            counts.append(int(np.nanmax(X[:, j])) + 1)
        else:
            counts.append(0)
    return counts
