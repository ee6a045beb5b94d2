"""`make` publishes a run only when it is complete, normalised so that the same inputs give the
same bytes, and `make check` fails on committed outputs that the committed store no longer
reproduces (the end-to-end test re-renders notebook 02 in a scratch copy of the project)."""
import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from featrank.store import decode, encode
from tools import publish

ROOT = Path(__file__).resolve().parent.parent
NB = "02_prati2012_rank_aggregation"


def _executed(tmp_path, **meta) -> Path:
    nb = {"cells": [{"cell_type": "code", "execution_count": 1, "id": "a", "source": "1",
                     "metadata": {"papermill": {"duration": 2.5}, "execution": {"t": "x"}},
                     "outputs": [{"output_type": "display_data", "metadata": {},
                                  "data": {"application/vnd.jupyter.widget-view+json": {},
                                           "text/plain": "bar"}},
                                 {"output_type": "stream", "name": "stdout", "text": "1\n"}]}],
          "metadata": {"kernelspec": {"name": "python3"}, "papermill": meta},
          "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(nb))
    return path


def test_normalising_drops_run_metadata_and_widgets_and_is_idempotent(tmp_path):
    a = publish.normalise(_executed(tmp_path, start_time="2026-01-01").read_text())
    b = publish.normalise(_executed(tmp_path, start_time="2027-02-02",
                                    output_path="/elsewhere/x.ipynb").read_text())
    assert a == b == publish.normalise(a)
    nb = json.loads(a)
    assert nb["metadata"] == {"kernelspec": {"name": "python3"}}
    assert nb["cells"][0]["metadata"] == {}
    assert [o["output_type"] for o in nb["cells"][0]["outputs"]] == ["stream"]


def test_an_incomplete_or_other_profile_run_publishes_nothing(tmp_path, capsys):
    stage = tmp_path / "stage"
    (stage / "results" / NB).mkdir(parents=True)
    (stage / f"{NB}.ipynb").write_text("{}")
    (stage / "results" / NB / "areas_wide.csv").write_text("changed\n")
    committed = ROOT / "data" / "results" / NB / "areas_wide.csv"
    before = committed.read_bytes()
    assert publish.main([NB, str(stage), "--profile", "paper"]) == 0          # lacked data
    assert publish.main([NB, str(stage), "--profile", "quick", "--complete"]) == 0
    assert committed.read_bytes() == before
    assert "lacked datasets" in capsys.readouterr().out


def _scratch_project(dest: Path) -> Path:
    """A copy of what rendering notebook 02 reads: the library, the tools, the notebook and
    its committed outputs and store."""
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("lib", "tools"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", dest)
    (dest / "notebooks").mkdir()
    for name in (f"{NB}.ipynb", "committed_profiles.txt"):
        shutil.copy(ROOT / "notebooks" / name, dest / "notebooks")
    shutil.copytree(ROOT / "data" / "results" / NB, dest / "data" / "results" / NB)
    shutil.copytree(ROOT / "figures" / NB, dest / "figures" / NB)
    return dest


def _halve_the_stored_areas(store: Path) -> None:
    for path in sorted(store.glob("run_fold*.jsonl.gz")):
        lines = []
        for line in gzip.decompress(path.read_bytes()).decode().splitlines():
            entry = json.loads(line)
            value = decode(entry["value"])
            value["areas"]["area"] = np.asarray(value["areas"]["area"]) * 0.5
            lines.append(json.dumps({**entry, "value": encode(value)}, sort_keys=True))
        path.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))


def _check(project: Path) -> subprocess.CompletedProcess:
    stage = project / "stage"
    stage.mkdir()
    env = {**os.environ, "PYTHONPATH": str(project / "lib"), "FEATRANK_PROFILE": "paper",
           "FEATRANK_OUTPUT": str(stage), "FEATRANK_STORE": "stored", "FEATRANK_PROGRESS": "0",
           "FEATRANK_CACHE": str(project / "cache")}
    env.pop("MPLBACKEND", None)
    run = subprocess.run([sys.executable, "-m", "papermill", "--no-progress-bar",
                          "--start-timeout", "600", "-k", "python3", f"{NB}.ipynb",
                          str(stage / f"{NB}.ipynb")],
                         cwd=project / "notebooks", env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return subprocess.run([sys.executable, "-m", "tools.publish", f"notebooks/{NB}.ipynb",
                           str(stage), "--profile", "paper", "--complete", "--check"],
                          cwd=project, env=env, capture_output=True, text=True)


@pytest.mark.skipif(not os.environ.get("FEATRANK_DATA"),
                    reason="renders notebook 02 from its store: needs the datasets "
                           "(FEATRANK_DATA), whose checksums the stored entries record")
def test_make_check_fails_when_a_stored_value_no_longer_gives_the_committed_outputs(tmp_path):
    intact = _check(_scratch_project(tmp_path / "intact"))
    assert intact.returncode == 0, intact.stdout + intact.stderr
    assert "reproduced byte for byte" in intact.stdout
    edited = _scratch_project(tmp_path / "edited")
    _halve_the_stored_areas(edited / "data" / "results" / NB / "store")
    stale = _check(edited)
    assert stale.returncode == 1
    assert f"data/results/{NB}/areas_wide.csv: differs" in stale.stdout


COMMITTED = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("docs/*.ipynb"),
                    *ROOT.glob("data/results/*/*.csv")])


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_committed_output_holds_a_path_a_repr_or_a_date(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        text = json.dumps([c.get("outputs", []) for c in json.loads(text)["cells"]])
    assert publish.leaks(text) == []
