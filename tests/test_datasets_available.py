"""What a run can use without the dataset mirror: ``available_datasets`` (one line per skipped
dataset, the record for ``make``'s closing table), and ``make data``'s download step when
offline (it must not wait)."""
import socket
import threading
import time

import pytest

import featrank.config
import featrank.datasets.__main__ as cli
import featrank.datasets._available as av
import featrank.datasets._catalog as cat_mod
from featrank.context import new_run
from featrank.datasets import available_datasets, skipped_datasets
from featrank.datasets.summary import OVERVIEW_COLUMNS, overview

main = cli.main


@pytest.fixture
def bare(tmp_path, monkeypatch):
    """A machine without data: FEATRANK_DATA and data/raw point at empty folders, downloads
    off, the skipped-datasets record in tmp_path/cache."""
    raw = tmp_path / "raw"
    monkeypatch.setenv("FEATRANK_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("FEATRANK_OFFLINE", "1")
    monkeypatch.setattr(featrank.config, "raw_dir", lambda: raw)
    monkeypatch.setattr(cat_mod, "raw_dir", lambda: raw)
    return tmp_path


def test_missing_datasets_are_named_with_how_to_get_them(bare, capsys):
    got = available_datasets(["iris", "sonar", "aapc", "sonar"], notebook="nb_a")
    assert got == ["iris-sklearn"]
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    assert out[0].startswith("iris: uci/iris.arff is not here; using iris-sklearn, scikit-learn's")
    assert out[1] == ("skipped sonar: needs uci/sonar.arff in $FEATRANK_DATA or data/raw/; "
                      "`make data` downloads it (OpenML sonar v1)")
    assert out[2].startswith("skipped aapc: needs jsi/aapc.arff") and "no download" in out[2]
    rec = skipped_datasets()
    assert list(rec.dataset) == ["aapc", "sonar"] and set(rec.notebooks) == {"nb_a"}
    assert (bare / "cache" / "skipped" / "nb_a.csv").is_file()


def test_without_substitutes_iris_is_skipped_too(bare, capsys):
    assert available_datasets(["iris"], substitute=False) == []
    assert capsys.readouterr().out.startswith("skipped iris: needs uci/iris.arff")


def test_the_record_is_per_notebook_and_starts_afresh(bare, capsys):
    available_datasets(["sonar", "labor"], notebook="nb_a")
    available_datasets(["labor"], notebook="nb_b")
    t = skipped_datasets().set_index("dataset")
    assert t.loc["labor", "notebooks"] == "nb_a, nb_b" and t.loc["sonar", "notebooks"] == "nb_a"
    # a new run of nb_a that finds sonar drops it from nb_a's record
    (bare / "data" / "uci").mkdir(parents=True)
    (bare / "data" / "uci" / "sonar.arff").write_text("@relation s\n")
    with new_run():
        assert available_datasets(["sonar"], notebook="nb_a") == ["sonar"]
    assert list(skipped_datasets().dataset) == ["labor"]


def test_everything_here_prints_nothing(bare, capsys):
    (bare / "data" / "jsi").mkdir(parents=True)
    (bare / "data" / "jsi" / "aapc.arff").write_text("@relation a\n")
    assert available_datasets(["aapc"], notebook="nb_a") == ["aapc"]
    assert capsys.readouterr().out == ""
    assert skipped_datasets().empty


def test_reachable_does_not_wait_for_a_hanging_lookup(monkeypatch):
    release = threading.Event()

    def hang(*args, **kwargs):  # a resolver that does not answer until released
        release.wait(10)
        raise OSError("no answer")

    monkeypatch.setattr(socket, "create_connection", hang)
    t0 = time.perf_counter()
    try:
        assert av.reachable.__wrapped__("hangs.example", timeout=0.3) is False
        assert time.perf_counter() - t0 < 3
    finally:
        release.set()


def test_download_says_why_not(bare, monkeypatch):
    assert av.download("sonar") == "downloads are off (FEATRANK_OFFLINE)"
    assert av.download("aapc") == "no public download"
    monkeypatch.setenv("FEATRANK_OFFLINE", "0")
    monkeypatch.setattr(av, "reachable", lambda host: False)
    assert av.download("sonar") == "offline: www.openml.org cannot be reached"
    assert av.download("Robot1") == "offline: archive.ics.uci.edu cannot be reached"


def test_make_data_offline_says_so_and_lists_what_is_missing(bare, monkeypatch, capsys):
    assert main(["--download", "--brief"]) == 0
    out = capsys.readouterr().out
    assert "downloads are off (FEATRANK_OFFLINE is set)" in out
    assert "0 downloaded; 106 still missing" in out
    assert "missing  sonar" in out and "iris-sklearn" not in out
    monkeypatch.setenv("FEATRANK_OFFLINE", "0")
    monkeypatch.setattr(av, "reachable", lambda host: False)
    monkeypatch.setattr(cli, "reachable", lambda host: False)
    assert main(["--download", "--brief"]) == 0
    out = capsys.readouterr().out
    assert "offline: archive.ics.uci.edu, www.openml.org cannot be reached" in out


def test_make_data_download_step_uses_the_fetchers(bare, monkeypatch, capsys):
    fetched = []
    monkeypatch.setenv("FEATRANK_OFFLINE", "0")
    monkeypatch.setattr(cli, "reachable", lambda host: True)
    monkeypatch.setattr(av, "reachable", lambda host: True)
    monkeypatch.setattr(av, "_fetch", lambda e, offline: fetched.append(e["name"]))
    assert main(["--download", "--brief"]) == 0
    out = capsys.readouterr().out
    assert len(fetched) == 65 and "sonar" in fetched and "aapc" not in fetched
    assert "65 downloaded; 41 still missing" in out


def test_skipped_table(bare, capsys):
    assert main(["--skipped"]) == 0
    assert "every real dataset the notebooks asked for was available" in capsys.readouterr().out
    available_datasets(["labor"], notebook="02_x")
    capsys.readouterr()
    main(["--skipped"])
    out = capsys.readouterr().out
    assert "1 dataset skipped by the notebooks" in out
    assert "labor    02         uci/labor.arff: `make data` downloads it (OpenML labor v1)" in out


def test_a_file_written_from_openml_is_not_a_hash_mismatch(bare, capsys):
    (bare / "data" / "uci").mkdir(parents=True)
    (bare / "data" / "uci" / "iris.arff").write_text(
        "@relation 'iris (OpenML v1)'\n@attribute a numeric\n@data\n1\n")
    assert main(["--brief"]) == 0
    out = capsys.readouterr().out
    assert "converted uci/iris.arff" in out and "HASH MISMATCH" not in out


def test_overview_of_no_dataset_keeps_its_columns(bare):
    ov = overview([])
    assert list(ov.columns) == OVERVIEW_COLUMNS and ov[ov.loaded].empty
