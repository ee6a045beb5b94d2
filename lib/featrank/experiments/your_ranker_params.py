"""The parameters of the ``evaluate_your_ranker`` report, checked before anything runs: each
bad one stops with a :class:`ParameterError` saying what to fix (the parameters are listed
in :mod:`.your_ranker`, which re-exports every name here). Also how a ranker gives its
order: an estimator's fitted scores (:func:`estimator_order`) or a file's
(:func:`file_order`), and what each profile computes (:data:`SETTINGS`).
"""
from __future__ import annotations

import argparse
import difflib
import importlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import clone

from .. import rankers
from ..datasets import (ContinuousClass, Dataset, catalog, column_findings, drop_features,
                        load)
from ..orders import check_order, order_from_scores
from .benchmark.data import AGGREGATES, NO_MISSING, NUMERIC_ONLY, RANKERS

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
METRICS = ("accuracy", "balanced_accuracy", "auc")
#: below this share of the rows in the smallest class, the curves use balanced accuracy
MINORITY = 0.25
#: the panel's random ranking
RANDOM = "random"
#: the fitted attributes read from an estimator, in this order
SCORE_ATTRIBUTES = ("feature_importances_", "scores_", "ranking_", "coef_")
LABEL = "your ranker"
#: what ``identifiers`` may say of an identifier-like column: refuse the data, or drop it
IDENTIFIER_POLICIES = ("refuse", "drop")


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


def check_data(data, target=None, *, nominal=(), identifiers: str = "refuse") -> Dataset:
    """Load ``data`` (a catalogue name, or a CSV/ARFF path) with ``target`` as the class,
    nominal columns as ``category``; a :class:`ParameterError` names what to fix.

    ``nominal``: CSV columns read as nominal whatever their values (class codes written as
    numbers). ``identifiers``: what to do with a file's identifier-like column (text with
    nearly one value per row, :func:`~featrank.datasets.column_findings`): ``"refuse"`` it,
    or ``"drop"`` it (the report says so, :func:`data_findings`).

    >>> check_data("no/such/file.csv", "y")
    Traceback (most recent call last):
    ...
    featrank.experiments.your_ranker_params.ParameterError: data: no such file 'no/such/file.csv' (and no catalogue dataset of that name); give the path of a CSV or ARFF file, or a catalogue name such as 'heart' (featrank.datasets.catalog() lists them)
    """
    if identifiers not in IDENTIFIER_POLICIES:
        raise ParameterError(f"identifiers: expected one of {IDENTIFIER_POLICIES}, got "
                             f"{identifiers!r} (IDENTIFIERS=drop leaves such columns out)")
    if not isinstance(data, (str, Path)) or not str(data).strip():
        raise ParameterError(f"data: expected a catalogue name or a file path, got {data!r}")
    path = Path(str(data)).expanduser()
    if not path.is_file():
        if str(data) in _catalogue_names():
            _no_nominal_option(nominal, "a catalogue dataset")
            return check_features(load(str(data), as_frame=True))
        raise ParameterError(
            f"data: no such file {str(data)!r} (and no catalogue dataset of that name); give "
            "the path of a CSV or ARFF file, or a catalogue name such as 'heart' "
            "(featrank.datasets.catalog() lists them)")
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".arff"):
        raise ParameterError(f"data: {str(data)!r} is neither a .csv nor an .arff file")
    options = {}
    if suffix == ".csv":
        _check_csv_header(path, data, target, nominal)
        options = {"nominal": list(nominal)}
    else:
        _no_nominal_option(nominal, "an ARFF file (it declares its nominal attributes)")
    try:
        ds = load(path, target=target if target is not None else "last", as_frame=True,
                  **options)
    except ContinuousClass as err:
        raise ParameterError(_continuous_advice(err)) from err
    except (ValueError, UnicodeError) as err:
        raise ParameterError(f"data: {data} could not be read: {_first_line(err)}") from err
    return check_features(_identifiers(ds, identifiers))


def _check_csv_header(path: Path, data, target, nominal) -> None:
    """An empty file, a header without rows, a missing target or ``nominal`` column."""
    try:
        columns = list(pd.read_csv(path, nrows=0).columns)
        n_rows = len(pd.read_csv(path, nrows=1, usecols=[0])) if columns else 0
    except pd.errors.EmptyDataError:
        raise ParameterError(f"data: {data} is empty; give a CSV file with a header row of "
                             "column names and one row per example") from None
    except (ValueError, UnicodeError) as err:
        raise ParameterError(f"data: {data} could not be read: {_first_line(err)}") from err
    if n_rows == 0:
        raise ParameterError(f"data: {data} has a header ({len(columns)} columns) but no rows; "
                             "give one row per example below the header")
    if target is not None and str(target) not in columns:
        raise ParameterError(
            f"target: {data} has no column {target!r}; its {_columns_text(columns)}; set "
            "target to the class column")
    unknown = [c for c in nominal if c not in columns]
    if unknown:
        raise ParameterError(f"nominal: {data} has no column {unknown[0]!r}; its "
                             f"{_columns_text(columns)}")


