import numpy as np
import pytest
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC

from featrank.evaluate.curves import (Curves, curve_area, error_curves, expected_curve,
                                      fast_engine, ranking_curves, size_schedule)
from featrank.learners import make_learner


def _data(n=90, p=10, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p)) * rng.uniform(1, 10, size=p)
    s = X[:, 0] / X[:, 0].std() + X[:, 3] / X[:, 3].std()
    y = (s > 0).astype(int) + (X[:, 5] > np.quantile(X[:, 5], 0.75))
    return X, y


def test_size_schedule():
    np.testing.assert_array_equal(size_schedule(7, "all"), np.arange(1, 8))
    s = size_schedule(60)
    np.testing.assert_array_equal(s, list(range(1, 52)) + [56, 60])
    s = size_schedule(700)
    assert s[50] == 51 and s[51] == 56 and 496 in s and 501 in s
    np.testing.assert_array_equal(s[s > 501], [536, 571, 606, 641, 676, 700])   # 700 // 20 = 35
    with pytest.raises(ValueError):
        size_schedule(5, "weird")


def test_svm_curves_equal_an_independent_plain_loop():
    X, y = _data()
    order = np.array([3, 0, 5, 1, 2, 4, 6, 7, 8, 9])
    cv = list(StratifiedKFold(5, shuffle=True, random_state=0).split(X, y))
    c = error_curves(X, y, order, "svm", sizes="all", cv=cv)
    assert c.meta["engine"] == "svm"
    for kind, vals in (("ffa", c.ffa), ("rfa", c.rfa)):
        for f, (tr, te) in enumerate(cv):
            for j, s in enumerate(c.sizes):
                cols = order[:s] if kind == "ffa" else order[10 - s:]
                sc = MinMaxScaler().fit(X[tr][:, cols])
                m = SVC(kernel="poly", degree=2, gamma=1, coef0=0, C=0.1)
                m.fit(sc.transform(X[tr][:, cols]), y[tr])
                acc = np.mean(m.predict(sc.transform(X[te][:, cols])) == y[te])
                assert vals[f, j] == pytest.approx(acc, abs=1e-12), (kind, f, s)


@pytest.mark.parametrize("numba", [True, False])
@pytest.mark.parametrize("name", ["knn", "svm"])
def test_fast_engines_equal_refit_with_nominal_and_missing(name, numba, monkeypatch):
    if not numba:
        monkeypatch.setenv("FEATRANK_NO_NUMBA", "1")
    X, y = _data(n=80, p=8, seed=1)
    X[:, 6] = np.arange(80) % 3
    X[:, 7] = (np.arange(80) // 3) % 2
    X[::9, 1] = np.nan
    X[::13, 6] = np.nan
    cat = np.zeros(8, bool)
    cat[6:] = True
    order = np.array([6, 0, 3, 7, 5, 1, 2, 4])
    kw = dict(sizes=[1, 2, 4, 5, 8], cv=4, n_repeats=2, categorical=cat)
    fast = error_curves(X, y, order, name, **kw)
    plain = error_curves(X, y, order, name, fast=False, **kw)
    assert fast.meta["engine"] == name and plain.meta["engine"] == "plain"
    np.testing.assert_allclose(fast.ffa, plain.ffa, atol=1e-12)
    np.testing.assert_allclose(fast.rfa, plain.rfa, atol=1e-12)


@pytest.mark.parametrize("numba", [True, False])
def test_knn_fast_equals_refit_on_binary_data_full_of_ties(numba, monkeypatch):
    if not numba:
        monkeypatch.setenv("FEATRANK_NO_NUMBA", "1")
    rng = np.random.default_rng(4)
    X = rng.integers(0, 2, size=(100, 12)).astype(float)
    y = (X[:, 0] != X[:, 1]).astype(int)
    order = rng.permutation(12)
    fast = error_curves(X, y, order, "knn", sizes="all", cv=5)
    plain = error_curves(X, y, order, "knn", sizes="all", cv=5, fast=False)
    np.testing.assert_array_equal(fast.ffa, plain.ffa)
    np.testing.assert_array_equal(fast.rfa, plain.rfa)


def test_relevant_feature_first_gives_better_ffa_and_worse_rfa():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 6))
    y = (X[:, 0] > 0).astype(int)
    good = error_curves(X, y, [0, 1, 2, 3, 4, 5], "knn", sizes="all", cv=5)
    bad = error_curves(X, y, [5, 4, 3, 2, 1, 0], "knn", sizes="all", cv=5)
    assert good.ffa_mean[0] > 0.9 and bad.ffa_mean[0] < 0.75
    assert good.rfa_mean[4] < 0.75 and bad.rfa_mean[0] > 0.9      # bottom 5 lack feature 0
    np.testing.assert_array_equal(good.x_rfa, [6, 5, 4, 3, 2, 1])
    np.testing.assert_allclose(good.ffa_mean[-1], good.rfa_mean[-1])  # both all features


