import gzip
import importlib
import json
import sys

import numpy as np
import pandas as pd
import pytest

from featrank import config, store
from featrank.parallel import TaskError, run_tasks, store_counts, stored_tasks, task_seed
from featrank.store import Store, decode, encode, pack, task, task_key


def _draw(seed, n):
    return np.random.default_rng(task_seed(seed, n)).normal(size=n)


calls = []


def _count(x):
    calls.append(x)
    return x * x


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """An empty scratch store, profile quick, no committed store in the way."""
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    config.get_profile("quick")
    return tmp_path


def test_task_seed_is_stable_and_distinct():
    assert task_seed(0, "a", 1) == task_seed(0, "a", 1)
    assert len({task_seed(0, "a", i) for i in range(100)}) == 100
    assert task_seed(0, "a") != task_seed(1, "a")


def test_results_do_not_depend_on_n_jobs():
    tasks = [{"seed": 3, "n": n} for n in range(1, 6)]
    one = run_tasks(_draw, tasks, n_jobs=1, progress=False)
    two = run_tasks(_draw, tasks, n_jobs=2, progress=False)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)


def test_store_resumes_without_recomputing(scratch):
    calls.clear()
    assert run_tasks(_count, [{"x": 2}, {"x": 3}], n_jobs=1, cache="t", progress=False) == [4, 9]
    assert run_tasks(_count, [{"x": 2}, {"x": 3}, {"x": 4}], n_jobs=1, cache="t",
                     progress=False) == [4, 9, 16]
    assert calls == [2, 3, 4]
    assert not list(scratch.rglob("*.tmp"))
    assert store_counts("t")["stored"] >= 2


def test_corrupt_entry_is_recomputed(scratch):
    calls.clear()
    run_tasks(_count, [{"x": 5}], n_jobs=1, cache="c", progress=False)
    (entry,) = scratch.rglob("*.json")
    entry.write_bytes(b"\x80garbage")
    assert run_tasks(_count, [{"x": 5}], n_jobs=1, cache="c", progress=False) == [25]
    assert calls == [5, 5]


def _module(tmp_path, name, body):
    (tmp_path / f"{name}.py").write_text(body)
    sys.path.insert(0, str(tmp_path))
    try:
        sys.modules.pop(name, None)
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


def test_an_edited_task_without_version_is_recomputed(scratch, tmp_path):
    mod = _module(tmp_path, "user_task_a", "def f(x):\n    return x * 0.01\n")
    assert run_tasks(mod.f, [{"x": 3.9}], n_jobs=1, cache="u", progress=False) == [0.039]
    mod = _module(tmp_path, "user_task_a", "def f(x):\n    return x * 1.0\n")
    assert run_tasks(mod.f, [{"x": 3.9}], n_jobs=1, cache="u", progress=False) == [3.9]


def test_declared_version_alone_decides_and_bumping_it_invalidates_only_its_task(scratch,
                                                                                  tmp_path):
    src = ("from featrank.store import task\n"
           "@task('user.f', version='{v}')\ndef f(x):\n    return x + {c}\n"
           "@task('user.g', version='1')\ndef g(x):\n    return x - {c}\n")
    mod = _module(tmp_path, "user_task_b", src.format(v="1", c=1))
    assert run_tasks(mod.f, [{"x": 1}], n_jobs=1, cache="v", progress=False) == [2]
    assert run_tasks(mod.g, [{"x": 1}], n_jobs=1, cache="v", progress=False) == [0]
    # an edit that keeps the declared versions (a docstring, say) keeps every stored result
    mod = _module(tmp_path, "user_task_b", src.format(v="1", c=100))
    assert run_tasks(mod.f, [{"x": 1}], n_jobs=1, cache="v", progress=False) == [2]
    # bumping f's version recomputes f and only f
    mod = _module(tmp_path, "user_task_b", src.format(v="2", c=100))
    assert run_tasks(mod.f, [{"x": 1}], n_jobs=1, cache="v", progress=False) == [101]
    assert run_tasks(mod.g, [{"x": 1}], n_jobs=1, cache="v", progress=False) == [0]