def _columns_text(columns) -> str:
    shown = columns if len(columns) <= 12 else columns[:10] + ["...", columns[-1]]
    return (f"{len(columns)} columns are "
            + ", ".join(c if c == "..." else repr(c) for c in shown))


def _no_nominal_option(nominal, what) -> None:
    if nominal:
        raise ParameterError(f"nominal: only a CSV file's columns can be made nominal, and "
                             f"data is {what}; leave NOMINAL unset")


def _continuous_advice(err: ContinuousClass) -> str:
    """The refusal of a number-valued class column, with advice ``make evaluate`` accepts."""
    name = err.column
    return (f"target: the class column {name!r} looks continuous ({err.why}; "
            f"{err.n_values} distinct values in {err.n_rows} rows), but the report needs "
            f"classes. Bin it into a new column, e.g. df[{name + '_class'!r}] = "
            f"pandas.qcut(df[{name!r}], q=3, labels=['low', 'mid', 'high']), and set TARGET="
            f"{name}_class; if its numbers are class codes, set NOMINAL={name}")


def _first_line(err) -> str:
    lines = str(err).strip().splitlines()
    return lines[0] if lines else type(err).__name__


def _identifiers(ds: Dataset, policy: str) -> Dataset:
    """Refuse or drop (``policy``) the identifier-like columns of a user's file."""
    ids = column_findings(ds).identifiers
    if not ids:
        return ds
    if policy == "drop":
        out = drop_features(ds, list(ids))
        out.meta["identifier_columns"] = dict(ids)
        return out
    name, (distinct, filled) = next(iter(ids.items()))
    more = f" (and {len(ids) - 1} more such column(s))" if len(ids) > 1 else ""
    raise ParameterError(
        f"data: column {name!r} looks like an identifier, not a feature: {distinct} distinct "
        f"text values in {filled} rows{more}; a ranker would rank it first. Delete it from "
        "the file, or set IDENTIFIERS=drop to leave such columns out")


def check_features(ds: Dataset) -> Dataset:
    """At least one feature and two classes with examples."""
    if ds.X.shape[1] == 0:
        dropped = ds.meta.get("dropped_columns")
        why = f" once {', '.join(map(repr, dropped))} are left out" if dropped else ""
        raise ParameterError(f"data: {ds.name} has no feature column{why}; give at least one "
                             "column beside the class")
    counts = _class_counts(ds)
    present = [c for c, n in counts.items() if n]
    if len(present) < 2:
        col = ds.meta.get("target", "the class column")
        got = f"only the class {present[0]!r}" if present else "no class"
        raise ParameterError(f"data: {ds.name} has {got} in {col!r} ({ds.X.shape[0]} rows); "
                             "the report compares features by how well they separate classes: "
                             "give rows of at least two classes, or set TARGET to another column")
    return ds


def _class_counts(ds: Dataset) -> dict:
    counts = np.bincount(np.asarray(ds.y), minlength=len(ds.classes))
    return dict(zip(map(str, ds.classes), counts.tolist()))


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
        close = _closest(text, rankers.__all__)
        hint = (f"; did you mean featrank.rankers:{close}?" if close else
                "; give 'package.module:Class' (an estimator with feature_importances_, "
                "scores_, ranking_ or coef_) or the path of a CSV of per-feature scores or "
                "of an order")
        raise ParameterError(f"ranker: no such file {text!r}, and not an import path{hint}")
    module, _, attr = text.partition(":")
    try:
        mod = importlib.import_module(module)
    except ImportError as err:
        raise ParameterError(f"ranker: cannot import module {module!r} ({err}); check the "
                             "import path and that the package is installed or on "
                             "PYTHONPATH") from err
    if not hasattr(mod, attr):
        close = _closest(attr, getattr(mod, "__all__", None) or dir(mod))
        hint = (f"; did you mean {module}:{close}?" if close
                else f"; check the name after ':' in {text!r}")
        raise ParameterError(f"ranker: module {module!r} has no attribute {attr!r}{hint}")
    obj = getattr(mod, attr)
    est = obj() if isinstance(obj, type) else obj
    if not hasattr(est, "fit"):
        raise ParameterError(f"ranker: {text} is not an estimator (it has no fit method)")
    return RankerSpec("estimator", estimator=est, name=attr)


