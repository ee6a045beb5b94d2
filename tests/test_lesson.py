"""The lesson of ``lesson/``: six episodes in the Carpentries' shape whose exercises check
themselves (``make test`` also runs every episode, solutions included, under nbval).

- each episode opens with its time (teaching and exercises), questions and objectives, and
  ends with its key points; its exercises are numbered E.1, E.2, ..., each a heading naming its
  kind and minutes, then an ``exercise``, a ``solution`` and a ``check`` cell, in that order;
  the minutes add up to the header's; no ``def`` outside solutions, no machine path;
- every check (``lesson/checks.py``) fails on its blank, and on a wrong answer, with the hint
  printed and a short ``NotYet`` error; it passes on the right answer;
- the students' copy (``tools.lesson``: no solutions, no outputs) of every episode, run in a
  kernel as a student who answers nothing would run it, fails exactly at its check cells, each
  with the hint and a one-line error, never with a traceback from elsewhere;
- the book stages the lesson as its own part, every solution folded, with the students' copy
  as a download.
"""
from __future__ import annotations

import doctest
import json
import re
import sys
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import tools.lesson as lesson_tool
from test_readme import broken_links

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lesson"
EPISODES = lesson_tool.episodes(LESSON)
KINDS = ("predict, then run", "fill in the blank", "change one parameter",
         "find the planted mistake", "explain")
RESULTS = ROOT / "data" / "results"

sys.path.insert(0, str(LESSON))
import checks  # noqa: E402  (lesson/checks.py, as the episodes import it)


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def exercises(path: Path) -> list[dict]:
    """The exercises of an episode, in order: key, kind, minutes and the indices of the
    heading, exercise, solution and check cells."""
    out = []
    for i, c in enumerate(cells(path)):
        m = re.search(r"^### Exercise (\d+\.\d+) — (.+) \((\d+) min\)$", text(c), re.M)
        if c["cell_type"] == "markdown" and m:
            out.append({"key": m.group(1), "kind": m.group(2), "minutes": int(m.group(3)),
                        "heading": i})
        for tag in ("exercise", "solution", "check"):
            if tag in lesson_tool.tags(c):
                assert out, f"{path.name}: a cell tagged {tag} before any exercise heading"
                assert tag not in out[-1], f"{path.name}: two {tag} cells in {out[-1]['key']}"
                out[-1][tag] = i
    return out


def test_six_episodes_with_twelve_or_more_exercises():
    assert [p.name[:2] for p in EPISODES] == ["01", "02", "03", "04", "05", "06"]
    counts = [len(exercises(p)) for p in EPISODES]
    assert min(counts) >= 2 and sum(counts) >= 12, counts


@pytest.mark.parametrize("path", EPISODES, ids=lambda p: p.stem)
def test_episode_opens_with_time_questions_objectives_and_ends_with_key_points(path):
    head, last = text(cells(path)[0]), text(cells(path)[-1])
    assert head.startswith(f"# {int(path.name[:2])}. "), "the title names the episode's number"
    m = re.search(r"\*\*Time:\*\* (\d+) min · teaching (\d+) min · exercises (\d+) min", head)
    assert m, "the header states the time: teaching and exercises"
    total, teaching, minutes = map(int, m.groups())
    assert total == teaching + minutes and 12 <= total <= 18
    assert sum(e["minutes"] for e in exercises(path)) == minutes, \
        "the exercises' minutes add up to the header's"
    for part in ("**Questions**", "**Objectives**"):
        block = head.split(part, 1)[1].split("**", 1)[0]
        assert part in head and block.count("> - ") >= 2, f"at least two {part}"
    assert last.startswith("## Key points") and last.count("\n- ") >= 3


