"""The cross-paper benchmark (notebook 06): every ranker, every evaluation, every dataset.

The five papers each judge a few rankers by one evaluation. Here every ranker of the library
and four aggregates are judged by every evaluation of the five papers, on the synthetic
generators with a ground truth and on the real datasets of the papers' tables, and the
evaluations are compared with one another:

* **FFA − random, random − RFA** (Slavkov 2020): the mean gap between the ranking's forward /
  reverse feature-addition curve and the expected curve of a random ranking;
* **ECA** under its four weightings (Slavkov 2018, Eq. 4, against the random ranking);
* **area** under the performance curve of rankings learnt on each training fold and tested
  on its test fold (Prati 2012);
* **stability**: one minus the mean top-k Canberra distance between the rankings of the CV
  training sets, divided by its expectation for random rankings (Slavkov 2020, Eq. 4);
* **AUC-FR** against the relevant features (Quevedo 2007, Sec. 4.1) and the **ranking
  distance** to the ground-truth relevance (Slavkov 2020, Eq. 6), on synthetic data only.

One task per (dataset, ranker) (:func:`ranker_task`) and per (dataset, learner)
(:func:`random_task`) goes through :func:`featrank.parallel.run_tasks` and the result store;
:func:`evaluation_table` turns their results into one long table
``dataset, ranker, evaluation, value``; the rest are the statistics of the notebook:
Friedman + Nemenyi per evaluation, Kendall's W and bootstrap Spearman intervals between the
evaluations' rankings of the rankers, and, on synthetic data, how well each evaluation
recovers the ground-truth quality. The agreement statistics and figures are in
:mod:`.benchmark_agreement`, the findings in :mod:`.benchmark_summary`; this module is a little
over 400 lines because the two task functions and the evaluations they feed read together.

    >>> tasks = grid_tasks(["slavkov-single"], ["IG"], learners=("knn",), n_folds=3,
    ...                    n_sizes=4, n_random=2, seed=0)
    >>> sorted(tasks)
    ['random', 'rankers']
    >>> tasks["rankers"][0]["ranker"]
    'IG'
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold

from .. import aggregate, rankers
from ..datasets import Dataset, catalog, load
from ..datasets import quevedo2007 as Q
from ..datasets import slavkov2020 as S20
from ..evaluate import (auc_fr, curve_area, curve_delta, eca_vs_random, error_curves,
                        expected_curve, ranking_distance, stability_curve)
from ..learners import make_learner
from ..parallel import run_tasks, task_seed
from ..stats import average_ranks, friedman, nemenyi_cd
from ..store import task

NOTEBOOK = "06_cross_paper_benchmark"

#: the rankers of the library (short names as the papers print them) -> class name
RANKERS = {
    "IG": "InfoGain", "GR": "GainRatio", "SU": "SymmetricUncertainty", "χ²": "ChiSquared",
    "OneR": "OneR", "ReliefF": "ReliefF", "RForest": "RandomForestRanker",
    "SVM-RFE": "SVMRFE", "SPE": "SPERanker", "FCBF": "FCBF", "Relief_k": "ReliefK",
    "GSRelief_k": "GSReliefK", "RM": "RakotomamonjyRFE", "DM": "DegroeveRFE", "R2W2": "R2W2",
}
#: the aggregates, each of the six base rankings of Prati 2012 (computed on the same data)
AGGREGATES = {"Borda": "borda", "Schulze": "schulze", "MC4": "mc4", "K-First": "k_first"}
AGGREGATE_BASE = ("IG", "GR", "SU", "χ²", "OneR", "ReliefF")
#: rankers for two classes only (Quevedo 2007's SVM rivals)
BINARY_ONLY = ("RM", "DM", "R2W2")
#: Quevedo 2007's rankers take numeric features without missing values (FCBF discretises,
#: so it takes nominal ones, but no missing values either)
NUMERIC_ONLY = ("SPE", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2")
NO_MISSING = (*NUMERIC_ONLY, "FCBF")
#: the largest n_samples * n_features each costly ranker is run on (R2W2 takes about three
#: minutes on 1000 x 100; beyond these sizes the grid would take days)
MAX_CELLS = {"R2W2": 40_000, "RM": 400_000, "DM": 400_000, "GSRelief_k": 2_000_000,
             "SPE": 2_000_000, "Relief_k": 2_000_000, "SVM-RFE": 2_000_000,
             "RForest": 5_000_000, "OneR": 5_000_000}

#: synthetic datasets with a ground truth: name -> (generator, keyword arguments)
SYNTHETIC = {
    "slavkov-single": ("slavkov", dict(kind="single")),
    "slavkov-pair": ("slavkov", dict(kind="pair")),
    "slavkov-combined": ("slavkov", dict(kind="combined")),
    "quevedo-linear": ("quevedo", dict(m=100, r=5, d=1, eta=2, sigma=0.05)),
    "quevedo-quadratic": ("quevedo", dict(m=100, r=5, d=2, eta=2, sigma=0.05)),
}
LEARNERS = ("knn", "svm")
LEARNER_LABELS = {"knn": "k-NN", "svm": "SVM"}
WEIGHTINGS = {"uniform": "w=1", "inverse_size": "w=1/|S|", "magnitude": "w=|δ|",
              "magnitude_inverse_size": "w=|δ|/|S|"}
#: evaluations that need a ground truth (synthetic data only)
GROUND_TRUTH = ("AUC-FR", "GT distance")
#: evaluations where lower is better (all others: higher is better)
LOWER_IS_BETTER = ("GT distance",)


# --- data -----------------------------------------------------------------------------------

def paper_datasets() -> list[str]:
    """The catalogue datasets of the five papers' tables (available here or not)."""
    cat = catalog()
    return [n for n, p in zip(cat["name"], cat["papers"]) if str(p).strip()]


