"""Nominal columns from a DataFrame's ``category`` dtype (scikit-learn's "from_dtype"):
``load(..., as_frame=True)`` gives such a frame, and every ranker and learner reads it, so the
Weka numbers come out without any mask; an array without a mask stays numeric."""
import os
import pathlib
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr
from weka_oracle import weka_scores

from featrank.datasets import Dataset, load, to_frame
from featrank.learners import WekaIBk, WekaNaiveBayes, make_learner
from featrank.rankers import (FCBF, ChiSquared, GainRatio, InfoGain, OneR, RandomForestRanker,
                              ReliefF, SPERanker, SVMRFE, SymmetricUncertainty, ZhouMSVMRFE)

WEKA_RANKERS = [(InfoGain, "InfoGainAttributeEval"), (GainRatio, "GainRatioAttributeEval"),
                (SymmetricUncertainty, "SymmetricalUncertAttributeEval"),
                (ChiSquared, "ChiSquaredAttributeEval"), (OneR, "OneRAttributeEval"),
                (ReliefF, "ReliefFAttributeEval")]
# nominal / all features: 9/9, 16/16, 15/22, 8/16, 13/20, 35/35 (19 classes)
NOMINAL_HEAVY = ["breast.cancer", "vote", "colic", "labor", "credit.g", "soybean"]


def _arff(name) -> pathlib.Path:
    path = pathlib.Path(os.environ.get("FEATRANK_DATA") or "data/raw") / "uci" / f"{name}.arff"
    if not path.exists():
        pytest.skip(f"{path} not available (set FEATRANK_DATA)")
    return path


def _codes(df: pd.DataFrame) -> np.ndarray:
    """The frame as the float codes an array user would pass (no mask)."""
    return np.column_stack([df[c].cat.codes.where(df[c].cat.codes >= 0).to_numpy(float)
                            if isinstance(df[c].dtype, pd.CategoricalDtype)
                            else df[c].to_numpy(float) for c in df.columns])


# ------------------------------------------------------------------ rankers agree with Weka
@pytest.mark.parametrize("name", NOMINAL_HEAVY)
@pytest.mark.parametrize("cls,evaluator", WEKA_RANKERS)
def test_frame_from_load_gives_wekas_scores_without_a_mask(name, cls, evaluator):
    ds = load(_arff(name), as_frame=True)
    ours = cls().fit(ds.X, ds.y).scores_
    weka = weka_scores(name, evaluator)
    assert spearmanr(ours, weka)[0] >= 0.999
    np.testing.assert_allclose(ours, weka, rtol=1e-12, atol=1e-9)


def test_catalogue_name_as_frame(load_or_skip):
    ds = load_or_skip("breast-cancer", as_frame=True)
    assert ds.X["age"].cat.categories[0] == "10-19" and ds.categorical.all()
    np.testing.assert_allclose(ReliefF().fit(ds.X, ds.y).scores_,
                               weka_scores("breast.cancer", "ReliefFAttributeEval"), atol=1e-12)


@pytest.mark.parametrize("cls,evaluator", WEKA_RANKERS)
def test_codes_in_an_array_without_a_mask_are_numeric_and_miss_weka(cls, evaluator):
    ds = load(_arff("breast.cancer"), as_frame=True)
    weka = weka_scores("breast.cancer", evaluator)
    numeric = cls().fit(_codes(ds.X), ds.y)
    assert not numeric.categorical_.any()
    assert not np.allclose(numeric.scores_, weka, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(cls().fit(ds.X, ds.y).scores_, weka, rtol=1e-12, atol=1e-9)


def test_explicit_mask_still_works_and_must_agree_with_the_dtypes():
    ds = load(_arff("labor"), as_frame=True)
    mask = ds.categorical
    a = InfoGain(categorical=mask).fit(ds.X, ds.y).scores_
    b = InfoGain(categorical=ds.categories).fit(_codes(ds.X), ds.y).scores_
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a, InfoGain().fit(ds.X, ds.y).scores_)
    flipped = mask.copy()
    flipped[0] = not flipped[0]
    with pytest.raises(ValueError, match="pass one or the other"):
        ReliefF(categorical=flipped).fit(ds.X, ds.y)


