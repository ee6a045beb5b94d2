"""The lesson of ``lesson/``: run its episodes (``make lesson``) and write the students' copy
(``make lesson-student``).

``run`` executes every episode ``lesson/NN_*.ipynb`` with papermill, in ``lesson/`` (so that
``from checks import check`` finds ``lesson/checks.py``), into a scratch folder
(``data/cache/lesson/``), and prints each episode's time. Only when all of them ran does it
publish: each executed episode, normalised as ``make`` normalises the notebooks (no run
metadata, so the same inputs give the same bytes; ``tools.publish``), replaces the committed
one, which the book shows with its outputs. A failed run changes nothing tracked. ``--check``
compares instead and exits 1 naming the episodes that would change.

``student`` writes the students' copy: every episode without its solution cells and without
outputs (an output would give an answer away), with ``checks.py`` beside them, into
``build/lesson-student/`` and as ``build/lesson-student.zip``.

    .venv/bin/python -m tools.lesson run [--check]
    .venv/bin/python -m tools.lesson student [--out DIR]

>>> cells = [{"cell_type": "code", "metadata": {"tags": ["exercise"]}, "source": "x = ...",
...           "outputs": [1], "execution_count": 3},
...          {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "x = 1",
...           "outputs": [], "execution_count": 4}]
>>> [c["source"] for c in student_copy({"cells": cells, "metadata": {}})["cells"]]
['x = ...']
>>> student_copy({"cells": cells, "metadata": {}})["cells"][0]["outputs"]
[]
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from tools.publish import leaks, normalise

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lesson"
SCRATCH = ROOT / "data" / "cache" / "lesson"
STUDENT = ROOT / "build" / "lesson-student"
#: what a student's copy holds besides the episodes
SUPPORT = ("checks.py", "README.md")
#: what ``make lesson`` allows an episode, on 2 cores (the lesson's promise to a class)
BUDGET_SECONDS = 120


def episodes(folder: Path = LESSON) -> list[Path]:
    """The episodes, in teaching order."""
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def student_copy(nb: dict) -> dict:
    """An episode without its solution cells and without any output."""
    out = copy.deepcopy(nb)
    out["cells"] = [c for c in out["cells"] if "solution" not in tags(c)]
    for c in out["cells"]:
        if c["cell_type"] == "code":
            c["outputs"], c["execution_count"] = [], None
    return out


def write_student_copy(out: Path = STUDENT, source: Path = LESSON) -> Path:
    """The students' copy in ``out`` (replaced), and ``<out>.zip`` holding the same files under
    a folder of that name; returns the zip's path."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for path in episodes(source):
        nb = student_copy(json.loads(path.read_text(encoding="utf-8")))
        (out / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    for name in SUPPORT:
        shutil.copy2(source / name, out / name)
    archive = out.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(out.iterdir()):
            info = zipfile.ZipInfo(f"{out.name}/{f.name}", date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16   # rw-r--r-- when unpacked
            z.writestr(info, f.read_bytes())
    return archive


def execute(path: Path, stage: Path) -> float:
    """Run one episode with papermill into ``stage``; returns the seconds it took."""
    env = {**os.environ, "FEATRANK_PROGRESS": "0"}   # no progress bars in the outputs
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "papermill", "--no-progress-bar", "--log-level",
                    "WARNING", "-k", "python3", path.name, str(stage / path.name)],
                   cwd=path.parent, env=env, check=True)
    return time.perf_counter() - start


def run(check: bool = False) -> int:
    """``make lesson``: execute every episode, then publish (or compare) them all."""
    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)
    SCRATCH.mkdir(parents=True)
    slow = []
    for path in episodes():
        try:
            seconds = execute(path, SCRATCH)
        except subprocess.CalledProcessError:
            print(f"   {path.stem} failed: nothing published; the executed copy is "
                  f"{(SCRATCH / path.name).relative_to(ROOT)}")
            return 1
        print(f"   {path.stem}: {seconds:.0f} s", flush=True)
        if seconds > BUDGET_SECONDS:
            slow.append(path.stem)
    changed, leaked = [], []
    for path in episodes():
        text = normalise((SCRATCH / path.name).read_text(encoding="utf-8"))
        found = leaks(json.dumps([c.get("outputs", []) for c in json.loads(text)["cells"]]))
        if found:
            leaked.append(f"{path.name}: its outputs hold {', '.join(found)}")
        if path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not check and not found:
                path.write_text(text, encoding="utf-8")
    if slow:
        print(f"   over the {BUDGET_SECONDS} s an episode may take: {', '.join(slow)}")
    if leaked:
        print("\n".join(f"   {line}: nothing published" for line in leaked))
        return 1
    names = ", ".join(p.name for p in changed)
    if check:
        print(f"   would change: {names}" if changed else "   every episode reproduced byte for byte")
        return 1 if changed else 0
    print(f"   updated: {names}" if changed else "   every episode unchanged")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="execute every episode and publish its outputs")
    r.add_argument("--check", action="store_true", help="compare with the committed episodes")
    s = sub.add_parser("student", help="write the students' copy (no solutions, no outputs)")
    s.add_argument("--out", type=Path, default=STUDENT)
    args = ap.parse_args(argv)
    if args.command == "run":
        return run(check=args.check)
    archive = write_student_copy(args.out.resolve())
    print(f"the students' copy: {args.out}/ and {archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
