"""Writing outputs: atomic file writes and the notebooks' derived tables.

:func:`save_table` is how a notebook (or your own script) saves a table; where it lands is
decided by :mod:`featrank.config`: ``data/results/<notebook>/`` when the run is at the profile
the committed notebook states (``notebooks/committed_profiles.txt``) and found every dataset,
else the scratch folder (``$FEATRANK_OUTPUT``, or ``<cache>/output/<profile>/``). So a notebook
never decides itself whether to write; ``featrank.plots.savefig`` follows the same rule for
figures.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from . import config

__all__ = ["atomic_write_bytes", "save_table"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file and an atomic rename.

    Nothing half-written stays on disk after a failure; the file gets the usual mode
    (``0o666`` less the umask).

    Parameters
    ----------
    path : str or Path
        The file to (over)write; missing parent folders are created.
    data : bytes
        The whole content.

    Returns
    -------
    Path
        ``path``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> atomic_write_bytes(d / "sub" / "a.txt", b"hello").read_bytes()
    b'hello'
    """
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
    """Save a derived table as ``<name>.csv`` in the notebook's results folder (atomically).

    Parameters
    ----------
    df : pandas.DataFrame
        The table; written without its index and with floats to 6 significant digits unless
        ``to_csv_kwargs`` say otherwise.
    notebook : str
        The notebook's name (e.g. ``"02_prati2012_rank_aggregation"``), or any name of your own.
    name : str
        The file name, without ``.csv``.
    **to_csv_kwargs
        Passed to :meth:`pandas.DataFrame.to_csv`.

    Returns
    -------
    Path
        Where the table was written: :func:`featrank.config.results_out_dir` of ``notebook``
        (the committed ``data/results/<notebook>/`` only for a run at the notebook's committed
        profile; else the scratch folder).

    Examples
    --------
    >>> import os, tempfile, pandas as pd
    >>> os.environ["FEATRANK_OUTPUT"] = tempfile.mkdtemp()
    >>> path = save_table(pd.DataFrame({"a": [1, 2], "b": [0.5, 1 / 3]}), "my-study", "t")
    >>> path.relative_to(os.environ.pop("FEATRANK_OUTPUT")).as_posix()
    'results/my-study/t.csv'
    >>> print(path.read_text())
    a,b
    1,0.5
    2,0.333333
    <BLANKLINE>
    """
    path = config.results_out_dir(notebook) / f"{name}.csv"
    text = df.to_csv(**{"index": False, "float_format": "%.6g", **to_csv_kwargs})
    return atomic_write_bytes(path, text.encode())
