"""Experiments of Slavkov, Petković, Geurts, Kocev & Džeroski (2020), "Error curves for
evaluating the quality of feature rankings" (notebook 05; notebook 04 reuses them).

Every expensive step is a module-level *task function* of small keyword arguments (names,
numbers, strings) that loads its data itself, so :func:`featrank.parallel.run_tasks` caches it
on disk (namespace :data:`CACHE`, shared by notebooks 04 and 05) and results do not depend on
``n_jobs`` or the backend. Seeds come from :func:`featrank.parallel.task_seed`.

Protocol (what the paper did, and what these functions do):

* A ranking is computed **once, on the whole dataset** ("for the actual construction of the
  curves (once the ranking is obtained) ..."), then its FFA/RFA curves (Algorithm 1) are
  estimated by 10 x 10-fold stratified cross-validation of the learner on the nested subsets.
  All rankings of a dataset are evaluated on the **same folds** (a paired comparison).
  ``fit_on="train"`` (not the paper's protocol) re-ranks inside each training fold instead,
  to measure the selection bias of ranking on all the data.
* Learner: Weka's SMO with a quadratic polynomial kernel, C = 0.1 (``make_learner("svm")``)
  unless the learner study asks for another.
* Noisy rankings R_theta (Sec. "Evaluation by randomising the ground truth ranking") and the
  ground truth R_GT come from :mod:`featrank.datasets.slavkov2020`; realisation ``i`` of
  R_theta is seeded by ``task_seed(seed, dataset, "noisy", theta, i)``, the same realisations
  enter Table 3 (Eq. 6) and Fig. 3.
* Expected curve: the mean curve of ``n_orders`` uniformly random orders (FFA and RFA
  coincide in expectation; both are computed and pooled).
* Stability (Eq. 4): rankings computed on the training sets of stratified 10-fold CV
  (``n_resamples`` folds drawn from repeated 10-fold CV), compared by the top-i Canberra
  distance (Eq. 2), normalised by the expected distance of random lists (Eq. 3).

Sizes of the nested subsets: ``"paper"`` (delta(i) = 1 up to 50, 5 up to 500, p // 20 beyond),
``"all"`` (1..p) or ``"coarse:K"`` (about K points, geometric from both ends, for the quick
and smoke profiles), all read by :func:`featrank.evaluate.parse_sizes`.

The measures of curves that need neither a learner nor the store (mean curves, heights,
monotonicity, separation, roughness) are in :mod:`.slavkov2020_measures`, re-exported here;
the reproduction summary is :mod:`.slavkov2020_summary`. (A little over 400 lines: the task
functions and the runners and Table 3 built on them, kept together.)
"""
from __future__ import annotations

import numpy as np

from ..evaluate import parse_sizes
from ..parallel import run_tasks, stored_tasks, task_seed
from ..store import task
from .slavkov2020_measures import (BAD, GOOD, average_curves, curve_heights,  # noqa: F401
                                   is_monotone, learner_separation, roughness, split_means)

CACHE = "05_slavkov2020_error_curves"
#: the rankings of the selection-bias check (one per CV split, up to 12,625 features each: some
#: 37 KB an entry) are kept in this scratch namespace, never committed; the committed store
#: keeps the curves computed from them, which is what the figures read
RANKINGS = "slavkov2020-rankings"
NOTEBOOK = "05_slavkov2020_error_curves"
SYNTHETIC = ("single", "pair", "combined")
THETAS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0)
RANKERS = ("ReliefF", "RandomForest", "InfoGain", "SVM-RFE")    # Fig. 4's order A-D
LEARNERS = ("nb", "tree", "rf", "svm", "knn")
LEARNER_LABELS = {"nb": "Naive Bayes", "tree": "Decision tree", "rf": "Random forest",
                  "svm": "SVM", "knn": "k-NN"}
