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
  (None);
* ``panel``: the library's rankers to set it beside (:func:`check_panel`), ``metric``: the
  curves' measure (:func:`check_metric`).

Then :func:`evaluate_ranker` computes what the report shows: FFA/RFA curves against the
expected curve of a random ranking (Slavkov 2020) -- an estimator's from the rankings it
learns inside each CV training fold, never from one learnt on the test rows --, ECA under
four weightings (Slavkov 2018) with its two null tests (:func:`eca_null_tests`) and the
decision "beats a random ranking" (:func:`random_tests`: an intersection-union test, Holm
over the learners), stability over the CV training sets, and the panel's rankers scored on
the same folds (:func:`panel_comparison`: paired ECA differences with corrected intervals);
:mod:`.your_ranker_verdict` turns the numbers into a few sentences and the report's JSON,
and notebook 07 (:mod:`.report_calibration`) measures how often the decision is wrong. The
parameter checks are in :mod:`.your_ranker_params` (every name of it is importable from
here).

    >>> spec = check_ranker("sklearn.ensemble:RandomForestClassifier")
    >>> spec.kind
    'estimator'
"""
from __future__ import annotations

import sys
import time
from dataclasses import replace

import numpy as np
import pandas as pd

from ..datasets import Dataset
from ..evaluate import eca_vs_random, error_curves, expected_curve, informative_depth
from ..learners import make_learner
from ..stats import corrected_interval, corrected_resampled_ttest, holm_adjust
from .benchmark.data import (AGGREGATES, RANKERS, WEIGHTINGS, cv_splits, rank_features,
                             size_schedule)
from .benchmark.evaluations import nogueira, stability_score, top_k
from .your_ranker_params import (LABEL, METRICS, MINORITY, RANDOM,  # noqa: F401
                                 SCORE_ATTRIBUTES, SETTINGS, ParameterError, RankerSpec,
                                 check_data, check_folds, check_learnt, check_metric,
                                 check_panel, check_parameters, check_ranker, data_findings,
                                 estimator_order, estimator_scores, file_order, main,
                                 numeric_X)

#: protocols whose curves may be optimistic: the ranking may have seen the test rows
OPTIMISTIC = ("whole-data", "unknown")
#: the level of the tests (family-wise over the learners, and over the panel)
ALPHA = 0.05


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


def ranker_orders(spec: RankerSpec, order, ds: Dataset, splits, seed: int = 0):
    """The orders the user's curves are scored with, and the seconds their fits took: an
    estimator's, learnt on every CV training set (one row per split, so a split's test rows
    never choose its features); a file's, as given (time None)."""
    if spec.kind != "estimator":
        return np.asarray(order), None
    X = numeric_X(ds)
    start = time.perf_counter()
    orders = np.array([estimator_order(spec.estimator, X[tr], ds.y[tr], seed)
                       for tr, _ in splits])
    return orders, time.perf_counter() - start


def panel_orders(name: str, ds: Dataset, splits, seed: int = 0):
    """A panel ranker's orders on the CV training sets (``"random"``: a uniformly random
    order per training set) and the seconds they took."""
    p = ds.X.shape[1]
    start = time.perf_counter()
    if name == RANDOM:
        orders = np.array([np.random.default_rng([seed, f]).permutation(p)
                           for f in range(len(splits))])
    else:
        orders = np.array([rank_features(name, _rows(ds.X, tr), ds.y[tr], seed=seed)
                           for tr, _ in splits])
    return orders, time.perf_counter() - start


def _panel_rankings(ds, splits, panel, proto, seed):
    """``(orders, fold_orders, seconds)`` of the panel: learnt in the folds, except beside a
    ranking that may have seen the test rows, where they too are learnt on all rows."""
    orders, fold_orders, seconds = {}, {}, {}
    for name in panel:
        fold_orders[name], seconds[name] = panel_orders(name, ds, splits, seed)
        orders[name] = fold_orders[name]
        if proto in OPTIMISTIC:
            orders[name] = (panel_orders(name, ds, [(np.arange(len(ds.y)), None)], seed)[0][0]
                            if name != RANDOM else fold_orders[name][0])
    return orders, fold_orders, seconds


