"""The ``evaluate_your_ranker`` report: its parameter checks (every bad input stops with a
message saying what to fix) and a papermill run of the template with a toy ranker."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from featrank.datasets import Dataset
from featrank.experiments import report_calibration as C
from featrank.experiments import your_ranker as Y
from featrank.experiments import your_ranker_verdict as V
from featrank.orders import order_from_scores
from featrank.stats import CorrectedInterval

TESTS = Path(__file__).parent
TEMPLATE = TESTS.parent / "notebooks" / "evaluate_your_ranker.ipynb"


@pytest.fixture
def toy_csv(tmp_path):
    """120 examples: f0 and f1 carry the class, f2..f5 are noise."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 120)
    X = rng.normal(size=(120, 6))
    X[:, 0] += 2.0 * y
    X[:, 1] -= 1.5 * y
    df = pd.DataFrame(X, columns=[f"f{i}" for i in range(6)])
    df["label"] = np.where(y == 1, "yes", "no")
    path = tmp_path / "toy.csv"
    df.to_csv(path, index=False)
    return path


def _write(tmp_path, name, df):
    path = tmp_path / name
    df.to_csv(path, index=False)
    return str(path)


def test_no_such_data_file():
    with pytest.raises(Y.ParameterError, match="data: no such file 'missing.csv'"):
        Y.check_data("missing.csv", "label")


def test_missing_target_column(toy_csv):
    with pytest.raises(Y.ParameterError, match=r"target: .* has no column 'class'.*'label'"):
        Y.check_data(str(toy_csv), "class")


def test_missing_target_of_a_wide_file_lists_a_few_columns(tmp_path):
    wide = pd.DataFrame(np.zeros((4, 30)), columns=[f"g{i}" for i in range(30)])
    path = _write(tmp_path, "wide.csv", wide.assign(label=[0, 1, 0, 1]))
    with pytest.raises(Y.ParameterError, match=r"its 31 columns are 'g0', .*'g9', \.\.\., "
                                               r"'label'; set target"):
        Y.check_data(path, "class")


def test_data_with_target_loads(toy_csv):
    ds = Y.check_data(str(toy_csv), "label")
    assert ds.X.shape == (120, 6) and sorted(ds.classes) == ["no", "yes"]


def test_ranker_without_scores(toy_csv, monkeypatch):
    monkeypatch.syspath_prepend(str(TESTS))
    with pytest.raises(Y.ParameterError, match="NoScores exposes none of feature_importances_"):
        Y.check_parameters(str(toy_csv), "label", "toy_ranker:NoScores", "smoke")


def test_ranker_module_not_importable():
    with pytest.raises(Y.ParameterError, match="cannot import module 'no_such_pkg.mod'"):
        Y.check_ranker("no_such_pkg.mod:Ranker")


def test_ranker_neither_file_nor_import_path():
    with pytest.raises(Y.ParameterError, match="no such file 'scores.csv', and not an import"):
        Y.check_ranker("scores.csv")


def test_order_with_duplicates(toy_csv, tmp_path):
    path = _write(tmp_path, "order.csv", pd.DataFrame({"feature": ["f1", "f0", "f1", "f2",
                                                                   "f3", "f4"]}))
    with pytest.raises(Y.ParameterError, match="lists 'f1' more than once"):
        Y.check_parameters(str(toy_csv), "label", path, "smoke")


def test_order_missing_features(toy_csv, tmp_path):
    path = _write(tmp_path, "order.csv", pd.DataFrame({"feature": ["f1", "f0"]}))
    with pytest.raises(Y.ParameterError, match="misses 4 of 6 features"):
        Y.check_parameters(str(toy_csv), "label", path, "smoke")


def test_scores_of_unknown_feature(toy_csv, tmp_path):
    path = _write(tmp_path, "s.csv", pd.DataFrame({"feature": [f"g{i}" for i in range(6)],
                                                   "score": np.arange(6.0)}))
    with pytest.raises(Y.ParameterError, match="names feature 'g0', which toy does not have"):
        Y.check_parameters(str(toy_csv), "label", path, "smoke")


def test_unknown_profile(toy_csv):
    with pytest.raises(Y.ParameterError, match="profile: 'fast' is not one of"):
        Y.check_parameters(str(toy_csv), "label", "x:y", "fast")


