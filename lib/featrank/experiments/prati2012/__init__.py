"""Experiments of Prati (2012), "Combining feature ranking algorithms through rank
aggregation" (notebook 02).

Protocol of Sec. V: 10-fold stratified CV, the same folds for every method. On each training
fold the six base rankings (Weka's InfoGain, GainRatio, SymmetricUncertainty, ChiSquared,
OneR, ReliefF), their four aggregations (Borda, sequential Condorcet, Schulze/SSD, and MC4 as
Prati describes it: PageRank with JUNG's alpha = 0.1 on distance-weighted edges, pointing
from the lower- to the higher-ranked feature, see :func:`featrank.aggregate.prati_mc4`) and
Lin's baseline (ReliefF on 10 bootstrap samples, Borda) are computed; each ranking's
performance curve (top-i features, i = 1..p) is measured on the test fold for three learners
(J48-like tree, naive Bayes, linear SMO) and three measures (error rate, Hand-Till AUC,
Weka's weighted F1); the area under each curve (mean height, trapezoid rule) summarises it.
One task = one (dataset, fold): it loads the data itself, so results are cached on disk.

The tasks are :func:`run_fold` and :func:`dataset_summary` (stored under their declared names,
``prati2012.run_fold`` and ``prati2012.dataset_summary``); the reproduction summary is in
:mod:`.summary` (:func:`reproduction_summary`), its public names re-exported here lazily, so
that no module imports in a circle.
"""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..._lazy import lazy_exports
from ...evaluate import parse_sizes
from ...store import task

NOTEBOOK = "02_prati2012_rank_aggregation"
#: the paper's labels -> featrank rankers
BASE = {"IG": "InfoGain", "GR": "GainRatio", "SU": "SymmetricUncertainty",
        "CS": "ChiSquared", "1R": "OneR", "RLF": "ReliefF"}
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

def base_orders(X, y, categories, *, random_state=0) -> dict:
    """The six base rankings of Sec. V-C on one training set (orders, best first; equal
    scores: lower feature index first, as Weka's Ranker lists them)."""
    from ... import rankers
    from ...orders import order_from_scores

    out = {}
    for label, cls in BASE.items():
        kw = {"categorical": categories}
        if cls == "OneR":
            kw["random_state"] = 1  # Weka's default seed
        r = getattr(rankers, cls)(**kw).fit(X, y)
        out[label] = order_from_scores(r.scores_)
    return out


#: the edge direction of Prati's MC4 that fits his results (see featrank.aggregate.prati_mc4)
MC4_DIRECTION = "reversed"
#: extra rankings computed beside the paper's 11 (not part of its Friedman tests):
#: "SSD-paths" = Schulze by strongest paths, ordered by number of wins (Izetta 2017);
#: "MC4-Dwork" = Dwork et al.'s majority-chain MC4 with the same random jump (the MC4 of
#: earlier versions of this notebook)
EXTRAS = ("SSD-paths", "MC4-Dwork")
#: every extra aggregate_orders can compute ("MC4-as-written": Prati's MC4 with the edges
#: pointing the way Sec. IV writes them, from the higher- to the lower-ranked feature)
KNOWN_EXTRAS = EXTRAS + ("MC4-as-written",)


def aggregate_orders(base: dict, X, y, categories, *, random_state=0, extras=()) -> dict:
    """The four aggregations of the six base orders and Lin's baseline (Sec. IV, V-D), and
    the ``extras`` asked for (names from ``KNOWN_EXTRAS``). Ties in an aggregate are broken
    at random (seeded), as the paper does."""
    from ...aggregate import borda, condorcet, lin, mc4, prati_mc4, schulze
    from ...rankers import ReliefF

    unknown = sorted(set(extras) - set(KNOWN_EXTRAS))
    if unknown:
        raise ValueError(f"unknown extras {unknown}; known: {KNOWN_EXTRAS}")
    orders = np.array([base[k] for k in BASE])
    rng = np.random.default_rng(random_state)
    seeds = rng.integers(0, 2**31, size=5)
    out = {"BC": borda(orders, random_state=seeds[0]),
           "CD": condorcet(orders, random_state=seeds[1]),
           "SSD": schulze(orders, method="ssd", random_state=seeds[2]),
           "MC4": prati_mc4(orders, alpha=0.1, direction=MC4_DIRECTION,
                            random_state=seeds[3]),
           "Lin": lin(X, y, ranker=ReliefF(categorical=categories), random_state=seeds[4])}
    more = {"SSD-paths": lambda: schulze(orders, method="paths", random_state=seeds[2]),
            "MC4-Dwork": lambda: mc4(orders, alpha=0.1, random_state=seeds[3]),
            "MC4-as-written": lambda: prati_mc4(orders, alpha=0.1, direction="as_written",
                                               random_state=seeds[3])}
    out.update({name: more[name]() for name in extras})
    return out


