import numpy as np
import pandas as pd
import pytest

from featrank.aggregate import mc4, prati_mc4
from featrank.experiments import prati2012 as P
from featrank.experiments.prati2012.summary import _verdict
from featrank.stats import FriedmanResult, nemenyi_cd


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
    s = P.reproduction_summary(areas, groups, profile="quick")
    assert list(s.columns) == P.SUMMARY_COLUMNS
    assert set(s["agrees"]) <= {"yes", "partly", "no", "n/a"}
    assert ((s["why_not"] != "") == (s["agrees"] != "yes")).all(), s
    assert (s["profile"] == "quick").all()
    by = s.set_index("claim")["agrees"]
    # the fake areas make SSD first everywhere and every aggregate ahead of every base
    # ranker by 0.05 area units with noise 0.001: every such pair is significant
    assert by["every aggregate significantly better than every base ranker, overall "
              "(Fig. 3)"] == "yes"
    assert by["SSD significantly better than every other ranking, overall (Fig. 3)"] == "yes"
    assert by["MC4 the worst aggregate overall (Fig. 3; mean rank, no test)"] == "yes"
    # ... but it spaces the methods evenly, so the paper's "no difference" groups fail
    assert by["CD, BC, MC4, Lin: no significant difference among them overall "
              "(Fig. 3's second group)"] == "partly"


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


def _hand_groups(ranks=PAPER_LIKE, p_values=None):
    out = {}
    for g, r in ranks.items():
        n = 351 if g == "overall" else 117
        res = friedman_result(pd.Series(r, index=ORDER), n, p_values.get(g, 1e-20)
                              if p_values else 1e-20)
        out[g] = (res, nemenyi_cd(11, n))
    return out


def friedman_result(avg, n, p):
    return FriedmanResult(avg, n, 11, 99.0, p, 9.9, p, (10, 10 * (n - 1)))


def _special_areas(cyl, sponge_spread=0.001):
    """J48 areas of cylinder-bands (AUC = ``cyl[method]``, the other measures alike),
    sponge (all methods within ``sponge_spread``) and a third dataset (spread 0.1)."""
    rows = []
    for d in ("cylinder-bands", "sponge", "other"):
        for m in P.MEASURES:
            for i, meth in enumerate(P.METHODS):
                v = {"cylinder-bands": cyl.get(meth, 0.7), "sponge": 0.8 + sponge_spread * i / 10,
                     "other": 0.6 + 0.01 * i}[d]
                rows.append(dict(dataset=d, learner="J48", measure=m, method=meth,
                                 area=1 - v if m == "error" else v))
    return pd.DataFrame(rows)


CYL_PAPER = {"MC4": 0.80, "IG": 0.75, "BC": 0.70, "CD": 0.69, "SSD": 0.68}


def test_summary_on_hand_set_ranks_where_every_claim_holds():
    s = P.reproduction_summary(_special_areas(CYL_PAPER), _hand_groups(), profile="paper")
    assert list(s.columns) == P.SUMMARY_COLUMNS and len(s) == 20
    assert (s["agrees"] == "yes").all(), s.loc[s["agrees"] != "yes", ["claim", "why_not"]]
    assert (s["why_not"] == "").all()
    by = s.set_index("claim")
    assert by.loc["SSD significantly better than every other ranking, overall (Fig. 3)",
                  "ours"] == "overall 10/10 (Holm vs SSD: 10/10)"
    assert by.loc["base rankers: only 1R-SU, 1R-IG, GR-IG differ significantly overall "
                  "(Fig. 3's three groups)", "ours"] == "3 significant: 1R-IG, 1R-SU, GR-IG"
    assert by.loc["every aggregate significantly better than every base ranker, overall "
                  "(Fig. 3)", "se"] == "overall CD 0.81 (SE 0.25)"


