import numpy as np
import pytest
from sklearn.base import clone
from sklearn.feature_selection import RFE
from sklearn.svm import SVC
from sklearn.utils._param_validation import InvalidParameterError

from featrank.rankers.svmrfe import (SVMRFE, binary_problems, deal_orders, elimination_schedule, encode_nominal,
                                     rfe_order, rfe_order_plain, rfe_orders, scale_features)


def _data(n=60, p=30, seed=0, classes=2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    s = X[:, 0] + 0.6 * X[:, 3] - X[:, 7] + 0.3 * rng.normal(size=n)
    y = (s > 0).astype(int) if classes == 2 else np.digitize(X[:, 0] + X[:, 5], [-0.6, 0.6])
    return X, y


def test_schedule_izetta_and_weka_rules():
    s = elimination_schedule(515, 0.1, 20, 1, "izetta")
    assert sum(s) == 515 and s[:3] == [51, 46, 41]
    r = 515 - np.cumsum(s)
    # 10 % of the remaining while at least 20 remain, then one at a time
    before = np.concatenate([[515], r[:-1]])
    assert all(k == max(1, int(0.1 * b)) for k, b in zip(s, before) if b >= 20)
    assert all(k == 1 for k, b in zip(s, before) if b < 20)
    # Weka defaults: one at a time
    assert elimination_schedule(7) == [1] * 7
    # Weka percent mode: int((r+1)*pct), then down to the threshold, then the constant rate
    assert elimination_schedule(20, 0.25, 8, 2, "weka") == [5, 4, 3, 2, 2, 2, 2]
    assert elimination_schedule(10, 3) == [3, 3, 3, 1]
    with pytest.raises(ValueError, match="step"):
        elimination_schedule(10, 1.5)
    with pytest.raises(ValueError, match="rule"):
        elimination_schedule(10, 1, rule="x")
    # its arguments are declared as the rankers' parameters are (one set of constraints)
    for bad in ({"threshold": -1}, {"final_step": 0}, {"n_features": 0}, {"step": "1"}):
        with pytest.raises(InvalidParameterError, match=f"'{next(iter(bad))}' parameter of "
                                                        "elimination_schedule"):
            elimination_schedule(**{"n_features": 10, **bad})


def test_the_helpers_refuse_what_the_rankers_refuse():
    X, y = np.zeros((6, 2)), np.array([0, 1, 2, 0, 1, 2])
    for call, param in [(lambda: scale_features(X, "robust"), "scaling"),
                        (lambda: encode_nominal(X, [True, False], "drop"), "nominal"),
                        (lambda: binary_problems(y, "ovr"), "scheme")]:
        with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of"):
            call()


@pytest.mark.parametrize("sched", [None, "izetta", "steps3"])
def test_fast_rfe_equals_plain_refit(sched):
    X, y = _data()
    X = scale_features(X, "minmax")
    s = {None: None, "izetta": elimination_schedule(30, 0.1, 20, 1, "izetta"),
         "steps3": elimination_schedule(30, 3)}[sched]
    fast = rfe_order(X, y, C=0.1, schedule=s, tol=1e-8)
    plain = rfe_order_plain(X, y, C=0.1, schedule=s, tol=1e-8)
    assert fast.tolist() == plain.tolist()


def test_one_at_a_time_equals_sklearn_rfe():
    """sklearn's RFE with a linear SVC and step=1 is an independent implementation; its
    ranking_ of the eliminated features must equal ours (no ties in w² here)."""
    X, y = _data(n=50, p=15, seed=3)
    ours = rfe_order(X, y, C=1.0, tol=1e-10)
    ref = RFE(SVC(kernel="linear", C=1.0, tol=1e-10), n_features_to_select=1, step=1).fit(X, y)
    assert np.argsort(ref.ranking_, kind="stable").tolist() == ours.tolist()


def test_wide_data_many_downdates_match_plain():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(20, 120))
    y = (X[:, :3].sum(1) > 0).astype(int)
    s = elimination_schedule(120, 0.1, 20, 1, "izetta")
    assert rfe_order(X, y, 0.5, s, 1e-9).tolist() == rfe_order_plain(X, y, 0.5, s, 1e-9).tolist()


def test_decompositions_and_dealing():
    y = np.repeat([0, 1, 2, 3], 5)
    assert len(binary_problems(y, "ovo")) == 6 and len(binary_problems(y, "ova")) == 4
    name, idx, yb = binary_problems(y, "ovo")[1]
    assert name == "0vs2" and set(y[idx]) == {0, 2} and yb.sum() == 5
    assert deal_orders([[2, 0, 1, 3], [2, 3, 1, 0]]).tolist() == [2, 0, 3, 1]


def test_multiclass_ranker_ova_is_weka_deal():
    X, y = _data(n=90, p=12, classes=3)
    r = SVMRFE(C=0.1).fit(X, y)
    assert r.orders_.shape == (3, 12)
    assert r.top_features_.tolist() == deal_orders(r.orders_).tolist()
    orders, names = rfe_orders(scale_features(X), y, "ova", C=0.1)
    assert np.array_equal(orders, r.orders_) and names == r.problems_
    assert SVMRFE(multiclass="ovo").fit(X, y).orders_.shape == (3, 12)


def test_ranker_api_and_relevant_first():
    X, y = _data(n=120, p=20, seed=1)
    r = clone(SVMRFE(C=1.0, step=0.2, n_features_to_select=3)).fit(X, y)
    assert set(r.top_features_[:3]) == {0, 3, 7}
    assert r.transform(X).shape == (120, 3)
    assert np.array_equal(np.argsort(-r.scores_, kind="stable"), r.top_features_)
    assert sorted(r.ranking_) == list(range(1, 21))


def test_constant_feature_and_missing_values():
    X, y = _data(n=40, p=9)
    X[:, 2] = 3.0
    X[0, 4] = np.nan
    r = SVMRFE().fit(X, y)
    assert r.top_features_[-1] == 2
    with pytest.raises(InvalidParameterError, match="'C' parameter of SVMRFE"):
        SVMRFE(C=0).fit(X, y)
    with pytest.raises(ValueError, match="two classes"):
        SVMRFE().fit(X, np.zeros(40))


def test_nominal_features_grouped_one_hot_equals_plain_and_error_mode():
    rng = np.random.default_rng(7)
    n = 80
    nom = rng.integers(0, 3, n).astype(float)      # 3-valued nominal, relevant
    X = np.column_stack([rng.normal(size=n), nom, rng.normal(size=n), rng.integers(0, 2, n)])
    y = (2.0 * (nom == 2) + 0.8 * X[:, 0] + 0.5 * X[:, 3] + 0.3 * rng.normal(size=n) > 1.2).astype(int)
    cat = np.array([False, True, False, True])
    Xe, groups = encode_nominal(X, cat)
    assert Xe.shape == (n, 6) and groups.tolist() == [0, 1, 1, 1, 2, 3]
    Xe = scale_features(Xe)
    fast = rfe_order(Xe, y, 1.0, None, 1e-5, groups=groups)
    assert fast.tolist() == rfe_order_plain(Xe, y, 1.0, None, 1e-5, groups=groups).tolist()
    r = SVMRFE(categorical=cat, C=1.0).fit(X, y)
    assert r.top_features_[0] == 1 and sorted(r.top_features_) == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="binary nominal"):
        SVMRFE(categorical=cat, nominal="error").fit(X, y)
