"""Publish a notebook run, or check that it reproduces the committed outputs byte for byte.

``make`` runs every notebook into a staging folder (``FEATRANK_OUTPUT``): the executed
notebook, its figures (``figures/<notebook>/``) and its tables (``results/<notebook>/``). Only
then does this tool decide, knowing the whole run:

- the run **replaces the committed outputs** (``notebooks/<nb>.ipynb``, ``figures/<nb>/*.png``,
  ``data/results/<nb>/*.csv``) when it ran at the notebook's committed profile and skipped no
  obtainable dataset; a run that failed, lacked data or ran another profile changes nothing
  tracked (its outputs stay in the staging folder);
- ``--check`` compares the staged outputs with the committed ones and exits 1, naming every
  file that would change (what ``make check`` and CI run).

The executed notebook is normalised first, so that the same inputs give the same bytes:
execution metadata (papermill's paths and timings, per-cell timestamps, widget state) is
dropped; what remains is the cells, their outputs and the kernel's name.

    .venv/bin/python -m tools.publish NOTEBOOK STAGE --profile P [--check]

>>> cell = {"cell_type": "code", "metadata": {"tags": ["x"], "execution": {"a": 1},
...         "papermill": {"duration": 1.5}}, "outputs": [], "source": ""}
>>> normalise_cell(cell)["metadata"]
{'tags': ['x']}
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from featrank.config import committed_profile

ROOT = Path(__file__).resolve().parents[1]
#: notebook metadata kept (the rest, papermill's and the widgets', says when and where it ran)
NOTEBOOK_KEYS = ("kernelspec", "language_info")
#: output kinds dropped: interactive widgets (progress bars) have no static content
WIDGET = "application/vnd.jupyter.widget-view+json"
#: what a deterministic, portable committed output may not hold (besides the checkout's path)
FORBIDDEN = ("PosixPath(", "WindowsPath(", "np.int64(", "np.float64(", "numpy.int64(",
             "../shared/")
DATE = re.compile(r"\b20\d\d-\d\d-\d\d[T ]\d\d:\d\d")
#: an absolute path of a machine (a home, a checkout, a virtual environment's packages)
ABSOLUTE = re.compile(r"(?<![\w.~])/(?:home|work|tmp|root|Users|usr|opt|var|private)/[\w.-]+"
                      r"|site-packages")


def normalise_cell(cell: dict) -> dict:
    """``cell`` without execution metadata or widget outputs."""
    meta = {k: v for k, v in cell.get("metadata", {}).items() if k not in ("execution",
                                                                             "papermill")}
    out = {**cell, "metadata": meta}
    if cell.get("cell_type") == "code":
        kept = [o for o in cell.get("outputs", []) if WIDGET not in o.get("data", {})]
        out["outputs"] = coalesce_streams(kept)
    return out


def coalesce_streams(outputs: list) -> list:
    """Adjacent stream outputs of one stream joined into one, as Jupyter shows them: how a
    kernel splits what a cell prints depends on when it flushed, not on what was printed.

    >>> out = [{"output_type": "stream", "name": "stdout", "text": ["a\\n"]},
    ...        {"output_type": "stream", "name": "stdout", "text": "b\\n"}]
    >>> coalesce_streams(out)
    [{'output_type': 'stream', 'name': 'stdout', 'text': ['a\\n', 'b\\n']}]
    """
    merged: list = []
    for o in outputs:
        prev = merged[-1] if merged else None
        if (o.get("output_type") == "stream" and prev is not None
                and prev.get("output_type") == "stream" and prev.get("name") == o.get("name")):
            text = "".join(prev["text"]) + "".join(o["text"])
            merged[-1] = {**prev, "text": text.splitlines(keepends=True)}
        else:
            merged.append(o)
    return merged


def normalise(text: str) -> str:
    """An executed notebook's JSON text, normalised (see the module docstring)."""
    nb = json.loads(text)
    nb["metadata"] = {k: nb["metadata"][k] for k in NOTEBOOK_KEYS if k in nb["metadata"]}
    nb["cells"] = [normalise_cell(c) for c in nb["cells"]]
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def leaks(text: str, root: str = str(ROOT)) -> list[str]:
    """The forbidden strings in an output's text: the checkout's absolute path, the reprs and
    paths of :data:`FORBIDDEN`, and timestamps.

    >>> leaks('{"text": "saved in /home/me/x"}', "/home/me")
    ['/home/me']
    >>> leaks('{"text": "/opt/venv/lib/python3.11/site-packages/sklearn/x.py:3: Warning"}')
    ['/opt/venv', 'site-packages']
    >>> leaks('{"text": "k = np.int64(3) at 2026-11-27 19:09"}', "/nowhere")
    ['np.int64(', '2026-11-27 19:09']
    """
    text = text.replace("\\/", "/")
    found = [s for s in (root, *FORBIDDEN) if s in text]
    return found + [m for m in ABSOLUTE.findall(text) if not any(m in f for f in found)] \
        + DATE.findall(text)