@pytest.mark.parametrize("path", EPISODES, ids=lambda p: p.stem)
def test_exercises_are_numbered_and_each_has_exercise_solution_and_check_in_order(path):
    episode = int(path.name[:2])
    found = exercises(path)
    assert [e["key"] for e in found] == [f"{episode}.{n}" for n in range(1, len(found) + 1)]
    for e in found:
        assert any(e["kind"].startswith(k) for k in KINDS), f"{e['key']}: kind {e['kind']!r}"
        assert {"exercise", "solution", "check"} <= set(e), f"{e['key']} lacks a cell: {e}"
        assert e["heading"] < e["exercise"] < e["solution"] < e["check"], e
        check_source = text(cells(path)[e["check"]]).strip()
        assert check_source.startswith(f'check("{e["key"]}", ') and "\n" not in check_source, \
            f"{e['key']}: the check cell is one line, check(\"{e['key']}\", ...)"
        blank = text(cells(path)[e["exercise"]])
        assert "..." in blank or e["kind"] == "find the planted mistake", \
            f"{e['key']}: the exercise cell holds no blank (...)"


def test_every_exercise_of_the_episodes_has_a_check_and_every_check_an_exercise():
    keys = [e["key"] for p in EPISODES for e in exercises(p)]
    assert sorted(keys) == sorted(checks.EXERCISES)


@pytest.mark.parametrize("path", EPISODES, ids=lambda p: p.stem)
def test_no_def_outside_solutions_no_paths_and_outputs_committed(path):
    nb = cells(path)
    defs = [text(c) for c in nb if c["cell_type"] == "code" and "solution" not in
            lesson_tool.tags(c) and re.search(r"^\s*def ", text(c), re.M)]
    assert not defs, "helpers belong in lesson/checks.py, not in an episode"
    code = [c for c in nb if c["cell_type"] == "code"]
    assert all(c["execution_count"] for c in code), \
        "committed with the outputs of the solution run (make lesson)"
    raw = path.read_text(encoding="utf-8")
    assert "/work/" not in raw and "/home/" not in raw and "../shared" not in raw
    assert not any(o.get("output_type") == "error" for c in code for o in c["outputs"])
    assert path.stat().st_size < 2_000_000


# --------------------------------------------------------------------------- the checks
def test_checks_doctests():
    assert doctest.testmod(checks).failed == 0
    assert doctest.testmod(lesson_tool).failed == 0


@pytest.mark.parametrize("key", sorted(checks.EXERCISES))
@pytest.mark.parametrize("blank", [..., None], ids=["ellipsis", "none"])
def test_every_check_fails_on_its_blank_with_the_hint(key, blank, capsys):
    answer = (blank, blank) if key in ("2.2", "4.2") else {"a": blank} if key == "5.2" else blank
    with pytest.raises(checks.NotYet) as err:
        checks.check(key, answer)     # no context: a blank is caught before any is needed
    printed = " ".join(capsys.readouterr().out.split())   # unwrapped
    assert f"Exercise {key}: not answered yet." in printed
    assert "Hint: " + " ".join(checks.EXERCISES[key][1].split()) in printed
    message = str(err.value)
    assert "\n" not in message and len(message) < 100 and key in message


def _slavkov():
    folder = RESULTS / "04_slavkov2018_eca_score"
    return (pd.read_csv(folder / "paper_table5.csv", index_col="dataset"),
            pd.read_csv(folder / "table5_ours.csv", index_col="dataset"))


def _posterior(left, rope, right):
    from featrank.stats import SignedRankPosterior
    return SignedRankPosterior(left, rope, right)