def test_summary_says_why_not_where_a_claim_fails():
    ranks = dict(PAPER_LIKE)
    # overall: BC falls to the worst aggregate, 0.3 behind MC4 (more than one SE, 0.25),
    # and 0.9 behind CD (significant, CD 0.806)
    ranks["overall"] = [2.0, 3.6, 4.5, 3.9, 4.2, 6.0, 6.3, 6.5, 6.7, 6.9, 7.2]
    # error: SSD only 1.0, 1.1, 1.3 ahead of CD, BC, Lin (below CD 1.396; Holm, more
    # powerful, still finds them); IG no longer last
    ranks["measure=error"] = [1.6, 2.6, 2.7, 2.9, 3.2, 4.7, 5.0, 5.2, 5.4, 5.9, 5.6]
    groups = _hand_groups(ranks, p_values={"measure=error": 0.31})
    cyl = {"MC4": 0.70, "IG": 0.75, "BC": 0.80, "CD": 0.69, "SSD": 0.68}
    s = P.reproduction_summary(_special_areas(cyl, sponge_spread=0.5), groups, profile="smoke")
    by = s.set_index("claim")
    assert ((s["why_not"] != "") == (s["agrees"] != "yes")).all()
    row = by.loc["Friedman rejects equal performance for every measure (Fig. 1)"]
    assert row["agrees"] == "partly" and "error" in row["why_not"]
    row = by.loc["SSD significantly better than every other ranking, error and AUC "
                 "(Fig. 1b, c)"]
    assert row["agrees"] == "partly"
    assert row["ours"] == "error 7/10, AUC 10/10 (Holm vs SSD: 20/20)"
    row = by.loc["MC4 the worst aggregate overall (Fig. 3; mean rank, no test)"]
    assert row["agrees"] == "no" and row["why_not"] == (
        "worst is BC; MC4 is 0.30 ranks ahead of it (more than one SE)")
    row = by.loc["CD, BC, MC4, Lin: no significant difference among them overall "
                 "(Fig. 3's second group)"]
    assert row["agrees"] == "partly" and row["why_not"] == "significant: CD-BC"
    row = by.loc["IG the worst base ranker for every measure (Fig. 1; mean rank, 'in "
                 "general' not significantly)"]
    assert row["agrees"] == "partly" and "error: IG 0.30 ranks ahead of SU" in row["why_not"]
    cyl_claim = [c for c in by.index if c.startswith("cylinder-bands")][0]
    assert by.loc[cyl_claim, "agrees"] == "no" and "best aggregate BC" in by.loc[cyl_claim,
                                                                                 "why_not"]
    sponge = [c for c in by.index if c.startswith("sponge")][0]
    assert by.loc[sponge, "agrees"] == "no"  # the largest spread of the three datasets
    assert by.loc[sponge, "why_not"].startswith("2 dataset(s) show a smaller spread")


def test_cylinder_row_when_mc4_ties_the_best_aggregate():
    cyl = {"MC4": 0.80, "BC": 0.80, "IG": 0.85, "CD": 0.69, "SSD": 0.68}
    s = P.reproduction_summary(_special_areas(cyl), _hand_groups(), profile="quick")
    row = s[s["claim"].str.startswith("cylinder-bands")].iloc[0]
    assert row["agrees"] == "partly"
    assert row["why_not"] == "MC4 shares the best aggregate rank with BC"


def test_summary_rows_for_datasets_not_in_the_run():
    areas = _special_areas(CYL_PAPER)
    s = P.reproduction_summary(areas[areas["dataset"] == "other"], _hand_groups())
    tail = s.tail(2)
    assert tail["agrees"].tolist() == ["n/a", "n/a"]
    assert tail["why_not"].tolist() == ["cylinder-bands with J48 is not in this run",
                                        "sponge with J48 is not in this run"]


def test_verdict_rules():
    v = _verdict
    assert v(dict(n=4, sig=4, way=4, against=0)) == "yes"
    assert v(dict(n=4, sig=1, way=2, against=0)) == "partly"
    assert v(dict(n=4, sig=0, way=4, against=0)) == "partly"
    assert v(dict(n=4, sig=0, way=3, against=0)) == "no"
    assert v(dict(n=4, sig=3, way=3, against=1)) == "no"


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
