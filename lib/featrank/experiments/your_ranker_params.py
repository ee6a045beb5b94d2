"""The parameters of the ``evaluate_your_ranker`` report, checked before anything runs: each
bad one stops with a :class:`ParameterError` saying what to fix (the parameters are listed
in :mod:`.your_ranker`, which re-exports every name here). Also how a ranker gives its
order: an estimator's fitted scores (:func:`estimator_order`) or a file's
(:func:`file_order`), and what each profile computes (:data:`SETTINGS`).
"""
from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import clone

from ..datasets import Dataset, catalog, load
from ..orders import check_order, order_from_scores

#: what each profile computes (``panel``: the rankers the user's ranker is set beside, each
#: scored on the same folds; ``"random"`` is a uniformly random order per training fold)
SETTINGS = {
    "smoke": dict(n_folds=3, n_sizes=8, n_random=19, learners=("knn",),
                  panel=("IG", "ReliefF", "random")),
    "quick": dict(n_folds=5, n_sizes=15, n_random=59, learners=("knn", "svm"),
                  panel=("IG", "ReliefF", "RForest", "SVM-RFE", "random")),
    "paper": dict(n_folds=10, n_sizes=40, n_random=99, learners=("knn", "svm"),
                  panel=("IG", "GR", "SU", "χ²", "OneR", "ReliefF", "RForest", "SVM-RFE",
                         "Borda", "random")),
}
#: the metrics the curves can use; ``None`` (the default) chooses by :data:`MINORITY`
METRICS = ("accuracy", "balanced_accuracy")
#: below this share of the rows in the smallest class, the curves use balanced accuracy
MINORITY = 0.25
#: the panel's random ranking
RANDOM = "random"
#: the fitted attributes read from an estimator, in this order
SCORE_ATTRIBUTES = ("feature_importances_", "scores_", "ranking_", "coef_")
LABEL = "your ranker"


class ParameterError(ValueError):
    """A report parameter is wrong; the message says which and how to fix it."""


@dataclass
class RankerSpec:
    """The checked ``ranker`` parameter: ``kind`` is ``"estimator"`` (``estimator`` set),
    ``"scores"`` or ``"order"`` (``values``: one score per feature, or feature names /
    indices best first, as read from ``path``)."""
    kind: str
    estimator: object = None
    path: Path | None = None
    values: list = field(default_factory=list)
    name: str = LABEL


# --- the parameters -------------------------------------------------------------------------

def _catalogue_names() -> set:
    cat = catalog()
    names = set(cat["name"])
    for aliases in cat["aliases"]:
        names.update(a for a in str(aliases).split(",") if a)
    return names


def check_data(data, target=None) -> Dataset:
    """Load ``data`` (a catalogue name, or a CSV/ARFF path) with ``target`` as the class,
    nominal columns as ``category``; a :class:`ParameterError` names what to fix.

    >>> check_data("no/such/file.csv", "y")
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: data: no such file 'no/such/file.csv' (and no catalogue dataset of that name); give the path of a CSV or ARFF file, or a catalogue name such as 'heart' (featrank.datasets.catalog() lists them)
    """
    if not isinstance(data, (str, Path)) or not str(data).strip():
        raise ParameterError(f"data: expected a catalogue name or a file path, got {data!r}")
    path = Path(str(data)).expanduser()
    if not path.is_file():
        if str(data) in _catalogue_names():
            return load(str(data), as_frame=True)
        raise ParameterError(
            f"data: no such file {str(data)!r} (and no catalogue dataset of that name); give "
            "the path of a CSV or ARFF file, or a catalogue name such as 'heart' "
            "(featrank.datasets.catalog() lists them)")
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".arff"):
        raise ParameterError(f"data: {str(data)!r} is neither a .csv nor an .arff file")
    if suffix == ".csv":
        columns = list(pd.read_csv(path, nrows=0).columns)
        if target is not None and str(target) not in columns:
            shown = columns if len(columns) <= 12 else columns[:10] + ["...", columns[-1]]
            raise ParameterError(
                f"target: {data} has no column {target!r}; its {len(columns)} columns are "
                f"{', '.join(c if c == '...' else repr(c) for c in shown)}; set target to the "
                "class column")
    try:
        return load(path, target=target if target is not None else "last", as_frame=True)
    except ValueError as err:
        raise ParameterError(f"data: {data} could not be read: {err}") from err


