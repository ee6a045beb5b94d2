"""The result store: every expensive task result, kept under one rule, without pickles.

**The rule.** A result is found again under a key made of

- the task's *name*: the stable name declared with :func:`task` on featrank's own task
  functions (``"slavkov2020.noisy_curves"``), never where the code lives, so a task can move
  between modules and keep its results; a function without one is named by its
  ``module.qualname``;
- its algorithm *version*: the ``version`` declared with :func:`task` (bumped when its
  numbers can change), or, for a function without one, a hash of that function's own source
  (as ``joblib.Memory`` does);
- its parameters (canonical JSON, so keys are the same on every machine and Python);
- the versions of the libraries that change its numbers (numpy, scipy, scikit-learn).

The entry also records the sha256 of every data file the task read (through
:func:`featrank.datasets.load`); a lookup whose files now have another checksum is stale and
the task runs again. An entry whose files are absent here (a clone without the dataset
mirror) is used as stored. An edit elsewhere in the library never discards a result.

**On disk.** Per namespace (a notebook) and task family (a task function):
``<dir>/<family>.jsonl.gz``, one JSON line per entry, sorted by key (the compact form that is
committed for the ``paper`` profile; large families in 16 shards ``<family>.<hex>.jsonl.gz``),
and ``<dir>/<family>/<key>.json``, one file per entry
written atomically the moment its task finishes (:func:`pack` folds them into the first).
Values are numbers, strings, lists, dicts, numpy arrays (raw bytes, zlib, base64; float
arrays with few distinct values as those values and one- or two-byte codes),
DataFrames and the dataclasses registered with :func:`stored_type` (under a stable type name,
not an import path): no pickle, so loading a store runs no code.

    >>> import numpy as np
    >>> v = {"order": np.array([2, 0, 1]), "auc": 0.75, "pair": (1, "a")}
    >>> back = decode(encode(v))
    >>> back["order"].tolist(), back["auc"], back["pair"]
    ([2, 0, 1], 0.75, (1, 'a'))
"""
from __future__ import annotations

import base64
import dataclasses
import functools
import gzip
import hashlib
import inspect
import json
import marshal
import sys
import zlib
from importlib.metadata import PackageNotFoundError, version as _dist_version
from pathlib import Path

import numpy as np
import pandas as pd

from ._io import data_file_matches
from .io import atomic_write_bytes

#: the libraries whose versions enter every key
LIBRARIES = ("numpy", "scipy", "scikit-learn")


#: Key names of the tasks whose results were stored before tasks declared names: their keys
#: were made from the module path of the day, kept here so that the committed results are
#: found wherever the code now lives. A task named after this change needs no entry.
KEY_NAMES = {
    **{f"quevedo2007.{t}": f"featrank.experiments.quevedo2007.{t}"
       for t in ("ranking_task", "r2w2_task", "anticorrelated_task")},
    **{f"prati2012.{t}": f"featrank.experiments.prati2012.{t}"
       for t in ("run_fold", "dataset_summary")},
    **{f"izetta2017.{t}": f"featrank.experiments.izetta2017.{t}"
       for t in ("lists_task", "zhou_task", "curve_task", "timing_task",
                 "combine_timing_task", "split_C_task", "orders_task")},
    "izetta2017.q3_task": "featrank.experiments.izetta2017.q3sd.q3_task",
    "izetta2017.dilution_task": "featrank.experiments.izetta2017.ovo.dilution_task",
    "slavkov2018.variant_curves": "featrank.experiments.slavkov2018_scale.variant_curves",
    **{f"slavkov2020.{t}": f"featrank.experiments.slavkov2020.{t}"
       for t in ("rank_features", "rank_on_split", "ranker_curves", "noisy_curves",
                 "random_curve")},
}


def task(name: str, version: str):
    """Declare a stored task: its stable ``name`` (``"<experiment>.<task>"``; the last part
    names its family, the file its results are packed in) and its algorithm ``version``
    (bump it when its numbers change).

    >>> @task("demo.double", version="2")
    ... def double(x):
    ...     return 2 * x
    >>> task_name(double), task_family(double), task_version(double)
    ('demo.double', 'double', '2')
    """
    if name.count(".") < 1 or not all(part.isidentifier() for part in name.split(".")):
        raise ValueError(f"a task name is '<experiment>.<task>' of identifiers, not {name!r}")

    def mark(func):
        func.task_name, func.version = name, str(version)
        return func
    return mark