def test_generic_model_scoring_callable_and_per_split_orders():
    from sklearn.linear_model import LogisticRegression

    X, y = _data()
    seen = []

    def measure(y_true, y_pred, y_score):
        seen.append(y_score.shape)
        return float(np.mean(y_true == y_pred))

    orders = np.array([np.roll(np.arange(10), i) for i in range(3)])
    c = error_curves(X, y, orders, LogisticRegression(max_iter=1000), sizes=[1, 10], cv=3, scoring=measure)
    assert c.meta["engine"] == "plain" and c.ffa.shape == (3, 2) and c.scoring == "measure"
    assert all(s[1] == 3 for s in seen)
    for name in ("svm", "knn"):
        seen.clear()
        error_curves(X, y, orders[0], name, sizes=[2], cv=3, scoring=measure, kind="ffa")
        assert seen and all(s[1] == 3 for s in seen)
    with pytest.raises(ValueError, match="rows"):
        error_curves(X, y, orders, "knn", cv=4)


def test_errors_repeats_and_n_jobs():
    X, y = _data()
    with pytest.raises(ValueError, match="misses"):
        error_curves(X, y, [0, 1], "knn", cv=3)
    with pytest.raises(ValueError, match="single class"):
        error_curves(X, np.r_[np.zeros(89, int), 1], np.arange(10), "knn",
                     cv=[(np.arange(80), np.arange(80, 90))])
    with pytest.raises(ValueError, match="scoring"):
        error_curves(X, y, np.arange(10), "knn", scoring="no_such_measure")
    a = error_curves(X, y, np.arange(10), "svm", cv=3, n_repeats=2, kind="rfa")
    b = error_curves(X, y, np.arange(10), "svm", cv=3, n_repeats=2, kind="rfa", n_jobs=2)
    assert a.ffa is None and a.rfa.shape == (6, 10)
    np.testing.assert_array_equal(a.rfa, b.rfa)
    e = error_curves(X, y, np.arange(10), "knn", cv=3, scoring="error", kind="ffa")
    k = error_curves(X, y, np.arange(10), "knn", cv=3, kind="ffa")
    np.testing.assert_allclose(e.ffa, 1 - k.ffa)


def test_expected_curve_pools_ffa_and_rfa():
    X, y = _data()
    c = expected_curve(X, y, "knn", n_orders=6, cv=3, sizes="all")
    assert c.ffa.shape == (2 * 6 * 3, 10) and c.ffa is c.rfa
    np.testing.assert_allclose(c.ffa_mean, (c.meta["ffa_runs"].mean(0) + c.meta["rfa_runs"].mean(0)) / 2)
    assert c.meta["orders"].shape == (6, 10)
    np.testing.assert_allclose(c.meta["ffa_runs"][:, -1], c.meta["rfa_runs"][:, -1])
    same = expected_curve(X, y, "knn", n_orders=6, cv=3, sizes="all", fast=False)
    np.testing.assert_allclose(same.ffa, c.ffa)


def test_curve_area_and_fast_engine_detection():
    assert curve_area([1.0, 3.0, 3.0]) == pytest.approx((2 + 3) / 2)
    assert curve_area([1.0, 3.0, 3.0], normalize=False) == pytest.approx(5.0)
    c = Curves(np.array([1, 3]), np.array([[0.5, 1.0]]), None, 3)
    assert curve_area(c) == pytest.approx(0.75)
    with pytest.raises(ValueError):
        curve_area(c, kind="rfa")
    assert fast_engine(make_learner("knn")) == "knn"
    assert fast_engine(make_learner("svm", degree=1)) == "svm"
    assert fast_engine(make_learner("nb")) == "plain"


