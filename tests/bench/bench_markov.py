"""Dwork et al.'s MC1-MC3 and MCT (``featrank.aggregate.markov_stationary``) on m = 28 lists:
ours (a per-list suffix sum per power step, O(m p)) against the plain chain (the dense
``p x p`` transition matrix built from the definitions, one list at a time, and the same power
iteration) at p = 2,000, where the plain chain takes seconds and the same order is asserted;
and ours alone at p = 12,625 (a dense matrix would be 1.3 GB), with its peak memory. MC4 is
timed in :mod:`bench_aggregate`."""
from __future__ import annotations

import numpy as np

from bench_aggregate import M, _cpu, _order, _time, profile

CHAINS = ("mc1", "mc2", "mc3", "mct")


def dense_transition(pos, chain):
    """``T[x, y]`` of the chain, from the definitions, as one dense float64 matrix."""
    m, p = pos.shape
    T = np.zeros((p, p))
    for row in pos:
        upto = row[None, :] <= row[:, None]          # [x, y]: y at or above x
        if chain == "mc1":
            T += upto
        elif chain == "mc2":
            T += upto / upto.sum(axis=1, keepdims=True) / m
        elif chain == "mc3":
            T += (row[None, :] < row[:, None]) / (m * p)
        else:                                        # mct: a tie counts one half
            T += ((row[None, :] < row[:, None]) + 0.5 * (row[None, :] == row[:, None])) / (m * p)
    if chain == "mc1":
        T /= T.sum(axis=1, keepdims=True)
    elif chain in ("mc3", "mct"):
        np.fill_diagonal(T, 0.0)
        T[np.diag_indices(p)] = 1.0 - T.sum(axis=1)
    return T


def dense_stationary(orders, chain, alpha=0.1, tol=1e-13, max_iter=100_000):
    from featrank.aggregate._profile import positions

    T = dense_transition(positions(orders), chain)
    p = T.shape[0]
    pi = np.full(p, 1.0 / p)
    for _ in range(max_iter):
        new = (1.0 - alpha) * (pi @ T) + alpha / p
        new /= new.sum()
        done = np.abs(new - pi).sum() < tol
        pi = new
        if done:
            break
    return pi


def run():
    from _timing import peak_mb
    from featrank.aggregate import markov_stationary

    rows = []
    small = profile(2000)
    for chain in CHAINS:
        t_ours, c_ours, a = _cpu(markov_stationary, small, chain=chain)
        t_plain, b = _time(dense_stationary, small, chain)
        assert np.array_equal(_order(a), _order(b)), f"{chain}: the dense chain differs"
        rows.append(dict(item=f"{chain} p=2000 m={M}", ours_s=t_ours, plain_s=t_plain,
                         ratio=t_plain / t_ours,
                         note=f"ours CPU {c_ours:.2f}s; same order as the dense p x p chain "
                              f"(max relative score difference "
                              f"{np.abs(a - b).max() / b.max():.1e})"))
    large = profile(12625)
    for chain in CHAINS:
        t_ours, c_ours, _ = _cpu(markov_stationary, large, chain=chain)
        rows.append(dict(item=f"{chain} p=12625 m={M}", ours_s=t_ours, plain_s=np.nan,
                         ratio=np.nan,
                         ours_mb=peak_mb(lambda: markov_stationary(large, chain=chain)),
                         note=f"ours CPU {c_ours:.2f}s; no dense chain (1.3 GB at this p)"))
    return rows
