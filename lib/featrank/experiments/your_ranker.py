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
few sentences and the report's JSON. The parameter checks are in :mod:`.your_ranker_params`
(every name of it is importable from here).

    >>> spec = check_ranker("sklearn.ensemble:RandomForestClassifier")
    >>> spec.kind
    'estimator'
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace

import numpy as np
import pandas as pd

from ..datasets import Dataset
from ..evaluate import eca_vs_random, error_curves, expected_curve, informative_depth
from ..learners import make_learner
from ..stats import friedman, nemenyi_cd
from .benchmark.data import WEIGHTINGS, cv_splits, rank_features, size_schedule
from .benchmark.evaluations import nogueira, stability_score, top_k
from .your_ranker_params import (LABEL, SCORE_ATTRIBUTES, SETTINGS,  # noqa: F401
                                 ParameterError, RankerSpec, check_data, check_folds,
                                 check_learnt, check_parameters, check_ranker,
                                 estimator_order, estimator_scores, file_order, numeric_X)

#: protocols whose curves may be optimistic: the ranking may have seen the test rows
OPTIMISTIC = ("whole-data", "unknown")
#: the level of the permutation test
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