def check_ranker(ranker) -> RankerSpec:
    """Parse ``ranker``: an existing file is a CSV of scores or of an order, anything else
    must be an import path ``"package.module:Class"``.

    >>> check_ranker("featrank.rankers:NoSuchRanker")
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: ranker: module 'featrank.rankers' has no attribute 'NoSuchRanker'; check the name after ':' in 'featrank.rankers:NoSuchRanker'
    """
    if not isinstance(ranker, (str, Path)) or not str(ranker).strip():
        raise ParameterError(f"ranker: expected an import path 'package.module:Class' or a CSV "
                             f"file, got {ranker!r}")
    path = Path(str(ranker)).expanduser()
    if path.is_file():
        return _read_ranking_file(path)
    text = str(ranker)
    if ":" not in text or text.lower().endswith(".csv"):
        raise ParameterError(
            f"ranker: no such file {text!r}, and not an import path; give "
            "'package.module:Class' (an estimator with feature_importances_, scores_, "
            "ranking_ or coef_) or the path of a CSV of per-feature scores or of an order")
    module, _, attr = text.partition(":")
    try:
        mod = importlib.import_module(module)
    except ImportError as err:
        raise ParameterError(f"ranker: cannot import module {module!r} ({err}); check the "
                             "import path and that the package is installed or on "
                             "PYTHONPATH") from err
    if not hasattr(mod, attr):
        raise ParameterError(f"ranker: module {module!r} has no attribute {attr!r}; check the "
                             f"name after ':' in {text!r}")
    obj = getattr(mod, attr)
    est = obj() if isinstance(obj, type) else obj
    if not hasattr(est, "fit"):
        raise ParameterError(f"ranker: {text} is not an estimator (it has no fit method)")
    return RankerSpec("estimator", estimator=est, name=attr)


def _read_ranking_file(path: Path) -> RankerSpec:
    """A CSV of scores (a numeric column, with a ``feature`` column or in feature order) or
    of an order (one column of names or indices, best first)."""
    df = pd.read_csv(path)
    if df.empty:
        raise ParameterError(f"ranker: {path} is empty")
    numeric = [c for c in df.columns if pd.api.types.is_float_dtype(df[c])
               or (c.lower() in ("score", "scores", "importance") and
                   pd.api.types.is_numeric_dtype(df[c]))]
    if numeric:
        names = df[df.columns[0]].astype(str).tolist() if df.shape[1] > 1 and \
            df.columns[0] not in numeric else None
        return RankerSpec("scores", path=path, values=list(zip(
            names or [None] * len(df), df[numeric[0]].astype(float))), name=path.stem)
    return RankerSpec("order", path=path, values=df[df.columns[0]].tolist(), name=path.stem)


def _feature_index(ds: Dataset, item, path) -> int:
    names = [str(n) for n in ds.feature_names]
    if str(item) in names:
        return names.index(str(item))
    if isinstance(item, (int, np.integer)) and 0 <= item < len(names):
        return int(item)
    raise ParameterError(f"ranker: {path} names feature {item!r}, which {ds.name} does not "
                         f"have (its features: {', '.join(names[:8])}"
                         f"{', ...' if len(names) > 8 else ''})")


def file_order(spec: RankerSpec, ds: Dataset) -> np.ndarray:
    """The order given by a scores or order file, checked against ``ds``'s features: every
    feature exactly once."""
    p = ds.X.shape[1]
    if spec.kind == "order":
        idx = [_feature_index(ds, v, spec.path) for v in spec.values]
        _check_complete(idx, p, ds, spec.path, "order")
        return np.array(idx)
    names = [n for n, _ in spec.values]
    if len(spec.values) != p and names[0] is None:
        raise ParameterError(f"ranker: {spec.path} holds {len(spec.values)} scores but "
                             f"{ds.name} has {p} features; give one score per feature")
    idx = (list(range(p)) if names[0] is None
           else [_feature_index(ds, n, spec.path) for n in names])
    _check_complete(idx, p, ds, spec.path, "scores")
    scores = np.full(p, np.nan)
    scores[idx] = [s for _, s in spec.values]
    if np.isnan(scores).any():
        raise ParameterError(f"ranker: {spec.path} has empty or NaN scores; give a number "
                             "for every feature")
    return order_from_scores(scores)


