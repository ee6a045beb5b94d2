"""The README is a front door: short, its library example runs as printed, and every link of
the README and of the pages of ``docs/`` leads to a file (and a heading) that exists."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tools.book import slug

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
MAX_LINES = 200
#: a Markdown link (not an image); its target up to a space or ")"
LINK = re.compile(r"(?<!!)\[[^\]]+\]\(([^)\s]+)\)")


def code_block(text: str, heading: str) -> str:
    """The first ```python block under the ``## heading`` of ``text``."""
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (GitHub's rule for plain text)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(re.sub(r"[`*]", "", h)) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def broken_links(page: Path) -> list[str]:
    """The links of ``page`` to a missing file, or to a heading its target does not have."""
    out = []
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            out.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            out.append(f"{target}: no heading with that anchor")
    return out


def test_readme_is_at_most_200_lines():
    n = len(README.read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, (f"README.md has {n} lines (at most {MAX_LINES}): move the details "
                            "to a page of docs/ and link it")


def test_readme_example_runs_and_finds_the_ranking_better_than_random():
    code = code_block(README.read_text(encoding="utf-8"), "The library in ten lines")
    assert len(code.strip().splitlines()) <= 12, "the README's example is meant to be short"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
    assert float(out.getvalue().split()[-1]) > 0, out.getvalue()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_resolves(page):
    broken = broken_links(page)
    assert not broken, f"{page.relative_to(ROOT)}: broken links {broken}"


def test_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\n## Two words\n\n[ok](#two-words) [x](b.md)\n"
                                   "[y](a.md#nothing) [z](https://example.org/none)\n")
    assert broken_links(tmp_path / "a.md") == ["b.md: no such file",
                                               "a.md#nothing: no heading with that anchor"]


def test_readme_links_every_page_of_docs():
    text = README.read_text(encoding="utf-8")
    pages = {m.split("#")[0] for m in LINK.findall(text)}
    missing = [p.name for p in PAGES[1:] if f"docs/{p.name}" not in pages]
    assert not missing, f"the README links no page of docs/ named {missing}"
