"""Reproduction summaries: one table per notebook, one format, and the status table.

Every notebook ends with its paper's claims beside ours, built by the rule book
(:mod:`featrank.experiments.claims`: one row builder, one written rule per kind of claim) and
written to ``data/results/<notebook>/reproduction_summary.csv`` with the columns

``claim, paper, ours, se, agrees, why_not, profile, reading, finding``

``agrees`` is one of ``yes``, ``partly``, ``no``, ``n/a``; ``why_not`` says why wherever
``agrees`` is not ``yes``; ``profile`` is the profile that produced the row; ``reading`` names
the reading of an open analysis choice a row was judged under; rows of one ``finding`` are
one discrepancy seen several ways. The status table (``docs/verdicts.md``, and the status
column of the README's notebook table) is built from these files by
``python -m tools.readme``, never typed by hand, and counts findings.

    >>> t = summary_table([dict(claim="ECA rises with theta", paper="yes", ours="24 of 24",
    ...                         agrees="yes")], profile="quick")
    >>> list(t.columns)
    ['claim', 'paper', 'ours', 'se', 'agrees', 'why_not', 'profile', 'reading', 'finding']
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from .._io import save_table
from .claims import AGREES, COLUMNS, summary_table  # noqa: F401 (re-exported)

NAME = "reproduction_summary"


def save_summary(table: pd.DataFrame, notebook: str) -> Path:
    """Write the checked table as ``data/results/<notebook>/reproduction_summary.csv`` (or
    the scratch folder, for a run at another profile than the committed one)."""
    return save_table(table, notebook, NAME)