def test_scores_file_gives_order_by_decreasing_score(toy_csv, tmp_path):
    path = _write(tmp_path, "s.csv", pd.DataFrame({"feature": ["f5", "f4", "f3", "f2", "f1",
                                                               "f0"],
                                                   "score": [0.1, 0.2, 0.2, 0.0, 3.0, 2.5]}))
    _, spec, order = Y.check_parameters(str(toy_csv), "label", path, "smoke")
    # f1 (3.0), f0 (2.5), then f3 and f4 tie at 0.2 -> the lower index first, f5, f2
    assert spec.kind == "scores" and order.tolist() == [1, 0, 3, 4, 5, 2]


def test_order_file_of_indices(toy_csv, tmp_path):
    path = _write(tmp_path, "o.csv", pd.DataFrame({"rank_order": [3, 1, 0, 2, 5, 4]}))
    _, spec, order = Y.check_parameters(str(toy_csv), "label", path, "smoke")
    assert spec.kind == "order" and order.tolist() == [3, 1, 0, 2, 5, 4]


def test_estimator_scores_from_each_attribute():
    class Coef:
        coef_ = np.array([[1.0, -3.0, 0.0], [-1.0, 1.0, 0.5]])

    class Rank:
        ranking_ = np.array([3, 1, 2])

    assert Y.estimator_scores(Coef()).tolist() == [2.0, 4.0, 0.5]
    assert order_from_scores(Y.estimator_scores(Rank())).tolist() == [1, 2, 0]


def test_toy_ranker_finds_the_informative_features(toy_csv, monkeypatch):
    monkeypatch.syspath_prepend(str(TESTS))
    _, spec, order = Y.check_parameters(str(toy_csv), "label", "toy_ranker:MeanGapRanker",
                                        "smoke")
    assert spec.kind == "estimator" and set(order[:2].tolist()) == {0, 1}


def test_permutation_test_on_a_perfect_ranking(toy_csv):
    ds = Y.check_data(str(toy_csv), "label")
    spec = Y.RankerSpec("order")
    rep = Y.evaluate_ranker(ds, spec, np.array([0, 1, 2, 3, 4, 5]), "smoke")
    eca = rep["learners"]["knn"]["eca"].set_index("weighting")
    n = Y.SETTINGS["smoke"]["n_random"]
    # the two informative features first beats random orders; the p-value is at least 1/(n+1)
    assert (eca["eca"] > 0).all() and eca["p_permutation"].isna().all()
    p = eca["p_random_orders"]
    assert (p >= 1 / (n + 1)).all() and p["uniform"] <= 0.1
    assert Y.LABEL not in rep["stability"]          # a fixed order cannot be refitted
    text = V.verdict(rep, "smoke")
    assert "With k-NN, its ECA against random is" in text and "Its stability" not in text


def _run_template(out, monkeypatch, **params):
    papermill = pytest.importorskip("papermill")
    path = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    monkeypatch.setenv("PYTHONPATH", path)
    monkeypatch.setenv("FEATRANK_PROGRESS", "0")
    return papermill.execute_notebook(str(TEMPLATE), str(out), parameters=params,
                                      kernel_name="python3", progress_bar=False,
                                      cwd=str(TEMPLATE.parent))


def _outputs(nb):
    text = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            text.append(o.get("text", "") or "".join(o.get("data", {}).get("text/markdown", "")))
    return "\n".join(text)


def test_template_runs_on_a_users_csv(toy_csv, tmp_path, monkeypatch):
    nb = _run_template(tmp_path / "report.ipynb", monkeypatch, data=str(toy_csv),
                       target="label", ranker="toy_ranker:MeanGapRanker", profile="smoke")
    text = _outputs(nb)
    assert "it beats a random ranking" in text
    assert "stability over the CV training sets" in text and "Beside the panel" in text


def test_template_stops_at_the_first_cell_on_bad_parameters(toy_csv, tmp_path, monkeypatch):
    papermill = pytest.importorskip("papermill")
    with pytest.raises(papermill.PapermillExecutionError) as err:
        _run_template(tmp_path / "bad.ipynb", monkeypatch, data=str(toy_csv),
                      target="class", ranker="toy_ranker:MeanGapRanker", profile="smoke")
    assert "has no column 'class'" in str(err.value)
    # the cell that failed is the check right after the parameters (and papermill's cell)
    assert err.value.exec_count == 3


