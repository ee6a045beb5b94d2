"""The result store: every expensive task result, kept under one rule, without pickles.

**The rule.** A result is found again under a key made of

- the task's *name*: the stable name declared with :func:`task` on featrank's own task
  functions (``"slavkov2020.noisy_curves"``), never where the code lives, so a task can move
  between modules and keep its results; a function without one is named by its
  ``module.qualname``;
- its algorithm *version*: the ``version`` declared with :func:`task` (bumped when its
  numbers can change), or, for a function without one, a hash of that function's own source
  (as ``joblib.Memory`` does);
- its parameters (canonical JSON, so keys are the same on every machine and Python);
- the versions of the libraries that change its numbers (numpy, scipy, scikit-learn).

The entry also records the sha256 of every data file the task read (through
:func:`featrank.datasets.load`); a lookup whose files now have another checksum is stale and
the task runs again. An entry whose files are absent here (a clone without the dataset
mirror) is used as stored. An edit elsewhere in the library never discards a result.

**On disk.** Per namespace (a notebook) and task family (a task function):
``<dir>/<family>.jsonl.gz``, one JSON line per entry, sorted by key (the compact form that is
committed for the ``paper`` profile; large families in 16 shards ``<family>.<hex>.jsonl.gz``),
and ``<dir>/<family>/<key>.json``, one file per entry
written atomically the moment its task finishes (:func:`pack` folds them into the first).
Values are numbers, strings, lists, dicts, numpy arrays (raw bytes, zlib, base64; float
arrays with few distinct values as those values and one- or two-byte codes; integer arrays,
feature orders above all, in the smallest integer type, as differences or bit-packed, each
read back in its own dtype), DataFrames and the dataclasses registered with :func:`stored_type` (under a stable type name,
not an import path): no pickle, so loading a store runs no code.

**Modules.** :mod:`~featrank.store.keys` (task names, versions and keys),
:mod:`~featrank.store.values` (encoding and decoding values, stored types),
:mod:`~featrank.store.files` (the :class:`Store` of one namespace, packed files, :func:`pack`
and the ``python -m featrank.store pack DIR...`` command); their names are importable from
here.

    >>> import numpy as np
    >>> v = {"order": np.array([2, 0, 1]), "auc": 0.75, "pair": (1, "a")}
    >>> back = decode(encode(v))
    >>> back["order"].tolist(), back["auc"], back["pair"]
    ([2, 0, 1], 0.75, (1, 'a'))
"""
from __future__ import annotations

from .files import (SHARD_AT, SHARD_BYTES, DamagedStore, Store, contents, main, pack,
                    read_family, read_pack)
from .keys import (KEY_NAMES, LIBRARIES, library_versions, run_versions, task, task_family,
                   task_key, task_name, task_version)
from .values import decode, encode, stored_type

__all__ = ["KEY_NAMES", "LIBRARIES", "SHARD_AT", "SHARD_BYTES", "DamagedStore", "Store",
           "contents", "decode", "encode", "library_versions", "main", "pack", "read_family",
           "read_pack", "run_versions", "stored_type", "task", "task_family", "task_key",
           "task_name", "task_version"]