def task_name(func) -> str:
    """The declared name of a task, else its ``module.qualname``."""
    return getattr(func, "task_name", None) or f"{func.__module__}.{func.__qualname__}"


def task_family(func) -> str:
    """The task's family: the last part of its name (the file its results are packed in)."""
    declared = getattr(func, "task_name", None)
    return declared.rpartition(".")[2] if declared else func.__qualname__


def task_version(func) -> str:
    """The declared ``version``, else ``"src:"`` + a hash of the function's own source."""
    declared = getattr(func, "version", None)
    if declared is not None:
        return str(declared)
    try:
        text = inspect.getsource(func).encode()
    except (OSError, TypeError):
        code = func.__code__
        text = marshal.dumps((code.co_code, code.co_consts, code.co_names))
    return "src:" + hashlib.sha256(text).hexdigest()[:16]


def run_versions() -> str:
    """One line naming the Python and library versions a notebook ran with (numba and pandas
    included: they do not enter store keys, but a reader may want them).

    >>> run_versions().startswith("Python ")
    True
    """
    names = ("numpy", "scipy", "scikit-learn", "pandas", "numba")
    libs = ", ".join(f"{n} {_installed(n)}" for n in names)
    return f"Python {sys.version.split()[0]}, {libs}, featrank {_installed('featrank')}"


@functools.lru_cache(maxsize=None)   # read once per process: it parses the package metadata,
def _installed(name: str) -> str:    # which took 95 % of a render from the store
    try:
        return _dist_version(name)
    except PackageNotFoundError:
        return "absent"


def library_versions() -> dict:
    return {name: _installed(name) for name in LIBRARIES}


def _plain(v):
    """Parameters as plain JSON values (numpy scalars and tuples included)."""
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, np.ndarray):
        return {"__nd__": v.dtype.str, "data": v.tolist()}
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    raise TypeError(f"task parameter {v!r} ({type(v).__name__}) cannot enter a store key: "
                    "pass numbers, strings, lists, dicts or small arrays")


def task_key(func, params: dict) -> tuple[str, dict]:
    """``(key, identity)``: the entry's key and what it was made of."""
    name = task_name(func)
    ident = {"task": KEY_NAMES.get(name, name), "version": task_version(func),
             "params": _plain(params), "libs": library_versions()}
    text = json.dumps(ident, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32], ident


