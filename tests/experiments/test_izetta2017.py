import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from featrank.experiments.claims import COLUMNS, significance

from featrank.datasets import izetta2017 as iz
from featrank.experiments import izetta2017 as E
from featrank.experiments.izetta2017.profiles import CChoice, ColumnCheck, CombineTiming


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
def test_paired_test_uses_the_corrected_resampled_se_and_one_sided_p():
    from featrank.stats import corrected_resampled_ttest

    d = np.array([0.02, 0.03, 0.01, 0.02, 0.025, 0.015])
    m, se, p = E.paired_test(d, 1)
    res = corrected_resampled_ttest(d, 3, 1)
    assert np.isclose(m, d.mean()) and np.isclose(p, res.pvalue / 2)
    assert np.isclose(se, np.sqrt((1 / 6 + 1 / 3) * d.var(ddof=1)))
    assert np.isclose(E.paired_test(d, -1)[2], 1 - res.pvalue / 2)
    assert E.paired_test([0.0, 0.0]) == (0.0, 0.0, 1.0)          # no variation, no evidence
    assert E.paired_test([0.01, 0.01], 1)[2] == 0.0              # the same gain every split


def test_family_holm_adjusts_within_each_finding():
    from featrank.experiments.izetta2017.summary_curves import Family
    from featrank.stats import holm_adjust

    F = Family()
    idx = [F.add(p, f) for p, f in ((0.01, "a"), (0.04, "a"), (0.03, "b"))]
    with pytest.raises(RuntimeError):
        F[idx[0]]
    F.adjust()
    assert np.allclose([F[i] for i in idx[:2]], holm_adjust([0.01, 0.04]))
    assert F[idx[2]] == 0.03                      # alone in its finding: not adjusted


def test_exact_friedman_matches_brute_force_and_the_committed_fig1():
    from featrank.experiments.izetta2017.exact import friedman_brute_force, friedman_exact

    rng = np.random.default_rng(3)
    for shape in ((2, 4), (3, 3), (2, 5), (3, 4)):
        for _ in range(3):
            x = rng.integers(0, 4, size=shape).astype(float)        # with ties
            assert np.isclose(friedman_exact(x).pvalue, friedman_brute_force(x))
    # the two class-specific datasets of Fig. 1 at the true n (committed CSV): six values of k
    sc = pd.DataFrame([[0.4109, 0.4111, 0.4155, 0.4503, 0.5934, 0.5513],
                       [0.2736, 0.2695, 0.2710, 0.2788, 0.3204, 0.3274]])
    r = friedman_exact(sc, higher_is_better=False)
    assert round(r.pvalue, 3) == 0.051 and r.min_pvalue == 1 / 720
    assert r.w < r.w_critical                          # not concordant enough to reject
    assert E.friedman_test(sc)["test"] == "exact permutation"


def test_friedman_readings_block_by_dataset_or_by_split():
    from featrank.experiments.izetta2017.summary_curves import by_reading, mean_ranks

    idx = pd.MultiIndex.from_product([["d1", "d2"], [0, 1, 2]], names=["dataset", "split"])
    s = pd.DataFrame({"A": [0.1, 0.1, 0.3, 0.1, 0.25, 0.25], "B": [0.2, 0.2, 0.2, 0.3, 0.2, 0.2]},
                     index=idx)
    assert by_reading(s, "blocks=datasets").shape == (2, 2)
    assert np.allclose(by_reading(s, "blocks=datasets").loc["d1"], [0.5 / 3, 0.2])
    assert by_reading(s, "blocks=dataset-splits").shape == (6, 2)
    assert mean_ranks(s, "blocks=datasets")["A"] == 1.0       # lower mean on both datasets
    assert mean_ranks(s, "blocks=dataset-splits")["A"] == 1.5  # but wins 3 of the 6 splits


