"""Table builders of notebook 04 (Slavkov et al. 2018) on hand-made curves."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from featrank.experiments.claims import COLUMNS

from featrank.evaluate.ecascore import WEIGHTINGS, eca
from featrank.experiments import slavkov2018 as s18
from featrank.experiments.slavkov2018 import scale as s18x
from featrank.experiments.slavkov2018 import summary as s18v


def _curves(ffa, rfa, sizes=None):
    ffa, rfa = np.asarray(ffa, float), np.asarray(rfa, float)
    sizes = np.arange(1, ffa.size + 1) if sizes is None else np.asarray(sizes)
    return SimpleNamespace(sizes=sizes, ffa_mean=ffa, rfa_mean=rfa)


def test_paper_reference_tables_are_transcribed_completely():
    t5 = s18.paper_table("table5")
    assert list(t5.index) == list(s18.TABLE4_DATASETS)
    assert list(t5.columns) == list(s18.METHODS)
    assert t5.loc["waveform", "RF"] == -0.190
    t3 = s18.paper_table("table3")
    assert list(t3.index) == ["dist", *WEIGHTINGS]
    assert t3.loc["magnitude", "corr"] == 0.998
    assert s18.paper_table("table1").shape == (4, 2)


def test_table1_matches_eca():
    a = _curves([0.7, 0.8, 0.9], [0.4, 0.5, 0.9], [1, 2, 4])
    b = _curves([0.5, 0.7, 0.9], [0.6, 0.7, 0.9], [1, 2, 4])
    t = s18.table1(a, b)
    for w in WEIGHTINGS:
        assert t.loc["ECA", w] == pytest.approx(eca(a.ffa_mean, a.rfa_mean, b.ffa_mean,
                                                    b.rfa_mean, w, a.sizes))
    assert (t.loc["FFA_delta"] > 0).all() and (t.loc["RFA_delta"] < 0).all()
    with pytest.raises(ValueError, match="different subset sizes"):
        s18.table1(a, _curves([0.5, 0.7, 0.9], [0.6, 0.7, 0.9]))


def test_table3_rows_and_correlation():
    """Noisier rankings: curves move linearly towards random, ECA rises, corr = 1 for w = 1."""
    gt = _curves([0.6, 0.8, 0.9, 0.9], [0.5, 0.5, 0.6, 0.9])
    rnd = _curves([0.55, 0.6, 0.7, 0.9], [0.55, 0.6, 0.7, 0.9])
    thetas = [0.1, 0.5, 1.0]
    theta_curves = {t: _curves((1 - t) * gt.ffa_mean + t * rnd.ffa_mean,
                               (1 - t) * gt.rfa_mean + t * rnd.rfa_mean) for t in thetas}
    t3 = s18.table3(gt, theta_curves, {t: 2 * t for t in thetas})
    assert list(t3.columns) == ["0.1", "0.5", "1", "corr"]
    assert t3.loc["dist"].iloc[:3].tolist() == [0.2, 1.0, 2.0]
    assert t3.loc["uniform", "corr"] == pytest.approx(1.0)
    for w in WEIGHTINGS:
        row = t3.loc[w].iloc[:3].to_numpy()
        assert np.all(np.diff(row) > 0)


def test_table5_and_agreement():
    curves = {("d1", "IG"): _curves([0.9, 0.9], [0.5, 0.9]),
              ("d1", "RF"): _curves([0.6, 0.9], [0.7, 0.9]),
              ("d2", "IG"): _curves([0.8, 0.8], [0.7, 0.8]),
              ("d2", "RF"): _curves([0.9, 0.8], [0.6, 0.8])}
    t5 = s18.table5(curves)
    assert t5.loc["d1", "IG"] == pytest.approx(0.5 * np.mean([0.4, 0.0]))
    assert t5.loc["d1", "RF"] == pytest.approx(-0.025)
    paper = pd.DataFrame({"IG": [0.3, 0.1, 0.2], "RF": [-0.1, 0.2, 0.0]},
                         index=["d1", "d2", "d3"])
    ag = s18.agreement(t5, paper)
    assert ag["n_datasets"] == 2
    assert ag["best_same"] == 1.0 and ag["sign_agree"] == 1.0
    side = s18.side_by_side(t5, paper)
    assert np.isnan(side.loc["d3", "IG ours"]) and side.loc["d3", "IG paper"] == 0.2


def test_significance_reproduces_the_papers_fig3_from_its_table5():
    """Friedman + Nemenyi on the paper's own Table 5 (k = 4, N = 28): CD = 0.886 and ReliefF,
    IG and SVM-RFE significantly better than random forest (the paper's Fig. 3)."""
    sig = s18.significance(s18.paper_table("table5"))
    assert sig["n_datasets"] == 28 and sig["k"] == 4
    assert sig["cd"] == pytest.approx(0.886, abs=5e-4)
    assert sig["p_friedman"] < 0.05
    for m in ("ReliefF", "IG", "SVM-RFE"):
        assert s18.better_than(sig, m, "RF")
    assert not s18.better_than(sig, "ReliefF", "IG")
    assert sig["cliques"] == [["ReliefF", "IG", "SVM-RFE"]]


def test_table4_datasets_filters():
    t4 = s18.table4_datasets(available_only=False)
    assert sorted(t4.paper_name) == sorted(s18.TABLE4_DATASETS)
    low = s18.table4_datasets(available_only=False, max_features=300, max_samples=2000)
    assert (low.n_features <= 300).all() and "waveform" not in set(low.paper_name)


def test_table3_refuses_curves_at_other_sizes():
    gt = _curves([0.6, 0.8, 0.9], [0.5, 0.6, 0.9], [1, 2, 3])
    other = _curves([0.6, 0.8, 0.9], [0.5, 0.6, 0.9], [1, 2, 4])
    with pytest.raises(ValueError, match="other subset sizes"):
        s18.table3(gt, {0.1: other}, {0.1: 0.2})


# --- standard errors, verdict rules, the scale investigation and the summary ---------------

def _fold_curves(ffa_rows, rfa_rows, sizes=None, p=None):
    ffa, rfa = np.asarray(ffa_rows, float), np.asarray(rfa_rows, float)
    sizes = np.arange(1, ffa.shape[1] + 1) if sizes is None else np.asarray(sizes)
    return SimpleNamespace(sizes=sizes, ffa=ffa, rfa=rfa, ffa_mean=ffa.mean(0),
                           rfa_mean=rfa.mean(0), n_features=p or int(sizes[-1]))


def test_fold_eca_by_hand_and_equal_to_table5():
    """Per-fold ECAs ½·(0.2 + 0)/2, ½·(0.4 + 0)/2, ½·(0.6 + 0)/2 = 0.05, 0.1, 0.15 -> mean
    0.1, SE = sd / sqrt(3) = 0.05 / sqrt(3)."""
    c = _fold_curves([[0.8, 0.9], [0.9, 0.9], [1.0, 0.9]], [[0.6, 0.9], [0.5, 0.9], [0.4, 0.9]])
    mean, se = s18.fold_eca(c)
    assert mean == pytest.approx(0.1) and se == pytest.approx(0.05 / np.sqrt(3))
    assert mean == pytest.approx(s18.table5({("d", "IG"): c}).loc["d", "IG"])
    assert s18.table5_se({("d", "IG"): c}).loc["d", "IG"] == pytest.approx(se)
    with pytest.raises(ValueError, match="at least 2"):
        s18.fold_eca(_fold_curves([[0.8, 0.9]], [[0.6, 0.9]]))


def test_table1_se_zero_for_identical_folds_and_positive_otherwise():
    a = _fold_curves([[0.7, 0.8, 0.9]] * 3, [[0.4, 0.5, 0.9]] * 3)
    b = _fold_curves([[0.5, 0.7, 0.9]] * 3, [[0.6, 0.7, 0.9]] * 3)
    assert np.allclose(s18.table1_se(a, b).to_numpy(), 0.0)
    a2 = _fold_curves([[0.7, 0.8, 0.9], [0.6, 0.8, 0.9], [0.8, 0.8, 0.9]], [[0.4, 0.5, 0.9]] * 3)
    se = s18.table1_se(a2, b)
    # FFA_delta (w = 1) per fold: (0.2 + 0.1)/3, (0.1 + 0.1)/3, (0.3 + 0.1)/3 -> SD 0.1/3
    assert se.loc["FFA_delta", "uniform"] == pytest.approx(0.1 / 3 / np.sqrt(3))
    assert se.loc["RFA_delta", "uniform"] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="numbers of folds"):
        s18.table1_se(a2, _fold_curves([[0.5, 0.7, 0.9]] * 2, [[0.6, 0.7, 0.9]] * 2))


