"""Profiles, paths and run-wide settings read from the environment.

Environment variables
---------------------
FEATRANK_PROFILE   default profile of the notebooks: ``smoke``, ``quick`` (default) or ``paper``
                   (``reduced`` too, for a notebook whose paper protocol is out of reach here)
FEATRANK_DATA      folder holding the dataset files (searched before ``data/raw/``)
FEATRANK_CACHE     scratch folder: the result store of runs other than ``paper``, scratch outputs
                   (default ``data/cache/`` in the checkout, else the user's cache folder)
FEATRANK_STORE     ``refresh`` ignores stored results (recomputes and stores them again);
                   ``stored`` (``make`` sets it) renders a notebook whose paper protocol is only
                   partly stored from the stored part (see :func:`render_stored`)
FEATRANK_N_JOBS    default number of parallel workers (default: all cores)
FEATRANK_BACKEND   joblib backend: ``loky`` (default), ``threading``, ``sequential`` or ``dask``
FEATRANK_DASK_SCHEDULER  address of a running Dask scheduler (``tcp://host:8786``)
FEATRANK_PROGRESS  ``0`` hides progress bars (CI sets it)
FEATRANK_OUTPUT    folder receiving the figures and tables the notebooks write, instead of
                   ``figures/`` and ``data/results/`` (``make test`` sets it)
FEATRANK_OFFLINE   ``1`` never downloads a dataset
FEATRANK_NO_NUMBA  ``1`` runs the curve engines without numba (the plain libsvm/numpy paths)
FEATRANK_STATUS    a file that :func:`featrank.parallel.run_tasks` keeps up to date with the
                   counts of stored and computed results (``tools/runnb.py`` sets it)
FEATRANK_IDENTIFIERS, FEATRANK_NOMINAL  the ``evaluate_your_ranker`` report's defaults for
                   identifier-like columns (``drop``; else refused) and for the CSV columns
                   read as nominal (comma-separated); ``make evaluate`` sets them

Committed outputs. ``notebooks/committed_profiles.txt`` names the profile each committed
notebook was executed at. A run at any other profile writes its figures and tables under
``<cache>/output/<profile>/`` instead (:func:`figures_dir`, :func:`results_out_dir`), and the
result store is written in the committed ``data/results/<notebook>/store/`` only at
``paper`` or ``reduced`` (:func:`store_dirs`). This is the only switch: a notebook always calls
``featrank.io.save_table`` and ``featrank.plots.savefig``, and they ask :func:`figures_dir` and
:func:`results_out_dir` where to write (smoke runs, ``$FEATRANK_OUTPUT``, partial runs: the
scratch folder).

These decisions read the current run's state (the profile :func:`get_profile` chose, the
notebooks :func:`mark_incomplete` named), kept in a :class:`featrank.context.RunContext`: the
functions that read it take ``run=`` to ask about another run than the current one.
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .context import RunContext, current

PROFILES = ("smoke", "quick", "paper")
#: the profile of a notebook whose paper protocol cannot run here (notebook 03's would take
#: thousands of hours): the largest honest protocol that completes, its departures stated
REDUCED = "reduced"
#: the profiles that fill the committed result store
STORED_PROFILES = ("paper", REDUCED)


def get_profile(profile: str | None = None, also: tuple = (), *,
                run: RunContext | None = None) -> str:
    """The profile to run: the argument, else ``$FEATRANK_PROFILE``, else ``"quick"``. It
    becomes the active profile of ``run`` (default: the current run,
    :func:`featrank.context.current`), which decides where outputs and stored results go.
    ``also``: profiles a notebook has beside the three common ones (``("reduced",)``).

    >>> get_profile("reduced")     # notebook 03 passes also=("reduced",)
    Traceback (most recent call last):
    ...
    ValueError: unknown profile 'reduced' for this notebook; choose one of ('smoke', 'quick', 'paper')
    """
    value = profile or os.environ.get("FEATRANK_PROFILE") or "quick"
    allowed = PROFILES + tuple(also)
    if value not in allowed:
        raise ValueError(f"unknown profile {value!r} for this notebook; choose one of {allowed}")
    (run or current()).profile = value
    return value


def active_profile(run: RunContext | None = None) -> str:
    """The profile last chosen by :func:`get_profile` in ``run`` (default: the current run),
    else the environment's."""
    run = run or current()
    return run.profile or get_profile(also=(REDUCED,), run=run)


