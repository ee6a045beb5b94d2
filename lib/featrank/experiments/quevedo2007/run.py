"""The grids notebook 01 runs: every ranker on every data set of every point, through
:func:`featrank.parallel.run_tasks` (stored under ``01_quevedo2007_spe_ranker``, resumable)."""
from __future__ import annotations

import pandas as pd

from ...parallel import run_tasks
from .grids import (C_GRID, NOTEBOOK, RANKERS, block_summary, expand_grid, point_medians,
                    ranker_specs)
from .tasks import anticorrelated_task, ranking_task


def run_grid(problem: str, points: list[dict], reps: int, *, rankers=RANKERS, c_grid=C_GRID,
             degree_of=None, seed: int = 0, n_jobs=None, standardize: bool = False,
             k: int = 30, desc: str | None = None) -> pd.DataFrame:
    """Run every ranker on ``reps`` data sets of every point; one row per (point, rep, ranker,
    C) with ``auc_fr`` and ``time_s``. ``degree_of(point)`` gives the rankers' degree
    (default: the point's ``d``)."""
    degree_of = degree_of or (lambda p: p["d"])
    tasks = []
    for point in points:
        for rep in range(reps):
            for spec in ranker_specs(rankers, c_grid):
                tasks.append(dict(problem=problem, rep=rep, seed=seed, degree=degree_of(point),
                                  standardize=standardize, k=k, **spec, **point))
    out = run_tasks(ranking_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK, desc=desc)
    return pd.DataFrame([{**t, **o} for t, o in zip(tasks, out)])


#: the columns that name a point of the problem space
POINT = ["m", "n", "r", "d", "eta", "sigma"]


def run_sweep(name: str, settings, x: str, *, rankers=RANKERS, seed: int = 0, n_jobs=None):
    """One of Figs. 2-7's sweeps (``name``: ``"redundancy"``, ``"irrelevant"``, ``"degree"``;
    the grid is ``settings.<name>``) over the polynomial problems: ``(runs, medians,
    summary)``, the rows of :func:`run_grid`, the median per point and ranker, and their mean
    per value of ``x``."""
    runs = run_grid("poly", expand_grid(getattr(settings, name)), settings.reps, rankers=rankers,
                    c_grid=settings.c_grid, seed=seed, n_jobs=n_jobs, desc=name)
    medians = point_medians(runs, POINT)
    return runs, medians, block_summary(medians, x)


def run_anticorrelated(sigmas, ratios, n_sets: int, *, seed: int = 0, n_jobs=None):
    """Figs. 10-11 grid: one row per (sigma, d/sigma)."""
    tasks = [dict(sigma=float(s), ratio=float(r), n_sets=int(n_sets), seed=seed)
             for s in sigmas for r in ratios]
    out = run_tasks(anticorrelated_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK,
                    desc="anti-correlated")
    return pd.DataFrame([{**t, **o} for t, o in zip(tasks, out)])


def run_k_grid(points: list[dict], reps: int, ks, *, seed: int = 0, n_jobs=None) -> pd.DataFrame:
    """Fig. 1: Relief_k and GSRelief_k on a sample of the problem space for every ``k``."""
    frames = [run_grid("poly", points, reps, rankers=("Relief_k", "GSRelief_k"), k=int(k),
                       seed=seed, n_jobs=n_jobs, desc=f"k={k}") for k in ks]
    return pd.concat(frames, ignore_index=True)


