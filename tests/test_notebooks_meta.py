"""Every notebook can be run by papermill and nbval at any profile, and ends with its
reproduction summary."""
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _cells(path):
    return json.loads(path.read_text())["cells"]


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_parameters_cell_sets_profile(path):
    tagged = [c for c in _cells(path) if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1, "exactly one cell tagged 'parameters'"
    assert "profile" in "".join(tagged[0]["source"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_injected_parameters(path):
    # papermill's injected cell would pin the profile, and nbval (smoke) would obey it
    assert not [c for c in _cells(path)
                if "injected-parameters" in c.get("metadata", {}).get("tags", [])]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_has_reproduction_summary(path):
    md = "".join("".join(c["source"]) for c in _cells(path) if c["cell_type"] == "markdown")
    assert "reproduction summary" in md.lower()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_small_enough_to_commit(path):
    # every figure a notebook saves is also shown inline (a reader opening the .ipynb sees
    # it), so a notebook holds its PNGs: at most 8 MB (the budget the project's pre-commit
    # check holds .ipynb files to), where tables and text alone stayed under 2 MB
    assert path.stat().st_size < 8_000_000


def test_the_committed_result_stores_stay_small():
    # the budget of the committed stores: every notebook's, at most 64 MB together (26 MB
    # before notebook 06's per-fold orders of its wide datasets, an estimated 27-29 MB more;
    # the README's section on the result store says why)
    root = Path(__file__).parents[1] / "data" / "results"
    packed = sum(p.stat().st_size for p in root.glob("*/store/*.jsonl.gz"))
    assert packed <= 64_000_000, f"committed stores take {packed / 1e6:.1f} MB"
