"""Build the compendium as a static HTML book (``make book``), from the committed outputs.

Nothing is executed. The sources are staged in ``build/book/src/`` and rendered by Sphinx
with myst-nb (configuration in ``docs/conf.py``) into ``build/book/html/``:

- every notebook of ``notebooks/`` (by glob: new ones are picked up), with its committed
  outputs; under each cell that saves a figure, the committed file of ``figures/`` is shown
  with its caption (the notebooks are run headless, so their outputs hold no images);
- the README as the landing page, and every page of ``docs/`` (by glob: new ones are picked
  up), at the same paths, so their links work unchanged; links to files the book does not
  hold become plain text;
- the example report (``docs/example_report.ipynb``, ``make example-report``): the report
  of ``evaluate_your_ranker`` on scikit-learn's wine data, as a user gets it;
- in place of ``docs/figures.md``, the figure index (``tools.figure_index``) with thumbnails;
  under ``docs/layout.md``'s tree, the tree of every module (``tools.layout``);
- every notebook's reproduction summary on one page (``data/results/<nb>/reproduction_summary.csv``,
  or a link to the notebook's own section where the file does not exist yet);
- ``data/README.md``;
- the lesson of ``lesson/`` as its own part: its notes (``lesson/README.md``) with a download of
  the students' copy (``tools.lesson``: no solutions, no outputs), then the episodes with their
  committed outputs, each solution folded under "Show the solution" (:func:`lesson_page`).

Staged files are rewritten only when their content changes, so a second build only
re-renders what changed. The last line printed is the path of the book's ``index.html``.

Examples
--------
>>> slug("Status (what is reproduced, at which profile)")
'status-what-is-reproduced-at-which-profile'
>>> book_path("docs/../README.md"), book_path("data/README.md"), book_path("docs/store.md")
('index.md', 'data.md', 'docs/store.md')
>>> md_table(["a", "b"], [["x|y", ""]])
'| a | b |\\n|---|---|\\n| x\\\\|y |  |'
"""
from __future__ import annotations

import argparse
import csv
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.figure_index import FigureEntry, figure_index, notebooks, paper_of, short_name
from tools.layout import layout_tree
from tools.lesson import episodes, write_student_copy

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "book"
#: where a repository file stands in the book, where that is not its own path
MOVED = {"README.md": "index.md", "data/README.md": "data.md"}
#: the pages of docs/ in the order of the book's table of contents (others follow, by name)
DOCS_ORDER = ("running", "verdicts", "library", "example_report", "store", "bench", "figures",
              "layout")
THUMB_WIDTH = "220px"
#: the students' copy of the lesson, as the book offers it for download
STUDENT_ZIP = "featrank-lesson-student.zip"


