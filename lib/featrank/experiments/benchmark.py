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
recovers the ground-truth quality.

    >>> tasks = grid_tasks(["slavkov-single"], ["IG"], learners=("knn",), n_folds=3,
    ...                    n_sizes=4, n_random=2, seed=0)
    >>> sorted(tasks)
    ['random', 'rankers']
    >>> tasks["rankers"][0]["ranker"]
    'IG'
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats as sps
from sklearn.model_selection import StratifiedKFold

from .. import aggregate, rankers
from ..datasets import Dataset, catalog, load
from ..datasets import quevedo2007 as Q
from ..datasets import slavkov2020 as S20
from ..evaluate import (auc_fr, curve_area, curve_delta, eca_vs_random, error_curves,
                        expected_curve, ranking_distance, stability_curve)
from ..learners import make_learner
from ..orders import order_from_scores
from ..parallel import run_tasks, task_seed
from ..plots import cd_diagram
from ..stats import average_ranks, friedman, nemenyi_cd
from ..store import versioned

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


@versioned("1")
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


@versioned("1")
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


# --- do the evaluations agree? --------------------------------------------------------------

def kendall_w(ranks) -> float:
    """Kendall's coefficient of concordance of ``m`` judges ranking ``n`` objects.

    ``W = 12 S / (m^2 (n^3 - n) - m T)``, ``S`` the sum of squared deviations of the
    objects' rank sums from their mean, ``T`` the tie correction ``sum (t^3 - t)`` over the
    groups of tied ranks of every judge (Kendall & Babington Smith 1939).

    Parameters
    ----------
    ranks : array-like of shape (m, n)
        Row ``i``: judge ``i``'s ranks (or scores; they are re-ranked, ties averaged).

    Returns
    -------
    float
        1 = the judges agree perfectly, 0 = no agreement.

    Examples
    --------
    >>> kendall_w([[1, 2, 3], [1, 2, 3]])
    1.0
    >>> round(kendall_w([[1, 2, 3], [3, 2, 1]]), 6)
    0.0
    """
    R = np.apply_along_axis(sps.rankdata, 1, np.asarray(ranks, dtype=float))
    m, n = R.shape
    s = ((R.sum(axis=0) - m * (n + 1) / 2) ** 2).sum()
    ties = sum(((c ** 3 - c).sum() for c in (np.unique(r, return_counts=True)[1] for r in R)))
    return float(12 * s / (m ** 2 * (n ** 3 - n) - m * ties))


def _mean_ranks(table: pd.DataFrame, evaluations, datasets, rankers) -> pd.DataFrame:
    """Evaluations x rankers: the mean over ``datasets`` of each evaluation's per-dataset
    ranks of ``rankers`` (1 = best)."""
    out = {}
    for e in evaluations:
        m = score_matrix(table, e, datasets=datasets).reindex(columns=rankers).dropna()
        v = m.to_numpy() if higher_is_better(e) else -m.to_numpy()
        out[e] = pd.Series(sps.rankdata(-v, axis=1).mean(axis=0), index=rankers)
    return pd.DataFrame(out).T


def agreement_block(table: pd.DataFrame, evaluations) -> tuple[list, list]:
    """The rankers that every one of ``evaluations`` scored on every dataset (where at least
    one ran), and those datasets."""
    t = table[table["evaluation"].isin(evaluations)]
    m = t.pivot_table(index="dataset", columns=["evaluation", "ranker"], values="value")
    counts = m.notna().T.groupby(level="ranker").sum().T
    rankers = [r for r in ranker_order(t)
               if r in counts and (counts[r] == len(evaluations)).all()]
    full = (counts[rankers] == len(evaluations)).all(axis=1)
    return list(counts.index[full]), rankers


