"""Which notebook cell saved each file of ``figures/``, and which ``featrank.plots`` function drew it.

Read from the notebooks' code cells without running them: a figure is saved by
``featrank.plots.savefig(fig, notebook, name)`` or by a helper defined in a notebook that
calls it (``out_fig(fig, name)``, ``block(...)``). The name may be an f-string: the values
known at the call (constant arguments of a helper) are filled in, the others match any text,
and the result is matched against the files present in ``figures/<notebook>/`` (the most
specific match wins). Files no notebook saves are looked up in the scripts of ``tools/`` and
``tests/`` (the benchmark runner draws ``figures/bench/``).

Examples
--------
>>> paper_figure("fig5_6_real_datasets.png")
'Figs. 5–6'
>>> paper_figure("figA10_iris.png"), paper_figure("example_performance_curves.png")
('Fig. A10', '')
>>> paper_of("02_prati2012_rank_aggregation"), short_name("evaluate_your_ranker")
('Prati 2012', 'evaluate_your_ranker')
"""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAVER = "featrank.plots.savefig"
#: library calls that save a figure of a fixed name in the notebook's folder, and what draws it
FIXED_SAVERS = {"featrank.experiments.summary.save_specifications":
                ("specification_curve", "featrank.plots.specification.specification_curve")}
PLOTS = "featrank.plots."
#: featrank.plots functions that style a figure but do not draw one
HELPER_WORDS = ("savefig", "color", "colour", "palette", "theme", "style", "legend")
_ANY = None  # a part of a figure name that is only known when the notebook runs
_SKIP = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class SaveSite:
    """One call in a notebook cell that saves one or more figures."""

    notebook: str          # notebook file stem, or the script's path (``tests/bench/run.py``)
    folder: str            # sub-folder of figures/
    cell: int              # 0-based index of the cell in the notebook
    section: str           # the heading the cell stands under ("" before any)
    regex: str             # the file stems it can write
    specificity: int       # characters of the name known without running
    exact: bool            # the name is fully known
    functions: tuple       # featrank.plots functions that drew the figure


@dataclass(frozen=True)
class FigureEntry:
    """One row of the figure index: a file in figures/ and where it comes from."""

    file: str | None       # path relative to the repository (None: saved but not committed)
    site: SaveSite | None  # the notebook cell or script that saves it (None: none found)

    @property
    def from_notebook(self) -> bool:
        return self.site is not None and not self.site.notebook.endswith(".py")

    @property
    def paper_figure(self) -> str:
        return paper_figure(self.file or "")


def paper_figure(file_name: str) -> str:
    """The paper figure(s) a file redoes, read from its name (``fig2_fig3_...`` -> Figs. 2–3)."""
    m = re.match(r"fig(A?\d+)((?:_(?:fig)?A?\d+)*)(?:_|\.|$)", Path(file_name).name)
    if not m:
        return ""
    nums = [m.group(1), *re.findall(r"_(?:fig)?(A?\d+)", m.group(2))]
    if len(nums) == 1:
        return f"Fig. {nums[0]}"
    both_int = all(n.isdigit() for n in nums)
    if len(nums) == 2 and both_int and int(nums[1]) == int(nums[0]) + 1:
        return f"Figs. {nums[0]}–{nums[1]}"
    return "Figs. " + ", ".join(nums)


def paper_of(notebook: str) -> str:
    """``'01_quevedo2007_spe_ranker'`` -> ``'Quevedo 2007'`` ('' for notebooks of no paper)."""
    m = re.match(r"\d+_([a-z]+)(\d{4})", notebook)
    return f"{m.group(1).capitalize()} {m.group(2)}" if m else ""


def short_name(notebook: str) -> str:
    """``'01_quevedo2007_spe_ranker'`` -> ``'01'``; an unnumbered notebook keeps its name."""
    m = re.match(r"(\d+)_", notebook)
    return m.group(1) if m else notebook


