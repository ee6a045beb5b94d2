"""Weka-like learners, usable as the ``model`` of the error curves (Slavkov 2020, Sec.
"Analysis of different learning methods"; Prati 2012, Sec. V-B).

:func:`make_learner` returns a scikit-learn classifier with Weka's preprocessing built in:

``"svm"``  Weka SMO: missing values -> mean/mode, nominal -> binary, numeric scaled to [0, 1]
           (on the training data), PolyKernel ``(x.y)^degree`` without the +1, i.e.
           ``SVC(kernel="poly", gamma=1, coef0=0)``. Slavkov: ``degree=2, C=0.1`` (default);
           Prati (SMO defaults): ``degree=1, C=1`` (then ``kernel="linear"``, the same kernel).
``"knn"``  Weka IBk (:class:`WekaIBk`): range-normalised Euclidean distance, nominal
           mismatch = 1, Weka's missing-value distances, all neighbours tied with the k-th
           are kept (Weka's LinearNNSearch), majority vote, ties -> lowest class. ``k=10``.
``"nb"``   Weka NaiveBayes (:class:`WekaNaiveBayes`): Gaussian for numeric features (with
           Weka's precision: values rounded to the mean gap between distinct values, std
           floored at precision/6, likelihood = probability of the precision interval),
           Laplace-corrected counts for nominal ones, missing values ignored.
``"tree"`` C4.5/J48-like: ``DecisionTreeClassifier(criterion="entropy",
           min_samples_leaf=2)`` on mean/mode-imputed data with nominal -> binary. Gaps to
           J48: binary splits on one-hot columns instead of multiway nominal splits, no
           gain ratio, no pessimistic-error pruning, no fractional instances for missing values.
           Agreement with J48's predictions on the held-out thirds below: 67 % (sonar) to
           99 % (vote); adding J48's subtree-replacement pruning moved it by <= 2 points, so
           the split criterion is the main gap. RF agrees 93-99 % with Weka's RandomForest.
``"rf"``   Weka RandomForest: 100 trees, ``int(log2(p)) + 1`` features per split (Weka's
           rule; the paper's "rounded up log2" for p not a power of 2), on imputed data.

Checked against Weka 3.6.14 itself (``tests/test_learners.py``, fixtures made by
``tests/fixtures/weka_learners/make_fixtures.sh``; ionosphere, colic, vote, sonar, 1/3 held
out): NaiveBayes and both SMO settings give Weka's predictions on every test instance (NB
probabilities within 0.012); IBk gives Weka's predictions once Weka's widening of the
attribute ranges by each classified test instance is replayed, and 97-100 % without it.

Nominal columns: a pandas DataFrame's ``category`` columns are nominal (scikit-learn's
``categorical_features="from_dtype"``; ``featrank.datasets.load(name, as_frame=True)`` gives
such a frame), read by :func:`featrank.datasets.split_frame`; at predict time a frame's
nominal columns are matched to the fitted categories by label. Every learner also takes
``categorical`` (bool mask over the columns it is fitted on; ``None`` = all numeric for an
array); given with such a DataFrame, the two must agree. The curves engine
(:mod:`featrank.evaluate.curves`) narrows the mask to the column subset of each curve point.

The module is a little over 400 lines because it holds five small estimators that share one
preprocessing step and one input check; split apart, each would import the other four's helpers.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.special import ndtr
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, check_is_fitted, column_or_1d, validate_data

from .datasets.encode import WekaPreprocessor
from .datasets.frame import split_frame

LEARNERS = ("svm", "knn", "nb", "tree", "rf")


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


# --------------------------------------------------------------------------- k-NN (IBk)
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


# --------------------------------------------------------------------------- Naive Bayes
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


# --------------------------------------------------------------------------- random forest
class WekaRandomForest(RandomForestClassifier):
    """RandomForestClassifier whose ``max_features="weka"`` means Weka's ``int(log2(p)) + 1``."""

    def fit(self, X, y, sample_weight=None):
        saved = self.max_features
        if saved == "weka":
            self.max_features = min(int(np.log2(max(np.shape(X)[1], 1))) + 1, np.shape(X)[1])
        try:
            return super().fit(X, y, sample_weight=sample_weight)
        finally:
            self.max_features = saved


#: Weka's SMO stops when b_low <= b_up + 2 * tol with tol = 1e-3 (BinarySMO.examineExample);
#: b_low - b_up is libsvm's m(alpha) - M(alpha), which it stops at below ``tol``: so 2e-3.
#: With libsvm's 1e-3 the linear SVM of Prati's anneal fold 1 (21 features, classes 2 vs 3,
#: rank-deficient one-hot columns) stalls between 1e-3 and 2e-3 for ever; at 2e-3 it stops
#: after 127 iterations, as Weka does.
WEKA_SMO_TOL = 2e-3
#: A bound on the solver's iterations per class pair (Weka has none): no task runs unbounded.
#: A fit that reaches it raises scikit-learn's ConvergenceWarning, which the result store
#: counts beside each result (featrank.parallel).
SVM_MAX_ITER = 1_000_000


def make_learner(name: str, *, categorical=None, n_categories=None, **params):
    """A Weka-like classifier by name (see the module docstring).

    Parameters: ``svm``: ``degree`` (2), ``C`` (0.1), ``tol``; ``knn``: ``k`` or
    ``n_neighbors`` (10); ``tree``: ``min_samples_leaf`` (2), ``random_state``; ``rf``:
    ``n_estimators`` (100), ``random_state`` (0); any other keyword goes to the final
    estimator. ``categorical``: bool mask of nominal columns; ``n_categories``: declared
    number of categories per column (the ARFF header's), so the one-hot columns of
    ``svm``/``tree``/``rf`` do not depend on which codes a training fold happens to hold.
    """
    model = _make(name, categorical, params)
    return model if n_categories is None else declare_categories(model, n_categories)


