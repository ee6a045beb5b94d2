"""Slavkov 2020 (notebook 05): the experiments package, its synthetic data, nominal attributes
in resampled data, the plots, and the library's expected curve against the stored one."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from scipy.stats import spearmanr  # noqa: E402

from featrank.aggregate import lin  # noqa: E402
from featrank.datasets import Dataset  # noqa: E402
from featrank.datasets import slavkov2020 as s20  # noqa: E402
from featrank.evaluate import ranking_distance, spearman_rho  # noqa: E402
from featrank.evaluate.curves import Curves  # noqa: E402
from featrank.experiments import slavkov2020 as E  # noqa: E402
from featrank.orders import order_from_scores  # noqa: E402
from featrank.parallel import task_seed  # noqa: E402
from featrank.plots import method_color  # noqa: E402
from featrank.plots import slavkov2020 as P  # noqa: E402
from featrank.rankers import ReliefF  # noqa: E402
from featrank.rankers.discretize import resolve_categorical  # noqa: E402


# ---------------------------------------------- experiments: the pieces that do not need a learner
# featrank.experiments.slavkov2020: the pieces that do not need a learner.


def test_coarse_sizes_cover_both_ends():
    s = E.resolve_sizes("coarse:8", 100)
    assert s[0] == 1 and s[-1] == 100 and np.all(np.diff(s) > 0) and 6 <= s.size <= 9
    assert np.array_equal(E.resolve_sizes([5, 1, 5, 3], 10), [1, 3, 5])
    with pytest.raises(ValueError):
        E.resolve_sizes("fine", 10)
    with pytest.raises(ValueError):
        E.resolve_sizes([0, 2], 10)


def test_noisy_orders_are_the_realisations_of_table3():
    rels = E.noisy_relevance_set("pair", 0.2, 3, seed=4)
    for i in range(3):
        assert np.array_equal(E.noisy_order("pair", 0.2, i, seed=4), order_from_scores(rels[i]))
    gt = s20.ground_truth_order(s20.ground_truth_relevance("pair"))
    assert np.array_equal(E.noisy_order("pair", 0.0, 7), gt)


def test_table3_grows_with_theta_and_is_one_at_theta_one():
    t = E.table3(100)
    assert set(t.dataset) == set(E.SYNTHETIC) and len(t) == 21
    for ds, g in t.groupby("dataset"):
        assert np.all(np.diff(g.sort_values("theta").ours) > 0), ds
    one = t[t.theta == 1.0]
    assert np.all(np.abs(one.ours - 1) < 4 * one.se + 1e-9)   # E[rho] = 0 for a random ranking
    d = t[t.theta == 0.05].set_index("dataset").ours
    assert d["single"] > d["pair"] > d["combined"]               # the paper's order
    # drawn features at uniformly random ranks: about theta itself, below ours at small theta
    r = E.table3(100, convention="random rank", thetas=(0.1,))
    assert np.allclose(r.ours, 0.1, atol=0.03) and (r.ours.values < t[t.theta == 0.1].ours.values).all()
    with pytest.raises(ValueError):
        E.table3(2, convention="bits")


def test_learner_separation_on_synthetic_curves():
    from featrank.evaluate import Curves

    def c(ffa, rfa):
        ffa, rfa = np.array(ffa, float), np.array(rfa, float)
        return Curves(sizes=np.array([1, 2]), ffa=ffa, rfa=rfa, n_features=2)

    # two CV splits x two sizes; good rankings: FFA higher by 0.1, RFA lower by 0.2
    curves = {"ReliefF": c([[.9, .9], [.8, .8]], [[.5, .5], [.5, .5]]),
              "RandomForest": c([[.9, .9], [.8, .8]], [[.5, .5], [.5, .5]]),
              "InfoGain": c([[.8, .8], [.7, .7]], [[.7, .7], [.7, .7]]),
              "SVM-RFE": c([[.8, .8], [.7, .7]], [[.7, .7], [.7, .7]])}
    s = E.learner_separation(curves)
    assert s["ffa_gap"] == pytest.approx(0.1) and s["rfa_gap"] == pytest.approx(0.2)
    assert s["gap"] == pytest.approx(0.15) and s["min_pair"] == pytest.approx(0.15)
    assert np.isnan(s["t"])                       # zero spread across splits
    avg = E.average_curves([curves["ReliefF"], curves["InfoGain"]])
    assert np.allclose(avg.ffa_mean, [0.8, 0.8]) and np.allclose(avg.rfa_mean, [0.6, 0.6])
    pooled = E.average_curves([curves["ReliefF"]], pool=True)
    assert pooled.ffa.shape == (2, 2) and np.allclose(pooled.ffa_mean, [0.675, 0.675])
    assert E.is_monotone([3, 2, 2.005, 1], increasing=False, tol=0.01)
    assert not E.is_monotone([3, 2, 2.5], increasing=False, tol=0.01)
    assert E.roughness(curves["ReliefF"]) == 0.0


def test_rankings_on_resamples_and_stability(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    full = E.rank_features("combined", "InfoGain")
    assert set(full[:3]) == {0, 1, 2}                   # the p = 0.8 single features
    sub = E.rank_features("combined", "InfoGain", resample=1)
    assert np.array_equal(np.sort(sub), np.arange(100))
    sizes, st = E.stability("combined", "InfoGain", 3, sizes=[1, 3, 10, 100], n_jobs=1)
    assert np.array_equal(sizes, [1, 3, 10, 100]) and st.shape == (4,)
    assert st[0] < 0.6 and np.all((st >= 0) & (st < 1.2))
    with pytest.raises(ValueError, match="unknown ranker"):
        E.make_ranker("Chi2")


def test_train_fold_rankings_use_the_curves_own_splits(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    ds = E.load_dataset("single")
    splits = list(E.cv_splitter("single", 1, 3, seed=2).split(ds.X, ds.y))
    from featrank.rankers import InfoGain
    for k, (train, _) in enumerate(splits):
        ref = InfoGain(categorical=ds.categorical).fit(ds.X[train], ds.y[train]).top_features_
        assert np.array_equal(E.rank_on_split("single", "InfoGain", k, 1, 3, seed=2), ref)
    c = E.ranker_curves("single", "InfoGain", "nb", 1, 3, [1, 9, 100], seed=2, fit_on="train")
    assert c.ffa.shape == (3, 3) and c.ffa_mean[1] > 0.8      # the 9 single features
    with pytest.raises(ValueError, match="fit_on"):
        E.ranker_curves("single", "InfoGain", fit_on="test")


def test_split_rankings_stay_out_of_the_committed_store(tmp_path, monkeypatch):
    from featrank import config

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(config, "results_dir", lambda ns=None: tmp_path / "results" / ns)
    config.get_profile("paper")
    monkeypatch.setattr(config, "committed_profile",
                        lambda ns: "paper" if ns == E.CACHE else None)
    E.all_ranker_curves(["single"], ("InfoGain",), ("nb",), n_repeats=1, n_folds=3,
                        sizes=[1, 9], seed=2, fit_on="train", n_jobs=1)
    committed = tmp_path / "results" / E.CACHE / "store"
    assert len(list((committed / "ranker_curves").glob("*.json"))) == 1
    assert not (committed / "rank_on_split").exists()
    scratch = tmp_path / "cache" / "store" / E.RANKINGS / "rank_on_split"
    assert len(list(scratch.glob("*.json"))) == 3
    for p in scratch.glob("*.json"):                 # curves stored: no ranking runs again
        p.unlink()
    E.all_ranker_curves(["single"], ("InfoGain",), ("nb",), n_repeats=1, n_folds=3,
                        sizes=[1, 9], seed=2, fit_on="train", n_jobs=1)
    assert not list(scratch.glob("*.json"))


def _declared():
    from featrank.experiments.claims import declared_claims
    from featrank.experiments.slavkov2020 import summary as S

    return declared_claims(S.CLAIMS)


def test_learner_rows_judge_on_corrected_holm_adjusted_tests():
    from featrank.experiments.slavkov2020 import summary as S

    def t(gap, p, naive_t=9.0, se=0.001):
        return dict(gap=gap, se=se, t=gap / se, p=p, naive_t=naive_t, naive_p=1e-9,
                    n_splits=100)

    tests = {"Naive Bayes": {"ffa": t(-0.0004, 0.6), "rfa": t(-0.05, 1e-6)},
             "k-NN": {"ffa": t(0.03, 1e-6), "rfa": t(0.06, 1e-6)},
             "Decision tree": {"ffa": t(0.005, 0.3, naive_t=4.0), "rfa": t(0.03, 1e-6)}}
    rows = {r["claim"].split(" (")[0]: r for r in S.learner_rows(tests, _declared())}
    assert len(rows) == 6
    nb = [r for c, r in rows.items() if c.startswith("Learner study, Naive Bayes")]
    # "cannot tell apart": equivalence, FFA inside the 0.01 margin, RFA 0.05 outside it
    assert [r["agrees"] for r in nb] == ["yes", "no"] and {r["rule"] for r in nb} == {"equivalence"}
    assert all(r["agrees"] == "yes" and r["rule"] == "direction"
               for c, r in rows.items() if "k-NN" in c)
    tree_ffa = rows["Learner study, Decision tree, FFA: cannot tell good from bad"]
    # 0.005 +- 1.66 x 0.001 lies inside +-0.01: shown equivalent
    assert tree_ffa["agrees"] == "yes" and "naive t +4.0" in tree_ffa["claim"]
    assert len({r["finding"] for r in nb}) == 1


def test_equivalence_verdict_follows_its_interval():
    """The learner study's "cannot tell apart": the 90 % interval of the gap (Student's t,
    J - 1 df) against the declared margin; the same gap with a wider interval is untestable,
    one inside the margin whose interval crosses it is partly."""
    from featrank.experiments.slavkov2020 import summary as S
    from featrank.stats import equivalence_interval

    margin = _declared()["learners-naive-bayes"]["margin"]

    def nb(gap, se):
        t = dict(gap=gap, se=se, t=gap / se, p=0.5, naive_t=0.0, naive_p=0.5, n_splits=100)
        return S.learner_rows({"Naive Bayes": {"ffa": t, "rfa": t}}, _declared())[0]

    narrow, wide, edge = nb(0.002, 0.002), nb(0.002, 0.008), nb(0.007, 0.003)
    e = equivalence_interval(0.002, 0.002, margin, df=99)
    assert narrow["agrees"] == "yes"
    assert (narrow["ci_low"], narrow["ci_high"]) == (round(e.low, 4), round(e.high, 4))
    assert -margin < narrow["ci_low"] < narrow["ci_high"] < margin
    assert wide["agrees"] == "untestable" and wide["ci_high"] - wide["ci_low"] > 2 * margin
    assert edge["agrees"] == "partly" and edge["ci_high"] > margin > edge["ours"]


def _ranker_curves(shift, rng, n_splits=10, sd=0.01):
    """Four rankers' curves on the same ``n_splits`` CV splits: Info Gain's FFA higher and
    RFA lower by ``shift``."""
    base = 0.7 + rng.normal(0, sd, (n_splits, 3))
    return {r: Curves(sizes=np.array([1, 2, 3]), ffa=base + (shift if r == "InfoGain" else 0)
                      + rng.normal(0, sd, (n_splits, 3)),
                      rfa=base - (shift if r == "InfoGain" else 0)
                      + rng.normal(0, sd, (n_splits, 3)), n_features=3)
            for r in E.RANKERS}


def test_underpowered_no_becomes_untestable():
    """An "A above B" row over the CV splits whose gap goes the wrong way is "no"; with the
    paper's effect declared below the test's minimal detectable gap it is "untestable"."""
    from featrank.experiments.slavkov2020 import summary as S

    rng = np.random.default_rng(3)
    curves = _ranker_curves(0.0, rng)
    z = rng.normal(0, 0.03, (10, 1))
    ig = curves["ReliefF"].ffa - 0.004 + (z - z.mean())      # a mean gap of exactly -0.004
    curves = {S.TRAIN: {**curves, "InfoGain": Curves(sizes=curves["ReliefF"].sizes, ffa=ig,
                                                     rfa=curves["ReliefF"].rfa, n_features=3)}}
    cmp = [("InfoGain", "ReliefF", "ffa")]
    row, = S.direction_rows("c", "higher", cmp, curves, 10, finding="fig8-amlprognosis",
                            declared=_declared())
    assert row["agrees"] == "no" and row["ours"] < 0 and row["mde"] > 0.004
    assert row["ci_low"] < row["ours"] < row["ci_high"]
    declared = {"fig8-amlprognosis": {"effect": row["mde"] / 2}}
    row, = S.direction_rows("c", "higher", cmp, curves, 10, finding="fig8-amlprognosis",
                            declared=declared)
    assert row["agrees"] == "untestable"
    # a large, well-measured gap the claimed way is a "yes" whatever the effect
    row, = S.direction_rows("c", "higher", cmp, {S.TRAIN: _ranker_curves(0.05, rng)}, 10,
                            finding="fig8-amlprognosis", declared=declared)
    assert row["agrees"] == "yes"


def test_direction_rows_use_the_corrected_test_and_holm_within_a_reading():
    from featrank.experiments.slavkov2020 import summary as S
    from featrank.stats import corrected_interval

    rng = np.random.default_rng(4)
    curves = {S.FULL: _ranker_curves(0.01, rng), S.TRAIN: _ranker_curves(0.01, rng)}
    cmp = [("InfoGain", r, "rfa") for r in E.RANKERS if r != "InfoGain"]
    rows = S.direction_rows("c", "lower", cmp, curves, 10, finding="fig7-breast-w-rfa")
    assert len(rows) == 6 and [r["reading"] for r in rows] == [S.FULL] * 3 + [S.TRAIN] * 3
    c = curves[S.FULL]
    d = c["ReliefF"].rfa.mean(axis=1) - c["InfoGain"].rfa.mean(axis=1)
    ref = corrected_interval(d, 9, 1)
    assert rows[0]["ours"] == round(ref.mean, 4) and rows[0]["se"] == round(ref.se, 4)
    assert (rows[0]["ci_low"], rows[0]["ci_high"]) == (round(ref.low, 4), round(ref.high, 4))


def test_separation_tests_correct_for_overlapping_training_sets():
    rng = np.random.default_rng(0)

    def c(shift):
        ffa = 0.8 + shift + rng.normal(0, 0.01, (20, 3))
        return Curves(sizes=np.array([1, 2, 3]), ffa=ffa, rfa=1.6 - ffa, n_features=3)

    tests = E.separation_tests({"ReliefF": c(0.01), "RandomForest": c(0.01),
                                "InfoGain": c(0.0), "SVM-RFE": c(0.0)}, 100, 10)
    for kind in ("ffa", "rfa"):
        r = tests[kind]
        assert r["gap"] > 0 and 0 < r["t"] < r["naive_t"]
        # Nadeau-Bengio: the variance of the mean grows by (1/J + 1/9) / (1/J), J = 20
        assert r["naive_t"] / r["t"] == pytest.approx(np.sqrt((1 / 20 + 1 / 9) * 20))


def _heights(means, m, sd, rng):
    """Fig. 3's heights frame: one ground truth, then m realisations per theta."""
    import pandas as pd

    rows = [dict(theta=0.0, index=0, ffa=means[0][0], rfa=means[0][1])]
    for t, (f, r) in zip((0.1, 0.5, 1.0), means[1:]):
        rows += [dict(theta=t, index=i, ffa=f + rng.normal(0, sd), rfa=r + rng.normal(0, sd))
                 for i in range(m)]
    return pd.DataFrame(rows)


