"""Notebook 06's run order: the tasks of the grid and running them (resumable: every
finished task is stored, a stopped run continues from the store).
"""
from __future__ import annotations

import pandas as pd

from ...parallel import is_stored, run_tasks
from .data import LEARNERS, NOTEBOOK, applies, dataset_shape
from .tasks import random_task, ranker_task


def grid_tasks(datasets, ranker_names, *, learners=LEARNERS, n_folds: int = 5,
               n_sizes: int = 12, n_random: int = 10, n_samples=None, seed: int = 0,
               cv_seed: int | None = None, shapes: dict | None = None) -> dict:
    """The tasks of the grid: ``{"rankers": [...], "random": [...]}``. ``shapes``
    (dataset -> :func:`dataset_shape`) leaves out the rankers that do not apply;
    ``cv_seed`` (given only for the test–retest run) other CV splits of the same data.

    >>> tasks = grid_tasks(["slavkov-single"], ["IG"], learners=("knn",), n_folds=3,
    ...                    n_sizes=4, n_random=2, seed=0)
    >>> sorted(tasks), tasks["rankers"][0]["ranker"], "cv_seed" in tasks["rankers"][0]
    (['random', 'rankers'], 'IG', False)
    """
    common = dict(n_folds=n_folds, n_sizes=n_sizes, seed=seed)
    if cv_seed is not None:
        common["cv_seed"] = cv_seed
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


def stored_datasets(datasets, ranker_names, *, retest_cv_seed: int | None = None,
                    **params) -> list:
    """The ``datasets`` whose every task of :func:`run_grid` (with ``params``), and of its
    test-retest run with ``retest_cv_seed``, is in the store; nothing runs. What ``make``
    renders of a paper profile stored only in part (``make paper NB=06`` fills the rest).

    >>> stored_datasets(["slavkov-single"], ["IG"], n_folds=3, n_sizes=4, n_random=2,
    ...                 n_samples=60, seed=12345, cache="an-empty-store")
    []
    """
    runs = [{}] if retest_cv_seed is None else [{}, {"cv_seed": retest_cv_seed}]
    return [d for d in datasets
            if all(is_stored(run_grid, [d], ranker_names, n_jobs=1, **params, **run)
                   for run in runs)]
