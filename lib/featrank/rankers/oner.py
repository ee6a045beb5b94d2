"""Holte's 1R as Weka 3.6's ``OneRAttributeEval`` scores attributes (Prati 2012 "1R").

Weka's default: the score of attribute A is the **10-fold cross-validated accuracy (in %)**
of Weka's ``OneR`` classifier (minimum bucket size 6) built on A alone, with
``Evaluation.crossValidateModel(oneR, data, 10, new Random(1))`` (``-F 10 -S 1``; ``-D``
would score on the training data instead). We reproduce that protocol exactly:

* folds: the data are shuffled by ``Instances.randomize(java.util.Random(seed))``, grouped by
  class (``stratify``: Weka's swap-based grouping, then every 10th instance), fold i is the
  i-th contiguous block; each training fold is shuffled again with the same generator
  (``trainCV(folds, i, random)``). Every attribute sees the same folds (a fresh generator
  per attribute, as Weka).
* ``OneR`` (Weka 3.6.14's code, read from its bytecode; newer Weka sources differ): on a
  nominal attribute it predicts the majority class (first on ties) of each value; on a
  numeric one it makes one interval per distinct value (breakpoints at midpoints), then in one
  left-to-right pass merges the previous interval into the current one when both have the
  same majority class or the previous majority count is below the bucket size (6), then
  merges neighbours with equal majority class once more. Missing values predict their own
  majority class (class 0 when none was seen in training). The rule is independent of the
  order of tied values, so the scores equal Weka's exactly.
"""
from __future__ import annotations

from numbers import Integral

import numpy as np
from sklearn.utils._param_validation import Interval

from ._javarandom import JavaRandom
from .base import BaseRanker
from .discretize import resolve_categorical

