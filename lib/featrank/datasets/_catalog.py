"""The catalogue of every real dataset of the papers, and ``load(name_or_path)``.

Files are looked up in ``$FEATRANK_DATA``, then ``data/raw/`` (``featrank.config.data_dirs``);
failing that, datasets with a public source are downloaded into ``data/raw/`` (UCI sets from
OpenML via ``sklearn.datasets.fetch_openml``, other files through ``pooch`` against the
recorded sha256). ``FEATRANK_OFFLINE=1`` (or ``download=False``) turns downloads off.
Anything that cannot be had raises ``FileNotFoundError`` naming the dataset, the file and
the folder to put it in.

(Over 400 lines: the tests stand in for the data folder and the network by patching this
module's ``raw_dir`` and ``_online``, so the look-up, the loading and the download that read
them stay in one module.)
"""
from __future__ import annotations

import csv
import hashlib
import os
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..store.provenance import note_read
from ..config import data_dirs, raw_dir
from ._dataset import Dataset
from .frame import to_frame
from ._entries import ENTRIES, PAPER_KINDS, TABLES, YEARS
from . import loaders
from . import _bundled

PAPERS = tuple(TABLES)  # Slavkov2020, Slavkov2018, Prati2012, Izetta2017
CATALOG_COLUMNS = ["name", "aliases", "papers", "tables", "n_samples", "n_features", "n_classes",
                   "source", "file", "available"]


@lru_cache(maxsize=None)
def recorded_files() -> dict:
    """``{relative path: (sha256, n_samples, n_features)}`` of the mirrored files."""
    with open(Path(__file__).with_name("files.csv"), newline="") as fh:
        return {r["path"]: (r["sha256"], int(r["n_samples"]), int(r["n_features"]))
                for r in csv.DictReader(fh)}


def _parts(entry) -> list[str]:
    """The relative file paths an entry needs."""
    if entry["kind"] == "multif":
        return [entry["file"] + f for _, f, _ in loaders.MULTIF_VIEWS]
    return [entry["file"]]


def _find(rel: str) -> Path | None:
    for d in data_dirs():
        p = d / rel
        if p.is_file():
            return p
    return None


def _locate(entry) -> list[Path] | None:
    if entry["kind"] == "bundled":  # a copy inside an installed package
        return _bundled.locate(entry["name"])
    found = [_find(rel) for rel in _parts(entry)]
    return None if any(f is None for f in found) else found


@lru_cache(maxsize=None)
def _name_index() -> dict:
    idx = {}
    for e in ENTRIES:
        for key in [e["name"], *e["aliases"]]:
            if key in idx and idx[key] is not e:
                raise RuntimeError(f"catalogue: name {key!r} used twice")
            idx[key] = e
    return idx


def entry(name: str) -> dict:
    """The catalogue row of a name or alias (exact match first, then case-insensitive
    if that is unambiguous: ``leukemia`` is the biolab set, ``Leukemia`` Monti's)."""
    idx = _name_index()
    if name in idx:
        return idx[name]
    low = [k for k in idx if k.lower() == str(name).lower()]
    hits = {id(idx[k]): idx[k] for k in low}
    if len(hits) == 1:
        return next(iter(hits.values()))
    if len(hits) > 1:
        raise ValueError(f"dataset name {name!r} is ambiguous: {sorted(low)}; use the exact case")
    import difflib

    close = difflib.get_close_matches(str(name), list(idx), n=4)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    raise ValueError(f"unknown dataset {name!r}: not in the catalogue (featrank.datasets.catalog())"
                     f" and not an existing file{hint}")


def _fmt_shape(s):
    return f"{s[0]}x{s[1]}x{s[2]}"


