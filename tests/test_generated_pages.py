"""The generated parts of the README (its status column) and of the pages of ``docs/`` (layout
tree, figure index, status, store and speed tables) are current; adding a module changes none
of them; and the figure index's generator finds which notebook cell saved which figure."""
from __future__ import annotations

import doctest
import json
import subprocess
from pathlib import Path

import pytest

import tools.book as book_tool
import tools.figure_index as figure_index
import tools.layout as layout
import tools.readme as readme
import tools.status as status

ROOT = Path(__file__).resolve().parents[1]


def test_generated_parts_are_current():
    if not (ROOT / ".git").exists():
        pytest.skip("the layout tree is read from git: not a git checkout")
    stale = readme.stale_blocks(ROOT)
    assert not stale, f"stale generated part(s) {stale}; regenerate with: {readme.COMMAND}"


def test_every_page_with_generated_blocks_has_their_markers():
    for page, names in readme.PAGES.items():
        text = (ROOT / page).read_text(encoding="utf-8")
        for name in names:
            pair = (text.count(f"<!-- {name}:begin -->"), text.count(f"<!-- {name}:end -->"))
            assert pair == (1, 1), \
                f"{page} needs one '<!-- {name}:begin -->' ... '<!-- {name}:end -->' pair"


def _git(root: Path, *args):
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def _write(root: Path, files: dict[str, str]):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    _git(root, "add", "-A")


def test_a_new_module_changes_no_generated_page_but_a_new_package_does(tmp_path):
    """The committed tree stops at the packages; the book's full tree lists the modules."""
    _git(tmp_path, "init", "-q")
    _write(tmp_path, {"README.md": "# x\n", "lib/featrank/__init__.py": '"""The package."""\n',
                      "lib/featrank/a/__init__.py": '"""Package a."""\n',
                      "lib/featrank/a/m.py": '"""Module m."""\n',
                      "tools/readme.py": '"""A tool."""\n'})
    before = layout.layout_tree(tmp_path)
    _write(tmp_path, {"lib/featrank/a/n.py": '"""Module n."""\n',
                      "lib/featrank/top.py": '"""A top-level module."""\n',
                      "tools/new_tool.py": '"""Another tool."""\n'})
    assert layout.layout_tree(tmp_path) == before
    full = layout.layout_tree(tmp_path, modules=True)
    assert "Module n" in full and "A top-level module" in full and "Another tool" in full
    _write(tmp_path, {"lib/featrank/b/__init__.py": '"""Package b."""\n'})
    assert "Package b" in layout.layout_tree(tmp_path)


@pytest.mark.parametrize("module", [book_tool, figure_index, layout, readme, status])
def test_tool_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_every_committed_figure_has_a_source():
    entries = figure_index.figure_index(ROOT)
    orphans = [e.file for e in entries if e.file and e.site is None]
    assert not orphans, f"no notebook cell or script saves {orphans}: stale files?"