def test_fig3_steps_are_welch_tests_over_realisations():
    from scipy.stats import ttest_1samp, ttest_ind

    rng = np.random.default_rng(1)
    h = _heights([(0.9, 0.5), (0.85, 0.55), (0.8, 0.6), (0.7, 0.7)], 12, 0.03, rng)
    t = E.fig3_step_tests(h).set_index(["measure", "step"])
    g = {k: v for k, v in h.groupby("theta")}
    # FFA 0.1 -> 0.5 falls: Welch's test of "theta 0.1 above theta 0.5"
    ref = ttest_ind(g[0.1].ffa, g[0.5].ffa, equal_var=False, alternative="greater")
    assert t.loc[("ffa", "0.1 -> 0.5"), "p"] == pytest.approx(ref.pvalue)
    # RFA from the ground truth (one ranking): the one-sample test of theta 0.1 against it
    ref = ttest_1samp(g[0.1].rfa, 0.5, alternative="greater")
    assert t.loc[("rfa", "0 -> 0.1"), "p"] == pytest.approx(ref.pvalue)
    assert (t["diff"] > 0).all() and len(t) == 6


def test_fig3_verdict_holds_its_level_when_theta_changes_nothing():
    from featrank.experiments.slavkov2020 import summary as S

    rng = np.random.default_rng(2)
    flat = [(0.8, 0.6)] * 4
    yes = []
    for _ in range(200):
        tests = {"single": (E.fig3_step_tests(_heights(flat, 10, 0.02, rng)), 10, "cv")}
        fam = S.fig3_holm({d: t for d, (t, _, _) in tests.items()})
        yes.append(((fam["diff"] > 0) & (fam.holm < S.ALPHA)).any())
    # any step called significant with no effect at all: Holm keeps it at or below 5 %
    assert np.mean(yes) <= 0.05 + 2 * np.sqrt(0.05 * 0.95 / 200)
    real = E.fig3_step_tests(_heights([(0.9, 0.5), (0.85, 0.55), (0.8, 0.6), (0.7, 0.7)],
                                      10, 0.02, rng))
    row = S.fig3_rows({"pair": (real, 10, "1 × 10-fold CV")})[0]
    assert row["agrees"] == "yes" and row["ours"].startswith("6 of 6 steps")


