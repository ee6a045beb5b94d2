"""Prati 2012 (notebook 02): the protocol, the tasks, the readings of the Friedman blocks and
the reproduction summary on the rule book."""
import numpy as np
import pandas as pd
import pytest

from featrank.aggregate import mc4, prati_mc4
from featrank.experiments import prati2012 as P
from featrank.experiments.prati2012 import summary as S
from featrank.experiments.claims import Verdict, row, summary_table
from featrank.stats import FriedmanResult, mde_nemenyi, nemenyi_cd


def _fake_areas(rng, n_datasets=30):
    """Areas where the aggregates are better than the base rankers, SSD best, IG worst."""
    quality = {"IG": 0.0, "GR": 0.3, "SU": 0.2, "CS": 0.25, "1R": 0.35, "RLF": 0.3,
               "BC": 1.0, "CD": 1.05, "SSD": 1.6, "MC4": 0.8, "Lin": 0.9}
    rows = []
    for d in range(n_datasets):
        for lname in P.LEARNERS:
            for m in P.MEASURES:
                for meth, q in quality.items():
                    v = 0.5 + 0.05 * q + 0.001 * rng.normal()
                    rows.append(dict(dataset=f"d{d}", learner=lname, measure=m, method=meth,
                                     area=1 - v if m == "error" else v))
    return pd.DataFrame(rows)


def test_block_ranks_orient_each_measure():
    areas = _fake_areas(np.random.default_rng(0))
    R = P.block_ranks(areas)
    assert R.shape == (30 * 3 * 3, len(P.METHODS))
    assert (R["SSD"] == 1).all() and (R["IG"] == len(P.METHODS)).all()


def test_friedman_groups_and_summary_on_a_clear_case():
    areas = _fake_areas(np.random.default_rng(1))
    groups = P.friedman_groups(areas)
    assert set(groups) == {"measure=error", "measure=auc", "measure=f1", "learner=J48",
                           "learner=NB", "learner=SVM", "overall"}
    res, cd = groups["overall"]
    assert res.n_datasets == 270 and res.p_ff < 1e-10
    s = P.reproduction_summary(areas, {READING: groups}, profile="quick")
    assert list(s.columns) == P.SUMMARY_COLUMNS
    assert ((s["why_not"] != "") == (s["agrees"] != "yes")).all(), s
    assert (s["profile"] == "quick").all()
    by = s[s["reading"].isin(["", READING, "learner=all"])].set_index("finding")["agrees"]
    # the fake areas make SSD first everywhere and every aggregate ahead of every base
    # ranker by 0.05 area units with noise 0.001: every such pair is significant, and the
    # claims that rest on MC4's fitted edge direction print their "yes" as calibrated
    assert by["aggregates-beat-base-overall"] == "calibrated"
    assert by["ssd-beats-all-overall"] == "yes"
    assert by["mc4-worst-aggregate"] == "calibrated"
    # ... but it spaces the methods evenly, so the paper's "no difference" groups fail:
    # CD and MC4 are 3 mean ranks apart, outside the declared margin of one rank
    assert by["second-group-equal-overall"] == "no"


def test_curve_sizes_and_folds():
    assert P.curve_sizes(5).tolist() == [1, 2, 3, 4, 5]
    s = P.curve_sizes(100, 10)
    assert s[0] == 1 and s[-1] == 100 and len(s) == 10
    y = np.array([0] * 12 + [1] * 3)
    folds = P.fold_splits(y, 10, seed=0)
    assert len(folds) == 10
    test = np.concatenate([te for _, te in folds])
    assert sorted(test.tolist()) == list(range(15))
    assert [te.tolist() for _, te in folds] == [te.tolist() for _, te in P.fold_splits(y, 10, 0)]


def test_run_fold_on_a_small_dataset(load_or_skip):
    load_or_skip("labor")
    out = P.run_fold("labor", 0, n_folds=5, learners=("NB",))
    a = out["areas"]
    assert set(a["method"]) == set(P.METHODS) and set(a["measure"]) == set(P.MEASURES)
    assert a["area"].between(0, 1).all()
    assert all(sorted(o.tolist()) == list(range(16)) for o in out["orders"].values())
    assert out["curves"][("SSD", "NB", "error")].shape == (16,)
    # each method's curve is its own ranking's (the methods share fits in one pass)
    from featrank.datasets import load
    from featrank.evaluate import error_curves
    from featrank.evaluate.metrics import error_rate
    from featrank.learners import make_learner

    ds = load("labor")
    train, test = P.fold_splits(ds.y, 5, 0)[0]
    nb = make_learner("nb", n_categories=[len(c) if c is not None else 0
                                          for c in ds.categories])
    for method in ("SSD", "1R", "MC4"):
        alone = error_curves(ds.X, ds.y, out["orders"][method], nb, sizes="all", kind="ffa",
                             cv=[(train, test)], scoring=error_rate, categorical=ds.categorical)
        np.testing.assert_array_equal(out["curves"][(method, "NB", "error")], alone.ffa[0])


