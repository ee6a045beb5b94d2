"""The README's speed table, generated from ``data/results/bench.csv`` (never typed).

``python tests/bench/readme_table.py`` rewrites the block between ``<!-- bench:begin -->`` and
``<!-- bench:end -->``; ``make bench`` does it after every run, and a test fails when the
block and the csv disagree.
"""
from __future__ import annotations

import pathlib
import re
import sys

import numpy as np
import pandas as pd

ROOT = pathlib.Path(__file__).resolve().parents[2]
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def _dur(v) -> str:
    v = float(v)
    if not np.isfinite(v):
        return "–"
    if v >= 3600:
        return f"{v / 3600:,.1f} h"
    return f"{v:.3g} s"


def _num(v, fmt) -> str:
    v = float(v)
    return format(v, fmt) if np.isfinite(v) else "–"


def render(df: pd.DataFrame) -> str:
    """One markdown row per bench item: ours, the plain way, their ratio, peak memory,
    target and whether it is met."""
    lines = ["| bench | item | ours | plain way | ratio | ours MB | target | met |",
             "|---|---|---|---|---|---|---|---|"]
    for r in df.itertuples(index=False):
        mb = getattr(r, "ours_mb", np.nan)
        lines.append("| " + " | ".join([
            str(r.bench).removeprefix("bench_"), str(r.item), _dur(r.ours_s), _dur(r.plain_s),
            _num(r.ratio, ".3g") + ("×" if np.isfinite(float(r.ratio)) else ""),
            _num(mb, ".0f"), "" if pd.isna(r.target) else str(r.target),
            "" if pd.isna(r.met) else str(r.met)]) + " |")
    return "\n".join(lines)


def update_readme(readme=ROOT / "README.md", csv=ROOT / "data/results/bench.csv") -> bool:
    """Rewrite the README's bench block from the csv; True if it changed."""
    text = pathlib.Path(readme).read_text()
    if BEGIN not in text or END not in text:
        raise ValueError(f"{readme} has no {BEGIN} ... {END} block")
    block = render(pd.read_csv(csv))
    new = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END),
                 lambda _: f"{BEGIN}\n{block}\n{END}", text, flags=re.S)
    if new != text:
        pathlib.Path(readme).write_text(new)
    return new != text


if __name__ == "__main__":
    print("README bench table " + ("rebuilt" if update_readme() else "unchanged"))
    sys.exit(0)
