"""Izetta 2017: the stored tasks behind each figure and table, gathered through the result
store (:func:`run_curves`, :func:`run_orders`, :func:`run_timing`, :func:`q3_orders`,
:func:`ovo_dilution_table`), the rankings they share computed first."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...parallel import run_tasks, stored_tasks
from ...stats import mean_se
from .protocol import CACHE, METHODS, RANKINGS, ZHOU, _ns, _ranking
from .q3sd import Q3_VARIANTS
from .tasks import (curve_task, dilution_task, lists_task, orders_task, q3_task,
                    split_C_task, timing_task, zhou_task)

def _prefetch(base, methods, scheme, n_jobs):
    """The rankings the tasks of ``base`` (dicts of dataset, split, seed, n_samples) need:
    one SVM-RFE list set per split if a combiner is among ``methods``, one Zhou order per
    Zhou method."""
    pre = [dict(t, scheme=scheme) for t in base if any(m.split("@")[0] in METHODS for m in methods)]
    run_tasks(lists_task, pre, n_jobs=n_jobs, cache=RANKINGS, desc="SVM-RFE lists")
    zh = [dict(t, method=m) for t in base for m in methods if m in ZHOU]
    run_tasks(zhou_task, zh, n_jobs=n_jobs, cache=RANKINGS, desc="Zhou MSVM-RFE")


def _missing(func, tasks, base):
    """The entries of ``base`` whose task of ``tasks`` is not stored yet."""
    return [b for b, ok in zip(base, stored_tasks(func, tasks, CACHE)) if not ok]


def run_curves(datasets, methods, n_splits, scheme="ovo", sizes="coarse:12", C_grid=(0.1,),
               seed=0, n_samples=None, n_jobs=None, C_at="size") -> pd.DataFrame:
    """Every (dataset, split) curve task; the rankings of the missing ones first, so each is
    computed once. Returns a long table ``dataset, scheme, split, method, size, error, C,
    chance``; ``df.attrs["tops"][(dataset, scheme, method)]`` stacks the splits' first
    ``max(20, n_relevant)`` features, ``df.attrs["digests"][...]`` their orders' digests."""
    methods = tuple(methods)
    base = [dict(dataset=d, split=s, seed=seed, n_samples=_ns(d, n_samples))
            for d in datasets for s in range(n_splits)]
    cv_at = {} if C_at == "size" else {"C_at": C_at}       # the paper's tasks keep their keys
    tasks = [dict(t, methods=methods, scheme=scheme, sizes=sizes, C_grid=tuple(C_grid), **cv_at)
             for t in base]
    missing = _missing(curve_task, tasks, base)
    _prefetch(missing, methods, scheme, n_jobs)
    if cv_at and len(C_grid) > 1:
        run_tasks(split_C_task, [dict(t, C_grid=tuple(C_grid)) for t in missing], n_jobs=n_jobs,
                  cache=CACHE, desc="C by CV, once per split")
    res = run_tasks(curve_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="error curves")
    rows, tops, digests = [], {}, {}
    for t, r in zip(tasks, res):
        for m in methods:
            key = (t["dataset"], scheme, m)
            tops.setdefault(key, []).append(r["top"][m])
            digests.setdefault(key, []).append(r["digest"][m])
            for s, w, C in zip(r["sizes"], r["wrong"][m], r["C"][m]):
                rows.append((t["dataset"], scheme, t["split"], m, int(s), w / r["n_test"], C,
                             r["chance"]))
    df = pd.DataFrame(rows, columns=["dataset", "scheme", "split", "method", "size", "error",
                                     "C", "chance"])
    df.attrs["tops"] = {k: np.vstack(v) for k, v in tops.items()}
    df.attrs["digests"] = digests
    return df


def run_orders(datasets, methods, n_splits, scheme="ovo", seed=0, n_samples=None, n_jobs=None):
    """Orders only (no curves): ``{(dataset, method): (n_splits, p) array}`` (Tables 4-6)."""
    methods = tuple(methods)
    base = [dict(dataset=d, split=s, seed=seed, n_samples=_ns(d, n_samples))
            for d in datasets for s in range(n_splits)]
    tasks = [dict(t, methods=methods, scheme=scheme) for t in base]
    _prefetch(_missing(orders_task, tasks, base), methods, scheme, n_jobs)
    res = run_tasks(orders_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="orders")
    return {(d, m): np.vstack([r["orders"][m] for t, r in zip(tasks, res) if t["dataset"] == d])
            for d in datasets for m in methods}


