"""Notebook 01 (Quevedo 2007): task determinism, C selection, block summaries, the profiles,
the solver check, and the summary's statistics and verdicts on made-up grids whose answers are
known."""
import itertools

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from featrank.experiments import quevedo2007 as q
from featrank.experiments.claims import COLUMNS
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


# --- the reproduction summary on the rule book: declared claims, equivalence, power ---------

RUN = list(q.RANKERS) + ["FCBF"]
LEVEL = {"SPE-ranker": 0.85, "SPE w/o GS": 0.8, "Relief_k": 0.75, "GSRelief_k": 0.8, "SM": 0.7,
         "RM": 0.9, "DM": 0.88, "R2W2": 0.6, "FCBF": 0.65}


def _synthetic_res(k_gain=0.0, seed=0):
    """A tiny stand-in for the notebook's grids (every input :func:`reproduction_summary`
    reads), with known levels; ``k_gain``: what k = 50 adds to the Relief rankers."""
    rng = np.random.default_rng(seed)
    rows = []
    for m, d, eta, rep in itertools.product((50, 100), (1, 2), (0, 1), range(4)):
        for r in RUN:
            for c in ((0.01, 1.0) if r in ("RM", "DM") else (np.nan,)):
                rows.append(dict(m=m, n=100, r=5, d=d, eta=eta, sigma=0.0, rep=rep, ranker=r,
                                 C=c, auc_fr=LEVEL[r] - 0.02 * d + 0.03 * rng.normal(),
                                 time_s=0.01))
    grid = pd.DataFrame(rows)
    k = pd.concat([grid[grid.ranker.isin(["Relief_k", "GSRelief_k"])].assign(
        k=kk, auc_fr=lambda f, kk=kk: f.auc_fr + (k_gain if kk == 50 else 0.0)
        + 0.001 * rng.normal(size=len(f))) for kk in (30, 40, 50)], ignore_index=True)
    xor = pd.DataFrame([dict(r=r, n=100, m=100, rep=i, ranker=rk, C=c,
                             auc_fr=(0.95 if r == 2 and rk in ("Relief_k", "RM") else 0.5)
                             + 0.02 * rng.normal(), time_s=0.01)
                        for r in (2, 3, 4) for i in range(10) for rk in RUN
                        for c in ((0.01, 1.0) if rk in ("RM", "DM") else (np.nan,))])
    ratios = np.round(np.arange(0.40, 0.605, 0.01), 2)
    anti = pd.DataFrame([dict(sigma=s, ratio=x, n_sets=20, seed=0,
                              fail_rate=1.0 if x <= 0.42 else (0.5 if x <= 0.54 else 0.0),
                              mean_corr=-0.95 + (x - 0.42) + 0.001 * s)
                         for s in (1.0, 2.0) for x in ratios])
    weston = pd.DataFrame([dict(n=n, ranker=rk, C=np.nan, time_s=0.01, n_sets=5,
                                standardized=std, auc_fr=LEVEL[rk] - (0.1 if std and rk == "R2W2"
                                                                      else 0) + 0.01 * i)
                           for std in (False, True) for i, n in enumerate((20, 50, 100))
                           for rk in RUN])
    return dict(red=grid, irr=grid, deg=grid, bias=grid, xor=xor, anti=anti, k=k, weston=weston)


def test_summary_rows_are_exactly_the_declared_claims():
    declared = qs.declared_claims_of_package()
    s = qs.reproduction_summary(_synthetic_res(), profile="quick", anti_step=0.01)
    assert list(s.columns) == list(COLUMNS)
    assert set(s["finding"]) == set(declared)
    assert set(s["rule"]) <= {k for c in declared.values() for k in c["kind"]}
    assert "no difference" not in set(s["rule"])
    flat = s[s.finding == "spe-flat-over-d"]
    assert flat.set_index("reading")["supported"].to_dict() == {"b=[1,2]": "yes", "b=[3,6]": "no"}
    fewer = {k: v for k, v in declared.items() if k != "relief-k-30"}
    with pytest.raises(ValueError, match="not a declared claim"):
        qs.reproduction_summary(_synthetic_res(), profile="quick", declared=fewer)
    more = {**declared, "extra": {**declared["timing"], "id": "extra"}}
    with pytest.raises(ValueError, match="have no summary row"):
        qs.reproduction_summary(_synthetic_res(), profile="quick", declared=more)


def test_an_equivalence_verdict_follows_its_interval():
    flat = qs.reproduction_summary(_synthetic_res(), profile="quick")
    gain = qs.reproduction_summary(_synthetic_res(k_gain=0.2), profile="quick")
    for s, want in ((flat, "yes"), (gain, "no")):
        r = s.set_index("finding").loc["relief-k-30"]
        inside = -0.05 < r["ci_low"] and r["ci_high"] < 0.05
        assert r["rule"] == "equivalence" and r["agrees"] == want and inside == (want == "yes")
    wide = qs.equivalence_test([0.2, -0.2, 0.15, -0.1], 0.05)
    assert wide["verdict"].agrees == "untestable" and wide["high"] - wide["low"] > 0.1
    near = qs.equivalence_test(0.01 + 0.001 * np.arange(10), 0.05)
    assert near["verdict"].agrees == "yes" and -0.05 < near["low"] < near["high"] < 0.05


def test_an_underpowered_no_becomes_untestable():
    """The same noisy lead: 'partly' (or 'no') without the paper's effect, 'untestable' when
    the declared effect is below the test's MDE, judged as the paper states it."""
    rng = np.random.default_rng(3)
    w = pd.DataFrame({"A": 0.8 + 0.1 * rng.normal(size=6), "B": 0.8 + 0.1 * rng.normal(size=6)})
    w["A"] = w["B"] + 0.005 + 0.1 * rng.normal(size=6)
    for effect, want in ((None, {"partly", "no"}), (0.01, {"untestable"}), (5.0, {"partly", "no"})):
        fam = qs._Family()
        qs._lead(fam, w, "A", "B", "A beats B", "yes", finding="f")
        decl = {"f": {"kind": ["direction"], "alpha": 0.05,
                      **({} if effect is None else {"effect": effect})}}
        r = fam.rows(decl)[0]
        assert r["agrees"] in want and r["mde"] > 0.01


def test_holm_runs_within_a_finding():
    """A p of 0.03 alone in its finding stays significant beside a finding of many tests."""
    fam = qs._Family()
    fam.add("a", "p", dict(estimate=0.1, se=0.04, p=0.03, n=30), +1, "", "alone")
    for i in range(9):
        fam.add(f"b{i}", "p", dict(estimate=0.1, se=0.04, p=0.03, n=30), +1, "", "many")
    rows = fam.rows()
    assert rows[0]["agrees"] == "yes"
    assert {r["agrees"] for r in rows[1:]} == {"partly"}


def test_rows_on_our_r2w2_say_so():
    s = qs.reproduction_summary(_synthetic_res(), profile="quick").set_index("finding")
    assert "not Spider's" in s.loc["r2w2-second", "why_not"]
    spec = qs.specification_rows(_synthetic_res())
    assert set(spec.columns) == {"finding", "specification", "agrees"}
    assert "rest=without R2W2" in set(spec["specification"])
