import json

import numpy as np
import pandas as pd
import pytest

from featrank.experiments import izetta2017 as E


def test_rank_stats_hand_worked():
    orders = np.array([[2, 0, 1, 3], [0, 1, 2, 3]])
    st = E.rank_stats(orders, [0, 1])           # positions: 2, 3 and 1, 2
    assert st["Best"] == 1 and st["Worst"] == 3 and st["Mean"] == 2.0
    assert st["1st Q."] == np.percentile([2, 3, 1, 2], 25)


def test_win_counts_hand_worked():
    df = pd.DataFrame({"dataset": ["d"] * 6, "split": [0, 0, 0, 1, 1, 1], "size": [10] * 6,
                       "method": ["A", "B", "C"] * 2, "error": [0.1, 0.2, 0.3, 0.1, 0.3, 0.2]})
    w = E.win_counts(df, sizes=(10,)).iloc[0]
    # A beats B and C in both splits; B vs C: one each (tie) -> neither excels the other
    assert (w["A"], w["B"], w["C"]) == (2, 0, 0)
    m = E.pairwise_win_matrix(df, 10)
    assert m.loc["A", "B"] == 1.0 and m.loc["B", "C"] == 0.5


def test_size_grid_and_method_specs():
    g = E.size_grid(515, "coarse:6", extra=(10, 20, 15))
    assert g[0] == 2 and g[-1] == 515 and {10, 15, 20} <= set(g.tolist())
    assert E.size_grid(5, "all").tolist() == [2, 3, 4, 5]
    assert E.parse_method("K-First") == ("K-First", {"k": 0.1})
    assert E.parse_method("Av-SD@min_sd") == ("Av-SD", {"ties": "min_sd"})
    with pytest.raises(ValueError):
        E.parse_method("Borda")


def test_incremental_gram_curve_equals_plain_refit():
    from sklearn.svm import SVC

    rng = np.random.default_rng(0)
    Xtr, Xte = rng.normal(size=(60, 8)), rng.normal(size=(30, 8))
    ytr, yte = rng.integers(0, 3, 60), rng.integers(0, 3, 30)
    order = np.array([3, 1, 7, 0, 2, 6, 5, 4])
    err, _ = E.svm_error_curve(Xtr, ytr, Xte, yte, order, [2, 5, 8], C_grid=(0.5,))
    ref = [np.mean(SVC(kernel="linear", C=0.5).fit(Xtr[:, order[:n]], ytr)
                   .predict(Xte[:, order[:n]]) != yte) for n in (2, 5, 8)]
    assert np.allclose(err, ref)


# ----------------------------------------------------------------------------- 3Q-SD variants
def test_q3_variants_table_means_and_closer_variant():
    # 4 lists of 6 features: feature 0 is first in one list only, last elsewhere
    lists = np.array([[0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 0], [1, 2, 3, 4, 5, 0],
                      [2, 1, 3, 4, 5, 0]])
    orders = {v: [f(lists), f(lists)] for v, f in E.Q3_VARIANTS.items()}
    t = E.q3_variants_table({"toy": orders}, {"toy": {"f0": [0]}})
    r = t.iloc[0]
    # positions: f0 (1,6,6,6), f1 (2,1,1,2), f2 (3,2,2,1), f3 (4,3,3,3), f4 (5,4,4,4),
    # f5 (6,5,5,5). Text (1st quartile of positions): 4.75, 1, 1.75, 3, 4, 5 -> f0 5th.
    # 3rd quartile of positions: 6, 2, 2.25, 3.25, 4.25, 5.25 -> f0 last. Av-SD sums
    # 19, 6, 8, 13, 17, 21 -> f0 5th.
    assert r["3Q-SD (text: 3rd quartile of r)"] == 5
    assert r["Av-SD"] == 5
    assert r["3Q-SD (3rd quartile of positions)"] == 6        # last: Q3 = 6, the worst
    assert r["3Q-SD (text: 3rd quartile of r) se"] == 0.0
    assert np.isnan(r["paper 3Q-SD"]) and r["closer"] == ""


