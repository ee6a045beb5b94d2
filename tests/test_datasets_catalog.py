"""Catalogue and load(): every mirrored file loads with the catalogue's shape."""
import os

import numpy as np
import pytest

from conftest import load_or_skip
from featrank.datasets import catalog, load
from featrank.datasets._entries import ENTRIES

CAT = catalog()
NAMES = [e["name"] for e in ENTRIES]


def test_catalog_columns_and_papers():
    assert list(CAT.columns[:10]) == ["name", "aliases", "papers", "tables", "n_samples",
                                      "n_features", "n_classes", "source", "file", "available"]
    counts = {p: len(catalog(p)) for p in ("Slavkov2020", "Slavkov2018", "Prati2012", "Izetta2017")}
    assert counts == {"Slavkov2020": 35, "Slavkov2018": 28, "Prati2012": 39, "Izetta2017": 14}
    assert CAT["name"].is_unique


@pytest.mark.skipif(not os.environ.get("FEATRANK_DATA"), reason="FEATRANK_DATA not set")
def test_availability_counts_on_the_mirror():
    from featrank.datasets import availability

    got = availability()
    assert got == {"Slavkov2020": (28, 35), "Slavkov2018": (21, 28), "Prati2012": (39, 39),
                   "Izetta2017": (6, 14)}


@pytest.mark.parametrize("name", NAMES)
def test_every_dataset_loads_with_catalogue_shape(name):
    ds = load_or_skip(name)
    row = CAT.set_index("name").loc[name]
    assert ds.shape == (row.n_samples, row.n_features)
    assert ds.n_classes == row.n_classes
    assert ds.y.dtype.kind == "i" and ds.y.min() >= 0 and ds.y.max() < ds.n_classes
    assert len(ds.feature_names) == ds.n_features
    for j in np.flatnonzero(ds.categorical):
        col = ds.X[:, j]
        col = col[~np.isnan(col)]
        assert np.all(col == np.round(col)) and (col.size == 0 or col.max() < len(ds.categories[j]))


def test_aliases_resolve_to_one_entry():
    from featrank.datasets import entry

    assert entry("chess") is entry("kr-vs-kp")
    assert entry("german") is entry("credit-g") is entry("german-credit")
    assert entry("image") is entry("segment")
    assert entry("wisc-breast-cancer") is entry("breast-w")
    assert entry("australian") is entry("credit-a") and "Statlog" in entry("australian")["note"]
    assert entry("waveform")["shape"][1] == 21 and entry("waveform-5000")["shape"][1] == 40
    # two papers, one name, different data: exact case decides; other cases when unambiguous
    assert entry("leukemia")["file"].startswith("microarray/")
    assert entry("Leukemia")["file"].startswith("monti/")
    assert entry("SONAR") is entry("sonar")


def test_unknown_name_says_so():
    with pytest.raises(ValueError, match="unknown dataset 'sonnar'.*did you mean 'sonar'"):
        load("sonnar")


def _isolate(tmp_path, monkeypatch):
    """FEATRANK_DATA -> tmp_path and data/raw -> tmp_path/raw: nothing else is visible."""
    import featrank.config
    import featrank.datasets._catalog as cat_mod

    raw = tmp_path / "raw"
    monkeypatch.setenv("FEATRANK_DATA", str(tmp_path))
    monkeypatch.setattr(featrank.config, "raw_dir", lambda: raw)
    monkeypatch.setattr(cat_mod, "raw_dir", lambda: raw)


def test_missing_file_error_names_dataset_file_and_folder(tmp_path, monkeypatch):
    _isolate(tmp_path, monkeypatch)
    monkeypatch.setenv("FEATRANK_OFFLINE", "1")
    with pytest.raises(FileNotFoundError) as exc:
        load("sonar")
    msg = str(exc.value)
    assert "'sonar'" in msg and "uci/sonar.arff" in msg and str(tmp_path) in msg
    assert "FEATRANK_OFFLINE" in msg
    with pytest.raises(FileNotFoundError, match="aapc.*jsi/aapc.arff.*no public download"):
        load("aapc")
    files = catalog().query("kind != 'bundled'")  # scikit-learn's copies need no file
    assert not files["available"].any()
    with pytest.raises(FileNotFoundError, match="download=False"):
        load("Robot1", download=False)


def test_a_supplied_file_makes_a_dataset_available(tmp_path, monkeypatch):
    _isolate(tmp_path, monkeypatch)
    (tmp_path / "jsi").mkdir()
    rows = "\n".join(",".join(["0.5"] * 84 + [c]) for c in ["a", "b", "c"] * 2)
    head = "@relation aapc\n" + "".join(f"@attribute f{j} numeric\n" for j in range(84))
    (tmp_path / "jsi" / "aapc.arff").write_text(head + "@attribute class {a,b,c}\n@data\n" + rows + "\n")
    assert catalog().set_index("name").loc["aapc", "available"]
    ds = load("aapc", check_shape=False)
    assert ds.shape == (6, 84)
    with pytest.raises(ValueError, match="differs from the catalogue"):
        load("aapc")


def test_verify_files_reports_hashes():
    from featrank.datasets import verify_files

    v = verify_files()
    assert len(v) == 90 and set(v.columns) >= {"path", "found_in", "sha256_ok"}
    present = v[v.found_in != ""]
    assert present.sha256_ok.all()