#: Table 1 of Slavkov 2020, (#instances, #features, #classes); Figs. 7, 8, A2-A12
TABLE1 = {
    "aapc": (335, 84, 3), "arrhythmia": (452, 280, 16), "australian": (690, 14, 2),
    "balance": (625, 4, 3), "breast-cancer": (286, 9, 2), "breast-w": (699, 9, 2),
    "car": (1728, 6, 4), "chess": (3196, 36, 2), "diabetes": (768, 8, 2),
    "diversity": (292, 86, 5), "german": (1000, 20, 2), "heart": (270, 13, 2),
    "heart-c": (303, 13, 5), "heart-h": (294, 13, 5), "hepatitis": (155, 19, 2),
    "image": (2310, 19, 7), "ionosphere": (351, 34, 2), "iris": (150, 4, 3),
    "sonar": (208, 60, 2), "tic-tac-toe": (958, 9, 2), "vote": (435, 16, 2),
    "water": (292, 80, 5), "waveform": (5000, 21, 3), "wine": (178, 13, 3),
    "amlPrognosis": (54, 12625, 2), "bladderCancer": (40, 5724, 3),
    "breastCancer": (24, 12625, 2), "childhoodAll": (110, 8280, 2),
    "cmlTreatment": (28, 12625, 2), "colon": (62, 2000, 2), "dlbcl": (77, 7070, 2),
    "leukemia": (72, 5147, 2), "mll": (72, 12533, 3), "prostate": (102, 12533, 2),
    "srbct": (83, 2308, 4),
}


# --------------------------------------------------------------------------- building blocks
def load_dataset(dataset: str, data_seed: int = 0):
    """A dataset by name: Slavkov 2020's synthetic ``single``/``pair``/``combined``
    (1000 x 100, generated with ``data_seed``) or a catalogue dataset
    (:func:`featrank.datasets.load`)."""
    if dataset in SYNTHETIC:
        from ..datasets.slavkov2020 import make_synthetic

        return make_synthetic(dataset, random_state=data_seed)
    from ..datasets import load

    return load(dataset)


def make_ranker(ranker: str, categorical=None, random_state: int = 0):
    """The four rankers of Slavkov 2020 with the paper's settings: ``"InfoGain"`` (Weka's, MDL
    discretisation), ``"ReliefF"`` (k = 10, all instances), ``"RandomForest"`` (100 trees,
    log2 features per split), ``"SVM-RFE"`` (linear SVM, C = 0.1).

    ``categorical``: ``Dataset.categories`` (what the task functions pass: every declared value
    counts, as in Weka's header, even one absent from a training fold -- ReliefF's
    missing-value diff 1 - 1/#values depends on it), category counts, or a bool mask (then the
    rankers infer #values from the codes present). SVM-RFE only needs which are nominal."""
    from .. import rankers as R

    if ranker == "InfoGain":
        return R.InfoGain(categorical=categorical)
    if ranker == "ReliefF":
        return R.ReliefF(n_neighbors=10, categorical=categorical)
    if ranker == "RandomForest":
        return R.RandomForestRanker(n_estimators=100, categorical=categorical,
                                    random_state=random_state)
    if ranker == "SVM-RFE":
        return R.SVMRFE(C=0.1, categorical=nominal_mask(categorical))
    raise ValueError(f"unknown ranker {ranker!r}; choose one of {RANKERS}")


def nominal_mask(categorical):
    """The bool mask of nominal features from ``Dataset.categories`` (labels or ``None``),
    category counts (0 = numeric) or a mask; ``None`` stays ``None``."""
    if categorical is None:
        return None
    if isinstance(categorical, (list, tuple)) and any(
            c is None or isinstance(c, (list, tuple, np.ndarray)) for c in categorical):
        return np.array([c is not None and len(c) > 0 for c in categorical])
    return np.asarray(categorical) > 0


def resolve_sizes(sizes, n_features: int) -> np.ndarray:
    """Subset sizes from a spec: ``"paper"``, ``"all"``, ``"coarse:K"`` (see
    :func:`featrank.evaluate.parse_sizes`) or explicit ints (sorted, duplicates dropped)."""
    if not isinstance(sizes, str):
        sizes = np.unique(np.asarray(sizes, dtype=int))
    return parse_sizes(sizes, n_features)


def cv_seed(seed: int, dataset: str) -> int:
    """The seed of a dataset's cross-validation folds: the same for every ranking of it."""
    return task_seed(seed, dataset, "cv")


def cv_splitter(dataset: str, n_repeats: int = 10, n_folds: int = 10, seed: int = 0):
    """The repeated stratified k-fold CV of a dataset's curves (seeded by :func:`cv_seed`)."""
    from sklearn.model_selection import RepeatedStratifiedKFold

    return RepeatedStratifiedKFold(n_splits=n_folds, n_repeats=n_repeats,
                                   random_state=cv_seed(seed, dataset))


