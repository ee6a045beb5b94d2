"""The provenance of a stored result: which data files a task read, with their checksums
(:func:`recording_reads` around a task, :func:`note_read` when a dataset is loaded), and
whether a stored entry still matches the files on this machine (:func:`data_file_matches`)."""
from __future__ import annotations

import contextlib
import functools
import hashlib
from pathlib import Path

from .. import config
from ..context import RunContext, current


# ------------------------------------------------------------- data files a task reads
@contextlib.contextmanager
def recording_reads(run: RunContext | None = None):
    """Collect ``{label: sha256}`` of every data file :func:`note_read` sees meanwhile in
    ``run`` (default: the current run)."""
    recorders = (run or current()).recorders
    seen: dict = {}
    recorders.append(seen)
    try:
        yield seen
    finally:
        recorders.remove(seen)


def note_read(path, run: RunContext | None = None) -> None:
    """Tell the open recorders of ``run`` (default: the current run) that a data file was
    read (``featrank.datasets.load``)."""
    recorders = (run or current()).recorders
    if not recorders:
        return
    path = Path(path)
    label, sha = data_label(path), file_sha256(path)
    for seen in recorders:
        seen[label] = sha


def data_label(path: Path) -> str:
    """A file's name relative to the data folder holding it (the same on every machine),
    else its absolute path."""
    path = Path(path).resolve()
    for d in config.data_dirs():
        try:
            return path.relative_to(d.resolve()).as_posix()
        except ValueError:
            continue
    return str(path)


def data_file_matches(label: str, sha: str) -> bool:
    """False only when the file named by ``label`` is here with another checksum (an absent
    file cannot be checked: the stored result stands)."""
    p = Path(label)
    candidates = [p] if p.is_absolute() else [d / p for d in config.data_dirs()]
    for c in candidates:
        if c.is_file():
            return file_sha256(c) == sha
    return True


def file_sha256(path) -> str:
    st = Path(path).stat()
    return _sha256(str(Path(path).resolve()), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=512)
def _sha256(path: str, mtime_ns: int, size: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