#: for exercises whose context is cheap: (context, a right answer, wrong answers)
CASES = {
    "1.1": ({}, 5 / 6, [0.5, "five sixths"]),
    "1.2": ({}, "b", ["a", "c", "d"]),
    "3.1": ({}, "b", ["c", "top"]),
    "3.3": ({"scores": np.array([0.0, 0.0, 0.3])}, "b", ["a", "c"]),
    "4.1": ({"profile": np.array([[0, 1, 2, 3], [1, 0, 3, 2], [1, 2, 0, 3]])}, [1, 0, 2, 3],
            [[0, 1, 2, 3], [3, 2, 1, 0], "abcd"]),
    "4.2": ({"profile": np.array([[0, 1, 2]] * 3 + [[1, 2, 0]] * 2)}, (1, 0), [(0, 1), (0, 0)]),
    "4.3": ({"single": {"a": 0.7, "b": 0.9}, "aggregated": {"x": 0.8, "y": 0.85}}, "b",
            ["a", "c"]),
    "5.1": ({}, 1 / np.sqrt(10), [0.5, 10]),
    "5.3": ({"posterior": _posterior(0.0, 0.61, 0.39)}, "b", ["a", "c"]),
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_check_passes_on_the_right_answer_and_fails_on_a_wrong_one(key, capsys):
    context, right, wrongs = CASES[key]
    checks.check(key, right, **context)
    assert f"Exercise {key}: right." in capsys.readouterr().out
    for wrong in wrongs:
        with pytest.raises(checks.NotYet):
            checks.check(key, wrong, **context)
        assert "Hint: " in capsys.readouterr().out


def test_rope_check_follows_the_posterior():
    """A posterior that does show equivalence makes (a) the right sentence, not (b)."""
    checks.check("5.3", "a", posterior=_posterior(0.01, 0.97, 0.02))
    with pytest.raises(checks.NotYet):
        checks.check("5.3", "b", posterior=_posterior(0.01, 0.97, 0.02))


def test_judging_checks_on_the_committed_tables(capsys):
    paper, ours = _slavkov()
    assert checks.rf_pairs(paper) == 3 and checks.rf_pairs(ours) == 0
    checks.check("6.1", 3, table=paper)
    checks.check("6.2", "no", ours=ours, compendium="no")
    checks.check("6.3", "b", paper=paper, ours=ours)
    for key, wrong, context in (("6.1", 0, {"table": paper}),
                                ("6.2", "yes", {"ours": ours, "compendium": "no"}),
                                ("6.3", "a", {"paper": paper, "ours": ours})):
        with pytest.raises(checks.NotYet):
            checks.check(key, wrong, **context)
    assert capsys.readouterr().out.count("Hint: ") == 3


def test_planted_mistakes_are_caught(capsys):
    """The buggy versions of 2.3 (ranking learnt on every row) and 3.2 (every ranking learnt
    on the same rows) fail; the fixed ones pass."""
    from sklearn.model_selection import StratifiedKFold

    from featrank.datasets.quevedo2007 import make_polynomial_problem
    from featrank.evaluate import eca_vs_random, error_curves
    from featrank.rankers import SVMRFE, ReliefF

    rng = np.random.default_rng(0)
    X, y = rng.uniform(-1, 1, size=(40, 30)), rng.integers(0, 2, size=40)
    splits = list(StratifiedKFold(4, shuffle=True, random_state=0).split(X, y))
    sizes = np.arange(1, 6)
    biased = eca_vs_random(error_curves(X, y, ReliefF().fit(X, y).top_features_, "knn",
                                        cv=splits, sizes=sizes))
    orders = np.array([ReliefF().fit(X[tr], y[tr]).top_features_ for tr, _ in splits])
    honest = eca_vs_random(error_curves(X, y, orders, "knn", cv=splits, sizes=sizes))
    with pytest.raises(checks.NotYet):
        checks.check("2.3", biased, X=X, y=y, splits=splits, sizes=sizes)
    checks.check("2.3", honest, X=X, y=y, splits=splits, sizes=sizes)

    ds = make_polynomial_problem(m=10, n=60, r=3, d=1, random_state=0)
    folds = list(StratifiedKFold(3, shuffle=True, random_state=0).split(ds.X, ds.y))
    same = np.array([SVMRFE().fit(ds.X, ds.y).top_features_ for _ in folds])
    with pytest.raises(checks.NotYet):
        checks.check("3.2", same, X=ds.X, y=ds.y, splits=folds)
    fixed = np.array([SVMRFE().fit(ds.X[tr], ds.y[tr]).top_features_ for tr, _ in folds])
    checks.check("3.2", fixed, X=ds.X, y=ds.y, splits=folds)
    assert capsys.readouterr().out.count("Hint: ") == 2


def test_unknown_exercise_is_named():
    with pytest.raises(KeyError, match="no exercise '9.9'"):
        checks.check("9.9", 1)


# --------------------------------------------------------------------------- the students' copy
@pytest.fixture(scope="module")
def student_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("copy") / "lesson-student"
    archive = lesson_tool.write_student_copy(out, LESSON)
    return out, archive


def test_students_copy_has_no_solution_and_no_output(student_folder):
    out, archive = student_folder
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([p.name for p in EPISODES] + list(lesson_tool.SUPPORT))
    for path in sorted(out.glob("*.ipynb")):
        nb = cells(path)
        assert not [c for c in nb if "solution" in lesson_tool.tags(c)]
        assert not [c for c in nb if c["cell_type"] == "code" and c["outputs"]]
        assert len([c for c in nb if "check" in lesson_tool.tags(c)]) == \
            len(exercises(LESSON / path.name))
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == [f"lesson-student/{n}" for n in names]
    again = lesson_tool.write_student_copy(out, LESSON)
    assert again.read_bytes() == archive.read_bytes(), "the same lesson gives the same zip"


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in EPISODES], ids=lambda n: n[:2])
def test_students_copy_runs_and_stops_only_at_its_checks(student_folder, name):
    """A student who fills in nothing: every cell runs except the check cells, which each
    print their hint and stop with a one-line NotYet (no traceback); so a skipped exercise
    never breaks a later cell."""
    import nbformat
    from nbclient import NotebookClient

    out, _ = student_folder
    nb = nbformat.read(out / name, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(out)}}).execute()
    failed = {i for i, c in enumerate(nb.cells) if c.cell_type == "code"
              and any(o.output_type == "error" for o in c.outputs)}
    check_cells = {i for i, c in enumerate(nb.cells) if "check" in c.metadata.get("tags", [])}
    assert failed == check_cells, [nb.cells[i].source for i in failed ^ check_cells]
    for i in check_cells:
        error = [o for o in nb.cells[i].outputs if o.output_type == "error"][0]
        printed = "".join(o.text for o in nb.cells[i].outputs if o.output_type == "stream")
        assert error.ename == "NotYet" and re.search(r"not (answered )?yet", error.evalue)
        assert len(error.traceback) == 1, "one line, not a traceback"
        assert "Hint: " in printed


