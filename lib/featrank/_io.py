"""File helpers: atomic writes (nothing half-written stays on disk after a failure) and the
record of which data files a task read, with their checksums (for the result store)."""
from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import tempfile
from pathlib import Path

from . import config


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file and an atomic rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual file mode
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def save_table(df, notebook: str, name: str, **to_csv_kwargs) -> Path:
    """Save a derived table as ``data/results/<notebook>/<name>.csv`` (atomically; under
    ``$FEATRANK_OUTPUT`` when that is set)."""
    path = config.results_out_dir(notebook) / f"{name}.csv"
    text = df.to_csv(**{"index": False, "float_format": "%.6g", **to_csv_kwargs})
    return atomic_write_bytes(path, text.encode())


# ------------------------------------------------------------- data files a task reads
_RECORDERS: list[dict] = []


@contextlib.contextmanager
def recording_reads():
    """Collect ``{label: sha256}`` of every data file :func:`note_read` sees meanwhile."""
    seen: dict = {}
    _RECORDERS.append(seen)
    try:
        yield seen
    finally:
        _RECORDERS.remove(seen)


def note_read(path) -> None:
    """Tell the active recorders that a data file was read (``featrank.datasets.load``)."""
    if not _RECORDERS:
        return
    path = Path(path)
    label, sha = data_label(path), file_sha256(path)
    for seen in _RECORDERS:
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
