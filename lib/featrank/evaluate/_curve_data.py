"""The inputs of the error curves: data read from a :class:`featrank.datasets.Dataset`, a
DataFrame or an array, the model (a learner name or a classifier) checked against the
measure, the category counts a Weka preprocessing step is told, and the CV splits."""
from __future__ import annotations

import numbers

import numpy as np
import pandas as pd
from sklearn.model_selection import RepeatedStratifiedKFold

from ..datasets import Dataset
from ..datasets.frame import split_frame
from ..learners import declare_categories, make_learner
from ._scoring import _check_task


def _splits(X, y, cv, n_repeats, random_state):
    if cv is None:
        cv = 10
    if isinstance(cv, numbers.Integral):
        _check_folds(y, int(cv))
        cv = RepeatedStratifiedKFold(n_splits=int(cv), n_repeats=int(n_repeats),
                                     random_state=random_state)
    it = cv.split(X, y) if hasattr(cv, "split") else cv
    splits = [(np.asarray(tr, dtype=np.intp), np.asarray(te, dtype=np.intp)) for tr, te in it]
    if not splits:
        raise ValueError("cv produced no splits")
    return splits


def _check_folds(y, n_folds):
    """Stratified ``n_folds``-fold CV needs a class with at least ``n_folds`` rows (a
    smaller class is left out of some test folds, as scikit-learn warns); the message says
    which folds would work.

    >>> _check_folds(["a", "a", "b", "b", "b"], 5)
    Traceback (most recent call last):
    ...
    ValueError: 5-fold stratified CV needs at least 5 rows in some class, but the largest class ('b') has 3 of the 5 rows: pass cv=3 (at most 3 folds) or give more rows
    """
    labels, counts = np.unique(np.asarray(y), return_counts=True)
    if counts.size and counts.max() < n_folds:
        big = labels[np.argmax(counts)]
        fix = (f"pass cv={counts.max()} (at most {counts.max()} folds)" if counts.max() >= 2
               else "every class has a single row: give more rows")
        raise ValueError(f"{n_folds}-fold stratified CV needs at least {n_folds} rows in some "
                         f"class, but the largest class ({big.item()!r}) has {counts.max()} of "
                         f"the {len(y)} rows: {fix}" + (" or give more rows"
                                                        if counts.max() >= 2 else ""))


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
    cat = _with_model_mask(model, cat)
    return X, y, _declare_categories(model, X, cat, categories), cat


def _model_mask(model):
    """The nominal mask a learner was built with (``make_learner(..., categorical=mask)``:
    the learner's ``categorical`` or its preprocessing step's), or None."""
    params = model.get_params()
    for key in ("categorical", "prep__categorical"):
        if params.get(key) is not None:
            return np.asarray(params[key], dtype=bool)
    return None


def _with_model_mask(model, cat):
    """The engines preprocess with the data's nominal mask; when the data declares no nominal
    column (an array without ``categorical=``) but the learner was built with a mask, the
    learner's mask holds (it would otherwise be overridden, and its nominal columns read as
    numbers). Two different masks are an error."""
    own = _model_mask(model)
    if own is None or np.array_equal(own, cat):
        return cat
    if own.shape != cat.shape:
        raise ValueError(f"the learner's categorical mask has {own.size} columns, the data "
                         f"{cat.size}")
    if cat.any():
        raise ValueError(f"the data marks columns {np.flatnonzero(cat).tolist()} nominal, the "
                         f"learner {np.flatnonzero(own).tolist()}; pass one or the other")
    return own


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
    if not cat.any():
        return model
    return declare_categories(model, _category_counts(X, cat, categories), keep_declared=True)


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
