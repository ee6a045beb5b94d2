"""Regenerate the generated parts of the README and of the pages in ``docs/`` (the one writer
of them): the status column of the README's notebook table, and the blocks of ``PAGES`` —
the layout tree (down to the library's packages), the figure index, the notebooks'
reproduction status, the result stores' contents and the speed table of ``make bench``.

Each block sits between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->`` markers and is
never edited by hand::

    .venv/bin/python -m tools.readme           # rewrite the stale parts
    .venv/bin/python -m tools.readme --check   # exit 1, naming the stale parts

The README holds only the status column, which changes when a summary's verdicts change; a
new module or figure changes a page of ``docs/``, never the README.

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
#: page -> the generated blocks it holds
PAGES = {
    "docs/layout.md": ("layout",),
    "docs/figures.md": ("figure-index",),
    "docs/verdicts.md": ("status",),
    "docs/store.md": ("store",),
    "docs/bench.md": ("bench",),
}
#: a page of docs/ links to the repository's files one folder up
UP = "../"


def replace_block(text: str, name: str, body: str) -> str:
    """``text`` with the lines between the markers of block ``name`` replaced by ``body``."""
    pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
    if len(pattern.findall(text)) != 1:
        raise ValueError(f"the page needs exactly one '<!-- {name}:begin -->' ... "
                         f"'<!-- {name}:end -->' pair")
    return pattern.sub(lambda m: m.group(1) + body.rstrip("\n") + "\n" + m.group(2), text)


def cell_text(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def figure_row(e: FigureEntry, up: str = UP) -> str:
    """One row: paper figure | notebook § section (cell) | drawn by | file; links are relative
    to a page ``up`` from the repository's top folder."""
    site = e.site
    if site is None:
        where, drawn = "no notebook or script saves it (stale?)", ""
    elif e.from_notebook:
        where = (f"[{short_name(site.notebook)}]({up}notebooks/{site.notebook}.ipynb) § "
                 f"{cell_text(site.section) or 'top'} (cell {site.cell + 1})")
        drawn = ", ".join(f"`{f}`" for f in site.functions) or "matplotlib, in the cell"
    else:
        where, drawn = f"`{site.notebook}`", ", ".join(f"`{f}`" for f in site.functions)
    paper = ""
    if e.paper_figure:
        paper = f"{paper_of(site.notebook) if e.from_notebook else ''} {e.paper_figure}".strip()
    elif e.from_notebook:
        paper = "— (beyond the paper)" if paper_of(site.notebook) else "—"
    file = f"[`{Path(e.file).name}`]({up}{e.file})" if e.file else "not committed"
    return f"| {paper or '—'} | {where} | {drawn or '—'} | {file} |"


def figure_table(entries: list[FigureEntry], up: str = UP) -> str:
    """The figure index as a Markdown table."""
    head = ["| paper figure | notebook § section (cell) | drawn by | file in `figures/` |",
            "|---|---|---|---|"]
    return "\n".join(head + [figure_row(e, up) for e in entries])


def blocks(root: Path = ROOT) -> dict[str, str]:
    """Block name -> its generated content."""
    bench = Path(root, "data", "results", "bench.csv")
    return {"layout": f"```text\n{layout_tree(root)}\n```",
            "figure-index": figure_table(figure_index(root)),
            "status": markdown(status_table(Path(root, "data", "results"))),
            "store": markdown(store_table(root)),
            **({"bench": bench_table(pd.read_csv(bench))} if bench.exists() else {})}


def regenerated(root: Path = ROOT) -> dict[str, tuple[str, list[str]]]:
    """File -> (its text as it should be, the names of its parts that are stale)."""
    made = blocks(root)
    out = {}
    for page, names in PAGES.items():
        new = Path(root, page).read_text(encoding="utf-8")
        stale = []
        for name in (n for n in names if n in made):
            updated = replace_block(new, name, made[name])
            stale += [name] if updated != new else []
            new = updated
        out[page] = (new, stale)
    text = Path(root, "README.md").read_text(encoding="utf-8")
    filled = fill_status_column(text, status_table(Path(root, "data", "results")))
    out["README.md"] = (filled, ["status column"] if filled != text else [])
    return out


def stale_blocks(root: Path = ROOT) -> list[str]:
    """The stale generated parts, as ``file: block``."""
    return [f"{file}: {name}" for file, (_, stale) in regenerated(root).items() for name in stale]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report stale parts (exit 1)")
    args = parser.parse_args(argv)
    pages = regenerated(ROOT)
    stale = [f"{file}: {name}" for file, (_, names) in pages.items() for name in names]
    if args.check:
        if stale:
            print(f"stale generated part(s): {'; '.join(stale)}; regenerate with: {COMMAND}")
            return 1
        print("the README's and docs/'s generated parts are up to date")
        return 0
    for file, (text, names) in pages.items():
        if names:
            Path(ROOT, file).write_text(text, encoding="utf-8")
    print(f"rewrote {'; '.join(stale) or 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