@pytest.mark.parametrize("n_classes", [2, 3])
def test_direct_libsvm_calls_equal_svc_precomputed(n_classes):
    from featrank.evaluate.curves import _PrecomputedSVC

    X, y = _data(n=70)
    y = np.minimum(y, n_classes - 1) + 5            # labels need not be 0..c-1
    Z = MinMaxScaler().fit_transform(X)
    K = (Z[:50] @ Z[:50].T) ** 2
    Kte = (Z[50:] @ Z[:50].T) ** 2
    ref = SVC(kernel="precomputed", C=0.1).fit(K, y[:50])
    ours = _PrecomputedSVC(SVC(C=0.1), y[:50]).fit(K)
    np.testing.assert_array_equal(ours.predict(Kte), ref.predict(Kte))
    np.testing.assert_allclose(ours.decision_function(Kte), ref.decision_function(Kte),
                               rtol=1e-12, atol=1e-12)


def _curve_task(seed, fold):
    """A grid task as the experiments write them: small kwargs in, numbers out."""
    from featrank.parallel import task_seed

    X, y = _data(n=60, p=6, seed=seed)
    order = np.random.default_rng(task_seed(seed, "order")).permutation(6)
    cv = list(StratifiedKFold(3, shuffle=True, random_state=seed).split(X, y))[fold:fold + 1]
    c = error_curves(X, y, order, "svm", sizes="all", cv=cv)
    return np.concatenate([c.ffa[0], c.rfa[0]])


def test_grid_on_a_dask_local_cluster_gives_the_local_numbers():
    distributed = pytest.importorskip("distributed")
    from featrank.parallel import run_tasks

    tasks = [dict(seed=s, fold=f) for s in (0, 1) for f in range(3)]
    local = run_tasks(_curve_task, tasks, n_jobs=1, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster):
        remote = run_tasks(_curve_task, tasks, backend="dask", progress=False)
    for a, b in zip(local, remote):
        np.testing.assert_array_equal(a, b)


def test_dataset_input_declares_categories_so_rare_codes_do_not_break_folds():
    from featrank.datasets import Dataset

    X, y = _data(n=60, p=6, seed=3)
    X[:, 4] = np.arange(60) % 3
    X[0, 4] = 3.0                       # code 3 appears once: one training fold lacks it
    ds = Dataset(X, y, categorical=[False] * 4 + [True, False],
                 categories=[None] * 4 + [["a", "b", "c", "d"], None])
    order = [4, 0, 1, 2, 3, 5]
    c = error_curves(ds, None, order, "svm", sizes="all", cv=3)
    ref = error_curves(ds, None, order, "svm", sizes="all", cv=3, fast=False)
    np.testing.assert_allclose(c.ffa, ref.ffa)
    np.testing.assert_allclose(c.rfa, ref.rfa)
    # arrays: the counts are taken from the whole data (max code + 1), as a header would
    arr = error_curves(X, y, order, "svm", sizes="all", cv=3, categorical=ds.categorical)
    np.testing.assert_allclose(arr.ffa, c.ffa)
    np.testing.assert_allclose(arr.rfa, c.rfa)


def test_svm_schedule_jumps_equal_refit():
    X, y = _data(n=70, p=10, seed=5)
    order = np.random.default_rng(5).permutation(10)
    for sizes in ([1, 8, 10], [3, 10]):       # jumps of 7: a BLAS update, then the kernels
        fast = error_curves(X, y, order, "svm", sizes=sizes, cv=3)
        plain = error_curves(X, y, order, "svm", sizes=sizes, cv=3, fast=False)
        np.testing.assert_allclose(fast.ffa, plain.ffa, atol=1e-12)
        np.testing.assert_allclose(fast.rfa, plain.rfa, atol=1e-12)


def _score_sum(y_true, y_pred, y_score):
    """Accuracy plus the mean decision value of the predicted class: checks the scores too."""
    return np.mean(y_true == y_pred) + np.take_along_axis(
        y_score, np.searchsorted(np.unique(y_true), y_pred)[:, None], axis=1).mean()


@pytest.mark.parametrize("numba", [True, False])
@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("svc", [dict(degree=2, gamma=0.5, coef0=1.0),
                                 dict(degree=3, gamma=1.0, coef0=0.5), dict(degree=1)])
