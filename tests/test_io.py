"""featrank.io: the public home of the output helpers; the notebooks use no private module
and leave the choice of output folder to featrank.config."""
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from featrank import config
from featrank.io import atomic_write_bytes, save_table


def test_save_table_goes_where_config_says(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_OUTPUT", str(tmp_path))
    path = save_table(pd.DataFrame({"x": [0.1234567891, 2.0]}), "some-study", "tab")
    assert path == config.results_out_dir("some-study") / "tab.csv"
    assert path.read_text() == "x\n0.123457\n2\n"


def test_atomic_write_leaves_no_temporary_file(tmp_path):
    atomic_write_bytes(tmp_path / "a.bin", b"1")
    atomic_write_bytes(tmp_path / "a.bin", b"22")
    assert [p.name for p in tmp_path.iterdir()] == ["a.bin"]
    assert (tmp_path / "a.bin").read_bytes() == b"22"


# ------------------------------------------------------------------ the notebooks' plumbing
NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _code(path):
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                     if c["cell_type"] == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_import_no_private_module(path):
    private = re.findall(r"(?:from|import)\s+featrank(?:\.\w+)*\._\w+", _code(path))
    assert not private, private


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_have_no_write_switch_of_their_own(path):
    # featrank.config decides where outputs go (committed folders or scratch), not the notebook
    assert not re.search(r"^\s*WRITE\s*=", _code(path), flags=re.M)