# ---- the summary on hand-set average ranks ------------------------------------------------
# Average ranks (1 = best) chosen so that every claim of Sec. VI holds; N as the paper's
# design gives: 39 datasets x 3 learners = 117 blocks per measure (CD 1.396 for k = 11),
# 39 x 3 x 3 = 351 overall (CD 0.806).
ORDER = ["SSD", "CD", "BC", "Lin", "MC4", "1R", "GR", "RLF", "CS", "SU", "IG"]
PAPER_LIKE = {
    # error, AUC: SSD 1.6 ahead of CD (> CD 1.396); MC4-1R 1.5; IG last
    "measure=error": [1.0, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.6, 5.9],
    "measure=auc": [1.0, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.6, 5.9],
    # F1: SSD within 1.396 of CD, BC, Lin but not of MC4; MC4-1R 1.3 (not significant)
    "measure=f1": [2.0, 2.5, 2.6, 2.8, 3.5, 4.8, 5.0, 5.2, 5.4, 5.6, 5.9],
    # J48, SVM: base rankers within 1.2 of each other
    "learner=J48": [1.0, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.6, 5.9],
    "learner=SVM": [1.0, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.6, 5.9],
    # NB: MC4 1.5 behind Lin, CD, BC and 1.5 ahead of 1R
    "learner=NB": [1.0, 2.5, 2.6, 2.7, 4.2, 5.7, 6.0, 6.2, 6.4, 6.6, 6.9],
    # overall (CD 0.806): CD, BC, Lin, MC4 within 0.6; 1R-SU 0.9, 1R-IG 1.2, GR-IG 0.9
    # significant, 1R-CS 0.7, GR-SU 0.6, RLF-IG 0.7 not
    "overall": [2.0, 3.6, 3.7, 3.9, 4.2, 6.0, 6.3, 6.5, 6.7, 6.9, 7.2],
}


READING = "blocks=dataset×learner×measure"


def _hand_groups(ranks=PAPER_LIKE, p_values=None, n=None):
    out = {}
    for g, r in ranks.items():
        n_g = n or (351 if g == "overall" else 117)
        res = friedman_result(pd.Series(r, index=ORDER), n_g, p_values.get(g, 1e-20)
                              if p_values else 1e-20)
        out[g] = (res, nemenyi_cd(11, n_g))
    return out


def friedman_result(avg, n, p):
    return FriedmanResult(avg, n, 11, 99.0, p, 9.9, p, (10, 10 * (n - 1)))


def _special_areas(cyl, sponge_spread=0.001, n_folds=1):
    """J48 areas of cylinder-bands (AUC = ``cyl[method]``, the other measures alike),
    sponge (all methods within ``sponge_spread``, plus fold noise) and a third dataset
    (spread 0.1), for ``n_folds`` folds."""
    rng = np.random.default_rng(0)
    rows = []
    for d in ("cylinder-bands", "sponge", "other"):
        for f in range(n_folds):
            for m in P.MEASURES:
                for i, meth in enumerate(P.METHODS):
                    v = {"cylinder-bands": cyl.get(meth, 0.7),
                         "sponge": 0.8 + sponge_spread * i / 10 + 0.01 * rng.normal(),
                         "other": 0.6 + 0.01 * i}[d]
                    rows.append(dict(dataset=d, fold=f, learner="J48", measure=m,
                                     method=meth, area=1 - v if m == "error" else v))
    return pd.DataFrame(rows)


CYL_PAPER = {"MC4": 0.80, "IG": 0.75, "BC": 0.70, "CD": 0.69, "SSD": 0.68}


def _verdicts(groups):
    rows = S.significance_rows(S._Tests(groups))
    return {r["claim"]: r["verdict"] for r in rows}, {r["claim"]: r for r in rows}