def agreement(table: pd.DataFrame, evaluations, *, n_boot: int = 1000, seed: int = 0) -> dict:
    """How much the evaluations agree on how the rankers rank, over the common block of
    datasets and rankers (:func:`agreement_block`).

    Each evaluation ranks the rankers on each dataset (1 = best); its verdict is the mean
    rank over the datasets. The bootstrap resamples the datasets with replacement.

    Parameters
    ----------
    table : DataFrame
        The long table of :func:`evaluation_table` (``dataset, ranker, evaluation, value``).
    evaluations : list of str
        The evaluations to compare (at least two).
    n_boot : int, default 1000
        Bootstrap resamples of the datasets.
    seed : int, default 0
        Seed of the bootstrap.

    Returns
    -------
    dict
        ``w`` (Kendall's W of the evaluations' mean ranks), ``w_ci`` (95 % percentile
        bootstrap interval), ``spearman`` (one row per pair of evaluations ``a, b``: ``rho``
        of their mean ranks, ``lo``, ``hi`` its 2.5 % and 97.5 % bootstrap bounds),
        ``mean_ranks`` (evaluations x rankers), ``datasets``, ``rankers``.

    Examples
    --------
    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 6),
    ...                   "ranker": ["a", "b", "c"] * 4,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3) * 2,
    ...                   "value": [3, 2, 1, 30, 20, 10, 3, 1, 2, 30, 10, 20]})
    >>> out = agreement(t, ["x", "y"], n_boot=20)
    >>> out["w"], out["spearman"]["rho"].item()
    (1.0, 1.0)
    """
    datasets, rk = agreement_block(table, evaluations)
    if len(datasets) < 2 or len(rk) < 3:
        raise ValueError(f"too few common datasets ({len(datasets)}) or rankers ({len(rk)}) "
                         "to compare the evaluations")
    per_ds = {d: _mean_ranks(table, evaluations, [d], rk).to_numpy() for d in datasets}
    cube = np.stack([per_ds[d] for d in datasets])            # (datasets, evals, rankers)
    rng = np.random.default_rng(seed)
    boots = [cube[rng.integers(0, len(datasets), len(datasets))].mean(axis=0)
             for _ in range(n_boot)]
    mean = cube.mean(axis=0)
    rho = lambda a, b: sps.spearmanr(a, b)[0]                 # noqa: E731
    pairs, boot_rho = [], {}
    for i in range(len(evaluations)):
        for j in range(i + 1, len(evaluations)):
            bs = np.array([rho(b[i], b[j]) for b in boots])
            boot_rho[(evaluations[i], evaluations[j])] = bs
            pairs.append({"a": evaluations[i], "b": evaluations[j],
                          "rho": rho(mean[i], mean[j]), "lo": np.nanpercentile(bs, 2.5),
                          "hi": np.nanpercentile(bs, 97.5)})
    ws = np.array([kendall_w(b) for b in boots])
    return {"w": kendall_w(mean), "w_ci": tuple(np.percentile(ws, [2.5, 97.5])),
            "spearman": pd.DataFrame(pairs), "datasets": datasets, "rankers": rk,
            "mean_ranks": pd.DataFrame(mean, index=list(evaluations), columns=rk),
            "boot_rho": boot_rho}


def group_agreement(agree: dict, groups: dict) -> pd.DataFrame:
    """Mean Spearman ρ of the pairs of evaluations inside each group and between every two
    groups (``groups``: name -> list of evaluations), with 95 % intervals from the same
    bootstrap replicates as :func:`agreement`.

    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 9), "ranker": ["a", "b", "c"] * 6,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3 + ["z"] * 3) * 2,
    ...                   "value": [3, 2, 1, 3, 2, 1, 1, 2, 3, 3, 1, 2, 3, 1, 2, 2, 1, 3]})
    >>> g = group_agreement(agreement(t, ["x", "y", "z"], n_boot=20), {"xy": ["x", "y"],
    ...                                                                "z": ["z"]})
    >>> g[["pairs", "rho"]].round(2).values.tolist()
    [['xy', 1.0], ['xy ~ z', -0.5]]
    """
    rows = []
    names = list(groups)
    for i, g in enumerate(names):
        for h in names[i:]:
            keys = [k for k in agree["boot_rho"] if
                    (g == h and k[0] in groups[g] and k[1] in groups[g]) or
                    (g != h and ((k[0] in groups[g] and k[1] in groups[h]) or
                                 (k[0] in groups[h] and k[1] in groups[g])))]
            if not keys:
                continue
            point = np.mean([pair_row(agree["spearman"], *k)["rho"] for k in keys])
            boot = np.nanmean(np.array([agree["boot_rho"][k] for k in keys]), axis=0)
            rows.append({"pairs": g if g == h else f"{g} ~ {h}", "n_pairs": len(keys),
                         "rho": point, "lo": np.nanpercentile(boot, 2.5),
                         "hi": np.nanpercentile(boot, 97.5)})
    return pd.DataFrame(rows)


