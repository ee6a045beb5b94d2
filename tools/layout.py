"""The repository's layout as an annotated tree, read from the files git tracks.

Each line is annotated from the file itself where it can be: a Python module or package by
the first sentence of its docstring, a notebook or Markdown file by its first heading.
Folders and files that carry no text of their own get the short notes of ``NOTES``.
The folders of ``EXPAND`` are opened, and the library down to its packages: that tree is
``docs/layout.md``. The full tree, with every module (``python -m tools.layout``), is shown
by the book.

Examples
--------
>>> print(render_tree({"a.py": "the a module", "d/": "a folder", "d/b.py": ""}, width=12))
.
├── a.py    # the a module
└── d/      # a folder
    └── b.py
"""
from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: notes for what has no docstring or heading of its own (shown only if the path exists)
NOTES = {
    ".ci/": "continuous integration",
    ".ci/run": "what CI runs: make test (and the book's browser test), make lesson-check, make check",
    "Makefile": "make, make test, make book, make evaluate, ... (docs/running.md)",
    "README.md": "the front door: what this is, how to run it, what is where, how to cite",
    "LICENSE": "BSD-3-Clause (code)",
    "pyproject.toml": "the package, its dependencies and extras (notebooks, dev, docs, lab)",
    "requirements-lock.txt": "the exact versions make, CI and Binder install",
    "environment.yml": "conda environment (the lock file's versions)",
    "binder/": "Binder: the lock file's versions, then the package",
    "data/": "no data files are committed (see data/README.md)",
    "data/results/": "one folder per notebook: its derived tables (CSV) and result store",
    "docs/": "the pages the README links to, and the book's configuration (make book)",
    "figures/": "one folder per notebook (docs/figures.md says which cell drew each file)",
    "lib/": "the importable package (lib/ plays the role of src/)",
    "lesson/": "a 90-minute lesson: six episodes with self-checking exercises (make lesson)",
    "notebooks/": "one notebook per paper, committed with its outputs",
    "notebooks/committed_profiles.txt": "the profile each committed notebook was executed at",
    "tests/": "pytest: unit tests; Weka 3.6.14 fixtures; bench/ (make bench)",
    "tools/": "developer tooling: the generated pages, the book, publishing (not the library)",
}
#: folders whose files are listed
EXPAND = ("", ".ci", "binder", "data", "docs", "lesson", "notebooks")
#: folders listed with every sub-folder (the library's packages); in the full tree
#: (``modules=True``) with every file too
MODULES = ("lib", "tools")
_HIDE = (".gitignore", ".gitattributes")


