"""Notebook 01 (Quevedo 2007): task determinism, C selection, block summaries, the profiles,
the solver check, and the summary's statistics and verdicts on made-up grids whose answers are
known."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats

from featrank.experiments import quevedo2007 as q
from featrank.experiments.quevedo2007 import summary as qs


def test_ranking_task_is_deterministic_and_ranker_independent_data():
    kw = dict(problem="poly", rep=0, seed=1, degree=1, m=30, n=40, r=3, d=1, eta=1, sigma=0.05)
    a = q.ranking_task(ranker="SPE-ranker", **kw)
    b = q.ranking_task(ranker="SPE-ranker", **kw)
    assert a["auc_fr"] == b["auc_fr"] and 0 <= a["auc_fr"] <= 1 and a["time_s"] >= 0
    d1 = q.make_problem("poly", 0, 1, m=30, n=40, r=3, d=1, eta=1, sigma=0.05)
    d2 = q.make_problem("poly", 1, 1, m=30, n=40, r=3, d=1, eta=1, sigma=0.05)
    assert not np.array_equal(d1.X, d2.X)


def test_point_medians_keeps_the_best_c_and_block_summary_averages():
    rows = []
    for m in (10, 20):
        for rep in range(3):
            rows += [dict(m=m, rep=rep, ranker="RM", C=1.0, auc_fr=0.6 + rep / 100, time_s=1.0),
                     dict(m=m, rep=rep, ranker="RM", C=100.0, auc_fr=0.8 if m == 10 else 0.5,
                          time_s=3.0),
                     dict(m=m, rep=rep, ranker="SPE-ranker", C=None, auc_fr=0.9, time_s=0.1)]
    med = q.point_medians(pd.DataFrame(rows), ["m"])
    rm = med[med.ranker == "RM"].set_index("m")
    assert rm.loc[10, "C"] == 100.0 and rm.loc[10, "auc_fr"] == 0.8 and rm.loc[10, "time_s"] == 3
    assert rm.loc[20, "C"] == 1.0 and np.isclose(rm.loc[20, "auc_fr"], 0.61)
    assert med[med.ranker == "SPE-ranker"]["C"].isna().all()
    s = q.block_summary(med.assign(block=1), "block").set_index("ranker")
    assert np.isclose(s.loc["RM", "auc_fr"], (0.8 + 0.61) / 2)


def test_anticorrelated_task_fails_when_close_and_not_when_far():
    close = q.anticorrelated_task(sigma=1.0, ratio=0.3, n_sets=20, seed=0)
    far = q.anticorrelated_task(sigma=1.0, ratio=0.7, n_sets=20, seed=0)
    assert close["fail_rate"] == 1.0 and far["fail_rate"] == 0.0
    assert close["mean_corr"] < far["mean_corr"] < -0.8


def test_paper_grids_have_the_papers_sizes_and_are_valid():
    sizes = {k: len(q.expand_grid(g)) for k, g in q.PAPER_GRIDS.items()}
    assert sizes == {"redundancy": 160, "irrelevant": 160, "degree": 128}   # Sec. 4.4.1-4.4.3
    for g in q.PAPER_GRIDS.values():
        for p in q.expand_grid(g):
            assert p["r"] * (1 + p["eta"]) <= p["m"]
    assert len(q.ranker_specs()) == 8 + 2 * (len(q.C_GRID) - 1)




def test_slope_se_matches_scipy():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 5, 40).astype(float)
    y = 0.3 * x + rng.normal(size=40)
    b, se = qs.slope_se(x, y)
    ref = stats.linregress(x, y)
    assert b == pytest.approx(ref.slope) and se == pytest.approx(ref.stderr)


def test_slope_se_undefined_below_three_points():
    assert np.isnan(qs.slope_se([0, 1], [0.0, 1.0])[1])


def _medians(effects, n_points=12, noise=0.01, seed=0):
    """Single experiments (one row per point and ranker) with AUC-FR = effect + noise."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n_points):
        for r, e in effects.items():
            rows.append(dict(m=50 + 50 * (i % 4), n=100, r=5, d=1 + i % 2, eta=i % 3,
                             sigma=0.05, ranker=r, auc_fr=e + noise * rng.normal(),
                             time_s=1.0, C=np.nan))
    return pd.DataFrame(rows)


