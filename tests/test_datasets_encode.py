"""Encodings: ordinal codes and Weka SMO's preprocessing (ReplaceMissingValues ->
NominalToBinary -> Normalize), checked by hand and against scikit-learn's own pieces."""
import numpy as np
import pytest
from sklearn.base import clone
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler, OneHotEncoder

from featrank.datasets import Dataset, WekaPreprocessor, ordinal_codes, weka_smo_encode

NAN = np.nan


def test_weka_preprocessing_hand_worked():
    # col0 numeric with a missing value; col1 nominal 3 values; col2 nominal 2 values
    X = np.array([[1.0, 0, 1],
                  [3.0, 2, 0],
                  [NAN, 2, NAN],
                  [5.0, NAN, 1]])
    pre = WekaPreprocessor(categorical=[False, True, True]).fit(X)
    Z = pre.transform(X)
    # mean of col0 = 3 -> (v-1)/4; mode of col1 = 2; mode of col2 = 1 (first max of counts 1,2)
    expected = np.array([[0.0, 1, 0, 0, 1],
                         [0.5, 0, 0, 1, 0],
                         [0.5, 0, 0, 1, 1],
                         [1.0, 0, 0, 1, 1]])
    # the indicator of category 1 never occurs -> constant column -> Weka's Normalize gives 0
    np.testing.assert_allclose(Z, expected)
    assert pre.feature_map_.tolist() == [0, 1, 1, 1, 2]
    assert list(pre.get_feature_names_out(["a", "b", "c"])) == ["a", "b=0", "b=1", "b=2", "c"]


def test_test_data_uses_training_statistics_and_is_not_clipped():
    Xtr = np.array([[0.0], [10.0]])
    pre = WekaPreprocessor().fit(Xtr)
    np.testing.assert_allclose(pre.transform(np.array([[5.0], [20.0], [NAN]])).ravel(), [0.5, 2.0, 0.5])


def test_declared_categories_give_columns_unseen_in_training():
    Xtr = np.array([[0.0], [1.0], [0.0]])
    pre = WekaPreprocessor(categorical=[True], n_categories=[4]).fit(Xtr)
    Z = pre.transform(np.array([[3.0]]))
    assert Z.shape == (1, 4) and Z[0, 3] == 0.0  # column 3 constant in training -> 0
    with pytest.raises(ValueError, match="not seen in fit"):
        WekaPreprocessor(categorical=[True]).fit(np.array([[0.0], [1.0], [2.0]])).transform(np.array([[5.0]]))


def test_matches_sklearn_pipeline_on_random_data():
    rng = np.random.default_rng(0)
    n = 60
    num = rng.normal(size=(n, 3)) * [1, 10, 100]
    nom = rng.integers(0, 4, size=(n, 2)).astype(float)
    X = np.hstack([num, nom])
    X[rng.random(X.shape) < 0.1] = NAN
    mask = np.array([False] * 3 + [True] * 2)
    ours = WekaPreprocessor(categorical=mask, n_categories=[0, 0, 0, 4, 4]).fit(X[:40])
    ref = ColumnTransformer([
        ("num", make_pipeline(SimpleImputer(strategy="mean"), MinMaxScaler()), [0, 1, 2]),
        ("nom", make_pipeline(SimpleImputer(strategy="most_frequent"),
                              OneHotEncoder(categories=[np.arange(4.0)] * 2, sparse_output=False),
                              MinMaxScaler()), [3, 4])]).fit(X[:40])
    a, b = ours.transform(X[40:]), ref.transform(X[40:])
    # MinMaxScaler maps a constant column to 0 too; SimpleImputer's mode breaks ties by the
    # smallest value, Weka by the first maximum count -- the same rule for codes
    np.testing.assert_allclose(a, b, atol=1e-12)


def test_sklearn_api_clone_and_pipeline():
    pre = WekaPreprocessor(categorical=[True, False])
    assert clone(pre).get_params()["categorical"] == [True, False]
    X = np.array([[0, 1.0], [1, 2.0], [2, 3.0]])
    from sklearn.svm import SVC

    pipe = make_pipeline(WekaPreprocessor(categorical=[True, False]), SVC(kernel="poly", gamma=1, coef0=0))
    pipe.fit(X, [0, 1, 1])
    assert pipe.predict(X).shape == (3,)


