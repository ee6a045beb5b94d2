"""Reproduction summaries: one table per notebook, one format, and the README's status table.

Every notebook ends with its paper's claims beside ours, built by the rule book
(:mod:`featrank.experiments.claims`: one row builder, one written rule per kind of claim) and
written to ``data/results/<notebook>/reproduction_summary.csv`` with the columns

``claim, paper, ours, se, agrees, why_not, profile, reading, finding``

``agrees`` is one of ``yes``, ``partly``, ``no``, ``n/a``; ``why_not`` says why wherever
``agrees`` is not ``yes``; ``profile`` is the profile that produced the row; ``reading`` names
the reading of an open analysis choice a row was judged under; rows of one ``finding`` are
one discrepancy seen several ways. The README's status table is built from these files
(:func:`status_table`), never typed by hand, and counts findings.

    >>> t = summary_table([dict(claim="ECA rises with theta", paper="yes", ours="24 of 24",
    ...                         agrees="yes")], profile="quick")
    >>> list(t.columns)
    ['claim', 'paper', 'ours', 'se', 'agrees', 'why_not', 'profile', 'reading', 'finding']
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pandas as pd

from .._io import atomic_write_bytes, save_table
from ..config import committed_profile, project_root, results_dir
from ..store import contents
from .claims import AGREES, COLUMNS, finding_verdicts, summary_table  # noqa: F401 (re-exported)

NAME = "reproduction_summary"
#: the status table's verdict columns: a finding whose verdict changes with the reading of an
#: open analysis choice is counted under "depends"
COUNTED = (*AGREES, "depends")


def save_summary(table: pd.DataFrame, notebook: str) -> Path:
    """Write the checked table as ``data/results/<notebook>/reproduction_summary.csv`` (or
    the scratch folder, for a run at another profile than the committed one)."""
    return save_table(table, notebook, NAME)


def status_table(root=None) -> pd.DataFrame:
    """Per notebook with a summary file in the shared format: its profile, its number of
    claims (rows), of findings, and the findings' verdicts
    (:func:`featrank.experiments.claims.finding_verdicts`)."""
    root = Path(root) if root else results_dir()
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


def store_table(root=None) -> pd.DataFrame:
    """Per notebook: the profile of its committed outputs, what its committed result store
    holds (entries per task family, and the sum of the tasks' own wall times: CPU hours on a
    quiet machine, more when the tasks shared their cores) and ``make bench``'s estimate of
    its whole paper profile on 2 cores (``data/results/bench.csv``; and of its reduced
    profile, where it has one)."""
    root = Path(root) if root else project_root()
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
        stored = contents(root / "data/results" / nb / "store")
        reduced = est["reduced"].get(nb[:2])
        rows.append({"notebook": nb, "committed at": committed_profile(nb) or "–",
                     "paper store": ", ".join(f"{f} {n:,}" for f, (n, _) in stored.items()) or "–",
                     "task hours stored": f"{sum(s for _, s in stored.values()) / 3600:,.1f}",
                     "paper estimate (2 cores)": est["paper"].get(nb[:2], "–") + (
                         f"; reduced {reduced}" if reduced else "")})
    return pd.DataFrame(rows)


BEGIN, END = "<!-- status:begin -->", "<!-- status:end -->"
STORE_BEGIN, STORE_END = "<!-- store:begin -->", "<!-- store:end -->"


def status_cell(row) -> str:
    """The notebook table's ``status`` cell of one :func:`status_table` row.

    >>> status_cell(dict(profile="quick", findings=20, yes=4, partly=8, no=6, depends=2,
    ...                  **{"n/a": 0}))
    'quick: 4 yes, 8 partly, 6 no, 2 depend on the reading, of 20 findings'
    """
    na = f", {row['n/a']} n/a" if row["n/a"] else ""
    dep = f", {row['depends']} depend on the reading" if row.get("depends") else ""
    return (f"{row['profile']}: {row['yes']} yes, {row['partly']} partly, {row['no']} no"
            f"{na}{dep}, of {row['findings']} findings")


def fill_status_column(text: str, status: pd.DataFrame) -> str:
    """Set the last cell of each README notebook-table row (first cell `` `NN_name` ``)
    from ``status``; a notebook without a summary in the shared format gets "–"."""
    cells = {r["notebook"]: status_cell(r) for r in status.to_dict("records")}

    def fill(m):
        return f"{m.group(1)}| {cells.get(m.group(2), '–')} |"
    return re.sub(r"^(\| `(\d\d_[\w]+)` \|.*?)\| [^|]* \|$", fill, text, flags=re.M)


def update_readme(readme=None) -> bool:
    """Rewrite the README's status block (between the two markers), the status column of its
    notebook table from the summaries, and its store block (:func:`store_table`); True if
    it changed."""
    readme = Path(readme) if readme else project_root() / "README.md"
    text = readme.read_text()
    if BEGIN not in text or END not in text:
        raise ValueError(f"{readme} has no {BEGIN} ... {END} block to fill")
    status = status_table()
    table = _markdown(status)
    new = fill_status_column(_fill_block(text, BEGIN, END, table), status)
    if STORE_BEGIN in new:
        new = _fill_block(new, STORE_BEGIN, STORE_END, _markdown(store_table()))
    if new != text:
        atomic_write_bytes(readme, new.encode())
    return new != text


def _fill_block(text: str, begin: str, end: str, body: str) -> str:
    """``text`` with what lies between the markers ``begin`` and ``end`` replaced by ``body``."""
    return re.sub(re.escape(begin) + r".*?" + re.escape(end),
                  lambda _: f"{begin}\n{body}\n{end}", text, flags=re.S)


def _markdown(df: pd.DataFrame) -> str:
    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join(lines)


if __name__ == "__main__":
    changed = update_readme()
    print("README status table " + ("rebuilt" if changed else "unchanged"))
    sys.exit(0)
