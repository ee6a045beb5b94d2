"""featrank.experiments.slavkov2020: the pieces that do not need a learner."""
import numpy as np
import pytest

from featrank.datasets import slavkov2020 as s20
from featrank.experiments import slavkov2020 as E
from featrank.orders import order_from_scores


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
    monkeypatch.setitem(config._ACTIVE, "profile", "paper")
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


def test_naive_bayes_row_marks_a_reversed_gap():
    import pandas as pd
    from featrank.experiments import slavkov2020_summary as S

    sep = pd.DataFrame({"gap": [-0.01, 0.0, 0.03], "t": [-10.0, 0.5, 12.0],
                        "ffa_gap": [0, 0, .02], "ffa_t": [0, 0, 5], "rfa_gap": [0, 0, .04],
                        "rfa_t": [-9, 0, 8], "min_pair": [-.02, 0, .02],
                        "rfa_roughness": [.03, .03, .04]},
                       index=["Naive Bayes", "x", "k-NN"])
    reversed_ = S._learner_row("Naive Bayes", sep.loc["Naive Bayes"], sep)
    assert reversed_["agrees"] == "partly" and "other sign" in reversed_["why_not"]
    flat = S._learner_row("Naive Bayes", sep.loc["x"], sep)
    assert flat["agrees"] == "yes"
    assert S._learner_row("k-NN", sep.loc["k-NN"], sep)["agrees"] == "yes"


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
    from featrank.experiments import slavkov2020_work as W

    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    S = dict(n_repeats=1, n_folds=2, sizes=[1, 50, 100], n_random=3, n_resamples=2)
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
    from featrank.experiments import slavkov2020_work as W

    S = dict(n_repeats=1, n_folds=2, sizes=[1, 100], n_random=3, n_resamples=2, n_noisy=4,
             thetas=(0.2,), synthetic=("single",), learners=("nb",))
    names = [name for name, _ in W._steps(S, ["sonar", "iris", "amlPrognosis"], ["sonar"], 0, 1)]
    assert names == ["R_GT, 2 realisations of R_theta, 2 random orders",
                     "learner study on combined", "Fig. A1 (combined), 2 random orders",
                     "Table 1: amlPrognosis",                    # a claim of Fig. 8
                     "Table 1: iris", "Table 1: sonar",          # then cheapest first
                     "selection bias: sonar",
                     "expected curves of the synthetic datasets", "all 4 realisations of R_theta"]


def test_summary_marks_what_a_partly_stored_run_has_not_reached():
    import pandas as pd
    from featrank.experiments import slavkov2020_summary as S

    t3 = pd.DataFrame([dict(dataset=d, theta=t, ours=o + t, paper=o + t, se=0.01)
                       for d, o in zip(E.SYNTHETIC, (0.2, 0.1, 0.0)) for t in (0.05, 0.5)])
    good = pd.Series({"ReliefF": 27, "RandomForest": 26, "InfoGain": 20, "SVM-RFE": 19})
    res = dict(t3=t3, fig3_ok=True, fig3_sets=["single"], fig3_pending=["pair", "combined"],
               good=good, k=27, sep=None, ta1=None, real_table=pd.DataFrame(),
               summary_real=None, bias=pd.DataFrame(), n_run=0, n_available=28, copies=[],
               missing=["aapc"], pending=["iris", "breast-w", "amlPrognosis"],
               bias_pending=["amlPrognosis"])
    s = S.reproduction_summary(res, profile="paper").set_index("claim")
    fig3 = s.loc[s.index.str.startswith("Fig. 3")].iloc[0]
    assert fig3.agrees == "partly" and "pair, combined" in fig3.why_not
    waiting = s[s.index.str.startswith(("Learner study", "Fig. A1", "Fig. 7", "Fig. 8",
                                        "Real data", "(not in the paper)"))]
    assert len(waiting) == len(S.LEARNER_CLAIMS) + len(S.A1_CLAIMS) + len(S.FIG7_CLAIMS) + 3
    assert (waiting.agrees == "n/a").all() and waiting.why_not.str.contains("result store").all()
    assert s.loc["Table 3, θ = 0.05: dist(R_GT, R_θ) for single / pair / combined", "agrees"] == "yes"
    res.update(fig3_ok=False)
    assert S.reproduction_summary(res, profile="paper").set_index("claim").loc[
        fig3.name, "agrees"] == "no"


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
    order = np.random.default_rng(E.task_seed(3, "combined", "random", 0)).permutation(100)
    rnd = E.curves_of_order(ds, order, **cv)
    pooled = E.average_curves([E.random_curve("combined", 0, **cv)], pool=True)
    assert np.array_equal(pooled.ffa, np.vstack([rnd.ffa_mean, rnd.rfa_mean]))