def catalog(paper: str | None = None):
    """Every dataset of the papers' tables (and the other mirrored files) as a DataFrame.

    Columns: ``name, aliases, papers, tables, n_samples, n_features, n_classes, source, file,
    available`` (files present in a data folder now), then ``kind`` (reader), ``download``
    (public source the library can fetch, if any), ``paper_names`` (the name each paper
    prints), ``paper_shapes`` (instances x features x classes as each paper prints them,
    class excluded), ``shape_differs`` (papers whose printed shape differs from ours) and
    ``note``. ``paper`` ("Slavkov2020", "Slavkov2018", "Prati2012", "Izetta2017" or a year)
    keeps that paper's rows, adding ``paper_name``, ``paper_n_samples``, ``paper_n_features``,
    ``paper_n_classes`` for it (and ``paper_n_nominal``, ``paper_n_numeric`` where the paper
    prints the split: Slavkov 2020, Prati 2012).
    """
    import pandas as pd

    rows = []
    for e in ENTRIES:
        n, p, c = e["shape"]
        refs = [r for r in PAPERS if r in e["papers"]]
        differs = [r for r in refs if tuple(e["papers"][r][1]) != tuple(e["shape"])]
        dl = (f"openml:{e['openml'][0]} v{e['openml'][1]}" if e.get("openml") else
              e["url"] if e.get("url") else "")
        rows.append(dict(
            name=e["name"], aliases=",".join(e["aliases"]),
            papers=",".join(sorted({YEARS[r] for r in refs})),
            tables=";".join(f"{r}:{TABLES[r]}" for r in refs),
            n_samples=n, n_features=p, n_classes=c, source=e["source"],
            file=";".join(_parts(e)) if e["kind"] == "multif" else e["file"],
            available=_locate(e) is not None, kind=e["kind"], download=dl,
            paper_names=";".join(f"{r}:{e['papers'][r][0]}" for r in refs),
            paper_shapes=";".join(f"{r}:{_fmt_shape(e['papers'][r][1])}" for r in refs),
            shape_differs=",".join(differs), note=e["note"]))
    df = pd.DataFrame(rows)
    if paper is None:
        return df
    ref = _paper_ref(paper)
    df = df[df["tables"].str.contains(ref + ":", regex=False)].copy()
    shapes = {e["name"]: e["papers"][ref] for e in ENTRIES if ref in e["papers"]}
    df.insert(1, "paper_name", [shapes[n][0] for n in df["name"]])
    for k, col in enumerate(["paper_n_samples", "paper_n_features", "paper_n_classes"]):
        df[col] = [shapes[n][1][k] for n in df["name"]]
    if ref in PAPER_KINDS:  # the (nominal, numeric) split the paper prints
        kinds = PAPER_KINDS[ref]
        df["paper_n_nominal"] = [kinds[n][0] for n in df["name"]]
        df["paper_n_numeric"] = [kinds[n][1] for n in df["name"]]
    return df.reset_index(drop=True)


def _paper_ref(paper) -> str:
    paper = str(paper)
    for r in PAPERS:
        if paper.lower() in (r.lower(), YEARS[r]) or paper.lower() == r.lower()[:-4] + YEARS[r]:
            return r
    raise ValueError(f"unknown paper {paper!r}; choose one of {PAPERS} (or a year)")


def availability() -> dict:
    """``{paper: (available, listed)}`` counted from the files present now."""
    cat = catalog()
    out = {}
    for r in PAPERS:
        sub = cat[cat["tables"].str.contains(r + ":", regex=False)]
        out[r] = (int(sub["available"].sum()), len(sub))
    return out


def _offline(download) -> bool:
    if download is not None:
        return not download
    return os.environ.get("FEATRANK_OFFLINE", "") not in ("", "0", "false", "False")


def _read(e, paths, name) -> Dataset:
    kind, kw = e["kind"], e["kw"]
    p = paths[0]
    if kind == "arff":
        return loaders.load_arff(p, name=name, **kw)
    if kind == "robot":
        return loaders.load_robot(p, name=name)
    if kind == "keel":
        return loaders.load_keel_dat(p, name=name)
    if kind == "colon":
        return loaders.load_colon(p, name=name)
    if kind == "synthetic_control":
        return loaders.load_synthetic_control(p, name=name)
    if kind == "waveform_v1":
        return loaders.load_waveform_v1(p, name=name)
    if kind == "table_csv":
        return loaders.load_table(p, sep=",", name=name)
    if kind == "bundled":
        return _bundled.read(e["name"])
    if kind == "multif":
        return loaders.load_multif(p.parent, name=name)
    raise ValueError(f"{name}: no reader for kind {kind!r}")


