"""Headerless numeric tables (load_table): a cell that is not a number is named by its line
and column; the catalogue's tables read exactly as a plain numeric read."""
import os
from pathlib import Path

import numpy as np
import pytest

from featrank.datasets import load
from featrank.datasets.loaders import load_table

MIRROR = Path(os.environ.get("FEATRANK_DATA", "/nonexistent"))


def write(tmp_path, text, name="my.csv"):
    f = tmp_path / name
    f.write_text(text)
    return f


# --- headerless numeric tables (load_table) --------------------------------------------------


def test_load_table_names_the_line_and_column_of_a_bad_cell(tmp_path):
    f = write(tmp_path, "1 2 0\n\n3 x 1\n", "t.data")
    with pytest.raises(ValueError, match=r"t\.data, line 3, column 2: 'x' is not a number"):
        load_table(f)


def test_load_table_names_the_line_of_a_short_row(tmp_path):
    with pytest.raises(ValueError, match=r"line 3: 2 values, expected 3"):
        load_table(write(tmp_path, "1 2 0\n\n3 1\n", "t.data"))


def test_load_table_refuses_an_unknown_target(tmp_path):
    with pytest.raises(ValueError, match=r"target must be 'first', 'last' or a column index"):
        load_table(write(tmp_path, "1 2 0\n3 4 1\n", "t.data"), target="class")


@pytest.mark.parametrize("rel, name, n_features", [
    ("waveform_v1/waveform.txt", "waveform", 21), ("mfeat/mfeat-fou.csv", "mfeat-fourier", 76)])
def test_catalogue_tables_equal_a_plain_numeric_read(rel, name, n_features):
    path = MIRROR / rel
    if not path.is_file():
        pytest.skip(f"{rel} not present (FEATRANK_DATA unset or file missing)")
    raw = np.loadtxt(path, delimiter=",")
    ds = load(name)
    np.testing.assert_array_equal(ds.X, raw[:, :n_features])
    assert ds.shape == (raw.shape[0], n_features)
    assert [float(ds.classes[c]) for c in ds.y] == raw[:, -1].tolist()


def test_multif_fourier_block_equals_a_plain_numeric_read():
    path = MIRROR / "mfeat" / "mfeat-fou.csv"
    if not path.is_file():
        pytest.skip("mfeat-fou.csv not present (FEATRANK_DATA unset or file missing)")
    ds = load("Multi-F")
    assert ds.shape == (2000, 649)
    np.testing.assert_array_equal(ds.X[:, :76], np.loadtxt(path, delimiter=",")[:, :76])
