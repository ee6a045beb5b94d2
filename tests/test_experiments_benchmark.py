"""The cross-paper benchmark's statistics (notebook 06), checked against hand-worked cases
and independent implementations."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from featrank.experiments import benchmark as B
from featrank.experiments import benchmark_agreement as BA
from featrank.experiments import benchmark_summary as BS


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
    rows = BS.summary_rows(agree, BA.ground_truth_recovery(t, n_boot=50), B.friedman_table(t))
    table = summary_table(rows, "smoke")
    assert len(table) == 10 and set(table["agrees"]) <= {"yes", "partly", "no", "n/a"}
    assert "Kendall" in BS.findings_text(agree, BA.ground_truth_recovery(t, n_boot=50),
                                        B.friedman_table(t))