def load(name_or_path, *, keep_ids: bool = False, download: bool | None = None,
         target=None, check_shape: bool = True, as_frame: bool = False,
         **read_options) -> Dataset:
    """Load a catalogue dataset by name/alias, or a user's own ``.arff``/``.csv`` file.

    Parameters
    ----------
    name_or_path : catalogue name or alias (``"chess"``, ``"kr-vs-kp"``), or a path to an
        ARFF file (class last unless ``target`` says otherwise) or a CSV file with a header.
    keep_ids : keep identifier attributes the catalogue drops (bridges' IDENTIF, ...).
    download : allow a download when no local copy exists (default: unless
        ``$FEATRANK_OFFLINE`` is set).
    target : for a user's file: class attribute (name, index, ``"first"``/``"last"``).
    check_shape : compare with the catalogue's shape (raises ``ValueError`` on a mismatch).
    as_frame : ``X`` as a pandas DataFrame whose nominal columns have dtype ``category`` with
        the file's declared values (in declared order), the others float; rankers and
        learners read the nominal columns from the dtypes (``InfoGain().fit(ds.X, ds.y)``).
        Default: ``X`` a float array of codes, nominal columns given by ``ds.categorical``.
    **read_options : for a user's CSV file: ``sep``, ``decimal``, ``na_values``, ``index_col``,
        ``nominal`` (see :func:`~featrank.datasets.csvfile.load_csv`).
    """
    ds = _load(name_or_path, keep_ids, download, target, check_shape, **read_options)
    return replace(ds, X=to_frame(ds)) if as_frame else ds


def _load(name_or_path, keep_ids, download, target, check_shape, **read_options) -> Dataset:
    s = str(name_or_path)
    if _is_user_file(name_or_path, read_options):
        ds = _load_user_file(Path(name_or_path), target, **read_options)
        note_read(name_or_path)
        return ds
    e = entry(s)
    paths = _locate(e)
    if paths is None:
        paths = _fetch(e, offline=_offline(download))
    for p in paths:
        note_read(p)          # the result store checks these files' checksums
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
    ds = _copy(_read_cached(e["name"], keep_ids, stamp))
    if check_shape and not keep_ids:
        got = (ds.n_samples, ds.n_features, ds.n_classes)
        if got != tuple(e["shape"]):
            raise ValueError(f"{e['name']}: loaded shape {_fmt_shape(got)} (samples x features x "
                             f"classes) from {paths[0]} differs from the catalogue's "
                             f"{_fmt_shape(e['shape'])}; is the file the right version?")
    return ds


@lru_cache(maxsize=8)
def _read_cached(name: str, keep_ids: bool, stamp: tuple) -> Dataset:
    """Parse once per process (keyed by the files' paths, mtimes and sizes): experiment
    tasks call ``load`` again and again; each caller gets its own copy (see ``_copy``)."""
    e = entry(name)
    paths = [Path(p) for p, _, _ in stamp]
    if keep_ids:
        e = {**e, "kw": {k: v for k, v in e["kw"].items() if k != "drop"}}
    ds = _read(e, paths, e["name"])
    ds.meta.update(catalog_name=e["name"], files=[str(p) for p in paths])
    return ds


def _copy(ds: Dataset) -> Dataset:
    import copy
    from dataclasses import replace

    return replace(ds, X=ds.X.copy(), y=ds.y.copy(), feature_names=list(ds.feature_names),
                   classes=list(ds.classes), categorical=ds.categorical.copy(),
                   categories=[None if c is None else list(c) for c in ds.categories],
                   meta=copy.deepcopy(ds.meta))


def _is_user_file(name_or_path, read_options) -> bool:
    """A ``Path``, a string naming an existing file, or one with a path separator or an
    ``.arff``/``.csv`` ending is a user's file; anything else is a catalogue name, which
    takes no ``read_options`` (they are for a user's CSV file)."""
    s = str(name_or_path)
    if (isinstance(name_or_path, Path) or os.path.isfile(s) or os.sep in s
            or s.lower().endswith((".arff", ".csv", ".arff.gz"))):
        return True
    if read_options:
        raise TypeError(f"{sorted(read_options)} apply to a user's CSV file, and {s!r} is not "
                        "an existing file")
    return False


def _load_user_file(path: Path, target, **read_options) -> Dataset:
    """A user's ``.arff`` or ``.csv`` file (``read_options`` go to :func:`.csvfile.load_csv`)."""
    if not path.is_file():
        raise FileNotFoundError(f"no such data file: {path}")
    low = path.name.lower()
    target = "last" if target is None else target
    if low.endswith(".csv"):
        return loaders.load_csv(path, target=target, **read_options)
    if low.endswith((".arff", ".arff.gz")) and read_options:
        raise TypeError(f"{path}: {sorted(read_options)} apply to CSV files only")
    if low.endswith((".arff", ".arff.gz")):
        return loaders.load_arff(path, target=target)
    kind = f"format {path.suffix!r}" if path.suffix else "format (no file extension)"
    raise ValueError(f"{path}: unsupported {kind}: use .arff or .csv (with a header row); "
                     "read another delimited text file with featrank.datasets.load_csv(path, "
                     "sep=...)")