def _theta_family(spread):
    """GT and R_theta curves moving linearly to random; realisations differ by +-spread."""
    gt = _fold_curves([[0.6, 0.8, 0.9, 0.9]] * 2, [[0.5, 0.5, 0.6, 0.9]] * 2)
    rnd_f, rnd_r = np.array([0.55, 0.6, 0.7, 0.9]), np.array([0.55, 0.6, 0.7, 0.9])
    fam, dist = {}, {}
    for t in (0.1, 0.5, 1.0):
        f = (1 - t) * gt.ffa_mean + t * rnd_f
        r = (1 - t) * gt.rfa_mean + t * rnd_r
        noise = np.array([-spread, spread, 0.0, 0.0])[:, None]
        fam[t] = _fold_curves(f + noise, r - noise)
        dist[t] = np.array([2 * t - spread, 2 * t + spread, 2 * t, 2 * t])
    return gt, fam, dist


def test_table3_se_vanishes_without_spread_and_is_seeded():
    gt, fam, dist = _theta_family(0.0)
    se = s18.table3_se(gt, fam, dist, n_boot=50)
    assert list(se.index) == ["dist", *WEIGHTINGS] and list(se.columns) == ["0.1", "0.5", "1", "corr"]
    assert np.allclose(se.drop(columns="corr").to_numpy(), 0.0)
    gt, fam, dist = _theta_family(0.02)
    a, b = s18.table3_se(gt, fam, dist, n_boot=50, seed=1), s18.table3_se(gt, fam, dist, n_boot=50, seed=1)
    assert a.equals(b)
    # w = 1 is linear in the curves: the bootstrap SE is close to the plug-in SD / sqrt(m) of
    # the per-realisation ECAs (realisations 0 and 1 shift FFA by -+0.02 and RFA by +-0.02 at
    # every point: ECA(R_GT, R_theta) = ½(Δffa − Δrfa) moves by +-0.02)
    plug_in = np.std([0.02, -0.02, 0, 0]) / np.sqrt(4)
    assert a.loc["uniform", "0.1"] == pytest.approx(plug_in, rel=0.35)
    with pytest.raises(ValueError, match="realisations of curves"):
        s18.table3_se(gt, fam, {t: d[:3] for t, d in dist.items()})


