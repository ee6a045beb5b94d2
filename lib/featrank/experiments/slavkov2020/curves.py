"""Slavkov 2020's curves averaged over stored tasks: the expected curve of a random ranking,
the mean curves of R_theta (Fig. 3), the rankers' curves on a grid of datasets and learners
(Figs. 4-8, A1-A12) and the stability curves (Eq. 4); and what of them the store holds."""
from __future__ import annotations

import numpy as np

from ...parallel import run_tasks, stored_tasks
from .measures import average_curves
from .protocol import CACHE, RANKERS, RANKINGS, THETAS, resolve_sizes
from .tasks import (gt_tie_curves, noisy_curves, random_curve, random_rank_curves, rank_features,
                    rank_on_split, ranker_curves)


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


def theta_realisations(dataset: str, thetas=THETAS, n_rankings: int = 100,
                       learner: str = "svm", *, n_repeats: int = 10, n_folds: int = 10,
                       sizes="paper", seed: int = 0, data_seed: int = 0, n_jobs=None) -> dict:
    """``{0: [R_GT's Curves], theta: [the Curves of each realisation of R_theta]}``: the
    cached tasks of :func:`theta_curves`, submitted together, realisation by realisation, so
    that a stopped run leaves the first realisations of every theta stored (see
    :func:`stored_realisations`)."""
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    keys = [(0.0, 0)] + [(float(t), i) for i in range(n_rankings) for t in thetas if t != 0]
    res = _grid(noisy_curves, [dict(common, theta=t, index=i) for t, i in keys], n_jobs,
                f"R_theta {dataset}")
    out = {0.0: res[:1]}
    for t in thetas:
        if t != 0:
            out[float(t)] = [c for (tt, _), c in zip(keys, res) if tt == t]
    return out


def tie_broken_gt(dataset: str, n_orders: int = 10, learner: str = "svm", *,
                  n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                  data_seed: int = 0, n_jobs=None) -> list:
    """The curves of ``n_orders`` ground-truth rankings whose ties are broken at random (one
    cached task each, :func:`~.tasks.gt_tie_curves`)."""
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    return _grid(gt_tie_curves, [dict(common, index=i) for i in range(n_orders)], n_jobs,
                 f"R_GT, ties at random, {dataset}")


def stored_tie_breaks(dataset: str, n_orders: int = 10, learner: str = "svm", *,
                      n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                      data_seed: int = 0) -> int:
    """How many of :func:`tie_broken_gt`'s first ``n_orders`` orders are stored (a complete
    prefix); nothing runs.

    >>> stored_tie_breaks("single", 3, n_repeats=1, n_folds=2, sizes=[1], seed=12345)
    0
    """
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    hit = stored_tasks(gt_tie_curves, [dict(common, index=i) for i in range(n_orders)], CACHE)
    return int(np.argmin(hit)) if not all(hit) else n_orders


def family_means(realisations: dict) -> dict:
    """Fig. 3's curves from :func:`theta_realisations`: ``{0: R_GT's Curves, theta: the mean
    Curves of R_theta}``."""
    return {t: cs[0] if t == 0 else average_curves(cs) for t, cs in realisations.items()}


def theta_family(dataset: str, thetas=THETAS, n_rankings: int = 100, learner: str = "svm", *,
                 n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                 data_seed: int = 0, n_jobs=None) -> dict:
    """Fig. 3 in one grid: ``{theta: mean Curves of R_theta}`` plus ``{0: R_GT's Curves}``
    (:func:`family_means` of :func:`theta_realisations`)."""
    return family_means(theta_realisations(
        dataset, thetas, n_rankings, learner, n_repeats=n_repeats, n_folds=n_folds,
        sizes=sizes, seed=seed, data_seed=data_seed, n_jobs=n_jobs))


def random_rank_family(dataset: str, thetas=THETAS, n_rankings: int = 10, learner: str = "svm",
                       *, n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                       data_seed: int = 0, n_jobs=None) -> dict:
    """:func:`theta_family` under the random rank convention: ``{theta: mean Curves}`` (one
    row per realisation, :func:`random_rank_curves`) plus ``{0: R_GT's Curves}``, which is
    :func:`noisy_curves`' theta = 0 (stored once, shared by both conventions). Submitted
    realisation by realisation, like :func:`theta_family`."""
    common = dict(dataset=dataset, learner=learner, n_repeats=n_repeats, n_folds=n_folds,
                  sizes=sizes, seed=seed, data_seed=data_seed)
    gt = _grid(noisy_curves, [dict(common, theta=0.0, index=0)], n_jobs, f"R_GT {dataset}")[0]
    keys = [(float(t), i) for i in range(n_rankings) for t in thetas if t != 0]
    res = _grid(random_rank_curves, [dict(common, theta=t, index=i) for t, i in keys], n_jobs,
                f"R_theta (random rank) {dataset}")
    out = {0.0: gt}
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
    from ...evaluate import stability_curve

    orders = resample_orders(dataset, ranker, n_resamples, n_folds=n_folds, seed=seed,
                             data_seed=data_seed, n_jobs=n_jobs)
    s = resolve_sizes(sizes, orders.shape[1])
    return s, np.asarray(stability_curve(orders, s))



def cached_ranking(dataset: str, ranker: str, seed: int = 0, resample: int | None = None,
                   n_folds: int = 10, data_seed: int = 0) -> np.ndarray:
    """:func:`rank_features` through the task cache (so every learner's curves, Fig. 4 and
    notebook 04 share one computation of each ranking)."""
    task = dict(dataset=dataset, ranker=ranker, seed=seed, resample=resample, n_folds=n_folds,
                data_seed=data_seed)
    return _grid(rank_features, [task], 1, None, progress=False)[0]



def resample_orders(dataset: str, ranker: str, n_resamples: int = 10, *, n_folds: int = 10,
                    seed: int = 0, data_seed: int = 0, n_jobs=None) -> np.ndarray:
    """The ``(n_resamples, p)`` orders of ``ranker`` on the CV training sets behind its
    stability curve (:func:`stability`)."""
    tasks = [dict(dataset=dataset, ranker=ranker, seed=seed, resample=r, n_folds=n_folds,
                  data_seed=data_seed) for r in range(n_resamples)]
    return np.vstack(_grid(rank_features, tasks, n_jobs, f"stability {ranker} {dataset}"))
