"""The `make bench` runner's bookkeeping (speed targets, merging, failure rows) and its
figure; no timing here (speed is measured by `make bench` itself)."""
from __future__ import annotations

import pathlib
import sys

import numpy as np
import pandas as pd

sys.path.insert(0, str(pathlib.Path(__file__).parent / "bench"))

import run as bench_run  # noqa: E402


def test_speed_targets():
    j = bench_run.judge
    assert j({"item": "knn FFA+RFA sonar", "ratio": 25.0})["met"] == "yes"
    assert j({"item": "knn FFA+RFA waveform-5000", "ratio": 5.0})["met"] == "no"
    assert j({"item": "svm FFA+RFA sonar", "ratio": 2.9})["met"] == "no"
    assert j({"item": "svm FFA+RFA waveform-5000", "ratio": 2.1})["met"] == "yes"
    assert j({"item": "relieff srbct vs weka", "ratio": 0.5})["met"] == "no"
    assert j({"item": "relieff srbct vs skrebate", "ratio": 0.5})["met"] == ""   # no target
    assert j({"item": "schulze p=12625 m=28", "ours_s": 31.0})["met"] == "no"
    assert j({"item": "schulze p=1000 m=28", "ours_s": 31.0})["target"] == ""
    assert j({"item": "nb05 paper profile, Table 1 low-dim datasets (estimate)",
              "ours_s": 7 * 3600.0})["met"] == "yes"
    assert j({"item": "nb05 paper profile, whole notebook (estimate)",
              "ours_s": 13 * 3600.0})["met"] == "no"
    assert j({"item": "nb05 paper profile, synthetic part (estimate)", "ours_s": 1.0})["met"] == ""
    assert j({"item": "nb03 paper profile (estimate)", "ours_s": 23 * 3600.0})["met"] == "yes"
    assert j({"item": "nb03 choice of C per curve point (profile)", "ours_s": 1.0})["met"] == ""
    assert j({"item": "all five notebooks, make paper (estimate)",
              "ours_s": 49 * 3600.0})["met"] == "no"
    assert j({"item": "borda p=12625 m=28", "ours_s": np.nan})["met"] == "n/a"
    assert j({"item": "mc4 p=12625 m=28", "ours_mb": 481.0})["met"] == "yes"
    assert j({"item": "prati_mc4 p=12625 m=28", "ours_mb": 1300.0})["met"] == "no"


def test_failing_module_gives_a_row(tmp_path, monkeypatch):
    (tmp_path / "bench_broken.py").write_text("def run():\n    raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{__import__('os').environ.get('PYTHONPATH', '')}")
    rows = bench_run.run_module("bench_broken", timeout=120)
    assert len(rows) == 1 and "boom" in rows[0]["note"] and np.isnan(rows[0]["ours_s"])


def test_figure_has_one_bar_per_ratio_and_per_time_limit():
    from speed_ratios import plot_speed_ratios

    rows = [bench_run.judge(r) for r in [
        {"item": "knn FFA+RFA sonar", "ours_s": 1.0, "plain_s": 40.0, "ratio": 40.0},
        {"item": "svm FFA+RFA sonar", "ours_s": 1.0, "plain_s": 2.0, "ratio": 2.0},
        {"item": "schulze p=12625 m=28", "ours_s": 12.0, "plain_s": np.nan, "ratio": np.nan},
        {"item": "read x", "ours_s": 1.0, "plain_s": 0.5, "ratio": 0.5}]]
    fig = plot_speed_ratios(pd.DataFrame(rows))
    left, right = fig.axes
    assert len(left.patches) == 3 and len(right.patches) == 1
    assert [t.get_text() for t in right.get_yticklabels()] == ["schulze p=12625 m=28"]


def test_speed_table_is_generated_from_bench_csv():
    from tools.status import ROOT, bench_table

    text = (ROOT / "docs/bench.md").read_text()
    block = text.split("<!-- bench:begin -->")[1].split("<!-- bench:end -->")[0].strip()
    want = bench_table(pd.read_csv(ROOT / "data/results/bench.csv"))
    assert block == want, "docs/bench.md's speed table is stale: run python -m tools.readme"


def test_make_paper_row_sums_the_five_notebooks_once():
    import bench_paper_estimates as B

    rows = [{"item": "nb01 paper profile (estimate)", "ours_s": 1.0},
            {"item": "nb02 paper profile (estimate, lower bound)", "ours_s": 2.0},
            {"item": "nb03 paper profile (estimate)", "ours_s": 4.0},
            {"item": "nb03 choice of C per curve point (profile)", "ours_s": 100.0},
            {"item": "nb05 paper profile, synthetic part (estimate)", "ours_s": 100.0},
            {"item": "nb05 paper profile, whole notebook (estimate)", "ours_s": 8.0},
            {"item": "nb04 paper profile (estimate)", "ours_s": 16.0}]
    row = B._all_five(rows)
    assert row["ours_s"] == 31.0
    assert "not measured" in B._all_five(rows[:3])["note"]