def test_curve_heights_by_hand():
    gt, fam, _ = _theta_family(0.0)
    h = s18.curve_heights(gt, fam, n_boot=20)
    assert list(h.index) == [0.0, 0.1, 0.5, 1.0]
    assert h.loc[0.0, "ffa"] == pytest.approx(0.8) and h.loc[0.0, "rfa"] == pytest.approx(0.625)
    assert h.loc[1.0, "ffa"] == pytest.approx(0.6875)
    assert np.allclose(h[["ffa_se", "rfa_se"]].to_numpy(), 0.0)


def test_table3_value_rows_take_the_papers_se_from_its_100_realisations():
    """A Table 3 cell is a value row: ours ± SE against the paper's, whose SE is ours scaled
    to its 100 realisations combined with its printing (4 realisations here: paper SE
    sqrt((0.01 · 0.2)² + 0.005²) = 0.0054, combined 0.0114; 0.13 is 2.6 SE off)."""
    t3 = pd.DataFrame({"0.1": [0.10]}, index=["dist"])
    se = pd.DataFrame({"0.1": [0.01]}, index=["dist"])
    rows = s18v._table3_rows(t3, se, pd.DataFrame({"0.1": [0.13]}, index=["dist"]), 4)
    assert rows[0]["agrees"] == "no" and "2.6 combined SE" in rows[0]["why_not"]
    rows = s18v._table3_rows(t3, se, pd.DataFrame({"0.1": [0.12]}, index=["dist"]), 4)
    assert rows[0]["agrees"] == "yes" and rows[0]["finding"] == "table3-dist"