def _closest(name: str, names) -> str | None:
    """The name of ``names`` closest to ``name`` (case aside), if any is close enough.

    >>> _closest("relieff", ["InfoGain", "ReliefF", "ReliefK"])
    'ReliefF'
    >>> _closest("zzz", ["InfoGain"]) is None
    True
    """
    names = [n for n in names if not n.startswith("_")]
    lower = {n.lower(): n for n in names}
    hit = difflib.get_close_matches(name.lower(), list(lower), n=1, cutoff=0.8)
    return lower[hit[0]] if hit else None


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
    """Stratified CV with the profile's folds needs every class in every fold: as many rows
    of each class as folds."""
    k = SETTINGS[profile]["n_folds"]
    counts = {c: n for c, n in _class_counts(ds).items() if n}
    if max(counts.values()) < k:
        raise ParameterError(f"data: profile {profile!r} runs {k}-fold CV, but {ds.name}'s "
                             f"largest class has {max(counts.values())} rows; give more rows "
                             "or a profile with fewer folds (smoke: 3)")
    small = min(counts, key=counts.get)
    if counts[small] < k:
        fewer = [p for p, st in SETTINGS.items() if counts[small] >= st["n_folds"]]
        alt = f", or PROFILE={fewer[0]} ({SETTINGS[fewer[0]]['n_folds']} folds)" if fewer else ""
        raise ParameterError(f"data: profile {profile!r} runs {k}-fold CV, but class "
                             f"{small!r} of {ds.name} has {counts[small]} rows; give more rows "
                             f"of it, or remove or merge it with another class{alt}")


def check_panel_data(ds: Dataset, panel) -> None:
    """The panel's rankers must take the data: some take no missing values (SPE, FCBF,
    Relief_k, ...), or no nominal features."""
    found = column_findings(ds)
    for names, has, what in ((NO_MISSING, found.n_missing, "missing values"),
                             (NUMERIC_ONLY, int(np.sum(ds.categorical)), "nominal features")):
        clash = [b for b in panel if b in names]
        if clash and has:
            raise ParameterError(
                f"panel: {', '.join(clash)} take no {what}, and {ds.name} has {has}; leave "
                f"them out of PANEL, or give data without {what}")


