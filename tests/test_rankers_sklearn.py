"""Every ranker (and the Weka learners) honours scikit-learn's estimator contract: the common
checks, ``n_features_to_select`` validated, DataFrame column names kept, ``NotFittedError``
before fit, class labels required in ``y``, sparse input refused with a clear message."""
import doctest
import warnings

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.pipeline import make_pipeline
from sklearn.utils._param_validation import InvalidParameterError
from sklearn.utils.estimator_checks import check_param_validation, parametrize_with_checks

import featrank.rankers as R
from featrank.aggregate import k_first
from featrank.learners import WekaIBk, WekaNaiveBayes

RANKERS = [n for n in R.__all__ if n not in ("BaseRanker", "mdl_discretize")]


class KFirst:
    """``k_first`` with a stable repr: the checks' test ids show the estimator's parameters,
    and a plain function's repr holds its address, which differs between xdist workers (they
    must collect the same ids)."""

    def __call__(self, *args, **kwargs):
        return k_first(*args, **kwargs)

    def __repr__(self):
        return "k_first"


# small settings so the checks stay fast (the defaults are the papers')
FAST = {"RandomForestRanker": {"n_estimators": 5}, "R2W2": {"n_iter": 3},
        "MulticlassSVMRFE": {"combiner": KFirst()},
        "ReliefK": {"n_neighbors": 3}, "GSReliefK": {"n_neighbors": 3}}


def _ranker(name, **params):
    return getattr(R, name)(**{**FAST.get(name, {}), **params})


def test_the_list_covers_every_ranker():
    assert len(RANKERS) >= 18 and all(issubclass(getattr(R, n), R.BaseRanker) for n in RANKERS)


# No check is excluded: the binary-only rankers (RakotomamonjyRFE, DegroeveRFE, R2W2) declare
# it through scikit-learn's tag (ClassifierTags(multi_class=False)), so the checks give them
# two classes.
@parametrize_with_checks([_ranker(n) for n in RANKERS] + [WekaIBk(), WekaNaiveBayes()])
def test_sklearn_common_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # sklearn's own NaN casts
        check(estimator)