def test_a_task_moved_to_another_module_finds_its_results(scratch, tmp_path):
    """The store knows a task by its declared name: the same task in another module (another
    file, another module path) finds what the first one stored."""
    src = "from featrank.store import task\n@task('user.moved', version='1')\ndef {f}(x):\n"
    first = _module(tmp_path, "user_task_old_home", src.format(f="f") + "    return x + 1\n")
    assert run_tasks(first.f, [{"x": 1}], n_jobs=1, cache="m", progress=False) == [2]
    moved = _module(tmp_path, "user_task_new_home", src.format(f="g") + "    return x + 99\n")
    assert run_tasks(moved.g, [{"x": 1}], n_jobs=1, cache="m", progress=False) == [2]
    renamed = _module(tmp_path, "user_task_renamed",
                      src.replace("user.moved", "user.other").format(f="f") + "    return 0\n")
    assert run_tasks(renamed.f, [{"x": 1}], n_jobs=1, cache="m", progress=False) == [0]


def test_key_ignores_the_rest_of_the_library_but_not_parameters_or_libraries(monkeypatch):
    @task("demo.f", version="1")
    def f(x):
        return x

    key, ident = task_key(f, {"x": 1, "y": (1, 2)})
    assert task_key(f, {"y": [1, 2], "x": 1})[0] == key           # order, tuple vs list
    assert task_key(f, {"x": 2, "y": (1, 2)})[0] != key
    assert set(ident) == {"task", "version", "params", "libs"}
    monkeypatch.setattr(store.keys, "library_versions", lambda: {"numpy": "0.0"})
    assert task_key(f, {"x": 1, "y": (1, 2)})[0] != key


def _mean_label(path):
    from featrank.datasets import load

    return float(load(path).y.mean())


def test_a_replaced_data_file_is_recomputed(scratch, tmp_path):
    path = tmp_path / "my.arff"
    head = "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n"
    path.write_text(head + "1,x\n2,x\n3,y\n4,y\n")
    first = run_tasks(_mean_label, [{"path": str(path)}], n_jobs=1, cache="d", progress=False)
    path.write_text(head + "1,y\n2,y\n3,y\n4,x\n")
    again = run_tasks(_mean_label, [{"path": str(path)}], n_jobs=1, cache="d", progress=False)
    assert first == [0.5] and again == [0.75]
    (entry,) = scratch.rglob("*.json")
    assert list(json.loads(entry.read_text())["data"]) == [str(path.resolve())]


def _fails_on_two(x):
    if x == 2:
        raise ValueError("two is bad")
    return x


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_a_failing_task_keeps_every_other_result(scratch, n_jobs):
    tasks = [{"x": x} for x in range(6)]
    with pytest.raises(TaskError, match=r"1 of 6 tasks failed[\s\S]*x=2[\s\S]*two is bad"):
        run_tasks(_fails_on_two, tasks, n_jobs=n_jobs, cache=f"f{n_jobs}", progress=False)
    stored = list((scratch / "store" / f"f{n_jobs}").rglob("*.json"))
    assert len(stored) == 5


def test_values_round_trip_without_pickle():
    from featrank.evaluate import Curves

    curves = Curves(sizes=np.array([1, 2]), ffa=np.array([[0.5, np.nan]]), rfa=None,
                    n_features=2, scoring="accuracy", meta={"k": 1})
    value = {"curves": curves, ("a", "b"): np.arange(6, dtype=np.int32).reshape(2, 3),
             "frame": pd.DataFrame({"m": ["x", "y"], "v": [1.5, 2.5]}),
             "names": np.array(["p", "q"]), "flag": np.bool_(True), "t": (1, None)}
    text = json.dumps(encode(value))
    back = decode(json.loads(text))
    np.testing.assert_array_equal(back["curves"].ffa, curves.ffa)
    assert back["curves"].scoring == "accuracy" and back["curves"].rfa is None
    assert back[("a", "b")].dtype == np.int32 and back[("a", "b")].shape == (2, 3)
    pd.testing.assert_frame_equal(back["frame"], value["frame"])
    assert back["names"].tolist() == ["p", "q"] and back["t"] == (1, None)
    with pytest.raises(TypeError, match="cannot store a object"):
        encode(object())


def test_few_valued_float_arrays_come_back_bit_for_bit():
    rng = np.random.default_rng(0)
    odd = np.array([0.0, -0.0, np.nan, -np.nan, np.inf], dtype=np.float64)
    acc = rng.integers(0, 23, size=(100, 40)) / 23            # curves of 10 x 10-fold CV
    for a in (acc, acc.astype(np.float32), np.resize(odd, (30, 7)), rng.normal(size=50),
              rng.integers(0, 300, size=4000) / 7.0):          # uint8, uint16 codes, raw
        back = decode(json.loads(json.dumps(encode(a))))
        assert back.dtype == a.dtype and back.shape == a.shape
        assert back.tobytes() == a.tobytes()
    assert "levels" in encode(acc) and "z" in encode(rng.normal(size=50))
    raw = store.values._z(acc.tobytes())                           # the form before levels
    assert len(json.dumps(encode(acc))) < len(raw)