# ----------------------------------------------------------------------------- OVO dilution
def test_problem_classes_and_list_relevance_under_ova():
    assert E.problem_classes("2vs5") == (2, 5) and E.problem_classes("3vsRest") == (3,)
    # OVA with 3 classes, one feature each + 1 noise; every list puts its class's feature
    # first and the next class's second
    lists = [[0, 1, 2, 3], [1, 2, 0, 3], [2, 3, 0, 1]]
    t = E.list_relevance(lists, ["0vsRest", "1vsRest", "2vsRest"], {0: [0], 1: [1], 2: [2]},
                         top=2)
    assert t["own"].tolist() == [1, 1, 1]
    assert t["in_top_own"].tolist() == [1.0, 1.0, 1.0]
    # class 0's feature is in the top 2 of list 0 only; class 1's of lists 0 and 1; class 2's
    # of lists 1 and 2
    assert t["lists_with_feature_on_top"].tolist() == [1.0, 2.0, 2.0]
    assert t["in_top_other"].tolist() == [0.0, 0.5, 0.5]


def test_class_features_artificial1():
    f = E.class_features_artificial1(3)
    assert f == {0: [0, 1, 2, 3, 4], 1: [5, 6, 7, 8, 9], 2: [10, 11, 12, 13, 14]}


# ----------------------------------------------------------------------------- verdict rules
def test_value_rule_uses_two_se_plus_rounding():
    assert E.value_agrees(10.0, 1.0, 12.5)          # 2.5 <= 2*1 + 0.5
    assert not E.value_agrees(10.0, 1.0, 12.6)
    assert E.value_agrees(3.4, np.nan, 3)           # no SE: rounding only
    assert E.values_verdict([True, True]) == "yes"
    assert E.values_verdict([True, False]) == "partly"
    assert E.values_verdict([True, False, False]) == "no"
    with pytest.raises(ValueError):
        E.values_verdict([])


def test_best_verdict_on_synthetic_scores_with_known_answers():
    rng = np.random.default_rng(0)
    n = 30
    base = rng.normal(0.3, 0.02, size=n)
    # A clearly best (lower error) than B and C, which are equal in law
    s = pd.DataFrame({"A": base - 0.1, "B": base + rng.normal(0, 0.01, n),
                      "C": base + rng.normal(0, 0.01, n)})
    v = E.best_verdict(s, "A", ["B", "C"])
    assert v["agrees"] == "yes" and v["beaten"] == {"B", "C"} and v["best"] == "A"
    # B is not best and beats nobody: no
    assert E.best_verdict(s, "B", ["C"])["agrees"] == "no"
    # A best by rank but the claim puts A ahead of D, which is as good: partly
    s2 = s.assign(D=s["A"] + rng.normal(0, 1e-3, n))
    s2["A"] = np.minimum(s2["A"], s2["D"] - 1e-6)   # A never worse than D, by a hair
    v2 = E.best_verdict(s2.iloc[:4], "A", ["B", "C", "D"])
    assert v2["agrees"] == "partly" and v2["best"] == "A"
    # one block: no test
    assert E.best_verdict(s.iloc[:1], "A", ["B"])["agrees"] == "n/a"


def test_not_worse_verdict():
    ok = {c: [0.0, -0.01, 0.01, 0.0] for c in "abc"}
    assert E.not_worse_verdict(ok)["agrees"] == "yes"
    bad = {c: [0.05, 0.06, 0.04, 0.05, 0.07] for c in "abcdef"}
    v = E.not_worse_verdict(bad)
    assert v["agrees"] == "no" and v["n_worse"] == 6 and v["n_mean_not_worse"] == 0
    # one case clearly worse, the others clearly better: the case test flags it, the pooled
    # test does not
    mixed = {"x": [0.05, 0.06, 0.05, 0.055, 0.06, 0.05, 0.052, 0.058],
             **{c: [-0.05, -0.06, -0.05, -0.04, -0.06, -0.05, -0.055, -0.045] for c in "abcd"}}
    v = E.not_worse_verdict(mixed)
    assert v["n_worse"] == 1 and v["p_pooled"] > 0.05 and v["agrees"] == "partly"


def test_loglog_slope_and_scaling_verdicts():
    x = np.array([100, 200, 400, 800, 1600])
    noise = np.exp(np.array([0.02, -0.01, 0.0, 0.015, -0.02]))
    b, se = E.loglog_slope(x, 1e-9 * x ** 3 * noise)
    assert abs(b - 3) < 0.05 and 0 < se < 0.05
    assert E.scaling_verdict(b, se, "cubic") == "yes"
    assert E.scaling_verdict(b, se, "linear") == "no"
    b1, se1 = E.loglog_slope(x, 1e-4 * x * noise)
    assert E.scaling_verdict(b1, se1, "linear") == "yes"
    assert E.scaling_verdict(1.6, 0.2, "power law") == "partly"
    assert E.scaling_verdict(1.6, np.nan, "power law") == "partly"
    with pytest.raises(ValueError):
        E.scaling_verdict(1.0, 0.1, "quadratic")
    with pytest.raises(ValueError):
        E.loglog_slope([5, 5], [1, 2])


