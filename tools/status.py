"""The generated tables of results: the status of each notebook's reproduction (from its
summary file; the README's status column and ``docs/verdicts.md``), what each committed result
store holds (``docs/store.md``), and the speed table of ``make bench`` (from
``data/results/bench.csv``; ``docs/bench.md``). :mod:`tools.readme` writes them into those
pages, with the other generated blocks; nothing here writes a file."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd

from featrank.config import committed_profile
from featrank.experiments.claims import AGREES, COLUMNS, finding_verdicts
from featrank.store import read_family

ROOT = Path(__file__).resolve().parents[1]
NAME = "reproduction_summary"
#: the status table's verdict columns: a finding's headline verdict is its supported reading's;
#: one whose evidence cannot choose between its readings is counted under "depends"
COUNTED = (*AGREES, "depends")


def status_table(root=None) -> pd.DataFrame:
    """Per notebook with a summary file in the shared format: its profile, its number of
    claims (rows), of findings, and the findings' verdicts
    (:func:`featrank.experiments.claims.finding_verdicts`)."""
    root = Path(root) if root else ROOT / "data" / "results"
    rows = []
    for path in sorted(root.glob(f"*/{NAME}.csv")):
        df = pd.read_csv(path, keep_default_na=False)
        if list(df.columns) != list(COLUMNS):       # a notebook still in its own format
            continue
        counts = finding_verdicts(df).value_counts()
        rows.append({"notebook": path.parent.name,
                     "profile": ", ".join(sorted(set(df["profile"]))),
                     "claims": len(df), "findings": int(counts.sum()),
                     **{a: int(counts.get(a, 0)) for a in COUNTED}})
    return pd.DataFrame(rows, columns=["notebook", "profile", "claims", "findings", *COUNTED])


def packed_contents(directory) -> dict:
    """``{family: (entries, seconds)}`` of the packed (committed) files of a store folder;
    loose entries are a run in progress, counted once ``make pack`` folds them in."""
    families = sorted({p.name.split(".")[0] for p in Path(directory).glob("*.jsonl.gz")})
    out = {}
    for family in families:
        entries = read_family(directory, family)
        out[family] = (len(entries), sum(float(e.get("seconds", 0.0)) for e in entries.values()))
    return out


def store_table(root=None) -> pd.DataFrame:
    """Per notebook: the profile of its committed outputs, what its committed result store
    holds (entries per task family, and the sum of the tasks' own wall times: CPU hours on a
    quiet machine, more when the tasks shared their cores) and ``make bench``'s estimate of
    its whole paper profile on 2 cores (``data/results/bench.csv``; and of its reduced
    profile, where it has one)."""
    root = Path(root) if root else ROOT
    bench = root / "data/results/bench.csv"
    est = {"paper": {}, "reduced": {}}
    if bench.exists():
        b = pd.read_csv(bench)
        for item, secs in zip(b["item"], b["ours_s"]):
            m = re.match(r"nb(\d\d) (paper|reduced) profile(, whole notebook)? \(estimate",
                         str(item))
            if m:
                est[m.group(2)][m.group(1)] = f"{float(secs) / 3600:,.1f} h" + (
                    " (lower bound)" if "lower bound" in str(item) else "")
    rows = []
    for nb in sorted(p.stem for p in (root / "notebooks").glob("0[1-9]_*.ipynb")):
        stored = packed_contents(root / "data/results" / nb / "store")
        reduced = est["reduced"].get(nb[:2])
        rows.append({"notebook": nb, "committed at": committed_profile(nb, root) or "–",
                     "paper store": ", ".join(f"{f} {n:,}" for f, (n, _) in stored.items()) or "–",
                     "task hours stored": f"{sum(s for _, s in stored.values()) / 3600:,.1f}",
                     "paper estimate (2 cores)": est["paper"].get(nb[:2], "–") + (
                         f"; reduced {reduced}" if reduced else "")})
    return pd.DataFrame(rows)


def status_cell(row) -> str:
    """The notebook table's ``status`` cell of one :func:`status_table` row.

    >>> status_cell(dict(profile="quick", findings=21, yes=4, partly=8, no=5, untestable=1,
    ...                  calibrated=1, depends=2, **{"n/a": 0}))
    'quick: 4 yes, 8 partly, 5 no, 1 untestable, 1 calibrated, 2 depend on the reading, of 21 findings'
    """
    extra = "".join(f", {row[k]} {k}" for k in ("untestable", "calibrated", "n/a")
                    if row.get(k))
    dep = f", {row['depends']} depend on the reading" if row.get("depends") else ""
    return (f"{row['profile']}: {row['yes']} yes, {row['partly']} partly, {row['no']} no"
            f"{extra}{dep}, of {row['findings']} findings")


def fill_status_column(text: str, status: pd.DataFrame) -> str:
    """Set the last cell of each row of the README's notebook table (whose first cell links
    ``notebooks/NN_name.ipynb``) from ``status``; a notebook without a summary in the shared
    format gets "–".

    >>> fill_status_column("| [01](notebooks/01_x.ipynb) | a paper | old |",
    ...                    pd.DataFrame(columns=["notebook"]))
    '| [01](notebooks/01_x.ipynb) | a paper | – |'
    """
    cells = {r["notebook"]: status_cell(r) for r in status.to_dict("records")}

    def fill(m):
        return f"{m.group(1)}| {cells.get(m.group(2), '–')} |"
    return re.sub(r"^(\| \[[^\]]+\]\(notebooks/(\d\d_\w+)\.ipynb\) \|.*?)\| [^|]* \|$",
                  fill, text, flags=re.M)


def markdown(df: pd.DataFrame) -> str:
    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join(lines)




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


def bench_table(df: pd.DataFrame) -> str:
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