def test_steps_count_rises_and_falls():
    assert s18v._steps([1, 2, 3], increasing=True) == (2, 2)
    assert s18v._steps([1, 2, 1.9], increasing=True) == (1, 2)
    assert s18v._steps([3, 2, 1], increasing=False) == (2, 2)


def test_table1_tests_are_one_sided_and_corrected_for_cv():
    """Per-fold FFA_δ 0.01, 0.03, 0.05 with 80/20 splits: t = 1.964, two-sided p = 0.188
    (the corrected resampled t-test's own example), one-sided 0.094 for > 0."""
    t1 = pd.DataFrame({"uniform": [0.03, -0.04, 0.035]}, index=["FFA_delta", "RFA_delta", "ECA"])
    folds = np.array([[[0.01], [-0.04], [0.025]], [[0.03], [-0.05], [0.04]],
                      [[0.05], [-0.03], [0.04]]])
    ffa, rfa = s18v.table1_tests(t1, folds, 80, 20)
    assert ffa["p"] == pytest.approx(0.188 / 2, abs=1e-3) and ffa["expected"] == 1
    assert ffa["se"] == pytest.approx(np.sqrt((1 / 3 + 1 / 4) * 0.0004))
    assert rfa["expected"] == -1 and rfa["p"] < 0.1


def test_averaging_changes_nothing_for_the_linear_weightings():
    gt, fam, _ = _theta_family(0.02)
    t = s18.averaging_table(gt, fam)
    linear = t[t["weighting"].isin(["uniform", "inverse_size"])]
    assert np.allclose(linear["diff"], 0.0, atol=1e-12)
    assert not np.allclose(t.loc[t["weighting"] == "magnitude", "diff"], 0.0)


def test_eca_cells_half_and_every_size():
    c = _fold_curves([[0.9, 0.9, 0.9]] * 2, [[0.5, 0.7, 0.9]] * 2)
    base = s18x.eca_cells({("d", "IG"): c})
    assert base.loc["d", "IG"] == pytest.approx(s18.table5({("d", "IG"): c}).loc["d", "IG"])
    assert s18x.eca_cells({("d", "IG"): c}, half=False).loc["d", "IG"] == pytest.approx(
        2 * base.loc["d", "IG"])
    # every size evaluated: the schedule changes nothing
    assert s18x.eca_cells({("d", "IG"): c}, every_size=True).loc["d", "IG"] == pytest.approx(
        base.loc["d", "IG"])
    # sizes 1 and 5 of p = 5: gaps 0.4 and 0 -> interpolated 0.4, 0.3, 0.2, 0.1, 0 -> mean 0.2
    sparse = _fold_curves([[0.9, 0.9]] * 2, [[0.5, 0.9]] * 2, sizes=[1, 5], p=5)
    assert s18x.eca_cells({("d", "IG"): sparse}, every_size=True).loc["d", "IG"] == pytest.approx(0.1)
    assert s18x.eca_cells({("d", "IG"): sparse}).loc["d", "IG"] == pytest.approx(0.1)


