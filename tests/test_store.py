"""``featrank.store`` is a package of three modules (keys, values, files); its names stay
importable from the package, and ``python -m featrank.store pack DIR`` (``make pack``) packs a
store's loose entries."""
import json
import os
import subprocess
import sys
from pathlib import Path

import featrank.store as store
from featrank.store import files, keys, values

LIB = Path(store.__file__).resolve().parents[2]


def test_the_package_names_are_those_of_its_modules():
    for name in store.__all__:
        owner = next(m for m in (files, keys, values) if hasattr(m, name))
        assert getattr(store, name) is getattr(owner, name), name


def _python(*args, cwd):
    path = os.pathsep.join([str(LIB), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "featrank.store", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)


def test_the_pack_command_folds_loose_entries(tmp_path):
    ident = {"task": "mod.f", "version": "1", "params": {}, "libs": {}}
    store.Store(tmp_path / "s").put("f", "0a1b", ident, [1.5], {}, seconds=2.0)
    done = _python("pack", str(tmp_path / "s"), cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == f"{tmp_path / 's'}: f: 1 entries\n"
    assert not (tmp_path / "s" / "f").exists()
    (entry,) = store.read_family(tmp_path / "s", "f").values()
    assert json.dumps(entry["value"]) == "[1.5]"
    usage = _python(cwd=tmp_path)
    assert usage.returncode == 2 and usage.stdout.startswith("usage: python -m featrank.store pack")
