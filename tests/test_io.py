"""featrank.io: the public home of the output helpers."""
import pandas as pd

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
