"""The result store knows a task by its declared name, never by where its code lives: every
committed entry must be found again, bit for bit, by the task that now declares its family,
and its value must decode (a stored dataclass by its registered type name)."""
import importlib
import pkgutil
from pathlib import Path

import pytest

import featrank.experiments
from featrank.store import (KEY_NAMES, decode, read_family, task_family, task_key,
                            task_name)

ROOT = Path(__file__).resolve().parent.parent
STORES = sorted(ROOT.glob("data/results/*/store"))


def declared_tasks() -> dict:
    """``{family: task}`` of every task featrank's experiments declare."""
    found = {}
    for info in pkgutil.walk_packages(featrank.experiments.__path__, "featrank.experiments."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if callable(obj) and getattr(obj, "task_name", None):
                assert found.get(task_family(obj), obj) is obj, task_family(obj)
                found[task_family(obj)] = obj
    return found


TASKS = declared_tasks()


def _families():
    for store in STORES:
        names = {p.name.split(".")[0] for p in store.glob("*.jsonl.gz")}
        yield from ((store, name) for name in sorted(names))


@pytest.mark.parametrize("store, family", list(_families()),
                         ids=lambda v: v.parent.name[:2] if isinstance(v, Path) else v)
def test_a_committed_entry_is_found_by_its_named_task(store, family):
    entries = read_family(store, family)
    entry = entries[min(entries)]
    func = TASKS[family]
    assert entry["task"] == KEY_NAMES.get(task_name(func), task_name(func))
    key, ident = task_key(func, entry["params"])
    if ident["libs"] != entry["libs"]:
        pytest.skip(f"the installed libraries {ident['libs']} are not the ones the store was "
                    f"made with ({entry['libs']}): run `make install` for the locked versions")
    assert key == entry["key"]
    assert decode(entry["value"]) is not None


def test_every_store_family_belongs_to_a_declared_task():
    assert STORES, "no committed store found"
    assert {family for _, family in _families()} <= set(TASKS)


def test_the_legacy_key_names_are_declared_tasks():
    """An entry of KEY_NAMES that no task declares is a leftover (or a typo that would orphan
    a committed family)."""
    assert set(KEY_NAMES) <= {task_name(f) for f in TASKS.values()}