def load_dataset(name: str, *, n_samples: int | None = None, seed: int = 0) -> Dataset:
    """A benchmark dataset: a synthetic one of :data:`SYNTHETIC` (generated from ``seed``;
    ``n_samples`` examples for Slavkov's, default 1000; Quevedo's keep the paper's 100), else
    a catalogue dataset (nominal columns as ``category``).

    >>> ds = load_dataset("slavkov-pair", n_samples=50)
    >>> ds.X.shape, int((ds.relevance > 0).sum())
    ((50, 100), 18)
    """
    if name not in SYNTHETIC:
        return load(name, as_frame=True)
    kind, params = SYNTHETIC[name]
    if kind == "slavkov":
        ds = S20.make_synthetic(params["kind"], n_samples=n_samples or 1000, random_state=seed)
    else:
        ds = Q.make_polynomial_problem(n=100, **params, random_state=seed)
        ds.relevance = ground_truth_relevance(ds)
    ds.name = name
    return ds


def ground_truth_relevance(ds: Dataset) -> np.ndarray:
    """The dataset's relevance, else 1 for its relevant features and their redundant copies,
    0 for the others (Quevedo 2007's problems state only which features are relevant).

    >>> ds = Dataset(X=np.zeros((2, 4)), y=np.array([0, 1]), relevant=np.array([2]),
    ...              redundant=[[2, 0]])
    >>> ground_truth_relevance(ds).tolist()
    [1.0, 0.0, 1.0, 0.0]
    """
    if ds.relevance is not None:
        return np.asarray(ds.relevance, dtype=float)
    rel = np.zeros(ds.X.shape[1])
    rel[np.asarray(ds.relevant, dtype=int)] = 1.0
    for group in ds.redundant or []:
        rel[np.asarray(group, dtype=int)] = 1.0
    return rel