def _missing_error(e, why: str = "") -> FileNotFoundError:
    parts = _parts(e)
    folders = [str(d) for d in data_dirs()]
    msg = (f"dataset {e['name']!r} is not available: expected file(s) {', '.join(parts)} "
           f"under one of {folders} (set $FEATRANK_DATA to a folder holding them, or put "
           f"them under {raw_dir()}/). Source: {e['source']}.")
    if e["kind"] == "arff" and e["file"] not in recorded_files():
        msg += " Supply it as a Weka ARFF file with the class as the last attribute."
    if why:
        msg += f" ({why})"
    return FileNotFoundError(msg)


def _fetch(e, offline: bool) -> list[Path]:
    """Download a missing dataset into ``data/raw/`` where a public source exists."""
    if not (e.get("openml") or e.get("url")):
        raise _missing_error(e, "no public download for it")
    if offline:
        raise _missing_error(e, "downloads are off: FEATRANK_OFFLINE is set or download=False")
    if not _online(e):
        raise _missing_error(e, "the machine is offline, so it could not be downloaded")
    target = raw_dir() / e["file"]
    try:
        if e.get("openml"):
            _fetch_openml(e, target)
        else:
            _fetch_url(e, target)
    except Exception as exc:  # noqa: BLE001 - any failure becomes the clear error
        raise _missing_error(e, f"download failed: {type(exc).__name__}: {exc}") from exc
    return [target]


def _online(e, timeout: float = 3.0) -> bool:
    import socket
    from urllib.parse import urlparse

    host = "www.openml.org" if e.get("openml") else urlparse(e["url"]).hostname
    try:
        socket.create_connection((host, 443), timeout=timeout).close()
        return True
    except OSError:
        return False


def _fetch_openml(e, target: Path):
    """OpenML copy of a Weka UCI dataset (checksummed by fetch_openml), saved as ARFF."""
    from sklearn.datasets import fetch_openml

    from .arff import write_arff

    name, version = e["openml"]
    bunch = fetch_openml(name=name, version=version, as_frame=True, parser="liac-arff",
                         data_home=str(raw_dir() / "openml"))
    frame = bunch.frame
    X, categorical, categories = [], [], []
    for col in bunch.feature_names:
        s = frame[col]
        if str(s.dtype) == "category":
            codes = s.cat.codes.to_numpy().astype(float)
            codes[codes < 0] = np.nan
            X.append(codes), categorical.append(True), categories.append([str(c) for c in s.cat.categories])
        else:
            X.append(s.to_numpy(dtype=float)), categorical.append(False), categories.append(None)
    yser = frame[bunch.target_names[0]]
    classes = [str(c) for c in yser.cat.categories] if str(yser.dtype) == "category" else None
    y = yser.cat.codes.to_numpy() if classes else yser.to_numpy()
    ds = Dataset(np.column_stack(X), y, list(bunch.feature_names), classes, np.array(categorical),
                 categories, e["name"])
    tgt = e["kw"].get("target", "last")
    tmp = target.with_name(target.name + ".part")
    write_arff(ds, tmp, relation=f"{name} (OpenML v{version})", class_first=tgt == "first",
               class_name=tgt if tgt not in ("first", "last") else "class")
    got = _read(e, [tmp], e["name"])
    if (got.n_samples, got.n_features, got.n_classes) != tuple(e["shape"]):
        tmp.unlink()
        raise ValueError(f"OpenML {name} v{version} has shape {got.n_samples}x{got.n_features}x"
                         f"{got.n_classes}, the catalogue expects {_fmt_shape(e['shape'])}")
    os.replace(tmp, target)


def _fetch_url(e, target: Path):
    import pooch

    sha = recorded_files().get(e["file"], (None,))[0]
    pooch.retrieve(e["url"], known_hash=f"sha256:{sha}" if sha else None,
                   fname=target.name, path=str(target.parent), progressbar=False)


def sha256(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify_files():
    """Check every recorded file: present where, and its sha256 against the recorded one.

    Returns a DataFrame ``path, found_in, sha256_ok, n_samples, n_features`` (``sha256_ok`` is
    None for absent files).
    """
    import pandas as pd

    rows = []
    for rel, (sha, n, p) in recorded_files().items():
        f = _find(rel)
        rows.append(dict(path=rel, found_in=str(f.parent) if f else "", n_samples=n, n_features=p,
                         sha256_ok=(sha256(f) == sha) if f else None))
    return pd.DataFrame(rows)