def test_loglog_slope_and_fig7_slope_rows():
    from featrank.experiments.izetta2017.summary import _slope_row
    from featrank.experiments.izetta2017.summary_curves import Family

    x = np.array([100, 200, 400, 800, 1600])
    noise = np.exp(np.array([0.02, -0.01, 0.0, 0.015, -0.02]))
    b, se = E.loglog_slope(x, 1e-9 * x ** 3 * noise)
    assert abs(b - 3) < 0.05 and 0 < se < 0.05
    F = Family()
    cubic = _slope_row("c", "cubic", "", b, se, 5, 2.5, 1, F, "fig7a-schulze-cubic")
    linear = _slope_row("l", "linear", "", b, se, 5, 1.5, -1, F, "x")
    F.adjust()
    assert cubic(F)["agrees"] == "yes" and linear(F)["agrees"] == "no"
    with pytest.raises(ValueError):
        E.loglog_slope([5, 5], [1, 2])


def test_perfectly_ranked():
    assert E.perfectly_ranked(np.array([[2, 0, 1, 3], [1, 2, 0, 3]]), 3)
    assert not E.perfectly_ranked(np.array([[2, 0, 1, 3], [1, 3, 0, 2]]), 3)


def test_column_order_check_maps_the_shuffled_orders_back(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    runs = E.column_order_runs(["artificial1-3c"], 1, (0.1,), n_samples=120, n_jobs=1)
    assert len(runs) == len(E.METHODS)
    r = E.shuffled_orders_task(dataset="artificial1-3c", split=0, C_grid=(0.1,), n_samples=120)
    p = 515
    for m in E.METHODS:
        assert sorted(r["orders"][m].tolist()) == list(range(p))      # a permutation of p
    # the unshuffled error is the stored order's, recomputed on the same split and C
    Xtr, ytr, Xte, yte, _ = E.split_data("artificial1-3c", 0, 0, 120)
    order = E.method_order("artificial1-3c", 0, "K-First", n_samples=120)
    err, _ = E.svm_error_curve(Xtr, ytr, Xte, yte, order, [15], (0.1,))
    assert r["wrong_unshuffled"]["K-First"] == round(err[0] * len(yte))
    t = E.column_order_table(runs)
    assert set(t["method"]) == set(E.METHODS) and (t["splits"] == 1).all()


def _fig3_table(delta, n_splits=4, seed=0, noise=0.002):
    """A synthetic Fig. 3 run: OVO error = OVA error + delta (+ small noise)."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in ("artificial1-8c", "artificial2-8c"):
        for m in E.METHODS:
            for s in range(n_splits):
                e = 0.3 + rng.normal(0, 0.01)
                for sch, err in (("ova", e), ("ovo", e + delta + rng.normal(0, noise))):
                    rows.append((d, sch, s, m, 40 if d == "artificial1-8c" else 25, err,
                                 0.1, 0.875))
    return pd.DataFrame(rows, columns=["dataset", "scheme", "split", "method", "size", "error",
                                       "C", "chance"])


FIG3 = "Fig. 3: OVO equal or better than OVA in all cases (error at the true n)"


def test_summary_fig3_is_an_equivalence_that_follows_its_interval():
    n_rel = {"artificial1-8c": 40, "artificial2-8c": 25}
    good = E.reproduction_summary(fig3=_fig3_table(-0.05, n_splits=30), n_relevant=n_rel,
                                  profile="smoke").set_index("claim").loc[FIG3]
    assert good["rule"] == "equivalence" and good["agrees"] == "yes"   # OVO clearly better
    assert good["ci_high"] < 0.01                  # the interval lies inside the margin
    small = _fig3_table(+0.004, n_splits=30)       # OVO a little worse, within the margin
    r = E.reproduction_summary(fig3=small, n_relevant=n_rel, profile="smoke")
    r = r.set_index("claim").loc[FIG3]
    assert r["agrees"] == "yes" and 0 < r["ci_high"] < 0.01
    bad = E.reproduction_summary(fig3=_fig3_table(+0.05, n_splits=30), n_relevant=n_rel,
                                 profile="smoke")
    row = bad.set_index("claim").loc[FIG3]
    assert row["agrees"] == "no" and row["ci_low"] > 0.01        # the whole interval outside
    assert list(bad.columns) == list(COLUMNS)
    assert (bad.loc[bad.agrees != "yes", "why_not"].str.len() > 0).all()
    # a non-rejection is no longer a yes: three noisy splits cannot show equivalence
    few = E.reproduction_summary(fig3=_fig3_table(0.0, n_splits=3, noise=0.02), n_relevant=n_rel,
                                 profile="smoke").set_index("claim").loc[FIG3]
    assert few["agrees"] in ("untestable", "partly") and few["ci_high"] > 0.01


def test_fig4_three_behind_untestable_where_no_outcome_can_reject():
    from featrank.experiments.izetta2017.summary_curves import _three_behind_signed_rank

    rng = np.random.default_rng(0)
    blocks = pd.DataFrame(rng.normal(0.3, 0.01, size=(4, len(E.METHODS))), columns=E.METHODS)
    k, attainable, mde, _ = _three_behind_signed_rank(blocks)
    assert not attainable and math.isinf(mde)           # 4 datasets: min p 1/16 > 0.05 / 3
    assert significance(k, 3, attainable=attainable).agrees == "untestable"
    blocks6 = pd.DataFrame(rng.normal(0.3, 0.01, size=(6, len(E.METHODS))), columns=E.METHODS)
    assert _three_behind_signed_rank(blocks6)[1]        # 6 datasets, one-sided: attainable


def test_summary_rows_are_the_declared_claims():
    from featrank.experiments.izetta2017.summary_curves import declared

    decl = declared()
    committed = pd.read_csv(Path(__file__).resolve().parents[2] / "data" / "results" /
                            "03_izetta2017_multiclass_list_combination" /
                            "reproduction_summary.csv", keep_default_na=False)
    assert set(committed["finding"]) == set(decl)      # every finding declared, every claim a row
    assert "no difference" not in set(committed["rule"])
    for f, c in decl.items():
        assert set(committed.loc[committed["finding"] == f, "rule"]) <= set(c["kind"]), f
        if "equivalence" in c["kind"]:
            assert c["margin"] > 0 and c["source"]
    # a partial summary is checked against the declarations of its own rows
    n_rel = {"artificial1-8c": 40, "artificial2-8c": 25}
    t = E.reproduction_summary(fig3=_fig3_table(-0.05), n_relevant=n_rel, profile="smoke")
    assert set(t["finding"]) <= set(decl)


def test_summary_marks_perfect_artificial3_tables_vacuous():
    p, R = 60, 40
    perfect = np.vstack([np.r_[np.random.default_rng(s).permutation(R),
                               R + np.random.default_rng(s).permutation(p - R)]
                         for s in range(3)])
    orders = {("artificial3-8c", m): perfect for m in E.METHODS}
    t = E.reproduction_summary(orders=orders, n_relevant={"artificial3-8c": R}, profile="smoke")
    t = t.set_index("claim")
    assert t.loc["Table 6 (Art-3-8C): all methods almost equivalent", "agrees"] == "n/a"
    assert t.loc["Table 6 (Art-3-8C): all methods almost equivalent", "rule"] == \
        "by construction"
    row = t.loc["Table 6 (Art-3-8C): mean position of the relevant features, 3Q-SD"]
    assert row["ours"] == 20.5                         # the ideal (R + 1) / 2


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


def test_the_rankings_stay_out_of_the_committed_store():
    from featrank import config

    config.get_profile("paper")
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
SMALL = E.PROFILES["smoke"].replace(
    n_splits=3, n_samples=120, sizes=(2, 5), C_grid=(0.1,), C_at="size",
    fig1=("artificial3-3c",), fig1_k=(0.1,), fig2=("artificial1-3c",),
    fig3=("artificial1-3c",), fig4=("artificial1-3c",), tables=("artificial1-3c",),
    timing_noise=(20,), timing_samples=(120,), timing_base=(20, 120),
    creading=CChoice("artificial1-3c", ("K-First",), 1, (2, 5), (0.01, 1.0)),
    combine_timing=CombineTiming((5, 20), 120, 2),
    column_check=ColumnCheck(("artificial1-3c",), 1))


def test_stored_splits_counts_the_complete_prefix_and_computes_nothing(tmp_path, monkeypatch):
    from featrank.parallel import store_counts

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    assert E.stored_splits(SMALL, []) == 0
    first = E.per_split(SMALL, [], 2, n_jobs=1)
    assert E.stored_splits(SMALL, []) == 2
    use = store_counts(E.CACHE)
    assert E.stored_splits(SMALL.replace(n_splits=2), []) == 2   # the profile's whole run
    assert store_counts(E.CACHE) == use                          # probing counts nothing
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
    E.fill(SMALL, [], n_jobs=1, block=2)
    out = capsys.readouterr().out
    assert "splits 0-1 of 3 stored" in out and "splits 0-2 of 3 stored" in out
    assert E.stored_splits(SMALL, []) == 3
    from featrank.parallel import stored_only
    with stored_only():                        # the one-off results are stored too
        once = E.once(SMALL)
    assert set(once) == {"timing", "combine", "creading", "columns"}


# ----------------------------------------------------------------- the artificial datasets
@pytest.mark.parametrize("name", iz.names())
def test_shapes_and_relevant_sets_of_table3(name):
    d = iz.make(name, n_samples=600, random_state=1)
    c = d.n_classes
    R = {1: 5 * c, 2: 25, 3: 5 * c}[int(name[10])]
    assert d.X.shape == (600, R + 500)
    assert d.relevant.tolist() == list(range(R))
    assert np.all(d.relevance[:R] > 0) and np.all(d.relevance[R:] == 0)
    counts = np.bincount(d.y)
    assert counts.max() - counts.min() <= 1          # evenly distributed


def test_artificial1_means_and_sds():
    d = iz.artificial1(4, random_state=0)            # 3000 points
    M = d.meta["means"]
    assert np.allclose(M, np.kron(np.eye(4), np.ones(5)) * iz.SHIFT1)
    for j in range(4):
        Xj = d.X[d.y == j]
        assert np.allclose(Xj[:, :20].mean(0), M[j], atol=0.1)
        assert np.allclose(Xj[:, :20].std(0), 0.5, atol=0.06)
        assert np.allclose(Xj[:, 20:].mean(0), 0, atol=0.25)
        assert abs(Xj[:, 20:].std() - 1.0) < 0.02


def test_artificial2_groups():
    M = iz.class_means(2, 8)
    a, b, c = iz.SHIFTS2
    assert a > b > c > 0
    # features 0-4: only classes 0-2 differ from 0; 5-9: classes 3-4; 10-24: one class each
    assert np.flatnonzero(np.abs(M[:, :5]).sum(1)).tolist() == [0, 1, 2]
    assert np.flatnonzero(np.abs(M[:, 5:10]).sum(1)).tolist() == [3, 4]
    for j, cls in enumerate((5, 6, 7)):
        assert np.flatnonzero(M[:, 10 + 5 * j]).tolist() == [cls]
    assert len({tuple(r) for r in M}) == 8           # distinct class centres
    assert iz.relevance(2, 8)[[0, 5, 10, 30]].tolist() == [3, 2, 1, 0]


@pytest.mark.parametrize("c", [3, 8, 16])
def test_artificial3_every_feature_separates_every_pair_of_classes(c):
    M = iz.class_means(3, c)
    s = iz.SHIFT3 * np.sqrt(3 / c)
    assert M.shape == (c, 5 * c)
    levels = s * np.linspace(-1, 1, c)
    for f in range(5 * c):                          # the same c levels on every feature
        assert np.allclose(np.sort(M[:, f]), levels)
    gaps = np.abs(M[:, None, :] - M[None, :, :])    # every pair differs on every feature
    assert np.all(gaps[~np.eye(c, dtype=bool)] >= 2 * s / (c - 1) - 1e-12)


def test_bayes_error_is_nonzero_and_matches_closed_form_for_two_classes():
    # Artificial-1 with two classes: nearest-mean error = Phi(-||m1-m2|| / (2 * 0.5))
    from scipy.stats import norm

    e, se = iz.bayes_error(1, 2, n_mc=400_000)
    exact = norm.cdf(-iz.SHIFT1 * np.sqrt(10) / 1.0)
    assert abs(e - exact) < 4 * se + 1e-4
    for name in ("artificial1-3c", "artificial2-8c", "artificial3-16c"):
        prob, c = int(name[10]), int(name.split("-")[1][:-1])
        e, _ = iz.bayes_error(prob, c, n_mc=20_000)
        assert 0.01 < e < 1 - 1 / c


def test_errors_and_seeds():
    with pytest.raises(ValueError, match="unknown"):
        iz.make("artificial2-3c")
    with pytest.raises(ValueError, match="8 classes"):
        iz.class_means(2, 4)
    a, b = iz.make("artificial1-3c", random_state=5), iz.make("artificial1-3c", random_state=5)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