def applies(ranker: str, shape: dict) -> bool:
    """Whether ``ranker`` is run on a dataset of this ``shape`` (:func:`dataset_shape`): the
    binary-only rankers need two classes, Quevedo 2007's rankers numeric features
    (:data:`NUMERIC_ONLY`) and no missing values (:data:`NO_MISSING`), and the costly ones
    stay below their :data:`MAX_CELLS`.

    >>> shape = dict(n_samples=100, n_features=10, n_classes=3, nominal=0, missing=False)
    >>> applies("R2W2", shape), applies("R2W2", {**shape, "n_classes": 2})
    (False, True)
    >>> applies("SPE", {**shape, "missing": True}), applies("IG", {**shape, "n_samples": 10**6})
    (False, True)
    """
    if ranker in BINARY_ONLY and shape["n_classes"] != 2:
        return False
    if (ranker in NUMERIC_ONLY and shape.get("nominal", 0)) or \
            (ranker in NO_MISSING and shape.get("missing", False)):
        return False
    return shape["n_samples"] * shape["n_features"] <= MAX_CELLS.get(ranker, np.inf)


def size_schedule(p: int, n_sizes: int) -> np.ndarray:
    """At most ``n_sizes`` subset sizes from 1 to ``p``, spaced geometrically (dense where
    the curves change most), always ending at ``p``.

    >>> size_schedule(100, 6).tolist()
    [1, 3, 6, 16, 40, 100]
    >>> size_schedule(3, 10).tolist()
    [1, 2, 3]
    """
    if n_sizes >= p:
        return np.arange(1, p + 1)
    return np.unique(np.round(np.geomspace(1, p, n_sizes)).astype(int))


# --- rankings -------------------------------------------------------------------------------

def rank_features(name: str, X, y, *, seed: int = 0) -> np.ndarray:
    """The order (best first) of ranker or aggregate ``name`` on ``(X, y)``.

    >>> X = np.array([[0, 1.], [1, 0.], [0, 0.], [1, 1.]] * 5)
    >>> rank_features("IG", X, np.array([0, 1, 0, 1] * 5)).tolist()
    [0, 1]
    """
    if name in AGGREGATES:
        base = np.array([rank_features(b, X, y, seed=seed) for b in AGGREGATE_BASE])
        return np.asarray(getattr(aggregate, AGGREGATES[name])(base, random_state=seed))
    if name not in RANKERS:
        raise ValueError(f"unknown ranker {name!r}; choose one of {[*RANKERS, *AGGREGATES]}")
    est = getattr(rankers, RANKERS[name])()
    if "random_state" in est.get_params():
        est.set_params(random_state=seed)
    return np.asarray(est.fit(X, y).top_features_)


def _rows(X, idx):
    return X.iloc[idx] if isinstance(X, pd.DataFrame) else X[idx]


def cv_splits(y, n_folds: int, seed: int) -> list:
    """Stratified ``n_folds``-fold splits (shuffled with ``seed``), shared by every ranker."""
    cv = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=seed)
    return [(tr, te) for tr, te in cv.split(np.zeros(len(y)), y)]


@task("benchmark.ranker_task", version="1")
def ranker_task(dataset: str, ranker: str, learners, n_folds: int, n_sizes: int,
                n_samples=None, seed: int = 0) -> dict:
    """One (dataset, ranker): its order on the whole data with its FFA/RFA curves (Slavkov
    2020's protocol), its orders on the CV training sets, and the performance curves of
    those fold rankings on their test folds (Prati 2012's protocol), per learner.

    Returns a dict: ``order``, ``fold_orders`` (n_folds, p), ``sizes``, and per learner
    ``<learner>:ffa``, ``<learner>:rfa`` (one row per split), ``<learner>:prati`` (FFA of
    the fold rankings, one row per split).
    """
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    rseed = task_seed(seed, dataset, ranker)
    splits = cv_splits(ds.y, n_folds, seed)
    sizes = size_schedule(ds.X.shape[1], n_sizes)
    order = rank_features(ranker, ds.X, ds.y, seed=rseed)
    fold_orders = np.array([rank_features(ranker, _rows(ds.X, tr), ds.y[tr], seed=rseed)
                            for tr, _ in splits])
    out = {"order": order, "fold_orders": fold_orders, "sizes": sizes}
    for learner in learners:
        model = make_learner(learner)
        c = error_curves(ds.X, ds.y, order, model, sizes=sizes, cv=splits)
        prati = error_curves(ds.X, ds.y, fold_orders, model, sizes=sizes, cv=splits, kind="ffa")
        out.update({f"{learner}:ffa": c.ffa, f"{learner}:rfa": c.rfa,
                    f"{learner}:prati": prati.ffa})
    return out