def committed_profile(notebook: str, root=None) -> str | None:
    """The profile the committed ``notebook`` (its stem) was executed at (``None``: not a
    notebook), as ``notebooks/committed_profiles.txt`` of ``root`` (default: the project's)
    names it; the one reader of that file (the Makefile asks it too:
    ``python -m featrank.config NOTEBOOK`` prints it)."""
    path = Path(root or project_root()) / "notebooks" / "committed_profiles.txt"
    if not path.exists():
        return None
    for line in path.read_text().splitlines():
        parts = line.split("#")[0].split()
        if len(parts) == 2 and parts[0] == notebook:
            return parts[1]
    return None


def mark_incomplete(notebook: str, run: RunContext | None = None) -> None:
    """This run of ``notebook`` lacks some of its datasets: from now on its figures and tables
    go to the scratch folder, not over the committed ones (``featrank.datasets`` calls it)."""
    (run or current()).incomplete.add(notebook)


def writes_committed(notebook: str, run: RunContext | None = None) -> bool:
    """True when the outputs of ``run`` (default: the current run) replace the committed
    ones: no ``$FEATRANK_OUTPUT``, the active profile is the one the committed notebook
    states, and no dataset was missing."""
    run = run or current()
    if os.environ.get("FEATRANK_OUTPUT") or notebook in run.incomplete:
        return False
    return active_profile(run) == committed_profile(notebook)


def scratch_output_dir(run: RunContext | None = None) -> Path:
    """Where a run writes figures and tables that must not replace the committed ones."""
    if os.environ.get("FEATRANK_OUTPUT"):
        return _resolve(os.environ["FEATRANK_OUTPUT"])
    return cache_dir() / "output" / active_profile(run)


def project_root() -> Path:
    """The compendium's top folder (the one holding ``pyproject.toml`` and ``notebooks/``).

    Found from this file when the package is used from the checkout (editable install),
    otherwise from the working directory upwards (so that a notebook run from
    ``notebooks/`` finds the same root); the working directory when no folder above it is a
    checkout of the compendium.
    """
    if _in_checkout():
        return Path(__file__).resolve().parents[2]
    cwd = Path.cwd().resolve()
    for folder in (cwd, *cwd.parents):
        if _is_root(folder):
            return folder
    return cwd


def _is_root(folder: Path) -> bool:
    return (folder / "pyproject.toml").exists() and (
        folder / "notebooks" / "committed_profiles.txt").exists()


def _resolve(path: str) -> Path:
    p = Path(path).expanduser()
    if p.is_absolute():
        return p
    # a relative path is taken from the working directory if it exists there, else from the root
    return p.resolve() if p.exists() else (project_root() / p).resolve()


def data_dirs() -> list[Path]:
    """Folders searched for dataset files, in order: ``$FEATRANK_DATA``, then ``data/raw/``."""
    dirs = []
    if os.environ.get("FEATRANK_DATA"):
        dirs.append(_resolve(os.environ["FEATRANK_DATA"]))
    dirs.append(raw_dir())
    return dirs


def raw_dir() -> Path:
    """``data/raw/``: where downloads are cached and where users put missing files."""
    return project_root() / "data" / "raw"


def results_dir(notebook: str | None = None) -> Path:
    """``data/results/[<notebook>/]``: the committed derived tables (CSV) of the notebooks."""
    d = project_root() / "data" / "results"
    return d / notebook if notebook else d


def results_out_dir(notebook: str | None = None, run: RunContext | None = None) -> Path:
    """Where a notebook's tables are written: ``results_dir(notebook)`` when this run's
    outputs are the committed ones (:func:`writes_committed`), else the scratch folder."""
    if notebook and writes_committed(notebook, run):
        return results_dir(notebook)
    d = scratch_output_dir(run) / "results"
    return d / notebook if notebook else d


def figures_dir(notebook: str, run: RunContext | None = None) -> Path:
    """Where a notebook's figures are written: ``figures/<notebook>/`` when this run's outputs
    are the committed ones, else the scratch folder."""
    if writes_committed(notebook, run):
        return project_root() / "figures" / notebook
    return scratch_output_dir(run) / "figures" / notebook


