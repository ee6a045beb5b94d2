"""Prati (2012)'s protocol: the methods, learners and measures of Sec. V, the rankings a
training fold gets (the six base rankers of Sec. V-C, the four aggregations of Sec. IV and Lin's
baseline), the shared stratified folds and the curve sizes.

10-fold stratified CV, the same folds for every method. On each training fold the six base
rankings (Weka's InfoGain, GainRatio, SymmetricUncertainty, ChiSquared, OneR, ReliefF), their
four aggregations (Borda, sequential Condorcet, Schulze/SSD, and MC4 as Prati describes it:
PageRank with JUNG's alpha = 0.1 on distance-weighted edges, pointing from the lower- to the
higher-ranked feature, see :func:`featrank.aggregate.prati_mc4`) and Lin's baseline (ReliefF on
10 bootstrap samples, Borda) are computed.
"""
from __future__ import annotations

import warnings

import numpy as np

from ...evaluate import parse_sizes
from ...methods import method, methods

NOTEBOOK = "02_prati2012_rank_aggregation"
PAPER = "prati2012"         # its labels in the registry of methods
#: the paper's labels -> featrank rankers (the six base rankers of Sec. V-C)
BASE = {m.labels[PAPER]: m.factory for m in methods("ranker", PAPER)}
AGGREGATES = ("BC", "CD", "SSD", "MC4")
METHODS = tuple(BASE) + AGGREGATES + ("Lin",)
LEARNERS = {"J48": ("tree", {}), "NB": ("nb", {}), "SVM": ("svm", {"degree": 1, "C": 1.0})}
MEASURES = ("error", "auc", "f1")
HIGHER_IS_BETTER = {"error": False, "auc": True, "f1": True}
#: Table I of the paper, "% maj. class" (reference column only)
PAPER_MAJORITY = {
    "anneal": 76.17, "arrhythmia": 54.20, "audiology": 25.22, "autos": 32.68,
    "breast-cancer": 70.28, "wisc-breast-cancer": 65.52, "bridges-version1": 41.12,
    "bridges-version2": 41.12, "cmc": 42.70, "horse-colic": 63.04, "horse-colic.ORIG": 63.04,
    "credit-rating": 55.51, "german-credit": 70.00, "cylinder-bands": 57.78,
    "dermatology": 30.60, "glass": 35.51, "heart-disease": 54.46, "heart-statlog": 55.56,
    "hepatitis": 79.35, "ionosphere": 64.10, "synthetic-control": 16.67, "kr-vs-kp": 52.22,
    "labor": 64.91, "letter": 4.07, "lung-cancer": 40.63, "lymphography": 54.73,
    "mfeat": 10.00, "promoters": 50.00, "mushroom": 51.80, "optdigits": 10.18,
    "page-blocks": 89.77, "pendigits": 10.41, "primary-tumor": 24.78, "segment": 14.29,
    "sonar": 53.37, "soybean": 13.47, "spambase": 60.60, "splice": 51.88, "sponge": 92.11}


# --- rankings ------------------------------------------------------------------------------

def base_scores(X, y, categories) -> dict:
    """The six base rankers' scores (Sec. V-C) on one training set, Weka's defaults (OneR:
    10-fold CV on the training set, seed 1, minimum bucket 6, as ``OneRAttributeEval``)."""
    out = {}
    for label, cls in BASE.items():
        kw = {"categorical": categories}
        if cls == "OneR":
            kw["random_state"] = 1  # Weka's default seed
        out[label] = _make(label, **kw).fit(X, y).scores_
    return out


def _make(label: str, **settings):
    """Prati's method ``label`` (a ranker or an aggregate) built with ``settings``."""
    return method(label, PAPER).make(**settings)


def orders_from_scores(scores: dict, *, tie_seed=None) -> dict:
    """Orders (best first) of every ranker's scores. Equal scores: the lower feature index
    first (``tie_seed=None``, the library's convention), or in a random order drawn with
    ``tie_seed`` (one permutation of the features per ranker)."""
    from ...orders import order_from_scores

    if tie_seed is None:
        return {k: order_from_scores(s) for k, s in scores.items()}
    rng = np.random.default_rng(tie_seed)
    out = {}
    for k, s in scores.items():
        perm = rng.permutation(len(s))
        out[k] = perm[order_from_scores(np.asarray(s)[perm])]
    return out


def base_orders(X, y, categories, *, random_state=0) -> dict:
    """The six base rankings of Sec. V-C on one training set (orders, best first; equal
    scores: lower feature index first)."""
    return orders_from_scores(base_scores(X, y, categories))


#: the edge direction of Prati's MC4 that fits his results (see featrank.aggregate.prati_mc4)
MC4_DIRECTION = "reversed"
#: extra rankings computed beside the paper's 11 (not part of its Friedman tests):
#: "SSD-paths" = Schulze by strongest paths, ordered by number of wins (Izetta 2017);
#: "MC4-Dwork" = Dwork et al.'s majority-chain MC4 with the same random jump
EXTRAS = ("SSD-paths", "MC4-Dwork")
#: every extra aggregate_orders can compute ("MC4-as-written": Prati's MC4 with the edges
#: pointing the way Sec. IV writes them, from the higher- to the lower-ranked feature)
KNOWN_EXTRAS = EXTRAS + ("MC4-as-written",)