@task("benchmark.random_task", version="1")
def random_task(dataset: str, learner: str, n_folds: int, n_sizes: int, n_random: int,
                n_samples=None, seed: int = 0) -> dict:
    """The expected FFA/RFA curve of a random ranking (Slavkov 2020) on ``dataset`` with
    ``learner``, over the same splits and sizes as :func:`ranker_task`: ``mean`` (per size),
    ``std`` (per size, over orders and splits) and ``order_curves`` (per random order: its
    FFA rows, then its RFA rows)."""
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    sizes = size_schedule(ds.X.shape[1], n_sizes)
    c = expected_curve(ds.X, ds.y, make_learner(learner), n_orders=n_random, sizes=sizes,
                       cv=cv_splits(ds.y, n_folds, seed),
                       random_state=task_seed(seed, dataset, "random"))
    return {"sizes": sizes, "mean": c.ffa.mean(axis=0), "std": c.ffa.std(axis=0),
            "order_curves": c.meta["order_curves"]}


def dataset_shape(dataset: str, n_samples=None, seed: int = 0) -> dict:
    """``n_samples``, ``n_features``, ``n_classes``, the number of ``nominal`` features,
    whether any value is ``missing`` and whether the dataset is synthetic."""
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    X = ds.X
    missing = bool(X.isna().to_numpy().any() if isinstance(X, pd.DataFrame)
                   else np.isnan(np.asarray(X, dtype=float)).any())
    nominal = int(np.sum(ds.categorical)) if ds.categorical is not None else 0
    return {"dataset": dataset, "n_samples": int(X.shape[0]), "n_features": int(X.shape[1]),
            "n_classes": int(len(np.unique(ds.y))), "nominal": nominal, "missing": missing,
            "synthetic": dataset in SYNTHETIC}


def grid_tasks(datasets, ranker_names, *, learners=LEARNERS, n_folds: int = 5,
               n_sizes: int = 12, n_random: int = 10, n_samples=None, seed: int = 0,
               shapes: dict | None = None) -> dict:
    """The tasks of the grid: ``{"rankers": [...], "random": [...]}``. ``shapes``
    (dataset -> :func:`dataset_shape`) leaves out the rankers that do not apply."""
    common = dict(n_folds=n_folds, n_sizes=n_sizes, seed=seed)
    rank, rand = [], []
    for d in datasets:
        ns = n_samples if d.startswith("slavkov") else None
        for r in ranker_names:
            sh = (shapes or {}).get(d)
            if sh and not applies(r, sh):
                continue
            rank.append(dict(dataset=d, ranker=r, learners=list(learners), n_samples=ns,
                             **common))
        rand += [dict(dataset=d, learner=lr, n_random=n_random, n_samples=ns, **common)
                 for lr in learners]
    return {"rankers": rank, "random": rand}


def run_grid(datasets, ranker_names, *, n_jobs=None, cache=NOTEBOOK, **params) -> dict:
    """Run (or take from the store) every task of :func:`grid_tasks`: returns ``shapes``
    (a DataFrame), ``rankers`` (``{(dataset, ranker): result}``) and ``random``
    (``{(dataset, learner): result}``)."""
    seed, ns = params.get("seed", 0), params.get("n_samples")
    shapes = {d: dataset_shape(d, ns if d.startswith("slavkov") else None, seed)
              for d in datasets}
    tasks = grid_tasks(datasets, ranker_names, shapes=shapes, **params)
    rk = run_tasks(ranker_task, tasks["rankers"], n_jobs=n_jobs, cache=cache, desc="rankers")
    rd = run_tasks(random_task, tasks["random"], n_jobs=n_jobs, cache=cache, desc="random")
    return {"shapes": pd.DataFrame(list(shapes.values())),
            "rankers": {(t["dataset"], t["ranker"]): r for t, r in zip(tasks["rankers"], rk)},
            "random": {(t["dataset"], t["learner"]): r for t, r in zip(tasks["random"], rd)}}