def _notebook(path: Path, cells: list[tuple[str, str]]):
    nb = {"cells": [{"cell_type": kind, "metadata": {}, "source": src,
                     **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                    for kind, src in cells],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")


def test_figure_index_of_a_toy_notebook(tmp_path):
    (tmp_path / "notebooks").mkdir()
    _notebook(tmp_path / "notebooks" / "07_doe2021_toy.ipynb", [
        ("markdown", "# 07 — Doe (2021)"),
        ("code", "%matplotlib inline\nimport matplotlib.pyplot as plt\n"
                 "from featrank.plots import savefig, method_color\n"
                 "from featrank.plots import slavkov2020 as P\nimport featrank.plots.cd as CD\n"
                 "NB = '07_doe2021_toy'\n"
                 "def out(fig, name, close=False):\n    savefig(fig, NB, name)\n"
                 "def block(name, k):\n    fig = CD.cd_diagram(name)\n    out(fig, f'fig{k}_{name}')\n"),
        ("markdown", "## Fig. 3 — two datasets"),
        ("code", "for ds in ['a', 'b']:\n    fig = P.plot_x(ds, color=method_color('IG'))\n"
                 "    out(fig, f'fig3_{ds}')\n"),
        ("markdown", "## Fig. 1\n\n### by hand"),
        ("code", "fig = plt.figure()\nsavefig(fig, NB, 'fig1_x')\nblock('y', 4)\n"
                 "savefig(fig, NB, 'fig9_never_saved')\n"),
    ])
    folder = tmp_path / "figures" / "07_doe2021_toy"
    folder.mkdir(parents=True)
    for name in ("fig3_a", "fig3_b", "fig1_x", "fig4_y", "stray"):
        (folder / f"{name}.png").write_bytes(b"")
    got = {(Path(e.file).stem if e.file else None):
           (e.site and (e.site.cell, e.site.section, e.site.functions, e.site.exact))
           for e in figure_index.figure_index(tmp_path)}
    plot_x = ("featrank.plots.slavkov2020.plot_x",)
    assert got["fig3_a"] == got["fig3_b"] == (3, "Fig. 3 — two datasets", plot_x, False)
    assert got["fig1_x"] == (5, "by hand", (), True)
    assert got["fig4_y"] == (5, "by hand", ("featrank.plots.cd.cd_diagram",), True)
    assert got["stray"] is None
    assert got[None][0] == 5  # fig9_never_saved: a save site without a committed file


def test_unparsable_cell_is_named(tmp_path):
    (tmp_path / "notebooks").mkdir()
    _notebook(tmp_path / "notebooks" / "01_x.ipynb", [("code", "def broken(:\n")])
    with pytest.raises(SyntaxError, match="01_x.ipynb cell 0"):
        figure_index.figure_index(tmp_path)


def test_book_shows_committed_figures_under_the_cells_without_images(tmp_path):
    (tmp_path / "notebooks").mkdir()
    nb = tmp_path / "notebooks" / "07_doe2021_toy.ipynb"
    _notebook(nb, [("code", "from featrank.plots import savefig\nsavefig(fig, NB, 'fig1_a')"),
                   ("code", "savefig(fig, NB, 'fig2_b')")])
    data = json.loads(nb.read_text())
    data["cells"][1]["outputs"] = [{"output_type": "display_data", "metadata": {},
                                    "data": {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"}}]
    nb.write_text(json.dumps(data))
    folder = tmp_path / "figures" / "07_doe2021_toy"
    folder.mkdir(parents=True)
    for name in ("fig1_a", "fig2_b"):
        (folder / f"{name}.png").write_bytes(b"")
    text, labels = book_tool.with_figures(nb, figure_index.figure_index(tmp_path))
    cells = json.loads(text)["cells"]
    assert labels == {"fig-figures-07-doe2021-toy-fig1-a"}
    assert [c["cell_type"] for c in cells] == ["code", "markdown", "code"]
    assert "```{figure} ../figures/07_doe2021_toy/fig1_a.png" in cells[1]["source"]
    assert "Doe 2021 Fig. 1" in cells[1]["source"]


def test_book_pages_link_their_source_notebook(tmp_path):
    nb = tmp_path / "07_doe2021_toy.ipynb"
    _notebook(nb, [("markdown", "# 07 — Doe (2021)"), ("code", "1")])
    cells = json.loads(book_tool.with_source_link(nb.read_text(), nb))["cells"]
    assert [c["cell_type"] for c in cells] == ["markdown", "markdown", "code"]
    assert "{download}`notebooks/07_doe2021_toy.ipynb <07_doe2021_toy.ipynb>`" in cells[1]["source"]


def test_book_links_of_a_docs_page_point_to_its_pages_or_become_text():
    staged = {"index.md", "data.md", "docs/store.md", "notebooks/05_x.ipynb"}
    text = ("[a](store.md#long-runs) [b](../README.md#data) [c](../data/README.md) "
            "[d](../notebooks/05_x.ipynb) [e](../Makefile) [f](#here) [g](https://x.org/a.md)")
    assert book_tool.rewrite_links(text, "docs/running.md", staged) == (
        "[a](store.md#long-runs) [b](../index.md#data) [c](../data.md) "
        "[d](../notebooks/05_x.ipynb) e [f](#here) [g](https://x.org/a.md)")
    assert book_tool.rewrite_links("[s](docs/store.md) [m](Makefile)", "README.md", staged) == \
        "[s](docs/store.md) m"


def test_book_lists_every_page_of_docs(tmp_path):
    (tmp_path / "docs").mkdir()
    for name in ("zeta.md", "running.md", "layout.md", "example_report.ipynb", "conf.py"):
        (tmp_path / "docs" / name).write_text("# x\n")
    assert book_tool.docs_pages(tmp_path) == ["docs/running.md", "docs/example_report.ipynb",
                                              "docs/layout.md", "docs/zeta.md"]
