import numpy as np
import pytest
from sklearn.base import clone

from featrank.aggregate import COMBINERS, best_rank, combine_lists, k_first
from featrank.rankers.multiclass import MulticlassSVMRFE, ZhouMSVMRFE, weston_watkins_svm
from featrank.rankers.svmrfe import (elimination_schedule, rfe_order, rfe_order_plain,
                                     scale_features)


def _blobs(n=120, p=25, c=4, seed=0, shift=1.5):
    """Class j shifted on its own two features 2j, 2j+1; the rest noise."""
    rng = np.random.default_rng(seed)
    y = np.arange(n) % c
    X = rng.normal(size=(n, p))
    for j in range(c):
        X[y == j, 2 * j:2 * j + 2] += shift
    return X, y


@pytest.mark.parametrize("dec,m", [("ovo", 6), ("ova", 4)])
def test_number_of_lists_and_each_is_a_permutation(dec, m):
    X, y = _blobs()
    r = MulticlassSVMRFE(decomposition=dec, combiner=k_first).fit(X, y)
    assert r.orders_.shape == (m, 25) and len(r.problems_) == m
    assert all(sorted(o) == list(range(25)) for o in r.orders_)


def test_ovo_list_is_the_binary_rfe_of_that_pair():
    X, y = _blobs(seed=1)
    r = MulticlassSVMRFE(decomposition="ovo", combiner=k_first, tol=1e-8).fit(X, y)
    Xs = scale_features(X, "standard")
    idx = np.flatnonzero((y == 1) | (y == 3))
    sched = elimination_schedule(25, 0.1, 20, 1, "izetta")
    ref = rfe_order_plain(Xs[idx], (y[idx] == 1).astype(int), C=0.1, schedule=sched, tol=1e-8)
    assert r.problems_[4] == "1vs3"
    assert r.orders_[4].tolist() == ref.tolist()


def test_combiners_by_paper_and_library_names():
    orders = np.array([[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3]])
    for paper, lib in COMBINERS.items():
        assert combine_lists(orders, paper).tolist() == combine_lists(orders, lib).tolist()
    # Best Ranking with one list is that list
    assert combine_lists(orders[:1], "Best Rank.").tolist() == [0, 1, 2, 3]
    # k as a fraction of p: 0.5 of 4 -> 2
    assert combine_lists(orders, "K-First", k=0.5).tolist() == combine_lists(orders, "k_first", k=2).tolist()
    with pytest.raises(ValueError, match="unknown combiner"):
        combine_lists(orders, "borda2")


def test_recombine_and_relevant_features_first():
    X, y = _blobs(n=200, seed=2)
    r = clone(MulticlassSVMRFE(combiner=k_first, combiner_params={"k": 0.2})).fit(X, y)
    assert set(r.top_features_[:8]) == set(range(8))
    assert r.recombine(best_rank).shape == (25,)
    assert r.recombine(k_first, k=0.2).tolist() == r.top_features_.tolist()
    with pytest.raises(ValueError, match="function"):
        r.recombine("Best Rank.")
    with pytest.raises(ValueError, match="function"):
        MulticlassSVMRFE().fit(X, y)          # no combiner given


def _ww_objectives(X, y, C, W, alpha):
    Xa = np.hstack([X, np.ones((len(X), 1))])
    S = Xa @ W.T
    marg = np.maximum(0, 1 - (S[np.arange(len(y)), y][:, None] - S))
    marg[np.arange(len(y)), y] = 0
    primal = 0.5 * (W ** 2).sum() + C * marg.sum()
    dual = alpha.sum() - 0.5 * (W ** 2).sum()
    return primal, dual


def test_weston_watkins_duality_gap_closes_and_warm_start_agrees():
    X, y = _blobs(n=90, p=6, c=3, seed=3, shift=1.0)
    W, a = weston_watkins_svm(X, y, C=0.5, tol=1e-8, max_epochs=20000)
    primal, dual = _ww_objectives(X, y, 0.5, W, a)
    assert primal - dual < 1e-5 * max(1.0, abs(primal))   # optimality certificate
    assert a.min() >= 0 and a.max() <= 0.5 + 1e-12
    W2, _ = weston_watkins_svm(X, y, C=0.5, tol=1e-8, max_epochs=20000, alpha0=a * 0.5)
    assert np.allclose(W, W2, atol=1e-4)


def test_zhou_ovo_on_two_classes_is_plain_svmrfe():
    X, y = _blobs(n=80, p=12, c=2, seed=4, shift=1.0)
    z = ZhouMSVMRFE(method="ovo", tol=1e-8).fit(X, y)
    sched = elimination_schedule(12, 0.1, 20, 1, "izetta")
    ref = rfe_order(scale_features(X, "standard"), y, C=0.1, schedule=sched, tol=1e-8)
    assert z.top_features_.tolist() == ref.tolist()


@pytest.mark.parametrize("method", ["ovo", "cs", "ww"])
def test_zhou_variants_find_the_relevant_features(method):
    X, y = _blobs(n=160, p=20, c=3, seed=5, shift=2.0)
    z = ZhouMSVMRFE(method=method).fit(X, y)
    assert set(z.top_features_[:6]) == set(range(6))
    with pytest.raises(ValueError):
        ZhouMSVMRFE(method="xx").fit(X, y)


@pytest.mark.parametrize("method", ["cs", "ww"])
def test_zhou_variants_do_not_depend_on_numpys_global_seed(method):
    """liblinear's Crammer-Singer solver visits samples in a random order: the ranker seeds
    it (``random_state``) instead of drawing from numpy's global generator."""
    X, y = _blobs(n=150, p=30, c=4, seed=8, shift=0.3)
    orders = []
    for global_seed in (1, 2, 3):
        np.random.seed(global_seed)
        orders.append(ZhouMSVMRFE(method=method, max_iter=50).fit(X, y).ranking_.tolist())
    assert orders[0] == orders[1] == orders[2]
