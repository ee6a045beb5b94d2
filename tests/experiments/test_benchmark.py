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


def _synthetic_summary_input():
    rng = np.random.default_rng(4)
    base = rng.random((6, 5))
    evs = B.evaluation_names(ground_truth=False)
    vals = {e: base + 0.3 * rng.random((6, 5)) for e in evs}
    vals["AUC-FR"] = np.where(np.arange(6)[:, None] < 3, base, np.nan)
    vals["GT distance"] = np.where(np.arange(6)[:, None] < 3, 1 - base, np.nan)
    t = _table(vals)
    agree = BA.agreement(t, evs, n_boot=50)
    ftable = B.holm_family(B.friedman_table(t))[0]
    return t, agree, ftable


def test_summary_is_built_from_the_declared_claims():
    from featrank.experiments.claims import COLUMNS, declared_claims, summary_table

    t, agree, ftable = _synthetic_summary_input()
    recovery = BA.ground_truth_recovery(t, n_boot=50)
    rows = BS.summary_rows(agree, recovery, ftable, retest=BA.retest(agree, t),
                           wtests=B.wilcoxon_tables(t, list(ftable["evaluation"])))
    claims = declared_claims(BS.CLAIMS)
    table = summary_table(rows, "smoke", claims)       # fails on an undeclared row or claim
    assert list(table.columns) == list(COLUMNS)
    assert set(table["finding"]) == set(claims)
    assert "no difference" not in set(table["rule"])
    assert set(table["agrees"]) <= {"yes", "partly", "no", "untestable", "n/a"}
    # a row of an undeclared finding, or a declared claim without rows, is refused
    with pytest.raises(ValueError, match="not a declared claim"):
        summary_table(rows + [dict(rows[0], finding="made-up")], "smoke", claims)
    # (the smoke profile fills an unreached claim with an n/a row; any other refuses)
    with pytest.raises(ValueError, match="have no summary row"):
        summary_table([r for r in rows if r["finding"] != "ffa-rfa"], "quick", claims)
    # every "no" or "partly" that rests on a test carries its minimal detectable effect
    tested = table[table["rule"].isin(["direction", "significance"])
                   & ~table["agrees"].isin(["yes", "n/a"])]
    assert (tested["mde"] != "").all()
    assert "Kendall" in BS.findings_text(agree, recovery, ftable)
    assert "supported reading" in BS.headline_text(table, claims)


def test_an_agreement_is_shown_by_its_equivalence_interval():
    # rho - 1 within +-0.5: the 90 % interval of rho must lie above 0.5
    shown, v = BS._agree_row("c", "p", 0.8, 0.6, 0.9, finding="f")
    assert v.agrees == "yes" and (shown["ci_low"], shown["ci_high"]) == (0.6, 0.9)
    assert BS._agree_row("c", "p", 0.8, 0.45, 0.9, finding="f")[1].agrees == "partly"
    assert BS._agree_row("c", "p", 0.4, 0.3, 0.6, finding="f")[1].agrees == "no"
    # an interval wider than the margin can show nothing, whatever rho is
    assert BS._agree_row("c", "p", 0.9, -0.2, 1.0, finding="f")[1].agrees == "untestable"
    # the same rho, identical evaluations: their 90 % BCa interval is [1, 1], shown
    rng = np.random.default_rng(2)
    a = rng.random((6, 5))
    agree = BA.agreement(_table({"x": a, "y": 2 * a}), ["x", "y"], n_boot=50)
    assert BS._agree_row("c", "p", *BA.pair_interval(agree, "x", "y", level=0.9),
                         finding="f")[1].agrees == "yes"


def test_rho_well_below_the_threshold_supports_both_curves_needed():
    far = BS._direction_rows([BS._fisher_spec("c", "p", 0.0, 40, expected=-1,
                                              finding="ffa-rfa")])[0]
    alike = BS._direction_rows([BS._fisher_spec("c", "p", 0.9, 40, expected=-1,
                                                finding="ffa-rfa")])[0]
    assert far["agrees"] == "yes" and alike["agrees"] == "no"
    lo, hi = far["ci_low"], far["ci_high"]
    assert lo < 0 < hi and hi < BS.AGREE_RHO


def test_wilcoxon_on_five_datasets_is_untestable_on_eight_it_can_say_yes():
    def rows(n):
        rng = np.random.default_rng(9)
        a = rng.random((n, 4)) * 0.1 + np.array([0, 1.0, 2.0, 3.0])   # every sign alike
        t = _table({"x": a})
        f = B.holm_family(B.friedman_table(t, evaluations=["x"]))[0]
        out = BS.separation_rows(f, B.wilcoxon_tables(t, ["x"]))
        return {r["reading"].split(";")[0]: r for r in out}
    five, eight = rows(5), rows(8)
    w5 = five["test=Wilcoxon–Holm"]
    assert w5["agrees"] == "untestable" and w5["mde"] == "inf"
    assert five["test=Friedman"]["agrees"] == "yes"            # the same data, another design
    assert eight["test=Wilcoxon–Holm"]["agrees"] == "yes"


def test_separation_holm_stays_within_the_finding():
    # two evaluations at p = 0.01 and 0.02: Holm over the finding rejects both; Holm over a
    # notebook-wide family of 22 tests would reject neither
    f = pd.DataFrame({"evaluation": ["a", "b"], "datasets": 48, "rankers": 16,
                      "p_iman_davenport": [0.01, 0.02]})
    other = pd.DataFrame({"evaluation": [f"o{i}" for i in range(20)], "datasets": 28,
                          "rankers": 17, "p_iman_davenport": 0.5})
    wide = B.holm_family(f, other)[0]
    assert (wide["p_holm"] > 0.05).all()
    for t in (f, wide):
        (r,) = BS.separation_rows(t)
        assert r["ours"] == "2 of 2" and r["agrees"] == "yes"


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