def test_pack_re_encodes_entries_stored_in_the_older_array_form(tmp_path):
    import base64
    import zlib

    acc = np.random.default_rng(1).integers(0, 11, size=(100, 20)) / 11
    key, ident = task_key(_count, {"x": 5})
    Store(tmp_path).put("fam", key, ident, {"ffa": acc}, {}, 0.1)
    loose = tmp_path / "fam" / f"{key}.json"
    entry = json.loads(loose.read_bytes())
    entry["value"]["ffa"] = {"__nd__": "<f8", "shape": [100, 20],
                             "z": base64.b64encode(zlib.compress(acc.tobytes())).decode()}
    loose.write_text(json.dumps(entry))
    pack(tmp_path)
    line = json.loads(gzip.decompress((tmp_path / "fam.jsonl.gz").read_bytes()))
    assert "levels" in line["value"]["ffa"]
    assert decode(line["value"])["ffa"].tobytes() == acc.tobytes()


def test_decode_refuses_foreign_classes():
    with pytest.raises(ValueError, match="no imported module registers"):
        decode({"__dataclass__": "os:system", "fields": {}})


def test_pack_folds_loose_entries_deterministically(tmp_path):
    st = Store(tmp_path)
    for x in (3, 1, 2):
        key, ident = task_key(_count, {"x": x})
        st.put("fam", key, ident, x * x, {"data": {}}, 0.1)
    assert pack(tmp_path) == {"fam": 3}
    packed = tmp_path / "fam.jsonl.gz"
    assert not (tmp_path / "fam").exists()
    lines = gzip.decompress(packed.read_bytes()).decode().splitlines()
    assert [json.loads(l)["key"] for l in lines] == sorted(json.loads(l)["key"] for l in lines)
    before = packed.read_bytes()
    pack(tmp_path)
    assert packed.read_bytes() == before
    fresh = Store(tmp_path / "elsewhere", read_dirs=[tmp_path])
    assert fresh.get("fam", task_key(_count, {"x": 2})[0]) == (4, True)