def test_significance_rows_on_hand_set_ranks_where_every_claim_holds():
    verdicts, rows = _verdicts(_hand_groups())
    assert len(verdicts) == 17
    sig = {c: v for c, v in verdicts.items() if v.rule == "significance"}
    assert len(sig) == 13 and all(v.agrees == "yes" for v in sig.values()), sig
    # the four claims of no significant difference: a non-rejection is never a "yes"; at
    # N = 117 the simultaneous 90 % intervals (half-width 1.31) are wider than the margin
    # of one rank (untestable), at N = 351 (0.76) the estimates lie inside it (partly)
    eq = {c: v.agrees for c, v in verdicts.items() if v.rule == "equivalence"}
    assert sorted(eq.values()) == ["partly", "partly", "untestable", "untestable"], eq
    assert rows["SSD significantly better than every other ranking, overall (Fig. 3)"][
        "ours"] == "overall 10/10; claimed differences +1.60 to +5.20 ranks"
    assert rows["every aggregate significantly better than every base ranker, overall "
                "(Fig. 3)"]["se"] == "overall N 351, CD 0.81"


def test_significance_rows_say_why_not_where_a_claim_fails():
    ranks = dict(PAPER_LIKE)
    # overall: BC 0.9 behind CD (significant, CD 0.806)
    ranks["overall"] = [2.0, 3.6, 4.5, 3.9, 4.2, 6.0, 6.3, 6.5, 6.7, 6.9, 7.2]
    # error: SSD only 1.0, 1.1, 1.3 ahead of CD, BC, Lin (below CD 1.396)
    ranks["measure=error"] = [1.6, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.9, 5.6]
    verdicts, rows = _verdicts(_hand_groups(ranks, p_values={"measure=error": 0.31}))
    v = verdicts["Friedman rejects equal performance for every measure (Fig. 1)"]
    assert v[:2] == ("partly", "2 of 3 significant")
    c = "SSD significantly better than every other ranking, error and AUC (Fig. 1b, c)"
    assert verdicts[c][:2] == ("partly", "17 of 20 significant")
    assert rows[c]["ours"] == "error 7/10, AUC 10/10; claimed differences +1.00 to +4.90 ranks"
    assert rows[c]["mde"] == pytest.approx(mde_nemenyi(11, 117))
    c = "CD, BC, MC4, Lin: no significant difference among them overall (Fig. 3's second group)"
    # every pair within the margin of one rank, but no simultaneous 90 % interval
    # (half-width 0.75 at N = 351) inside it: the estimates are, the intervals are not
    assert verdicts[c][:2] == ("partly", "0 of 6 differences shown equivalent")
    assert rows[c]["ours"].startswith("largest |mean-rank difference| 0.90 (CD-BC), "
                                      "simultaneous 90 % half-width 0.75; Nemenyi 1/6 "
                                      "significant (CD-BC)")
    assert rows[c]["ci"] == pytest.approx((0.9 - nemenyi_cd(11, 351, 0.1),
                                           0.9 + nemenyi_cd(11, 351, 0.1)))


def test_no_significant_pair_is_no_even_in_the_claimed_direction():
    ranks = dict(PAPER_LIKE)
    # NB: MC4 only 0.5 behind CD, BC, Lin (below the CD): the direction holds, no pair is
    # significant, and the rule book says "no"
    ranks["learner=NB"] = [1.0, 2.5, 2.6, 2.7, 3.1, 5.7, 6.0, 6.2, 6.4, 6.6, 6.9]
    verdicts, _ = _verdicts(_hand_groups(ranks))
    assert verdicts["NB: MC4 significantly worse than CD, BC and Lin (Fig. 2c)"][:2] == (
        "no", "0 of 3 significant")


def test_one_row_per_reading_sharing_a_finding():
    rng = np.random.default_rng(2)
    # 14 datasets: scipy's signed-rank test is asymptotic above 13 pairs with ties (a
    # complete permutation test below, seconds per pair)
    areas = pd.concat([_fake_areas(rng, 14).assign(fold=f) for f in range(3)],
                      ignore_index=True)
    tests = {r: P.friedman_groups(areas, reading=r) for r in P.READINGS}
    assert {r: tests[r]["overall"][0].n_datasets for r in P.READINGS} == {
        "blocks=datasets": 14, "blocks=dataset×learner×measure": 126, "blocks=folds": 378}
    assert tests["blocks=datasets"]["measure=f1"][0].n_datasets == 14
    assert tests["blocks=folds"]["learner=NB"][0].n_datasets == 14 * 3 * 3
    s = P.reproduction_summary(areas, tests, wilcoxon=True, profile="quick")
    # built from claims.toml: every declared claim has rows, every row a declaration, and
    # the supported reading is the datasets' (the rule book's one blocking policy)
    assert set(s["finding"]) == set(S.DECLARED)
    assert set(s.loc[s["supported"] == "yes", "reading"]) == {"blocks=datasets",
                                                               "learner=all"}
    sig = s[s["reading"].isin(P.READINGS)]
    assert len(sig) == 17 * 3
    assert sig.groupby("finding")["reading"].apply(lambda r: list(r) == list(P.READINGS)).all()
    assert sig.groupby("finding")["claim"].nunique().eq(1).all()
    overall = "every aggregate significantly better than every base ranker, overall (Fig. 3)"
    ours = s[(s["claim"] == overall) & (s["reading"] == "blocks=datasets")]["ours"].item()
    # 14 datasets: Nemenyi's CD (4.0 ranks) misses the pairs closest together, while every
    # aggregate wins on every dataset, which Wilcoxon-Holm finds
    assert ours == "overall 18/24; Wilcoxon-Holm 24/24; claimed differences +1.00 to +10.00 ranks"
    with pytest.raises(ValueError, match="per-fold areas"):
        P.friedman_groups(P.mean_areas(areas), reading="blocks=folds")


