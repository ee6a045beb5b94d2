"""What the error curves measure at each point: the scorers (``"accuracy"``, ``"error"``,
``"balanced_accuracy"``, ``"auc"`` or a
function ``f(y_true, y_pred, y_score)``), the check that model and measure are of the same
task, and the class-score matrix the engines pass as ``y_score``."""
from __future__ import annotations

import numpy as np
from sklearn.base import is_classifier, is_regressor
from sklearn.metrics import get_scorer, get_scorer_names
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC

from .metrics import hand_till_auc


def _accuracy(y_true, y_pred, y_score=None):
    return float(np.mean(y_true == y_pred))


def _error(y_true, y_pred, y_score=None):
    return 1.0 - float(np.mean(y_true == y_pred))


def _balanced_accuracy(y_true, y_pred, y_score=None):
    """The mean, over the classes present in ``y_true``, of the share of that class predicted
    as itself (the mean recall, scikit-learn's ``balanced_accuracy_score``). Given class
    probabilities (rows of ``y_score`` that sum to 1, such as k-NN's votes), the prediction
    is first corrected for the class priors -- each class's probability divided by its share
    of the rows (the stratified test fold's, the training fold's up to rounding) -- the
    decision that maximises balanced accuracy; otherwise (SVM decision values) ``y_pred``
    is scored as it is. Unlike accuracy it does not reward predicting the majority class,
    which scores ``1 / n_classes``.

    >>> y = np.array([0, 0, 0, 0, 1])
    >>> _balanced_accuracy(y, np.zeros(5, int))
    0.5
    >>> votes = np.array([[.9, .1], [.8, .2], [.9, .1], [1., 0.], [.7, .3]])
    >>> _balanced_accuracy(y, np.zeros(5, int), votes)    # .3 / .2 > .7 / .8: class 1
    1.0
    """
    if y_score is not None:
        s = np.asarray(y_score, dtype=float)
        if s.ndim == 2 and (s >= 0).all() and np.allclose(s.sum(axis=1), 1.0) \
                and s.shape[1] > y_true.max():
            share = np.bincount(y_true, minlength=s.shape[1]) / len(y_true)
            y_pred = np.argmax(s / np.maximum(share, 1.0 / len(y_true)), axis=1)
    classes = np.unique(y_true)
    return float(np.mean([np.mean(y_pred[y_true == c] == c) for c in classes]))


def _auc(y_true, y_pred, y_score=None):
    """The area under the ROC curve of the class scores (Hand & Till's M over the classes
    present in ``y_true``, :func:`featrank.evaluate.hand_till_auc`; two classes: the plain
    AUC), which ranks the test rows by score instead of thresholding them, and so neither
    rewards the majority class nor needs a prior correction; 0.5 when the fold's test rows
    hold a single class.

    >>> _auc(np.array([0, 0, 1, 1]), None, [[.9, .1], [.6, .4], [.65, .35], [.2, .8]])
    0.75
    """
    y_true = np.asarray(y_true)
    if np.unique(y_true).size < 2:
        return 0.5
    return float(hand_till_auc(y_true, y_score))


#: the measures that read the class scores
_NEEDS_SCORE = ("balanced_accuracy", "auc")
_SCORERS = {"accuracy": _accuracy, "error": _error, "balanced_accuracy": _balanced_accuracy,
            "auc": _auc}


def _scorer(scoring):
    """(function(y_true, y_pred, y_score), needs_score, name)."""
    if hasattr(scoring, "_score_func"):
        metric = getattr(scoring._score_func, "__name__", "metric")
        raise ValueError(
            f"scoring {scoring!r} is a scikit-learn scorer object, called as "
            "scorer(estimator, X, y); the curves call scoring(y_true, y_pred, y_score): pass "
            f"'accuracy', 'error' or such a function, e.g. lambda t, p, s: {metric}(t, p)")
    if callable(scoring):
        return scoring, True, getattr(scoring, "__name__", "custom")
    if scoring not in _SCORERS:
        raise ValueError(f"unknown scoring {scoring!r}; use 'accuracy', 'balanced_accuracy', "
                         "'auc', 'error' or a callable f(y_true, y_pred, y_score)")
    return _SCORERS[scoring], scoring in _NEEDS_SCORE, scoring


#: where a metric function lives -> what it measures (anything else: not checked)
_METRIC_TASKS = {"sklearn.metrics._regression": "regression",
                 "sklearn.metrics._classification": "classification",
                 "sklearn.metrics._ranking": "classification",
                 "featrank.evaluate.metrics": "classification"}


def _scoring_task(scoring):
    """``"classification"``, ``"regression"`` or None (unknown: a user's own function) for a
    ``scoring``: our names, scikit-learn's metric functions, scorer objects and scorer
    names."""
    if isinstance(scoring, str):
        if scoring in _SCORERS:
            return "classification"
        if scoring not in get_scorer_names():
            return None
        scoring = get_scorer(scoring)
    func = getattr(scoring, "_score_func", scoring)   # a scorer object wraps its metric
    return _METRIC_TASKS.get(getattr(func, "__module__", None))


def _model_task(model):
    """``"classification"``, ``"regression"`` or None (not a scikit-learn estimator)."""
    try:
        if is_classifier(model):
            return "classification"
        return "regression" if is_regressor(model) else None
    except AttributeError:      # no scikit-learn tags to read
        return None


def _check_task(model, scoring):
    """Refuse a regressor with a classification measure and a classifier with a regression
    measure: the curves would compare numbers of different kinds."""
    m, s = _model_task(model), _scoring_task(scoring)
    if m is None or s is None or m == s:
        return
    what = repr(scoring) if isinstance(scoring, str) else getattr(
        getattr(scoring, "_score_func", scoring), "__name__", type(scoring).__name__)
    if m == "regression":
        raise ValueError(
            f"model {type(model).__name__} is a regressor but scoring {what} measures "
            "classification: error curves compare predicted classes with y. Pass a "
            "classifier (a learner name such as 'knn' or 'svm', or a scikit-learn classifier)")
    raise ValueError(
        f"scoring {what} is a regression measure but model {type(model).__name__} is a "
        "classifier: pass a classification measure ('accuracy', 'error', or "
        "f(y_true, y_pred, y_score) such as featrank.evaluate.error_rate)")


def _score_matrix(model, X, decision=None):
    """Class scores ``(n, n_classes)`` in the order of ``model.classes_``: probabilities if
    the model has them, else decision values (binary: ``[-d, d]``)."""
    if decision is None:
        if hasattr(model, "predict_proba") and not isinstance(_final(model), SVC):
            return model.predict_proba(X)
        decision = model.decision_function(X)
    decision = np.asarray(decision, dtype=float)
    return np.column_stack([-decision, decision]) if decision.ndim == 1 else decision


def _final(model):
    return model.steps[-1][1] if isinstance(model, Pipeline) else model
