"""Shared test helpers, and a fresh run context for every test. Import-safe without
FEATRANK_DATA: tests needing a real dataset call ``load_or_skip(name)`` (or use the
``load_or_skip`` fixture), which skips with the reason when the dataset cannot be had here (no
download is attempted during tests)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("FEATRANK_OFFLINE", "1")  # tests never touch the network
os.environ.setdefault("FEATRANK_PROGRESS", "0")


@pytest.fixture(autouse=True)
def run_context():
    """Each test runs as a fresh run (``featrank.context.using(RunContext())``): the profile
    it chooses, the notebooks it marks incomplete, the store counts and the skipped datasets it
    records end with it."""
    from featrank.context import RunContext, using

    with using(RunContext()) as run:
        yield run


def load_or_skip(name, **kwargs):
    """``featrank.datasets.load(name)``, or ``pytest.skip`` naming why it is unavailable."""
    from featrank.datasets import load

    try:
        return load(name, download=False, **kwargs)
    except FileNotFoundError as exc:
        pytest.skip(str(exc).split(" under one of")[0])  # "dataset 'x' is not available: expected file(s) ..."


@pytest.fixture(name="load_or_skip")
def _load_or_skip_fixture():
    return load_or_skip
