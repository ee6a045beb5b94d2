"""Messy inputs of ``make evaluate`` and long runs of ``make``: every bad file is refused
before the notebook starts (exit status 2, at most three lines, no traceback) or reported by
``data_findings``; report names cannot collide; a damaged store file is named with its
restore command; the progress wrapper filters the kernel's noise and prints progress lines."""
import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from featrank import parallel
from featrank.datasets import column_findings
from featrank.experiments import your_ranker_params as P
from featrank.store import files as store_files
from tools import runnb

ROOT = Path(__file__).resolve().parents[1]
RF = "sklearn.ensemble:RandomForestClassifier"


def _frame(n=60, seed=0):
    """``n`` rows, two informative features, a two-class ``target``."""
    rng = np.random.default_rng(seed)
    y = np.arange(n) % 2
    return pd.DataFrame({"a": rng.normal(size=n) + y, "b": rng.normal(size=n) - y,
                         "target": np.where(y, "yes", "no")})


def _csv(tmp_path, name, df=None, text=None):
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    else:
        df.to_csv(path, index=False)
    return str(path)


def _check(capsys, *args, env=None):
    """Exit status, stdout and stderr of the pre-check of ``make evaluate``."""
    rc = P.main(["check", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def _refused(capsys, *args):
    rc, out, err = _check(capsys, *args)
    assert rc == 2 and out == "", (rc, out, err)
    assert 1 <= len(err.strip().splitlines()) <= 3 and "Traceback" not in err
    return err


# --- refusals: exit status 2, one short message ---------------------------------------------

def test_an_empty_csv_is_refused_without_a_traceback(tmp_path):
    path = _csv(tmp_path, "empty.csv", text="")
    cmd = [sys.executable, "-m", "featrank.experiments.your_ranker_params", "check", path,
           "target", RF, "quick"]
    got = subprocess.run(cmd, capture_output=True, text=True)
    assert got.returncode == 2 and got.stdout == "" and "Traceback" not in got.stderr
    assert got.stderr.strip() == (f"data: {path} is empty; give a CSV file with a header row "
                                  "of column names and one row per example")


@pytest.mark.parametrize("name, text, expect", [
    ("header.csv", "a,b,target\n", "has a header (3 columns) but no rows"),
    ("onlytarget.csv", "target\n0\n1\n", "no feature besides the class"),
])
def test_a_csv_without_rows_or_features_is_refused(tmp_path, capsys, name, text, expect):
    assert expect in _refused(capsys, _csv(tmp_path, name, text=text), "target", RF, "quick")


def test_one_class_is_refused(tmp_path, capsys):
    path = _csv(tmp_path, "oneclass.csv", _frame().assign(target="yes"))
    err = _refused(capsys, path, "target", RF, "quick")
    assert "has only the class 'yes' in 'target' (60 rows)" in err and "two classes" in err


def test_a_class_with_fewer_rows_than_folds_is_refused(tmp_path, capsys):
    df = _frame()
    df.loc[:2, "target"] = "rare"
    err = _refused(capsys, _csv(tmp_path, "small.csv", df), "target", RF, "quick")
    assert "5-fold CV, but class 'rare' of small has 3 rows" in err
    assert "PROFILE=smoke (3 folds)" in err


def test_a_many_valued_number_target_gives_advice_make_accepts(tmp_path, capsys):
    df = _frame(600).assign(target=np.arange(600) % 300)
    err = _refused(capsys, _csv(tmp_path, "many.csv", df), "target", RF, "quick")
    assert "looks continuous" in err and "NOMINAL=target" in err and "TARGET=" in err
    assert "nominal=[" not in err                       # make evaluate cannot pass that


def test_nominal_makes_number_codes_classes(tmp_path, monkeypatch):
    df = _frame().assign(target=(np.arange(60) % 2) * 7 + 0.5)
    path = _csv(tmp_path, "codes.csv", df)
    with pytest.raises(P.ParameterError, match="looks continuous"):
        P.check_parameters(path, "target", RF, "smoke")
    monkeypatch.setenv("FEATRANK_NOMINAL", "target")     # what make's NOMINAL=target sets
    ds, _, _ = P.check_parameters(path, "target", RF, "smoke")
    assert ds.classes == ["0.5", "7.5"]


def test_an_identifier_column_is_refused_naming_it_and_the_way_out(tmp_path, capsys):
    df = _frame().assign(notes=[f"visit {i}, all fine" for i in range(60)])
    err = _refused(capsys, _csv(tmp_path, "ids.csv", df), "target", RF, "quick")
    assert "column 'notes' looks like an identifier" in err
    assert "60 distinct text values in 60 rows" in err and "IDENTIFIERS=drop" in err


def test_an_identifier_column_is_dropped_with_a_finding(tmp_path, capsys):
    df = _frame().assign(notes=[f"visit {i}, all fine" for i in range(60)])
    path = _csv(tmp_path, "ids.csv", df)
    rc, out, _ = _check(capsys, path, "target", RF, "quick", "--identifiers", "drop")
    assert rc == 0
    assert "ids: column 'notes' left out as an identifier (60 distinct values in 60 rows" in out
    ds, _, order = P.check_parameters(path, "target", RF, "quick", identifiers="drop")
    assert ds.feature_names == ["a", "b"] and sorted(order) == [0, 1]


def test_a_text_column_of_few_values_stays_a_nominal_feature(tmp_path):
    df = _frame().assign(colour=["red", "green", "blue"] * 20)
    ds = P.check_data(_csv(tmp_path, "colour.csv", df), "target")
    assert "colour" in ds.feature_names and column_findings(ds).identifiers == {}


@pytest.mark.parametrize("name, close", [("relieff", "featrank.rankers:ReliefF"),
                                         ("featrank.rankers:Infogain", "featrank.rankers:InfoGain"),
                                         ("sklearn.ensemble:RandomForrestClassifier", RF)])
def test_an_unknown_ranker_suggests_the_closest_name(tmp_path, capsys, name, close):
    err = _refused(capsys, _csv(tmp_path, "ok.csv", _frame()), "target", name, "quick")
    assert err.strip().endswith(f"did you mean {close}?")


def test_a_panel_refuses_missing_values_its_rankers_cannot_take(tmp_path, capsys):
    df = _frame()
    df.loc[[1, 5], "a"] = np.nan
    path = _csv(tmp_path, "nan.csv", df)
    err = _refused(capsys, path, "target", RF, "quick", "--panel", "IG,SPE,FCBF")
    assert "panel: SPE, FCBF take no missing values, and nan has 2" in err
    assert "leave them out of PANEL" in err
    rc, _, _ = _check(capsys, path, "target", RF, "paper")     # the default panels take them
    assert rc == 0


# --- findings: what the report states ---------------------------------------------------------

def test_missing_values_and_constant_columns_are_findings(tmp_path, capsys):
    df = _frame().assign(const=1.0)
    df.loc[[0, 3, 7], "a"] = np.nan
    df.loc[[3], "b"] = np.nan
    rc, out, _ = _check(capsys, _csv(tmp_path, "nan.csv", df), "target", RF, "quick")
    lines = out.strip().splitlines()
    assert rc == 0 and lines[0].startswith("nan: constant column 'const' (every row 1.0)")
    assert lines[1] == "nan: 4 missing values in 3 of 60 rows, by column: 'a' 3, 'b' 1"
    assert lines[2] == f"nan: {P.MISSING_HANDLING}"


def test_clean_data_gives_one_line_saying_so(tmp_path):
    ds = P.check_data(_csv(tmp_path, "clean.csv", _frame()), "target")
    assert P.data_findings(ds) == [
        "no identifier-like, constant or incomplete column, no unlabelled row"]


def test_rows_without_a_class_label_are_a_finding(tmp_path):
    df = _frame()
    df.loc[[4, 9], "target"] = ""
    with pytest.warns(UserWarning, match="2 row"):
        ds = P.check_data(_csv(tmp_path, "unlabelled.csv", df), "target")
    assert "2 row(s) without a class label left out" in P.data_findings(ds)


# --- report names -----------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_two_data_files_of_one_base_name_give_two_report_names(tmp_path):
    names = []
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        path = _csv(tmp_path / sub, "bc.csv", _frame())
        dry = subprocess.run(["make", "-s", "-n", "-C", str(ROOT), "evaluate", f"DATA={path}",
                              "RANKER=mypkg.mod:MyRanker"], capture_output=True, text=True)
        found = {w for w in dry.stdout.replace("/", " ").split()
                 if w.startswith("evaluate_bc_") and w.endswith("_MyRanker.ipynb")}
        assert len(found) == 1, dry.stdout + dry.stderr
        names += found
    assert names[0] != names[1]


# --- a damaged store file ---------------------------------------------------------------------

def test_a_damaged_store_file_is_named_with_its_restore_command(tmp_path, capsys):
    good = gzip.compress(b'{"key": "a"}\n' * 100)
    (tmp_path / "fine.jsonl.gz").write_bytes(good)
    assert store_files.main(["check", str(tmp_path)]) == 0
    bad = tmp_path / "cut.jsonl.gz"
    bad.write_bytes(good[: len(good) // 2])
    assert store_files.main(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) <= 3 and f"`git checkout -- {bad}`" in err


# --- progress ---------------------------------------------------------------------------------

def test_run_tasks_keeps_the_status_file(tmp_path, monkeypatch):
    status = tmp_path / "status.json"
    monkeypatch.setattr(parallel, "STATUS_FILE", str(status))
    parallel.run_tasks(pow, [dict(base=2, exp=3), dict(base=3, exp=2)], n_jobs=1,
                       progress=False)
    st = json.loads(status.read_text())
    assert (st["family"], st["done"], st["total"]) == ("pow", 2, 2)
    assert runnb.status_text(status).startswith("; results: ")


class _Recorder:
    """The wrapper's own lines; the first progress line with counts lets the fake command
    finish."""

    def __init__(self, flag):
        self.flag, self.lines = flag, []

    def write(self, text):
        self.lines.append(text)
        if "running for" in text and "results" in text:
            self.flag.touch()

    def flush(self):
        pass


FAKE = """
import json, os, sys, time
from pathlib import Path
print("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All", file=sys.stderr, flush=True)
print("KeyboardInterrupt caught in kernel", flush=True)
print("a cell's own line", flush=True)
print("a real warning", file=sys.stderr, flush=True)
Path(os.environ["FEATRANK_STATUS"]).write_text(json.dumps(
    dict(stored=7, computed=2, family="f", done=9, total=12)))
flag = Path(sys.argv[1])
for _ in range(6000):              # until the wrapper has shown the counts (60 s cap)
    if flag.exists():
        break
    time.sleep(0.01)
sys.exit(3)
"""


def test_the_wrapper_filters_noise_and_prints_progress(tmp_path, capfd):
    flag = tmp_path / "flag"
    rec = _Recorder(flag)
    rc = runnb.run([sys.executable, "-c", FAKE, str(flag)], "fake", every=0.05, out=rec)
    got = capfd.readouterr()
    assert rc == 3
    assert got.out == "a cell's own line\n" and got.err == "a real warning\n"
    said = "".join(rec.lines)
    assert "   fake: running for 0:00; results: 7 stored, 2 computed (f: 9 of 12)" in said
    assert rec.lines[-1].startswith("   fake: failed after ")
    assert "(exit status 3); results: 7 stored, 2 computed" in rec.lines[-1]


def test_the_quiet_wrapper_prints_only_the_closing_line(tmp_path, capfd):
    rec = _Recorder(tmp_path / "unused")
    rc = runnb.run([sys.executable, "-c", "print('out')"], "q", every=0.01, quiet=True,
                   out=rec)
    assert rc == 0 and capfd.readouterr().out == "out\n"
    assert len(rec.lines) == 1 and rec.lines[0].startswith("   q: done in ")
