"""Regenerate the README's generated blocks (the one writer of them): the layout tree, the
figure index, the notebooks' reproduction status (and the status column of the notebook
table), the result stores' contents and the speed table of ``make bench``.

Each block sits between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->`` markers and is
never edited by hand::

    .venv/bin/python -m tools.readme           # rewrite the stale blocks
    .venv/bin/python -m tools.readme --check   # exit 1, naming the stale blocks

Examples
--------
>>> replace_block("a\\n<!-- x:begin -->\\nold\\n<!-- x:end -->\\nb", "x", "new")
'a\\n<!-- x:begin -->\\nnew\\n<!-- x:end -->\\nb'
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pandas as pd

from tools.figure_index import FigureEntry, figure_index, paper_of, short_name
from tools.layout import layout_tree
from tools.status import bench_table, fill_status_column, markdown, status_table, store_table

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ".venv/bin/python -m tools.readme"


def replace_block(text: str, name: str, body: str) -> str:
    """``text`` with the lines between the markers of block ``name`` replaced by ``body``."""
    pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
    if len(pattern.findall(text)) != 1:
        raise ValueError(f"the README needs exactly one '<!-- {name}:begin -->' ... "
                         f"'<!-- {name}:end -->' pair")
    return pattern.sub(lambda m: m.group(1) + body.rstrip("\n") + "\n" + m.group(2), text)


def cell_text(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def figure_row(e: FigureEntry) -> str:
    """One row: paper figure | notebook § section (cell) | drawn by | file."""
    site = e.site
    if site is None:
        where, drawn = "no notebook or script saves it (stale?)", ""
    elif e.from_notebook:
        where = (f"[{short_name(site.notebook)}](notebooks/{site.notebook}.ipynb) § "
                 f"{cell_text(site.section) or 'top'} (cell {site.cell + 1})")
        drawn = ", ".join(f"`{f}`" for f in site.functions) or "matplotlib, in the cell"
    else:
        where, drawn = f"`{site.notebook}`", ", ".join(f"`{f}`" for f in site.functions)
    paper = ""
    if e.paper_figure:
        paper = f"{paper_of(site.notebook) if e.from_notebook else ''} {e.paper_figure}".strip()
    elif e.from_notebook:
        paper = "— (beyond the paper)" if paper_of(site.notebook) else "—"
    file = f"[`{Path(e.file).name}`]({e.file})" if e.file else "not committed"
    return f"| {paper or '—'} | {where} | {drawn or '—'} | {file} |"


def figure_table(entries: list[FigureEntry]) -> str:
    """The figure index as a Markdown table."""
    head = ["| paper figure | notebook § section (cell) | drawn by | file in `figures/` |",
            "|---|---|---|---|"]
    return "\n".join(head + [figure_row(e) for e in entries])


def blocks(root: Path = ROOT) -> dict[str, str]:
    """Block name -> its generated content."""
    bench = Path(root, "data", "results", "bench.csv")
    return {"layout": f"```text\n{layout_tree(root)}\n```",
            "figure-index": figure_table(figure_index(root)),
            "status": markdown(status_table(Path(root, "data", "results"))),
            "store": markdown(store_table(root)),
            **({"bench": bench_table(pd.read_csv(bench))} if bench.exists() else {})}


def stale_blocks(root: Path = ROOT) -> tuple[list[str], str]:
    """The names of the README's stale blocks, and the README as it should be."""
    path = Path(root, "README.md")
    text = path.read_text(encoding="utf-8")
    new, stale = text, []
    for name, body in blocks(root).items():
        updated = replace_block(new, name, body)
        if updated != new:
            stale.append(name)
        new = updated
    filled = fill_status_column(new, status_table(Path(root, "data", "results")))
    if filled != new:
        stale.append("status column")
    return stale, filled


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report stale blocks (exit 1)")
    args = parser.parse_args(argv)
    stale, new = stale_blocks(ROOT)
    if args.check:
        if stale:
            print(f"README.md: stale generated block(s) {', '.join(stale)}; regenerate with: {COMMAND}")
            return 1
        print("README.md: generated blocks are up to date")
        return 0
    Path(ROOT, "README.md").write_text(new, encoding="utf-8")
    print(f"README.md: rewrote {', '.join(stale) or 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