def test_svm_kernels_and_decision_values_equal_refit(svc, n_classes, numba, monkeypatch):
    """The quadratic-form decision values (degree 2, with gamma and coef0) and the
    test x train kernel path (other degrees) give the refit's predictions and scores."""
    if not numba:
        monkeypatch.setenv("FEATRANK_NO_NUMBA", "1")
    X, y = _data(n=72, p=6, seed=7)
    y = np.minimum(y, n_classes - 1)
    model = make_learner("svm", degree=svc["degree"])
    if svc["degree"] > 1:
        model.set_params(svc__gamma=svc["gamma"], svc__coef0=svc["coef0"])
    order = np.random.default_rng(7).permutation(6)
    kw = dict(sizes=[1, 2, 4, 6], cv=3, scoring=_score_sum)
    fast = error_curves(X, y, order, model, **kw)
    plain = error_curves(X, y, order, model, fast=False, **kw)
    assert fast.meta["engine"] == "svm"
    np.testing.assert_allclose(fast.ffa, plain.ffa, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(fast.rfa, plain.rfa, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("n_classes", [2, 4])
def test_svm_decision_values_from_support_vectors_on_wide_data(n_classes):
    """Many features, few samples (the microarray case): decision values from the test x
    support-vector kernel, not the p x p quadratic forms; the refit's predictions and scores."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(48, 300))
    y = np.arange(48) % n_classes
    X[:, :5] += y[:, None]
    model = make_learner("svm").set_params(svc__gamma=0.5, svc__coef0=1.0)
    order = rng.permutation(300)
    kw = dict(sizes=[2, 40, 300], cv=3, scoring=_score_sum)
    fast = error_curves(X, y, order, model, **kw)
    plain = error_curves(X, y, order, model, fast=False, **kw)
    np.testing.assert_allclose(fast.ffa, plain.ffa, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(fast.rfa, plain.rfa, rtol=1e-9, atol=1e-9)


# --------------------------------------------------------------------------- DataFrame input
def _nominal_dataset(seed=5):
    """60 samples: two nominal columns (one with a declared category that never occurs, one
    with missing values), three numeric ones; the class follows nominal column 1."""
    from featrank.datasets import Dataset

    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 5))
    X[:, 1] = rng.integers(0, 3, 60)
    X[:, 3] = rng.integers(0, 2, 60)
    X[::7, 3] = np.nan
    y = ((X[:, 1] == 2) ^ (X[:, 0] > 1)).astype(int)
    return Dataset(X, y, feature_names=list("abcde"),
                   categorical=np.array([False, True, False, True, False]),
                   categories=[None, ["lo", "mid", "hi", "never"], None, ["no", "yes"], None])


def _same_curves(a, b):
    np.testing.assert_array_equal(a.ffa, b.ffa)
    np.testing.assert_array_equal(a.rfa, b.rfa)


@pytest.mark.parametrize("learner", ["knn", "svm"])
def test_dataframe_with_category_columns_gives_the_datasets_curves(learner):
    """A DataFrame whose nominal columns have dtype 'category' gives exactly the curves of
    the Dataset, and of its arrays with the nominal mask (it used to fail on the labels)."""
    from featrank.datasets.frame import to_frame

    ds = _nominal_dataset()
    df = to_frame(ds)
    assert [str(t) for t in df.dtypes] == ["float64", "category", "float64", "category",
                                           "float64"]
    order, kw = [1, 0, 4, 3, 2], dict(sizes="all", cv=3, random_state=2)
    ref = error_curves(ds, None, order, learner, **kw)
    _same_curves(error_curves(df, ds.y, order, learner, **kw), ref)
    _same_curves(error_curves(ds.X, ds.y, order, learner, categorical=ds.categorical, **kw),
                 ref)
    numeric = error_curves(ds.X, ds.y, order, learner, **kw)   # nominal read as numbers
    assert not np.array_equal(numeric.ffa, ref.ffa)
    e_df = expected_curve(df, ds.y, learner, n_orders=2, **kw)
    _same_curves(e_df, expected_curve(ds, None, learner, n_orders=2, **kw))


def test_dataframe_category_order_does_not_change_knn_curves():
    """Weka IBk's nominal distance only asks "same category?": relabelling the categories
    (e.g. sorted, as ``astype('category')`` on text gives them) leaves the curves alone."""
    from featrank.datasets.frame import to_frame

    ds = _nominal_dataset()
    df = to_frame(ds)
    shuffled = df.assign(b=df["b"].cat.reorder_categories(["hi", "never", "lo", "mid"]))
    kw = dict(sizes="all", cv=3)
    _same_curves(error_curves(shuffled, ds.y, [1, 0, 4, 3, 2], "knn", **kw),
                 error_curves(df, ds.y, [1, 0, 4, 3, 2], "knn", **kw))


def test_dataframe_on_a_nominal_arff_from_the_mirror(load_or_skip):
    from featrank.datasets.frame import to_frame

    ds = load_or_skip("breast-cancer")
    order, kw = np.arange(ds.n_features)[::-1], dict(cv=3, random_state=1)
    ref = error_curves(ds, None, order, "svm", **kw)
    _same_curves(error_curves(to_frame(ds), ds.y, order, "svm", **kw), ref)
    _same_curves(error_curves(ds.X, ds.y, order, "svm", categorical=ds.categorical, **kw),
                 ref)


def test_y_none_without_a_dataset_is_refused_clearly():
    X, _ = _data()
    with pytest.raises(ValueError, match="y is None"):
        error_curves(X, None, np.arange(10), "knn")


# --------------------------------------------------------------------------- model vs scoring
@pytest.mark.parametrize("scoring", ["accuracy", "error"])
def test_regressor_with_a_classification_measure_is_refused(scoring):
    """A regressor's predictions are numbers, not classes: 'accuracy' would count exact
    hits of a float (it used to run and return such curves)."""
    from sklearn.neighbors import KNeighborsRegressor

    X, y = _data()
    for call in (lambda: error_curves(X, y, np.arange(10), KNeighborsRegressor(), cv=3,
                                      scoring=scoring),
                 lambda: expected_curve(X, y, KNeighborsRegressor(), n_orders=2, cv=3,
                                        scoring=scoring)):
        with pytest.raises(ValueError, match=r"KNeighborsRegressor is a regressor.*"
                                             r"Pass a classifier"):
            call()


def test_classifier_with_a_regression_measure_is_refused():
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import get_scorer, mean_squared_error

    X, y = _data()
    for scoring in (mean_squared_error, get_scorer("neg_mean_squared_error"), "r2"):
        for model in ("knn", LogisticRegression()):
            with pytest.raises(ValueError, match=r"is a regression measure but model .* is a "
                                                 r"classifier: pass a classification"):
                error_curves(X, y, np.arange(10), model, cv=3, scoring=scoring)


def test_classification_measures_and_unknown_models_pass_the_check():
    """featrank's and scikit-learn's classification measures, and models without
    scikit-learn tags, are not refused by the task check."""
    from sklearn.metrics import accuracy_score

    from featrank.evaluate.curves import _check_task
    from featrank.evaluate.metrics import PratiScorer, error_rate
    from featrank.learners import make_learner

    class Bare:
        def fit(self, X, y):
            return self

        def predict(self, X):
            return np.zeros(len(X))

    for scoring in ("accuracy", error_rate, PratiScorer("auc"), accuracy_score,
                    lambda t, p, s: 0.0):
        _check_task(make_learner("svm"), scoring)
        _check_task(Bare(), scoring)


# --------------------------------------------------------------------------- feedback
def test_docs_say_the_default_scoring_is_accuracy():
    for doc in (Curves.__doc__, error_curves.__doc__, expected_curve.__doc__):
        assert "accuracies" in doc or "accuracy" in doc
        assert 'scoring="error"' in doc
    assert "higher is better" in Curves.__doc__ and "higher is better" in error_curves.__doc__


def test_progress_bar_per_split_honours_show_progress(monkeypatch, capsys):
    import featrank.evaluate._curve_run as curves

    X, y = _data()
    monkeypatch.setattr(curves, "BAR_DELAY", 0.0)       # show it at once (default: after 2 s)
    monkeypatch.setenv("FEATRANK_PROGRESS", "1")
    error_curves(X, y, np.arange(10), "knn", cv=3, sizes=[1, 10])
    expected_curve(X, y, "knn", n_orders=2, cv=3, sizes=[1, 10])
    err = capsys.readouterr().err
    assert "error curves" in err and "expected curve" in err and "/3 [" in err
    assert "split" in err                              # counted per CV split
    monkeypatch.setenv("FEATRANK_PROGRESS", "0")
    error_curves(X, y, np.arange(10), "knn", cv=3, sizes=[1, 10])
    assert capsys.readouterr().err == ""


def test_compile_note_once_per_process_and_only_for_the_engines(monkeypatch, capsys):
    """The note appears at the first compilation of an engine function (simulated by fresh
    numba functions counted as engines), not at later ones nor for other code."""
    numba = pytest.importorskip("numba")
    from featrank.evaluate import _jit_note

    def fresh():
        return numba.njit(lambda x: x + 1)

    monkeypatch.setenv("FEATRANK_PROGRESS", "1")
    monkeypatch.setitem(_jit_note._STATE, "noted", False)
    with _jit_note.compile_note():
        fresh()(1)                                      # not an engine module: no note
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(_jit_note, "ENGINE_MODULES", (__name__,))
    with _jit_note.compile_note():
        fresh()(1)
        fresh()(2)
    with _jit_note.compile_note():
        fresh()(3)
    assert capsys.readouterr().err.count(_jit_note.NOTE) == 1


def test_a_scikit_learn_scorer_object_is_refused_with_the_fix():
    """Scorer objects take (estimator, X, y); the curves call f(y_true, y_pred, y_score)."""
    from sklearn.metrics import get_scorer

    X, y = _data()
    with pytest.raises(ValueError, match=r"scorer object.*lambda t, p, s: accuracy_score"):
        error_curves(X, y, np.arange(10), "knn", cv=3, scoring=get_scorer("accuracy"))


def _orders_sharing_prefixes(p, seed):
    """Five orders: two equal, two agreeing on their top 4 (in order), one reversed."""
    a = np.random.default_rng(seed).permutation(p)
    b = np.r_[a[:4], a[4:][::-1]]
    return {"a": a, "a again": a.copy(), "b": b, "c": np.r_[a[:4], np.roll(a[4:], 1)],
            "reversed": a[::-1]}


@pytest.mark.parametrize("numba", [True, False])
@pytest.mark.parametrize("name", ["svm", "nb", "tree", "knn"])
def test_ranking_curves_equal_each_rankings_own_curves_bit_for_bit(name, numba, monkeypatch):
    if not numba:
        monkeypatch.setenv("FEATRANK_NO_NUMBA", "1")
    X, y = _data(n=90, p=9, seed=3)
    orders = _orders_sharing_prefixes(9, 3)
    kw = dict(sizes=[1, 2, 4, 5, 7, 9], cv=3, n_repeats=2, scoring=_score_sum)
    shared = ranking_curves(X, y, orders, name, **kw)
    assert list(shared) == list(orders)
    for key, order in orders.items():
        alone = error_curves(X, y, order, name, **kw)
        np.testing.assert_array_equal(shared[key].ffa, alone.ffa, err_msg=key)
        np.testing.assert_array_equal(shared[key].rfa, alone.rfa, err_msg=key)


def test_ranking_curves_fit_each_feature_sequence_once(monkeypatch):
    """Counted SVM fits: every point of ``a`` (FFA and RFA, p shared), none of ``a again``,
    and ``b`` refits only its points past the common top 4 (FFA) -- its RFA sequences differ
    -- and its own all-features point (as error_curves of ``b`` alone fits it)."""
    from featrank.evaluate import _svm_chain

    fits = []
    solve = _svm_chain._PrecomputedSVC.fit
    monkeypatch.setattr(_svm_chain._PrecomputedSVC, "fit",
                        lambda self, *a, **k: fits.append(1) or solve(self, *a, **k))
    X, y = _data(n=60, p=9, seed=4)
    orders = _orders_sharing_prefixes(9, 4)
    sizes = [1, 2, 4, 5, 7, 9]
    ranking_curves(X, y, {k: orders[k] for k in ("a", "a again", "b")}, "svm", sizes=sizes,
                   cv=[(np.arange(0, 60, 2), np.arange(1, 60, 2))])
    per_kind = len(sizes) - 1                   # the all-features point: once per order
    assert len(fits) == (1 + 2 * per_kind) + 0 + (1 + per_kind - 3 + per_kind)


def test_ranking_curves_feed_a_stateful_scorer_in_order():
    seen = []

    def record(y_true, y_pred, y_score):        # the value of a point: its call's index
        seen.append(len(seen))
        return float(seen[-1])

    X, y = _data(n=40, p=6, seed=2)
    out = ranking_curves(X, y, {"x": np.arange(6), "z": np.arange(6)[::-1]}, "nb", kind="ffa",
                         cv=[(np.arange(20), np.arange(20, 40))], scoring=record)
    assert out["x"].ffa.tolist() == [[0, 1, 2, 3, 4, 5]] and out["z"].rfa is None
    assert out["z"].ffa.tolist() == [[6, 7, 8, 9, 10, 11]] and len(seen) == 12


@pytest.mark.parametrize("model", ["knn", "svm", "nb"])
def test_one_order_per_split_equals_each_split_with_its_own_order(model):
    # rankings learnt inside each training fold: split s is scored with the order of row s
    X, y = _data()
    splits = list(StratifiedKFold(3, shuffle=True, random_state=1).split(X, y))
    rng = np.random.default_rng(2)
    orders = np.array([rng.permutation(10) for _ in splits])
    together = error_curves(X, y, orders, model, sizes=[1, 3, 10], cv=splits)
    for s, split in enumerate(splits):
        alone = error_curves(X, y, orders[s], model, sizes=[1, 3, 10], cv=[split])
        np.testing.assert_array_equal(together.ffa[s], alone.ffa[0])
        np.testing.assert_array_equal(together.rfa[s], alone.rfa[0])


def test_too_few_rows_per_class_for_the_folds_is_a_clear_error():
    X, y = _data(n=8)
    with pytest.raises(ValueError, match=r"10-fold stratified CV needs at least 10 rows in "
                                         r"some class, but the largest class .* pass cv="):
        error_curves(X, y, np.arange(10), "knn")


@pytest.mark.parametrize("name", ["knn", "svm"])
def test_balanced_accuracy_fast_equals_refit_and_sklearn(name):
    """Unbalanced labels (about 1 in 6): the fast engines give the plain loop's balanced
    accuracy; for the SVM (decision values, no prior correction) it is scikit-learn's
    balanced_accuracy_score of the predictions, recomputed here independently."""
    from sklearn.metrics import balanced_accuracy_score
    X, y = _data(n=90, p=6, seed=3)
    y = (X[:, 0] + 0.5 * X[:, 1] > 1.0).astype(int)
    order = np.array([0, 1, 2, 3, 4, 5])
    kw = dict(sizes=[1, 2, 3, 6], cv=3, scoring="balanced_accuracy")
    fast = error_curves(X, y, order, name, **kw)
    plain = error_curves(X, y, order, name, fast=False, **kw)
    np.testing.assert_allclose(fast.ffa, plain.ffa, atol=1e-12)
    np.testing.assert_allclose(fast.rfa, plain.rfa, atol=1e-12)
    if name == "svm":
        splits = list(StratifiedKFold(3, shuffle=True, random_state=0).split(X, y))
        tr, te = splits[0]
        sc = MinMaxScaler().fit(X[tr][:, :2])
        m = SVC(kernel="poly", degree=2, gamma=1, coef0=0, C=0.1)
        m.fit(sc.transform(X[tr][:, :2]), y[tr])
        want = balanced_accuracy_score(y[te], m.predict(sc.transform(X[te][:, :2])))
        assert fast.ffa[0, 1] == pytest.approx(want, abs=1e-12)


def test_balanced_accuracy_corrects_knn_votes_for_the_class_priors():
    """A minority class that never wins a 10-neighbour vote: accuracy's curve is flat at the
    majority rate, balanced accuracy (votes divided by the class shares) sees the signal."""
    rng = np.random.default_rng(0)
    y = (np.arange(100) < 10).astype(int)
    X = rng.normal(size=(100, 5))
    X[:, 0] += 2.0 * y
    acc = error_curves(X, y, [0, 1, 2, 3, 4], "knn", sizes=[1], cv=5, kind="ffa")
    bal = error_curves(X, y, [0, 1, 2, 3, 4], "knn", sizes=[1], cv=5, kind="ffa",
                       scoring="balanced_accuracy")
    assert acc.ffa_mean[0] < 0.93          # about the majority rate, 0.9
    assert bal.ffa_mean[0] > 0.7