# --- evaluations ----------------------------------------------------------------------------

def evaluation_names(learners=LEARNERS, ground_truth: bool = True) -> list[str]:
    """The evaluations, in the order of the tables.

    >>> evaluation_names(("knn",), ground_truth=False)[:3]
    ['FFA−random (k-NN)', 'random−RFA (k-NN)', 'ECA w=1 (k-NN)']
    """
    names = []
    for lr in learners:
        lab = LEARNER_LABELS.get(lr, lr)
        names += [f"FFA−random ({lab})", f"random−RFA ({lab})"]
        names += [f"ECA {w} ({lab})" for w in WEIGHTINGS.values()]
        names.append(f"Prati area ({lab})")
    names.append("stability")
    return names + (list(GROUND_TRUTH) if ground_truth else [])


def higher_is_better(evaluation: str) -> bool:
    """False for the evaluations where a lower value is better (the ranking distance)."""
    return evaluation not in LOWER_IS_BETTER


def stability_score(fold_orders, sizes) -> float:
    """1 − the mean, over the subset sizes, of the normalised stability curve (Slavkov 2020,
    Eq. 4): 1 = identical rankings on every training set, about 0 = as different as random.

    >>> o = np.array([[0, 1, 2, 3], [0, 1, 2, 3]])
    >>> stability_score(o, [1, 2, 4])
    1.0
    """
    return float(1.0 - np.mean(stability_curve(np.asarray(fold_orders), np.asarray(sizes))))


def gt_distance(order, relevance) -> float:
    """Eq. (6) of Slavkov 2020 for one ranking: 1 − Spearman's ρ between the ground-truth
    relevance and the ranking (given as an order; mid-ranks for tied relevances).

    >>> gt_distance([2, 1, 0], [0.0, 0.5, 1.0])
    0.0
    """
    order = np.asarray(order)
    scores = np.empty(order.size)
    scores[order] = np.arange(order.size, 0, -1)
    return float(ranking_distance(np.asarray(relevance, float), scores[None, :]))


def learner_evaluations(res: dict, rnd: dict, learner: str) -> dict:
    """The curve-based evaluations of one ranking with one learner (see the module
    docstring), from the results of :func:`ranker_task` and :func:`random_task`."""
    lab = LEARNER_LABELS.get(learner, learner)
    sizes = np.asarray(res["sizes"])
    ffa, rfa = res[f"{learner}:ffa"].mean(axis=0), res[f"{learner}:rfa"].mean(axis=0)
    exp = np.asarray(rnd["mean"])
    out = {f"FFA−random ({lab})": curve_delta(ffa, exp, "uniform", sizes),
           f"random−RFA ({lab})": curve_delta(exp, rfa, "uniform", sizes)}
    for w, wl in WEIGHTINGS.items():
        out[f"ECA {wl} ({lab})"] = eca_vs_random(ffa, rfa, exp, weighting=w, sizes=sizes,
                                                 greater_is_better=True)
    out[f"Prati area ({lab})"] = curve_area(res[f"{learner}:prati"].mean(axis=0), sizes)
    return out


def evaluate_ranking(res: dict, randoms: dict, ds: Dataset | None = None) -> dict:
    """Every evaluation of one ranking: ``randoms`` maps learner -> :func:`random_task`
    result; ``ds`` (a synthetic dataset) adds AUC-FR and the ranking distance."""
    out = {}
    for learner, rnd in randoms.items():
        out.update(learner_evaluations(res, rnd, learner))
    out["stability"] = stability_score(res["fold_orders"], res["sizes"])
    if ds is not None and ds.relevant is not None:
        groups = ds.redundant if ds.name.startswith("quevedo") else None
        out["AUC-FR"] = auc_fr(res["order"], ds.relevant, groups)
        out["GT distance"] = gt_distance(res["order"], ground_truth_relevance(ds))
    return out