def spearman_matrix(pairs: pd.DataFrame, evaluations) -> pd.DataFrame:
    """The square matrix of the ``rho`` column of :func:`agreement`'s pairs."""
    m = pd.DataFrame(np.eye(len(evaluations)), index=evaluations, columns=evaluations)
    for r in pairs.itertuples():
        m.loc[r.a, r.b] = m.loc[r.b, r.a] = r.rho
    return m


def ground_truth_recovery(table: pd.DataFrame, *, truth: str = "GT distance",
                          n_boot: int = 1000, seed: int = 0) -> pd.DataFrame:
    """On synthetic data: per evaluation, Spearman's ρ across rankers between its values and
    the ground-truth quality (``truth``, oriented so that positive = agrees), per dataset,
    then its mean over the synthetic datasets with a 95 % bootstrap interval over them."""
    syn = table[table["synthetic"]]
    truth_m = syn[syn["evaluation"] == truth].pivot(index="dataset", columns="ranker",
                                                    values="value")
    sign_t = 1 if higher_is_better(truth) else -1
    rows, rng = [], np.random.default_rng(seed)
    for e in syn["evaluation"].unique():
        if e == truth:
            continue
        m = syn[syn["evaluation"] == e].pivot(index="dataset", columns="ranker", values="value")
        sign = 1 if higher_is_better(e) else -1
        per = []
        for d in m.index.intersection(truth_m.index):
            both = pd.concat([m.loc[d], truth_m.loc[d]], axis=1).dropna()
            per.append(sps.spearmanr(sign * both.iloc[:, 0], sign_t * both.iloc[:, 1])[0])
        per = np.array(per)
        boot = [np.nanmean(per[rng.integers(0, len(per), len(per))]) for _ in range(n_boot)]
        rows.append({"evaluation": e, "rho": np.nanmean(per), "lo": np.nanpercentile(boot, 2.5),
                     "hi": np.nanpercentile(boot, 97.5), "datasets": len(per),
                     "per_dataset": ", ".join(f"{x:.2f}" for x in per)})
    return pd.DataFrame(rows).sort_values("rho", ascending=False, ignore_index=True)


# --- figures --------------------------------------------------------------------------------

def cd_grid(table: pd.DataFrame, evaluations, *, ncols: int = 2, alpha: float = 0.05,
            min_coverage: float = 1.0):
    """One CD diagram (Demšar 2006) per evaluation, in a grid; returns the figure."""
    mats = {e: score_matrix(table, e, min_coverage=min_coverage) for e in evaluations}
    evaluations = [e for e in evaluations if min(mats[e].shape) >= 2]
    nrows = -(-len(evaluations) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.5 * ncols, 2.6 * nrows), squeeze=False)
    for ax, e in zip(axes.flat, evaluations):
        m = mats[e]
        ranks = average_ranks(m, higher_is_better=higher_is_better(e))
        cd_diagram(ranks, nemenyi_cd(m.shape[1], m.shape[0], alpha), ax=ax,
                   title=f"{e} ({m.shape[0]} datasets)")
    for ax in axes.flat[len(evaluations):]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def plot_agreement(matrix: pd.DataFrame, *, title: str | None = None):
    """Heat map of the pairwise Spearman ρ between evaluations (:func:`spearman_matrix`)."""
    n = len(matrix)
    fig, ax = plt.subplots(figsize=(0.45 * n + 3, 0.45 * n + 2))
    im = ax.imshow(matrix.to_numpy(dtype=float), cmap="RdBu", vmin=-1, vmax=1)
    ax.set_xticks(range(n), matrix.columns, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(n), matrix.index, fontsize=8)
    for i in range(n):
        for j in range(n):
            ax.text(j, i, f"{matrix.iat[i, j]:.1f}", ha="center", va="center", fontsize=6)
    fig.colorbar(im, ax=ax, label="Spearman ρ of the rankers' mean ranks")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


