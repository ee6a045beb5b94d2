"""The specification curve of a notebook: each finding judged under every combination of the
open analysis choices (blocks, ranking protocol, conventions, ...), the share of combinations
in which the paper's claim holds, and which choice flips it (Simonsohn, Simmons & Nelson
2020, "Specification curve analysis", *Nature Human Behaviour* 4, 1208-1214).

A *specification* is a string of ``choice=option`` pairs joined by ``"; "`` (a summary row's
``reading``, or richer: a notebook may judge a finding under more combinations than its
summary shows). :func:`specification_table` turns rows ``(finding, specification, agrees)``
into the table written to ``data/results/<notebook>/specifications.csv``;
:func:`featrank.plots.specification_curve` draws it.
"""
from __future__ import annotations

import pandas as pd

from .claims import _worst

SPEC_COLUMNS = ["finding", "specification", "agrees", "holds", "supported", "share_holding",
                "flipped_by"]


def choices(spec: str) -> dict[str, str]:
    """The ``choice=option`` pairs of a specification (a bare word is its own choice).

    >>> choices("blocks=datasets; protocol=cv")
    {'blocks': 'datasets', 'protocol': 'cv'}
    >>> choices("")
    {}
    """
    out = {}
    for part in (p.strip() for p in str(spec).split(";") if p.strip()):
        k, _, v = part.partition("=")
        out[k.strip() if v else "reading"] = v.strip() if v else k.strip()
    return out


def flipped_by(specs: pd.DataFrame) -> str:
    """The choices of a finding's specifications whose option alone decides whether the claim
    holds ("" when it holds, or fails, everywhere; "several" when no single choice decides).

    >>> t = pd.DataFrame({"specification": ["b=d; p=w", "b=d; p=cv", "b=c; p=w", "b=c; p=cv"],
    ...                   "holds": [True, True, False, False]})
    >>> flipped_by(t)
    'b'
    """
    if specs["holds"].nunique() < 2:
        return ""
    table = pd.DataFrame([choices(s) for s in specs["specification"]], index=specs.index)
    deciding = [c for c in table.columns
                if table[c].notna().all()
                and specs.groupby(table[c])["holds"].nunique().max() == 1]
    return ", ".join(deciding) if deciding else "several"


def specification_table(summary: pd.DataFrame, extra=None) -> pd.DataFrame:
    """One row per finding and specification: its verdict (the least favourable of its rows),
    whether the claim ``holds`` there ("yes" or "calibrated"), whether it is the supported
    reading, the finding's share of specifications in which it holds, and
    :func:`flipped_by`. ``summary``: a reproduction summary (each reading a specification;
    a finding without readings is one specification, ""); ``extra``: more rows
    ``finding, specification, agrees`` judged under further combinations.

    >>> from featrank.experiments.claims import row, summary_table, Verdict
    >>> s = summary_table([row("c", 1, 1, Verdict("yes"), reading="blocks=datasets"),
    ...                    row("c", 1, 1, Verdict("no", "x"), reading="blocks=cells")], "quick")
    >>> specification_table(s)[["specification", "holds", "share_holding", "flipped_by"]].values.tolist()
    [['blocks=datasets', True, 0.5, 'blocks'], ['blocks=cells', False, 0.5, 'blocks']]
    """
    base = summary[["finding", "reading", "agrees", "supported"]].rename(
        columns={"reading": "specification"})
    if extra is not None and len(extra):
        more = pd.DataFrame(extra)[["finding", "specification", "agrees"]].assign(supported="")
        base = pd.concat([base, more], ignore_index=True)
    rows = []
    for (finding, spec), g in base.groupby(["finding", "specification"], sort=False):
        agrees = _worst(g["agrees"])
        rows.append({"finding": finding, "specification": spec, "agrees": agrees,
                     "holds": agrees in ("yes", "calibrated"),
                     "supported": "yes" if (g["supported"] == "yes").any() else ""})
    out = pd.DataFrame(rows, columns=SPEC_COLUMNS[:5])
    share = out.groupby("finding", sort=False)["holds"].mean()
    out["share_holding"] = out["finding"].map(share).round(4)
    flips = {f: flipped_by(g) for f, g in out.groupby("finding", sort=False)}
    out["flipped_by"] = out["finding"].map(flips)
    return out[SPEC_COLUMNS]