def output_leaks(stage: Path, pairs: dict) -> list[str]:
    """``"<file>: <leaks>"`` for each staged output (notebook outputs, tables) that leaks."""
    out = []
    for committed, staged in pairs.items():
        if not staged.exists() or staged.suffix == ".png":
            continue
        text = staged.read_text(encoding="utf-8")
        if staged.suffix == ".ipynb":
            text = json.dumps([c.get("outputs", []) for c in json.loads(text)["cells"]],
                              ensure_ascii=False)
        found = leaks(text)
        if found:
            out.append(f"{_rel(committed)}: its outputs hold {', '.join(found)}")
    return out


def outputs(stem: str, stage: Path) -> dict:
    """``{committed path: staged path}`` of every output a staged run of ``stem`` made."""
    pairs = {ROOT / "notebooks" / f"{stem}.ipynb": stage / f"{stem}.ipynb"}
    for kind, committed, pattern in (("figures", ROOT / "figures" / stem, "*.png"),
                                     ("results", ROOT / "data" / "results" / stem, "*.csv")):
        for p in sorted((stage / kind / stem).glob(pattern)):
            pairs[committed / p.name] = p
    return pairs


def staged_bytes(committed: Path, staged: Path) -> bytes:
    data = staged.read_bytes()
    return normalise(data.decode()).encode() if staged.suffix == ".ipynb" else data


def differences(stem: str, stage: Path) -> list[str]:
    """The committed files of ``stem`` that the staged run would change or add (files in the
    committed folders that no run makes, such as a paper's reference values, are left alone)."""
    pairs = outputs(stem, stage)
    out = []
    for committed, staged in pairs.items():
        if not staged.exists():
            out.append(f"{_rel(committed)}: not made by the run")
        elif not committed.exists():
            out.append(f"{_rel(committed)}: new")
        elif committed.read_bytes() != staged_bytes(committed, staged):
            out.append(f"{_rel(committed)}: differs")
    return out


def publish(stem: str, stage: Path) -> int:
    """Copy the staged outputs of ``stem`` over the committed ones; returns how many changed."""
    changed = 0
    for committed, staged in outputs(stem, stage).items():
        data = staged_bytes(committed, staged)
        if not committed.exists() or committed.read_bytes() != data:
            committed.parent.mkdir(parents=True, exist_ok=True)
            tmp = committed.with_name(committed.name + ".tmp")
            tmp.write_bytes(data)
            tmp.replace(committed)
            changed += 1
    return changed


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebook", help="notebooks/<stem>.ipynb or its stem")
    ap.add_argument("stage", type=Path, help="the staging folder of the run")
    ap.add_argument("--profile", required=True, help="the profile the run used")
    ap.add_argument("--complete", action="store_true",
                    help="the run skipped no obtainable dataset")
    ap.add_argument("--check", action="store_true", help="compare; change nothing")
    ap.add_argument("--report", type=Path, help="with --check: append what would change here "
                    "and exit 0 (so that every notebook is checked), else exit 1")
    args = ap.parse_args(argv)
    stem, stage = Path(args.notebook).stem, args.stage.resolve()
    where = _rel_or_abs(stage)
    if args.profile != committed_profile(stem, ROOT):
        print(f"   {stem} ran at {args.profile!r}, not at its committed profile: its outputs "
              f"are in {where}, the committed ones are kept")
        return 0
    if not args.complete:
        print(f"   {stem} lacked datasets: its outputs are in {where}, the committed ones are "
              "kept" + (" (not checked)" if args.check else ""))
        return 0
    leaked = output_leaks(stage, outputs(stem, stage))
    if leaked and not args.check:
        print("\n".join(f"   {line}: nothing published" for line in leaked))
        return 1
    if not args.check:
        n = publish(stem, stage)
        print(f"   {stem}: {n} committed file(s) updated" if n else f"   {stem}: unchanged")
        return 0
    diff = differences(stem, stage) + leaked
    print(f"   {stem}: " + ("; ".join(diff) if diff else "reproduced byte for byte"))
    if args.report is not None:
        with args.report.open("a", encoding="utf-8") as fh:
            fh.writelines(f"{line}\n" for line in diff)
        return 0
    return 1 if diff else 0


def _rel_or_abs(p: Path) -> str:
    try:
        return _rel(p)
    except ValueError:
        return str(p)


if __name__ == "__main__":
    sys.exit(main())