def _check_complete(idx, p, ds, path, what):
    uniq, counts = np.unique(idx, return_counts=True)
    if (counts > 1).any():
        dup = [ds.feature_names[i] for i in uniq[counts > 1]]
        raise ParameterError(f"ranker: the {what} in {path} lists {', '.join(map(repr, dup))} "
                             "more than once; each feature must appear exactly once")
    if len(uniq) != p:
        miss = [ds.feature_names[i] for i in np.setdiff1d(np.arange(p), uniq)]
        raise ParameterError(f"ranker: the {what} in {path} misses {len(miss)} of {p} "
                             f"features ({', '.join(map(repr, miss[:8]))}); list all of them")


def estimator_scores(est) -> np.ndarray:
    """Per-feature scores (higher = better) of a fitted estimator, from the first of
    :data:`SCORE_ATTRIBUTES` it has (``ranking_``: negated; ``coef_``: summed |coef| over
    classes).

    >>> class E: ranking_ = np.array([2, 1, 3])
    >>> estimator_scores(E()).tolist()
    [-2.0, -1.0, -3.0]
    """
    for attr in SCORE_ATTRIBUTES:
        v = getattr(est, attr, None)
        if v is None:
            continue
        v = np.asarray(v, dtype=float)
        if attr == "ranking_":
            return -v
        if attr == "coef_":
            return np.abs(v).reshape(-1, v.shape[-1]).sum(axis=0)
        return v
    raise ParameterError(f"ranker: {type(est).__name__} exposes none of "
                         f"{', '.join(SCORE_ATTRIBUTES)} after fit, so it gives no ranking; "
                         "use an estimator that sets one of them, or pass a CSV of scores")


def numeric_X(ds: Dataset) -> np.ndarray:
    """``ds.X`` as floats (a nominal column's category codes, NaN where missing): what a
    plain scikit-learn estimator can fit."""
    if isinstance(ds.X, pd.DataFrame):
        cols = [ds.X[c].cat.codes.where(ds.X[c].cat.codes >= 0).astype(float)
                if isinstance(ds.X[c].dtype, pd.CategoricalDtype) else ds.X[c].astype(float)
                for c in ds.X.columns]
        return np.column_stack(cols)
    return np.asarray(ds.X, dtype=float)


def estimator_order(est, X, y, seed: int = 0) -> np.ndarray:
    """Fit a clone of ``est`` on ``(X, y)`` (its ``random_state``, when unset, fixed to
    ``seed``); its order, best first."""
    est = clone(est)
    if est.get_params().get("random_state", 0) is None:
        est.set_params(random_state=seed)
    fitted = est.fit(X, y)
    scores = estimator_scores(fitted)
    if scores.shape != (X.shape[1],):
        raise ParameterError(f"ranker: {type(est).__name__} gives {scores.size} scores for "
                             f"{X.shape[1]} features")
    return check_order(order_from_scores(scores), X.shape[1])


def check_learnt(value):
    """The ``ranking_learnt_on_these_rows`` parameter: True, False or None.

    >>> check_learnt("yes")
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: ranking_learnt_on_these_rows: expected True (the ranking was learnt on these rows), False (on other rows) or None (not said), got 'yes'
    """
    if value is None or isinstance(value, (bool, np.bool_)):
        return None if value is None else bool(value)
    raise ParameterError("ranking_learnt_on_these_rows: expected True (the ranking was learnt "
                         "on these rows), False (on other rows) or None (not said), got "
                         f"{value!r}")


def check_folds(ds: Dataset, profile: str) -> None:
    """Stratified CV with the profile's folds needs a class with that many rows."""
    k = SETTINGS[profile]["n_folds"]
    counts = np.bincount(np.asarray(ds.y), minlength=len(ds.classes))
    if counts.max() < k:
        raise ParameterError(f"data: profile {profile!r} runs {k}-fold CV, but {ds.name}'s "
                             f"largest class has {counts.max()} rows; give more rows or a "
                             "profile with fewer folds (smoke: 3)")