def declare_categories(model, n_categories, *, keep_declared: bool = False):
    """``model`` with its Weka preprocessing step (``prep``) told the declared number of
    categories per column, as an ARFF header declares them to Weka: a code missing from a
    training fold then still gets its one-hot column instead of an error.

    Parameters
    ----------
    model : estimator
        A classifier; only a pipeline with a ``prep`` step taking ``n_categories`` (the
        ``svm``, ``tree`` and ``rf`` learners) is changed.
    n_categories : sequence of int
        Per column, the number of declared categories (0 for a numeric column).
    keep_declared : bool, default False
        Leave a model whose step already has category counts as it is.

    Returns
    -------
    estimator
        A clone of ``model`` with ``prep__n_categories`` set, or ``model`` itself when it is
        not changed.

    Examples
    --------
    >>> svm = declare_categories(make_learner("svm", degree=1), [3, 0])
    >>> svm.get_params()["prep__n_categories"]
    [3, 0]
    >>> declare_categories(svm, [5, 0], keep_declared=True) is svm
    True
    >>> nb = make_learner("nb")
    >>> declare_categories(nb, [3, 0]) is nb
    True
    """
    params = model.get_params()
    if "prep__n_categories" not in params or (
            keep_declared and params["prep__n_categories"] is not None):
        return model
    return clone(model).set_params(prep__n_categories=list(n_categories))


def _make(name, categorical, params):
    if name == "svm":
        degree, C = params.pop("degree", 2), params.pop("C", 0.1)
        params.setdefault("tol", WEKA_SMO_TOL)
        params.setdefault("max_iter", SVM_MAX_ITER)
        if degree == 1:
            svc = SVC(kernel="linear", C=C, **params)
        else:
            svc = SVC(kernel="poly", degree=degree, gamma=1.0, coef0=0.0, C=C, **params)
        return Pipeline([("prep", WekaPreprocessor(categorical)), ("svc", svc)])
    if name == "knn":
        k = params.pop("k", params.pop("n_neighbors", 10))
        if params:
            raise ValueError(f"unknown parameter(s) for knn: {sorted(params)}")
        return WekaIBk(n_neighbors=k, categorical=categorical)
    if name == "nb":
        if params:
            raise ValueError(f"unknown parameter(s) for nb: {sorted(params)}")
        return WekaNaiveBayes(categorical=categorical)
    if name == "tree":
        params.setdefault("min_samples_leaf", 2)
        params.setdefault("random_state", 0)
        tree = DecisionTreeClassifier(criterion="entropy", **params)
        return Pipeline([("prep", WekaPreprocessor(categorical)), ("tree", tree)])
    if name == "rf":
        params.setdefault("n_estimators", 100)
        params.setdefault("max_features", "weka")
        params.setdefault("random_state", 0)
        params.setdefault("n_jobs", 1)
        return Pipeline([("prep", WekaPreprocessor(categorical)),
                         ("rf", WekaRandomForest(**params))])
    raise ValueError(f"unknown learner {name!r}; choose one of {LEARNERS}")


def with_categorical(model, categorical, cols=None):
    """A clone of ``model`` told which of its input columns are nominal: sets every parameter
    named ``categorical`` or ``*__categorical``; with ``cols`` (the model will see
    ``X[:, cols]``) a given ``n_categories`` / ``*__n_categories`` is narrowed to them too."""
    model = clone(model)
    params, new = model.get_params(deep=True), {}
    for k, v in params.items():
        if k == "categorical" or k.endswith("__categorical"):
            new[k] = categorical
        elif cols is not None and v is not None and (
                k == "n_categories" or k.endswith("__n_categories")):
            new[k] = [v[c] for c in cols]
    if new:
        model.set_params(**new)
    return model


def feature_blocks(prep) -> tuple:
    """``(grouped, starts, counts)`` of a fitted :class:`WekaPreprocessor`: its output columns
    grouped by input feature (in column order within a feature), and where each feature's
    block of ``grouped`` starts and how many columns it holds."""
    fmap = np.asarray(prep.feature_map_, dtype=np.intp)
    grouped = np.argsort(fmap, kind="stable")
    counts = np.bincount(fmap, minlength=prep.n_features_in_)
    return grouped, np.cumsum(counts) - counts, counts


def feature_columns(prep) -> list:
    """Output columns of each input feature of a fitted :class:`WekaPreprocessor`."""
    grouped, starts, counts = feature_blocks(prep)
    return np.split(grouped, (starts + counts)[:-1])


def columns_in_order(blocks, seq) -> tuple:
    """``(cols, end)``: the output columns of the input features ``seq``, feature after
    feature, and where each feature's columns end in ``cols`` -- what
    ``np.concatenate([columns[f] for f in seq])`` and the running sum of their sizes give,
    without a Python loop over the features (a microarray has thousands).

    >>> blocks = (np.array([0, 1, 2, 3, 4]), np.array([0, 1, 4]), np.array([1, 3, 1]))
    >>> cols, end = columns_in_order(blocks, np.array([2, 1]))
    >>> cols.tolist(), end.tolist()
    ([4, 1, 2, 3], [1, 4])
    """
    grouped, starts, counts = blocks
    cnt = counts[seq]
    end = np.cumsum(cnt)
    first = end - cnt                                   # where each feature's columns begin
    return grouped[np.repeat(starts[seq] - first, cnt) + np.arange(end[-1] if end.size else 0)], end