def test_scale_table_explains_only_when_both_groups_fit():
    paper = pd.DataFrame({"IG": [0.2, 0.1], "RF": [-0.5, 9.0]}, index=["heart", "colon"])
    ours = pd.DataFrame({"IG": [0.1, 0.05], "RF": [0.1, 0.1]}, index=["heart", "colon"])
    t = s18x.scale_table({"as is": ours, "x2": 2 * ours}, paper)
    assert t.loc["as is", "uci_ratio"] == pytest.approx(2.0)
    assert t.loc["x2", "uci_ratio"] == pytest.approx(1.0) and t.loc["x2", "micro_ratio"] == pytest.approx(1.0)
    assert t["explains"].tolist() == [False, True]
    assert t.loc["x2", "uci_cells"] == 1        # RF is left out of the scale


def test_rf_inversion_negates_rf_and_counts_signs():
    paper = s18.paper_table("table5")
    rng = np.random.default_rng(0)
    ours = paper.abs() * rng.uniform(0.5, 1.5, paper.shape) + 0.001
    t = s18x.rf_inversion(ours, paper)
    n = len(paper)
    n_neg = int((paper["RF"] < 0).sum())
    assert t.iloc[0]["RF sign as paper"] == f"{n - n_neg}/{n}"
    assert t.iloc[1]["RF sign as paper"] == f"{n_neg}/{n}"
    assert t.iloc[2]["RF sign as paper"] == f"{n}/{n}"
    assert t.iloc[1]["RF mean rank"] == pytest.approx(4.0)   # negative RF is last everywhere
    assert t.iloc[1]["better than RF (Nemenyi)"].count(",") == 2


def test_fig3_tests_follow_demsars_procedure():
    f3 = s18.fig3_tests(s18.paper_table("table5"))
    assert f3["rejects"] and sorted(f3["beats_control_nemenyi"]) == ["IG", "ReliefF", "SVM-RFE"]
    assert sorted(f3["beats_control_holm"]) == ["IG", "ReliefF", "SVM-RFE"]
    assert s18.nemenyi_cd_of(f3) == pytest.approx(0.886, abs=5e-4)
    # no difference at all: Friedman does not reject, so nothing beats the control
    flat = pd.DataFrame(np.tile([1.0, 2.0, 3.0, 4.0], (6, 1)), columns=list(s18.METHODS))
    flat.iloc[::2] = flat.iloc[::2, ::-1].to_numpy()
    f0 = s18.fig3_tests(flat)
    assert not f0["rejects"] and f0["beats_control_nemenyi"] == [] and f0["beats_control_holm"] == []


def _summary_inputs(t5_scale=1.0):
    paper3 = s18.paper_table("table3")
    paper3.columns = [f"{float(c):g}" if c != "corr" else c for c in paper3.columns]
    t3 = paper3.copy()
    t3.loc["dist", "corr"] = np.nan
    se3 = pd.DataFrame(0.0002, index=t3.index, columns=t3.columns)
    heights = pd.DataFrame({"ffa": [0.9, 0.85, 0.8], "ffa_se": 0.001, "rfa": [0.5, 0.6, 0.7],
                            "rfa_se": 0.001}, index=[0.0, 0.5, 1.0])
    t1 = pd.DataFrame({w: {"FFA_delta": 0.02, "RFA_delta": -0.04, "ECA": 0.03} for w in WEIGHTINGS})
    folds = np.array([t1.to_numpy() * f for f in np.linspace(0.9, 1.1, 10)])
    paper5 = s18.paper_table("table5")
    ours5 = paper5 * t5_scale
    se5 = pd.DataFrame(0.002, index=paper5.index, columns=paper5.columns)
    return dict(table1_parts=(t1, folds, s18.paper_table("table1"), 900, 100),
                table1_in_fold=(t1, folds),
                table3_parts=(t3, se3, paper3, 100, heights),
                table5_parts=({s18v.WHOLE: (ours5, se5), s18v.IN_FOLD: (ours5, se5)}, paper5))


