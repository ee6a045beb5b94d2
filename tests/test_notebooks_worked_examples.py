"""Every paper notebook opens with a worked example checked by asserts, and says in prose
which profile produced its committed outputs."""
import json
from pathlib import Path

import pytest

PAPERS = sorted((Path(__file__).parents[1] / "notebooks").glob("0[1-5]_*.ipynb"))


def _cells(path):
    return json.loads(path.read_text())["cells"]


def test_five_paper_notebooks():
    assert len(PAPERS) == 5


@pytest.mark.parametrize("path", PAPERS, ids=lambda p: p.stem)
def test_worked_example_with_asserts_before_the_experiments(path):
    cells = _cells(path)
    heads = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             and "".join(c["source"]).lstrip().startswith("## ")
             and not "".join(c["source"]).lstrip().startswith("## Deviations from the paper")]
    first = "".join(cells[heads[0]]["source"]).lstrip()
    assert first.startswith("## Worked example"), first.splitlines()[0]
    section = cells[heads[0]:heads[1]]
    code = "\n".join("".join(c["source"]) for c in section if c["cell_type"] == "code")
    assert code.count("assert ") >= 2


@pytest.mark.parametrize("path", PAPERS, ids=lambda p: p.stem)
def test_intro_states_the_committed_profile(path):
    committed = dict(line.split()[:2] for line in
                     (path.parent / "committed_profiles.txt").read_text().splitlines()
                     if line.strip() and not line.startswith("#"))[path.stem]
    intro = "".join(_cells(path)[0]["source"])
    assert "Which profile produced the outputs shown" in intro
    assert f"`{committed}` profile" in intro