def curves_of_order(ds, order, learner: str = "svm", *, n_repeats: int = 10, n_folds: int = 10,
                    sizes="paper", kind: str = "both", seed: int = 0):
    """FFA/RFA curves (Algorithm 1) of one order on a loaded dataset, via ``n_repeats`` x
    ``n_folds`` stratified CV seeded by :func:`cv_seed` (paired across orders). ``order`` may
    also be ``(n_repeats * n_folds, p)``: one order per CV split."""
    from ..evaluate import error_curves
    from ..learners import make_learner

    model = make_learner(learner, categorical=ds.categorical)
    cv = cv_splitter(ds.name, n_repeats, n_folds, seed)
    return error_curves(ds.X, ds.y, np.asarray(order), model,
                        sizes=resolve_sizes(sizes, ds.n_features), kind=kind, cv=cv,
                        n_repeats=n_repeats, random_state=cv_seed(seed, ds.name))


# --------------------------------------------------------------------------- task functions
@task("slavkov2020.rank_features", version="1")
def rank_features(dataset: str, ranker: str, seed: int = 0, resample: int | None = None,
                  n_folds: int = 10, data_seed: int = 0) -> np.ndarray:
    """Task: the order (best first) ``ranker`` gives ``dataset``.

    ``resample=None``: ranked on the whole dataset (the paper's curves). ``resample=r``: ranked
    on the training part of fold ``r % n_folds`` of repetition ``r // n_folds`` of stratified
    ``n_folds``-fold CV (the rankings of the stability curves, Eq. 4).
    """
    ds = load_dataset(dataset, data_seed)
    X, y = ds.X, ds.y
    if resample is not None:
        from sklearn.model_selection import StratifiedKFold

        rep, k = divmod(int(resample), n_folds)
        skf = StratifiedKFold(n_folds, shuffle=True,
                              random_state=task_seed(seed, dataset, "stability", rep))
        train = list(skf.split(X, y))[k][0]
        X, y = X[train], y[train]
    est = make_ranker(ranker, ds.categories, task_seed(seed, dataset, ranker, resample))
    return np.asarray(est.fit(X, y).top_features_, dtype=np.intp)


def cached_ranking(dataset: str, ranker: str, seed: int = 0, resample: int | None = None,
                   n_folds: int = 10, data_seed: int = 0) -> np.ndarray:
    """:func:`rank_features` through the task cache (so every learner's curves, Fig. 4 and
    notebook 04 share one computation of each ranking)."""
    task = dict(dataset=dataset, ranker=ranker, seed=seed, resample=resample, n_folds=n_folds,
                data_seed=data_seed)
    return _grid(rank_features, [task], 1, None, progress=False)[0]


@task("slavkov2020.rank_on_split", version="1")
def rank_on_split(dataset: str, ranker: str, split: int, n_repeats: int = 10, n_folds: int = 10,
                  seed: int = 0, data_seed: int = 0) -> np.ndarray:
    """Task: ``ranker``'s order computed on the training part of CV split ``split`` of the
    curves' own cross-validation (:func:`cv_splitter`)."""
    ds = load_dataset(dataset, data_seed)
    train = next(tr for k, (tr, _) in enumerate(
        cv_splitter(dataset, n_repeats, n_folds, seed).split(ds.X, ds.y)) if k == split)
    est = make_ranker(ranker, ds.categories, task_seed(seed, dataset, ranker, "split", split))
    return np.asarray(est.fit(ds.X[train], ds.y[train]).top_features_, dtype=np.intp)


# version 2: nominal attributes one-hot (the learner's mask kept)
@task("slavkov2020.ranker_curves", version="2")
def ranker_curves(dataset: str, ranker: str, learner: str = "svm", n_repeats: int = 10,
                  n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0,
                  fit_on: str = "full"):
    """Task: FFA and RFA curves of ``ranker``'s ranking of ``dataset`` under ``learner``
    (Figs. 5-8, A1-A12).

    ``fit_on="full"``: one ranking computed on the whole dataset, as the paper did (the
    held-out folds then took part in the ranking: optimistic on small, wide data).
    ``fit_on="train"``: a ranking per CV split, computed on that split's training part only
    (no selection bias; not the paper's protocol).
    """
    if fit_on not in ("full", "train"):
        raise ValueError(f"fit_on must be 'full' or 'train', got {fit_on!r}")
    if fit_on == "train":
        tasks = [dict(dataset=dataset, ranker=ranker, split=k, n_repeats=n_repeats,
                      n_folds=n_folds, seed=seed, data_seed=data_seed)
                 for k in range(n_repeats * n_folds)]
        order = np.vstack(run_tasks(rank_on_split, tasks, n_jobs=1, cache=RANKINGS,
                                    progress=False))
    else:
        order = cached_ranking(dataset, ranker, seed=seed, data_seed=data_seed)
    ds = load_dataset(dataset, data_seed)
    return curves_of_order(ds, order, learner, n_repeats=n_repeats, n_folds=n_folds,
                           sizes=sizes, seed=seed)


