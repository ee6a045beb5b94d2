"""Izetta 2017: where the evaluation SVM's C is chosen, compared on the same splits, and how
often each C of the grid is chosen.

The paper: "The C parameter was estimated in all cases using 5-fold cross validation of the
training set" (Sec. 3.1). Read literally, at every subset size of every curve
(``C_at="size"``, the paper profile, thousands of hours here). The reduced profile chooses
it once per split, on all features of the training part (``C_at="split"``). This module
runs both on a few splits of one dataset and measures what the reduced reading changes.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .figures import run_curves


def c_reading_table(dataset: str, methods, n_splits: int, sizes, C_grid, seed: int = 0,
                    n_samples=None, n_jobs=None) -> pd.DataFrame:
    """Per method and size: the mean test error with C chosen at every size and with C chosen
    once per split, their paired difference (per size − per split) ± its SE over splits, and
    the median C each reading chose."""
    kw = dict(n_splits=n_splits, sizes=sizes, C_grid=tuple(C_grid), seed=seed,
              n_samples=n_samples, n_jobs=n_jobs)
    runs = {at: run_curves([dataset], methods, C_at=at, **kw).set_index(["method", "size", "split"])
            for at in ("size", "split")}
    diff = (runs["size"]["error"] - runs["split"]["error"]).groupby(level=[0, 1])
    out = pd.DataFrame({
        "error, C per size": runs["size"]["error"].groupby(level=[0, 1]).mean(),
        "error, C per split": runs["split"]["error"].groupby(level=[0, 1]).mean(),
        "difference": diff.mean(),
        "se": diff.std(ddof=1) / np.sqrt(diff.count()),
        "C per size (median)": runs["size"]["C"].groupby(level=[0, 1]).median(),
        "C per split (median)": runs["split"]["C"].groupby(level=[0, 1]).median()})
    out.attrs["n_splits"] = n_splits
    return out.reset_index()


def c_reading_note(table: pd.DataFrame, z: float = 2.0) -> str:
    """One sentence: how far the two readings' mean errors lie apart, and at how many sizes
    the difference exceeds ``z`` standard errors.

    >>> t = pd.DataFrame({"difference": [0.0, -0.05, 0.01], "se": [0.01, 0.01, 0.01]})
    >>> c_reading_note(t)
    'choosing C at every size instead of once per split changes the mean error by -0.05 to +0.01 (mean |difference| 0.020); beyond 2 SE at 1 of 3 method-size points'
    """
    d, se = table["difference"], table["se"]
    beyond = int((d.abs() > z * se.fillna(np.inf)).sum())
    where = (f"beyond {z:g} SE at {beyond} of {len(d)} method-size points" if se.notna().any()
             else "no SE from a single split")
    return (f"choosing C at every size instead of once per split changes the mean error by "
            f"{d.min():+.2f} to {d.max():+.2f} (mean |difference| {d.abs().mean():.3f}); {where}")


def c_frequencies(curves: pd.DataFrame) -> pd.DataFrame:
    """How often each C was chosen: one choice per (dataset, split) when C is chosen once per
    split. One row per dataset and C: ``splits`` (count) and ``share`` (of that dataset's
    splits).

    >>> t = pd.DataFrame({"dataset": ["a", "a", "a", "b"], "split": [0, 0, 1, 0],
    ...                   "C": [0.01, 0.01, 1.0, 0.01]})
    >>> c_frequencies(t)[["dataset", "C", "splits", "share"]].values.tolist()
    [['a', 0.01, 1, 0.5], ['a', 1.0, 1, 0.5], ['b', 0.01, 1, 1.0]]
    """
    per = curves.groupby(["dataset", "split"])["C"].first().reset_index()
    out = per.groupby(["dataset", "C"]).size().rename("splits").reset_index()
    out["share"] = out["splits"] / out.groupby("dataset")["splits"].transform("sum")
    return out