def run_timing(n_noise_grid, n_samples_grid, methods, base_noise=500, base_samples=3000,
               seed=0, n_jobs=1) -> pd.DataFrame:
    """Fig. 7: running time against the number of features (at ``base_samples``) and of
    samples (at ``base_noise``). Sequential by default so timings do not share cores."""
    tasks = ([dict(n_noise=k, n_samples=base_samples, method=m, seed=seed)
              for k in n_noise_grid for m in methods] +
             [dict(n_noise=base_noise, n_samples=n, method=m, seed=seed)
              for n in n_samples_grid for m in methods])
    secs = run_tasks(timing_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="timing")
    df = pd.DataFrame(tasks)
    df["seconds"] = secs
    df["n_features"] = df["n_noise"] + 15
    df["axis"] = ["features"] * (len(n_noise_grid) * len(methods)) + \
                 ["samples"] * (len(n_samples_grid) * len(methods))
    return df


def stored_lists(dataset: str, n_splits: int, scheme: str = "ovo", seed: int = 0,
                 n_samples=None) -> list:
    """The per-problem SVM-RFE lists ``(M, p)`` of each split, from the rankings' (scratch)
    store, computed and stored if absent, with the same keys the notebook's runs use."""
    return [_ranking(lists_task, dataset=dataset, split=s, seed=seed,
                     n_samples=_ns(dataset, n_samples), scheme=scheme)["orders"]
            for s in range(n_splits)]


def q3_orders(dataset: str, n_splits: int, seed: int = 0, n_samples=None, n_jobs=None) -> dict:
    """``{variant: [order of split 0, split 1, ...]}`` of :data:`Q3_VARIANTS` (stored)."""
    tasks = [dict(dataset=dataset, split=s, seed=seed, n_samples=_ns(dataset, n_samples))
             for s in range(n_splits)]
    res = run_tasks(q3_task, tasks, n_jobs=n_jobs, cache=CACHE, desc="3Q-SD variants")
    return {v: [r["orders"][v] for r in res] for v in Q3_VARIANTS}


def ovo_dilution_table(dataset: str, n_splits: int, seed: int = 0, n_samples=None,
                       k: float = 0.1, methods=METHODS) -> pd.DataFrame:
    """The Fig. 3 experiment on an Artificial-1 dataset: per scheme (OVA, OVO), how many lists
    a class's features are relevant in (in the top ``k·p``), how many lists put a noise
    feature there, and the mean position of the relevant features after each combiner
    (mean ± SE over splits).

    Returns
    -------
    DataFrame
        One row per scheme: ``M`` (lists), ``own lists`` (lists involving a given class),
        ``own share`` (own lists / M), ``class feature on top: own lists`` and ``: other
        lists`` (share of a class's features in the top k), ``lists with a class feature on
        top`` (mean count), ``lists with a noise feature on top`` (mean count), the
        signal-to-noise ratio of the two, and per method the mean position of the relevant
        features (``<method>`` and ``<method> se``).
    """
    if not dataset.startswith("artificial1-"):
        raise ValueError(f"the dilution experiment needs an Artificial-1 dataset, got {dataset!r}")
    rows = []
    for scheme in ("ova", "ovo"):
        tasks = [dict(dataset=dataset, split=s, scheme=scheme, k=k, methods=tuple(methods),
                      seed=seed, n_samples=_ns(dataset, n_samples)) for s in range(n_splits)]
        res = run_tasks(dilution_task, tasks, cache=CACHE, desc=f"{scheme.upper()} dilution")
        pos = {m: [r["positions"][m] for r in res] for m in methods}
        t_all = pd.concat([r["relevance"] for r in res])
        noise = float(np.mean([r["noise_on_top"] for r in res]))
        M = int(t_all["lists"].iloc[0])
        row = {"scheme": scheme.upper(), "M": M, "own lists": float(t_all["own"].mean()),
               "own share": float(t_all["own"].mean()) / M,
               "class feature on top: own lists": float(t_all["in_top_own"].mean()),
               "class feature on top: other lists": float(t_all["in_top_other"].mean()),
               "lists with a class feature on top": float(t_all["lists_with_feature_on_top"].mean()),
               "lists with a noise feature on top": noise}
        row["signal/noise"] = row["lists with a class feature on top"] / noise if noise else np.inf
        for m in methods:
            row[m], row[f"{m} se"] = mean_se(pos[m])
        rows.append(row)
    return pd.DataFrame(rows)