def _data(n=40, p=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    return X, (X[:, 1] > 0).astype(int)


# ------------------------------------------------------------------ n_features_to_select
@pytest.mark.parametrize("name", RANKERS)
def test_n_features_to_select_is_a_validated_init_parameter(name):
    X, y = _data()
    assert "n_features_to_select" in _ranker(name).get_params()
    for bad in (-3, 0, 1.5, 0.0, "all"):
        with pytest.raises(ValueError, match="n_features_to_select"):
            _ranker(name, n_features_to_select=bad).fit(X, y)
    with pytest.raises(ValueError, match="exceeds the 5 features"):
        _ranker(name, n_features_to_select=6).fit(X, y)


def test_n_features_to_select_int_fraction_and_all():
    X, y = _data(p=6)
    assert R.InfoGain(n_features_to_select=2).fit(X, y).transform(X).shape == (40, 2)
    assert R.InfoGain(n_features_to_select=0.5).fit(X, y).transform(X).shape == (40, 3)
    assert R.InfoGain(n_features_to_select=1.0).fit(X, y).transform(X).shape == (40, 6)
    assert R.InfoGain().fit(X, y).transform(X).shape == (40, 6)


# ------------------------------------------------------------------ feature names
@pytest.mark.parametrize("name", RANKERS)
def test_dataframe_column_names_are_kept_without_warnings(name):
    X, y = _data()
    df = pd.DataFrame(X, columns=["a", "b", "c", "d", "e"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        r = _ranker(name, n_features_to_select=2).fit(df, y)
        out = r.transform(df)
    assert r.feature_names_in_.tolist() == ["a", "b", "c", "d", "e"]
    names = r.get_feature_names_out().tolist()
    assert "b" in names and len(names) == 2
    assert isinstance(out, pd.DataFrame) and out.columns.tolist() == names


def test_a_frame_passes_through_a_pipeline_with_its_nominal_columns():
    rng = np.random.default_rng(0)
    colour = pd.Categorical(rng.choice(["red", "green", "blue"], 60))
    df = pd.DataFrame({"noise": rng.normal(size=60), "colour": colour})
    y = (np.asarray(colour) == "red").astype(int)
    pipe = make_pipeline(R.InfoGain(n_features_to_select=1), WekaNaiveBayes()).fit(df, y)
    assert pipe[0].get_feature_names_out().tolist() == ["colour"]
    assert pipe[1].categorical_.tolist() == [True] and pipe.score(df, y) == 1.0


# ------------------------------------------------------------------ not fitted, y, sparse
@pytest.mark.parametrize("name", RANKERS)
def test_not_fitted_error_before_fit(name):
    X, _ = _data()
    r = _ranker(name)
    with pytest.raises(NotFittedError):
        r.transform(X)
    with pytest.raises(NotFittedError):
        r.get_support()


@pytest.mark.parametrize("name", RANKERS)
def test_a_continuous_or_missing_target_is_refused(name):
    X, y = _data()
    with pytest.raises(ValueError, match="y must be class labels"):
        _ranker(name).fit(X, X[:, 1])
    y_nan = y.astype(float)
    y_nan[3] = np.nan
    with pytest.raises(ValueError, match="y must be class labels.*missing"):
        _ranker(name).fit(X, y_nan)


def test_string_and_integral_float_labels_are_classes():
    X, y = _data()
    a = R.ReliefF().fit(X, np.where(y == 1, "yes", "no"))
    b = R.ReliefF().fit(X, y.astype(float))
    np.testing.assert_array_equal(a.scores_, b.scores_)
    assert a.classes_.tolist() == ["no", "yes"]


@pytest.mark.parametrize("name", RANKERS)
def test_sparse_input_gets_a_clear_message(name):
    X, y = _data()
    with pytest.raises(TypeError, match="sparse input is not supported.*toarray"):
        _ranker(name).fit(sp.csr_matrix(X), y)


def test_learners_refuse_a_continuous_target_and_keep_names():
    X, y = _data()
    with pytest.raises(ValueError, match="Unknown label type"):
        WekaIBk().fit(X, X[:, 0])
    df = pd.DataFrame(X, columns=list("abcde"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        m = clone(WekaNaiveBayes()).fit(df, y)
        m.predict(df)
    assert m.feature_names_in_.tolist() == list("abcde")


@pytest.mark.parametrize("name", RANKERS)
def test_numpydoc_sections_and_an_example_that_runs(name):
    cls = getattr(R, name)
    for section in ("Parameters", "Attributes", "Examples"):
        assert f"\n    {section}\n    {'-' * len(section)}\n" in cls.__doc__, section
    assert "n_features_to_select" in cls.__doc__
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder(recurse=False).find(cls, name):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0


# ------------------------------------------------------------------ parameters, declared
# Every ranker declares every parameter in _parameter_constraints (none checks one by hand).
_SVM_RFE_BAD = {"C": ["1", 0, -1.0], "step": ["1", 0, 1.5], "threshold": [0.5, -1],
                "final_step": [1.0, 0], "schedule": [1, "guyon"], "scaling": [0, "robust"],
                "tol": ["1e-3", 0.0], "n_features_to_select": ["all", 0]}
_POLY_BAD = {"degree": ["1", 2.0, 0], "max_iter": [1.0, -2]}  # Quevedo 2007's SVM rankers
# for every parameter, a value of a wrong type, then (where a range applies) out of range
BAD = {
    "ReliefF": {"n_neighbors": ["x", 2.5, 0], "sample_size": ["all", 0],
                "weight_by_distance": ["yes", 2], "sigma": ["2", 0.0, -1.0],
                "categorical": [3], "random_state": ["seed", -1]},
    "ReliefK": {"n_neighbors": ["x", 0]},
    "GSReliefK": {"n_neighbors": [3.0, -2]},
    "RandomForestRanker": {"n_estimators": [10.0, 0], "max_features": ["cube", 0, 1.5, 0.0],
                           "importance": [1, "gini"], "categorical": [True],
                           "random_state": [1.5, -1]},
    "OneR": {"min_bucket_size": [6.0, 0], "n_folds": ["10", 1], "eval_on_training": ["no"],
             "random_state": [None, 1.0], "categorical": [1]},
    **{name: {"categorical": [1.0], "missing_merge": [None, "no"]}
       for name in ("InfoGain", "GainRatio", "SymmetricUncertainty", "ChiSquared")},
    "FCBF": {"threshold": ["0", None, np.nan]},
    "SVMRFE": {**_SVM_RFE_BAD, "max_iter": [1.0, -2], "multiclass": [None, "ovr"],
               "categorical": [1], "nominal": [True, "drop"]},
    "MulticlassSVMRFE": {**_SVM_RFE_BAD, "decomposition": [None, "ovr"],
                         "combiner": ["K-First"], "combiner_params": [[("k", 2)]]},
    "ZhouMSVMRFE": {**_SVM_RFE_BAD, "max_iter": [100.0, 0, -1], "method": [1, "ovr"],
                    "random_state": ["0", -1]},
    **{name: {**_POLY_BAD, "C": ["1", 0, -1.0, np.inf]}
       for name in ("RakotomamonjyRFE", "DegroeveRFE")},
    "R2W2": {**_POLY_BAD, "C": ["1", 0, -1.0, np.nan], "n_iter": [3.0, 0],
             "step": ["0.1", 0.0, -0.1], "radius": [1, "sphere"], "normalize": ["yes", 1]},
    "SPERanker": {"degree": ["1", 2.0, 0], "xi": ["0.5", 0.0, 1.5],
                  "remove_redundant": ["yes", 1]},
    "StoppigliaSM": {"degree": [1.5, -1]},
}


def test_every_declared_parameter_has_bad_values_here():
    assert sorted(BAD) == sorted(RANKERS)
    for name in RANKERS:
        params = set(_ranker(name).get_params()) - {"n_features_to_select"}
        assert params <= set(BAD[name]), params - set(BAD[name])


@pytest.mark.parametrize("name", RANKERS)
def test_scikit_learns_check_param_validation(name):
    # every parameter has a constraint, and a value of no valid type, or of a valid type but
    # out of range, raises InvalidParameterError naming the parameter
    check_param_validation(name, _ranker(name))


@pytest.mark.parametrize("name, param, bad",
                         [(n, p, b) for n in RANKERS for p, vals in BAD[n].items()
                          for b in vals], ids=str)
def test_a_bad_parameter_raises_invalid_parameter_error_naming_it(name, param, bad):
    X, y = _data()
    with pytest.raises(InvalidParameterError,
                       match=rf"The '{param}' parameter of {name} must be .* Got .* instead"):
        _ranker(name, **{param: bad}).fit(X, y)


def test_relieff_n_neighbors_x_is_named_with_what_it_accepts():
    X, y = _data()
    with pytest.raises(InvalidParameterError) as err:
        R.ReliefF(n_neighbors="x").fit(X, y)
    assert str(err.value) == ("The 'n_neighbors' parameter of ReliefF must be an int in the "
                              "range [1, inf). Got 'x' instead.")


class RandomState0(np.random.RandomState):
    """``RandomState(0)`` with a stable repr (test ids, as ``KFirst``)."""

    def __init__(self):
        super().__init__(0)

    def __repr__(self):
        return "RandomState(0)"


EDGES = {
    "ReliefF": [{"n_neighbors": 1}, {"sample_size": 1}, {"sample_size": 1000},
                {"weight_by_distance": True, "sigma": 1e-3},
                {"sample_size": 5, "random_state": None},
                {"sample_size": 5, "random_state": RandomState0()},
                {"categorical": [False] * 5}],
    "ReliefK": [{"n_neighbors": 1}], "GSReliefK": [{"n_neighbors": 1}],
    "RandomForestRanker": [{"n_estimators": 1}, {"max_features": 1}, {"max_features": 99},
                           {"max_features": 1.0}, {"max_features": 0.01},
                           {"max_features": "sqrt", "random_state": None},
                           {"importance": "breiman2001"}, {"importance": "impurity"}],
    "OneR": [{"min_bucket_size": 1}, {"n_folds": 2}, {"n_folds": 40}, {"random_state": -7},
             {"eval_on_training": True, "n_folds": 1000}],
    "InfoGain": [{"missing_merge": False}, {"categorical": [None] * 5}],
    "FCBF": [{"threshold": -1.0}, {"threshold": 1}],
    "SVMRFE": [{"step": 0.99}, {"step": 7}, {"C": 1e-6, "tol": 1e-9}, {"max_iter": -1},
               {"max_iter": 0}, {"scaling": None, "schedule": "izetta", "threshold": 0},
               {"multiclass": "ovo", "nominal": "error"}],
    "MulticlassSVMRFE": [{"combiner_params": None}, {"combiner_params": {"k": 2}},
                         {"decomposition": "ova", "step": 1, "final_step": 5}],
    "ZhouMSVMRFE": [{"max_iter": 1, "method": m, "random_state": None} for m in ("cs", "ww")],
    "RakotomamonjyRFE": [{"degree": 3, "C": 1e5, "max_iter": 1}, {"max_iter": -1}],
    "DegroeveRFE": [{"degree": np.int64(2), "C": 1e-6}],
    "R2W2": [{"C": np.inf}, {"C": 1.0, "radius": "variance", "normalize": True},
             {"n_iter": 1, "step": 5.0, "max_iter": -1}],
    "SPERanker": [{"xi": 1.0}, {"xi": 1e-9}, {"remove_redundant": np.bool_(False)}],
    "StoppigliaSM": [{"degree": 4}],
}


@pytest.mark.parametrize("name, params", [(n, p) for n, ps in EDGES.items() for p in ps],
                         ids=str)
def test_valid_edge_values_still_fit(name, params):
    X, y = _data()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # max_iter=1, max_iter=0
        r = _ranker(name, **params).fit(X, y)
    assert sorted(r.ranking_) == [1, 2, 3, 4, 5]