def _small_frame():
    rng = np.random.default_rng(0)
    colour = pd.Categorical(rng.choice(["red", "green", "blue"], 40))
    size = rng.normal(size=40)
    y = np.where(np.asarray(colour) == "red", "yes", "no")
    return pd.DataFrame({"colour": colour, "size": size}), y


@pytest.mark.parametrize("cls", [FCBF, RandomForestRanker, SVMRFE])
def test_other_nominal_rankers_read_the_dtypes(cls):
    X, y = _small_frame()
    params = {"n_estimators": 5} if cls is RandomForestRanker else {}
    r = cls(**params).fit(X, y)
    assert r.categorical_.tolist() == [True, False] and r.top_features_[0] == 0


@pytest.mark.parametrize("cls", [SPERanker, ZhouMSVMRFE])
def test_numeric_only_rankers_refuse_nominal_columns(cls):
    X, y = _small_frame()
    with pytest.raises(ValueError, match="nominal features \\['colour'\\].*encode them"):
        cls().fit(X, y)


def test_text_columns_are_refused_not_coded():
    X, y = _small_frame()
    X["colour"] = X["colour"].astype(str)
    with pytest.raises(ValueError, match="astype\\('category'\\)"):
        InfoGain().fit(X, y)


# ------------------------------------------------------------------ Dataset and load(as_frame)
ARFF = """@relation tiny
@attribute colour {red, blue, green}
@attribute size numeric
@attribute class {no, yes}
@data
blue, 1.0, yes
blue, 2.0, yes
red, 1.5, no
?, 2.5, no
green, 3.0, no
blue, 0.5, yes
"""


def test_load_as_frame_keeps_declared_categories_in_file_order(tmp_path):
    path = tmp_path / "tiny.arff"
    path.write_text(ARFF)
    ds = load(path, as_frame=True)
    assert isinstance(ds.X, pd.DataFrame) and list(ds.X.columns) == ["colour", "size"]
    assert list(ds.X["colour"].cat.categories) == ["red", "blue", "green"]
    assert ds.X["colour"].isna().sum() == 1 and ds.X["size"].dtype == float
    assert (ds.n_samples, ds.n_features) == (6, 2) and ds.categorical.tolist() == [True, False]
    assert repr(ds) == "Dataset('tiny', n=6, p=2 (1 nominal), classes=2, missing=1)"
    plain = load(path)
    np.testing.assert_array_equal(
        ReliefF(n_neighbors=2).fit(ds.X, ds.y).scores_,
        ReliefF(n_neighbors=2, categorical=plain.categories).fit(plain.X, plain.y).scores_)


def test_dataset_takes_a_frame_and_reads_its_dtypes():
    X, _ = _small_frame()
    ds = Dataset(X, np.arange(40) % 2, name="f")
    assert ds.categorical.tolist() == [True, False] and ds.feature_names == ["colour", "size"]
    assert ds.categories[0] == ["blue", "green", "red"] and ds.categories[1] is None
    assert ds.X is X and ds.shape == (40, 2)
    with pytest.raises(ValueError, match="'category' columns are \\[0\\]"):
        Dataset(X, np.arange(40) % 2, categorical=[False, True])
    back = to_frame(Dataset(np.array([[0, 1.0], [2, 2.0]]), [0, 1], categorical=[True, False],
                            categories=[["a", "b", "c"], None]))
    assert Dataset(back, [0, 1]).categories[0] == ["a", "b", "c"]


# ------------------------------------------------------------------ learners
def _mixed(seed=0, n=90):
    rng = np.random.default_rng(seed)
    doors = rng.choice([2, 4, 5], n)           # a nominal column with numeric labels
    x = rng.normal(size=n)
    y = ((doors == 4) ^ (x > 1)).astype(int)
    frame = pd.DataFrame({"doors": pd.Categorical(doors, categories=[4, 2, 5]), "x": x})
    return frame, y