# --------------------------------------------------------------------------- notes and book
def test_lesson_notes_links_resolve_and_schedule_names_every_episode():
    notes = LESSON / "README.md"
    assert broken_links(notes) == []
    body = notes.read_text(encoding="utf-8")
    for path in EPISODES:
        assert f"]({path.name})" in body
    for e in (e for p in EPISODES for e in exercises(p)):
        assert e["key"] in body, f"the notes say nothing of exercise {e['key']}"
    assert "60 minutes" in body and "doi:" in body


def test_readme_points_to_the_lesson_and_counts_its_exercises():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](lesson/README.md)" in readme
    n = sum(len(exercises(p)) for p in EPISODES)
    assert f"whose {n}\nexercises" in readme or f"whose {n} exercises" in readme, \
        f"the README's Teaching paragraph should count {n} exercises"


def test_book_stages_the_lesson_with_folded_solutions(tmp_path):
    import tools.book as book

    src = book.stage(ROOT, tmp_path / "src")
    index = (src / "index.md").read_text(encoding="utf-8")
    assert ":caption: Lesson: judge a feature-ranking paper" in index
    assert "lesson/README" in index and all(f"lesson/{p.stem}" in index for p in EPISODES)
    for path in EPISODES:
        staged = cells(src / "lesson" / path.name)
        solutions = [c for c in staged if "solution" in lesson_tool.tags(c)]
        assert solutions and all("hide-cell" in lesson_tool.tags(c) and
                                 c["metadata"]["mystnb"]["code_prompt_show"] == "Show the solution"
                                 for c in solutions)
        assert not [c for c in staged if "hide-cell" in lesson_tool.tags(c)
                    and "solution" not in lesson_tool.tags(c)]
    notes = (src / "lesson" / "README.md").read_text(encoding="utf-8")
    assert f"{{download}}`{book.STUDENT_ZIP} <{book.STUDENT_ZIP}>`" in notes
    with zipfile.ZipFile(src / "lesson" / book.STUDENT_ZIP) as z:
        assert {Path(n).name for n in z.namelist()} >= {p.name for p in EPISODES}