def plot_recovery(recovery: pd.DataFrame, *, title: str | None = None):
    """Each evaluation's agreement with the ground-truth quality (ρ and its interval)."""
    r = recovery.iloc[::-1]
    fig, ax = plt.subplots(figsize=(6.5, 0.32 * len(r) + 1.2))
    y = np.arange(len(r))
    ax.errorbar(r["rho"], y, xerr=[r["rho"] - r["lo"], r["hi"] - r["rho"]], fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, r["evaluation"], fontsize=8)
    ax.set_xlabel("Spearman ρ with the ground-truth quality (mean over synthetic datasets)")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


# --- findings -------------------------------------------------------------------------------

def _verdict(lo: float, hi: float, threshold: float = 0.5) -> str:
    """``yes`` when the whole interval lies at or above ``threshold``, ``no`` when it lies
    below, else ``partly``."""
    return "yes" if lo >= threshold else ("no" if hi < threshold else "partly")


def pair_row(pairs: pd.DataFrame, a: str, b: str) -> pd.Series:
    """The row of :func:`agreement`'s pairs for evaluations ``a`` and ``b`` (either order)."""
    hit = pairs[((pairs["a"] == a) & (pairs["b"] == b)) | ((pairs["a"] == b) & (pairs["b"] == a))]
    if hit.empty:
        raise KeyError(f"no pair ({a!r}, {b!r}) in the agreement table")
    return hit.iloc[0]


def _rho_claim(claim, paper, pairs, a, b, reason_no):
    r = pair_row(pairs, a, b)
    agrees = _verdict(r["lo"], r["hi"])
    return {"claim": claim, "paper": paper, "ours": f"ρ = {r['rho']:.2f}",
            "se": f"95% CI [{r['lo']:.2f}, {r['hi']:.2f}]", "agrees": agrees,
            "why_not": "" if agrees == "yes" else reason_no}


