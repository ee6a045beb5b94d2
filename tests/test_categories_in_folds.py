"""Nominal attributes in resampled data: the rankers get every declared category value.

Weka's ReliefF takes #values of a nominal attribute from the ARFF header; the missing-value
diff is 1 - 1/#values. With a bool mask our ReliefF infers #values from the codes present, so
on a training fold (or a bootstrap bag) that lacks a value it would differ from Weka's.
"""
import numpy as np
import pytest

from featrank.aggregate import lin
from featrank.datasets import Dataset
from featrank.experiments import slavkov2020 as E
from featrank.rankers import ReliefF
from featrank.rankers.discretize import resolve_categorical


def _dataset(seed):
    """30 rows; feature 0 nominal {a, b, c} with 6 missing values, ``c`` in a single row;
    feature 1 numeric, informative; 2 numeric noise; 3 nominal {u, v}."""
    rng = np.random.default_rng(seed)
    n = 30
    y = np.repeat([0, 1], n // 2)
    nom = rng.integers(0, 2, n).astype(float)
    nom[rng.choice(n, 6, replace=False)] = np.nan
    row_c = rng.choice(np.flatnonzero(~np.isnan(nom)))
    nom[row_c] = 2.0
    X = np.column_stack([nom, y + rng.normal(0, 1.0, n), rng.normal(0, 1, n),
                         rng.integers(0, 2, n)])
    ds = Dataset(X, y, categorical=[True, False, False, True],
                 categories=[["a", "b", "c"], None, None, ["u", "v"]], name="nomfold")
    return ds, row_c


def test_fold_rankings_get_the_declared_categories(monkeypatch):
    ds, row_c = _dataset(32)
    monkeypatch.setattr(E, "load_dataset", lambda name, data_seed=0: ds)
    splits = list(E.cv_splitter("nomfold", 1, 3, seed=0).split(ds.X, ds.y))
    k = next(k for k, (_, test) in enumerate(splits) if row_c in test)
    train = splits[k][0]
    assert not np.any(ds.X[train, 0] == 2)                       # "c" absent from the fold
    ref = ReliefF(n_neighbors=10, categorical=ds.categories).fit(ds.X[train], ds.y[train])
    mask = ReliefF(n_neighbors=10, categorical=ds.categorical).fit(ds.X[train], ds.y[train])
    assert not np.array_equal(ref.top_features_, mask.top_features_)  # the mask would differ
    got = E.rank_on_split("nomfold", "ReliefF", k, n_repeats=1, n_folds=3, seed=0)
    np.testing.assert_array_equal(got, ref.top_features_)
    # make_ranker itself, and SVM-RFE (which only needs the nominal mask) accept categories
    est = E.make_ranker("ReliefF", ds.categories).fit(ds.X[train], ds.y[train])
    np.testing.assert_allclose(est.scores_, ref.scores_)
    svm = E.make_ranker("SVM-RFE", ds.categories)
    assert svm.categorical.tolist() == [True, False, False, True]
    assert E.nominal_mask([0, 3, 0]).tolist() == [False, True, False]
    assert E.nominal_mask(None) is None


def test_lin_bags_count_values_on_all_rows():
    ds, _ = _dataset(1)
    counted = resolve_categorical(ds.categorical, ds.X)[1]       # values counted on all rows
    order, bags = lin(ds.X, ds.y, ranker=ReliefF(categorical=counted), random_state=0,
                      return_orders=True)
    order_c, bags_c = lin(ds.X, ds.y, ranker=ReliefF(categorical=ds.categories),
                          random_state=0, return_orders=True)
    np.testing.assert_array_equal(bags, bags_c)
    np.testing.assert_array_equal(order, order_c)
    # per-bag inference from a mask (the old behaviour) gives other base orders here
    _, per_bag = lin(ds.X, ds.y, ranker=ReliefF(categorical=ds.categorical), random_state=0,
                     return_orders=True)
    assert not np.array_equal(per_bag, bags_c)
    with pytest.raises(ValueError, match="ranker"):
        lin(ds.X, ds.y, ranker="ReliefF")
