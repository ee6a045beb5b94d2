"""``featrank.store`` is a package of three modules (keys, values, files); its names stay
importable from the package, and ``python -m featrank.store pack DIR`` (``make pack``) packs a
store's loose entries. Integer arrays (feature orders) are stored in compact forms that decode
exactly, and re-packing the committed stores keeps every key and value."""
import base64
import dataclasses
import gzip
import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import featrank.evaluate.curvetype  # noqa: F401  (registers the stored type Curves)
import featrank.store as store
from featrank.store import files, keys, values

LIB = Path(store.__file__).resolve().parents[2]


def test_the_package_names_are_those_of_its_modules():
    for name in store.__all__:
        owner = next(m for m in (files, keys, values) if hasattr(m, name))
        assert getattr(store, name) is getattr(owner, name), name


def _python(*args, cwd):
    path = os.pathsep.join([str(LIB), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "featrank.store", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)


def test_the_pack_command_folds_loose_entries(tmp_path):
    ident = {"task": "mod.f", "version": "1", "params": {}, "libs": {}}
    store.Store(tmp_path / "s").put("f", "0a1b", ident, [1.5], {}, seconds=2.0)
    done = _python("pack", str(tmp_path / "s"), cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == f"{tmp_path / 's'}: f: 1 entries\n"
    assert not (tmp_path / "s" / "f").exists()
    (entry,) = store.read_family(tmp_path / "s", "f").values()
    assert json.dumps(entry["value"]) == "[1.5]"
    usage = _python(cwd=tmp_path)
    assert usage.returncode == 2 and usage.stdout.startswith("usage: python -m featrank.store pack")


# --- integer arrays (feature orders) in their compact forms --------------------------------

def _same(a, b, where="value"):
    """``a`` and ``b`` are the same value, exactly: types, dtypes, shapes and bytes."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, np.ndarray):
        assert (a.dtype, a.shape, a.flags.writeable) == (b.dtype, b.shape, b.flags.writeable), where
        if a.dtype.kind == "O":
            _same(a.ravel().tolist(), b.ravel().tolist(), where)
        else:
            assert a.tobytes() == b.tobytes(), where
    elif isinstance(a, pd.DataFrame):
        assert list(a.columns) == list(b.columns), where
        for c in a.columns:
            _same(a[c].to_numpy(), b[c].to_numpy(), f"{where}/{c}")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for k in a:
            _same(a[k], b[k], f"{where}/{k}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{i}]")
    elif dataclasses.is_dataclass(a):
        _same(dataclasses.asdict(a), dataclasses.asdict(b), where)
    elif isinstance(a, float) and np.isnan(a):
        assert np.isnan(b) and struct.pack("<d", a) == struct.pack("<d", b), where
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def _back(a):
    return store.decode(json.loads(json.dumps(store.encode(a))))


def test_integer_arrays_come_back_exactly():
    rng = np.random.default_rng(0)
    perm = rng.permutation(12_533)
    ties = np.r_[rng.permutation(40), np.arange(40, 2000)]          # the rest in index order
    arrays = [perm, np.array([rng.permutation(2308) for _ in range(10)]), ties,
              np.array([0, -1, 2 ** 31 - 1, -2 ** 31]), np.array([2 ** 40, 3]),  # 32 bits, more
              np.arange(6, dtype=np.uint64) + np.uint64(2 ** 63), np.zeros((0, 3), int),
              np.array(7), np.arange(12).reshape(3, 4).T, np.array([[1, 1], [1, 1]])]
    arrays += [perm[:300].astype(t) for t in ("i1", "u1", "i2", ">i2", "u2", "i4", ">i8", "u4")]
    for a in arrays:
        back = _back(a)
        _same(np.ascontiguousarray(a), back, f"{a.dtype} {a.shape}")
        assert back.flags.c_contiguous and back.flags.owndata


def test_orders_take_their_compact_forms():
    rng = np.random.default_rng(1)
    perm = rng.permutation(12_533)                   # random-looking: 14 bits a feature
    v = store.encode(np.array([perm, rng.permutation(12_533)]))
    assert v["form"] == "bits" and len(base64.b64decode(v["ints"])) < 1.76 * 2 * 12_533
    ties = np.r_[rng.permutation(100), np.arange(100, 12_533)]
    v = store.encode(ties)                           # a ranker's ties left in index order
    assert v["form"] == "delta" and v["as"] == "|u1" and len(v["ints"]) < 400
    small = store.encode(np.array([1, 3, 6, 16, 40, 100]))
    assert "ints" in small and small["__nd__"] == np.dtype(int).str    # read back as int64


def _legacy(v):
    """A stored value with its integer arrays in the form of the previous store version
    (raw bytes of their own dtype, zlib, base64)."""
    if isinstance(v, list):
        return [_legacy(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "ints" in v:
        raw = store.decode(v).tobytes()
        return {"__nd__": v["__nd__"], "shape": v["shape"],
                "z": base64.b64encode(zlib.compress(raw, 1)).decode()}
    return {k: _legacy(x) for k, x in v.items()}


def _has_arrays(v) -> bool:
    if isinstance(v, list):
        return any(map(_has_arrays, v))
    return isinstance(v, dict) and ("__nd__" in v or any(map(_has_arrays, v.values())))


COMMITTED = [(d, fam) for d in sorted((LIB.parent / "data" / "results").glob("*/store"))
             for fam in files._families(d)]


@pytest.mark.slow
@pytest.mark.parametrize("directory, family", COMMITTED,
                         ids=[f"{d.parent.name[:2]}-{f}" for d, f in COMMITTED])
def test_repacking_keeps_every_committed_key_and_value(directory, family, tmp_path):
    """Each committed family, its integer arrays put back in the previous version's form and
    packed anew, decodes to the same keys and values, and packs to the committed bytes."""
    committed = store.read_family(directory, family)
    if not any(_has_arrays(e["value"]) for e in committed.values()):
        assert all(values._compact(e["value"]) == e["value"] for e in committed.values())
        return                                       # packing leaves every value as it is
    old = {k: {**e, "value": _legacy(e["value"])} for k, e in committed.items()}
    lines = "".join(json.dumps(old[k], sort_keys=True, separators=(",", ":")) + "\n"
                    for k in sorted(old))
    (tmp_path / f"{family}.jsonl.gz").write_bytes(gzip.compress(lines.encode()))
    store.pack(tmp_path)
    repacked = store.read_family(tmp_path, family)
    assert sorted(repacked) == sorted(committed)
    for key, entry in committed.items():
        assert {**repacked[key], "value": 0} == {**entry, "value": 0}, key
        back = store.decode(repacked[key]["value"])
        _same(store.decode(old[key]["value"]), back, f"{family} {key} (previous form)")
        _same(store.decode(entry["value"]), back, f"{family} {key} (committed)")
    now = [p.read_bytes() for p in files._pack_files(directory, family)]
    assert [p.read_bytes() for p in files._pack_files(tmp_path, family)] == now, \
        f"{directory}: {family} is not packed in the current form: run `make pack`"
