"""Notebook 06: are the aggregators robust to redundant features?

Copies of a feature are *clones* in voting terms: every base ranker that scores a feature by
itself places its copies next to it. Social choice asks of a voting rule that adding clones
of a candidate does not change the order of the others (independence of clones, Tideman
1987; Schulze's method has it, Borda's and Kemeny's do not). Here Quevedo et al.'s (2007)
generator draws a problem twice from the same seed, without and with ``k`` scaled copies of
each relevant feature (the copies replace irrelevant features; no noise, no shuffling, so
every other column is the same), the six base rankers of Prati 2012 rank both, and each
aggregator's consensus is compared on the features the two problems share: the Kendall
distance between the two consensus orders (share of discordant pairs) and how far the
relevant features move down.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...datasets import quevedo2007 as Q
from .data import AGGREGATE_BASE, AGGREGATES, aggregate_orders, base_rankings

#: the problem: Quevedo's quadratic space at the benchmark's size (m = n = 100, r = 5)
PROBLEM = dict(m=100, n=100, r=5, d=2)


def problem(copies: int, seed: int, **params):
    """Quevedo's polynomial problem with ``copies`` copies of each relevant feature (the
    relevant features are columns ``0..r-1``; the copies columns ``r..r(1+copies)-1``)."""
    kw = {**PROBLEM, **params}
    return Q.make_polynomial_problem(**kw, eta=copies, sigma=0.0, random_state=seed,
                                     shuffle=False)


def restricted_positions(order, keep) -> np.ndarray:
    """Positions (0 = best) of the features ``keep`` in ``order`` read on ``keep`` alone.

    >>> restricted_positions([3, 0, 2, 1], [0, 1, 3]).tolist()
    [1, 2, 0]
    """
    keep = np.asarray(keep)
    sub = [f for f in order if f in set(keep.tolist())]
    pos = {f: i for i, f in enumerate(sub)}
    return np.array([pos[f] for f in keep])


def kendall_distance(pos_a, pos_b) -> float:
    """Share of the pairs two position vectors (no ties) order differently.

    >>> kendall_distance([0, 1, 2], [2, 1, 0]), kendall_distance([0, 1, 2], [0, 2, 1])
    (1.0, 0.3333333333333333)
    """
    a, b = np.asarray(pos_a), np.asarray(pos_b)
    i, j = np.triu_indices(a.size, 1)
    return float(np.mean(np.sign(a[i] - a[j]) != np.sign(b[i] - b[j])))


def _consensus(X, y, seed):
    orders, scores = base_rankings(X, y, seed=seed)
    out = {name: aggregate_orders(name, orders, scores, seed=seed) for name in AGGREGATES}
    out.update({f"base {b}": o for b, o in zip(AGGREGATE_BASE, orders)})
    return out


def redundancy_effect(copies=(1, 3), n_seeds: int = 10, **params) -> pd.DataFrame:
    """Per seed, number of copies and aggregator (and base ranker, ``base <name>``): the
    Kendall distance between its consensus without and with the copies, on the shared
    features, and ``relevant_drop``, how many places the relevant features' mean position
    falls (positive = pushed down by the copies)."""
    kw = {**PROBLEM, **params}
    r, kmax = kw["r"], max(copies)
    keep = np.r_[np.arange(r), np.arange(r * (1 + kmax), kw["m"])]
    rows = []
    for seed in range(n_seeds):
        ds0 = problem(0, seed, **params)
        ref = {a: restricted_positions(o, keep) for a, o in _consensus(ds0.X, ds0.y, seed).items()}
        for k in copies:
            ds = problem(k, seed, **params)
            for a, o in _consensus(ds.X, ds.y, seed).items():
                pos = restricted_positions(o, keep)
                rows.append({"seed": seed, "copies": k, "aggregator": a,
                             "kendall": kendall_distance(ref[a], pos),
                             "relevant_drop": float(pos[:r].mean() - ref[a][:r].mean())})
    return pd.DataFrame(rows)


def redundancy_summary(effects: pd.DataFrame) -> pd.DataFrame:
    """Mean and standard error over the seeds of :func:`redundancy_effect`, per number of
    copies and aggregator (and base ranker)."""
    g = effects.groupby(["copies", "aggregator"], sort=False)
    out = g[["kendall", "relevant_drop"]].mean()
    se = g[["kendall", "relevant_drop"]].sem()
    out["kendall_se"], out["relevant_drop_se"] = se["kendall"], se["relevant_drop"]
    out["seeds"] = g.size()
    return out.reset_index()[["copies", "aggregator", "kendall", "kendall_se",
                              "relevant_drop", "relevant_drop_se", "seeds"]]
