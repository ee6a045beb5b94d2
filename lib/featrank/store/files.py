"""The store on disk: one namespace's entries, read from loose and packed files, written loose.

Per namespace (a notebook) and task family (a task function): ``<dir>/<family>.jsonl.gz``, one
JSON line per entry, sorted by key (the compact form that is committed; large families in 16
shards ``<family>.<hex>.jsonl.gz``), and ``<dir>/<family>/<key>.json``, one file per entry
written atomically the moment its task finishes (:func:`pack` folds them into the first;
``python -m featrank.store pack DIR...`` runs :func:`main`).
"""
from __future__ import annotations

import functools
import gzip
import json
import sys
import zlib
from pathlib import Path

from .provenance import data_file_matches
from ..io import atomic_write_bytes
from .values import _compact, decode, encode


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
#: ~45 bytes an entry compressed; a fold of notebook 02: ~11 KB; orders in their compact
#: forms compress least, 1.3 to 1.6 bytes of JSON to one of gzip)
SHARD_AT = 20_000
SHARD_BYTES = 2_000_000


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


def damaged_files(directory) -> list:
    """``(path, reason)`` of each packed file under ``directory`` that cannot be read whole
    (gzip checks its CRC-32 and length while it is decompressed; nothing is parsed), so a run
    can refuse before it starts instead of failing deep inside.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "f.jsonl.gz").write_bytes(gzip.compress(b'{"key": "a"}\\n')[:-3])
    >>> [(p.name, why) for p, why in damaged_files(d)]
    [('f.jsonl.gz', 'EOFError: Compressed file ended before the end-of-stream marker was reached')]
    """
    out = []
    for path in sorted(Path(directory).glob("*.jsonl.gz")):
        try:
            with gzip.open(path, "rb") as fh:
                while fh.read(1 << 20):
                    pass
        except (EOFError, OSError, zlib.error) as err:
            out.append((path, f"{type(err).__name__}: {err}"))
    return out


def main(argv=None) -> int:
    """``python -m featrank.store pack DIR...``: pack the loose entries of each store.
    ``python -m featrank.store check DIR...``: exit status 2, naming the first damaged
    packed file and the command that restores it, when one cannot be read whole."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2 or argv[0] not in ("pack", "check"):
        print("usage: python -m featrank.store pack|check DIR [DIR ...]")
        return 2
    if argv[0] == "check":
        return _check(argv[1:])
    for d in argv[1:]:
        if Path(d).is_dir():
            for family, n in pack(d).items():
                print(f"{d}: {family}: {n} entries")
    return 0


def _check(dirs) -> int:
    damaged = [hit for d in dirs if Path(d).is_dir() for hit in damaged_files(d)]
    if not damaged:
        return 0
    path, why = damaged[0]
    more = f" (and {len(damaged) - 1} more)" if len(damaged) > 1 else ""
    print(f"the result store file {path} is damaged ({why}){more}.\n"
          f"Restore the committed one with `git checkout -- {path}` and run again (a file "
          "that was never committed: delete it, and its results are computed again).",
          file=sys.stderr)
    return 2
