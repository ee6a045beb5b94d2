"""The cross-paper benchmark's statistics (notebook 06), checked against hand-worked cases
and independent implementations."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from featrank.experiments import benchmark as B
from featrank.experiments.benchmark import agreement as BA
from featrank.experiments.benchmark import summary as BS


def test_kendall_w_equals_friedman_statistic():
    # W = chi2_F / (m (n - 1)) with scipy's tie-corrected Friedman statistic (judges = blocks)
    ranks = np.array([[1, 2, 3, 4, 5], [2, 1, 3, 5, 4], [1, 3, 2, 4, 4], [3, 1, 2, 5, 4]])
    chi2 = sps.friedmanchisquare(*ranks.T).statistic
    assert BA.kendall_w(ranks) == pytest.approx(chi2 / (4 * (5 - 1)))


def test_kendall_w_hand_worked():
    # three judges, three objects: column sums 4, 5, 9 -> S = (4-6)^2 + (5-6)^2 + (9-6)^2 = 14,
    # W = 12 S / (m^2 (n^3 - n)) = 168 / 216
    assert BA.kendall_w([[1, 2, 3], [2, 1, 3], [1, 2, 3]]) == pytest.approx(168 / 216)


def test_gt_distance_is_one_minus_spearman_with_mid_ranks():
    rng = np.random.default_rng(0)
    relevance = np.r_[rng.random(8), np.zeros(12)]
    order = rng.permutation(20)
    scores = np.empty(20)
    scores[order] = np.arange(20, 0, -1)
    expected = 1 - sps.spearmanr(relevance, scores)[0]
    assert B.gt_distance(order, relevance) == pytest.approx(expected)


def test_stability_score_bounds():
    same = np.tile(np.arange(10), (4, 1))
    assert B.stability_score(same, [1, 5, 10]) == pytest.approx(1.0)
    rng = np.random.default_rng(1)
    random = np.array([rng.permutation(200) for _ in range(30)])
    assert abs(B.stability_score(random, [10, 50, 100])) < 0.05   # random rankings: about 0


def test_size_schedule_is_increasing_and_ends_at_p():
    for p in (1, 2, 7, 60, 12625):
        s = B.size_schedule(p, 12)
        assert s[0] == 1 and s[-1] == p and np.all(np.diff(s) > 0) and s.size <= max(12, 1)


def test_applies_keeps_binary_rankers_off_multiclass_data():
    shape = dict(n_samples=100, n_features=10, n_classes=2, nominal=0, missing=False)
    assert not B.applies("RM", {**shape, "n_classes": 3}) and B.applies("RM", shape)
    assert not B.applies("R2W2", {**shape, "n_samples": 1000, "n_features": 100})  # too big
    assert not B.applies("SPE", {**shape, "nominal": 2}) and B.applies("FCBF", {**shape,
                                                                               "nominal": 2})
    assert not B.applies("FCBF", {**shape, "missing": True})
    assert B.applies("IG", {**shape, "nominal": 2, "missing": True, "n_classes": 5})


def _table(values: dict) -> pd.DataFrame:
    """Long table from {evaluation: (datasets x rankers) array}."""
    rows = []
    for e, m in values.items():
        for i, row in enumerate(m):
            for j, v in enumerate(row):
                if not np.isnan(v):
                    rows.append({"dataset": f"d{i}", "synthetic": i < 3, "ranker": f"r{j}",
                                 "evaluation": e, "value": v})
    return pd.DataFrame(rows)


def test_agreement_of_identical_and_reversed_evaluations():
    rng = np.random.default_rng(2)
    a = rng.random((6, 5))
    t = _table({"x": a, "y": 2 * a + 1, "z": -a})
    out = BA.agreement(t, ["x", "y", "z"], n_boot=50)
    rho = BA.spearman_matrix(out["spearman"], ["x", "y", "z"])
    assert rho.loc["x", "y"] == pytest.approx(1.0) and rho.loc["x", "z"] == pytest.approx(-1.0)
    assert BA.pair_row(out["spearman"], "y", "x")["lo"] == pytest.approx(1.0)
    w_xy = BA.agreement(t, ["x", "y"], n_boot=50)
    assert w_xy["w"] == pytest.approx(1.0)


def test_score_matrix_drops_sparse_rankers_then_incomplete_datasets():
    a = np.arange(20.0).reshape(5, 4)
    a[:4, 3] = np.nan           # r3 on 1 of 5 datasets: dropped
    a[2, 1] = np.nan            # d2 lacks r1
    t = _table({"x": a})
    m = B.score_matrix(t, "x")                       # default: rankers on every dataset
    assert list(m.columns) == ["r0", "r2"] and list(m.index) == ["d0", "d1", "d2", "d3", "d4"]
    m = B.score_matrix(t, "x", min_coverage=0.5)     # r1 kept, so d2 goes
    assert list(m.columns) == ["r0", "r1", "r2"] and list(m.index) == ["d0", "d1", "d3", "d4"]


def test_ground_truth_recovery_signs_lower_is_better_truth():
    rng = np.random.default_rng(3)
    quality = rng.random((3, 6))
    t = _table({"GT distance": 1 - quality, "good": quality, "bad": -quality})
    rec = BA.ground_truth_recovery(t, n_boot=50).set_index("evaluation")
    assert rec.loc["good", "rho"] == pytest.approx(1.0)
    assert rec.loc["bad", "rho"] == pytest.approx(-1.0)


def test_summary_rows_fit_the_summary_format():
    from featrank.experiments.summary import summary_table

    rng = np.random.default_rng(4)
    base = rng.random((6, 5))
    evs = B.evaluation_names(ground_truth=False)
    vals = {e: base + 0.3 * rng.random((6, 5)) for e in evs}
    vals["AUC-FR"] = np.where(np.arange(6)[:, None] < 3, base, np.nan)
    vals["GT distance"] = np.where(np.arange(6)[:, None] < 3, 1 - base, np.nan)
    t = _table(vals)
    agree = BA.agreement(t, evs, n_boot=50)
    ftable = B.holm_family(B.friedman_table(t))[0]
    rows = BS.summary_rows(agree, BA.ground_truth_recovery(t, n_boot=50), ftable)
    table = summary_table(rows, "smoke")
    assert len(table) == 12 and set(table["agrees"]) <= {"yes", "partly", "no", "n/a"}
    assert "Kendall" in BS.findings_text(agree, BA.ground_truth_recovery(t, n_boot=50), ftable)


def test_profiles_hold_the_committed_settings():
    q = B.PROFILES["quick"]
    assert (q.n_folds, q.n_sizes, q.n_random, q.n_samples, q.n_boot) == (5, 12, 10, 500, 1000)
    assert len(q.real) == 12 and set(q.synthetic) == set(B.SYNTHETIC)
    assert set(q.rankers) == set(B.RANKERS) | set(B.AGGREGATES)
    assert B.PROFILES["paper"].real is None and q.retest_cv_seed != 0


def test_bca_is_scipys_and_handles_no_spread():
    x = np.random.default_rng(5).exponential(size=30)
    point, lo, hi = BA.bca(30, lambda i: x[i].mean(), n_boot=500, seed=1)
    ref = sps.bootstrap((x,), np.mean, n_resamples=500, method="BCa",
                        rng=np.random.default_rng(1)).confidence_interval
    assert point == pytest.approx(x.mean()) and (lo, hi) == pytest.approx(tuple(ref))
    assert BA.bca(10, lambda i: 1.0, n_boot=50) == (1.0, 1.0, 1.0)


def test_retest_of_the_same_run_is_one_and_corrects_nothing():
    rng = np.random.default_rng(6)
    a = rng.random((6, 5))
    t = _table({"x": a, "y": a + 0.5 * rng.random((6, 5)), "z": rng.random((6, 5))})
    agree = BA.agreement(t, ["x", "y", "z"], n_boot=50)
    rt = BA.retest(agree, t)
    assert np.allclose(rt["rho"], 1.0)
    groups = {"xy": ["x", "y"], "z": ["z"]}
    plain = BA.group_agreement(agree, groups).set_index("pairs")
    corr = BA.corrected_group_agreement(agree, rt, groups, "xy", "z")
    assert corr["rho"] == pytest.approx(plain.loc["xy ~ z", "rho"])


def test_nogueira_of_top_sets():
    same = np.tile(np.arange(20), (5, 1))
    assert B.top_k(20) == 2 and B.nogueira(same).estimate == pytest.approx(1.0)
    rng = np.random.default_rng(7)
    random = np.array([rng.permutation(200) for _ in range(30)])
    s = B.nogueira(random)
    assert s.lower < 0 < s.upper or abs(s.estimate) < 0.05


def test_holm_family_adjusts_across_tables():
    from featrank.stats import holm_adjust

    a = pd.DataFrame({"p_iman_davenport": [0.001, 0.2, 0.01]})
    b = pd.DataFrame({"p_iman_davenport": [0.03, 0.004]})
    out = B.holm_family(a, b)
    assert np.allclose(np.r_[out[0]["p_holm"], out[1]["p_holm"]],
                       holm_adjust([0.001, 0.2, 0.01, 0.03, 0.004]))


def test_wilcoxon_tables_and_summary():
    rng = np.random.default_rng(8)
    a = rng.random((8, 4)) + np.array([0, 0, 0, 2.0])
    t = _table({"x": a})
    tests = B.wilcoxon_tables(t, ["x"])
    pv = tests["x"]
    assert np.allclose(pv.to_numpy(), pv.to_numpy().T)
    f = B.holm_family(B.friedman_table(t, evaluations=["x"]))[0]
    s = B.wilcoxon_summary(tests, f).iloc[0]
    assert s["pairs"] == 6 and 0 <= s["wilcoxon_holm"] <= 6 and 0 <= s["nemenyi"] <= 6


def test_redundancy_problems_differ_only_in_the_copies():
    from featrank.experiments.benchmark import redundancy as R

    d0, d2 = R.problem(0, 3), R.problem(2, 3)
    r = R.PROBLEM["r"]
    changed = np.flatnonzero(~np.isclose(d0.X, d2.X).all(axis=0))
    assert changed.tolist() == list(range(r, 3 * r)) and (d0.y == d2.y).all()
    assert R.kendall_distance([0, 1, 2, 3], [0, 1, 2, 3]) == 0.0


def test_schulze_ignores_clones_of_the_relevant_features():
    from featrank.experiments.benchmark import redundancy as R

    e = R.redundancy_effect(copies=(2,), n_seeds=1)
    base = e[e["aggregator"].str.startswith("base ") & (e["aggregator"] != "base ReliefF")]
    assert (base["kendall"] == 0).all()      # univariate rankers: copies change no other order
    assert e.set_index("aggregator").loc["Schulze", "kendall"] == 0.0