def test_a_lead_is_judged_on_paired_differences():
    base = {r: 0.7 for r in qs.RIVALS}
    clear = qs._wide(_medians({**base, "SPE-ranker": 0.9, "RM": 0.8}))
    fam = qs._Family()
    qs._lead(fam, clear, "SPE-ranker", "RM", "c", "p")
    behind = qs._wide(_medians({**base, "SPE-ranker": 0.8, "RM": 0.9}))
    qs._lead(fam, behind, "SPE-ranker", "RM", "c", "p")
    assert [r["agrees"] for r in fam.rows()] == ["yes", "no"]


def test_a_trend_is_tested_within_cells():
    """A fall of 0.03 within each cell, hidden in an unpaired fit by cells whose levels differ
    by 0.3, is found by the paired test."""
    rng = np.random.default_rng(1)
    rows = []
    for cell, level in enumerate(rng.uniform(0.5, 0.8, 8)):
        for m in (50, 100, 150, 200, 250):
            rows += [dict(m=m, n=100, r=5, d=1, eta=cell, sigma=0.0, ranker=r,
                          auc_fr=level - 0.03 * (m - 50) / 200 * f + 0.003 * rng.normal())
                     for r, f in (("SM", 1), ("GSRelief_k", 0), ("RM", -1))]
    df = pd.DataFrame(rows)
    fam = qs._Family()
    for r in ("SM", "GSRelief_k", "RM"):
        qs._trend(fam, df, "m", r, -1, "c", "p", "f")
    assert [r["agrees"] for r in fam.rows()] == ["yes", "partly", "no"]
    sm = df[df.ranker == "SM"]
    slope, se = qs.slope_se(sm.m, sm.auc_fr)
    assert abs(slope) < 2 * se           # the unpaired fit does not see it


def test_one_sample_matches_scipy_and_counts_signs():
    v = np.array([-0.3, -0.1, 0.05, -0.2, -0.15])
    t = qs.one_sample(v, -1)
    assert t["p"] == pytest.approx(stats.ttest_1samp(v, 0, alternative="less").pvalue)
    assert (t["n_sign"], t["n"]) == (4, 5)
    assert qs.one_sample(np.zeros(4), +1)["p"] == 1.0


def test_cell_slopes_one_per_cell():
    df = pd.DataFrame([dict(m=50, n=100, r=5, d=d, eta=e, sigma=0.0, ranker="SM",
                            auc_fr=1.0 - 0.1 * d * (e + 1)) for d in (1, 2, 3) for e in (0, 1)])
    s = qs.cell_slopes(df, "d", "SM")
    assert np.allclose(sorted(s), [-0.2, -0.1])


def test_profiles_hold_the_papers_protocol():
    P = q.PROFILES["paper"]
    assert (P.reps, P.k_reps, P.xor_reps, P.anti_sets) == (30, 30, 30, 200)
    assert P.c_grid == q.C_GRID and P.degree == q.PAPER_GRIDS["degree"]
    assert len(P.anti_sigmas) == 21 and P.anti_ratios[0] == 0.4 and P.anti_ratios[-1] == 0.6
    assert set(q.PROFILES) == {"smoke", "quick", "paper"}
    with pytest.raises(AttributeError):
        P.reps = 1
    deg = {tuple(sorted(p.items())) for p in q.expand_grid(P.degree)}
    assert all(tuple(sorted(p.items())) in deg for p in q.expand_grid(P.solver_points))


def test_solver_check_task_counts_fits_and_reproduces_the_grids_r2w2():
    kw = dict(problem="poly", rep=0, seed=1, degree=2, m=12, n=30, r=3, d=2, eta=0, sigma=0.05)
    out = q.solver_check_task(ranker="R2W2", **kw)
    assert out["n_fits"] == 30 and 0 <= out["n_unconverged"] <= 30
    assert out["auc_fr"] == q.ranking_task(ranker="R2W2", C=None, **kw)["auc_fr"]
    rm = q.solver_check_task(ranker="RM", C=1.0, **kw)
    assert rm["n_fits"] == 11 and rm["auc_fr"] == q.ranking_task(ranker="RM", C=1.0,
                                                                 **kw)["auc_fr"]
