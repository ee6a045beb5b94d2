"""Izetta 2017: tables of the curves and orders the tasks return (mean curves, rank
statistics of feature groups, win counts)."""
from __future__ import annotations

import numpy as np
import pandas as pd


def summarize_curves(df: pd.DataFrame) -> pd.DataFrame:
    """Mean and SD of the test error over splits, per dataset, scheme, method and size."""
    g = df.groupby(["dataset", "scheme", "method", "size"], sort=False)["error"]
    out = g.agg(mean="mean", sd="std", n="count").reset_index()
    out["sd"] = out["sd"].fillna(0.0)
    return out


# ----------------------------------------------------------------------------- tables
def rank_stats(orders: np.ndarray, features) -> dict:
    """Best, Q1, Mean, Q3, Worst of the positions (1 = best) of ``features`` in every order
    (pooled over splits), as Tables 4-6 of Izetta 2017 report them."""
    orders = np.atleast_2d(orders)
    pos = np.argsort(orders, axis=1) + 1
    v = pos[:, np.asarray(features)].ravel()
    return {"Best": v.min(), "1st Q.": np.percentile(v, 25), "Mean": v.mean(),
            "3rd Q.": np.percentile(v, 75), "Worst": v.max()}


def rank_table(orders_by_method: dict, groups: dict) -> pd.DataFrame:
    """Rows (group, statistic), one column per method: ``rank_stats`` of each feature group."""
    rows = []
    for g, feats in groups.items():
        stats = {m: rank_stats(o, feats) for m, o in orders_by_method.items()}
        for s in ("Best", "1st Q.", "Mean", "3rd Q.", "Worst"):
            rows.append({"group": g, "statistic": s, **{m: stats[m][s] for m in stats}})
    return pd.DataFrame(rows)


def win_counts(df: pd.DataFrame, sizes=(10, 20)) -> pd.DataFrame:
    """Table 8 of Izetta 2017: for each number of selected features, the proportion of runs
    (dataset × split) in which method A has a smaller test error than method B; a method's
    score is the number of other methods it excels (proportion of A < B larger than of
    B < A). Returns one row per size, one column per method."""
    out = []
    for s in sizes:
        w = df[df["size"] == s].pivot_table(index=["dataset", "split"], columns="method",
                                            values="error")
        ms = list(w.columns)
        score = {m: sum(np.mean(w[m] < w[o]) > np.mean(w[o] < w[m]) for o in ms if o != m)
                 for m in ms}
        out.append({"features": s, **score})
    return pd.DataFrame(out)


def pairwise_win_matrix(df: pd.DataFrame, size: int) -> pd.DataFrame:
    """Proportion of runs in which the row method has a smaller error than the column one."""
    w = df[df["size"] == size].pivot_table(index=["dataset", "split"], columns="method",
                                           values="error")
    return pd.DataFrame({o: {m: float(np.mean(w[m] < w[o])) for m in w.columns} for o in w.columns})