def test_summary_agrees_everywhere_on_the_papers_own_numbers():
    """Fed the paper's values as ours, every reproduction row says yes (the calibrated
    distance row "calibrated"; Fig. 3's equivalence as its interval says): the rules are not
    stricter than the claims."""
    s = s18v.reproduction_summary(**_summary_inputs(), profile="quick")
    assert list(s.columns) == list(COLUMNS)
    assert (s.loc[s["finding"] == "table3-dist", "agrees"] == "calibrated").all()
    rest = s[~s["finding"].isin(["table3-dist", "fig3-no-difference"])]
    assert (rest["agrees"] == "yes").all(), rest.loc[rest.agrees != "yes", ["claim", "ours"]]
    assert set(s["finding"]) <= set(s18v.FINDINGS)
    assert "no difference" not in set(s["rule"])
    assert s18v.changed_by_reading(s).empty
    checks = s18v.reproduction_checks(profile="quick")
    assert checks["agrees"].tolist() == ["yes"] and checks["rule"].tolist() == ["check"]


def test_summary_rows_and_declared_claims_match_one_to_one():
    """Every row belongs to a claim of claims.toml and every declared claim (not a check) has
    a row; a claim left out of the declarations is refused."""
    decl = s18v.declared()
    s = s18v.reproduction_summary(**_summary_inputs(), profile="quick")
    assert set(s["finding"]) == {i for i, c in decl.items() if "check" not in c["kind"]}
    for f, g in s.groupby("finding"):
        assert set(g["rule"]) <= set(decl[f]["kind"])
        if len(decl[f].get("readings", [])) >= 2:
            assert set(g.loc[g["supported"] == "yes", "reading"]) == {decl[f]["supported"]}
    fewer = {k: v for k, v in decl.items() if k != "fig2-between"}
    with pytest.raises(ValueError, match="not a declared claim"):
        s18v.reproduction_summary(**_summary_inputs(), profile="quick", declared_claims=fewer)
    parts = _summary_inputs()
    parts["table5_parts"] = None
    s0 = s18v.reproduction_summary(**parts, profile="smoke")
    assert set(s0["finding"]) == set(s["finding"])


def test_equivalence_verdict_follows_its_interval():
    """Fig. 3's "no difference among ReliefF, IG, SVM-RFE": yes when every bootstrap interval
    of a mean-rank difference lies inside ±0.886, no when one difference lies outside,
    untestable when the intervals are wider than the margin."""
    rng = np.random.default_rng(0)
    n = 40
    base = rng.uniform(0.1, 0.3, n)
    # the three alternate the ranks 1-3 in a cycle, RF last: every difference is 0 on average
    cyc = np.array([[0.03, 0.02, 0.01], [0.01, 0.03, 0.02], [0.02, 0.01, 0.03]])[np.arange(n) % 3]
    t = pd.DataFrame({"IG": base + cyc[:, 0], "ReliefF": base + cyc[:, 1],
                      "SVM-RFE": base + cyc[:, 2], "RF": base - 0.1})
    r = s18v._no_difference_row(t, s18v.IN_FOLD, 0.886, "CD")
    assert r["agrees"] == "yes" and r["rule"] == "equivalence"
    assert -0.886 < r["ci_low"] <= r["ours"] <= r["ci_high"] < 0.886
    apart = t.assign(ReliefF=base + 0.05, IG=base - 0.05)          # ReliefF 1st, IG 3rd
    assert s18v._no_difference_row(apart, s18v.IN_FOLD, 0.886, "CD")["agrees"] == "no"
    few = t.iloc[[0, 1, 2, 3]].assign(ReliefF=lambda d: d["ReliefF"] + [0.05, -0.05, 0.05, -0.05])
    v = s18v._no_difference_row(few, s18v.IN_FOLD, 0.3, "CD")
    assert v["agrees"] == "untestable" and v["ci_high"] - v["ci_low"] > 0.6