def test_paper_view_and_shape_differences():
    t = catalog("2012")
    assert len(t) == 39 and {"paper_name", "paper_n_features"} <= set(t.columns)
    row = t.set_index("paper_name").loc["kr-vs-kp"]
    assert row["name"] == "chess" and row.paper_n_features == 36
    differs = set(catalog().query("shape_differs != ''")["name"])
    assert {"australian", "arrhythmia", "synthetic-control", "bridges-version1"} <= differs


def test_make_data_command(tmp_path, monkeypatch, capsys):
    from featrank.datasets.__main__ import main

    _isolate(tmp_path, monkeypatch)
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "Prati2012: 0 of 39 datasets available" in out and "0 of 90 recorded files present" in out
    # a present file with other bytes is reported and fails the command
    (tmp_path / "uci").mkdir()
    (tmp_path / "uci" / "iris.arff").write_text("@relation x\n@attribute a numeric\n@data\n1\n")
    assert main([]) == 1
    assert "HASH MISMATCH uci/iris.arff" in capsys.readouterr().out


def test_openml_download_path_with_a_fake_fetch(tmp_path, monkeypatch):
    """The download branch (no network here): fetch_openml's frame -> ARFF in data/raw/ ->
    the normal reader; a frame of the wrong shape is refused and nothing is kept."""
    import pandas as pd
    import sklearn.datasets
    from sklearn.utils import Bunch

    import featrank.datasets._catalog as cat_mod

    _isolate(tmp_path, monkeypatch)
    monkeypatch.setenv("FEATRANK_OFFLINE", "0")
    monkeypatch.setattr(cat_mod, "_online", lambda e, timeout=3.0: True)
    rng = np.random.default_rng(0)

    def fake_fetch(name, version, n=150, **kw):
        frame = pd.DataFrame(rng.normal(size=(n, 4)).round(3), columns=list("abcd"))
        frame["class"] = pd.Categorical(np.repeat(["x", "y", "z"], n // 3), categories=["z", "y", "x"])
        return Bunch(frame=frame, feature_names=list("abcd"), target_names=["class"])

    monkeypatch.setattr(sklearn.datasets, "fetch_openml", fake_fetch)
    ds = load("iris")
    assert ds.shape == (150, 4) and ds.classes == ["z", "y", "x"] and ds.y[0] == 2
    assert (tmp_path / "raw" / "uci" / "iris.arff").is_file()
    # wine's class is the first attribute: the written file must say so
    monkeypatch.setattr(sklearn.datasets, "fetch_openml",
                        lambda name, version, **kw: fake_fetch(name, version, n=150))
    with pytest.raises(FileNotFoundError, match="download failed.*expects 178x13x3"):
        load("wine")
    assert not list((tmp_path / "raw" / "uci").glob("wine*"))


def test_repeated_loads_are_independent_copies():
    a = load_or_skip("iris")
    a.X[0, 0] = -99.0
    a.meta["touched"] = True
    b = load("iris")
    assert b.X[0, 0] != -99.0 and "touched" not in b.meta


@pytest.mark.parametrize("name, counts", [
    # class counts as the sources describe them (UCI robot description, Alon et al. 1999,
    # UCI synthetic control, Libras: 24 per movement, Multiple Features: 200 per digit)
    ("Robot1", [21, 17, 16, 34]), ("Robot3", [20, 9, 15, 3]), ("Robot4", [24, 72, 21]),
    ("Robot5", [44, 26, 21, 47, 26]), ("colon", [22, 40]), ("synthetic-control", [100] * 6),
    ("Libras", [24] * 15), ("Multi-F", [200] * 10)])
def test_text_format_readers_give_the_documented_classes(name, counts):
    ds = load_or_skip(name)
    assert np.bincount(ds.y).tolist() == counts


def test_multif_is_the_six_views_side_by_side():
    mf = load_or_skip("Multi-F")
    fou, mor = load_or_skip("mfeat-fourier"), load_or_skip("mfeat-morphological")
    np.testing.assert_array_equal(mf.X[:, :76], fou.X)
    np.testing.assert_array_equal(mf.X[:, -6:], mor.X)
    assert mf.feature_names[0] == "fou_1" and mf.feature_names[-1] == "mor_6"


def test_robot_layout():
    ds = load_or_skip("Robot1")
    assert ds.feature_names[:7] == ["Fx1", "Fy1", "Fz1", "Tx1", "Ty1", "Tz1", "Fx2"]
    np.testing.assert_array_equal(ds.X[0, :6], [-1, -1, 63, -3, -1, 0])  # first reading of lp1.data


def test_paper_kinds_add_up_to_the_printed_feature_counts():
    for paper in ("Slavkov2020", "Prati2012"):
        t = catalog(paper)
        off = t[t.paper_n_nominal + t.paper_n_numeric != t.paper_n_features]
        # the one inconsistency of the tables themselves: Slavkov 2020 prints arrhythmia with
        # 280 features but (73/206) = 279 of them, so the 280 counts the class
        assert list(off.name) == (["arrhythmia"] if paper == "Slavkov2020" else []), paper