def aggregate_orders(base: dict, X, y, categories, *, random_state=0, extras=()) -> dict:
    """The four aggregations of the six base orders and Lin's baseline (Sec. IV, V-D), and
    the ``extras`` asked for (names from ``KNOWN_EXTRAS``). Ties in an aggregate are broken
    at random (seeded), as the paper does."""
    unknown = sorted(set(extras) - set(KNOWN_EXTRAS))
    if unknown:
        raise ValueError(f"unknown extras {unknown}; known: {KNOWN_EXTRAS}")
    orders = np.array([base[k] for k in BASE])
    rng = np.random.default_rng(random_state)
    seeds = rng.integers(0, 2**31, size=5)
    out = {"BC": _make("BC")(orders, random_state=seeds[0]),
           "CD": _make("CD")(orders, random_state=seeds[1]),
           "SSD": _make("SSD", method="ssd")(orders, random_state=seeds[2]),
           "MC4": _make("MC4", alpha=0.1, direction=MC4_DIRECTION)(orders,
                                                                   random_state=seeds[3]),
           "Lin": _make("Lin", ranker=_make("RLF", categorical=categories))(
               X, y, random_state=seeds[4])}
    more = {"SSD-paths": lambda: _make("SSD", method="paths")(orders, random_state=seeds[2]),
            "MC4-Dwork": lambda: _make("MC4-Dwork", alpha=0.1)(orders, random_state=seeds[3]),
            "MC4-as-written": lambda: _make("MC4", alpha=0.1, direction="as_written")(
                orders, random_state=seeds[3])}
    out.update({name: more[name]() for name in extras})
    return out


def fold_splits(y, n_folds=10, seed=0):
    """The stratified folds shared by every method of a dataset."""
    from sklearn.model_selection import StratifiedKFold

    counts = np.bincount(y)
    k = int(min(n_folds, max(2, counts[counts > 0].max())))
    skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
    with warnings.catch_warnings():  # "least populated class has fewer members than folds"
        warnings.simplefilter("ignore", UserWarning)
        return list(skf.split(np.zeros(len(y)), y))


def curve_sizes(p, schedule="all"):
    """Subset sizes: all of 1..p (the paper), or at most ``schedule`` points evenly spread
    (an int, for the quicker profiles; always includes 1 and p): ``"all"`` or ``"even:K"``
    of :func:`featrank.evaluate.parse_sizes`."""
    return parse_sizes("all" if schedule == "all" else f"even:{int(schedule)}", p)


# --- performance curves (Sec. V-B) ---------------------------------------------------------

class _AllMeasures:
    """A ``scoring`` callable for ``ranking_curves`` that returns the error rate and records
    (error, AUC, F1) of every curve point, so one pass of model fits gives all three curves.
    (``ranking_curves`` with a single split and ``n_jobs=1`` runs in this process, in order.)"""

    def __init__(self, labels):
        from ...evaluate.metrics import PratiScorer

        self.scorers = [PratiScorer(m, labels=labels) for m in MEASURES]
        self.values = []
        self.__name__ = "error"

    def __call__(self, y_true, y_pred, y_score=None):
        vals = [s(y_true, y_pred, y_score) for s in self.scorers]
        self.values.append(vals)
        return vals[0]


def fold_curves(ds, train, test, orders: dict, methods, learners, sizes):
    """Every method's performance curves on one test fold: for each learner, the FFA curve of
    each order in ``methods`` at ``sizes``, scored by the three measures in one pass of model
    fits. Returns (rows of method, learner, measure, area; {(method, learner, measure):
    values})."""
    from ...evaluate import curve_area, ranking_curves
    from ...learners import make_learner

    X, y = ds.X, ds.y
    labels = np.unique(y[train])
    rows, curves = [], {}
    n_categories = [len(c) if c is not None else 0 for c in ds.categories]
    for lname in learners:
        name, params = LEARNERS[lname]
        # declared categories: codes unseen in the training fold keep their columns
        model = make_learner(name, n_categories=n_categories, **params)
        rec = _AllMeasures(labels)
        # all methods in one pass: rankings that agree at the top share those fits
        ranking_curves(X, y, {m: orders[m] for m in methods}, model, sizes=sizes, kind="ffa",
                       cv=[(train, test)], scoring=rec, n_jobs=1, categorical=ds.categorical)
        vals = np.asarray(rec.values, dtype=float)
        if vals.shape != (len(methods) * len(sizes), len(MEASURES)):
            raise RuntimeError("curve points were not recorded in order")
        for method, v in zip(methods, np.split(vals, len(methods))):
            for j, measure in enumerate(MEASURES):
                curves[(method, lname, measure)] = v[:, j]
                rows.append(dict(method=method, learner=lname, measure=measure,
                                 area=curve_area(v[:, j], sizes)))
    return rows, curves