# ------------------------------------------------------------------------ values
def encode(v):
    """A JSON-able form of a task result (see the module docstring for what is allowed)."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, (int, float)) and type(v) in (int, float):
        return v
    if isinstance(v, np.ndarray):
        return _encode_array(v)
    if isinstance(v, np.generic):
        return {"__np__": v.dtype.str, "v": v.item()}
    if isinstance(v, tuple):
        return {"__tuple__": [encode(x) for x in v]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in v):
            return {k: encode(x) for k, x in v.items()}
        return {"__dict__": [[encode(k), encode(x)] for k, x in v.items()]}
    if isinstance(v, pd.DataFrame):
        return _encode_frame(v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        fields = {f.name: encode(getattr(v, f.name)) for f in dataclasses.fields(v)}
        return {"__dataclass__": _stored_name(type(v)), "fields": fields}
    raise TypeError(f"cannot store a {type(v).__name__}: task results must be numbers, "
                    "strings, lists, tuples, dicts, numpy arrays, DataFrames or dataclasses "
                    "registered with featrank.store.stored_type")


def _z(raw: bytes) -> str:
    return base64.b64encode(zlib.compress(raw, 9)).decode()


def _unz(text: str) -> bytes:
    return zlib.decompress(base64.b64decode(text))


def _encode_array(a: np.ndarray):
    if a.dtype.kind == "O":
        return {"__list_array__": [encode(x) for x in a.tolist()]}
    a = np.ascontiguousarray(a)
    out = {"__nd__": a.dtype.str, "shape": list(a.shape)}
    levels = _levels(a)
    if levels is None:
        return {**out, "z": _z(a.tobytes())}
    values, codes = levels
    return {**out, "levels": _z(values.tobytes()), "codes": _z(codes.tobytes()),
            "code": codes.dtype.str}


def _levels(a: np.ndarray):
    """``(distinct values, codes)`` of a float array with few distinct values, else None.

    Curves of accuracies over CV folds take a few dozen values (k / n_test): one byte a point
    instead of eight. Values are compared by their bits, so the array comes back bit for bit
    (signed zeros and NaN payloads too).

    >>> v, c = _levels(np.array([0.5, 0.25, -0.0, 0.0] * 4))
    >>> v.tolist(), c[:4].tolist()
    ([0.0, 0.25, 0.5, -0.0], [2, 1, 3, 0])
    >>> _levels(np.arange(4.0)) is None             # as many values as points: raw bytes
    True
    """
    if a.dtype.kind != "f" or a.size < 8:
        return None
    bits = a.reshape(-1).view(f"<u{a.dtype.itemsize}")
    uniq, codes = np.unique(bits, return_inverse=True)
    if len(uniq) > 2 ** 16 or len(uniq) * 4 > a.size:
        return None
    return uniq.view(a.dtype), codes.astype(np.uint8 if len(uniq) <= 256 else np.uint16)


def _encode_frame(df: pd.DataFrame):
    if not isinstance(df.index, pd.RangeIndex) or df.index.start != 0 or df.index.step != 1:
        df = df.reset_index(drop=False)
    cols = {str(c): encode(df[c].to_numpy() if df[c].dtype.kind in "biufcmM"
                           else np.asarray(df[c].tolist(), dtype=object))
            for c in df.columns}
    return {"__frame__": {"columns": [str(c) for c in df.columns], "data": cols}}


def decode(v):
    """The inverse of :func:`encode`."""
    if isinstance(v, list):
        return [decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__nd__" in v:
        dtype = np.dtype(v["__nd__"])
        if "levels" in v:
            values = np.frombuffer(_unz(v["levels"]), dtype=dtype)
            return values[np.frombuffer(_unz(v["codes"]), dtype=v["code"])].reshape(v["shape"])
        return np.frombuffer(_unz(v["z"]), dtype=dtype).reshape(v["shape"]).copy()
    if "__np__" in v:
        return np.dtype(v["__np__"]).type(v["v"])
    if "__tuple__" in v:
        return tuple(decode(x) for x in v["__tuple__"])
    if "__dict__" in v:
        return {_hashable(decode(k)): decode(x) for k, x in v["__dict__"]}
    if "__list_array__" in v:
        return np.array([decode(x) for x in v["__list_array__"]], dtype=object)
    if "__frame__" in v:
        f = v["__frame__"]
        return pd.DataFrame({c: decode(f["data"][c]) for c in f["columns"]},
                            columns=f["columns"])
    if "__dataclass__" in v:
        return _dataclass(v["__dataclass__"], {k: decode(x) for k, x in v["fields"].items()})
    return {k: decode(x) for k, x in v.items()}


def _hashable(k):
    return tuple(_hashable(x) for x in k) if isinstance(k, (list, tuple)) else k


#: the dataclasses a task may return, by stable type name (and the names stored before)
_TYPES: dict = {}


def stored_type(name: str, *aliases: str):
    """Register a dataclass that task results may hold, under a stable ``name`` (what new
    entries write) and the ``aliases`` older entries were written under, so that moving the
    class keeps every stored value readable.

    >>> @stored_type("demo.Pair")
    ... @dataclasses.dataclass
    ... class Pair:
    ...     a: int
    ...     b: str
    >>> encode(Pair(1, "x"))
    {'__dataclass__': 'demo.Pair', 'fields': {'a': 1, 'b': 'x'}}
    >>> decode(encode(Pair(1, "x")))
    Pair(a=1, b='x')
    """
    def register(cls):
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"stored_type registers dataclasses, not {cls.__name__}")
        for n in (name, *aliases):
            if _TYPES.get(n, cls) is not cls:
                raise ValueError(f"the stored type name {n!r} is taken by {_TYPES[n]!r}")
            _TYPES[n] = cls
        cls.__stored_type__ = name
        return cls
    return register


def _stored_name(cls) -> str:
    name = cls.__dict__.get("__stored_type__")
    if name is None:
        raise TypeError(f"cannot store a {cls.__name__}: register the dataclass with "
                        "featrank.store.stored_type(name) to give it a stable type name")
    return name


def _dataclass(name: str, fields: dict):
    cls = _TYPES.get(name)
    if cls is None:
        raise ValueError(f"a stored value is of type {name!r}, which no imported module "
                         "registers (featrank.store.stored_type): import the module that "
                         "defines it before reading the store")
    return cls(**fields)


# ------------------------------------------------------------------------ the store
class Store:
    """The entries of one namespace: read from ``read_dirs`` (in order; default: the write
    folder alone; an empty list reads nothing, as ``FEATRANK_STORE=refresh`` asks), written to
    ``write_dir`` (a loose file per entry, atomically)."""

    def __init__(self, write_dir, read_dirs=None):
        self.write_dir = Path(write_dir)
        dirs = [self.write_dir] if read_dirs is None else list(map(Path, read_dirs))
        self.read_dirs = list(dict.fromkeys(dirs))
        self._packs: dict = {}
        self.stale = self.capped = 0

    def get(self, family: str, key: str):
        """``(value, True)`` for a valid entry, else ``(None, False)`` (absent, unreadable
        or stale: a data file it read has changed)."""
        for d in self.read_dirs:
            entry = self._loose(d, family, key) or self._packed(d, family).get(key)
            if entry is None:
                continue
            if not all(data_file_matches(label, sha) for label, sha in entry["data"].items()):
                self.stale += 1
                return None, False
            self.capped += entry.get("capped", 0)
            return decode(entry["value"]), True
        return None, False

    def put(self, family: str, key: str, ident: dict, value, info: dict, seconds: float):
        """Store ``value`` with ``info``: ``data`` (``{file: sha256}`` read by the task) and
        ``capped`` (solver fits stopped at their iteration cap)."""
        entry = {"key": key, **ident, "data": info.get("data", {}),
                 "capped": int(info.get("capped", 0)), "seconds": round(float(seconds), 3),
                 "value": encode(value)}
        text = json.dumps(entry, sort_keys=True, separators=(",", ":"), allow_nan=True)
        atomic_write_bytes(self.write_dir / family / f"{key}.json", text.encode())

    @staticmethod
    def _loose(d: Path, family: str, key: str):
        p = d / family / f"{key}.json"
        try:
            return json.loads(p.read_bytes())
        except FileNotFoundError:
            return None
        except (ValueError, OSError):            # unreadable: run the task again
            return None

    def _packed(self, d: Path, family: str) -> dict:
        k = (d, family)
        if k not in self._packs:
            self._packs[k] = read_family(d, family)
        return self._packs[k]


#: a family with more entries, or more than SHARD_BYTES of JSON, is packed in 16 shards by the
#: first hex digit of the key, so each file stays well under 2 MB compressed (ranking tasks:
#: ~45 bytes an entry compressed; a fold of notebook 02: ~11 KB)
SHARD_AT = 20_000
SHARD_BYTES = 4_000_000


def _pack_files(directory: Path, family: str) -> list:
    return sorted([*directory.glob(f"{family}.jsonl.gz"), *directory.glob(f"{family}.?.jsonl.gz")])


def read_family(directory, family: str) -> dict:
    """``{key: entry}`` of a family's packed file(s) under ``directory``."""
    out = {}
    for path in _pack_files(Path(directory), family):
        out.update(read_pack(path))
    return out