def evaluation_table(grid: dict, *, n_samples=None, seed: int = 0) -> pd.DataFrame:
    """The long table ``dataset, synthetic, ranker, evaluation, value`` of a
    :func:`run_grid` result."""
    rows, synth = [], {}
    learners = sorted({lr for _, lr in grid["random"]}, key=list(LEARNERS).index)
    for (d, r), res in grid["rankers"].items():
        if d in SYNTHETIC and d not in synth:
            synth[d] = load_dataset(d, n_samples=n_samples if d.startswith("slavkov") else None,
                                    seed=seed)
        randoms = {lr: grid["random"][(d, lr)] for lr in learners}
        for e, v in evaluate_ranking(res, randoms, synth.get(d)).items():
            rows.append({"dataset": d, "synthetic": d in SYNTHETIC, "ranker": r,
                         "evaluation": e, "value": float(v)})
    return pd.DataFrame(rows)


# --- comparing the rankers per evaluation ---------------------------------------------------

def score_matrix(table: pd.DataFrame, evaluation: str, *, datasets=None,
                 min_coverage: float = 1.0) -> pd.DataFrame:
    """``datasets x rankers`` values of one evaluation, reduced to a complete block (Friedman's
    test needs every ranker on every dataset): the rankers that ran on at least
    ``min_coverage`` of the datasets (default: all of them) are kept, then the datasets
    where all of those ran. ``min_coverage=0.5`` keeps Quevedo's rivals, on fewer datasets."""
    t = table[table["evaluation"] == evaluation]
    if datasets is not None:
        t = t[t["dataset"].isin(datasets)]
    m = t.pivot_table(index="dataset", columns="ranker", values="value", sort=False)
    m = m.loc[:, m.notna().mean() >= min_coverage - 1e-12]
    return m.dropna()


def ranker_order(table: pd.DataFrame) -> list[str]:
    """The rankers present, in the library's order (rankers, then aggregates), then any
    others by name."""
    present = set(table["ranker"])
    known = [*RANKERS, *AGGREGATES]
    return [r for r in known if r in present] + sorted(present - set(known))


def results_table(table: pd.DataFrame, min_coverage: float = 1.0) -> pd.DataFrame:
    """Ranker x evaluation: the average rank of each ranker per evaluation (1 = best) over
    the datasets of its complete block (the Friedman ranks), with ``n`` datasets per
    evaluation in the last row."""
    cols, ns = {}, {}
    for e in table["evaluation"].unique():
        m = score_matrix(table, e, min_coverage=min_coverage)
        if m.shape[0] >= 2 and m.shape[1] >= 2:
            cols[e] = average_ranks(m, higher_is_better=higher_is_better(e))
            ns[e] = m.shape[0]
    out = pd.DataFrame(cols).reindex(ranker_order(table))
    out.loc["n datasets"] = pd.Series(ns)
    return out


def friedman_table(table: pd.DataFrame, alpha: float = 0.05,
                   min_coverage: float = 1.0) -> pd.DataFrame:
    """Per evaluation: datasets, rankers, Friedman χ² p-value, Iman–Davenport p-value,
    Nemenyi's critical difference, the best ranker and how many rankers lie within CD of it."""
    rows = []
    for e in table["evaluation"].unique():
        m = score_matrix(table, e, min_coverage=min_coverage)
        if m.shape[0] < 2 or m.shape[1] < 2:
            continue
        f = friedman(m, higher_is_better=higher_is_better(e))
        cd = nemenyi_cd(m.shape[1], m.shape[0], alpha)
        ranks = f.average_ranks.sort_values()
        rows.append({"evaluation": e, "datasets": m.shape[0], "rankers": m.shape[1],
                     "p_friedman": f.p_chi2, "p_iman_davenport": f.p_ff, "cd": cd,
                     "best": ranks.index[0], "best_rank": ranks.iloc[0],
                     "tied_with_best": int((ranks - ranks.iloc[0] < cd).sum() - 1)})
    return pd.DataFrame(rows)