# --------------------------------------------------------------------------- notebook cells
def read_cells(path: Path) -> list[dict]:
    """The cells of a notebook as dicts with ``kind``, ``source`` and ``has_image``."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    cells = []
    for c in nb["cells"]:
        src = c["source"] if isinstance(c["source"], str) else "".join(c["source"])
        images = any(k.startswith("image/") for o in c.get("outputs", []) for k in o.get("data", {}))
        cells.append(dict(kind=c["cell_type"], source=src, has_image=images))
    return cells


def headings(cells: list[dict]) -> list[str]:
    """For each cell, the text of the last Markdown heading at or above it."""
    out, current = [], ""
    for c in cells:
        if c["kind"] == "markdown":
            for line in c["source"].splitlines():
                m = re.match(r"#{1,6}\s+(.*\S)", line)
                if m:
                    current = m.group(1)
        out.append(current)
    return out


def parse_cell(source: str, where: str) -> ast.Module:
    """Parse a code cell, IPython magics (``%...``, ``!...``) blanked out."""
    lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    try:
        return ast.parse("\n".join(lines))
    except SyntaxError as exc:
        raise SyntaxError(f"{where}: cannot parse the code cell ({exc.msg}, line {exc.lineno})") from None


def import_aliases(trees) -> dict[str, str]:
    """Local name -> qualified name, from every import statement of the cells."""
    aliases = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        aliases[a.asname] = a.name
                    else:
                        head = a.name.split(".")[0]
                        aliases[head] = head
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    aliases[a.asname or a.name] = f"{node.module}.{a.name}"
    return aliases


def dotted(node) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def qualify(func, aliases) -> str | None:
    """The qualified name a called expression refers to, through the imports."""
    name = dotted(func)
    if name is None:
        return None
    head, _, rest = name.partition(".")
    if head not in aliases:
        return name
    return aliases[head] + (f".{rest}" if rest else "")


def calls_in(body) -> list[ast.Call]:
    """Calls in statements, in source order, not looking into nested function definitions."""
    found, stack = [], list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, _SKIP):
            continue
        if isinstance(node, ast.Call):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda c: (c.lineno, c.col_offset))


def is_plot(qualname: str | None) -> bool:
    """A featrank.plots function that draws (not a colour or saving helper)."""
    if not qualname or not qualname.startswith(PLOTS):
        return False
    last = qualname.rsplit(".", 1)[-1].lower()
    return not any(w in last for w in HELPER_WORDS)


# --------------------------------------------------------------------------- figure names
def name_parts(expr, env) -> list:
    """The pieces of a figure name: strings where known, ``_ANY`` where not."""
    if isinstance(expr, ast.Constant):
        return [str(expr.value)]
    if isinstance(expr, ast.JoinedStr):
        return [p for v in expr.values for p in name_parts(v, env)]
    if isinstance(expr, ast.FormattedValue):
        plain = expr.format_spec is None and expr.conversion in (-1, ord("s"))
        return name_parts(expr.value, env) if plain else [_ANY]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return name_parts(expr.left, env) + name_parts(expr.right, env)
    if isinstance(expr, ast.Name) and expr.id in env:
        bound, bound_env = env[expr.id]
        return name_parts(bound, bound_env)
    return [_ANY]


def bind(func: ast.FunctionDef, call: ast.Call, env) -> dict:
    """The helper's parameters bound to the call's arguments (each with its own scope)."""
    a = func.args
    params = [p.arg for p in a.posonlyargs + a.args]
    bound = {}
    for name, default in zip(params[len(params) - len(a.defaults):], a.defaults):
        bound[name] = (default, {})
    for name, default in zip((p.arg for p in a.kwonlyargs), a.kw_defaults):
        if default is not None:
            bound[name] = (default, {})
    for name, value in zip(params, call.args):
        if not isinstance(value, ast.Starred):
            bound[name] = (value, env)
    for kw in call.keywords:
        if kw.arg:
            bound[kw.arg] = (kw.value, env)
    return bound


def saved_name(call: ast.Call, params: list[str], default=None):
    """The argument of ``call`` that stands for the parameter ``params[i]`` of savefig."""
    names = {kw.arg: kw.value for kw in call.keywords}
    out = []
    for i, p in enumerate(params):
        out.append(call.args[i] if i < len(call.args) else names.get(p, default))
    return out


class CodeFigures:
    """The save sites of a notebook (``CodeFigures.notebook``) or of a script (``.script``)."""

    def __init__(self, name: str, cells: list[dict], where: str):
        self.stem = name
        self.cells = cells
        self.sections = headings(cells)
        self.trees = {i: parse_cell(c["source"], f"{where} cell {i}")
                      for i, c in enumerate(cells) if c["kind"] == "code"}
        self.aliases = import_aliases(self.trees.values())
        self.helpers = self._helpers()

    @classmethod
    def notebook(cls, path: Path) -> "CodeFigures":
        return cls(Path(path).stem, read_cells(path), Path(path).name)

    @classmethod
    def script(cls, path: Path, root: Path = ROOT) -> "CodeFigures":
        rel = Path(path).relative_to(root).as_posix()
        source = Path(path).read_text(encoding="utf-8")
        return cls(rel, [dict(kind="code", source=source, has_image=False)], rel)

    def _helpers(self) -> dict[str, ast.FunctionDef]:
        """Functions defined in the notebook that save a figure (directly or through another)."""
        defs = {n.name: n for t in self.trees.values() for n in ast.walk(t)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        helpers, grew = {}, True
        while grew:
            grew = False
            for name, fn in defs.items():
                if name not in helpers and any(self._saver(c, helpers) for c in calls_in(fn.body)):
                    helpers[name] = fn
                    grew = True
        return helpers

    def _saver(self, call, helpers=None):
        """'savefig', a helper's definition, or None for a call that saves nothing."""
        helpers = self.helpers if helpers is None else helpers
        q = qualify(call.func, self.aliases)
        if q == SAVER:
            return "savefig"
        if q in FIXED_SAVERS:
            return q
        if isinstance(call.func, ast.Name) and call.func.id in helpers:
            return helpers[call.func.id]
        return None

    def _expand(self, call, env, depth=0):
        """(folder, name parts, plot functions) for each figure one saving call writes."""
        saver = self._saver(call)
        if saver == "savefig":
            _, folder, name = saved_name(call, ["fig", "notebook", "name"])
            folder_parts = name_parts(folder, env) if folder is not None else [_ANY]
            known = len(folder_parts) == 1 and folder_parts[0] is not _ANY
            return [(folder_parts[0] if known else self.stem, name_parts(name, env), ())]
        if isinstance(saver, str):          # a library call saving one figure of fixed name
            name, drawn_by = FIXED_SAVERS[saver]
            return [(self.stem, [name], (drawn_by,))]
        if depth > 20:  # a helper calling itself
            return []
        inner_env = bind(saver, call, env)
        inner = calls_in(saver.body)
        drawn = tuple(q for c in inner if is_plot(q := qualify(c.func, self.aliases)))
        out = []
        for c in inner:
            if self._saver(c):
                out += [(f, parts, drawn + fns) for f, parts, fns in self._expand(c, inner_env, depth + 1)]
        return out

    def sites(self) -> list[SaveSite]:
        """Every figure-saving call at the top level of a code cell, in notebook order."""
        found = []
        for i, tree in self.trees.items():
            drawn_since = []
            for call in calls_in(tree.body):
                q = qualify(call.func, self.aliases)
                if is_plot(q):
                    drawn_since.append(q)
                if not self._saver(call):
                    continue
                for folder, parts, fns in self._expand(call, {}):
                    found.append(self._site(i, folder, parts, tuple(drawn_since) + fns))
                drawn_since = []
        return found

    def _site(self, cell, folder, parts, functions) -> SaveSite:
        regex = "".join(".+" if p is _ANY else re.escape(p) for p in parts)
        known = sum(len(p) for p in parts if p is not _ANY)
        return SaveSite(self.stem, folder, cell, self.sections[cell], regex, known,
                        _ANY not in parts, tuple(dict.fromkeys(functions)))