def evaluate_ranker(ds: Dataset, spec: RankerSpec, order, profile: str, seed: int = 0, *,
                    learnt_on_these_rows=None, settings: dict | None = None, panel=None,
                    metric=None) -> dict:
    """Everything the report shows, per learner of the profile: ``curves`` (the user's and
    the panel's :class:`~featrank.evaluate.Curves`), ``expected`` (random orders, same
    splits), ``eca`` (per weighting: ECA, its two null tests), ``per_split`` (split x
    ranker ECA, uniform weighting), ``panel`` (:func:`panel_comparison`) and ``interval``
    (the ECA's corrected interval); ``tests`` (:func:`random_tests`: "beats a random
    ranking", Holm over the learners); ``stability``, ``nogueira`` and ``seconds`` per
    ranker; the ``protocol``, the ``metric`` and the data's shape.

    An estimator's curves come from the rankings it learns inside each CV training fold;
    the panel's too, except beside a file ranking learnt on these rows (or not said to be
    learnt elsewhere), where they are learnt on all rows, like for like. ``settings``
    replaces the profile's :data:`SETTINGS` (its ``panel`` may be empty), ``panel`` its
    panel; ``metric`` as :func:`check_metric` says."""
    st = settings or SETTINGS[profile]
    panel = check_panel(st["panel"] if panel is None else panel, [*RANKERS, *AGGREGATES])
    metric = check_metric(metric, ds.y)
    splits = cv_splits(ds.y, st["n_folds"], seed)
    sizes = size_schedule(ds.X.shape[1], st["n_sizes"])
    proto = protocol(spec, learnt_on_these_rows)
    own, own_seconds = ranker_orders(spec, order, ds, splits, seed)
    orders, fold_orders, seconds = _panel_rankings(ds, splits, panel, proto, seed)
    orders, seconds = {LABEL: own, **orders}, {LABEL: own_seconds, **seconds}
    if proto == "in-fold":
        fold_orders = {LABEL: own, **fold_orders}
    null = (permuted_runs(ds, spec, st["n_folds"], st["n_random"], seed)
            if proto == "in-fold" else None)
    out = {"sizes": sizes, "learners": {}, "protocol": proto, "data": ds.name,
           "null": "permuted labels and random orders" if null else "random orders",
           "ranker": spec.name, "shape": (*ds.X.shape, len(ds.classes)), "metric": metric,
           "n_random": st["n_random"], "n_folds": st["n_folds"], "panel": panel,
           "seconds": seconds,
           "stability": {k: stability_score(v, sizes) for k, v in fold_orders.items()},
           "nogueira": {k: nogueira(v) for k, v in fold_orders.items()},
           "top_k": top_k(ds.X.shape[1])}
    for learner in st["learners"]:
        out["learners"][learner] = _learner_report(ds, orders, learner, sizes, splits,
                                                   st["n_random"], seed, null, metric)
    out["tests"] = random_tests(out)
    return out


def permuted_runs(ds: Dataset, spec: RankerSpec, n_folds: int, n: int, seed: int = 0) -> list:
    """The in-fold pipeline on ``n`` random permutations of the class labels: per
    permutation ``(y, splits, fold orders)``, the splits stratified on the permuted labels
    and the estimator relearnt on each training set.

    Under the null hypothesis "the features say nothing about the class" these runs are
    exchangeable with the real one, so the share whose ECA reaches the real ECA is an exact
    p-value for that hypothesis -- not for "the ranking is no better than a random one"
    (:func:`random_tests` asks both)."""
    rng = np.random.default_rng(seed)
    runs = []
    for _ in range(n):
        y = rng.permutation(ds.y)
        splits = cv_splits(y, n_folds, seed)
        runs.append((y, splits, ranker_orders(spec, None, replace(ds, y=y), splits, seed)[0]))
    return runs


def _rows(X, idx):
    return X.iloc[idx] if isinstance(X, pd.DataFrame) else X[idx]


def _learner_report(ds, orders, learner, sizes, splits, n_random, seed, null, metric) -> dict:
    model = make_learner(learner)
    curves = {k: error_curves(ds.X, ds.y, o, model, sizes=sizes, cv=splits, scoring=metric)
              for k, o in orders.items()}
    expected = expected_curve(ds.X, ds.y, model, n_orders=n_random, sizes=sizes, cv=splits,
                              random_state=seed, scoring=metric)
    if null is not None:
        null = [error_curves(ds.X, y, o, model, sizes=sizes, cv=sp, scoring=metric)
                for y, sp, o in null]
    per_split = pd.DataFrame({k: 0.5 * (c.ffa - c.rfa).mean(axis=1) for k, c in curves.items()})
    n_test = len(ds.y) / len(splits)
    ratio = n_test / (len(ds.y) - n_test)
    depth = informative_depth(curves[LABEL], expected, test_train_ratio=ratio)
    return {"curves": curves, "expected": expected, "depth": depth,
            "eca": eca_null_tests(curves[LABEL], expected, null), "per_split": per_split,
            "interval": corrected_interval(per_split[LABEL], len(ds.y) - n_test, n_test),
            "panel": panel_comparison(per_split, len(ds.y) - n_test, n_test)}


#: the weightings under which the expected curve cancels out of ECA (equal weights for the
#: FFA and the RFA deltas)
CANCELS = ("uniform", "inverse_size")


