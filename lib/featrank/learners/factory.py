"""The learners by name (:func:`make_learner`: ``"svm"``, ``"knn"``, ``"nb"``, ``"tree"``,
``"rf"``, with Weka's preprocessing and settings) and the model changes the curves make:
declared category counts (:func:`declare_categories`) and nominal masks
(:func:`with_categorical`)."""
from __future__ import annotations

import numpy as np
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from ..datasets.encode import WekaPreprocessor
from .ibk import WekaIBk
from .naive_bayes import WekaNaiveBayes

LEARNERS = ("svm", "knn", "nb", "tree", "rf")


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
