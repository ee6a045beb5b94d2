"""Prati (2012): the grids of stored tasks the notebook runs, resumable (every task is cached
in the result store as it finishes): the protocol's folds (:func:`run_grid`) and the
tie-break investigation's (:func:`tie_break_grid`)."""
from __future__ import annotations

from .protocol import LEARNERS, NOTEBOOK, fold_splits
from .tasks import run_fold, tie_break_fold


def _folds(dataset, n_folds, seed) -> int:
    from ...datasets import load

    return len(fold_splits(load(dataset).y, n_folds, seed))


def run_grid(datasets, *, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=(), n_jobs=None, cache=NOTEBOOK):
    """Every (dataset, fold) task through :func:`featrank.parallel.run_tasks` (cached)."""
    from ...parallel import run_tasks

    tasks = [dict(dataset=d, fold=f, n_folds=n_folds, seed=seed, learners=tuple(learners),
                  schedule=schedule, extras=tuple(extras))
             for d in datasets for f in range(_folds(d, n_folds, seed))]
    return run_tasks(run_fold, tasks, n_jobs=n_jobs, cache=cache, desc="Prati 2012 folds")


def tie_break_grid(datasets, *, n_folds=10, seed=0, tie_seed=0, n_jobs=None,
                   cache=NOTEBOOK):
    """Every (dataset, fold) of :func:`tie_break_fold` (cached)."""
    from ...parallel import run_tasks

    tasks = [dict(dataset=d, fold=f, n_folds=n_folds, seed=seed, tie_seed=tie_seed)
             for d in datasets for f in range(_folds(d, n_folds, seed))]
    return run_tasks(tie_break_fold, tasks, n_jobs=n_jobs, cache=cache,
                     desc="Prati 2012 random tie-breaks")