def summary_rows(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame,
                 learners=LEARNERS) -> list[dict]:
    """The findings as reproduction-summary rows (``paper``: what the papers assume).
    Agreement counts as ``yes`` when the 95 % interval of the rank correlation lies at or
    above 0.5, ``no`` when it lies below, ``partly`` otherwise."""
    pairs, labs = agree["spearman"], [LEARNER_LABELS.get(lr, lr) for lr in learners]
    lab = labs[-1]
    w, (wlo, whi) = agree["w"], agree["w_ci"]
    wv = _verdict(wlo, whi)
    rows = [{"claim": f"all {len(agree['mean_ranks'])} evaluations rank the rankers alike "
                      f"(Kendall's W, {len(agree['datasets'])} datasets, "
                      f"{len(agree['rankers'])} rankers)",
             "paper": "assumed: each paper judges rankers by one evaluation",
             "ours": f"W = {w:.2f}", "se": f"95% CI [{wlo:.2f}, {whi:.2f}]", "agrees": wv,
             "why_not": "" if wv == "yes" else "the evaluations measure different things "
                        "(accuracy of the top, of the bottom, stability); see the pairs"}]
    if len(labs) > 1:
        groups = {lb: [e for e in agree["mean_ranks"].index if e.endswith(f"({lb})")]
                  for lb in labs}
        g = group_agreement(agree, groups).set_index("pairs")
        cross = g.loc[f"{labs[0]} ~ {labs[1]}"]
        within = ", ".join(f"{lb} {g.loc[lb, 'rho']:.2f} [{g.loc[lb, 'lo']:.2f}, "
                           f"{g.loc[lb, 'hi']:.2f}]" for lb in labs)
        v = _verdict(cross["lo"], cross["hi"])
        rows.append({"claim": f"evaluations with different learners agree (mean ρ over the "
                              f"{int(cross['n_pairs'])} {labs[0]}–{labs[1]} pairs; within one "
                              f"learner: {within})",
                     "paper": "Slavkov 2020: the learner matters little for k-NN and SVM",
                     "ours": f"ρ = {cross['rho']:.2f}",
                     "se": f"95% CI [{cross['lo']:.2f}, {cross['hi']:.2f}]", "agrees": v,
                     "why_not": "" if v == "yes" else "the learner decides more than the "
                                "evaluation method: a ranker that suits SVM (SVM-RFE) is "
                                "judged well by every SVM-based evaluation and poorly by the "
                                "k-NN ones"})
    ecas = [f"ECA {x} ({lab})" for x in WEIGHTINGS.values()]
    low = min(((pair_row(pairs, a, b)["rho"], a, b) for i, a in enumerate(ecas)
               for b in ecas[i + 1:]))
    rows.append(_rho_claim(f"the four ECA weightings agree ({lab}; least-agreeing pair: "
                           f"{low[1]} vs {low[2]})", "Slavkov 2018: weightings differ "
                           "little", pairs, low[1], low[2],
                           "the magnitude weightings weigh the sizes where curves differ "
                           "most, the 1/|S| ones the smallest subsets"))
    if len(labs) > 1:
        rows.append(_rho_claim(f"ECA w=1 with {labs[0]} and with {labs[1]} agree",
                               "Slavkov 2020: the learner matters little for k-NN and SVM",
                               pairs, f"ECA w=1 ({labs[0]})", f"ECA w=1 ({labs[1]})",
                               "a learner's inductive bias favours rankings that suit it"))
    rows.append(_rho_claim(f"whole-data ranking curves (ECA w=1) and Prati's in-CV areas "
                           f"agree ({lab})", "assumed interchangeable", pairs,
                           f"ECA w=1 ({lab})", f"Prati area ({lab})",
                           "Prati's area judges rankings learnt on each training fold, so an "
                           "unstable ranker loses there but not on the whole-data curve"))
    rows.append(_rho_claim(f"FFA and RFA rank the rankers alike ({lab})", "Slavkov 2020: "
                           "both views needed", pairs, f"FFA−random ({lab})",
                           f"random−RFA ({lab})", "FFA judges the top of a ranking, RFA its "
                           "bottom: a ranker can order the best features well and the "
                           "rest badly"))
    st = _rho_claim(f"stability agrees with accuracy (ECA w=1, {lab})", "Slavkov 2020: "
                    "stability is a separate, complementary criterion", pairs, "stability",
                    f"ECA w=1 ({lab})", "stability does not measure accuracy, as Slavkov "
                    "2020 says")
    st["agrees"] = "n/a" if st["agrees"] != "yes" else "yes"
    rows.append(st)
    if not recovery.empty:
        best = recovery.iloc[0]
        curve = recovery[~recovery["evaluation"].isin([*GROUND_TRUTH, "stability"])]
        cb = curve.iloc[0] if len(curve) else best
        v = _verdict(cb["lo"], cb["hi"])
        rows.append({"claim": "curve-based evaluations recover the ground-truth quality "
                              f"(Eq. 6 distance) on synthetic data; best: {cb['evaluation']}",
                     "paper": "Slavkov 2020: error curves track the distance to the ground "
                              "truth", "ours": f"ρ = {cb['rho']:.2f} over {cb['datasets']} "
                              "datasets", "se": f"95% CI [{cb['lo']:.2f}, {cb['hi']:.2f}]",
                     "agrees": v, "why_not": "" if v == "yes" else
                     "among good rankers the distance is dominated by how the many "
                     "irrelevant features are ordered, which curves do not see"})
        if "AUC-FR" in set(recovery["evaluation"]):
            a = recovery.set_index("evaluation").loc["AUC-FR"]
            va = _verdict(a["lo"], a["hi"])
            rows.append({"claim": "AUC-FR (Quevedo 2007) and the Eq. 6 distance agree",
                         "paper": "both measure closeness to the ground truth",
                         "ours": f"ρ = {a['rho']:.2f}", "se": f"95% CI [{a['lo']:.2f}, "
                         f"{a['hi']:.2f}]", "agrees": va, "why_not": "" if va == "yes" else
                         "AUC-FR counts only where the relevant features stand; the distance "
                         "also weighs the order of the irrelevant ones and the relevance "
                         "levels"})
    sig = ftable[ftable["p_iman_davenport"] < 0.05]
    nbest = ftable["best"].nunique()
    rows.append({"claim": "the evaluations name the same best ranker",
                 "paper": "each paper names a winner by its evaluation",
                 "ours": f"{nbest} different winners over {len(ftable)} evaluations "
                         f"({', '.join(ftable['best'].value_counts().index[:4])}); "
                         f"Friedman rejects equality in {len(sig)} of {len(ftable)}",
                 "se": f"median CD {ftable['cd'].median():.2f} ranks",
                 "agrees": "yes" if nbest == 1 else ("partly" if nbest <= 3 else "no"),
                 "why_not": "" if nbest == 1 else "the winners lie within a critical "
                            "difference of one another on most evaluations"})
    return rows