# --- one (dataset, fold) task -----------------------------------------------------------------

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


# 2: MC4 is Prati's distance-weighted PageRank (was Dwork's MC4); 3: curves of fold 0 only
@task("prati2012.run_fold", version="3")
def run_fold(dataset, fold, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=()):
    """All methods x learners x measures on one fold of one dataset.

    Returns a dict: ``areas`` (DataFrame: method, learner, measure, area), ``curves``
    ({(method, learner, measure): values at ``sizes``}; for ``fold == 0`` only, which the
    notebook draws: all folds' curves would make the committed store ten times larger),
    ``sizes``, ``orders``."""
    from ...datasets import load
    from ...evaluate import curve_area, ranking_curves
    from ...learners import make_learner
    from ...parallel import task_seed

    ds = load(dataset)
    X, y = ds.X, ds.y
    train, test = fold_splits(y, n_folds, seed)[fold]
    cats = ds.categories
    ytr = y[train]
    base = base_orders(X[train], ytr, cats)
    orders = {**base, **aggregate_orders(base, X[train], ytr, cats, extras=extras,
                                         random_state=task_seed(seed, dataset, fold))}
    sizes = curve_sizes(X.shape[1], schedule)
    labels = np.unique(ytr)
    rows, curves = [], {}
    n_categories = [len(c) if c is not None else 0 for c in cats]
    methods = METHODS + tuple(extras)
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
    areas = pd.DataFrame(rows)
    areas.insert(0, "fold", fold)
    areas.insert(0, "dataset", dataset)
    return {"areas": areas, "curves": curves if fold == 0 else {}, "sizes": sizes,
            "orders": {k: np.asarray(v) for k, v in orders.items()}}


def run_grid(datasets, *, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=(), n_jobs=None, cache=NOTEBOOK):
    """Every (dataset, fold) task through :func:`featrank.parallel.run_tasks` (cached)."""
    from ...datasets import load
    from ...parallel import run_tasks

    tasks = []
    for d in datasets:
        k = len(fold_splits(load(d).y, n_folds, seed))
        tasks += [dict(dataset=d, fold=f, n_folds=n_folds, seed=seed, learners=tuple(learners),
                       schedule=schedule, extras=tuple(extras)) for f in range(k)]
    return run_tasks(run_fold, tasks, n_jobs=n_jobs, cache=cache, desc="Prati 2012 folds")


def mean_areas(results) -> pd.DataFrame:
    """Areas averaged over folds: one row per (dataset, learner, measure, method)."""
    df = pd.concat([r["areas"] for r in results], ignore_index=True)
    return df.groupby(["dataset", "learner", "measure", "method"], sort=False,
                      as_index=False)["area"].mean()


# --- Friedman / Nemenyi groupings (Figs. 1-3) -----------------------------------------------

def head_to_head(areas: pd.DataFrame, a: str, b: str) -> pd.Series:
    """How often method ``a`` has a better area than ``b`` over the blocks (dataset, learner,
    measure): counts of wins, ties, losses."""
    wide = areas.pivot_table(index=["dataset", "learner", "measure"], columns="method",
                             values="area")
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    1.0, -1.0)
    d = (wide[a] - wide[b]).to_numpy() * sign
    return pd.Series({"wins": int(np.sum(d > 1e-12)), "ties": int(np.sum(np.abs(d) <= 1e-12)),
                      "losses": int(np.sum(d < -1e-12))}, name=f"{a} vs {b}")