def test_underpowered_no_becomes_untestable():
    """A step the wrong way whose test could not see the paper's step is untestable, not no;
    the same step seen with a small SE is no."""
    wide = s18v.step_tests([0.10, 0.09], [0.05, 0.05], paper=[0.10, 0.12])
    assert wide[0]["mde"] > 0.02
    r = s18v._trend_row("c", wide, [wide[0]["p"]], paper="1 of 1", reading="",
                        finding="table3-rises")
    assert r["agrees"] == "untestable" and r["mde"] > 0.02
    narrow = s18v.step_tests([0.10, 0.09], [0.001, 0.001], paper=[0.10, 0.12])
    r = s18v._trend_row("c", narrow, [narrow[0]["p"]], paper="1 of 1", reading="",
                        finding="table3-rises")
    assert r["agrees"] == "no"


def test_findings_table_counts_the_new_verdicts():
    """The per-finding table counts untestable and calibrated rows, gives each reading its own
    verdict and each finding the headline of its supported reading."""
    parts = _summary_inputs()
    t3, se3, paper3, _, _ = parts["table3_parts"]
    s = s18v.reproduction_summary(**parts, table3_random_rank=(t3 * 0.5, se3, 10),
                                  profile="quick")
    f = s18v.findings_table(s).set_index(["finding", "reading"])
    assert {"untestable", "calibrated", "supported", "headline"} <= set(f.columns)
    dist = f.loc["table3-dist"]
    assert dist.loc[s18v.R_UNIFORM, "verdict"] == "calibrated"
    assert dist.loc[s18v.R_RANDOM, "verdict"] == "no"
    assert set(dist["headline"]) == {"calibrated"}           # uniform is the supported reading
    assert dist.loc[s18v.R_UNIFORM, "supported"] == "yes"


def test_mde_friedman_is_the_gap_of_80_percent_power():
    from scipy import stats as ss
    d = s18v.mde_friedman(4, 21)
    lam = 12 * 21 / 20 * d ** 2 * 3 / 4
    assert ss.ncx2.sf(ss.chi2.ppf(0.95, 3), 3, lam) == pytest.approx(0.8, abs=1e-6)
    assert s18v.mde_friedman(4, 84) == pytest.approx(d / 2, rel=1e-9)


def test_summary_says_no_with_reasons_when_table5_is_halved():
    s = s18v.reproduction_summary(**_summary_inputs(0.5), profile="quick")
    uci = s[(s["finding"] == "table5-uci") & s["claim"].str.contains("mean of")]
    assert len(uci) == 2 and (uci["agrees"] == "no").all()     # one per reading
    assert (s.loc[s.agrees != "yes", "why_not"].str.len() > 0).all()
    assert (s.loc[s["claim"].str.contains("negative"), "agrees"] == "yes").all()  # signs kept
    f = s18v.findings_table(s)
    assert set(f.loc[f["finding"] == "table5-uci", "verdict"]) == {"no"}
    assert (s["why_not"].str.len() < 120).all()


def test_summary_gives_one_row_per_reading_and_names_the_changes():
    parts = _summary_inputs()
    (by, paper5) = parts["table5_parts"]
    ours5, se5 = by[s18v.IN_FOLD]
    by[s18v.IN_FOLD] = (ours5.assign(RF=ours5["RF"].abs()), se5)
    s = s18v.reproduction_summary(**parts, profile="quick")
    changed = s18v.changed_by_reading(s)
    assert "Table 5: random forest negative where the paper's is (Sec. 5.3)" in set(changed["claim"])
    assert (changed[s18v.WHOLE] == "yes").all()