def read_pack(path) -> dict:
    """``{key: entry}`` of one packed file (empty if there is none); parsed once per
    process and file version."""
    path = Path(path)
    if not path.exists():
        return {}
    st = path.stat()
    return _read_pack(str(path), st.st_mtime_ns, st.st_size)


class DamagedStore(RuntimeError):
    """A packed store file cannot be read whole (cut short, or its bytes changed: gzip's
    CRC-32 and length of the content are checked on every read)."""


@functools.lru_cache(maxsize=64)
def _read_pack(path: str, mtime_ns: int, size: int) -> dict:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            entries = [json.loads(line) for line in fh if line.strip()]
        return {e["key"]: e for e in entries}
    except (EOFError, OSError, zlib.error, ValueError, KeyError, TypeError) as err:
        raise DamagedStore(
            f"the result store file {path} is damaged ({type(err).__name__}: {err}). A "
            f"committed one is restored by `git checkout -- {path}`; otherwise delete it, "
            "and its results are computed again") from None


def contents(directory) -> dict:
    """``{family: (entries, seconds)}`` of the store under ``directory`` (packed and loose):
    how many results it holds and the compute time they took when they were made.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> ident = {"task": "mod.f", "version": "1", "params": {}, "libs": {}}
    >>> Store(d).put("f", "0a1b", ident, [1.5], {}, seconds=2.25)
    >>> contents(d)
    {'f': (1, 2.25)}
    >>> _ = pack(d); contents(d)
    {'f': (1, 2.25)}
    """
    directory = Path(directory)
    if not directory.is_dir():
        return {}
    out = {}
    for family in _families(directory):
        entries = _entries(directory, family, sorted((directory / family).glob("*.json")))
        out[family] = (len(entries), sum(float(e.get("seconds", 0.0)) for e in entries.values()))
    return out


