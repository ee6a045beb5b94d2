"""A run's state lives in one ``RunContext``: two runs in one process do not see each other's
profile or incomplete notebooks, leaving ``using`` brings the previous run back, and the
workers of a grid see the caller's profile whatever their own environment says."""
import json
import os

import pytest

from featrank import config
from featrank.context import RunContext, current, new_run, using
from featrank.parallel import run_tasks, store_counts

NB = "05_slavkov2020_error_curves"       # committed at profile paper


def test_two_runs_give_their_own_answers_for_the_same_namespace(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    monkeypatch.delenv("FEATRANK_OUTPUT", raising=False)    # `make test` sets it
    committed, scratch = config.results_dir(NB) / "store", tmp_path / "store" / NB
    paper, smoke = RunContext(profile="paper"), RunContext(profile="smoke")
    assert config.commits_store(NB, run=paper) and not config.commits_store(NB, run=smoke)
    assert config.store_dirs(NB, run=paper)[0] == committed
    assert config.store_dirs(NB, run=smoke)[0] == scratch
    with using(paper):
        assert config.active_profile() == "paper" and config.store_dirs(NB)[0] == committed
        with using(smoke):
            assert config.active_profile() == "smoke" and config.store_dirs(NB)[0] == scratch
            config.mark_incomplete(NB)                   # smoke's run lacks data, not paper's
        assert current() is paper and config.commits_store(NB) and config.writes_committed(NB)
    assert NB in smoke.incomplete and not paper.incomplete
    assert not config.writes_committed(NB, run=smoke)


def test_leaving_a_run_restores_the_previous_one_even_after_an_error(run_context):
    config.get_profile("quick")
    with pytest.raises(RuntimeError), new_run(profile="paper") as run:
        assert current() is run and config.active_profile() == "paper"
        raise RuntimeError
    assert current() is run_context and config.active_profile() == "quick"


def test_get_profile_sets_the_profile_of_the_current_run_only():
    with new_run() as first:
        config.get_profile("smoke")
        with new_run() as second:
            config.get_profile("paper")
    assert (first.profile, second.profile) == ("smoke", "paper")


def _square(x):
    return x * x


def test_store_counts_belong_to_their_run(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    with new_run(profile="quick") as one:
        run_tasks(_square, [dict(x=3)], n_jobs=1, cache="counted", progress=False)
    with new_run(profile="quick"):
        assert run_tasks(_square, [dict(x=3)], n_jobs=1, cache="counted",
                         progress=False) == [9]
        assert store_counts("counted")["stored"] == 1 and store_counts("counted")["computed"] == 0
    assert store_counts("counted", run=one)["computed"] == 1
    assert store_counts("counted") == {"stored": 0, "computed": 0, "stale": 0, "capped": 0}


def _what_a_worker_sees(i, path):
    """A task: the worker's process, the profile and incomplete notebooks it runs with, where a
    grid nested in it would store, and a data file read (recorded in the task's store entry)."""
    from featrank.store.provenance import note_read

    note_read(path)
    return (os.getpid(), config.active_profile(), ",".join(sorted(current().incomplete)),
            config.commits_store(NB))


@pytest.mark.parametrize("backend", ["loky", "threading"])
def test_workers_run_with_the_callers_profile_and_record_their_reads(backend, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    data = tmp_path / "data.csv"
    data.write_text("a\n1\n")
    tasks = [dict(i=i, path=str(data)) for i in range(4)]
    with new_run(profile="paper"):                   # workers' environment: quick, or unset
        seen = run_tasks(_what_a_worker_sees, tasks, n_jobs=2, backend=backend,
                         cache="workers", progress=False)
        assert {s[1:] for s in seen} == {("paper", "", True)}
        if backend == "loky":
            assert os.getpid() not in {s[0] for s in seen}     # really other processes
        config.mark_incomplete(NB)
        again = run_tasks(_what_a_worker_sees, [dict(t, i=t["i"] + 4) for t in tasks],
                          n_jobs=2, backend=backend, cache="workers", progress=False)
        assert {s[1:] for s in again} == {("paper", NB, False)}
    entries = [json.loads(p.read_text()) for p in (tmp_path / "store" / "workers").rglob("*.json")]
    assert len(entries) == 8
    assert all(list(e["data"]) == [str(data.resolve())] for e in entries)