def noisy_order(dataset: str, theta: float, index: int, seed: int = 0, data_seed: int = 0,
                scale: str = "max") -> np.ndarray:
    """Realisation ``index`` of R_theta for a synthetic dataset (``theta = 0``: R_GT)."""
    from ..datasets.slavkov2020 import ground_truth_order, noisy_rankings

    rel = load_dataset(dataset, data_seed).relevance
    if theta == 0:
        return ground_truth_order(rel)
    return noisy_rankings(rel, theta, 1, task_seed(seed, dataset, "noisy", float(theta), index),
                          scale=scale)[0]


def noisy_relevance_set(dataset: str, theta: float, n_rankings: int, seed: int = 0,
                        data_seed: int = 0, scale: str = "max") -> np.ndarray:
    """The relevance vectors of realisations 0..m-1 of R_theta (the ones of :func:`noisy_order`)."""
    from ..datasets.slavkov2020 import noisy_relevances

    rel = load_dataset(dataset, data_seed).relevance
    return np.vstack([noisy_relevances(rel, theta, 1,
                                       task_seed(seed, dataset, "noisy", float(theta), i),
                                       scale=scale) for i in range(n_rankings)])


# version 3: a realisation keeps its mean over the CV splits only (2: one-hot)
@task("slavkov2020.noisy_curves", version="3")
def noisy_curves(dataset: str, theta: float, index: int = 0, learner: str = "svm",
                 n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                 data_seed: int = 0):
    """Task: FFA/RFA curves of realisation ``index`` of R_theta (Fig. 3), as their mean over
    the CV splits (:func:`split_means`: what E[FFA]_theta averages); theta = 0: R_GT, one row
    per split (Fig. 3 draws their spread)."""
    ds = load_dataset(dataset, data_seed)
    order = noisy_order(dataset, theta, index, seed, data_seed)
    curves = curves_of_order(ds, order, learner, n_repeats=n_repeats, n_folds=n_folds,
                             sizes=sizes, seed=seed)
    return curves if theta == 0 else split_means(curves)


# version 3: its mean over the CV splits only (2: nominal attributes one-hot)
@task("slavkov2020.random_curve", version="3")
def random_curve(dataset: str, index: int, learner: str = "svm", n_repeats: int = 10,
                 n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0):
    """Task: FFA and RFA curves of uniformly random order ``index`` (one term of the expected
    curve), as their mean over the CV splits (:func:`split_means`)."""
    ds = load_dataset(dataset, data_seed)
    order = np.random.default_rng(task_seed(seed, dataset, "random", index)).permutation(
        ds.n_features)
    return split_means(curves_of_order(ds, order, learner, n_repeats=n_repeats,
                                       n_folds=n_folds, sizes=sizes, seed=seed))


# --------------------------------------------------------------------------- averaged curves
def _grid(func, tasks, n_jobs, desc, progress=None):
    """``run_tasks`` in this module's store namespace."""
    return run_tasks(func, tasks, n_jobs=n_jobs, cache=CACHE, desc=desc, progress=progress)


def expected_curves(dataset: str, learner: str = "svm", n_orders: int = 100, *,
                    n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                    data_seed: int = 0, n_jobs=None):
    """The expected curve of a random ranking (Slavkov 2020, "Expected FFA and RFA curves"):
    the mean curve of ``n_orders`` random orders (one cached task each). FFA and RFA of a
    random order estimate the same expected curve, so both are pooled (B's
    ``expected_curve`` does the same in one call; tasks here make it resumable)."""
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    res = _grid(random_curve, [dict(common, index=i) for i in range(n_orders)], n_jobs,
                f"expected {dataset}")
    return average_curves(res, pool=True)


