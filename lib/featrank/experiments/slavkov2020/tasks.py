"""The stored tasks of Slavkov 2020 (notebook 05; notebook 04 reuses them).

Each is a module-level function of small keyword arguments that loads its data itself, so
:func:`featrank.parallel.run_tasks` stores it under its declared name (namespace
:data:`~.protocol.CACHE`, shared by notebooks 04 and 05) and results depend neither on
``n_jobs`` nor on the backend.
"""
from __future__ import annotations

import numpy as np

from ...evaluate import random_orders
from ...parallel import run_tasks, task_seed
from ...store import task
from .measures import split_means
from .protocol import (CACHE, RANKINGS, curves_of_order, cv_splitter, load_dataset,
                       make_ranker, noisy_order, tie_broken_gt_order)
from .table3 import random_rank_order


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
        order = run_tasks(rank_features, [dict(dataset=dataset, ranker=ranker, seed=seed,
                                                resample=None, n_folds=10,
                                                data_seed=data_seed)],
                          n_jobs=1, cache=CACHE, progress=False)[0]
    ds = load_dataset(dataset, data_seed)
    return curves_of_order(ds, order, learner, n_repeats=n_repeats, n_folds=n_folds,
                           sizes=sizes, seed=seed)



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


@task("slavkov2020.gt_tie_curves", version="1")
def gt_tie_curves(dataset: str, index: int, learner: str = "svm", n_repeats: int = 10,
                  n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0):
    """Task: FFA/RFA curves of R_GT with its ties broken at random (:func:`~.protocol.
    tie_broken_gt_order` ``index``), as their mean over the CV splits: how much R_GT's own
    curves owe to breaking its ties by feature index."""
    ds = load_dataset(dataset, data_seed)
    order = tie_broken_gt_order(dataset, index, seed, data_seed)
    return split_means(curves_of_order(ds, order, learner, n_repeats=n_repeats,
                                       n_folds=n_folds, sizes=sizes, seed=seed))


@task("slavkov2020.random_rank_curves", version="1")
def random_rank_curves(dataset: str, theta: float, index: int = 0, learner: str = "svm",
                       n_repeats: int = 10, n_folds: int = 10, sizes="paper", seed: int = 0,
                       data_seed: int = 0):
    """Task: FFA/RFA curves of realisation ``index`` of R_theta under the random rank
    convention (:func:`~.table3.random_rank_order`), as their mean over the CV splits, like
    :func:`noisy_curves`. ``theta > 0`` only: R_GT (theta = 0) is the same under both
    conventions and is :func:`noisy_curves`' theta = 0."""
    if not 0 < float(theta) <= 1:
        raise ValueError(f"theta must lie in (0, 1] (theta = 0 is noisy_curves'), got {theta}")
    ds = load_dataset(dataset, data_seed)
    order = random_rank_order(dataset, theta, index, seed, data_seed)
    return split_means(curves_of_order(ds, order, learner, n_repeats=n_repeats,
                                       n_folds=n_folds, sizes=sizes, seed=seed))


# version 3: its mean over the CV splits only (2: nominal attributes one-hot)
@task("slavkov2020.random_curve", version="3")
def random_curve(dataset: str, index: int, learner: str = "svm", n_repeats: int = 10,
                 n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0):
    """Task: FFA and RFA curves of uniformly random order ``index`` (one term of the expected
    curve), as their mean over the CV splits (:func:`split_means`). The order is
    :func:`featrank.evaluate.random_orders`'s order ``index`` of ``(seed, key=dataset)``: the
    library's :func:`~featrank.evaluate.expected_curve` with that seed, key and this CV
    (:func:`~.protocol.cv_splitter`) gives the same per-order curves."""
    ds = load_dataset(dataset, data_seed)
    order = random_orders(ds.n_features, 1, seed, key=dataset, start=index)[0]
    return split_means(curves_of_order(ds, order, learner, n_repeats=n_repeats,
                                       n_folds=n_folds, sizes=sizes, seed=seed))