def weka_cv_folds(y, n_folds: int = 10, seed: int = 1):
    """Weka's ``crossValidateModel`` folds: list of (train indices in Weka's order, test)."""
    rng = JavaRandom(seed)
    order = list(range(len(y)))
    _randomize(order, rng)
    cls = [int(y[i]) for i in order]
    index = 1  # Instances.stratify: pull each class run together by swaps
    n = len(order)
    while index < n:
        c0 = cls[index - 1]
        for j in range(index, n):
            if cls[j] == c0:
                order[index], order[j] = order[j], order[index]
                cls[index], cls[j] = cls[j], cls[index]
                index += 1
        index += 1
    strat = [order[j] for start in range(n_folds) for j in range(start, n, n_folds)]
    folds = []
    for f in range(n_folds):
        size, offset = n // n_folds, n % n_folds
        if f < offset:
            size, offset = size + 1, f
        first = f * (n // n_folds) + offset
        test = strat[first:first + size]
        train = strat[:first] + strat[first + size:]
        _randomize(train, rng)
        folds.append((np.array(train, dtype=np.intp), np.array(test, dtype=np.intp)))
    return folds


def _randomize(lst, rng):
    for j in range(len(lst) - 1, 0, -1):
        k = rng.next_int(j + 1)
        lst[j], lst[k] = lst[k], lst[j]


def one_r_numeric(x, y, n_classes, min_bucket=6):
    """Weka 3.6's numeric 1R rule: (breakpoints, class per interval, missing-value class)."""
    ok = ~np.isnan(x)
    miss_counts = np.bincount(y[~ok], minlength=n_classes)
    miss_class = int(np.argmax(miss_counts)) if miss_counts.max() > 0 else -1
    if not ok.any():
        raise ValueError("OneR: only missing values in the training data")
    values, inv = np.unique(x[ok], return_inverse=True)
    dists = np.zeros((values.size, n_classes), dtype=np.intp)
    np.add.at(dists, (inv, y[ok]), 1)
    dists = [row for row in dists]
    splits = list((values[:-1] + values[1:]) / 2.0) + [np.inf]
    for same_only in (False, True):  # the two merging passes
        out_d, out_s = [], []
        for d, sp in zip(dists, splits):
            if out_d:
                old = out_d[-1]
                if old.argmax() == d.argmax() or (not same_only and old.max() < min_bucket):
                    d = d + old
                    out_d.pop(), out_s.pop()
            out_d.append(d)
            out_s.append(sp)
        dists, splits = out_d, out_s
    return np.array(splits[:-1]), np.array([d.argmax() for d in dists]), miss_class


def one_r_nominal(x, y, n_values, n_classes):
    """Weka's nominal 1R rule: (majority class per value, missing-value class)."""
    ok = ~np.isnan(x)
    counts = np.zeros((max(int(n_values), 1), n_classes), dtype=np.intp)
    np.add.at(counts, (x[ok].astype(np.intp), y[ok]), 1)
    miss_counts = np.bincount(y[~ok], minlength=n_classes)
    miss_class = int(np.argmax(miss_counts)) if miss_counts.max() > 0 else -1
    return counts.argmax(axis=1), miss_class


def one_r_predict(rule, x, nominal):
    """Predictions of a 1R rule on values ``x`` (NaN = missing)."""
    miss = np.isnan(x)
    xv = np.nan_to_num(x)
    if nominal:
        table, miss_class = rule
        pred = table[np.clip(xv.astype(np.intp), 0, table.size - 1)]
    else:
        breaks, classes, miss_class = rule
        pred = classes[np.searchsorted(breaks, xv, side="right")]
    return np.where(miss, miss_class if miss_class >= 0 else 0, pred)


class OneR(BaseRanker):
    """Attribute score = cross-validated accuracy (%) of Weka's OneR on that attribute alone
    (Weka 3.6's ``OneRAttributeEval``; Prati 2012 "1R").

    Parameters
    ----------
    min_bucket_size : int >= 1, default 6
        Weka ``-B``.
    n_folds : int >= 2, default 10
        Weka ``-F``; at most the number of rows.
    eval_on_training : bool, default False
        Score by training-set accuracy instead of CV (Weka ``-D``).
    random_state : int, default 1
        Seed of Weka's ``java.util.Random`` for the folds (Weka ``-S``, default 1).
    categorical : None, bool mask, int category counts, or ``Dataset.categories``
        Nominal features (codes 0..k-1). ``None``: a DataFrame's ``category`` columns are
        nominal, an array's columns numeric; given with such a DataFrame, it must agree.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the accuracies (%), rank vector (1 = best) and order.
    categorical_, n_categories_, classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import pandas as pd
    >>> from featrank.rankers import OneR
    >>> X = pd.DataFrame({"colour": pd.Categorical(["red", "blue"] * 6),
    ...                   "size": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] * 2})
    >>> r = OneR(eval_on_training=True, n_features_to_select=1).fit(X, ["a", "b"] * 6)
    >>> r.scores_.round(2).tolist(), r.get_feature_names_out().tolist()
    ([100.0, 66.67], ['colour'])
    >>> r.transform(X).columns.tolist()
    ['colour']
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints,
        "min_bucket_size": [Interval(Integral, 1, None, closed="left")],
        "n_folds": [Interval(Integral, 2, None, closed="left")],
        "eval_on_training": ["boolean"],
        # a java.util.Random seed: any int (not numpy's "random_state": no None or RandomState)
        "random_state": [Interval(Integral, None, None, closed="neither")],
        "categorical": [None, "array-like"],
    }
    _nominal = True

    def __init__(self, min_bucket_size=6, n_folds=10, eval_on_training=False, random_state=1,
                 categorical=None, n_features_to_select=None):
        self.min_bucket_size = min_bucket_size
        self.n_folds = n_folds
        self.eval_on_training = eval_on_training
        self.random_state = random_state
        self.categorical = categorical
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        nominal, counts = resolve_categorical(self.n_categories_, X)
        n, p = X.shape
        c = int(y.max()) + 1
        if self.eval_on_training:
            folds = [(np.arange(n), np.arange(n))]
        else:
            if self.n_folds > n:  # depends on the data, so not in the constraints
                raise ValueError(f"n_folds={self.n_folds} exceeds the {n} rows of X; pass at "
                                 f"most {n}, or eval_on_training=True")
            folds = weka_cv_folds(y, int(self.n_folds), int(self.random_state))
        correct = np.zeros(p)
        for tr, te in folds:
            for j in range(p):
                xtr, ytr = X[tr, j], y[tr]
                if nominal[j]:
                    rule = one_r_nominal(xtr, ytr, counts[j], c)
                elif np.isnan(xtr).all():
                    rule = (np.array([]), np.array([0]), -1)  # Weka skips it: ZeroR-like 0
                else:
                    rule = one_r_numeric(xtr, ytr, c, int(self.min_bucket_size))
                correct[j] += np.count_nonzero(one_r_predict(rule, X[te, j], nominal[j]) == y[te])
        total = sum(te.size for _, te in folds)
        return 100.0 * correct / total, None
