"""Reproduction summaries: one table per notebook, one format, and the status table.

Every notebook ends with its paper's claims beside ours, built by the rule book
(:mod:`featrank.experiments.claims`: one row builder, one written rule per kind of claim) and
written to ``data/results/<notebook>/reproduction_summary.csv`` with the columns

``claim, paper, ours, se, ci_low, ci_high, mde, agrees, why_not, profile, reading, supported,
rule, finding``

``agrees`` is one of ``yes``, ``partly``, ``no``, ``untestable``, ``calibrated``, ``n/a``;
``why_not`` says why wherever ``agrees`` is not ``yes``; ``ci_low``, ``ci_high`` bound ours
(95 %, or the ``1 - 2 alpha`` interval of an equivalence); ``mde`` is the minimal detectable
effect of the row's test; ``profile`` is the profile that produced the row; ``reading`` names
the reading of an open analysis choice a row was judged under, ``supported`` marks the reading
the notebook's evidence supports; ``rule`` names the rule that judged it; rows of one
``finding`` (a declared claim) are one discrepancy seen several ways. The status table (``docs/verdicts.md``, and the status
column of the README's notebook table) is built from these files by
``python -m tools.readme``, never typed by hand, and counts findings.

    >>> t = summary_table([dict(claim="ECA rises with theta", paper="yes", ours="24 of 24",
    ...                         agrees="yes")], profile="quick")
    >>> list(t.columns)[:8]
    ['claim', 'paper', 'ours', 'se', 'ci_low', 'ci_high', 'mde', 'agrees']
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..io import save_table
from ..plots import savefig, specification_curve
from .claims import AGREES, COLUMNS, checks_table, summary_table  # noqa: F401 (re-exported)
from .specifications import specification_table

NAME = "reproduction_summary"


def save_summary(table: pd.DataFrame, notebook: str) -> Path:
    """Write the checked table as ``data/results/<notebook>/reproduction_summary.csv`` (or
    the scratch folder, for a run at another profile than the committed one)."""
    return save_table(table, notebook, NAME)


def save_checks(table: pd.DataFrame, notebook: str) -> Path:
    """Write the coverage rows and self-checks (:func:`checks_table`) as
    ``data/results/<notebook>/checks.csv``."""
    return save_table(table, notebook, "checks")


def save_specifications(summary: pd.DataFrame, notebook: str, extra=None):
    """The notebook's specification curve: the table
    (:func:`featrank.experiments.specifications.specification_table`) written to
    ``data/results/<notebook>/specifications.csv`` and its figure to
    ``figures/<notebook>/specification_curve.png``. Returns ``(table, figure)``."""
    spec = specification_table(summary, extra)
    save_table(spec, notebook, "specifications")
    ax = specification_curve(spec)
    savefig(ax.figure, notebook, "specification_curve")
    return spec, ax.figure