def eca_null_tests(curves, expected, null=None) -> pd.DataFrame:
    """ECA of a ranking against the random ranking (Slavkov 2018, Eq. 4), per weighting,
    with two one-sided p-values ``(1 + #{ECA_null >= ECA}) / (1 + n)``:

    * ``p_random_orders`` -- the ``n`` random orders of ``expected`` (each one order for
      every split, scored on the same splits and labels): is the ranking better than a
      uniformly random one? Exact for a ranking that is such an order, conservative for one
      drawn afresh on each training fold (its ECA varies less);
    * ``p_permutation`` -- the curves of ``null`` (the ranker relearnt on permuted labels,
      :func:`permuted_runs`): do the labels carry a signal this pipeline finds? Permuted
      labels have an expected curve of their own, so only the weightings it cancels out of
      (:data:`CANCELS`) get one; NaN for the others and without ``null``."""
    exp = expected.ffa.mean(axis=0)
    per_order = expected.meta["order_curves"]
    n = per_order.shape[0] // 2
    rand = [(per_order[j], per_order[n + j]) for j in range(n)]
    perm = [] if null is None else [(c.ffa_mean, c.rfa_mean) for c in null]
    rows = []
    for w in WEIGHTINGS:
        obs = eca_vs_random(curves.ffa_mean, curves.rfa_mean, exp, weighting=w,
                            sizes=curves.sizes, greater_is_better=True)
        rows.append({"weighting": w, "eca": obs,
                     "p_random_orders": _null_p(obs, rand, exp, w, curves.sizes),
                     "p_permutation": _null_p(obs, perm if w in CANCELS else [], exp, w,
                                              curves.sizes)})
    return pd.DataFrame(rows)


def _null_p(obs, runs, exp, weighting, sizes) -> float:
    """The one-sided p-value of ``obs`` among the null ``runs`` (NaN without runs)."""
    if not runs:
        return np.nan
    null = np.array([eca_vs_random(f, r, exp, weighting=weighting, sizes=sizes,
                                   greater_is_better=True) for f, r in runs])
    return float((1 + (null >= obs).sum()) / (1 + len(runs)))


def random_tests(report: dict, alpha: float = ALPHA) -> pd.DataFrame:
    """Per learner, "does the ranking beat a random ranking?" (uniform weighting), as an
    intersection-union test: it must beat the random orders (``p_random_orders``) and,
    for an estimator, the pipeline on permuted labels (``p_permutation``); ``p_value`` is
    the larger of the two (Berger 1982), ``p_holm`` Holm's adjustment over the learners,
    ``beats_random`` whether ``p_holm <= alpha`` -- None where the ranking may have seen the
    test rows and passed (on such a ranking the test proves nothing: pure noise passes it).
    ``eca``, ``ci_low``, ``ci_high``: the ECA and its corrected interval over the splits."""
    rows = []
    for learner, lr in report["learners"].items():
        e = lr["eca"].set_index("weighting").loc["uniform"]
        iv = lr["interval"]
        rows.append({"learner": learner, "eca": float(e["eca"]), "ci_low": iv.low,
                     "ci_high": iv.high, "p_permutation": float(e["p_permutation"]),
                     "p_random_orders": float(e["p_random_orders"]),
                     "p_value": float(np.nanmax([e["p_permutation"], e["p_random_orders"]]))})
    out = pd.DataFrame(rows).set_index("learner")
    out["p_holm"] = holm_adjust(out["p_value"].to_numpy())
    passed = out["p_holm"] <= alpha
    out["beats_random"] = [None if ok and report["protocol"] in OPTIMISTIC else bool(ok)
                           for ok in passed]
    return out


def panel_comparison(per_split: pd.DataFrame, n_train: float, n_test: float,
                     alpha: float = ALPHA) -> pd.DataFrame:
    """The user's ECA (uniform weighting, column :data:`LABEL` of ``per_split``) minus each
    panel ranker's, paired over the CV splits: the mean ``difference``, its standard error
    and ``1 - alpha`` interval corrected for the splits' shared rows (Nadeau & Bengio 2003),
    the corrected t-test's ``p`` and ``p_holm`` (Holm over the panel). An interval that
    holds 0 leaves the order of the two unresolved; it does not show them equal.

    >>> t = pd.DataFrame({"your ranker": [.10, .12, .11], "IG": [.05, .06, .08]})
    >>> panel_comparison(t, 80, 40)[["ranker", "difference"]].round(3).values.tolist()
    [['IG', 0.047]]
    """
    rows = []
    for name in per_split.columns.drop(LABEL):
        d = per_split[LABEL] - per_split[name]
        iv = corrected_interval(d, n_train, n_test, alpha)
        rows.append({"ranker": name, "eca": float(per_split[name].mean()),
                     "difference": iv.mean, "se": iv.se, "ci_low": iv.low, "ci_high": iv.high,
                     "p": corrected_resampled_ttest(d, n_train, n_test).pvalue})
    out = pd.DataFrame(rows, columns=["ranker", "eca", "difference", "se", "ci_low", "ci_high",
                                      "p"])
    out["p_holm"] = holm_adjust(out["p"].to_numpy()) if len(out) else []
    return out


# --- the command line: ``python -m featrank.experiments.your_ranker check ...`` is the
# parameters' check of :func:`.your_ranker_params.main`

if __name__ == "__main__":
    sys.exit(main())
