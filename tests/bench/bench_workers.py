"""How a task grid's wall time falls with worker processes, and what the papers' protocols
would take on a cluster.

A real grid of notebook 01 (Quevedo 2007: RM, the SVM-based recursive elimination, on 48
data sets of the redundancy block) runs through :func:`featrank.parallel.run_tasks` with
nothing stored, once in one process and once with two loky worker processes; the results must
be identical. Both are timed after a warm-up run (imports, numba, the worker pool); ``ratio``
is the speed-up (1 worker / 2 workers; 2.0 is perfect on 2 cores).
The cluster row divides the CPU hours of the ``all five notebooks, make paper (estimate)`` row
of ``bench.csv`` (measured task costs, :mod:`bench_paper_estimates`) by 64 cores: the grids are
independent tasks, so a 64-core Dask cluster approaches that bound when every notebook's grid
has far more tasks than cores (notebook 03's largest grid has 5.9 M curve points in 2,800
tasks; its longest task bounds the wall time from below).
"""
from __future__ import annotations

import time

import numpy as np
import pandas as pd


def _grid():
    from featrank.experiments import quevedo2007 as q

    points = q.expand_grid(dict(m=[250], n=[100], r=[5, 10], d=[1, 2], eta=[0, 1, 2],
                                sigma=[0.05]))
    return [dict(problem="poly", rep=rep, seed=0, degree=p["d"], standardize=False, k=30,
                 ranker="RM", C=1.0, **p) for p in points for rep in range(4)]


def _wall(n_jobs):
    from featrank.experiments.quevedo2007 import ranking_task
    from featrank.parallel import run_tasks

    tasks = _grid()
    t = time.perf_counter()
    out = run_tasks(ranking_task, tasks, n_jobs=n_jobs, cache=None, progress=False)
    return time.perf_counter() - t, [o["auc_fr"] for o in out], len(tasks)


def _cluster_row(cores=64):
    from featrank.config import project_root

    path = project_root() / "data/results/bench.csv"
    if not path.exists():
        return []
    est = pd.read_csv(path)
    est = est[est["item"] == "all five notebooks, make paper (estimate)"]
    if est.empty or not np.isfinite(est["ours_s"].iloc[0]):
        return []
    cpu_h = 2 * est["ours_s"].iloc[0] / 3600        # the row is wall time on 2 cores
    return [{"item": f"all paper profiles on a {cores}-core cluster (estimate)",
             "ours_s": cpu_h * 3600 / cores, "plain_s": cpu_h * 3600 / 2,
             "ratio": cores / 2,
             "note": f"{cpu_h:,.0f} CPU h in the estimate rows, divided by {cores} cores "
                     "(plain: the same on this machine's 2 cores); perfect parallelism assumed"}]


def run():
    _wall(1)                                        # warm up imports and numba
    _wall(2)                                        # and the worker pool (loky reuses it)
    t1, a, n = _wall(1)
    t2, b, _ = _wall(2)
    assert np.array_equal(a, b), "the grid's results depend on the number of workers"
    return [{"item": f"grid of {n} RM rankings, 1 -> 2 worker processes", "ours_s": t2,
             "plain_s": t1, "ratio": t1 / t2,
             "note": "ours: 2 loky workers, plain: 1 process; identical AUC-FR values; "
                     "ratio = speed-up (2.0 perfect)"}] + _cluster_row()