def test_summary_gives_table3_one_row_per_reading_of_r_theta():
    """Table 3's values and its trend: one row per reading of R_θ, sharing their finding ids;
    a reading whose values are halved says no there only."""
    parts = _summary_inputs()
    t3, se3, paper3, _, _ = parts["table3_parts"]
    s = s18v.reproduction_summary(**parts, table3_random_rank=(t3 * 0.5, se3, 10),
                                  profile="quick")
    t3_rows = s[s["finding"].isin(["table3-dist", "table3-eca", "table3-rises"])]
    assert set(t3_rows["reading"]) == set(s18v.RTHETA)
    by = t3_rows.groupby("reading")
    assert by.size()[s18v.R_UNIFORM] == by.size()[s18v.R_RANDOM]
    assert by.get_group(s18v.R_UNIFORM)["agrees"].isin(["yes", "calibrated"]).all()
    rr = by.get_group(s18v.R_RANDOM)
    assert (rr.loc[rr["claim"].str.contains("θ = 0.5"), "agrees"] == "no").all()
    f = s18v.findings_table(s)
    assert set(f.loc[f["finding"] == "table3-eca", "reading"]) == set(s18v.RTHETA)
    changed = s18v.changed_by_reading(s, s18v.RTHETA)
    assert "Table 3, ECA, w = 1, θ = 0.5" in set(changed["claim"])
    assert changed[s18v.R_UNIFORM].isin(["yes", "calibrated"]).all()


def test_readings_table_puts_the_paper_beside_each_reading():
    paper3 = s18.paper_table("table3")
    paper3.columns = [f"{float(c):g}" if c != "corr" else c for c in paper3.columns]
    se = paper3 * 0 + 0.01
    t = s18.readings_table({s18.UNIFORM: (paper3, se), s18.RANDOM_RANK: (paper3 * 2, se)},
                           paper3)
    assert list(t.loc["w = 1"].index) == ["paper", "uniform", "uniform SE", "random rank",
                                          "random rank SE"]
    assert t.loc[("w = 1", "random rank"), "0.1"] == pytest.approx(2 * paper3.loc["uniform", "0.1"])


def test_summary_without_table5():
    parts = _summary_inputs()
    parts["table5_parts"] = None
    s = s18v.reproduction_summary(**parts, profile="smoke")
    assert s.iloc[-1]["agrees"] == "n/a" and (s["profile"] == "smoke").all()


def test_scale_table_base_ratio_on_the_variants_own_cells():
    paper = pd.DataFrame({"IG": [0.2, 0.3, 0.1]}, index=["heart", "sonar", "colon"])
    ours = pd.DataFrame({"IG": [0.1, 0.3, 0.1]}, index=["heart", "sonar", "colon"])
    t = s18x.scale_table({"heart only": 2 * ours.loc[["heart"]]}, paper, base=ours)
    assert t.loc["heart only", "uci_cells"] == 1
    assert t.loc["heart only", "uci_ratio"] == pytest.approx(1.0)
    assert t.loc["heart only", "uci_base_ratio"] == pytest.approx(2.0)
    assert np.isnan(t.loc["heart only", "micro_ratio"])


def test_variant_curves_reproduce_the_shared_task_at_the_papers_settings(tmp_path, monkeypatch):
    """Same ranking, folds and learner as the shared curve task: identical curves; another C
    changes them."""
    from featrank.experiments import slavkov2020 as s20

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    sizes = [1, 9, 100]
    shared = s20.ranker_curves("single", "InfoGain", "svm", 1, 3, sizes, seed=0)
    mine = s18x.variant_curves("single", "InfoGain", C=0.1, one_hot=False, n_folds=3, sizes=sizes)
    assert np.array_equal(mine.ffa, shared.ffa) and np.array_equal(mine.rfa, shared.rfa)
    other = s18x.variant_curves("single", "InfoGain", C=10.0, one_hot=False, n_folds=3, sizes=sizes)
    assert not np.array_equal(other.ffa, shared.ffa)
    # the synthetic features are nominal and binary: one-hot gives one 0/1 column each, the
    # same as the normalised codes, so the encoding changes nothing here
    assert s18x.with_nominal(["single"]) == ["single"]
    onehot = s18x.variant_curves("single", "InfoGain", C=0.1, one_hot=True, n_folds=3, sizes=sizes)
    assert np.allclose(onehot.ffa, shared.ffa) and np.allclose(onehot.rfa, shared.rfa)
