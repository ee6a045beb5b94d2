"""scikit-learn's bundled copies of iris and wine: catalogue entries of their own that load on a
fresh install, with exactly the values, names and classes of the UCI/Weka ARFF files."""
import numpy as np
import pytest

import featrank.config
import featrank.datasets._catalog as cat_mod
from conftest import load_or_skip
from featrank.datasets import _bundled, catalog, load


@pytest.fixture
def bare(tmp_path, monkeypatch):
    """No data folder holds anything."""
    raw = tmp_path / "raw"
    monkeypatch.setenv("FEATRANK_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("FEATRANK_OFFLINE", "1")
    monkeypatch.setattr(featrank.config, "raw_dir", lambda: raw)
    monkeypatch.setattr(cat_mod, "raw_dir", lambda: raw)


@pytest.mark.parametrize("name, of, shape", [("iris-sklearn", "iris", (150, 4)),
                                             ("wine-sklearn", "wine", (178, 13))])
def test_bundled_copies_load_without_data(bare, name, of, shape):
    ds = load(name)
    assert ds.name == name and ds.shape == shape and ds.n_classes == 3
    assert ds.meta["copy_of"] == of and "scikit-learn" in ds.meta["source"]
    assert (ds.feature_names, ds.classes) == tuple(_bundled.NAMES[of])
    assert _bundled.digest(ds.X, ds.y) == _bundled.DIGESTS[of]


@pytest.mark.parametrize("of", ["iris", "wine"])
def test_bundled_copy_is_the_arff_files_data(of):
    arff = load_or_skip(of)
    copy = load(f"{of}-sklearn")
    np.testing.assert_array_equal(copy.X, arff.X)
    np.testing.assert_array_equal(copy.y, arff.y)
    assert (copy.feature_names, copy.classes) == (arff.feature_names, arff.classes)
    assert not copy.categorical.any() and not arff.categorical.any()


def test_a_bundled_copy_with_other_values_is_refused(monkeypatch):
    monkeypatch.setitem(_bundled.DIGESTS, "iris", "0" * 64)
    with pytest.raises(ValueError, match="no longer gives the values of the catalogue's 'iris'"):
        _bundled.read("iris-sklearn")


def test_bundled_entries_belong_to_no_paper_table(bare):
    c = catalog().set_index("name")
    for name in _bundled.BUNDLED:
        assert c.loc[name, "available"] and c.loc[name, "papers"] == "" and c.loc[name, "tables"] == ""
    assert _bundled.bundled_copy("iris") == "iris-sklearn" and _bundled.bundled_copy("sonar") is None
