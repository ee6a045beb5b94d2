"""Izetta 2017: the run of notebook 03 in the order it resumes.

:func:`per_split` returns what the notebook's figures and tables read for its first
``n_splits`` random splits (the error curves of Figs. 1-6, the orders of Tables 4-6 and of
the Artificial-1-3C check, the two readings of 3Q-SD, the OVO dilution table) and
:func:`once` the rest (the Fig. 7 timings, the two places to choose C compared, the
column-order check).

At the paper and reduced profiles these take hours. :func:`fill` computes them in blocks of
splits (splits 0-4 of every figure, then 5-9, ...), the one-off results after the first
block, so that a run stopped at any point leaves the first splits of every figure in the
store; :func:`stored_splits` finds how many, without computing anything.
"""
from __future__ import annotations

import time

import pandas as pd

from ...parallel import complete_prefix, is_stored, store_counts
from .c_choice import c_reading_table
from .column_order import column_order_runs
from .figures import ovo_dilution_table, q3_orders, run_curves, run_orders, run_timing
from .protocol import CACHE, METHODS, ZHOU
from .timing import combination_timing


#: Fig. 2: Av-SD and 3Q-SD with ties broken by the larger or the smaller SD
TIE_SPECS = ("Av-SD@max_sd", "Av-SD@min_sd", "3Q-SD@max_sd", "3Q-SD@min_sd")


def kfirst_specs(ks) -> list:
    """Fig. 1's methods: K-First at each ``k`` (a fraction of p).

    >>> kfirst_specs((0.1, 0.5))
    ['K-First@0.1', 'K-First@0.5']
    """
    return [f"K-First@{k}" for k in ks]


def dilution_dataset(settings) -> str:
    """The Artificial-1 dataset of Fig. 3 the dilution experiment uses (1-8C when there)."""
    fig3 = settings.fig3
    return "artificial1-8c" if "artificial1-8c" in fig3 else next(
        d for d in fig3 if d.startswith("artificial1"))


def per_split(settings, real, n_splits: int, *, seed: int = 0, n_jobs=None) -> dict:
    """The per-split results of notebook 03 for splits ``0..n_splits-1`` (``settings``: a
    :class:`~.profiles.Profile`; ``real``: the real datasets available): curve tables
    ``fig1``, ``fig2``, ``fig3`` (OVA and OVO), ``fig4``, ``real`` (``None`` without real
    datasets), ``kfirst_1_3c`` (K-First orders on Artificial-1-3C), ``orders`` (Tables 4-6),
    ``q3`` (3Q-SD readings per table dataset), ``dilution`` (the OVO dilution table)."""
    S = settings
    run = dict(n_splits=n_splits, sizes=S.sizes, C_grid=tuple(S.C_grid), C_at=S.C_at,
               seed=seed, n_samples=S.n_samples, n_jobs=n_jobs)
    kw = dict(seed=seed, n_samples=S.n_samples, n_jobs=n_jobs)
    return {
        "fig1": run_curves(S.fig1, kfirst_specs(S.fig1_k), **run),
        "fig2": run_curves(S.fig2, TIE_SPECS, **run),
        "fig3": pd.concat([run_curves(S.fig3, METHODS, scheme=sch, **run)
                           for sch in ("ova", "ovo")]),
        "fig4": run_curves(S.fig4, METHODS, **run),
        "real": run_curves(real, METHODS + ZHOU, **run) if real else None,
        "kfirst_1_3c": run_orders(["artificial1-3c"], ["K-First"], n_splits, **kw)[
            ("artificial1-3c", "K-First")],
        "orders": run_orders(S.tables, METHODS, n_splits, **kw),
        "q3": {d: q3_orders(d, n_splits, **kw) for d in S.tables},
        "dilution": ovo_dilution_table(dilution_dataset(S), n_splits, seed=seed,
                                       n_samples=S.n_samples),
    }


def once(settings, *, seed: int = 0, n_jobs=None) -> dict:
    """The results computed once, not per split: ``timing`` (Fig. 7, each method's whole
    ranking), ``combine`` (Fig. 7, the combination step alone), ``creading`` (C chosen at
    every size or once per split, on a few splits), ``columns`` (the column-order check, on
    the first splits of a few datasets)."""
    S, CR, CT, CC = settings, settings.creading, settings.combine_timing, settings.column_check
    return {
        "timing": run_timing(S.timing_noise, S.timing_samples, METHODS + ZHOU,
                             base_noise=S.timing_base[0], base_samples=S.timing_base[1],
                             seed=seed),
        "combine": combination_timing("artificial1-8c", CT.n_noise_grid, CT.n_samples,
                                      repeats=CT.repeats, seed=seed),
        "creading": c_reading_table(CR.dataset, CR.methods, CR.n_splits, CR.sizes,
                                    CR.C_grid, seed=seed, n_samples=S.n_samples,
                                    n_jobs=n_jobs),
        "columns": column_order_runs(CC.datasets, CC.n_splits, S.C_grid, seed=seed,
                                     n_samples=S.n_samples, n_jobs=n_jobs),
    }


def stored_splits(settings, real, *, seed: int = 0) -> int:
    """How many first splits :func:`per_split` finds wholly in the store (at most the
    profile's ``n_splits``); nothing is computed."""
    return complete_prefix(lambda m: is_stored(per_split, settings, real, m, seed=seed, n_jobs=1),
                           settings.n_splits)


def fill(settings, real, *, seed: int = 0, n_jobs=None, block: int = 5):
    """Compute every result of :func:`per_split` and :func:`once`, ``block`` splits at a
    time (:func:`once` after the first block), printing after each block how many splits
    are stored, the time spent and an estimate of the time left (from this run's blocks)."""
    n = settings.n_splits
    ends = list(range(block, n, block)) + [n]
    start, busy, worked = time.perf_counter(), 0.0, 0
    for j, end in enumerate(ends):
        t, before = time.perf_counter(), store_counts(CACHE)["computed"]
        per_split(settings, real, end, seed=seed, n_jobs=n_jobs)
        if store_counts(CACHE)["computed"] > before:
            busy += time.perf_counter() - t
            worked += end - (ends[j - 1] if j else 0)
        if j == 0:
            once(settings, seed=seed, n_jobs=n_jobs)
        left = busy / worked * (n - end) if worked else 0.0
        print(f"splits 0-{end - 1} of {n} stored; {_hours(time.perf_counter() - start)} so "
              f"far, about {_hours(left)} to go", flush=True)


def _hours(seconds: float) -> str:
    """``"1.2 h"`` or ``"35 min"``.

    >>> _hours(4320), _hours(125)
    ('1.2 h', '2 min')
    """
    return f"{seconds / 3600:.1f} h" if seconds >= 3600 else f"{seconds / 60:.0f} min"
