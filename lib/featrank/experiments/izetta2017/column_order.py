"""Izetta 2017: does the column order favour the relevant features?

Our artificial datasets put their R relevant features in columns ``0 .. R-1``, and every
combiner (and SVM-RFE's elimination) breaks a residual tie by the lower column index. A tie
between a relevant and a noise feature therefore always goes to the relevant one, which could
make our Tables 4-6 and our errors at the true number of relevant features look better than an
order-free protocol would.

The check: on the same splits, the OVO SVM-RFE lists are computed again on the training part
with its columns in a seeded random order (:func:`shuffled_orders_task`), each combiner runs
on those lists, and its order is mapped back to the original columns. Against the stored
unshuffled orders of the same splits (:func:`~featrank.experiments.izetta2017.tasks.orders_task`)
:func:`column_order_table` gives, per dataset and method, the paired differences (shuffled −
unshuffled) of the mean position of the relevant features and of the test error at the true
number of relevant features (the same SVM, C and test part for both orders).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...parallel import run_tasks
from .protocol import CACHE, METHODS, _cached, _ns
from .tasks import orders_task, shuffled_orders_task


def column_order_runs(datasets, n_splits: int, C_grid, seed: int = 0, n_samples=None,
                      n_jobs=None) -> pd.DataFrame:
    """Per (dataset, split, method): the mean position of the relevant features and the test
    error at the true number of relevant features, unshuffled and shuffled, and whether the
    two orders select the same top-R features and are identical."""
    tasks = [dict(dataset=d, split=s, C_grid=tuple(C_grid), seed=seed,
                  n_samples=_ns(d, n_samples)) for d in datasets for s in range(n_splits)]
    res = run_tasks(shuffled_orders_task, tasks, n_jobs=n_jobs, cache=CACHE,
                    desc="shuffled columns")
    rows = []
    for t, r in zip(tasks, res):
        plain = _cached(orders_task, dataset=t["dataset"], split=t["split"], methods=METHODS,
                        scheme="ovo", seed=seed, n_samples=t["n_samples"])["orders"]
        R = r["n_relevant"]
        for m in METHODS:
            a, b = np.asarray(plain[m]), np.asarray(r["orders"][m])
            pa, pb = (np.argsort(o)[:R].mean() + 1 for o in (a, b))
            rows.append({"dataset": t["dataset"], "split": t["split"], "method": m,
                         "position": float(pa), "position shuffled": float(pb),
                         "error": r["wrong_unshuffled"][m] / r["n_test"],
                         "error shuffled": r["wrong"][m] / r["n_test"],
                         "same top R": bool(set(a[:R]) == set(b[:R])),
                         "same order": bool(np.array_equal(a, b))})
    return pd.DataFrame(rows)


def column_order_table(runs: pd.DataFrame) -> pd.DataFrame:
    """Per dataset and method: mean position of the relevant features unshuffled and
    shuffled, their paired difference (shuffled − unshuffled) ± SE over splits, the same for
    the error at the true number of relevant features, and in how many splits the top-R sets
    and the whole orders coincide.

    >>> runs = pd.DataFrame({"dataset": "d", "split": [0, 1], "method": "K-First",
    ...                      "position": [3.0, 3.0], "position shuffled": [3.0, 3.5],
    ...                      "error": [0.2, 0.3], "error shuffled": [0.2, 0.3],
    ...                      "same top R": [True, False], "same order": [False, False]})
    >>> column_order_table(runs)[["position difference", "same top R"]].values.tolist()
    [[0.25, '1/2']]
    """
    rows = []
    for (d, m), g in runs.groupby(["dataset", "method"], sort=False):
        row = {"dataset": d, "method": m, "splits": len(g)}
        for what in ("position", "error"):
            diff = g[f"{what} shuffled"] - g[what]
            row[what] = g[what].mean()
            row[f"{what} shuffled"] = g[f"{what} shuffled"].mean()
            row[f"{what} difference"] = diff.mean()
            row[f"{what} se"] = diff.std(ddof=1) / np.sqrt(len(g)) if len(g) > 1 else np.nan
        row["same top R"] = f"{int(g['same top R'].sum())}/{len(g)}"
        row["same order"] = f"{int(g['same order'].sum())}/{len(g)}"
        rows.append(row)
    return pd.DataFrame(rows)
