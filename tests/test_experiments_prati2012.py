import numpy as np
import pandas as pd
import pytest

from featrank.experiments import prati2012 as P


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
    s = P.reproduction_summary(areas, groups)
    assert s["agrees"].all(), s


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