def test_weka_smo_encode_from_dataset():
    ds = Dataset(np.array([[0.0, 1.0], [1.0, 3.0]]), np.array([0, 1]), categorical=[True, False],
                 categories=[["a", "b", "c"], None])
    tr, te = weka_smo_encode(ds, X_test=np.array([[2.0, 2.0]]))
    assert tr.shape == (2, 4) and te.tolist() == [[0.0, 0.0, 0.0, 0.5]]


def test_ordinal_codes():
    X = np.array([[2.5, 1], [NAN, 0], [-1.0, NAN], [2.5, 1]])
    np.testing.assert_array_equal(ordinal_codes(X, [False, True]), [[1, 1], [2, 0], [0, 2], [1, 1]])
    np.testing.assert_array_equal(ordinal_codes(X, [False, True], missing="-1"),
                                  [[1, 1], [-1, 0], [0, -1], [1, 1]])
    with pytest.raises(ValueError, match="nominal"):
        ordinal_codes(np.array([[0.5]]), [True])


def test_bad_mask_shape():
    with pytest.raises(ValueError, match="mask"):
        WekaPreprocessor(categorical=[True]).fit(np.zeros((2, 3)))


def test_describe_counts_by_hand():
    from featrank.datasets import describe

    ds = Dataset(np.array([[0.0, 1], [NAN, 0], [2, 1], [3, 0]]), np.array([0, 0, 0, 2]),
                 classes=["a", "b", "c"], categorical=[False, True])
    d = describe(ds)
    assert (d["n_nominal"], d["n_numeric"], d["n_classes"], d["classes_present"]) == (1, 1, 3, 2)
    assert d["majority_pct"] == 75.0 and d["minority_pct"] == 25.0
    assert d["missing_cells_pct"] == 12.5 and d["rows_with_missing"] == 1


@pytest.mark.parametrize("name, catalogue_name, n_train", [
    ("labor", "labor", 40), ("colic", "horse-colic", 300), ("credit.a", "australian", 500)])
def test_matches_weka_filters(name, catalogue_name, n_train):
    """Weka 3.6.14's ReplaceMissingValues -> NominalToBinary -> Normalize, fitted on the first
    rows and applied to the rest (tests/fixtures/weka_smo/README.md)."""
    import pathlib

    import pandas as pd

    from conftest import load_or_skip

    ds = load_or_skip(catalogue_name)
    fixture = pathlib.Path(__file__).parent / "fixtures" / "weka_smo" / f"{name}__test_after_train{n_train}.csv"
    want = pd.read_csv(fixture)
    pre = WekaPreprocessor(categorical=ds.categorical,
                           n_categories=[len(c) if c else 0 for c in ds.categories])
    got = pre.fit(ds.X[:n_train]).transform(ds.X[n_train:])
    assert got.shape == want.shape
    names = list(pre.get_feature_names_out(ds.feature_names))
    assert [n.split("=")[0] for n in names] == [c.split("=")[0] for c in want.columns]
    np.testing.assert_allclose(got, want.to_numpy(), atol=1e-6)


def test_fill_values_and_feature_columns_equal_the_per_column_loop_bit_for_bit():
    """The missing-value fill (complete numeric columns at once) and each feature's output
    columns equal the plain per-column loop exactly."""
    from featrank.learners import feature_columns

    rng = np.random.default_rng(7)
    X = rng.normal(size=(57, 40)) * rng.uniform(0.1, 1e4, size=40)
    X[:, 5] = rng.integers(0, 4, 57)            # nominal, complete
    X[:, 9] = rng.integers(0, 3, 57)            # nominal, with a gap
    X[::4, 9] = NAN
    X[::7, 12] = NAN                            # numeric with gaps
    X[:, 20] = NAN                              # empty column
    mask = np.zeros(40, bool)
    mask[[5, 9]] = True
    prep = WekaPreprocessor(categorical=mask).fit(X)
    for j in range(40):
        col = X[:, j][~np.isnan(X[:, j])]
        want = 0.0 if col.size == 0 else (
            np.argmax(np.bincount(col.astype(np.intp))) if mask[j] else col.mean())
        assert prep.fill_[j] == want, j
    fmap = np.asarray(prep.feature_map_)
    got = feature_columns(prep)
    assert len(got) == 40
    for j, cols in enumerate(got):
        np.testing.assert_array_equal(cols, np.flatnonzero(fmap == j))