def _held_out_output(model, X, y):
    """The model's probabilities (decision values for the SVM) on rows 60.. after fitting
    on rows ..60."""
    tr, te = slice(0, 60), slice(60, None)
    take = (lambda rows: X.iloc[rows]) if isinstance(X, pd.DataFrame) else (lambda rows: X[rows])
    model.fit(take(tr), y[tr])
    out = model.decision_function if hasattr(model, "decision_function") else model.predict_proba
    return out(take(te))


@pytest.mark.parametrize("name", ["knn", "nb", "svm", "tree"])
def test_learners_read_nominal_columns_from_the_dtypes(name):
    frame, y = _mixed()
    a = _held_out_output(make_learner(name), frame, y)
    b = _held_out_output(make_learner(name, categorical=[True, False]), _codes(frame), y)
    np.testing.assert_allclose(a, b, atol=1e-12)


def test_labels_as_numbers_would_differ():
    # the old silent path: the labels 2, 4, 5 taken as numbers
    frame, y = _mixed()
    nominal = WekaNaiveBayes().fit(frame, y).predict_proba(frame)
    labels = np.column_stack([frame["doors"].astype(float), frame["x"]])
    assert not np.allclose(WekaNaiveBayes().fit(labels, y).predict_proba(labels), nominal)


def test_predict_matches_a_frame_to_the_fitted_categories_by_label():
    frame, y = _mixed()
    m = WekaIBk(n_neighbors=3).fit(frame, y)
    other = frame.copy()
    other["doors"] = other["doors"].cat.reorder_categories([5, 4, 2])
    np.testing.assert_array_equal(m.predict_proba(other), m.predict_proba(frame))
    unseen = frame.copy()
    unseen["doors"] = pd.Categorical([3] * len(frame))
    with pytest.raises(ValueError, match="not among its categories"):
        m.predict(unseen)


def test_learner_mask_must_agree_with_the_dtypes():
    frame, y = _mixed()
    with pytest.raises(ValueError, match="pass one or the other"):
        WekaNaiveBayes(categorical=[False, True]).fit(frame, y)
    with pytest.raises(ValueError, match="pass one or the other"):
        make_learner("svm", categorical=[False, True]).fit(frame, y)


def test_svm_pipeline_on_a_frame_gives_wekas_predictions():
    # fixtures of test_learners.py: Weka 3.6.14's SMO trained on rows k % 3 != 2
    ds = load(_arff("vote"), as_frame=True)
    k = np.arange(ds.n_samples)
    tr, te = k % 3 != 2, k % 3 == 2
    weka = pd.read_csv(pathlib.Path(__file__).parent / "fixtures" / "weka_learners"
                       / "vote__SMO_E2_C0.1.csv")["predicted"].to_numpy()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pred = make_learner("svm").fit(ds.X[tr], ds.y[tr]).predict(ds.X[te])
    np.testing.assert_array_equal(pred, weka)


def test_error_curves_keep_the_learners_own_nominal_mask():
    """A learner built with a nominal mask keeps it when the data is a plain array: a middle
    code that alone makes the class is separable one-hot, not as a number."""
    from featrank.evaluate import error_curves
    from featrank.learners import make_learner

    rng = np.random.default_rng(0)
    x = rng.integers(0, 3, 300)
    X = np.column_stack([x, rng.normal(size=300)]).astype(float)
    y = (x == 1).astype(int)
    own = make_learner("svm", categorical=[True, False])
    kept = error_curves(X, y, [0, 1], own, sizes=[1], cv=3, kind="ffa")
    given = error_curves(X, y, [0, 1], "svm", sizes=[1], cv=3, kind="ffa",
                         categorical=[True, False])
    numeric = error_curves(X, y, [0, 1], make_learner("svm"), sizes=[1], cv=3, kind="ffa")
    assert kept.ffa_mean[0] == given.ffa_mean[0] == 1.0
    assert numeric.ffa_mean[0] < 0.9
    with pytest.raises(ValueError, match="pass one or the other"):
        error_curves(X, y, [0, 1], own, sizes=[1], cv=3, categorical=[False, True])