def check_parameters(data, target, ranker, profile: str, seed: int = 0, *,
                     learnt_on_these_rows=None) -> tuple[Dataset, RankerSpec, np.ndarray]:
    """Check every parameter of the report; stop at the first bad one.

    Parameters
    ----------
    data : str or Path
        A catalogue name, or the path of a CSV (header row) or ARFF file.
    target : str or None
        The class column of a CSV (None: the last column).
    ranker : str or Path
        ``"package.module:Class"`` of an estimator exposing one of
        :data:`SCORE_ATTRIBUTES` after ``fit``, or a CSV of scores or of an order.
    profile : {"smoke", "quick", "paper"}
    seed : int, default 0
        Fixes an estimator's unset ``random_state``.
    learnt_on_these_rows : bool or None, default None
        For a file ranking: learnt on these rows (True), on others (False), not said (None).

    Returns
    -------
    (Dataset, RankerSpec, ndarray)
        The data (nominal columns as ``category``), the parsed ranker and its order on the
        whole data (an estimator is fitted once here, so one without scores stops at once).

    Raises
    ------
    ParameterError
        Naming the parameter and what to fix.

    Examples
    --------
    >>> check_parameters("iris-sklearn", None, "no_such_module:R", "smoke")
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: ranker: cannot import module 'no_such_module' (No module named 'no_such_module'); check the import path and that the package is installed or on PYTHONPATH
    """
    if profile not in SETTINGS:
        raise ParameterError(f"profile: {profile!r} is not one of {sorted(SETTINGS)}")
    check_learnt(learnt_on_these_rows)
    ds = check_data(data, target)
    check_folds(ds, profile)
    spec = check_ranker(ranker)
    if spec.kind == "estimator":
        try:
            order = estimator_order(spec.estimator, numeric_X(ds), ds.y, seed)
        except ParameterError:
            raise
        except Exception as err:
            raise ParameterError(f"ranker: {ranker} failed to fit on {ds.name}: "
                                 f"{type(err).__name__}: {err}") from err
    else:
        order = file_order(spec, ds)
    return ds, spec, order


def check_metric(metric, y) -> str:
    """The curves' measure: ``metric`` if given (one of :data:`METRICS`), else balanced
    accuracy when the smallest class holds under :data:`MINORITY` of the rows (accuracy is
    then blind: predicting the majority scores high at every subset size), else accuracy.

    >>> check_metric(None, [0] * 9 + [1]), check_metric(None, [0, 1] * 5)
    ('balanced_accuracy', 'accuracy')
    """
    if metric is not None:
        if metric not in METRICS:
            raise ParameterError(f"metric: {metric!r} is not one of {list(METRICS)} (or None: "
                                 "balanced accuracy when a class is under 25 % of the rows)")
        return metric
    counts = np.unique(np.asarray(y), return_counts=True)[1]
    return "balanced_accuracy" if counts.min() < MINORITY * counts.sum() else "accuracy"


def check_panel(panel, known) -> tuple:
    """The ``panel`` parameter: names among ``known`` (the library's rankers and aggregates)
    or :data:`RANDOM`, each once; a comma-separated string is split.

    >>> check_panel("IG, random", ["IG", "ReliefF"])
    ('IG', 'random')
    >>> check_panel(["relieff"], ["IG", "ReliefF"])
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: panel: unknown ranker 'relieff' (did you mean 'ReliefF'?); choose among IG, ReliefF, random
    """
    names = [n.strip() for n in panel.split(",")] if isinstance(panel, str) else list(panel)
    choices = [*known, RANDOM]
    for name in names:
        if name not in choices:
            lower = {c.lower(): c for c in choices}
            close = difflib.get_close_matches(name.lower(), lower, n=1, cutoff=0.5)
            hint = f" (did you mean {lower[close[0]]!r}?)" if close else ""
            raise ParameterError(f"panel: unknown ranker {name!r}{hint}; choose among "
                                 f"{', '.join(choices)}")
    if len(set(names)) != len(names):
        raise ParameterError(f"panel: {names} names a ranker twice; give each once")
    return tuple(names)
