"""`make bench`: our time, the plain way's time and their ratio, measured side by side.

Each ``bench_*.py`` module in this folder defines ``run() -> list[dict]`` with rows
``{"item", "ours_s", "plain_s", "ratio", "note"}`` and, where measured, the peak memory
``ours_mb`` / ``plain_mb`` (MB, tracemalloc). Each module runs in a child process with a
time limit (``--timeout``, default 600 s): a module that fails or does not finish gets one row
saying so instead of stopping the others. The rows go to ``data/results/bench.csv`` (under
``$FEATRANK_OUTPUT`` when set) with the target for the item (k-NN curves
>= 20x, SVM curves >= 3x on sonar / >= 2x on waveform, ReliefF <= Weka's time, aggregation at
12,625 x 28 <= 30 s; paper profiles on 2 cores: notebook 05 on Table 1's low-dimensional
datasets <= 8 h, notebook 05 whole <= 12 h, notebook 03 <= 24 h, all five notebooks <= 48 h)
and whether it is met, and the figure (:mod:`speed_ratios`) to
``figures/bench/speed_ratios.png``.

Usage: ``python tests/bench/run.py [substring ...] [--timeout SECONDS]``; with substrings only
the matching modules run and the other modules' rows already in bench.csv are kept.
"""
from __future__ import annotations

import argparse
import importlib
import multiprocessing as mp
import os
import pathlib
import re
import sys
import time
import traceback

import numpy as np
import pandas as pd

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]          # the bench modules, and tools/

COLUMNS = ["bench", "item", "ours_s", "plain_s", "ratio", "ours_mb", "plain_mb", "target", "met",
           "note", "load1", "target_kind", "target_value"]

#: (regex on the item, kind, value, label): the speed targets
TARGETS = [
    (r"^knn FFA\+RFA", "min_ratio", 20.0, ">= 20x"),
    (r"^svm FFA\+RFA sonar", "min_ratio", 3.0, ">= 3x"),
    (r"^svm FFA\+RFA waveform", "min_ratio", 2.0, ">= 2x"),
    (r"^relieff .* vs weka", "min_ratio", 1.0, "<= Weka's time"),
    (r"^(borda|condorcet|copeland|schulze) p=12625 m=28", "max_s", 30.0, "<= 30 s"),
    (r"^nb05 paper profile.*low-dim", "max_s", 8 * 3600.0, "<= 8 h on 2 cores"),
    (r"^nb05 paper profile.*whole notebook", "max_s", 12 * 3600.0, "<= 12 h on 2 cores"),
    (r"^nb03 paper profile \(estimate\)", "max_s", 24 * 3600.0, "<= 24 h on 2 cores"),
    (r"^all five notebooks", "max_s", 48 * 3600.0, "<= 48 h on 2 cores"),
    (r"^(mc4|prati_mc4|mc1|mc2|mc3|mct) p=12625 m=28", "max_mb", 500.0, "<= 500 MB"),
]


def target_of(item: str):
    """``(kind, value, label)`` of the speed target of a bench item, or ``(None, nan, "")``."""
    for pattern, kind, value, label in TARGETS:
        if re.search(pattern, str(item)):
            return kind, value, label
    return None, np.nan, ""


def judge(row: dict) -> dict:
    """Add ``target``, ``met`` (yes / no / n/a), ``target_kind`` and ``target_value``."""
    kind, value, label = target_of(row.get("item", ""))
    met = "n/a"
    if kind == "min_ratio" and np.isfinite(_f(row.get("ratio"))):
        met = "yes" if _f(row["ratio"]) >= value else "no"
    elif kind == "max_s" and np.isfinite(_f(row.get("ours_s"))):
        met = "yes" if _f(row["ours_s"]) <= value else "no"
    elif kind == "max_mb" and np.isfinite(_f(row.get("ours_mb"))):
        met = "yes" if _f(row["ours_mb"]) <= value else "no"
    return {**row, "target": label, "met": met if kind else "", "target_kind": kind or "",
            "target_value": value}


def _f(v) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return float("nan")


def _child(stem: str, queue) -> None:
    try:
        mod = importlib.import_module(stem)
        queue.put(("ok", mod.run()))
    except BaseException:  # noqa: BLE001 - reported as a row
        queue.put(("error", traceback.format_exc(limit=3)))


