"""Which datasets of a list can be had here, and a record of the ones a run had to skip.

A notebook asks :func:`available_datasets` for the real datasets its profile would use. Each
one is taken from a data folder (``$FEATRANK_DATA``, ``data/raw/``), else downloaded when it is
public and downloads are on (``FEATRANK_OFFLINE`` unset) and the host answers, else replaced by
scikit-learn's copy of the same data where the catalogue has one (``iris-sklearn``,
``wine-sklearn``), else skipped: one printed line names it, the file it needs and how to get
it, and the notebook's list of skipped datasets is written to ``<cache>/skipped/<notebook>.csv``
(:func:`skipped_datasets` gathers them; ``python -m featrank.datasets --skipped`` prints them).
"""
from __future__ import annotations

import socket
import threading
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlparse

import pandas as pd

from ..io import atomic_write_bytes
from ..config import cache_dir, mark_incomplete
from ..context import current
from . import _bundled
from ._catalog import _fetch, _locate, _offline, _parts, entry, load, recorded_files

SKIPPED_COLUMNS = ["dataset", "notebook", "file", "how_to_get"]


def how_to_get(name: str) -> str:
    """How to obtain a catalogue dataset, in a phrase: the download ``make data`` makes, or
    the source to ask (the file then goes under ``$FEATRANK_DATA`` or ``data/raw/``)."""
    e = entry(name)
    if e.get("openml"):
        return f"`make data` downloads it (OpenML {e['openml'][0]} v{e['openml'][1]})"
    if e.get("url"):
        return f"`make data` downloads it ({e['url']})"
    text = f"no download; source: {e['source']}"
    if e["kind"] == "arff" and e["file"] not in recorded_files():
        text += "; supply it as a Weka ARFF file, class last"
    return text


def download_host(e) -> str:
    """The host a public dataset is downloaded from."""
    return "www.openml.org" if e.get("openml") else urlparse(e["url"]).hostname


@lru_cache(maxsize=None)
def reachable(host: str, timeout: float = 3.0) -> bool:
    """Does ``host`` accept a connection on port 443 within ``timeout`` seconds (name lookup
    included: the probe runs in a daemon thread, so a hanging resolver costs ``timeout`` at
    most)? Asked once per host and process."""
    answer = []

    def probe():
        try:
            socket.create_connection((host, 443), timeout=timeout).close()
            answer.append(True)
        except OSError:
            pass

    thread = threading.Thread(target=probe, daemon=True)
    thread.start()
    thread.join(timeout)
    return bool(answer)


def download(name: str, allow: bool | None = None) -> str:
    """Fetch a missing public dataset into ``data/raw/``. Returns ``""`` on success, else why
    not (not public, downloads off, host unreachable, the download's error)."""
    e = entry(name)
    if not (e.get("openml") or e.get("url")):
        return "no public download"
    if _offline(allow):
        return "downloads are off (FEATRANK_OFFLINE)"
    if not reachable(download_host(e)):
        return f"offline: {download_host(e)} cannot be reached"
    try:
        _fetch(e, offline=False)
    except FileNotFoundError as exc:  # _fetch's message ends with "(download failed: ...)"
        return str(exc).rsplit(" (", 1)[-1].rstrip(")")
    return ""


def _substitute(name: str) -> str | None:
    """The bundled copy of ``name`` when it can be read here, else ``None``."""
    copy = _bundled.bundled_copy(entry(name)["name"])
    if copy is None or _locate(entry(copy)) is None:
        return None
    try:
        load(copy)
    except ValueError as exc:  # scikit-learn's data no longer the catalogue's
        print(f"not using {copy}: {exc}")
        return None
    return copy


def available_datasets(names, *, notebook: str | None = None, substitute: bool = True,
                       download_missing: bool | None = None) -> list[str]:
    """The catalogue datasets of ``names`` that can be loaded here, in their order.

    A dataset absent from the data folders is downloaded when it is public and downloads are
    on (``download_missing``, default: unless ``$FEATRANK_OFFLINE``); else, with
    ``substitute``, replaced by scikit-learn's copy of the same data (its own catalogue name,
    e.g. ``iris-sklearn``, is returned, and a line says so); else left out, with one printed
    line naming it, its file and how to get it. Prints nothing when every dataset is here.
    ``notebook``: record the left-out ones in ``<cache>/skipped/<notebook>.csv`` (the first
    call of a run starts the notebook's record afresh), for ``make``'s closing table.
    """
    keep, skipped = [], []
    for name in dict.fromkeys(names):
        e = entry(name)
        if _locate(e) is not None:
            keep.append(name)
            continue
        why = download(name, download_missing)
        if not why:
            keep.append(name)
            continue
        copy = _substitute(name) if substitute else None
        if copy is not None:
            print(f"{name}: {' + '.join(_parts(e))} is not here; using {copy}, "
                  f"{entry(copy)['source']}, the same data")
            keep.append(copy)
            continue
        text = how_to_get(name)
        if why.startswith("download failed"):
            text += f" ({why})"
        print(f"skipped {name}: needs {' + '.join(_parts(e))} in $FEATRANK_DATA or data/raw/; {text}")
        skipped.append(dict(dataset=name, notebook=notebook or "", file=";".join(_parts(e)),
                            how_to_get=text))
    if notebook is not None:
        _record(notebook, skipped)
    return keep


def skipped_dir() -> Path:
    """``<cache>/skipped/``: one CSV per notebook listing the datasets its last run skipped."""
    return cache_dir() / "skipped"


def _record(notebook: str, rows: list) -> None:
    """Add ``rows`` to the current run's record of the datasets ``notebook`` skipped (the run's
    :attr:`featrank.context.RunContext.skipped`), and write that record."""
    run = current()
    book = run.skipped.setdefault(notebook, {})
    book.update({r["dataset"]: r for r in rows})
    if any(obtainable(name) for name in book):   # a partial run stays out of figures/
        mark_incomplete(notebook, run)
    df = pd.DataFrame(list(book.values()), columns=SKIPPED_COLUMNS)
    atomic_write_bytes(skipped_dir() / f"{notebook}.csv", df.to_csv(index=False).encode())


def obtainable(name: str) -> bool:
    """Can the dataset be had: a public download, or a file whose sha256 the catalogue
    records (the mirror the committed outputs were made with)? Datasets nobody can get
    (not public, not mirrored) do not make a run partial."""
    e = entry(name)
    return bool(e.get("openml") or e.get("url")
                or any(part in recorded_files() for part in _parts(e)))


def run_was_complete(notebook: str, folder=None) -> bool:
    """True if the notebook's last run skipped no obtainable dataset (or recorded none)."""
    path = (Path(folder) if folder is not None else skipped_dir()) / f"{notebook}.csv"
    if not path.exists():
        return True
    return not any(obtainable(name) for name in pd.read_csv(path)["dataset"])


def skipped_datasets(folder=None) -> pd.DataFrame:
    """The datasets the notebooks' last runs skipped, one row per dataset: ``dataset``,
    ``notebooks`` (comma-separated), ``file``, ``how_to_get``."""
    folder = Path(folder) if folder is not None else skipped_dir()
    frames = [pd.read_csv(f, dtype=str, keep_default_na=False)
              for f in sorted(folder.glob("*.csv"))] if folder.is_dir() else []
    rows = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=SKIPPED_COLUMNS)
    out = rows.groupby("dataset", sort=False).agg(
        notebooks=("notebook", lambda s: ", ".join(sorted(set(s)))),
        file=("file", "first"), how_to_get=("how_to_get", "first")).reset_index()
    return out.sort_values("dataset", key=lambda c: c.str.lower()).reset_index(drop=True)