def findings_text(agree: dict, recovery: pd.DataFrame, ftable: pd.DataFrame) -> str:
    """The findings in a few sentences, from the numbers (Markdown)."""
    pairs = agree["spearman"].sort_values("rho")
    lo, hi = pairs.iloc[:3], pairs.iloc[-3:][::-1]
    fmt = lambda r: f"{r.a} vs {r.b} (ρ = {r.rho:.2f}, [{r.lo:.2f}, {r.hi:.2f}])"  # noqa: E731
    w, (wlo, whi) = agree["w"], agree["w_ci"]
    text = [f"Over {len(agree['datasets'])} datasets and {len(agree['rankers'])} rankers, the "
            f"{len(agree['mean_ranks'])} evaluations agree with Kendall's W = {w:.2f} "
            f"(95 % bootstrap interval over datasets [{wlo:.2f}, {whi:.2f}]).",
            "Most alike: " + "; ".join(fmt(r) for r in hi.itertuples()) + ".",
            "Least alike: " + "; ".join(fmt(r) for r in lo.itertuples()) + "."]
    sig = ftable[ftable["p_iman_davenport"] < 0.05]
    text.append(f"Friedman's test finds differences between the rankers under {len(sig)} of "
                f"{len(ftable)} evaluations; the winners are "
                + ", ".join(f"{b} ({n})" for b, n in ftable["best"].value_counts().items())
                + f", and on median {ftable['tied_with_best'].median():.0f} rankers lie "
                "within the critical difference of the winner.")
    blind = recovery[~recovery["evaluation"].isin(GROUND_TRUTH)] if not recovery.empty \
        else recovery
    if not blind.empty:
        top, bottom = blind.iloc[0], blind.iloc[-1]
        text.append(f"On the synthetic data, of the evaluations that do not know the ground "
                    f"truth, {top.evaluation} tracks the ground-truth quality best (ρ = "
                    f"{top.rho:.2f}, [{top.lo:.2f}, {top.hi:.2f}], {top.datasets} datasets) "
                    f"and {bottom.evaluation} worst (ρ = {bottom.rho:.2f}, [{bottom.lo:.2f}, "
                    f"{bottom.hi:.2f}]).")
        gt = recovery[recovery["evaluation"].isin(GROUND_TRUTH)]
        for r in gt.itertuples():
            text.append(f"{r.evaluation} itself agrees with it at ρ = {r.rho:.2f} "
                        f"([{r.lo:.2f}, {r.hi:.2f}]).")
    return " ".join(text)