def test_cylinder_and_sponge_rows():
    areas = _special_areas(CYL_PAPER, n_folds=10)
    assert S._cylinder_row(areas)["verdict"].agrees == "yes"
    # 30 fold x measure blocks: the simultaneous 90 % intervals (half-width 2.6 mean ranks)
    # are wider than the margin of one rank, so "little or no difference" is untestable
    sponge = S._sponge_row(areas)
    assert sponge["verdict"].agrees == "untestable"
    assert sponge["ci"][1] - sponge["ci"][0] == pytest.approx(2 * nemenyi_cd(11, 30, 0.1))
    cyl = {"MC4": 0.70, "IG": 0.75, "BC": 0.80, "CD": 0.69, "SSD": 0.68}
    # BC ahead of the best base ranker and MC4 not the best aggregate: 2 of the 4 parts
    assert S._cylinder_row(_special_areas(cyl))["verdict"][:2] == ("partly", "2 of 4 cases")
    # methods ten ranks apart on sponge: the whole interval lies past the margin, so a
    # difference is shown however wide the interval ("no" comes before "untestable")
    wide = S._sponge_row(_special_areas(CYL_PAPER, sponge_spread=0.5, n_folds=10))
    assert wide["verdict"].agrees == "no"
    assert wide["ours"].startswith("largest |mean-rank difference| 10.00 (IG-Lin)")
    # without the folds' areas there is no test of the sponge remark
    assert S._sponge_row(P.mean_areas(areas))["verdict"].agrees == "n/a"
    other = areas[areas["dataset"] == "other"]
    assert S._cylinder_row(other)["verdict"][:2] == ("n/a", "cylinder-bands is not in this run")


def test_random_tie_breaking_only_reorders_equal_scores():
    scores = {"A": np.array([1.0, 3.0, 3.0, 0.0, 3.0, 1.0])}
    assert P.orders_from_scores(scores)["A"].tolist() == [1, 2, 4, 0, 5, 3]
    seen = set()
    for seed in range(20):
        o = P.orders_from_scores(scores, tie_seed=seed)["A"]
        assert sorted(o[:3].tolist()) == [1, 2, 4] and sorted(o[3:5].tolist()) == [0, 5]
        assert o[5] == 3
        seen.add(tuple(o[:3]))
    assert len(seen) > 1
    np.testing.assert_array_equal(P.orders_from_scores(scores, tie_seed=4)["A"],
                                  P.orders_from_scores(scores, tie_seed=4)["A"])


def test_profiles_are_frozen_and_complete():
    assert set(P.PROFILES) == {"smoke", "quick", "paper"}
    assert P.PROFILES["paper"].datasets is None and P.PROFILES["paper"].n_folds == 10
    assert len(P.PROFILES["quick"].datasets) == 18
    with pytest.raises(AttributeError):
        P.PROFILES["smoke"].n_folds = 3


def test_extras_and_mc4_variants():
    rng = np.random.default_rng(5)
    X, y = rng.normal(size=(40, 8)), np.arange(40) % 2
    base = {k: rng.permutation(8) for k in P.BASE}
    assert set(P.EXTRAS) <= set(P.KNOWN_EXTRAS) and "MC4-Dwork" in P.EXTRAS
    out = P.aggregate_orders(base, X, y, None, random_state=3, extras=P.KNOWN_EXTRAS)
    assert set(out) == set(P.AGGREGATES) | {"Lin"} | set(P.KNOWN_EXTRAS)
    orders = np.array([base[k] for k in P.BASE])
    seed = np.random.default_rng(3).integers(0, 2**31, size=5)[3]
    assert out["MC4"].tolist() == prati_mc4(orders, direction=P.MC4_DIRECTION,
                                            random_state=seed).tolist()
    assert out["MC4-as-written"].tolist() == prati_mc4(orders, direction="as_written",
                                                       random_state=seed).tolist()
    assert out["MC4-Dwork"].tolist() == mc4(orders, random_state=seed).tolist()
    with pytest.raises(ValueError, match="unknown extras"):
        P.aggregate_orders(base, X, y, None, extras=("MC5",))