# --------------------------------------------------------------------------- the index
def notebooks(root: Path = ROOT) -> list[Path]:
    """Every notebook of ``notebooks/``, by name (new ones are picked up as they appear)."""
    return sorted(Path(root, "notebooks").glob("*.ipynb"))


def script_sites(root: Path) -> list[SaveSite]:
    """Save sites of the scripts outside the library (benchmark runner, tools), tests last."""
    paths = [p for folder in ("tools", "tests") for p in sorted(Path(root, folder).rglob("*.py"))]
    paths.sort(key=lambda p: p.name.startswith("test_"))
    return [s for p in paths if "savefig" in p.read_text(encoding="utf-8", errors="replace")
            for s in CodeFigures.script(p, root).sites()]


def best_site(folder: str, stem: str, sites: list[SaveSite]) -> SaveSite | None:
    """The most specific save site whose name matches a file (the first of equals)."""
    matches = [s for s in sites if s.folder == folder and re.fullmatch(s.regex, stem)]
    return max(reversed(matches), key=lambda s: (s.exact, s.specificity), default=None)


def figure_index(root: Path = ROOT) -> list[FigureEntry]:
    """One entry per file in ``figures/`` (and per notebook save site that matched no file).

    Files are ordered by notebook and cell; files saved by scripts or by nothing come last.
    """
    root = Path(root)
    nbs = notebooks(root)
    sites = [s for nb in nbs for s in CodeFigures.notebook(nb).sites()]
    entries, used = [], set()
    others = None
    for png in sorted(Path(root, "figures").rglob("*.png")):
        site = best_site(png.parent.name, png.stem, sites)
        if site is None:
            others = script_sites(root) if others is None else others
            site = best_site(png.parent.name, png.stem, others)
        used.add(site)
        entries.append(FigureEntry(png.relative_to(root).as_posix(), site))
    entries += [FigureEntry(None, s) for s in sites if s not in used]
    order = {nb.stem: k for k, nb in enumerate(nbs)}

    def key(e):
        rank = order.get(e.site.notebook, len(order)) if e.site else len(order) + 1
        return (rank, e.site.cell if e.site else 0, e.file or "~")
    return sorted(entries, key=key)