def run_module(stem: str, timeout: float) -> list[dict]:
    """The rows of one bench module, run in a child process with a time limit."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=(stem, queue))
    t0 = time.perf_counter()
    proc.start()
    try:
        status, payload = queue.get(timeout=timeout)
    except Exception:  # queue.Empty: did not finish in time
        status, payload = "timeout", None
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    wall = time.perf_counter() - t0
    if status == "ok":
        return list(payload)
    note = (f"did not finish within {timeout:.0f} s (stopped; its rows are lost)"
            if status == "timeout" else f"failed: {payload.strip().splitlines()[-1]}")
    if status == "error":
        print(payload, file=sys.stderr)
    return [{"item": stem, "ours_s": np.nan, "plain_s": np.nan, "ratio": np.nan,
             "note": f"{note} after {wall:.0f} s"}]


def _fmt(v) -> str:
    return f"{v:.4g}" if isinstance(v, float) else str(v)


def out_path(relative: str) -> pathlib.Path:
    """Where ``make bench`` writes ``relative`` (e.g. ``data/results/bench.csv``): in the
    checkout, as committed outputs, unless ``$FEATRANK_OUTPUT`` names a scratch folder."""
    from featrank.config import project_root

    scratch = os.environ.get("FEATRANK_OUTPUT")
    if scratch:
        return pathlib.Path(scratch) / relative.replace("data/results/", "results/")
    return project_root() / relative


def main(argv=None) -> int:
    from featrank.io import atomic_write_bytes

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="*", help="run only bench modules whose name contains one")
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("BENCH_TIMEOUT", 600)),
                    help="seconds allowed per bench module (default 600)")
    ap.add_argument("--no-figure", action="store_true")
    args = ap.parse_args(argv)

    stems = [p.stem for p in sorted(HERE.glob("bench_*.py"))
             if not args.only or any(o in p.stem for o in args.only)]
    print(f"bench on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start; "
          f"modules: {', '.join(stems)}", flush=True)
    rows = []
    for stem in stems:
        t0 = time.perf_counter()
        print(f"== {stem}", flush=True)
        for row in run_module(stem, args.timeout):
            row = judge({"bench": stem, **row, "load1": round(os.getloadavg()[0], 2)})
            rows.append(row)
            print("   " + "  ".join(f"{k}={_fmt(row.get(k))}" for k in
                                    ("item", "ours_s", "plain_s", "ratio", "ours_mb", "target",
                                     "met", "note")
                                    if row.get(k) not in (None, "")), flush=True)
        print(f"   ({stem}: {time.perf_counter() - t0:.0f} s wall, load average "
              f"{os.getloadavg()[0]:.2f})", flush=True)
    if not rows:
        return 0
    df = pd.DataFrame(rows)
    old_path = out_path("data/results/bench.csv")
    if args.only and old_path.exists():           # keep the rows of the modules not run now
        old = pd.read_csv(old_path)
        keep = old[~old["bench"].isin(stems) & old["bench"].isin(
            [p.stem for p in HERE.glob("bench_*.py")])]
        keep = pd.DataFrame([judge(r) for r in keep.to_dict("records")]) if len(keep) else keep
        df = pd.concat([keep, df], ignore_index=True).sort_values("bench", kind="stable")
    df = df.reindex(columns=COLUMNS + [c for c in df.columns if c not in COLUMNS])
    path = atomic_write_bytes(old_path, df.to_csv(index=False, float_format="%.6g").encode())
    if pathlib.Path(path).resolve() == (ROOT / "data/results/bench.csv").resolve():
        from tools import readme                      # docs/bench.md's speed table follows

        readme.main([])
    with pd.option_context("display.width", 200, "display.max_colwidth", 60,
                           "display.float_format", "{:.4g}".format):
        print(df[["bench", "item", "ours_s", "plain_s", "ratio", "target", "met"]]
              .to_string(index=False))
    if not args.no_figure:
        from featrank.plots import savefig
        from speed_ratios import plot_speed_ratios

        fig = plot_speed_ratios(df, title=f"make bench, {time.strftime('%Y-%m-%d', time.gmtime())}"
                                f" ({os.cpu_count()} cores)")
        print("figure:", savefig(fig, "bench", "speed_ratios", close=True,
                                 directory=out_path("figures/bench")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