def check_parameters(data, target, ranker, profile: str, seed: int = 0, *,
                     learnt_on_these_rows=None, nominal=None, identifiers=None,
                     panel=None) -> tuple[Dataset, RankerSpec, np.ndarray]:
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
    nominal : list of str, optional
        CSV columns to read as nominal (class codes written as numbers); None: the
        comma-separated names of ``$FEATRANK_NOMINAL`` (``make evaluate NOMINAL=...``).
    identifiers : {"refuse", "drop"}, optional
        What to do with an identifier-like column of a file; None: ``$FEATRANK_IDENTIFIERS``
        (``make evaluate IDENTIFIERS=drop``), else ``"refuse"``.
    panel : str or sequence of str, optional
        The rankers to compare with (:func:`check_panel`; None: the profile's); each must
        take the data (:func:`check_panel_data`).

    Returns
    -------
    (Dataset, RankerSpec, ndarray)
        The data (nominal columns as ``category``; dropped identifiers named in
        ``meta["dropped_columns"]``, :func:`data_findings` says what else it holds), the
        parsed ranker and its order on the whole data (an estimator is fitted once here, so
        one without scores stops at once).

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
    ds = check_data(data, target, nominal=nominal_option(nominal),
                    identifiers=identifiers_option(identifiers))
    check_folds(ds, profile)
    check_panel_data(ds, check_panel(SETTINGS[profile]["panel"] if panel is None else panel,
                                     [*RANKERS, *AGGREGATES]))
    spec = check_ranker(ranker)
    if spec.kind == "estimator":
        try:
            order = estimator_order(spec.estimator, numeric_X(ds), ds.y, seed)
        except ParameterError:
            raise
        except Exception as err:
            n_missing = column_findings(ds).n_missing
            hint = (f"; {ds.name} has {n_missing} missing values: impute them in the file, or "
                    "use an estimator that accepts NaN" if n_missing else "")
            raise ParameterError(f"ranker: {ranker} failed to fit on {ds.name}: "
                                 f"{type(err).__name__}: {_first_line(err)}{hint}") from err
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


def nominal_option(value=None) -> list:
    """``value`` as a list of column names; None: ``$FEATRANK_NOMINAL`` split at commas.

    >>> nominal_option("grade, stage"), nominal_option(["a"])
    (['grade', 'stage'], ['a'])
    """
    if value is None:
        value = os.environ.get("FEATRANK_NOMINAL", "")
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return [str(v) for v in value]


def identifiers_option(value=None) -> str:
    """``value``, else ``$FEATRANK_IDENTIFIERS``, else ``"refuse"``."""
    return value or os.environ.get("FEATRANK_IDENTIFIERS") or "refuse"


# --- what the data holds, for the report ----------------------------------------------------

#: how the report's learners and built-in rankers treat a missing value (from their code:
#: featrank.learners, featrank.rankers); nothing is imputed before them
MISSING_HANDLING = (
    "missing values are kept, not imputed beforehand: k-NN uses Weka's distance for a missing "
    "value, SVM, RForest and SVM-RFE take the training mean (mode if nominal); IG, GR, SU and "
    "χ² spread them over the observed values, ReliefF uses Weka's difference, OneR gives "
    "them a rule of their own; your estimator receives them as NaN")


def data_findings(ds: Dataset) -> list[str]:
    """One short line per finding about ``ds``'s columns and rows, each saying what the
    report does about it: identifier-like columns left out (``IDENTIFIERS=drop``), rows
    without a class label, constant columns, missing values per column and how the
    learners and rankers handle them; one line saying so when there is nothing to report.

    >>> X = pd.DataFrame({"a": [1.0, None, 3.0, 4.0], "b": [2.0] * 4})
    >>> for line in data_findings(Dataset(X, [0, 1, 0, 1], name="toy")):
    ...     print(line.split(":")[0])
    constant column 'b' (every row 2.0)
    1 missing value in 1 of 4 rows, by column
    missing values are kept, not imputed beforehand
    """
    lines = [f"column {c!r} left out as an identifier ({d} distinct values in {n} rows; "
             "IDENTIFIERS=drop)" for c, (d, n) in ds.meta.get("identifier_columns", {}).items()]
    if ds.meta.get("dropped_rows"):
        lines.append(f"{ds.meta['dropped_rows']} row(s) without a class label left out")
    found = column_findings(ds)
    lines += [f"constant column {c!r} ("
              + (f"every row {v}" if v is not None else "every value missing")
              + "): it says nothing about the class; kept, and a ranking that places it high "
              "is wrong about it" for c, v in found.constant.items()]
    if found.missing:
        rows = int(_missing_rows(ds))
        cols = ", ".join(f"{c!r} {n}" for c, n in list(found.missing.items())[:8])
        more = ", ..." if len(found.missing) > 8 else ""
        lines.append(f"{found.n_missing} missing value{'s' * (found.n_missing != 1)} in {rows} "
                     f"of {found.n_rows} rows, by column: {cols}{more}")
        lines.append(MISSING_HANDLING)
    return lines or ["no identifier-like, constant or incomplete column, no unlabelled row"]


def _missing_rows(ds: Dataset) -> int:
    X = ds.X
    miss = X.isna().to_numpy() if isinstance(X, pd.DataFrame) else np.isnan(X)
    return int(miss.any(axis=1).sum())


# --- the command line -----------------------------------------------------------------------

def main(argv=None) -> int:
    """``python -m featrank.experiments.your_ranker_params check DATA TARGET RANKER PROFILE
    [LEARNT] [--nominal A,B] [--identifiers refuse|drop] [--panel P] [--metric M]``: check
    the report's parameters as the notebook does, before ``make evaluate`` starts it
    (``TARGET`` empty: the last column). Prints the findings of :func:`data_findings`; a bad parameter prints only the
    message saying what to fix (at most 3 lines), and the exit status is 2."""
    parser = argparse.ArgumentParser(
        prog="python -m featrank.experiments.your_ranker_params",
        description="Check the parameters of the evaluate_your_ranker report: exit status 0, "
                    "or 2 with the message saying what to fix.")
    parser.add_argument("command", choices=["check"])
    for name in ("data", "target", "ranker", "profile"):
        parser.add_argument(name)
    parser.add_argument("learnt", nargs="?", default="None", choices=["True", "False", "None"])
    parser.add_argument("--nominal", default=None)
    parser.add_argument("--identifiers", default=None)
    parser.add_argument("--panel", default="", help="comma-separated ('': the profile's)")
    parser.add_argument("--metric", default="", help="accuracy, balanced_accuracy or auc")
    args = parser.parse_args(argv)
    try:
        ds, _, _ = check_parameters(
            args.data, args.target or None, args.ranker, args.profile,
            learnt_on_these_rows={"True": True, "False": False}.get(args.learnt),
            nominal=args.nominal, identifiers=args.identifiers or None,
            panel=args.panel or None)
        check_metric(args.metric or None, ds.y)
    except ParameterError as err:
        print("\n".join(str(err).strip().splitlines()[:3]), file=sys.stderr)
        return 2
    for line in data_findings(ds):
        print(f"{ds.name}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