def cache_dir() -> Path:
    """The scratch folder: ``$FEATRANK_CACHE``, else ``data/cache/`` in the checkout, else
    the user's cache folder (platformdirs)."""
    env = os.environ.get("FEATRANK_CACHE")
    if env:
        return _resolve(env)
    if _in_checkout():
        return project_root() / "data" / "cache"
    return Path(platformdirs.user_cache_dir("featrank"))


def _in_checkout() -> bool:
    here = Path(__file__).resolve().parents[2]
    return _is_root(here) and (here / "lib" / "featrank").is_dir()


def store_dirs(namespace: str, run: RunContext | None = None) -> tuple[Path, list[Path]]:
    """``(write_dir, read_dirs)`` of the result store of ``namespace`` (a notebook's name, or
    any name of your own). Stored results are read from the committed store
    ``data/results/<namespace>/store/`` and the scratch store ``<cache>/store/<namespace>/``;
    they are written to the committed one only by a run of a notebook that
    :func:`commits_store` (in ``run``, default: the current run).
    ``$FEATRANK_STORE=refresh`` reads nothing (every task runs again)."""
    committed = results_dir(namespace) / "store"
    scratch = cache_dir() / "store" / namespace
    reads = [] if store_mode() == "refresh" else [committed, scratch]
    return (committed if commits_store(namespace, run) else scratch), reads


def commits_store(namespace: str, run: RunContext | None = None) -> bool:
    """True when ``run`` (default: the current run) writes the results of ``namespace`` into
    its committed store: a notebook run at ``paper`` or ``reduced``, or at the notebook's
    committed profile (unless ``$FEATRANK_STORE=refresh``: a recomputation for comparison
    stays in the scratch store), and never a run that lacks some of the notebook's datasets
    (:func:`mark_incomplete`: what it computes on the data it has goes to the scratch store).

    >>> commits_store("any-name-of-your-own")
    False
    """
    run = run or current()
    profile, committed = active_profile(run), committed_profile(namespace)
    if committed is None or namespace in run.incomplete:   # a run without some of its data
        return False
    return profile in STORED_PROFILES or (profile == committed and store_mode() != "refresh")


STORE_MODES = ("", "refresh", "stored")


def store_mode() -> str:
    """``$FEATRANK_STORE``: ``""`` (use stored results, compute and store the missing ones),
    ``"refresh"`` (recompute everything) or ``"stored"`` (see :func:`render_stored`)."""
    mode = os.environ.get("FEATRANK_STORE", "")
    if mode not in STORE_MODES:
        raise ValueError(f"FEATRANK_STORE={mode!r} is not one of {STORE_MODES}: unset it, or "
                         "set 'refresh' (recompute) or 'stored' (render what is stored)")
    return mode


def render_stored() -> bool:
    """True when ``$FEATRANK_STORE=stored``, as ``make``, ``make nb`` and ``make check`` set
    it: the committed outputs are rendered from the committed store. A notebook whose paper
    protocol is only partly stored (notebook 05's R_theta realisations, of which the paper
    draws 100) shows the stored part and says how large it is; ``make paper`` computes the
    rest. A task whose result belongs in a committed store but is not there (its version or
    parameters changed) stops the run, naming it (:class:`featrank.parallel.StaleResults`),
    instead of being recomputed into the committed outputs; tasks of scratch namespaces
    still run."""
    return store_mode() == "stored"


def default_n_jobs() -> int:
    """``$FEATRANK_N_JOBS`` or the number of cores."""
    env = os.environ.get("FEATRANK_N_JOBS")
    return int(env) if env else (os.cpu_count() or 1)


def show_progress() -> bool:
    """Progress bars are on unless ``FEATRANK_PROGRESS=0`` or ``CI`` is set."""
    if os.environ.get("FEATRANK_PROGRESS") is not None:
        return os.environ["FEATRANK_PROGRESS"] not in ("0", "", "false", "False")
    return not os.environ.get("CI")


if __name__ == "__main__":          # the Makefile's committed profile of a notebook
    import sys
    print(committed_profile(Path(sys.argv[1]).stem) or "")