def test_fig3_counts_agree_with_the_rows():
    from featrank.experiments.slavkov2020 import summary as S

    rng = np.random.default_rng(3)
    # single: every step real; pair: RFA steps back from theta 0.5 to 1
    tests = {"single": (E.fig3_step_tests(_heights(
                 [(0.9, 0.5), (0.85, 0.55), (0.8, 0.6), (0.7, 0.7)], 10, 0.01, rng)), 10, "cv"),
             "pair": (E.fig3_step_tests(_heights(
                 [(0.9, 0.5), (0.89, 0.55), (0.8, 0.6), (0.7, 0.5)], 10, 0.01, rng)), 10, "cv")}
    fam = S.fig3_holm({d: t for d, (t, _, _) in tests.items()})
    counts = S.fig3_counts(fam, {d: m for d, (_, m, _) in tests.items()}).set_index("dataset")
    rows = {r["claim"].rsplit("(", 1)[1][:-1]: r for r in S.fig3_rows(tests)}
    for d in tests:
        assert rows[d]["ours"].startswith(f"{counts.loc[d, 'significant']} of 6 steps")
    assert counts.loc["single", "unresolved"] == "" and rows["single"]["agrees"] == "yes"
    assert counts.loc["pair", "wrong way"] == 1 and rows["pair"]["agrees"] == "no"
    assert "RFA 0.5 -> 1" in counts.loc["pair", "unresolved"]