def block_ranks(areas: pd.DataFrame, methods=METHODS) -> pd.DataFrame:
    """Rank of each method within each block (dataset, learner, measure): 1 = best (lowest
    error area, highest AUC/F1 area), ties averaged."""
    from scipy.stats import rankdata

    wide = areas.pivot_table(index=["dataset", "learner", "measure"], columns="method",
                             values="area")[list(methods)]
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    -1.0, 1.0)
    ranks = rankdata(wide.to_numpy() * sign[:, None], axis=1, method="average")
    return pd.DataFrame(ranks, index=wide.index, columns=wide.columns)


def friedman_groups(areas: pd.DataFrame, alpha=0.05, methods=METHODS) -> dict:
    """Friedman + Nemenyi per group, as Sec. VI: by measure (Fig. 1, blocks = datasets x
    learners), by learner (Fig. 2, blocks = datasets x measures) and overall (Fig. 3,
    blocks = datasets x learners x measures). Returns {group: (FriedmanResult, CD)}."""
    from ...stats import friedman, nemenyi_cd

    R = block_ranks(areas, methods)
    groups = {}
    for m in MEASURES:
        groups[f"measure={m}"] = R.xs(m, level="measure")
    for lname in R.index.get_level_values("learner").unique():
        groups[f"learner={lname}"] = R.xs(lname, level="learner")
    groups["overall"] = R
    out = {}
    for g, tab in groups.items():
        # the ranks are already oriented (1 = best): rank them again as "lower is better"
        res = friedman(tab, higher_is_better=False)
        out[g] = (res, nemenyi_cd(len(methods), res.n_datasets, alpha))
    return out


@task("prati2012.dataset_summary", version="1")
def dataset_summary(dataset) -> dict:
    """Our shape and majority-class share of one dataset (Table I)."""
    from ...datasets import load

    ds = load(dataset)
    counts = np.bincount(ds.y)
    return dict(name=dataset, n_samples=ds.X.shape[0], n_features=ds.X.shape[1],
                n_nominal=int(np.sum(ds.categorical)), n_classes=int(np.sum(counts > 0)),
                majority_pct=100.0 * counts.max() / counts.sum())


def table1(summaries=None) -> pd.DataFrame:
    """Table I: the paper's shapes (from the catalogue) beside ours."""
    from ...datasets import catalog

    cat = catalog("Prati2012")
    t = pd.DataFrame({
        "paper name": cat["paper_name"], "ours": cat["name"],
        "inst. (paper)": cat["paper_n_samples"], "inst. (ours)": cat["n_samples"],
        "feat. (paper)": cat["paper_n_features"], "feat. (ours)": cat["n_features"],
        "nominal (paper)": cat["paper_n_nominal"],
        "classes (paper)": cat["paper_n_classes"], "classes (ours)": cat["n_classes"],
        "% maj. (paper)": cat["paper_name"].map(PAPER_MAJORITY),
        "available": cat["available"]})
    if summaries:
        s = pd.DataFrame(summaries).set_index("name")
        t["nominal (ours)"] = t["ours"].map(s["n_nominal"])
        t["% maj. (ours)"] = t["ours"].map(s["majority_pct"]).round(2)
    return t.sort_values("paper name", key=lambda c: c.str.lower()).reset_index(drop=True)


# --- the paper's claims --------------------------------------------------------------------

LABELS = {"CS": "χ²"}  # display names as the paper prints them


def label(method: str) -> str:
    return LABELS.get(method, method)


def dataset_learner_ranks(areas: pd.DataFrame, dataset: str, learner: str) -> pd.Series:
    """Mean rank (over the three measures) of every method on one dataset with one learner."""
    R = block_ranks(areas)
    return R.xs((dataset, learner), level=("dataset", "learner")).mean(axis=0)


_API = dict.fromkeys(("SUMMARY_COLUMNS", "PAPER_N_DATASETS", "MEASURE_KEYS", "LEARNER_KEYS",
                      "reproduction_summary"), "summary")
__getattr__, _api_names = lazy_exports(__name__, _API)


def __dir__():
    return sorted(set(globals()) | set(_api_names()))