def test_perfectly_ranked():
    assert E.perfectly_ranked(np.array([[2, 0, 1, 3], [1, 2, 0, 3]]), 3)
    assert not E.perfectly_ranked(np.array([[2, 0, 1, 3], [1, 3, 0, 2]]), 3)


def _fig3_table(delta, n_splits=4, seed=0):
    """A synthetic Fig. 3 run: OVO error = OVA error + delta (+ small noise)."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in ("artificial1-8c", "artificial2-8c"):
        for m in E.METHODS:
            for s in range(n_splits):
                e = 0.3 + rng.normal(0, 0.01)
                for sch, err in (("ova", e), ("ovo", e + delta + rng.normal(0, 0.002))):
                    rows.append((d, sch, s, m, 40 if d == "artificial1-8c" else 25, err,
                                 0.1, 0.875))
    return pd.DataFrame(rows, columns=["dataset", "scheme", "split", "method", "size", "error",
                                       "C", "chance"])


def test_summary_fig3_verdicts_follow_the_rule():
    n_rel = {"artificial1-8c": 40, "artificial2-8c": 25}
    good = E.reproduction_summary(fig3=_fig3_table(-0.05), n_relevant=n_rel, profile="smoke")
    row = good.set_index("claim").loc["Fig. 3: OVO equal or better than OVA in all cases "
                                      "(error at the true n)"]
    assert row["agrees"] == "yes"
    bad = E.reproduction_summary(fig3=_fig3_table(+0.05), n_relevant=n_rel, profile="smoke")
    row = bad.set_index("claim").loc["Fig. 3: OVO equal or better than OVA in all cases "
                                     "(error at the true n)"]
    assert row["agrees"] == "no" and "OVO has the higher mean error" in row["why_not"]
    assert list(bad.columns) == ["claim", "paper", "ours", "se", "agrees", "why_not", "profile"]
    assert (bad.loc[bad.agrees != "yes", "why_not"].str.len() > 0).all()


def test_summary_marks_perfect_artificial3_tables_vacuous():
    p, R = 60, 40
    perfect = np.vstack([np.r_[np.random.default_rng(s).permutation(R),
                               R + np.random.default_rng(s).permutation(p - R)]
                         for s in range(3)])
    orders = {("artificial3-8c", m): perfect for m in E.METHODS}
    t = E.reproduction_summary(orders=orders, n_relevant={"artificial3-8c": R}, profile="smoke")
    t = t.set_index("claim")
    assert t.loc["Table 6 (Art-3-8C): all methods almost equivalent", "agrees"] == "n/a"
    row = t.loc["Table 6 (Art-3-8C): mean position of the relevant features"]
    assert row["ours"].startswith("3Q-SD 20.5")       # the ideal (R + 1) / 2


def test_q3_support_counts_groups():
    t = pd.DataFrame({"paper 3Q-SD": [22, 80], "paper Av-SD": [5, 24], "Av-SD": [3.0, 9.0],
                      "3Q-SD (text: 3rd quartile of r)": [3.0, 8.0],
                      "3Q-SD (3rd quartile of positions)": [4.7, 46.8],
                      "closer": ["3Q-SD (3rd quartile of positions)", ""]})
    s = E.q3_support(t)
    assert "in 1 of 1 groups" in s
    assert "paper 2/2" in s and "text's variant 0/2" in s and "positions variant 2/2" in s


def test_combination_timing_on_a_tiny_problem(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    t = E.combination_timing("artificial1-3c", (5, 40), n_samples=90, repeats=2,
                             floyd_warshall_max=30)
    assert set(t["n_features"]) == {20, 55}
    assert t["lists"].eq(3).all()
    fw = t[t["method"] == "Schulze (Floyd-Warshall)"]
    assert fw["n_features"].tolist() == [20]             # only up to floyd_warshall_max
    assert (t["seconds"] > 0).all() and len(t) == 2 * len(E.METHODS) + 1


# ----------------------------------------------------------------- where C is chosen
def test_cv_folds_are_stratified_and_shrink_with_the_smallest_class():
    y = np.array([0] * 7 + [1] * 3)
    folds = E.cv_folds(y, cv=5, seed=1)
    assert len(folds) == 3                               # the smallest class has 3 members
    assert all((y[va] == 1).sum() == 1 for _, va in folds)
    assert E.cv_folds(np.array([0, 0, 0, 1]), cv=5) is None


def test_split_C_is_what_the_per_size_cv_picks_at_all_features(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    grid = (0.001, 0.01, 1.0, 100.0)
    kw = dict(dataset="artificial1-3c", split=0, seed=0, n_samples=120, n_noise=5)
    C = E.split_C_task(C_grid=grid, **kw)["C"]
    Xtr, ytr, Xte, yte, _ = E.split_data(**kw)
    p = Xtr.shape[1]
    _, chosen = E.svm_error_curve(Xtr, ytr, Xte, yte, np.arange(p), [p], grid,
                                  seed=E.task_seed(0, "artificial1-3c", 0, "cv"))
    assert C == chosen[-1]
    # brute force: the CV error of each C on the same folds, smallest C among the best
    from sklearn.svm import SVC
    folds = E.cv_folds(ytr, 5, E.task_seed(0, "artificial1-3c", 0, "cv"))
    err = [sum(np.mean(SVC(kernel="linear", C=c).fit(Xtr[tr], ytr[tr]).predict(Xtr[va]) != ytr[va])
               for tr, va in folds) for c in grid]
    assert C == grid[int(np.argmin(err))]


def test_curve_at_split_C_is_the_curve_at_that_fixed_C(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    kw = dict(dataset="artificial1-3c", split=0, seed=0, n_samples=120, n_noise=5,
              methods=("Av-SD",), sizes=[2, 5, 10], C_grid=(0.001, 1.0))
    by_split = E.curve_task(C_at="split", **kw)
    C = E.split_C_task(**{k: kw[k] for k in ("dataset", "split", "seed", "n_samples",
                                              "n_noise", "C_grid")})["C"]
    fixed = E.curve_task(**dict(kw, C_grid=(C,)))
    assert np.array_equal(by_split["wrong"]["Av-SD"], fixed["wrong"]["Av-SD"])
    assert by_split["digest"] == fixed["digest"]
    assert set(by_split["C"]["Av-SD"]) == {C}
    with pytest.raises(ValueError, match="C_at"):
        E.curve_task(C_at="fold", **kw)


def test_c_reading_table_pairs_the_two_readings(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    t = E.c_reading_table("artificial1-3c", ["Av-SD"], n_splits=2, sizes=[2, 10],
                          C_grid=(0.001, 1.0), n_samples=120, n_jobs=1)
    # the curves of both readings, recomputed one by one
    for at, col in (("size", "error, C per size"), ("split", "error, C per split")):
        df = E.run_curves(["artificial1-3c"], ["Av-SD"], 2, sizes=[2, 10], C_grid=(0.001, 1.0),
                          n_samples=120, n_jobs=1, C_at=at)
        assert np.allclose(t.set_index("size")[col], df.groupby("size")["error"].mean())
    assert np.allclose(t["difference"], t["error, C per size"] - t["error, C per split"])
    assert (t["se"] >= 0).all() and len(t) == df["size"].nunique()


# ------------------------------------------------------------ what the store keeps
TINY = dict(seed=0, n_samples=120)


def test_run_curves_rebuilds_errors_tops_and_digests(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    df = E.run_curves(["artificial1-3c"], ["Av-SD", "Best Rank."], 2, sizes=[2, 5],
                      n_jobs=1, **TINY)
    for s in (0, 1):
        Xtr, ytr, Xte, yte, ds = E.split_data("artificial1-3c", s, 0, 120)
        for m in ("Av-SD", "Best Rank."):
            order = E.method_order("artificial1-3c", s, m, n_samples=120)
            got = df[(df.split == s) & (df.method == m)]
            err, _ = E.svm_error_curve(Xtr, ytr, Xte, yte, order, got["size"].to_numpy(), (0.1,),
                                       seed=E.task_seed(0, "artificial1-3c", s, "cv"))
            assert np.array_equal(got["error"].to_numpy(), err)          # exact, not close
            top = df.attrs["tops"][("artificial1-3c", "ovo", m)][s]
            assert len(top) == max(20, len(ds.relevant))
            assert np.array_equal(top, order[:len(top)])
    dig = df.attrs["digests"]
    same = [a == b for a, b in zip(dig[("artificial1-3c", "ovo", "Av-SD")],
                                   dig[("artificial1-3c", "ovo", "Best Rank.")])]
    orders_equal = [np.array_equal(E.method_order("artificial1-3c", s, "Av-SD", n_samples=120),
                                   E.method_order("artificial1-3c", s, "Best Rank.", n_samples=120))
                    for s in (0, 1)]
    assert same == orders_equal


def test_run_orders_are_the_methods_orders(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    o = E.run_orders(["artificial1-3c"], ["K-First", "Schulze"], 2, n_jobs=1, **TINY)
    for m in ("K-First", "Schulze"):
        assert o[("artificial1-3c", m)].shape == (2, 515)
        for s in (0, 1):
            assert np.array_equal(o[("artificial1-3c", m)][s],
                                  E.method_order("artificial1-3c", s, m, n_samples=120))


def test_the_rankings_stay_out_of_the_committed_store(monkeypatch):
    from featrank import config

    monkeypatch.setitem(config._ACTIVE, "profile", "paper")
    write, _ = config.store_dirs(E.RANKINGS)
    assert config.cache_dir() in write.parents
    assert config.store_dirs(E.CACHE)[0] == config.results_dir(E.CACHE) / "store"


def test_dilution_positions_are_those_of_the_combined_lists(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    t = E.ovo_dilution_table("artificial1-3c", 2, n_samples=120, methods=("Av-SD",))
    pos = [E.group_positions(E.method_order("artificial1-3c", s, "Av-SD", scheme="ova",
                                            n_samples=120), range(15)) for s in (0, 1)]
    row = t.set_index("scheme").loc["OVA"]
    assert row["M"] == 3 and np.isclose(row["Av-SD"], np.mean(pos))


#: notebook 03's settings shrunk to one small dataset per figure (120 points, 2 sizes, 3 splits)
SMALL = dict(n_splits=3, n_samples=120, sizes=[2, 5], C_grid=(0.1,), C_at="size",
             fig1=["artificial3-3c"], fig1_k=(0.1,), fig2=["artificial1-3c"],
             fig3=["artificial1-3c"], fig4=["artificial1-3c"], tables=["artificial1-3c"],
             timing_noise=(20,), timing_samples=(120,), timing_base=(20, 120),
             creading=dict(dataset="artificial1-3c", methods=("K-First",), n_splits=1,
                           sizes=[2, 5], C_grid=(0.01, 1.0)))


def test_stored_splits_counts_the_complete_prefix_and_computes_nothing(tmp_path, monkeypatch):
    from featrank.parallel import STORE_USE

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    assert E.stored_splits(SMALL, []) == 0
    first = E.per_split(SMALL, [], 2, n_jobs=1)
    assert E.stored_splits(SMALL, []) == 2
    use = dict(STORE_USE.get(E.CACHE, {}))
    assert E.stored_splits(dict(SMALL, n_splits=2), []) == 2     # the profile's whole run
    assert STORE_USE.get(E.CACHE, {}) == use                     # probing counts nothing
    again = E.per_split(SMALL, [], 2, n_jobs=1)
    pd.testing.assert_frame_equal(again["fig4"], first["fig4"])
    # one result missing at split 1 (a 3Q-SD reading) leaves split 0 alone complete
    q3 = [f for f in (tmp_path / "store" / E.CACHE / "q3_task").glob("*.json")
          if json.loads(f.read_text())["params"]["split"] == 1]
    assert len(q3) == 1
    q3[0].unlink()
    assert E.stored_splits(SMALL, []) == 1


def test_fill_stores_every_split_block_by_block(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    E.fill(SMALL, [], "smoke", n_jobs=1, block=2)
    out = capsys.readouterr().out
    assert "splits 0-1 of 3 stored" in out and "splits 0-2 of 3 stored" in out
    assert E.stored_splits(SMALL, []) == 3
    from featrank.parallel import stored_only
    with stored_only():                        # the one-off results are stored too
        once = E.once(SMALL, "smoke")
    assert set(once) == {"timing", "combine", "creading"}
