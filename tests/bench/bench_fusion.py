"""Aggregators beyond the five papers at 20,000 features x 50 lists: RRA against R's
RobustRankAggreg (``aggregateRanks`` timed inside R, where Rscript and the package are
installed), RRF and CombMNZ against ranx's numba fusion (compiled before timing; else against a
plain loop), and the Kemeny heuristic at p = 1,000 x 28 against the same insertion local search
in plain Python. Same results are asserted wherever both run."""
from __future__ import annotations

import os
import pathlib
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tests/ for the references

P, M = 20_000, 50


def _scores(orders, seed=1, missing=0.2):
    """Per-list scores of ``orders`` (higher = better), a share of them NaN (not scored)."""
    rng = np.random.default_rng(seed)
    m, p = orders.shape
    s = np.empty((m, p))
    s[np.arange(m)[:, None], orders] = np.linspace(1, 0, p) + 1e-6 * rng.random((m, p))
    s[rng.random((m, p)) < missing] = np.nan
    return s


def _r_rra(orders):
    """R's aggregateRanks(method = "RRA") on ``orders``: (seconds inside R, scores)."""
    from _rra_reference import run_r

    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        np.savetxt(f, orders.T + 1, fmt="%d", delimiter=",")
    try:
        out = run_r(
            "suppressMessages(library(RobustRankAggreg))\n"
            f'x <- as.matrix(read.csv("{f.name}", header = FALSE))\n'
            "g <- lapply(seq_len(ncol(x)), function(j) as.character(x[, j]))\n"
            f"t <- system.time(res <- aggregateRanks(g, N = {orders.shape[1]}))[['elapsed']]\n"
            'cat(t, "\\n")\n'
            'cat(sprintf("%s\\t%.17g\\n", res$Name, res$Score), sep = "")\n', timeout=1800)
    finally:
        os.unlink(f.name)
    lines = out.splitlines()
    scores = np.empty(orders.shape[1])
    for line in lines[1:]:
        name, value = line.split("\t")
        scores[int(name) - 1] = float(value)
    return float(lines[0]), scores


def _ranx_fuse(scores, method):
    from ranx import Run, fuse

    runs = [Run({"q": {f"d{i}": float(v) for i, v in enumerate(row) if not np.isnan(v)}})
            for row in scores]
    if method == "rrf":
        return lambda: fuse(runs, norm=None, method="rrf", params={"k": 60})
    return lambda: fuse(runs, norm="min-max", method="mnz")


def _plain_fusion(scores, method):
    """Dict-of-floats loops, the way a script would do it."""
    out = {}
    for row in scores:
        listed = [(v, i) for i, v in enumerate(row) if v == v]
        if method == "rrf":
            listed.sort(key=lambda t: (-t[0], t[1]))
            for place, (_, i) in enumerate(listed):
                out[i] = out.get(i, 0.0) + 1.0 / (60 + place + 1)
        else:
            lo, hi = min(v for v, _ in listed), max(v for v, _ in listed)
            for v, i in listed:
                s, c = out.get(i, (0.0, 0))
                out[i] = (s + (v - lo) / (hi - lo), c + 1)
    if method != "rrf":
        out = {i: s * c for i, (s, c) in out.items()}
    return out


def _ranx_dict(run):
    return {int(k[1:]): v for k, v in run.to_dict()["q"].items()}


def _plain_local_search(d, order):
    """Insertion moves in plain Python lists: the same moves as featrank's heuristic."""
    o = [int(x) for x in order]
    d = d.tolist()
    improved = True
    while improved:
        improved = False
        for x in list(o):
            i = o.index(x)
            row = d[x]
            best_r, gain_r, acc = -1, 0, 0
            for j in range(i + 1, len(o)):
                acc += row[o[j]]
                if best_r < 0 or acc < gain_r:
                    best_r, gain_r = j, acc
            best_l, gain_l, acc = -1, 0, 0
            for j in range(i - 1, -1, -1):
                acc -= row[o[j]]
                if best_l < 0 or acc < gain_l:
                    best_l, gain_l = j, acc
            if min(gain_r, gain_l) >= 0:
                continue
            j = best_r if gain_r <= gain_l else best_l
            del o[i]
            o.insert(j, x)
            improved = True
    return np.asarray(o)


def run():
    from _rra_reference import r_available
    from _timing import best_time
    from bench_aggregate import _time, profile
    from featrank.aggregate import combmnz_scores, kemeny, rra_scores, rrf_scores
    from featrank.aggregate.kemeny_young import _cost
    from featrank.aggregate.pairwise import _counts, _margins, copeland
    from featrank.aggregate._profile import finish_order, positions

    orders = profile(P, m=M)
    rows = []
    t_ours, ours = _time(rra_scores, orders)
    row = dict(item=f"rra p={P} m={M}", ours_s=t_ours, plain_s=np.nan, ratio=np.nan)
    if r_available():
        t_r, ref = _r_rra(orders)
        np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=0)
        row.update(plain_s=t_r, ratio=t_r / t_ours,
                   note="plain: R RobustRankAggreg aggregateRanks (timed inside R); same scores "
                        "to 1e-12")
    else:
        row["note"] = "R RobustRankAggreg not installed (r-base-core, r-cran-robustrankaggreg)"
    rows.append(row)

    scores = _scores(orders)
    lists = [np.argsort(-np.where(np.isnan(r), -np.inf, r), kind="stable")[:np.sum(~np.isnan(r))]
             for r in scores]
    try:
        import ranx  # noqa: F401
        have_ranx = True
    except ImportError:
        have_ranx = False
    for name, ours_f in (("rrf", lambda: rrf_scores(lists, n_features=P)),
                         ("combmnz", lambda: combmnz_scores(scores))):
        t_ours = best_time(ours_f)
        mine = ours_f()
        if have_ranx:
            _ranx_fuse(scores[:, :50], name)()              # numba compiles outside the timing
            plain = _ranx_fuse(scores, name)
            t_plain = best_time(plain)
            ref = _ranx_dict(plain())
            note = "plain: ranx fuse on prebuilt Runs (compiled)"
        else:
            plain = lambda: _plain_fusion(scores, name)      # noqa: E731
            t_plain, ref = _time(plain)
            note = "plain: dict loops (ranx not installed)"
        idx = np.array(sorted(ref))
        np.testing.assert_allclose(mine[idx], [ref[i] for i in idx], rtol=1e-12, atol=1e-12)
        rows.append(dict(item=f"{name} p={P} m={M}", ours_s=t_ours, plain_s=t_plain,
                         ratio=t_plain / t_ours, note=note + "; same scores to 1e-12"))

    p = 1000
    small = profile(p)
    t_ours, o = _time(kemeny, small, method="heuristic")
    pos = positions(small)
    N = _counts(pos)
    start = min([finish_order((pos.sum(axis=0),)), copeland(small)], key=lambda x: _cost(N, x))
    t_plain, ref = _time(_plain_local_search, _margins(N).astype(np.int64), start)
    assert np.array_equal(o, ref), "the plain local search ends elsewhere"
    rows.append(dict(item=f"kemeny heuristic p={p} m=28", ours_s=t_ours, plain_s=t_plain,
                     ratio=t_plain / t_ours,
                     note=f"plain: the same insertion moves in Python lists; same order; total "
                          f"Kendall distance {_cost(N, o)} (Borda start "
                          f"{_cost(N, finish_order((pos.sum(axis=0),)))})"))
    return rows


if __name__ == "__main__":
    import pandas as pd

    print(pd.DataFrame(run()).to_string())