def theta_curves(dataset: str, theta: float, n_rankings: int = 100, learner: str = "svm", *,
                 n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                 data_seed: int = 0, n_jobs=None):
    """E[FFA]_theta and E[RFA]_theta: the mean curves of ``n_rankings`` realisations of R_theta
    (theta = 0: the ground truth's own curves, spread across CV folds)."""
    m = 1 if theta == 0 else n_rankings
    common = dict(dataset=dataset, theta=float(theta), learner=learner, n_repeats=n_repeats,
                  n_folds=n_folds, sizes=sizes, seed=seed, data_seed=data_seed)
    res = _grid(noisy_curves, [dict(common, index=i) for i in range(m)], n_jobs,
                f"R_theta={theta:g} {dataset}")
    return res[0] if theta == 0 else average_curves(res)


def theta_family(dataset: str, thetas=THETAS, n_rankings: int = 100, learner: str = "svm", *,
                 n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                 data_seed: int = 0, n_jobs=None) -> dict:
    """Fig. 3 in one grid: ``{theta: mean Curves of R_theta}`` plus ``{0: R_GT's Curves}``
    (the same cached tasks as :func:`theta_curves`, submitted together, realisation by
    realisation, so that a stopped run leaves the first realisations of every theta stored:
    see :func:`stored_realisations`)."""
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    keys = [(0.0, 0)] + [(float(t), i) for i in range(n_rankings) for t in thetas if t != 0]
    res = _grid(noisy_curves, [dict(common, theta=t, index=i) for t, i in keys], n_jobs,
                f"R_theta {dataset}")
    out = {0.0: res[0]}
    for t in thetas:
        if t != 0:
            out[float(t)] = average_curves([c for (tt, _), c in zip(keys, res) if tt == t])
    return out


def stored_realisations(datasets, thetas=THETAS, n_rankings: int = 100, learner: str = "svm",
                        *, n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                        data_seed: int = 0) -> int:
    """The largest m <= ``n_rankings`` such that R_GT and realisations 0..m-1 of R_theta, for
    every theta and dataset, are in the store: the part of Fig. 3 that :func:`theta_family`
    can show without computing (0 when some R_GT is missing). Nothing runs.

    >>> stored_realisations(["combined"], (0.5,), 3, n_repeats=1, n_folds=2, sizes=[1],
    ...                     seed=12345)
    0
    """
    common = dict(learner=learner, n_repeats=n_repeats, n_folds=n_folds, sizes=sizes,
                  seed=seed, data_seed=data_seed)
    noisy = [float(t) for t in thetas if t != 0]
    m = n_rankings
    for d in datasets:
        tasks = [dict(common, dataset=d, theta=0.0, index=0)] + [
            dict(common, dataset=d, theta=t, index=i) for i in range(n_rankings) for t in noisy]
        hit = np.array(stored_tasks(noisy_curves, tasks, CACHE))
        if not hit[0]:
            return 0
        complete = hit[1:].reshape(n_rankings, len(noisy)).all(axis=1)
        m = min(m, n_rankings if complete.all() else int(np.argmin(complete)))
    return m


def all_ranker_curves(datasets, rankers=RANKERS, learners=("svm",), *, n_repeats: int = 10,
                      n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0,
                      fit_on: str = "full", n_jobs=None) -> dict:
    """``{(dataset, ranker, learner): Curves}`` for a grid, one cached task per cell
    (``fit_on`` as in :func:`ranker_curves`)."""
    keys = [(d, r, l) for d in datasets for r in rankers for l in learners]
    tasks = [dict(dataset=d, ranker=r, learner=l, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed, fit_on=fit_on)
             for d, r, l in keys]
    if fit_on == "train":
        _split_rankings(tasks, n_jobs)
    return dict(zip(keys, _grid(ranker_curves, tasks, n_jobs, "ranker curves")))


def _split_rankings(curve_tasks, n_jobs) -> None:
    """Compute, in parallel, the per-split rankings of the train-fold curves not yet stored
    (each curve task would otherwise compute its own 100 rankings one after another)."""
    missing = [t for t, ok in zip(curve_tasks, stored_tasks(ranker_curves, curve_tasks,
                                                           cache=CACHE)) if not ok]
    pairs = {(t["dataset"], t["ranker"], t["n_repeats"], t["n_folds"], t["seed"],
              t["data_seed"]) for t in missing}
    tasks = [dict(dataset=d, ranker=r, split=k, n_repeats=m, n_folds=f, seed=s, data_seed=ds)
             for d, r, m, f, s, ds in sorted(pairs) for k in range(m * f)]
    run_tasks(rank_on_split, tasks, n_jobs=n_jobs, cache=RANKINGS, desc="rankings on splits")


