"""Judge your own feature ranker the way the five papers would (``evaluate_your_ranker.ipynb``).

The report takes these papermill parameters and checks them here, first, so that a bad one
stops the notebook at its first cell (or ``make evaluate`` before it starts: ``python -m
featrank.experiments.your_ranker check ...`` exits with status 2) with a message saying what
to fix:

* ``data``: a catalogue name (``"heart"``) or a path to a CSV or ARFF file;
* ``target``: the class column of a CSV file (name; default the last column);
* ``ranker``: an import path ``"package.module:Class"`` of a scikit-learn-style estimator
  that exposes ``feature_importances_``, ``scores_``, ``ranking_`` or ``coef_`` after
  ``fit`` (e.g. ``"sklearn.ensemble:RandomForestClassifier"``), or a path to a CSV file of
  per-feature scores (columns ``feature, score``) or of an order (one column of feature
  names or 0-based indices, best first);
* ``ranking_learnt_on_these_rows``: for a file, whether its ranking was learnt on these
  rows (True: the numbers are optimistic, selection bias), on others (False) or not said
  (None).

Then :func:`evaluate_ranker` computes what the report shows: FFA/RFA curves against the
expected curve of a random ranking (Slavkov 2020) -- an estimator's from the rankings it
learns inside each CV training fold, never from one learnt on the test rows --, ECA under
four weightings with a permutation test against random orders (Slavkov 2018), stability
over the CV training sets (estimators only), and the per-split ECA of the built-in rankers
for a Friedman/Nemenyi comparison; :mod:`.your_ranker_verdict` turns the numbers into a
few sentences and the report's JSON. (Over 400 lines: one clear error per bad parameter
takes most of them, kept beside the checks they explain.)

    >>> spec = check_ranker("sklearn.ensemble:RandomForestClassifier")
    >>> spec.kind
    'estimator'
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import clone

from ..datasets import Dataset, catalog, load
from ..evaluate import eca_vs_random, error_curves, expected_curve, informative_depth
from ..learners import make_learner
from ..orders import check_order, order_from_scores
from ..stats import friedman, nemenyi_cd
from .benchmark.data import WEIGHTINGS, cv_splits, rank_features, size_schedule
from .benchmark.evaluations import nogueira, stability_score, top_k

#: what each profile computes (``builtins``: the rankers the user's ranker is compared with)
SETTINGS = {
    "smoke": dict(n_folds=3, n_sizes=8, n_random=19, learners=("knn",),
                  builtins=("IG", "ReliefF", "SVM-RFE")),
    "quick": dict(n_folds=5, n_sizes=15, n_random=39, learners=("knn", "svm"),
                  builtins=("IG", "GR", "SU", "χ²", "OneR", "ReliefF", "RForest", "SVM-RFE",
                            "Borda")),
    "paper": dict(n_folds=10, n_sizes=40, n_random=99, learners=("knn", "svm"),
                  builtins=("IG", "GR", "SU", "χ²", "OneR", "ReliefF", "RForest", "SVM-RFE",
                            "SPE", "FCBF", "Relief_k", "Borda", "Schulze", "MC4", "K-First")),
}
#: the fitted attributes read from an estimator, in this order
SCORE_ATTRIBUTES = ("feature_importances_", "scores_", "ranking_", "coef_")
LABEL = "your ranker"
#: protocols whose curves may be optimistic: the ranking may have seen the test rows
OPTIMISTIC = ("whole-data", "unknown")
#: the level of the permutation test
ALPHA = 0.05


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
    featrank.experiments.your_ranker.ParameterError: data: no such file 'no/such/file.csv' (and no catalogue dataset of that name); give the path of a CSV or ARFF file, or a catalogue name such as 'heart' (featrank.datasets.catalog() lists them)
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
    featrank.experiments.your_ranker.ParameterError: ranker: module 'featrank.rankers' has no attribute 'NoSuchRanker'; check the name after ':' in 'featrank.rankers:NoSuchRanker'
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
    featrank.experiments.your_ranker.ParameterError: ranking_learnt_on_these_rows: expected True (the ranking was learnt on these rows), False (on other rows) or None (not said), got 'yes'
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
    featrank.experiments.your_ranker.ParameterError: ranker: cannot import module 'no_such_module' (No module named 'no_such_module'); check the import path and that the package is installed or on PYTHONPATH
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


# --- the evaluation -------------------------------------------------------------------------

def protocol(spec: RankerSpec, learnt_on_these_rows=None) -> str:
    """How the user's ranking meets the test rows: ``"in-fold"`` (an estimator, relearnt
    inside each CV training fold), ``"whole-data"`` (a file learnt on these rows, test
    folds included), ``"independent"`` (a file learnt on other rows) or ``"unknown"``.

    >>> protocol(RankerSpec("estimator"))
    'in-fold'
    >>> [protocol(RankerSpec("scores"), v) for v in (True, False, None)]
    ['whole-data', 'independent', 'unknown']
    """
    if spec.kind == "estimator":
        return "in-fold"
    return {True: "whole-data", False: "independent"}.get(learnt_on_these_rows, "unknown")


def ranker_orders(spec: RankerSpec, order, ds: Dataset, splits, seed: int = 0) -> np.ndarray:
    """The orders the user's curves are scored with: an estimator's, learnt on every CV
    training set (one row per split, so a split's test rows never choose its features); a
    file's, as given."""
    if spec.kind != "estimator":
        return np.asarray(order)
    X = numeric_X(ds)
    return np.array([estimator_order(spec.estimator, X[tr], ds.y[tr], seed)
                     for tr, _ in splits])


def evaluate_ranker(ds: Dataset, spec: RankerSpec, order, profile: str, seed: int = 0, *,
                    learnt_on_these_rows=None, settings: dict | None = None) -> dict:
    """Everything the report shows, per learner of the profile: ``curves`` (user's and every
    built-in ranker's :class:`~featrank.evaluate.Curves`), ``expected`` (random, on the same
    splits), ``eca`` (per weighting: ECA, permutation p-value), ``per_split`` (split x
    ranker ECA, uniform weighting, for the Friedman test); ``stability`` per ranker
    (estimators only for the user's); the ``protocol`` and the data's shape.

    An estimator's curves come from the rankings it learns inside each CV training fold,
    and its permutation test from the same pipeline rerun on permuted class labels
    (:func:`permuted_runs`); the built-in rankers are learnt inside the folds too, except
    beside a file ranking learnt on these rows (or not said to be learnt elsewhere), where
    they too are learnt on all rows, like for like. ``settings`` replaces the profile's
    :data:`SETTINGS` (``builtins`` may be empty)."""
    st = settings or SETTINGS[profile]
    splits = cv_splits(ds.y, st["n_folds"], seed)
    sizes = size_schedule(ds.X.shape[1], st["n_sizes"])
    proto = protocol(spec, learnt_on_these_rows)
    orders = {LABEL: ranker_orders(spec, order, ds, splits, seed)}
    fold_orders = {LABEL: orders[LABEL]} if proto == "in-fold" else {}
    for name in st["builtins"]:
        fold_orders[name] = np.array([rank_features(name, _rows(ds.X, tr), ds.y[tr], seed=seed)
                                      for tr, _ in splits])
        orders[name] = (rank_features(name, ds.X, ds.y, seed=seed) if proto in OPTIMISTIC
                        else fold_orders[name])
    null = (permuted_runs(ds, spec, st["n_folds"], st["n_random"], seed)
            if proto == "in-fold" else None)
    out = {"sizes": sizes, "learners": {}, "protocol": proto, "data": ds.name,
           "null": "random orders" if null is None else "permuted labels",
           "ranker": spec.name, "shape": (*ds.X.shape, len(ds.classes)),
           "n_random": st["n_random"], "n_folds": st["n_folds"],
           "stability": {k: stability_score(v, sizes) for k, v in fold_orders.items()},
           "nogueira": {k: nogueira(v) for k, v in fold_orders.items()},
           "top_k": top_k(ds.X.shape[1])}
    for learner in st["learners"]:
        out["learners"][learner] = _learner_report(ds, orders, learner, sizes, splits,
                                                   st["n_random"], seed, null)
    return out


def permuted_runs(ds: Dataset, spec: RankerSpec, n_folds: int, n: int, seed: int = 0) -> list:
    """The in-fold pipeline on ``n`` random permutations of the class labels: per
    permutation ``(y, splits, fold orders)``, the splits stratified on the permuted labels
    and the estimator relearnt on each training set.

    Under the null hypothesis (the features say nothing about the class) these runs are
    exchangeable with the real one, so the share whose ECA reaches the real ECA is an exact
    p-value. Random orders are not such a null for rankings learnt in the folds: on noise
    their selected features give more variable test accuracies than random subsets, and a
    random-order test rejected about twice as often as its level in a simulation."""
    rng = np.random.default_rng(seed)
    runs = []
    for _ in range(n):
        y = rng.permutation(ds.y)
        splits = cv_splits(y, n_folds, seed)
        runs.append((y, splits, ranker_orders(spec, None, replace(ds, y=y), splits, seed)))
    return runs



def _rows(X, idx):
    return X.iloc[idx] if isinstance(X, pd.DataFrame) else X[idx]


def _learner_report(ds, orders, learner, sizes, splits, n_random, seed, null=None) -> dict:
    model = make_learner(learner)
    curves = {k: error_curves(ds.X, ds.y, o, model, sizes=sizes, cv=splits)
              for k, o in orders.items()}
    expected = expected_curve(ds.X, ds.y, model, n_orders=n_random, sizes=sizes, cv=splits,
                              random_state=seed)
    if null is not None:
        null = [error_curves(ds.X, y, o, model, sizes=sizes, cv=sp) for y, sp, o in null]
    per_split = pd.DataFrame({k: 0.5 * (c.ffa - c.rfa).mean(axis=1) for k, c in curves.items()})
    depth = informative_depth(curves[LABEL], expected,
                              test_train_ratio=1.0 / (len(splits) - 1))
    return {"curves": curves, "expected": expected, "depth": depth,
            "eca": eca_permutation_test(curves[LABEL], expected, null),
            "per_split": per_split}


def eca_permutation_test(curves, expected, null=None) -> pd.DataFrame:
    """ECA of a ranking against the random ranking (Slavkov 2018), per weighting, with a
    one-sided permutation p-value ``(1 + #{ECA_null >= ECA}) / (1 + n)`` over ``n`` null
    runs, each scored against the same expected curve: the curves of ``null`` (the ranker
    relearnt on permuted labels, :func:`permuted_runs`) or, without it, the random orders
    of ``expected`` on the same splits -- a fair null only for a ranking chosen without
    these rows (one learnt on them has seen the test rows).

    Permuted labels have an expected curve of their own, so with ``null`` only the
    weightings it cancels out of (:data:`CANCELS`) get a p-value (NaN for the others)."""
    exp = expected.ffa.mean(axis=0)
    if null is None:
        per_order = expected.meta["order_curves"]
        n = per_order.shape[0] // 2
        runs = [(per_order[j], per_order[n + j]) for j in range(n)]
    else:
        runs = [(c.ffa_mean, c.rfa_mean) for c in null]
    rows = []
    for w in WEIGHTINGS:
        obs = eca_vs_random(curves.ffa_mean, curves.rfa_mean, exp, weighting=w,
                            sizes=curves.sizes, greater_is_better=True)
        rows.append({"weighting": w, "eca": obs, **_null_summary(
            obs, runs if null is None or w in CANCELS else [], exp, w, curves.sizes)})
    return pd.DataFrame(rows)


#: the weightings under which the expected curve cancels out of ECA (equal weights for the
#: FFA and the RFA deltas)
CANCELS = ("uniform", "inverse_size")


def _null_summary(obs, runs, exp, weighting, sizes) -> dict:
    """Mean and max ECA of the null runs and the p-value of ``obs`` (NaN without runs)."""
    if not runs:
        return {"null_mean": np.nan, "null_max": np.nan, "p_value": np.nan}
    null = np.array([eca_vs_random(f, r, exp, weighting=weighting, sizes=sizes,
                                   greater_is_better=True) for f, r in runs])
    return {"null_mean": null.mean(), "null_max": null.max(),
            "p_value": (1 + (null >= obs).sum()) / (1 + len(runs))}


def standing(per_split: pd.DataFrame, alpha: float = 0.05) -> dict:
    """Friedman + Nemenyi over the CV splits (blocks) of the per-split ECA: average ranks,
    critical difference, the user's rank and the rankers significantly better / worse."""
    f = friedman(per_split, higher_is_better=True)
    cd = nemenyi_cd(per_split.shape[1], per_split.shape[0], alpha)
    r = f.average_ranks
    mine = r[LABEL]
    return {"ranks": r.sort_values(), "cd": cd, "p": f.p_ff, "rank": mine,
            "place": int((r < mine).sum()) + 1,
            "better": [k for k in r.index if k != LABEL and r[k] < mine - cd],
            "worse": [k for k in r.index if k != LABEL and r[k] > mine + cd]}


# --- the command line -----------------------------------------------------------------------

def main(argv=None) -> int:
    """``python -m featrank.experiments.your_ranker check DATA TARGET RANKER PROFILE
    [LEARNT]``: check the report's parameters as the notebook would (``TARGET`` empty: the
    last column; ``LEARNT``: True, False or None), before ``make evaluate`` runs it. A bad
    one prints only the message saying what to fix, and the exit status is 2."""
    parser = argparse.ArgumentParser(
        prog="python -m featrank.experiments.your_ranker",
        description="Check the parameters of the evaluate_your_ranker report: exit status 0, "
                    "or 2 with the message saying what to fix.")
    parser.add_argument("command", choices=["check"])
    for name in ("data", "target", "ranker", "profile"):
        parser.add_argument(name)
    parser.add_argument("learnt", nargs="?", default="None", choices=["True", "False", "None"])
    args = parser.parse_args(argv)
    try:
        check_parameters(args.data, args.target or None, args.ranker, args.profile,
                         learnt_on_these_rows={"True": True, "False": False}.get(args.learnt))
    except ParameterError as err:
        print(err, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