# ---- the rule book: equivalence on mean ranks, declarations ------------------------------

def test_equivalence_verdict_follows_its_interval():
    """A pair is equivalent when its simultaneous 90 % interval (difference ± the Nemenyi
    CD at alpha = 0.10) lies inside the margin; outside it when the difference is."""
    half = nemenyi_cd(11, 351, 0.1)                       # 0.76 mean ranks
    ranks = dict(zip(ORDER, [1.0, 1.1, 2.5, 4, 5, 6, 7, 8, 9, 10, 11]))
    e = S.equivalence_of_pairs(ranks, 351, [("SSD", "CD")], 1.0)
    assert e["verdict"].agrees == "yes" and e["ci"] == pytest.approx((0.1 - half, 0.1 + half))
    assert 0.1 + half < 1.0
    # the estimate inside the margin, its interval not: partly
    assert S.equivalence_of_pairs(ranks, 351, [("CD", "BC")], 1.5)["verdict"].agrees == "partly"
    # the estimate outside: no, whatever the interval
    assert S.equivalence_of_pairs(ranks, 351, [("SSD", "BC")], 1.0)["verdict"].agrees == "no"
    # a pair Nemenyi cannot separate is not thereby equivalent: CD-BC, 1.4 ranks apart, is
    # far below the CD of 39 blocks (2.42), and still not a "yes"
    v = S.equivalence_of_pairs(ranks, 39, [("CD", "BC")], 1.0)["verdict"]
    assert v.agrees != "yes"


def test_an_underpowered_no_difference_is_untestable():
    """At N = 39 datasets the simultaneous 90 % half-width (2.28 mean ranks) exceeds the
    margin of one rank: even identical mean ranks cannot be shown equivalent."""
    same = dict(zip(ORDER, [6.0] * 11))
    pairs = [("CD", "BC"), ("BC", "Lin")]
    assert nemenyi_cd(11, 39, 0.1) > S.margin("second-group-equal-overall")[0]
    assert S.equivalence_of_pairs(same, 39, pairs, 1.0)["verdict"].agrees == "untestable"
    assert S.equivalence_of_pairs(same, 3500, pairs, 1.0)["verdict"].agrees == "yes"
    # so the paper's no-difference claims are untestable under blocks = datasets
    ranks = dict(PAPER_LIKE)
    verdicts, rows = _verdicts(_hand_groups(ranks, n=39))
    c = "J48: no significant difference among the base rankers (Fig. 2a)"
    assert verdicts[c].agrees == "untestable" and rows[c]["mde"] > 3


def test_every_declared_claim_is_checked():
    assert {c["kind"][0] for c in S.DECLARED.values()} <= {
        "significance", "equivalence", "all cases", "ordering"}
    for c in S.DECLARED.values():
        if "equivalence" in c["kind"]:
            assert c["margin"] == 1.0 and c["source"].startswith("convention")
        if len(c.get("readings", [])) > 1:
            assert c["supported"] in c["readings"] and c["why"]
    with pytest.raises(ValueError, match="not a declared claim"):
        summary_table([row("x", 1, 1, Verdict("yes", "", "value"), finding="undeclared")],
                      "quick", S.DECLARED)


def test_wilcoxon_holm_runs_within_the_finding():
    """The modern count adjusts the finding's own pairs, not the 55 pairs of a group."""
    rng = np.random.default_rng(3)
    n = 12
    tab = pd.DataFrame({m: rng.normal(size=n) + (i if m in ("SSD", "CD") else 0)
                        for i, m in enumerate(P.METHODS)})
    tab["SSD"] = tab["CD"] - 1.0 - 0.1 * rng.random(n)    # SSD ahead of CD on every dataset
    T = S._Tests({}, {"overall": tab})
    # one claimed pair: its raw p (exact, 12 of 12 the same sign: 0.0005) is its Holm p
    assert T.wilcoxon_better([("overall", "SSD", "CD")]) == [True]
    assert T.wilcoxon_better([("overall", "CD", "SSD")]) == [False]