def tracked_files(root: Path = ROOT) -> list[str]:
    """The files git tracks under ``root`` (posix paths relative to it)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True,
                             check=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise RuntimeError(f"the layout tree is read from git, but {root} is not a git checkout") from exc
    return sorted(p for p in out.split("\0") if p)


_ABBREVIATIONS = ("Sec", "Secs", "Fig", "Figs", "Eq", "Eqs", "Tab", "al", "e.g", "i.e", "cf", "vs", "No")


def first_sentence(text: str) -> str:
    r"""The first sentence of the first paragraph, whitespace folded, ````code```` as `code`.

    A sentence ends at ``.``, ``!`` or ``?`` before a capital letter or the paragraph's end,
    but not after an abbreviation ("Sec. IV", "et al. (2020)").

    >>> first_sentence("Measures of Prati (2012, Sec. IV).\n\nMore.")
    'Measures of Prati (2012, Sec. IV)'
    >>> first_sentence("Lin: an ensemble. Details follow.")
    'Lin: an ensemble'
    """
    para = re.split(r"\n\s*\n", text.strip(), maxsplit=1)[0]
    para = " ".join(para.split()).replace("``", "`")
    for m in re.finditer(r"[.!?](?=\s+[A-Z]|$)", para):
        words = para[:m.start()].split()
        if not words or words[-1].lstrip("(") not in _ABBREVIATIONS:
            return para[:m.start()]
    return para.rstrip(".")


def describe(path: Path) -> str:
    """The annotation a file carries itself: docstring, notebook title or Markdown heading."""
    if path.suffix == ".py":
        try:
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        except SyntaxError:
            doc = None
        return first_sentence(doc) if doc else ""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "".join(cells[0]["source"]) if cells and cells[0]["cell_type"] == "markdown" else ""
    elif path.suffix == ".md":
        text = path.read_text(encoding="utf-8")
    else:
        return ""
    m = re.search(r"^#{1,6}\s+(.*\S)", text, flags=re.M)
    return m.group(1) if m else ""


def _under(path: str, folders) -> bool:
    """Whether ``path`` is one of ``folders`` or lies inside one."""
    return any(path == f or path.startswith(f + "/") for f in folders)


def shown(path: str, modules: bool = False) -> bool:
    """Whether a tracked file appears in the tree: inside a folder of ``EXPAND``, or, in the
    full tree, anywhere in ``MODULES`` (a package's ``__init__.py`` is its folder's line)."""
    parent = path.rpartition("/")[0]
    if parent in EXPAND:
        return True
    return modules and _under(parent, MODULES) and Path(path).name != "__init__.py"


def entries(root: Path = ROOT, modules: bool = False) -> dict[str, str]:
    """Path (folders end in ``/``) -> annotation, for every line of the tree.

    Without ``modules`` the tree stops at the library's packages, so adding a module changes
    nothing in it; with ``modules`` it lists every module and tool, and the folders it does
    not open say how many files they hold.
    """
    files = [f for f in tracked_files(root) if Path(f).name not in _HIDE]
    out = {}
    for f in files:
        parts = f.split("/")
        for k in range(1, len(parts)):
            folder = "/".join(parts[:k])
            parent = folder.rpartition("/")[0]
            if parent in EXPAND or _under(parent, MODULES):
                out.setdefault(folder + "/", None)
        if shown(f, modules):
            out[f] = None
    for p in out:
        out[p] = folder_note(root, p, files, modules) if p.endswith("/") else \
            NOTES.get(p) or describe(root / p)
    return out


def folder_note(root: Path, folder: str, files: list[str], modules: bool) -> str:
    """A folder's note: ``NOTES``, else its package docstring; in the full tree, a folder whose
    files are not listed also says how many it holds."""
    init = root / folder / "__init__.py"
    note = NOTES.get(folder) or (describe(init) if init.exists() else "")
    name = folder.rstrip("/")
    if modules and name not in EXPAND and not _under(name, MODULES):
        n = sum(f.startswith(folder) for f in files)
        note = f"{note} ({n} files)" if note else f"{n} files"
    return note


def render_tree(items: dict[str, str], width: int = 44, max_note: int = 80) -> str:
    """Draw ``path -> note`` as a tree; notes start in column ``width``."""
    def sort_key(p):
        parts = p.rstrip("/").split("/")
        # inside a folder: sub-folders after files, each group by name
        return [(0 if k == len(parts) - 1 and not p.endswith("/") else 1, s.lower())
                for k, s in enumerate(parts)]
    paths = sorted(items, key=sort_key)
    lines = ["."]
    for i, p in enumerate(paths):
        depth = p.rstrip("/").count("/")
        prefix = ""
        for d in range(depth):
            ancestor = "/".join(p.split("/")[:d + 1]) + "/"
            prefix += "    " if _is_last(ancestor, paths) else "│   "
        branch = "└── " if _is_last(p, paths) else "├── "
        name = p.rstrip("/").rsplit("/", 1)[-1] + ("/" if p.endswith("/") else "")
        line = prefix + branch + name
        note = items[p] or ""
        if len(note) > max_note:
            note = note[:max_note - 1].rstrip() + "…"
        lines.append(f"{line.ljust(width - 1)} # {note}" if note else line)
    return "\n".join(lines)


def _is_last(path: str, paths: list[str]) -> bool:
    """Whether no sibling of ``path`` follows it in ``paths``."""
    parent = path.rstrip("/").rpartition("/")[0]
    later = paths[paths.index(path) + 1:]
    return not any(q.rstrip("/").rpartition("/")[0] == parent for q in later)


def layout_tree(root: Path = ROOT, modules: bool = False) -> str:
    """The annotated tree of the repository: down to the library's packages (as
    ``docs/layout.md`` holds it), or with every module (``modules=True``, as the book shows it)."""
    return render_tree(entries(root, modules))


if __name__ == "__main__":
    print(layout_tree(modules=True))