def _families(directory: Path) -> list:
    """The task families of a store folder: its subfolders (loose entries) and packed files."""
    families = {p.name for p in directory.iterdir() if p.is_dir()}
    families |= {p.name.split(".")[0] for p in directory.glob("*.jsonl.gz")}
    return sorted(families)


def _entries(directory: Path, family: str, loose: list) -> dict:
    """``{key: entry}`` of a family's packed files, updated with the readable ``loose`` ones."""
    entries = dict(read_family(directory, family))
    for p in loose:
        try:
            e = json.loads(p.read_bytes())
        except ValueError:
            continue
        entries[e["key"]] = e
    return entries


def pack(directory) -> dict:
    """Fold the loose entries under ``directory`` into its packed files (``<family>.jsonl.gz``,
    or 16 shards ``<family>.<hex>.jsonl.gz`` past :data:`SHARD_AT` entries; atomic rewrites,
    sorted by key, so the bytes depend only on the entries), then delete them. Returns
    ``{family: number of entries}``."""
    directory = Path(directory)
    counts = {}
    for family in _families(directory):
        sub = directory / family
        loose = sorted(sub.glob("*.json"))
        entries = _entries(directory, family, loose)
        _write_family(directory, family, entries)
        for p in loose:
            p.unlink()
        if sub.is_dir() and not any(sub.iterdir()):
            sub.rmdir()
        counts[family] = len(entries)
    return counts


def _compact(v):
    """A stored value with its float arrays encoded anew, so those with few distinct values
    take the levels form (entries written before it existed are re-encoded when packed; both
    forms decode the same).

    >>> old = {"__nd__": "<f8", "shape": [8], "z": _z(np.zeros(8).tobytes())}
    >>> sorted(_compact({"ffa": old})["ffa"])
    ['__nd__', 'code', 'codes', 'levels', 'shape']
    """
    if isinstance(v, list):
        return [_compact(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__nd__" in v and "z" in v and np.dtype(v["__nd__"]).kind == "f":
        return _encode_array(decode(v))
    return {k: _compact(x) for k, x in v.items()}


def _write_family(directory: Path, family: str, entries: dict) -> None:
    old = set(_pack_files(directory, family))
    text = {k: json.dumps({**e, "value": _compact(e["value"])}, sort_keys=True,
                          separators=(",", ":")) + "\n"
            for k, e in entries.items()}
    if len(entries) > SHARD_AT or sum(map(len, text.values())) > SHARD_BYTES:
        groups = {f"{family}.{h}.jsonl.gz": [k for k in entries if k[0] == h]
                  for h in "0123456789abcdef"}
    else:
        groups = {f"{family}.jsonl.gz": list(entries)}
    for name, keys in groups.items():
        lines = "".join(text[k] for k in sorted(keys))
        atomic_write_bytes(directory / name, gzip.compress(lines.encode(), 9, mtime=0))
        old.discard(directory / name)
    for path in old:
        path.unlink()


def main(argv=None) -> int:
    """``python -m featrank.store pack DIR...``: pack the loose entries of each store."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2 or argv[0] != "pack":
        print("usage: python -m featrank.store pack DIR [DIR ...]")
        return 2
    for d in argv[1:]:
        if Path(d).is_dir():
            for family, n in pack(d).items():
                print(f"{d}: {family}: {n} entries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
