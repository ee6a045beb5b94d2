"""Rank aggregation at microarray scale: Borda, sequential Condorcet,
Copeland and Schulze on m = 28 lists (the OVO lists of an 8-class problem) of p = 100,
1,000 and 12,625 features; ours against the plain references of tests/_aggregate_reference.py
(cubic Floyd-Warshall for Schulze, victories recounted at every step for Condorcet) where they
finish in about 30 s (else their time is extrapolated), and against pref_voting (Schulze = its beat_path, Copeland, Borda) at
p = 100. Same results are asserted wherever both run. At p = 12,625 each row also gives the
peak memory of ours (``ours_mb``, tracemalloc). MC4 (Dwork) and Prati's MC4 are timed against
their dense p x p chains (``plain_mb``: the memory they need)."""
from __future__ import annotations

import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tests/ for the references

M = 28


def profile(p, m=M, seed=0):
    """m correlated lists: 5 % relevant features with list-specific strength, plus noise."""
    rng = np.random.default_rng(seed)
    sig = np.zeros(p)
    k = max(2, p // 20)
    sig[:k] = rng.uniform(0.5, 3, k)
    return np.array([np.argsort(-(sig * rng.uniform(0, 1.5, p) + rng.normal(size=p)),
                                kind="stable") for _ in range(m)])


def _time(f, *a, **kw):
    t = time.perf_counter()
    out = f(*a, **kw)
    return time.perf_counter() - t, out


def _cpu(f, *a, **kw):
    """Wall and CPU seconds (the CPU time shows the cost when other jobs share the cores)."""
    t, c = time.perf_counter(), time.process_time()
    out = f(*a, **kw)
    return time.perf_counter() - t, time.process_time() - c, out


def _pref_voting(orders, rule):
    from pref_voting.margin_based_methods import beat_path
    from pref_voting.profiles import Profile

    prof = Profile([list(map(int, o)) for o in orders])
    if rule == "schulze":
        return beat_path(prof)
    if rule == "copeland":
        return prof.copeland_scores()
    return prof.borda_scores()


def _dense_mc4(orders, alpha=0.1, tol=1e-13):
    """The former MC4 chain: a dense p x p float64 transition matrix (1.3 GB at 12,625)."""
    from featrank.aggregate._profile import positions
    from featrank.aggregate.pairwise import _counts

    N = _counts(positions(orders))
    p = N.shape[0]
    move = (N.T > N).astype(float) / p
    del N
    stay = 1.0 - move.sum(axis=1)
    pi = np.full(p, 1.0 / p)
    for _ in range(100_000):
        new = (1.0 - alpha) * (pi @ move + pi * stay) + alpha / p
        new /= new.sum()
        done = np.abs(new - pi).sum() < tol
        pi = new
        if done:
            return pi
    return pi


def _order(pi):
    return np.lexsort((np.arange(pi.size), -np.round(pi / pi.max(), 12)))


def markov_rows(p=12625):
    """MC4 (Dwork) and Prati's MC4 at p x 28: time and peak memory, ours vs dense."""
    from _timing import peak_mb
    from featrank.aggregate.markov import mc4_stationary, prati_mc4_scores

    orders = profile(p)
    mc4_stationary(profile(50))                     # compile outside the timing
    rows = []
    for name, ours, dense in (
            ("mc4", lambda: mc4_stationary(orders), lambda: _dense_mc4(orders)),
            ("prati_mc4", lambda: prati_mc4_scores(orders),
             lambda: prati_mc4_scores(orders, dense=True))):
        t_ours, c_ours, a = _cpu(ours)
        t_plain, b = _time(dense)
        same = np.array_equal(_order(a), _order(b))
        assert same, f"{name}: the dense chain orders differently"
        rows.append(dict(item=f"{name} p={p} m={M}", ours_s=t_ours, plain_s=t_plain,
                         ratio=t_plain / t_ours, ours_mb=peak_mb(ours), plain_mb=peak_mb(dense),
                         note=f"ours CPU {c_ours:.2f}s; same order as the dense p x p chain "
                              f"(max relative score difference "
                              f"{np.abs(a - b).max() / b.max():.1e})"))
    return rows


def run():
    from _aggregate_reference import ref_condorcet, ref_copeland, ref_schulze
    from featrank.aggregate import borda, condorcet, copeland, schulze
    from featrank.aggregate._profile import positions

    ours = {"borda": borda, "condorcet": condorcet, "copeland": copeland, "schulze": schulze}
    plain = {"borda": lambda pos: np.lexsort((np.arange(pos.shape[1]), pos.mean(axis=0))),
             "condorcet": ref_condorcet, "copeland": ref_copeland, "schulze": ref_schulze}
    # largest p at which each plain reference runs within ~30 s here (cubic/quadratic growth)
    plain_max = {"borda": 12625, "condorcet": 400, "copeland": 12625, "schulze": 1000}
    growth = {"borda": 1, "condorcet": 3, "copeland": 2, "schulze": 3}  # plain cost ~ p^growth
    last = {}
    rows = []
    for p in (100, 1000, 12625):
        orders = profile(p)
        pos = positions(orders)
        for name, f in ours.items():
            t_ours, c_ours, o = _cpu(f, orders)
            row = dict(item=f"{name} p={p} m={M}", ours_s=t_ours, plain_s=np.nan,
                       ratio=np.nan, note=f"ours CPU {c_ours:.2f}s; ")
            if p <= plain_max[name]:
                t_plain, ref = _time(plain[name], pos)
                assert np.array_equal(o, ref), f"{name} differs from the reference at p={p}"
                row.update(plain_s=t_plain, ratio=t_plain / t_ours)
                row["note"] += "same order as plain"
                last[name] = (p, t_plain)
            else:
                p0, t0 = last[name]
                est = t0 * (p / p0) ** growth[name]
                row["note"] += (f"plain reference skipped: about {est / 60:.0f} min "
                                f"extrapolated (p^{growth[name]}) from p={p0}")
            if p == 100:
                t_pv, res = _time(_pref_voting, orders, name if name != "condorcet" else "copeland")
                row["note"] += f"; pref_voting {t_pv:.2f}s"
                if name == "schulze":
                    assert int(o[0]) in res
                    row["note"] += " (winner agrees)"
            if p == 12625:
                from _timing import peak_mb
                row["ours_mb"] = peak_mb(lambda: f(orders))
            rows.append(row)
    return rows + markov_rows()


if __name__ == "__main__":
    for r in run():
        print(r)