def stability(dataset: str, ranker: str, n_resamples: int = 10, *, sizes="paper",
              n_folds: int = 10, seed: int = 0, data_seed: int = 0, n_jobs=None):
    """Stability curve of Eq. (4): ``(sizes, St(S^i) / Ca(n, i))`` over the rankings of the
    training sets of ``n_resamples`` CV folds (lower = more stable; 1 = as random)."""
    from ..evaluate import stability_curve

    tasks = [dict(dataset=dataset, ranker=ranker, seed=seed, resample=r, n_folds=n_folds,
                  data_seed=data_seed) for r in range(n_resamples)]
    orders = np.vstack(_grid(rank_features, tasks, n_jobs, f"stability {ranker} {dataset}"))
    s = resolve_sizes(sizes, orders.shape[1])
    return s, np.asarray(stability_curve(orders, s))


# --------------------------------------------------------------------------- Table 3
#: Slavkov 2020, Table 3 (reference only: the notebook prints it beside ours)
PAPER_TABLE3 = {
    "single": (0.219, 0.34, 0.449, 0.51, 0.628, 0.81, 1.056),
    "pair": (0.126, 0.239, 0.327, 0.397, 0.519, 0.726, 1.091),
    "combined": (0.1, 0.171, 0.252, 0.32, 0.432, 0.652, 1.048),
}


def table3(n_rankings: int = 100, *, seed: int = 0, data_seed: int = 0, scale: str = "max",
           ties: str = "average", thetas=THETAS):
    """Table 3: dist(R_GT, R_theta) of Eq. (6) for the three synthetic datasets and every
    theta, from the same realisations of R_theta the curves use. Long format with the
    paper's value and the Monte-Carlo standard error of ours."""
    import pandas as pd

    from ..evaluate import spearman_rho

    rows = []
    for ds in SYNTHETIC:
        rel = load_dataset(ds, data_seed).relevance
        for j, t in enumerate(thetas):
            rho = spearman_rho(rel, noisy_relevance_set(ds, t, n_rankings, seed, data_seed,
                                                        scale), ties=ties)
            rows.append({"dataset": ds, "theta": t, "ours": 1 - rho.mean(),
                         "se": rho.std(ddof=1) / np.sqrt(rho.size),
                         "paper": PAPER_TABLE3[ds][THETAS.index(t)] if t in THETAS else np.nan})
    return pd.DataFrame(rows)


def table3_conventions(n_rankings: int = 100, *, seed: int = 0, thetas=THETAS):
    """Which ranking conventions reproduce Table 3? For every combination of

    * ``scale``: ground truth divided by its maximum (``"max"``) or kept in bits (``"none"``)
      before the random U(0, 1) relevances are mixed in;
    * ``ties``: tied relevances (irrelevant features, copies) get their mean rank
      (``"average"``) or are ranked by feature index (``"index"``);
    * ``selection``: exactly round(theta p) features (``"exact"``) or each with probability
      theta (``"bernoulli"``);

    the RMSE of our distances against Table 3, over theta <= 0.3 (where the conventions
    differ) and over all theta, and whether our distances keep the paper's order
    single > pair > combined at theta = 0.05."""
    import itertools

    import pandas as pd

    from ..datasets.slavkov2020 import ground_truth_relevance, noisy_relevances
    from ..evaluate import ranking_distance

    rows = []
    for scale, ties, sel in itertools.product(("max", "none"), ("average", "index"),
                                              ("exact", "bernoulli")):
        d = {ds: np.array([ranking_distance(
            ground_truth_relevance(ds),
            noisy_relevances(ground_truth_relevance(ds), t, n_rankings,
                             task_seed(seed, ds, "conventions", t), scale=scale, selection=sel),
            ties=ties) for t in thetas]) for ds in SYNTHETIC}
        err = np.array([d[ds] - np.array(PAPER_TABLE3[ds]) for ds in SYNTHETIC])
        low = np.asarray(thetas) <= 0.3
        rows.append({"scale": scale, "ties": ties, "selection": sel,
                     "rmse_theta_le_0.3": float(np.sqrt((err[:, low] ** 2).mean())),
                     "rmse_all": float(np.sqrt((err ** 2).mean())),
                     "order_single>pair>combined":
                         bool(d["single"][0] > d["pair"][0] > d["combined"][0])})
    return pd.DataFrame(rows).sort_values("rmse_theta_le_0.3", ignore_index=True)
