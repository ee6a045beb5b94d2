"""Izetta 2017, Fig. 7: the combination step timed alone on stored lists, and the scaling
exponent of a timing curve."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...parallel import run_tasks
from .protocol import CACHE, METHODS
from .tasks import combine_timing_task


def combination_timing(dataset: str, n_noise_grid, n_samples: int, methods=METHODS,
                       repeats: int = 5, seed: int = 0, floyd_warshall_max: int = 1100
                       ) -> pd.DataFrame:
    """Fig. 7(a) on the combination step alone: seconds to combine one split's OVO lists
    with each method, for each number of noise features. The SVM-RFE lists are computed
    once and stored, and not timed; the timings are stored too (one task per grid point,
    run one at a time so they do not share cores).

    Besides the library's combiners (whose Schulze finds strongest paths level by level), the
    textbook Schulze the paper describes -- the Floyd-Warshall variant,
    :func:`featrank.aggregate.schulze_method.strongest_paths` -- is timed as ``"Schulze
    (Floyd-Warshall)"`` up to ``floyd_warshall_max`` features.

    Returns
    -------
    DataFrame
        ``n_features, method, seconds`` (mean over ``repeats``), ``se`` (over repeats),
        ``lists`` (M).
    """
    tasks = [dict(dataset=dataset, n_noise=int(k), n_samples=int(n_samples),
                  methods=tuple(methods), repeats=int(repeats), seed=seed,
                  floyd_warshall_max=int(floyd_warshall_max)) for k in n_noise_grid]
    res = run_tasks(combine_timing_task, tasks, n_jobs=1, cache=CACHE, desc="combination timing")
    return pd.DataFrame([r for rows in res for r in rows])


def loglog_slope(x, y) -> tuple:
    """Least-squares slope of ``log y`` on ``log x`` and its standard error (the exponent of
    a power law ``y ∝ x^b``).

    >>> b, se = loglog_slope([10, 100, 1000], [2, 200, 20000])
    >>> round(b, 6), round(se, 6)
    (2.0, 0.0)
    """
    lx, ly = np.log(np.asarray(x, float)), np.log(np.asarray(y, float))
    if lx.size < 2 or np.ptp(lx) == 0:
        raise ValueError("a slope needs at least two different x values")
    b, a = np.polyfit(lx, ly, 1)
    if lx.size < 3:
        return float(b), np.nan
    resid = ly - (a + b * lx)
    se = np.sqrt(resid @ resid / (lx.size - 2) / np.sum((lx - lx.mean()) ** 2))
    return float(b), float(se)