def test_only_a_paper_run_of_a_notebook_writes_the_committed_store(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    nb = "05_slavkov2020_error_curves"
    committed = config.results_dir(nb) / "store"
    config.get_profile("quick")
    assert config.store_dirs(nb) == (tmp_path / "store" / nb, [committed, tmp_path / "store" / nb])
    config.get_profile("paper")
    assert config.store_dirs(nb)[0] == committed
    assert config.store_dirs("my-own")[0] == tmp_path / "store" / "my-own"
    config.get_profile("reduced", also=("reduced",))      # notebook 03's reduced protocol
    assert config.store_dirs(nb)[0] == committed
    with pytest.raises(ValueError, match="unknown profile 'reduced' for this notebook"):
        config.get_profile("reduced")                      # a notebook without one refuses it
    assert config.active_profile() == "reduced"            # and leaves the active one alone
    monkeypatch.setenv("FEATRANK_STORE", "refresh")
    assert config.store_dirs(nb)[1] == []


def test_other_profiles_never_write_the_committed_outputs(tmp_path, monkeypatch):
    from featrank.io import save_table

    monkeypatch.delenv("FEATRANK_OUTPUT", raising=False)
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    nb = "01_quevedo2007_spe_ranker"
    committed = config.committed_profile(nb)
    other = next(p for p in config.PROFILES if p != committed)
    config.get_profile(other)
    path = save_table(pd.DataFrame({"a": [1]}), nb, "t")
    assert path == tmp_path / "output" / other / "results" / nb / "t.csv"
    assert config.figures_dir(nb) == tmp_path / "output" / other / "figures" / nb
    config.get_profile(committed)
    assert config.figures_dir(nb) == config.project_root() / "figures" / nb
    monkeypatch.setenv("FEATRANK_OUTPUT", str(tmp_path / "out"))
    assert config.results_out_dir(nb) == tmp_path / "out" / "results" / nb


def test_atomic_write_gives_the_usual_file_mode(tmp_path):
    import os

    from featrank.io import atomic_write_bytes

    path = atomic_write_bytes(tmp_path / "a.bin", b"x")
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def _warns(n):
    import warnings

    from sklearn.exceptions import ConvergenceWarning

    for _ in range(n):
        warnings.warn("Solver terminated early", ConvergenceWarning)
    warnings.warn("something else", UserWarning)
    return n


def test_iteration_cap_hits_are_counted_beside_each_result(scratch):
    with pytest.warns(UserWarning, match="something else"):
        assert run_tasks(_warns, [{"n": 2}, {"n": 0}], n_jobs=1, cache="cap",
                         progress=False) == [2, 0]
    entries = [json.loads(p.read_text()) for p in (scratch / "store" / "cap").rglob("*.json")]
    assert sorted(e["capped"] for e in entries) == [0, 2]
    before = store_counts("cap")["capped"]
    run_tasks(_warns, [{"n": 2}], n_jobs=1, cache="cap", progress=False)   # from the store
    assert store_counts("cap")["capped"] == before + 2


def test_a_large_family_is_packed_in_shards(tmp_path, monkeypatch):
    monkeypatch.setattr(store.files, "SHARD_AT", 10)
    st = Store(tmp_path)
    for x in range(40):
        key, ident = task_key(_count, {"x": x})
        st.put("fam", key, ident, x * x, {"data": {}}, 0.0)
    assert pack(tmp_path) == {"fam": 40}
    shards = sorted(p.name for p in tmp_path.glob("fam*.jsonl.gz"))
    assert "fam.jsonl.gz" not in shards and len(shards) == 16
    fresh = Store(tmp_path / "elsewhere", read_dirs=[tmp_path])
    assert all(fresh.get("fam", task_key(_count, {"x": x})[0]) == (x * x, True) for x in range(40))
    monkeypatch.setattr(store.files, "SHARD_AT", 100)          # shrinking back to one file
    st.put("fam", *task_key(_count, {"x": 99}), 1, {"data": {}}, 0.0)
    assert pack(tmp_path) == {"fam": 41}
    assert [p.name for p in tmp_path.glob("fam*.jsonl.gz")] == ["fam.jsonl.gz"]


def test_refresh_recomputes_what_the_scratch_store_holds(scratch, monkeypatch):
    calls.clear()
    run_tasks(_count, [dict(x=3)], n_jobs=1, cache="refresh_ns", progress=False)
    run_tasks(_count, [dict(x=3)], n_jobs=1, cache="refresh_ns", progress=False)
    assert calls == [3]                                  # the second run read the store
    monkeypatch.setenv("FEATRANK_STORE", "refresh")
    assert run_tasks(_count, [dict(x=3)], n_jobs=1, cache="refresh_ns", progress=False) == [9]
    assert calls == [3, 3]                               # refresh: computed again


def test_a_family_of_large_entries_is_packed_in_shards_too(tmp_path, monkeypatch):
    """Few but large entries (a fold with its curves) are sharded by size, so no packed file
    grows past what a repository should hold."""
    monkeypatch.setattr(store.files, "SHARD_BYTES", 2_000)
    st = Store(tmp_path)
    for x in range(8):
        key, ident = task_key(_count, {"x": x})
        st.put("big", key, ident, np.arange(100.0) * x, {"data": {}}, 0.0)
    assert pack(tmp_path) == {"big": 8}
    assert len(list(tmp_path.glob("big.?.jsonl.gz"))) == 16
    fresh = Store(tmp_path / "elsewhere", read_dirs=[tmp_path])
    value, ok = fresh.get("big", task_key(_count, {"x": 3})[0])
    assert ok and np.array_equal(value, np.arange(100.0) * 3)


def test_stored_tasks_says_which_results_are_stored(scratch):
    tasks = [{"x": 2}, {"x": 3}]
    assert stored_tasks(_count, tasks, cache="ns") == [False, False]
    run_tasks(_count, tasks[:1], n_jobs=1, cache="ns", progress=False)
    assert stored_tasks(_count, tasks, cache="ns") == [True, False]


def test_an_unknown_store_mode_is_refused(scratch, monkeypatch):
    monkeypatch.setenv("FEATRANK_STORE", "refrsh")
    with pytest.raises(ValueError, match="FEATRANK_STORE='refrsh'"):
        run_tasks(_count, [{"x": 2}], n_jobs=1, cache="ns", progress=False)
    monkeypatch.setenv("FEATRANK_STORE", "stored")
    assert config.render_stored() and run_tasks(_count, [{"x": 2}], n_jobs=1, cache="ns",
                                                progress=False) == [4]


def test_a_damaged_packed_file_stops_with_its_name(tmp_path):
    st = Store(tmp_path)
    for x in range(50):
        key, ident = task_key(_count, {"x": x})
        st.put("fam", key, ident, np.arange(x + 100.0), {"data": {}}, 0.1)
    pack(tmp_path)
    packed = tmp_path / "fam.jsonl.gz"
    data = packed.read_bytes()
    packed.write_bytes(data[: len(data) // 2])                       # cut short
    with pytest.raises(store.DamagedStore, match=r"fam\.jsonl\.gz is damaged.*git checkout"):
        Store(tmp_path).get("fam", key)
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0xFF                                   # one byte changed
    packed.write_bytes(bytes(flipped))
    with pytest.raises(store.DamagedStore, match="is damaged"):
        Store(tmp_path).get("fam", key)


def test_rendering_from_the_store_refuses_to_recompute_committed_results(tmp_path,
                                                                         monkeypatch):
    """``make`` renders from the committed store: a task whose result belongs there but is
    missing (a version bump) stops the run naming the task; a scratch namespace still runs."""
    from featrank.parallel import StaleResults

    committed = tmp_path / "committed"
    monkeypatch.setattr(config, "committed_profile",
                        lambda ns: "quick" if ns == "99_nb" else None)
    monkeypatch.setattr(config, "results_dir", lambda ns=None: committed / (ns or ""))
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("FEATRANK_STORE", raising=False)
    config.get_profile("quick")
    src = "from featrank.store import task\n@task('user.rendered', version='{v}')\n" \
          "def f(x):\n    return x + 1\n"
    mod = _module(tmp_path, "user_task_stale", src.format(v="1"))
    assert run_tasks(mod.f, [{"x": 1}], n_jobs=1, cache="99_nb", progress=False) == [2]
    assert list((committed / "99_nb" / "store").rglob("*.json"))         # written committed
    monkeypatch.setenv("FEATRANK_STORE", "stored")
    assert run_tasks(mod.f, [{"x": 1}], n_jobs=1, cache="99_nb", progress=False) == [2]
    bumped = _module(tmp_path, "user_task_stale", src.format(v="2"))
    with pytest.raises(StaleResults, match="user.rendered.*version 2.*make update NB=99"):
        run_tasks(bumped.f, [{"x": 1}], n_jobs=1, cache="99_nb", progress=False)
    assert run_tasks(bumped.f, [{"x": 1}], n_jobs=1, cache="scratch-ns", progress=False) == [2]


def test_the_project_root_is_found_upwards_from_any_working_directory(tmp_path, monkeypatch):
    """Used from an install rather than the checkout, the library finds the compendium from
    the working directory upwards: a notebook run in notebooks/ writes under the root, never
    under notebooks/data/."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "notebooks" / "committed_profiles.txt").write_text("01_x paper\n")
    monkeypatch.setattr(config, "_in_checkout", lambda: False)
    monkeypatch.chdir(tmp_path / "notebooks")
    assert config.project_root() == tmp_path.resolve()
    assert config.results_dir("01_x") == tmp_path.resolve() / "data" / "results" / "01_x"
    monkeypatch.chdir(tmp_path.parent)                 # outside any checkout: where it runs
    assert config.project_root() == tmp_path.parent.resolve()


def test_a_run_lacking_data_computes_into_the_scratch_store(tmp_path, monkeypatch):
    """Without some datasets a notebook runs on what it has (fallback datasets whose results
    the committed store does not hold): it computes them into the scratch store, and neither
    stops as stale nor writes the committed store."""
    committed = tmp_path / "committed"
    monkeypatch.setattr(config, "committed_profile",
                        lambda ns: "quick" if ns == "98_nb" else None)
    monkeypatch.setattr(config, "results_dir", lambda ns=None: committed / (ns or ""))
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("FEATRANK_STORE", "stored")
    config.get_profile("quick")
    config.mark_incomplete("98_nb")
    assert run_tasks(_count, [{"x": 3}], n_jobs=1, cache="98_nb", progress=False) == [9]
    assert not committed.exists()
    assert list((tmp_path / "cache" / "store" / "98_nb").rglob("*.json"))