# --- is "beats random" right on any data? -------------------------------------------------

#: the report's pipeline without the built-in rankers: profile smoke's folds, sizes and 19
#: null runs (so p = 0.05 is the smallest p-value), k-NN only
NO_BUILTINS = dict(Y.SETTINGS["smoke"], panel=())


def _noise(n, p, seed, shift=0.0, informative=5):
    """``n`` rows x ``p`` Gaussian features, random balanced labels; the first
    ``informative`` features moved by ``shift`` standard deviations in class 1."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    y = rng.permutation(np.arange(n) % 2)
    X[:, :informative] += shift * y[:, None]
    return Dataset(X, y, [f"f{j}" for j in range(p)], ["a", "b"], np.zeros(p, bool),
                   [None] * p, "noise")


def _filter_ranker():
    from sklearn.feature_selection import SelectKBest
    return Y.RankerSpec("estimator", estimator=SelectKBest(k="all"), name="f-test")


def _verdict_of(ds, spec, order=None, learnt=None, seed=0):
    rep = Y.evaluate_ranker(ds, spec, order, "smoke", seed=seed, learnt_on_these_rows=learnt,
                            settings=NO_BUILTINS)
    return rep, V.verdict_record(rep, "smoke")["learners"]["knn"]


def test_no_signal_beats_random_at_most_at_the_nominal_rate():
    """A ranker learnt in the folds on data without signal, features outnumbering rows
    (40 x 500 and 60 x 1,000, random labels). Fixed before running: 60 replicates, level
    0.05; the rate is acceptable if at most 7 of 60 say "beats random" (a one-sided binomial
    bound: P(Binomial(60, 0.05) >= 8) = 0.0098). The whole-data protocol of the old report
    said "beats random" on such data nearly every time."""
    shapes = [(40, 500), (60, 1000)]
    hits = [_verdict_of(_noise(*shapes[r % 2], seed=r), _filter_ranker(), seed=r)[1]
            for r in range(60)]
    rate = sum(h["beats_random"] for h in hits)
    assert rate <= 7, f"{rate} of 60 pure-noise rankings beat random at level 0.05"


def test_real_signal_is_detected():
    # positive control: 5 of 500 features carry the class (shift of 1.5 sd), 60 rows
    for seed in range(5):
        rep, rec = _verdict_of(_noise(60, 500, seed, shift=1.5), _filter_ranker(), seed=seed)
        assert rec["beats_random"] is True and rec["p_value"] == 0.05
    # permuted labels have their own expected curve: no p-value where it does not cancel
    eca = rep["learners"]["knn"]["eca"].set_index("weighting")
    p = eca["p_permutation"]
    assert p[list(Y.CANCELS)].notna().all() and p.drop(list(Y.CANCELS)).isna().all()
    assert eca["p_random_orders"].notna().all()


def test_a_whole_data_ranking_never_beats_random_without_the_caution():
    ds = _noise(40, 500, seed=3)
    order = Y.estimator_order(_filter_ranker().estimator, ds.X, ds.y)
    for learnt, proto in ((True, "whole-data"), (None, "unknown")):
        rep, rec = _verdict_of(ds, Y.RankerSpec("scores", name="s"), order, learnt)
        text = V.verdict(rep, "smoke")
        assert rep["protocol"] == proto and rep["null"] == "random orders"
        assert "Caution, selection bias" in text and "more features (500) than rows (40)" in text
        # learnt on the test rows it passes the random-order test, which proves nothing
        assert rec["p_value"] == 0.05 and rec["beats_random"] is None
        assert "): it beats a random ranking" not in text and "does not show it beats" in text
    # said to be learnt on other rows, the same order is taken at its word: no caution
    rep, rec = _verdict_of(ds, Y.RankerSpec("scores", name="s"), order, False)
    text = V.verdict(rep, "smoke")
    assert rep["protocol"] == "independent" and "learnt on other rows" in text
    assert rec["beats_random"] is True and "Caution" not in text


def test_a_random_ranker_on_signal_beats_random_at_most_at_the_nominal_rate():
    """Data with signal (100 x 50, five features shifted by 1.5 sd), a "ranker" that ignores
    the class: random importances drawn afresh on each fit, or one random order per dataset.
    The label-permutation test alone said "beats random" for about a quarter of such
    rankers; the report's test must not. Fixed before running: 40 replicates (20 of each),
    level 0.05, acceptable if at most 5 of 40 (P(Binomial(40, 0.05) >= 6) = 0.014)."""
    hits = []
    for r in range(40):
        design = C.BY_NAME["random-per-fit" if r % 2 else "random-fixed"]
        ds = C.simulate(design, 1.5, seed=1000 + r)
        hits.append(_verdict_of(ds, C.ranker_spec(design.ranker, r), seed=r)[1])
    rate = sum(h["beats_random"] for h in hits)
    assert rate <= 5, f"{rate} of 40 random rankers beat random at level 0.05"
    # they are not pure noise to the permutation test: it alone rejects some of them
    assert any(h["p_permutation"] <= 0.05 for h in hits) or rate == 0


def test_unbalanced_classes_get_balanced_accuracy_and_say_so():
    design = C.BY_NAME["power-unbalanced"]
    ds = C.simulate(design, 1.5, seed=7)
    rep, rec = _verdict_of(ds, _filter_ranker(), seed=7)
    assert rep["metric"] == rec["metric"] == "balanced_accuracy"
    assert "balanced accuracy because its smallest class" in V.verdict(rep, "smoke")
    # with plain accuracy the k-NN curves sit at the majority rate: the signal is invisible
    plain = Y.evaluate_ranker(ds, _filter_ranker(), None, "smoke", seed=7,
                              settings=NO_BUILTINS, metric="accuracy")
    assert abs(plain["tests"].loc["knn", "eca"]) < 0.01 < rec["eca"]
    with pytest.raises(Y.ParameterError, match="metric: 'f1' is not one of"):
        Y.check_metric("f1", ds.y)


def test_holm_over_the_learners_decides_beats_random():
    def learner(p_perm, p_rand):
        eca = pd.DataFrame({"weighting": ["uniform"], "eca": [0.1], "p_permutation": [p_perm],
                            "p_random_orders": [p_rand]})
        return {"eca": eca, "interval": CorrectedInterval(0.1, 0.02, 0.05, 0.15)}

    rep = {"protocol": "in-fold", "learners": {
        "knn": learner(0.03, 0.01), "svm": learner(0.01, 0.04)}}
    t = Y.random_tests(rep)
    # intersection-union: p = the larger of the two; Holm: 2 x 0.03, then max(0.06, 0.04)
    assert t["p_value"].tolist() == [0.03, 0.04]
    assert t["p_holm"].round(12).tolist() == [0.06, 0.06]
    assert t["beats_random"].tolist() == [False, False]
    rep["learners"]["svm"] = learner(0.01, 0.02)
    assert Y.random_tests(rep)["beats_random"].tolist() == [True, True]   # 0.04, 0.04
    rep["protocol"] = "whole-data"        # passed on a ranking that saw the test rows
    assert Y.random_tests(rep)["beats_random"].tolist() == [None, None]


def test_panel_comparison_is_paired_and_corrected():
    rng = np.random.default_rng(0)
    t = pd.DataFrame({Y.LABEL: rng.normal(0.1, 0.02, 5), "IG": rng.normal(0.05, 0.02, 5),
                      "random": rng.normal(0.0, 0.02, 5)})
    got = Y.panel_comparison(t, n_train=80, n_test=20).set_index("ranker")
    d = t[Y.LABEL] - t["IG"]
    se = np.sqrt((1 / 5 + 20 / 80) * d.var(ddof=1))
    assert got.loc["IG", "difference"] == pytest.approx(d.mean())
    assert got.loc["IG", "se"] == pytest.approx(se)
    from scipy import stats as ss
    half = ss.t.ppf(0.975, 4) * se
    assert (got.loc["IG", "ci_low"], got.loc["IG", "ci_high"]) == \
        pytest.approx((d.mean() - half, d.mean() + half))
    # Holm over the two: the smaller p doubled
    assert got["p_holm"].min() == pytest.approx(2 * got["p"].min())


def test_panel_names_are_checked_with_a_suggestion():
    with pytest.raises(Y.ParameterError, match="did you mean 'ReliefF'"):
        Y.check_panel("IG,relieff", ["IG", "ReliefF"])
    with pytest.raises(Y.ParameterError, match="names a ranker twice"):
        Y.check_panel(["IG", "IG"], ["IG"])


def test_report_record_has_the_panel_and_times(toy_csv):
    ds = Y.check_data(str(toy_csv), "label")
    spec = Y.RankerSpec("estimator", estimator=_filter_ranker().estimator, name="f-test")
    rep = Y.evaluate_ranker(ds, spec, None, "smoke", panel="IG,random")
    rec = V.verdict_record(rep, "smoke")
    panel = rec["learners"]["knn"]["panel"]
    assert [r["ranker"] for r in panel] == ["IG", "random"]
    assert set(panel[0]) == {"ranker", "eca", "difference", "se", "ci_low", "ci_high", "p",
                             "p_holm"}
    assert set(rec["seconds"]) == {Y.LABEL, "IG", "random"}
    assert all(v >= 0 for v in rec["seconds"].values())
    # the informative features first: well ahead of a random ranking (with 3 folds, 2
    # degrees of freedom, the corrected interval is too wide to resolve it)
    assert panel[1]["ci_low"] < panel[1]["difference"] < panel[1]["ci_high"]
    assert panel[1]["difference"] > 0.1
    json.dumps(rec, allow_nan=False)


def test_verdict_json_is_written_atomically(tmp_path):
    rep, _ = _verdict_of(_noise(40, 30, seed=1, shift=1.5), _filter_ranker())
    path = V.write_verdict_json(tmp_path / "r.json", V.verdict_record(rep, "smoke"))
    got = json.loads(path.read_text())
    assert {k: got[k] for k in ("n_rows", "n_features", "protocol", "null", "optimistic")} == \
        {"n_rows": 40, "n_features": 30, "protocol": "in-fold",
         "null": "permuted labels and random orders", "optimistic": False}
    assert set(got["learners"]["knn"]) >= {"eca", "ci_low", "ci_high", "p_permutation",
                                           "p_random_orders", "p_value", "beats_random",
                                           "metric", "panel"}
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_learnt_parameter_and_folds_are_checked(toy_csv, tmp_path):
    with pytest.raises(Y.ParameterError, match="ranking_learnt_on_these_rows: expected True"):
        Y.check_parameters(str(toy_csv), "label", "x:y", "smoke", learnt_on_these_rows="yes")
    small = _write(tmp_path, "small.csv", pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0],
                                                        "y": ["u", "v", "u", "v"]}))
    with pytest.raises(Y.ParameterError, match="runs 5-fold CV, but small's largest class "
                                               "has 2 rows"):
        Y.check_parameters(small, "y", "x:y", "quick")


def test_continuous_target_is_refused_by_the_report(tmp_path):
    rng = np.random.default_rng(0)
    path = _write(tmp_path, "reg.csv", pd.DataFrame({"a": rng.normal(size=50),
                                                     "price": rng.normal(size=50)}))
    with pytest.raises(Y.ParameterError, match=r"looks continuous.*pandas.qcut"):
        Y.check_data(path, "price")


def test_check_command_prints_only_the_message_and_exits_2(toy_csv):
    cmd = [sys.executable, "-m", "featrank.experiments.your_ranker", "check", str(toy_csv),
           "class", "toy_ranker:MeanGapRanker", "smoke"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get(
        "PYTHONPATH", "")]))
    bad = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1           # the message, nothing else
    assert bad.stderr.startswith("target: ") and "has no column 'class'" in bad.stderr
    good = subprocess.run(cmd[:5] + ["label"] + cmd[6:], capture_output=True, text=True,
                          env=env)
    assert good.returncode == 0, good.stderr


def test_the_books_example_report_is_executed_portable_and_linked():
    from tools import book
    from tools.example_report import OUT
    from tools.publish import leaks

    nb = json.loads(OUT.read_text(encoding="utf-8"))
    outputs_text = json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False)
    assert leaks(outputs_text, str(TESTS.parent)) == []
    outputs = [o for c in nb["cells"] for o in c.get("outputs", [])]
    # per learner (k-NN, SVM): its curves and its panel comparison
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 4
    text = json.dumps(outputs)
    assert "seconds to fit" not in text            # machine-dependent: not in the book
    assert "papermill" not in nb["metadata"]
    assert "docs/example_report.ipynb" in book.docs_pages(TESTS.parent)