@pytest.mark.parametrize("kind", E.SYNTHETIC)
def test_tie_broken_ground_truth_keeps_the_relevance_order(kind):
    rel = E.load_dataset(kind).relevance
    a, b = (E.tie_broken_gt_order(kind, i) for i in (0, 1))
    assert sorted(a.tolist()) == list(range(rel.size))
    assert np.all(np.diff(rel[a]) <= 0)                    # a ground-truth order
    assert not np.array_equal(a, b)                        # ties broken differently
    assert np.array_equal(a, E.tie_broken_gt_order(kind, 0))


def test_stored_realisations_counts_complete_prefixes(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    cv = dict(learner="nb", n_repeats=1, n_folds=2, sizes=[1, 100], seed=3)
    count = lambda ds=("combined",), n=5: E.stored_realisations(ds, (0.2, 0.5), n, **cv)
    assert count() == 0
    fam = E.theta_family("combined", (0.2, 0.5), 2, **cv, n_jobs=1)
    assert count() == 2 and count(n=2) == 2
    for t in (0.2, 0.5):                # realisation-major submission, same means as per theta
        alone = E.theta_curves("combined", t, 2, **cv, n_jobs=1)
        assert np.array_equal(fam[t].ffa, alone.ffa) and np.array_equal(fam[t].rfa, alone.rfa)
    E.theta_curves("combined", 0.2, 3, **cv, n_jobs=1)      # index 2 of one theta only
    assert count() == 2
    E.theta_family("combined", (0.2, 0.5), 3, **cv, n_jobs=1)
    assert count() == 3
    assert count(("combined", "single")) == 0                 # no R_GT of single stored


def test_stored_datasets_and_orders_count_what_the_assessment_finds(tmp_path, monkeypatch,
                                                                    capsys):
    from featrank.experiments.slavkov2020 import run as W

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    S = E.Profile(n_repeats=1, n_folds=2, sizes=[1, 50, 100], thetas=(), n_noisy=0,
                  synthetic=(), n_random=3, n_resamples=2, learners=(), real=(), n_table3=0,
                  bias_check=())
    assert W.stored_datasets(["single", "pair"], S) == []
    curves, expected, stab = W.assessment("single", S, n_random=2, n_jobs=1)
    assert set(curves) == set(E.RANKERS) and set(stab) == set(E.RANKERS)
    assert W.stored_orders(["single"], S) == 2                   # 2 of the profile's 3
    assert W.stored_datasets(["single", "pair"], S) == []        # its 3rd random order is not
    assert W.stored_datasets(["single", "pair"], S, n_random=2) == ["single"]
    W.assessment("single", S, n_jobs=1)
    assert W.stored_orders(["single"], S) == 3 and W.stored_orders(["single", "pair"], S) == 0
    assert W.stored_datasets(["single", "pair"], S) == ["single"]
    full, train = W.bias_curves("single", S, n_jobs=1)
    assert np.array_equal(full[("single", "InfoGain", "svm")].ffa,
                          curves["InfoGain"].ffa)                # the paper's curves, stored
    assert train[("single", "InfoGain", "svm")].ffa.shape == full[("single", "InfoGain", "svm")].ffa.shape


def test_fill_runs_the_cheap_and_telling_parts_first():
    from featrank.experiments.slavkov2020 import run as W

    S = E.Profile(n_repeats=1, n_folds=2, sizes=[1, 100], n_random=3, n_resamples=2, n_noisy=4,
                  thetas=(0.2,), synthetic=("single",), learners=("nb",), real=(), n_table3=0,
                  bias_check=())
    names = [name for name, _ in W._steps(S, ["sonar", "iris", "amlPrognosis"], ["sonar"], 0, 1)]
    assert names == ["R_GT, 2 realisations of R_theta, 2 random orders",
                     "learner study on combined", "Fig. A1 (combined), 2 random orders",
                     "Table 1: amlPrognosis",                    # a claim of Fig. 8
                     "Table 1: iris", "Table 1: sonar",          # then cheapest first
                     "selection bias: sonar",
                     "expected curves of the synthetic datasets", "all 4 realisations of R_theta"]
    # the paper profile adds Fig. 3 at 1 x 10-fold CV before the expensive tail
    paper = [n for n, _ in W._steps(E.PROFILES["paper"], [], [], 0, 1)]
    assert paper[-3:] == ["Fig. 3 at 1 x 10-fold CV", "expected curves of the synthetic datasets",
                          "all 100 realisations of R_theta"]
    assert W.fig3_single_cv(E.PROFILES["paper"]) == dict(n_repeats=1, n_folds=10, sizes="all",
                                                         seed=0)


def _small_res():
    """A small synthetic ``res``: Table 3 under two readings, one dataset of Fig. 3, Fig. 4,
    and amlPrognosis under both ranking protocols (Info Gain's FFA ahead only in-fold)."""
    import pandas as pd
    from featrank.experiments.slavkov2020 import summary as S

    t3 = pd.DataFrame([dict(dataset=d, theta=t, ours=o + t, paper=o + t, se=0.01)
                       for d, o in zip(E.SYNTHETIC, (0.2, 0.1, 0.0)) for t in (0.05, 1.0)])
    strict = t3.assign(ours=t3.ours.where(t3.theta != 0.05, t3.ours[::-1].to_numpy()))
    good = pd.Series({"ReliefF": 27, "RandomForest": 26, "InfoGain": 20, "SVM-RFE": 19})
    rng = np.random.default_rng(0)
    aml = {S.FULL: _ranker_curves(-0.05, rng), S.TRAIN: _ranker_curves(0.05, rng)}
    steps = pd.DataFrame(dict(measure="ffa", step=["0 -> 0.5", "0.5 -> 1"], diff=[.1, .01],
                              se=[.001, .02], df=1.0, p=[1e-9, .3]))
    return dict(t3={S.TABLE3_READINGS["uniform"]: t3, S.TABLE3_READINGS["strict"]: strict},
                fig3={"single": (steps, 2, "10 × 10-fold CV")}, good=good, k=27, tests=None,
                ta1=None, aml=aml, n_folds=10, n_run=28, missing=["aapc"])


def test_summary_gives_one_row_per_reading_and_skips_what_was_not_run():
    from featrank.experiments.slavkov2020 import summary as S

    s = S.reproduction_summary(_small_res(), profile="paper")
    assert not s.claim.str.startswith(("Learner study", "Fig. A1", "Fig. 7")).any()
    fig8 = s[s.finding == "fig8-amlprognosis"]
    assert (fig8[fig8.reading == S.FULL].agrees == "no").all()
    assert (fig8[fig8.reading == S.TRAIN].agrees == "yes").all()
    assert (fig8.supported == (fig8.reading == S.TRAIN).map({True: "yes", False: "no"})).all()
    fig3 = s[s.claim.str.startswith("Fig. 3")].iloc[0]
    assert fig3.agrees == "partly" and "2 realisations" in fig3.ours and fig3.mde > 0
    # the tie convention was chosen to reproduce the order: its yes is "calibrated"; strict
    # ranks are a reading of their own
    order = s[s.finding == "table3-order"].set_index("reading").agrees
    assert order[S.TABLE3_READINGS["uniform"]] == "calibrated"
    assert order[S.TABLE3_READINGS["strict"]] == "no"
    checks = S.reproduction_checks(_small_res(), profile="paper").set_index("finding")
    assert checks.loc["table1-datasets", "agrees"] == "partly"
    assert set(checks.rule) == {"check"} and "table1-datasets" not in set(s.finding)


def test_summary_is_built_from_the_declared_claims():
    """Every row belongs to a declared claim of its rule, every declared claim whose data
    was computed has a row; a missing or a surplus declaration fails."""
    from featrank.experiments.claims import COLUMNS
    from featrank.experiments.slavkov2020 import summary as S

    declared = _declared()
    s = S.reproduction_summary(_small_res(), profile="paper", declared=declared)
    assert list(s.columns) == list(COLUMNS)
    assert set(s.finding) <= set(declared)
    for f, rows in s.groupby("finding"):
        assert set(rows.rule) <= set(declared[f]["kind"]), f
    fewer = {k: v for k, v in declared.items() if k != "table3-grows"}
    with pytest.raises(ValueError, match="not a declared claim"):
        S.reproduction_summary(_small_res(), profile="paper", declared=fewer)
    more = dict(declared, extra={**declared["table3-grows"], "id": "extra"})
    with pytest.raises(ValueError, match="have no summary row"):
        S.reproduction_summary(_small_res(), profile="paper", declared=more)


def test_committed_summary_covers_every_declared_claim():
    """The committed summary (the paper profile runs every part) has a row for every
    declared claim and nothing else, with the rule book's 14 columns."""
    import pandas as pd
    from featrank.experiments.claims import COLUMNS
    from featrank.experiments.slavkov2020 import summary as S
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "data" / "results" / E.NOTEBOOK
    s = pd.read_csv(folder / "reproduction_summary.csv", keep_default_na=False)
    checks = pd.read_csv(folder / "checks.csv", keep_default_na=False)
    declared = _declared()
    claims = {i for i, c in declared.items() if "check" not in c["kind"]}
    assert list(s.columns) == list(COLUMNS) and set(s.finding) == claims
    assert set(checks.finding) == set(declared) - claims
    assert not s.rule.eq("no difference").any()
    assert "calibrated" in set(s[s.finding == "table3-order"].agrees)
    assert set(s[s.finding == "real-no-dominance"].agrees) == {"n/a"}


def test_library_recipe_reproduces_a_stored_expected_curve():
    """The ``expected_curve`` of docs/library.md with notebook 05's seed, key (the dataset's
    name), sizes and CV gives the per-order curves of its stored random orders bit for bit, and
    their mean is the notebook's expected curve (breast-w, its first two orders at 10 x 10-fold
    CV)."""
    from featrank.datasets import available_datasets
    from featrank.evaluate import expected_curve
    from featrank.learners import make_learner
    from featrank.parallel import stored_tasks

    cv = dict(n_repeats=10, n_folds=10, sizes="paper", seed=0)
    tasks = [dict(dataset="breast-w", index=i, learner="svm", data_seed=0, **cv)
             for i in range(2)]
    if not available_datasets(["breast-w"]) or not all(stored_tasks(E.random_curve, tasks,
                                                                    E.CACHE)):
        pytest.skip("breast-w or notebook 05's store is not here")
    stored = E.expected_curves("breast-w", n_orders=2, **cv, n_jobs=1)
    ds = E.load_dataset("breast-w")
    ours = expected_curve(ds.X, ds.y, make_learner("svm", categorical=ds.categorical),
                          n_orders=2, sizes=E.resolve_sizes("paper", ds.n_features),
                          cv=E.cv_splitter("breast-w", 10, 10, seed=0), random_state=0,
                          key="breast-w", categorical=ds.categorical)
    assert ours.meta["order_curves"].tobytes() == stored.ffa.tobytes()
    assert ours.meta["order_curves"].mean(axis=0).tobytes() == stored.ffa_mean.tobytes()


def test_realisations_and_random_orders_keep_their_split_means_only():
    """A realisation of R_theta and a random order are stored as their mean over the CV
    splits: the mean curves the figures read are those of the full curves, bit for bit, and
    R_GT keeps one row per split."""
    cv = dict(learner="nb", n_repeats=2, n_folds=2, sizes=[1, 50, 100], seed=3)
    ds = E.load_dataset("combined")
    full = E.curves_of_order(ds, E.noisy_order("combined", 0.2, 1, seed=3), **cv)
    kept = E.noisy_curves("combined", 0.2, 1, **cv)
    assert full.ffa.shape == (4, 3) and kept.ffa.shape == kept.rfa.shape == (1, 3)
    assert kept.ffa_mean.tobytes() == full.ffa_mean.tobytes()
    assert kept.rfa_mean.tobytes() == full.rfa_mean.tobytes()
    assert E.noisy_curves("combined", 0.0, 0, **cv).ffa.shape == (4, 3)
    order = np.random.default_rng(task_seed(3, "combined", "random", 0)).permutation(100)
    rnd = E.curves_of_order(ds, order, **cv)
    pooled = E.average_curves([E.random_curve("combined", 0, **cv)], pool=True)
    assert np.array_equal(pooled.ffa, np.vstack([rnd.ffa_mean, rnd.rfa_mean]))


@pytest.mark.parametrize("theta", [0.05, 0.2, 0.5])
def test_random_rank_orders_move_at_most_theta_p_relevances(theta):
    """Realisation 0 of R_theta under the random rank convention: at most round(theta p)
    features have another relevance than R_GT's, its order sorts that relevance, and the
    same index gives the same order again."""
    rel = E.load_dataset("combined").relevance
    noisy = E.random_rank_relevance_set("combined", theta, 1)[0]
    moved = noisy != rel
    assert 0 < int(moved.sum()) <= round(theta * rel.size)
    order = E.random_rank_order("combined", theta, 0)
    assert sorted(order) == list(range(rel.size))
    assert np.all(np.diff(noisy[order]) <= 0)
    assert np.array_equal(order, E.random_rank_order("combined", theta, 0))
    # realisation i is row i of the set Table 3's distances come from
    third = E.random_rank_order("combined", theta, 2)
    assert np.all(np.diff(E.random_rank_relevance_set("combined", theta, 3)[2][third]) <= 0)


def test_random_rank_moves_relevant_features_among_the_irrelevant_ones():
    """A relevant feature that takes an irrelevant feature's rank lands among the irrelevant
    ones (not on top of them, as ties by feature index would put it): R_1 spreads the 27
    relevant features of ``combined`` over the whole order."""
    rel = E.load_dataset("combined").relevance
    last = [int(np.flatnonzero(rel[E.random_rank_order("combined", 1.0, i)] > 0).max())
            for i in range(5)]
    assert np.mean(last) > 80


def test_random_rank_theta0_is_ground_truth_and_its_curves_are_split_means():
    assert np.array_equal(E.random_rank_order("combined", 0.0, 0), E.noisy_order("combined", 0.0, 0))
    cv = dict(learner="nb", n_repeats=1, n_folds=2, sizes=[1, 100], seed=3)
    ds = E.load_dataset("combined")
    full = E.curves_of_order(ds, E.random_rank_order("combined", 0.2, 1, seed=3), **cv)
    kept = E.random_rank_curves("combined", 0.2, 1, **cv)
    assert kept.ffa.shape == (1, 2) and kept.ffa_mean.tobytes() == full.ffa_mean.tobytes()
    with pytest.raises(ValueError, match="noisy_curves"):
        E.random_rank_curves("combined", 0.0, 0, **cv)


# ----------------------------------------- synthetic data (Appendix A1), Eq. (5), R_theta, Eq. (6)
# Slavkov 2020 synthetic data (Appendix A1), Eq. (5), noisy rankings R_theta, Eq. (6).


def _within(est, p, n, z=4.5):
    return abs(est - p) <= z * np.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize("kind, n_rel", [("single", 9), ("pair", 18), ("combined", 27)])
def test_shapes_and_ground_truth(kind, n_rel):
    d = s20.make_synthetic(kind, random_state=1)
    assert isinstance(d, Dataset) and d.shape == (1000, 100)
    assert set(np.unique(d.X)) <= {0.0, 1.0} and set(np.unique(d.y)) == {0, 1}
    assert d.relevant.size == n_rel and np.all(d.relevance[d.relevant] > 0)
    assert np.all(d.relevance[np.setdiff1d(np.arange(100), d.relevant)] == 0)
    # three groups of copies per kind of set: 3 or 6 features each
    assert sum(len(g) for g in d.redundant) == n_rel
    for g in d.redundant:
        assert np.unique(d.relevance[g]).size == 1


def test_same_seed_same_data_other_seed_differs():
    a, b = s20.make_synthetic("combined", random_state=3), s20.make_synthetic("combined", random_state=3)
    c = s20.make_synthetic("combined", random_state=4)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
    assert not np.array_equal(a.X, c.X)


def test_generator_matches_stated_probabilities():
    n = 40000
    d = s20.make_synthetic("combined", n_samples=n, random_state=7)
    X, y = d.X.astype(int), d.y
    assert _within(y.mean(), 0.5, n)
    for feats, p in s20.interaction_sets("combined"):
        if len(feats) == 1:
            assert _within(np.mean(X[:, feats[0]] == y), p, n)
        else:
            i, j = feats
            assert _within(np.mean((X[:, i] ^ X[:, j]) == y), p, n)      # P(XOR = F_t) = p
            assert _within(np.mean(X[:, i] == y), 0.5, n)                # each alone: noise
            assert _within(np.mean(X[:, j] == y), 0.5, n)
    for j in np.flatnonzero(d.relevance == 0):
        assert _within(np.mean(X[:, j] == y), 0.5, n)
    # copies are independently realised: two p=0.8 copies agree with prob p^2 + (1-p)^2
    assert _within(np.mean(X[:, 0] == X[:, 1]), 0.8 ** 2 + 0.2 ** 2, n)


def _empirical_mi_bits(cols, y):
    keys = np.ravel_multi_index(tuple(cols.T), (2,) * cols.shape[1]) * 2 + y
    joint = np.bincount(keys, minlength=2 ** (cols.shape[1] + 1)).reshape(-1, 2) / y.size
    px, py = joint.sum(1, keepdims=True), joint.sum(0, keepdims=True)
    nz = joint > 0
    return float((joint[nz] * np.log2(joint[nz] / (px @ py)[nz])).sum())


def test_relevance_eq5_values_and_empirical_mutual_information():
    rel = s20.ground_truth_relevance("combined")
    h = lambda p: -(p * np.log2(p) + (1 - p) * np.log2(1 - p))
    assert rel[0] == pytest.approx(1 - h(0.8)) and rel[0] == pytest.approx(0.278071, abs=1e-6)
    assert rel[9] == pytest.approx((1 - h(0.8)) / 2)          # first XOR pair feature
    assert rel[-1] == 0
    d = s20.make_synthetic("combined", n_samples=40000, random_state=2)
    X = d.X.astype(int)
    for feats, p in s20.interaction_sets("combined")[::4]:
        mi = _empirical_mi_bits(X[:, list(feats)], d.y)
        assert mi == pytest.approx(rel[feats[0]] * len(feats), abs=0.01)


def test_noisy_rankings_theta0_is_ground_truth_and_exact_count():
    rel = s20.ground_truth_relevance("pair")
    orders = s20.noisy_rankings(rel, 0.0, 5, random_state=0)
    assert np.all(orders == s20.ground_truth_order(rel))
    noisy = s20.noisy_relevances(rel, 0.2, 50, random_state=0, scale="none")
    changed = (noisy != rel).sum(axis=1)
    assert np.all(changed == 20)                                    # round(0.2 * 100)
    assert np.all((noisy >= 0) & (noisy <= 1))
    scaled = s20.noisy_relevances(rel, 0.0, 1, scale="max")[0]
    assert scaled.max() == 1 and np.array_equal(np.argsort(-scaled, kind="stable"),
                                                np.argsort(-rel, kind="stable"))


def test_noisy_rankings_seeded_and_valid_orders():
    rel = s20.ground_truth_relevance("single")
    a = s20.noisy_rankings(rel, 0.3, 4, random_state=5)
    b = s20.noisy_rankings(rel, 0.3, 4, random_state=5)
    assert np.array_equal(a, b)
    assert np.all(np.sort(a, axis=1) == np.arange(100))


@pytest.mark.parametrize("kind", s20.KINDS)
def test_distance_grows_with_theta(kind):
    rel = s20.ground_truth_relevance(kind)
    d = [ranking_distance(rel, s20.noisy_relevances(rel, t, 200, random_state=1))
         for t in (0.0, 0.05, 0.1, 0.2, 0.5, 1.0)]
    assert d[0] == pytest.approx(0.0)
    assert np.all(np.diff(d) > 0)
    assert d[-1] == pytest.approx(1.0, abs=0.05)        # random ranking: E[rho] = 0


def test_eq6_hand_worked():
    # ranks GT (1,2,3,4), noisy (4,2,3,1): sum d^2 = 18, rho = 1 - 6*18/(4*15) = -0.8
    gt = np.array([3.0, 2.0, 1.0, 0.0])
    noisy = np.array([[0.0, 2.0, 1.0, 3.0], [3.0, 2.0, 1.0, 0.0]])
    assert spearman_rho(gt, noisy[0])[0] == pytest.approx(-0.8)
    assert ranking_distance(gt, noisy) == pytest.approx(1 - (-0.8 + 1.0) / 2)
    # ties: GT (1,0,0,0) -> mid-ranks (1,3,3,3); noisy ranks (4,1,2,3): rho = -3/sqrt(15)
    gt2, nz2 = np.array([1.0, 0, 0, 0]), np.array([0.0, 1.0, 0.5, 0.2])
    assert spearman_rho(gt2, nz2)[0] == pytest.approx(-3 / np.sqrt(15))
    assert spearman_rho(gt2, nz2)[0] == pytest.approx(spearmanr(-gt2, -nz2)[0])
    # ties by index: GT ranks (1,2,3,4), d = (3,1,1,1): rho = 1 - 6*12/60 = -0.2
    assert spearman_rho(gt2, nz2, ties="index")[0] == pytest.approx(-0.2)


def test_bad_input_raises():
    with pytest.raises(ValueError, match="unknown synthetic"):
        s20.make_synthetic("triple")
    with pytest.raises(ValueError, match="theta"):
        s20.noisy_relevances(np.ones(3), 1.5)
    with pytest.raises(ValueError, match="NaN"):
        s20.noisy_relevances(np.array([1.0, np.nan]), 0.1)
    with pytest.raises(ValueError, match="features"):
        ranking_distance(np.ones(3), np.ones((2, 4)))


# ------------------------------------------------------------ nominal attributes in resampled data
# Nominal attributes in resampled data: the rankers get every declared category value.
#
# Weka's ReliefF takes #values of a nominal attribute from the ARFF header; the missing-value
# diff is 1 - 1/#values. With a bool mask our ReliefF infers #values from the codes present, so
# on a training fold (or a bootstrap bag) that lacks a value it would differ from Weka's.


def _dataset(seed):
    """30 rows; feature 0 nominal {a, b, c} with 6 missing values, ``c`` in a single row;
    feature 1 numeric, informative; 2 numeric noise; 3 nominal {u, v}."""
    rng = np.random.default_rng(seed)
    n = 30
    y = np.repeat([0, 1], n // 2)
    nom = rng.integers(0, 2, n).astype(float)
    nom[rng.choice(n, 6, replace=False)] = np.nan
    row_c = rng.choice(np.flatnonzero(~np.isnan(nom)))
    nom[row_c] = 2.0
    X = np.column_stack([nom, y + rng.normal(0, 1.0, n), rng.normal(0, 1, n),
                         rng.integers(0, 2, n)])
    ds = Dataset(X, y, categorical=[True, False, False, True],
                 categories=[["a", "b", "c"], None, None, ["u", "v"]], name="nomfold")
    return ds, row_c


def test_fold_rankings_get_the_declared_categories(monkeypatch):
    ds, row_c = _dataset(32)
    monkeypatch.setattr("featrank.experiments.slavkov2020.tasks.load_dataset",
                        lambda name, data_seed=0: ds)
    splits = list(E.cv_splitter("nomfold", 1, 3, seed=0).split(ds.X, ds.y))
    k = next(k for k, (_, test) in enumerate(splits) if row_c in test)
    train = splits[k][0]
    assert not np.any(ds.X[train, 0] == 2)                       # "c" absent from the fold
    ref = ReliefF(n_neighbors=10, categorical=ds.categories).fit(ds.X[train], ds.y[train])
    mask = ReliefF(n_neighbors=10, categorical=ds.categorical).fit(ds.X[train], ds.y[train])
    assert not np.array_equal(ref.top_features_, mask.top_features_)  # the mask would differ
    got = E.rank_on_split("nomfold", "ReliefF", k, n_repeats=1, n_folds=3, seed=0)
    np.testing.assert_array_equal(got, ref.top_features_)
    # make_ranker itself, and SVM-RFE (which only needs the nominal mask) accept categories
    est = E.make_ranker("ReliefF", ds.categories).fit(ds.X[train], ds.y[train])
    np.testing.assert_allclose(est.scores_, ref.scores_)
    svm = E.make_ranker("SVM-RFE", ds.categories)
    assert svm.categorical.tolist() == [True, False, False, True]
    assert E.nominal_mask([0, 3, 0]).tolist() == [False, True, False]
    assert E.nominal_mask(None) is None


def test_lin_bags_count_values_on_all_rows():
    ds, _ = _dataset(1)
    counted = resolve_categorical(ds.categorical, ds.X)[1]       # values counted on all rows
    order, bags = lin(ds.X, ds.y, ranker=ReliefF(categorical=counted), random_state=0,
                      return_orders=True)
    order_c, bags_c = lin(ds.X, ds.y, ranker=ReliefF(categorical=ds.categories),
                          random_state=0, return_orders=True)
    np.testing.assert_array_equal(bags, bags_c)
    np.testing.assert_array_equal(order, order_c)
    # per-bag inference from a mask (the old behaviour) gives other base orders here
    _, per_bag = lin(ds.X, ds.y, ranker=ReliefF(categorical=ds.categorical), random_state=0,
                     return_orders=True)
    assert not np.array_equal(per_bag, bags_c)
    with pytest.raises(ValueError, match="ranker"):
        lin(ds.X, ds.y, ranker="ReliefF")


# ------------------------------------------------------------------------------------------- plots
#


def _curves(shift, p=8):
    sizes = np.array([1, 2, 3, 5, 8])
    ffa = np.tile(np.linspace(0.6, 0.9, 5) + shift, (4, 1)) + np.arange(4)[:, None] * 0.01
    return Curves(sizes, ffa, ffa[:, ::-1].copy(), n_features=p)


def _lines(ax):
    return {ln.get_label(): ln for ln in ax.get_lines()}


def test_panel_draws_rfa_at_paper_positions_with_paper_names_and_expected_band():
    fig, ax = plt.subplots()
    c = _curves(0.0)
    P.plot_curves_panel(ax, {"RandomForest": c, "expected": _curves(-0.2)}, "rfa")
    lines = _lines(ax)
    np.testing.assert_array_equal(lines["Random Forest"].get_xdata(), [8, 7, 6, 4, 1])
    np.testing.assert_allclose(lines["Random Forest"].get_ydata(), c.rfa_mean)
    assert lines["Random Forest"].get_color() == method_color("RandomForest")
    assert "random (expected)" in lines and len(ax.collections) == 1     # the random band
    assert ax.get_title() == "RFA" and ax.get_legend() is None
    plt.close(fig)


def test_theta_family_ramp_and_assessment_layout():
    fig = P.plot_theta_family(_curves(0.1), {0.5: _curves(0.0), 0.05: _curves(0.05)},
                              expected=_curves(-0.2))
    lines = _lines(fig.axes[0])
    assert lines["ground truth"].get_color() == method_color("ground truth")
    ramp = [mcolors.to_hex(lines[f"θ = {t}"].get_color()) for t in (0.05, 0.5)]
    assert ramp[0] != ramp[1] and method_color("expected") not in ramp
    # one legend beside the panels, none inside them (it would cover the curves)
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in fig.axes)
    plt.close(fig)
    stab = {"ReliefF": (np.array([1, 2, 4, 8]), np.array([0.1, 0.2, 0.3, 0.4]))}
    fig = P.plot_assessment({"ReliefF": _curves(0), "InfoGain": _curves(-0.1)}, _curves(-0.2),
                            stab, title="demo")
    assert len(fig.axes) == 3 and all(ax.get_legend() is None for ax in fig.axes)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == \
        ["random (expected)", "ReliefF", "Info Gain"]
    np.testing.assert_array_equal(_lines(fig.axes[2])["ReliefF"].get_xdata(), [1, 2, 4, 8])
    plt.close(fig)
    fig = P.plot_learner_grid({("ReliefF", "nb"): _curves(0), ("ReliefF", "knn"): _curves(0.1)},
                              ["nb", "knn"], "ffa", labels={"nb": "Naive Bayes"})
    assert [a.get_title() for a in fig.axes] == ["FFA, Naive Bayes", "FFA, knn"]
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in fig.axes)
    plt.close(fig)


def test_one_axis_label_per_meaning_across_the_figures():
    c = {"ReliefF": _curves(0), "InfoGain": _curves(-0.1)}
    stab = {"ReliefF": (np.array([1, 2, 4, 8]), np.array([0.1, 0.2, 0.3, 0.4]))}
    figs = [P.plot_theta_family(_curves(0.1), {0.5: _curves(0.0)}),
            P.plot_assessment(c, _curves(-0.2), stab),
            P.plot_learner_grid({("ReliefF", "nb"): _curves(0)}, ["nb"], "rfa")]
    labels = {ax.get_title()[:3]: set() for f in figs for ax in f.axes}
    for f in figs:
        for ax in f.axes:
            labels[ax.get_title()[:3]].add(ax.get_xlabel())
    ffa = {lab for k, v in labels.items() if k.startswith(("FFA", "Sta")) for lab in v}
    rfa = {lab for k, v in labels.items() if k.startswith("RFA") for lab in v}
    assert len(ffa) == 1 and len(rfa) == 1, labels
    for f in figs:
        plt.close(f)