# --------------------------------------------------------------------------- small helpers
def slug(heading: str) -> str:
    """The anchor a Markdown heading gets (GitHub's and MyST's rule for plain text)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def md_table(header, rows) -> str:
    """A Markdown table; ``|`` and newlines inside cells are escaped."""
    def cell(v):
        return str(v).replace("|", "\\|").replace("\n", " ")
    lines = ["| " + " | ".join(map(cell, header)) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows]
    return "\n".join(lines)


def write_if_changed(path: Path, data: bytes | str) -> Path:
    """Write ``data`` unless the file already holds it (keeps Sphinx's rebuilds incremental)."""
    data = data.encode("utf-8") if isinstance(data, str) else data
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return path


def figure_label(file: str) -> str:
    """The reference label of a figure shown in a notebook page."""
    return "fig-" + re.sub(r"[^a-z0-9]+", "-", Path(file).with_suffix("").as_posix().lower()).strip("-")


def caption(e: FigureEntry) -> str:
    """A figure's caption: the paper figure, the file, the function that drew it."""
    paper = f"{paper_of(e.site.notebook)} {e.paper_figure}".strip() if e.paper_figure else ""
    drawn = ", ".join(f"`{f}`" for f in e.site.functions) or "matplotlib, in the cell above"
    head = f"**{paper}.** " if paper else ""
    return f"{head}`{e.file}`, drawn by {drawn}."


# --------------------------------------------------------------------------- pages
def book_path(path: str) -> str:
    """Where the repository file ``path`` stands in the book."""
    path = posixpath.normpath(path)
    return MOVED.get(path, path)


def rewrite_links(text: str, source: str, staged: set[str]) -> str:
    """The links of the repository file ``source`` made to work on its page of the book: a
    link to a file the book holds points to it (relative to the page), any other becomes
    plain text; anchors and web addresses are kept."""
    here = posixpath.dirname(book_path(source))

    def fix(m):
        label, target = m.group(1), m.group(2)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        path, _, anchor = target.partition("#")
        page = book_path(posixpath.join(posixpath.dirname(source), path))
        if page not in staged:
            return label
        link = posixpath.relpath(page, here or ".") + (f"#{anchor}" if anchor else "")
        return f"[{label}]({link})"
    return re.sub(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", fix, text)


def docs_pages(root: Path) -> list[str]:
    """The pages of ``docs/`` (Markdown, and the example report), in the book's order."""
    names = [p.name for p in sorted(Path(root, "docs").glob("*.md"))]
    if Path(root, "docs", "example_report.ipynb").exists():
        names.append("example_report.ipynb")
    rank = {name: i for i, name in enumerate(DOCS_ORDER)}
    names.sort(key=lambda n: (rank.get(Path(n).stem, len(rank)), n))
    return [f"docs/{n}" for n in names]


def landing_page(root: Path, staged: set[str]) -> str:
    """The README, its links made to work in the book, with the book's table of contents."""
    text = rewrite_links(Path(root, "README.md").read_text(encoding="utf-8"), "README.md", staged)
    lesson = [f"lesson/{p.stem}" for p in episodes(Path(root, "lesson"))]
    toc = LANDING_TOC + "\n".join(posixpath.splitext(p)[0] for p in docs_pages(root)) + "\n```\n"
    if lesson:
        toc += LESSON_TOC + "\n".join(["lesson/README", *lesson]) + "\n```\n"
    return text.rstrip("\n") + "\n" + toc


LANDING_TOC = """
## The book

Each chapter is one notebook with the outputs it was committed with (nothing is re-run to
build this book); every figure stands under the cell that drew it. After the chapters: every
reproduction summary on one page, the data, and the pages the README links to — among them
an [example report](docs/example_report.ipynb) (what `make evaluate` writes for your own
ranker, here on scikit-learn's wine data), whose verdict's calibration is the chapter of
[notebook 07](notebooks/07_report_calibration.ipynb), and the figure index with thumbnails.

```{toctree}
:caption: Notebooks
:glob:
:titlesonly:
:maxdepth: 1

notebooks/*
```

```{toctree}
:caption: Across the notebooks
:maxdepth: 1

summaries
data
"""


LESSON_TOC = """
```{toctree}
:caption: Lesson: judge a feature-ranking paper
:maxdepth: 1

"""


# --------------------------------------------------------------------------- generated pages
def figures_page(entries: list[FigureEntry], shown: set[str], up: str = "../") -> str:
    """Every committed figure with a thumbnail, its paper figure and where it comes from
    (a link to the figure in its notebook page where ``shown`` has its label), for a page
    ``up`` from the book's top folder."""
    out = ["# Figure index", "",
           "Every file of `figures/`: the paper figure it redoes, the notebook section that",
           "saved it and the `featrank.plots` function that drew it (read from the notebooks'",
           "code cells by `tools.figure_index`; `docs/figures.md` holds the same table). Click",
           "a thumbnail for the full figure, a title for the notebook page where it stands.", ""]
    rows = [e for e in entries if e.file]
    for nb in dict.fromkeys(e.site.notebook if e.site else "" for e in rows):
        group = [e for e in rows if (e.site.notebook if e.site else "") == nb]
        out += [f"## {nb or 'Not saved by any notebook or script'}", "",
                "````{list-table}", ":header-rows: 1", ":widths: 30 70", ":class: figure-index", "",
                "* - figure", "  - where it comes from"]
        for e in group:
            out += [f"* - :::{{image}} {up}{e.file}", f"    :width: {THUMB_WIDTH}",
                    f"    :alt: {Path(e.file).name}", "    :::", f"  - {figure_where(e, shown, up)}"]
        out += ["````", ""]
    return "\n".join(out)


def figure_where(e: FigureEntry, shown: set[str], up: str = "../") -> str:
    """The text beside a thumbnail."""
    if e.site is None:
        return f"`{e.file}`: no notebook or script saves it (a stale file?)"
    drawn = ", ".join(f"`{f}`" for f in e.site.functions) or "matplotlib, in the cell"
    if not e.from_notebook:
        return f"`{e.file}`, saved by `{e.site.notebook}`, drawn by {drawn}"
    paper = f"{paper_of(e.site.notebook)} {e.paper_figure}".strip() if e.paper_figure else \
        "beyond the paper"
    label = figure_label(e.file)
    title = (f"{{ref}}`{paper} <{label}>`" if label in shown
             else f"[{paper}]({up}notebooks/{e.site.notebook}.ipynb)")
    return (f"{title} — notebook {short_name(e.site.notebook)}, "
            f"section *{e.site.section or 'top'}* (cell {e.site.cell + 1}); drawn by {drawn}; "
            f"`{e.file}`")


def summaries_page(root: Path) -> str:
    """Every notebook's reproduction summary on one page."""
    out = ["# Reproduction summaries", "",
           "Each notebook ends with a reproduction summary: the paper's claim or number, the",
           "paper's value, ours, whether they agree and why not. Notebooks in the shared format",
           "write it to `data/results/<notebook>/reproduction_summary.csv`, shown here as it is;",
           "for the others, follow the link to the notebook's own summary.", ""]
    for nb in notebooks(root):
        title = notebook_title(nb)
        has_section = any(re.search(r"^#+\s+Reproduction summary", "".join(c["source"]), re.M)
                          for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]
                          if c["cell_type"] == "markdown")
        anchor = "#reproduction-summary" if has_section else ""
        link = f"[the notebook's Reproduction summary](notebooks/{nb.name}{anchor})"
        out += [f"## {title}", ""]
        table = Path(root, "data", "results", nb.stem, "reproduction_summary.csv")
        if table.exists():
            with table.open(encoding="utf-8", newline="") as f:
                rows = list(csv.reader(f))
            if rows:
                out += [md_table(rows[0], rows[1:]), ""]
            out += [f"From `{table.relative_to(root).as_posix()}`; discussed in {link}.", ""]
        else:
            out += [f"Not yet in the shared format: see {link}.", ""]
    return "\n".join(out)


def notebook_title(nb: Path) -> str:
    """A notebook's first heading (its file name if it has none)."""
    for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        m = re.search(r"^#\s+(.*\S)", "".join(c["source"]), re.M) if c["cell_type"] == "markdown" else None
        if m:
            return m.group(1)
    return nb.stem


def docs_page(root: Path, page: str, staged: set[str]) -> str:
    """A Markdown page of ``docs/`` (or ``data/README.md``), its links made to work in the
    book; ``docs/layout.md`` gains the tree of every module."""
    text = rewrite_links(Path(root, page).read_text(encoding="utf-8"), page, staged)
    if page == "docs/layout.md":
        text += ("\n## Every module\n\nThe same tree with every module of the library and every "
                 "tool, drawn when this book was built:\n\n"
                 f"```text\n{layout_tree(root, modules=True)}\n```\n")
    return text


# --------------------------------------------------------------------------- notebooks
def with_figures(nb_path: Path, entries: list[FigureEntry]) -> tuple[str, set[str]]:
    """The notebook's JSON with, under each cell that saved figures, a cell showing them
    (unless its outputs already hold an image), and the labels of the figures shown."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    by_cell: dict[int, list[FigureEntry]] = {}
    labels = set()
    for e in entries:
        if e.file and e.from_notebook and e.site.notebook == nb_path.stem:
            by_cell.setdefault(e.site.cell, []).append(e)
    for index in sorted(by_cell, reverse=True):
        cell = nb["cells"][index]
        if any(k.startswith("image/") for o in cell.get("outputs", []) for k in o.get("data", {})):
            continue  # the notebook shows its figure itself
        nb["cells"].insert(index + 1, figure_cell(by_cell[index], f"committed-figures-{index}"))
        labels.update(figure_label(e.file) for e in by_cell[index])
    return json.dumps(nb, ensure_ascii=False, indent=1), labels


def with_source_link(text: str, nb_path: Path) -> str:
    """A staged notebook's JSON with :func:`source_cell` under its title cell."""
    nb = json.loads(text)
    nb["cells"].insert(1, source_cell(nb_path))
    return json.dumps(nb, ensure_ascii=False, indent=1)


def source_cell(nb_path: Path) -> dict:
    """A Markdown cell linking the page's source notebook (a download of the committed file)
    and saying how to re-run it."""
    text = (f"*This page is the committed notebook {{download}}`notebooks/{nb_path.name} "
            f"<{nb_path.name}>`, executed; `make nb NB={nb_path.name[:2]}` re-renders it from "
            "the committed result store.*")
    return {"cell_type": "markdown", "id": "source-notebook",
            "metadata": {"tags": ["source-notebook"]}, "source": text}


def figure_cell(entries: list[FigureEntry], cell_id: str) -> dict:
    """A Markdown cell showing committed figures, each with its caption and label."""
    parts = []
    for e in entries:
        parts += [f"```{{figure}} ../{e.file}", f":name: {figure_label(e.file)}",
                  f":alt: {Path(e.file).name}", ":width: 100%", "", caption(e), "```", ""]
    return {"cell_type": "markdown", "id": cell_id, "metadata": {"tags": ["committed-figure"]},
            "source": "\n".join(parts)}


# --------------------------------------------------------------------------- the lesson
def lesson_page(nb_path: Path) -> str:
    """An episode's JSON with each solution cell folded: hidden, input and output, behind a
    button saying "Show the solution" (myst-nb's ``hide-cell`` tag and prompts).

    >>> import json, tempfile
    >>> cell = {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "x = 1",
    ...         "outputs": [], "execution_count": 1}
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = Path(d, "01_x.ipynb")
    ...     _ = p.write_text(json.dumps({"cells": [cell], "metadata": {}}))
    ...     folded = json.loads(lesson_page(p))["cells"][0]["metadata"]
    >>> folded["tags"], folded["mystnb"]["code_prompt_show"]
    (['solution', 'hide-cell'], 'Show the solution')
    """
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        meta = cell.setdefault("metadata", {})
        if "solution" in meta.get("tags", []):
            meta["tags"] = [*meta["tags"], "hide-cell"]
            meta["mystnb"] = {"code_prompt_show": "Show the solution",
                              "code_prompt_hide": "Hide the solution"}
    return json.dumps(nb, ensure_ascii=False, indent=1)


def lesson_notes(root: Path, staged: set[str]) -> str:
    """``lesson/README.md``, its links made to work in the book, and the students' download."""
    text = rewrite_links(Path(root, "lesson", "README.md").read_text(encoding="utf-8"),
                         "lesson/README.md", staged)
    return text.rstrip("\n") + f"""

## The students' copy

{{download}}`{STUDENT_ZIP} <{STUDENT_ZIP}>`: the six episodes without their solutions and
outputs, with `checks.py` and these notes (what `make lesson-student` writes). Unpack it in a
checkout of the compendium with featrank installed (`make install`), and open the episodes in
JupyterLab (`make lesson-lab` does both).
"""


def student_zip(root: Path) -> bytes:
    """The bytes of the students' copy as a zip (the same bytes for the same lesson)."""
    with tempfile.TemporaryDirectory() as tmp:
        return write_student_copy(Path(tmp, "featrank-lesson"), Path(root, "lesson")).read_bytes()


# --------------------------------------------------------------------------- build
def stage(root: Path = ROOT, out: Path = BUILD / "src") -> Path:
    """Write the book's sources into ``out`` (removing staged files that are no longer made)."""
    entries = figure_index(root)
    written = set()

    def put(rel, data):
        written.add(write_if_changed(out / rel, data).resolve())

    for png in sorted(Path(root, "figures").rglob("*.png")):
        put(png.relative_to(root).as_posix(), png.read_bytes())
    shown = set()
    for nb in notebooks(root):
        text, labels = with_figures(nb, entries)
        put(f"notebooks/{nb.name}", with_source_link(text, nb))
        shown |= labels
    lesson = episodes(Path(root, "lesson"))
    for nb in lesson:
        put(f"lesson/{nb.name}", lesson_page(nb))
    if lesson:
        put(f"lesson/{STUDENT_ZIP}", student_zip(root))
    pages = docs_pages(root)
    staged = {"index.md", "summaries.md", "data.md", *pages,
              *(["lesson/README.md"] if lesson else []),
              *(p.relative_to(out).as_posix() for p in out.rglob("*") if p.resolve() in written)}
    put("index.md", landing_page(root, staged))
    put("summaries.md", summaries_page(root))
    put("data.md", docs_page(root, "data/README.md", staged))
    if lesson:
        put("lesson/README.md", lesson_notes(root, staged))
    for page in pages:
        if page == "docs/figures.md":
            put(page, figures_page(entries, shown))
        elif page.endswith(".md"):
            put(page, docs_page(root, page, staged))
        else:
            put(page, Path(root, page).read_bytes())
    for f in sorted(out.rglob("*"), reverse=True):
        if f.is_file() and f.resolve() not in written:
            f.unlink()
    return out


def build(root: Path = ROOT, build_dir: Path = BUILD, quiet: bool = True) -> Path:
    """Stage the sources and run Sphinx; returns the path of the book's ``index.html``.

    Warnings are errors (a broken cross-reference or a missing image fails the build).
    """
    src = stage(root, build_dir / "src")
    html = build_dir / "html"
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(root / "docs"),
           "-d", str(build_dir / "doctrees"), "-W", "--keep-going", "-j", "1",
           *(["-q"] if quiet else []), str(src), str(html)]
    subprocess.run(cmd, check=True)
    return html / "index.html"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", type=Path, default=BUILD)
    parser.add_argument("-v", "--verbose", action="store_true", help="show Sphinx's progress")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        index = build(ROOT, args.build_dir.resolve(), quiet=not args.verbose)
    except subprocess.CalledProcessError as exc:
        print(f"the book did not build (sphinx exited with {exc.returncode}); see above", file=sys.stderr)
        return 1
    print(f"book built in {time.perf_counter() - start:.0f} s; open:", flush=True)
    print(index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
