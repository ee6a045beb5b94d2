"""The rule book: one way to judge a paper's claim against ours, the same in every notebook.

Every notebook ends with a reproduction summary, one row per claim of its paper, built here
(:func:`row`, :func:`summary_table`) from the claims its paper package declares before any
result is looked at (``claims.toml``, read by :func:`declared_claims`) and written to
``data/results/<notebook>/reproduction_summary.csv`` with the columns :data:`COLUMNS`.
A row's verdict (``agrees``: one of :data:`AGREES`) comes from the rule of its claim's kind
(the ``rule`` column names it), never from a notebook's own judgement:

=============== ============================================================================
kind (rule)     verdict (``alpha`` = 0.05; tolerances and margins are declared with their
                source in ``claims.toml``)
=============== ============================================================================
value           the paper reports a number. **yes**: ours is within 2 combined standard
                errors of it (ours and the paper's; the paper's is its reported SE, else half
                a unit of its last printed digit); **partly**: outside that, but within the
                declared practical ``tolerance``; **no**: otherwise; **n/a**: ours has no
                standard error.
direction       the paper claims a sign (a trend, "A better than B"). **yes**: our estimate
                has that sign and its one-sided test rejects at ``alpha`` (Holm-adjusted
                within the claim's finding); **partly**: the sign holds but the test does not
                reject; **no**: the opposite sign; **untestable**: not "yes", and the test's
                minimal detectable effect (``mde``, at 80 % power) exceeds the paper's own
                effect: the data could not have said "yes"; **n/a**: no variation at all.
trend           a chain of directions, each step by the rule *direction* (its p-value
                adjusted across the steps). **yes**: every step is yes; **no**: some step
                goes the opposite way; **untestable**: no step can be seen; **partly**:
                otherwise.
significance    the paper claims that m comparisons are significant, tested as the paper
                tests them. **yes**: all m; **partly**: at least one; **no**: none;
                **untestable**: none, and the design cannot reject at all (the smallest
                attainable p-value exceeds ``alpha``).
equivalence     "no difference", "no worse", "cannot tell apart", "little gain": two
                one-sided tests against a declared margin, read off the ``1 - 2 alpha``
                interval (``ci_low``, ``ci_high``). **yes**: the interval lies inside the
                margin (equivalence shown); **no**: the whole interval lies outside it (a
                difference is shown); **untestable**: otherwise, when the interval is wider
                than the margin, so even a zero difference could not be shown equivalent;
                **no**: the estimate outside the margin; **partly**: inside, the interval not.
                A test that fails to reject is never a "yes".
ordering        the paper ranks methods. **yes**: our point estimates give the same order;
                **partly**: the same first method; **no**: otherwise.
all cases       "in all cases": k of n cases hold. **yes**: k = n; **partly**: k >= n / 2;
                **no**: k < n / 2; **n/a**: n = 0.
by construction a claim that holds by construction, or that our data cannot test: **n/a**,
                with the reason.
=============== ============================================================================

A claim whose convention was chosen because it reproduces the paper's table is declared
``calibrated``: its "yes" is printed **calibrated** and counted apart. Coverage rows and
self-checks are not claims: they go to their own table (:func:`checks_table`) and no count.

**Families.** Holm's correction runs over one finding's rows (:func:`holm_by_finding`), the
same in every notebook: a finding is one claim, however many rows test it.

``reading``: where a paper leaves an analysis choice open (the blocks of a Friedman test,
whether rankings are learnt on the whole data or inside the training folds), a claim gets one
row per reading; its declaration names the reading the notebook's evidence supports
(``supported`` is "yes" on that reading's rows) and why, or ``depends`` with the reason the
evidence cannot choose. The other readings stay as rows, a sensitivity, and feed the
notebook's specification curve (:mod:`featrank.experiments.specifications`).
**The blocks of a rank test, one policy for every notebook.** The blocks of a Friedman test
(or the pairs of a signed-rank test) are the datasets whenever a claim is about methods in
general: datasets are the independent units the papers generalise over (Demšar, JMLR 2006),
so that reading is always computed, and it is the one our own conclusions rest on. A finer
block (a dataset × learner × measure cell, a CV split, a fold) is computed as a further
reading only where the paper may have tested that way; those blocks are not independent.
CV splits as the sample of a mean difference get the corrected resampled t-test (Nadeau &
Bengio 2003), not blocks of their own.

``finding``: rows that are one discrepancy seen several ways (per measure, per weighting,
per reading) share a finding id, the id of its declaration; the README counts findings
(:func:`finding_verdicts`).

    >>> r = row("Table 3, theta = 0.3", paper=0.519, ours=0.462, se=0.004,
    ...         verdict=value(0.519, 0.462, 0.004, tolerance=0.1))
    >>> r["agrees"], r["why_not"], r["rule"]
    ('partly', 'off by 0.057 (14.1 combined SE; the paper printed 0.519), within the tolerance 0.1', 'value')
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pandas as pd

from ..config import PROFILES, REDUCED
from .rules import (AGREES, ALPHA, COLUMNS, RULES, Z_AGREE, Verdict, all_cases,  # noqa: F401
                    by_construction, direction, equivalence, equivalent_all, format_p,
                    holm_by_finding, ordering, plus_minus, printed_se, row, significance, slug,
                    trend, value)

#: the fields a declared claim may have (``claims.toml``, one ``[[claim]]`` table each)
FIELDS = {"id": str, "words": str, "where": str, "kind": (str, list), "family": str,
          "alpha": float, "margin": float, "tolerance": float, "effect": float,
          "source": str, "readings": list, "supported": str, "why": str, "calibrated": bool}
REQUIRED = ("id", "words", "where", "kind")


def declared_claims(path) -> dict[str, dict]:
    r"""The claims a paper package declares in ``path`` (a TOML file of ``[[claim]]`` tables:
    ``id``, the paper's ``words`` and ``where`` they are, ``kind`` (a rule of :data:`RULES`,
    or a list of them), and where they apply ``family``, ``alpha``, ``margin`` or
    ``tolerance`` (with its ``source``), the paper's ``effect``, ``readings`` with the
    ``supported`` one (or ``"depends"``) and ``why``, ``calibrated``), checked, by id.

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "claims.toml")
    >>> _ = open(f, "w").write('[[claim]]\nid = "a"\nwords = "A beats B"\nwhere = "Fig. 1"\n'
    ...                        'kind = "direction"\n')
    >>> declared_claims(f)["a"]["kind"]
    ['direction']
    """
    text = Path(path).read_text(encoding="utf-8")
    out = {}
    for c in tomllib.loads(text).get("claim", []):
        where = f"{path}: claim {c.get('id', '?')!r}"
        missing = [k for k in REQUIRED if k not in c]
        unknown = sorted(set(c) - set(FIELDS))
        if missing or unknown:
            raise ValueError(f"{where}: missing {missing} / unknown {unknown} fields; "
                             f"use {sorted(FIELDS)}")
        kinds = [c["kind"]] if isinstance(c["kind"], str) else list(c["kind"])
        bad = [k for k in kinds if k not in RULES]
        if bad:
            raise ValueError(f"{where}: unknown kind {bad}; choose from {RULES}")
        readings = c.get("readings", [])
        sup = c.get("supported")
        if len(readings) >= 2 and (sup not in (*readings, "depends") or not c.get("why")):
            raise ValueError(f"{where}: with readings {readings} name the supported one (or "
                             "'depends') and say why")
        if c["id"] in out:
            raise ValueError(f"{where}: declared twice")
        out[c["id"]] = {**c, "kind": kinds, "family": c.get("family", c["id"]),
                        "alpha": c.get("alpha", ALPHA)}
    return out


def summary_table(rows, profile: str, declared: dict | None = None) -> pd.DataFrame:
    """The rows (dicts from :func:`row`, or with at least ``claim``, ``paper``, ``ours`` and
    ``agrees``) as a checked summary table of ``profile``. With ``declared``
    (:func:`declared_claims`), every row must belong to a declared claim of its rule and every
    declared claim must have a row; ``supported`` marks the rows of a finding's supported
    reading, and a calibrated claim's "yes" becomes "calibrated". A row may always be judged
    "by construction" (a claim its data cannot test); at the smoke profile, whose grids are too
    small to reach every claim, a declared claim without a row gets an n/a row saying so.

    >>> t = summary_table([row("c", 1, 1.0, Verdict("yes", "", "value"))], profile="quick")
    >>> list(t.columns) == list(COLUMNS)
    True
    >>> summary_table([dict(claim="c", paper=1, ours=2, agrees="no")], profile="quick")
    Traceback (most recent call last):
    ...
    ValueError: summary row 'c': agrees is 'no' but why_not is empty; say why
    """
    if profile not in PROFILES + (REDUCED,):
        raise ValueError(f"unknown profile {profile!r}; choose one of {PROFILES + (REDUCED,)}")
    df = pd.DataFrame(list(rows))
    missing = {"claim", "paper", "ours", "agrees"} - set(df.columns)
    if missing:
        raise ValueError(f"summary rows lack the column(s) {sorted(missing)}")
    extra = set(df.columns) - set(COLUMNS)
    if extra:
        raise ValueError(f"summary rows have unknown column(s) {sorted(extra)}; use {COLUMNS}")
    for col in COLUMNS:
        if col not in df:
            df[col] = ""
        df[col] = df[col].astype(object).where(df[col].notna(), "")
    df["why_not"] = df["why_not"].astype(str)
    df["finding"] = [f or slug(c) for f, c in zip(df["finding"], df["claim"])]
    df["profile"] = profile
    if declared is not None:
        df = _apply_declared(df, declared)
    for _, r in df.iterrows():
        _check_row(r)
    return df[list(COLUMNS)]


def _apply_declared(df: pd.DataFrame, declared: dict) -> pd.DataFrame:
    """Check ``df`` against the declarations and fill ``supported`` and calibrated verdicts."""
    counted = {i for i, c in declared.items() if "check" not in c["kind"]}
    for r in df.itertuples():
        c = declared.get(r.finding)
        if c is None or r.finding not in counted:
            raise ValueError(f"summary row {r.claim!r}: finding {r.finding!r} is not a declared "
                             "claim (a check goes to checks_table); declare it in claims.toml")
        if r.rule not in (*c["kind"], "by construction"):   # untestable here: always allowed
            raise ValueError(f"summary row {r.claim!r}: judged by rule {r.rule!r}, but its claim "
                             f"{r.finding!r} is declared {c['kind']}")
        if len(c.get("readings", [])) >= 2 and r.reading not in c["readings"]:
            raise ValueError(f"summary row {r.claim!r}: reading {r.reading!r} is not one of the "
                             f"declared {c['readings']}")
    absent = sorted(counted - set(df["finding"]))
    if absent and df["profile"].iloc[0] != "smoke":
        raise ValueError(f"declared claim(s) {absent} have no summary row")
    df = df.copy()
    if absent:      # the smoke profile's tiny grids cannot reach every claim: say so, n/a
        filler = [{**dict.fromkeys(COLUMNS, ""), "claim": declared[f]["words"], "agrees": "n/a",
                   "why_not": "not reached by the smoke profile's grid", "rule": "by construction",
                   "finding": f, "profile": "smoke", "paper": declared[f]["where"],
                   "ours": "not run", "reading": (declared[f].get("readings") or [""])[0]}
                  for f in absent]
        df = pd.concat([df, pd.DataFrame(filler)], ignore_index=True)
    for i, r in df.iterrows():
        c = declared[r["finding"]]
        if len(c.get("readings", [])) >= 2:
            df.at[i, "supported"] = "yes" if r["reading"] == c["supported"] else "no"
        if c.get("calibrated") and r["agrees"] == "yes":
            df.at[i, "agrees"] = "calibrated"
            df.at[i, "why_not"] = f"calibrated: {c.get('why', 'the convention fits the paper')}"
    return df


def checks_table(rows, profile: str) -> pd.DataFrame:
    """Coverage rows and self-checks (rule ``check``): a table of their own, out of the
    counts; the same columns as a summary.

    >>> checks_table([row("all datasets found", 7, 7, Verdict("yes", "", "check"))],
    ...              "quick")["rule"].tolist()
    ['check']
    """
    return summary_table(rows, profile)


def _check_row(r) -> None:
    if r["agrees"] not in AGREES:
        raise ValueError(f"summary row {r['claim']!r}: agrees must be one of {AGREES}, "
                         f"got {r['agrees']!r}")
    if r["agrees"] != "yes" and not r["why_not"].strip():
        raise ValueError(f"summary row {r['claim']!r}: agrees is {r['agrees']!r} but why_not "
                         "is empty; say why")


#: the order in which a finding's rows decide its verdict: its least favourable one
_WORST_FIRST = ("no", "partly", "untestable", "yes", "calibrated", "n/a")


def finding_verdicts(table: pd.DataFrame) -> pd.Series:
    """One headline verdict per finding: the least favourable row of its supported reading
    (``supported`` "yes"); ``"depends"`` when its readings are declared but none is supported,
    or (a summary without declarations) when its readings disagree; otherwise the least
    favourable of its rows (n/a only when all are).

    >>> t = summary_table([row("a", 1, 1, Verdict("yes"), finding="f"),
    ...                    row("b", 1, 1, Verdict("partly", "x"), finding="f"),
    ...                    row("c", 1, 1, Verdict("yes"), reading="r1", finding="g"),
    ...                    row("c", 1, 1, Verdict("no", "y"), reading="r2", finding="g")],
    ...                   profile="quick")
    >>> finding_verdicts(t).to_dict()
    {'f': 'partly', 'g': 'depends'}
    >>> t.loc[2, "supported"], t.loc[3, "supported"] = "yes", "no"
    >>> finding_verdicts(t).to_dict()
    {'f': 'partly', 'g': 'yes'}
    """
    out = {}
    sup = table["supported"] if "supported" in table else pd.Series("", index=table.index)
    for finding, rows in table.groupby("finding", sort=False):
        s = sup.loc[rows.index]
        if (s == "yes").any():
            out[finding] = _worst(rows.loc[s == "yes", "agrees"])
        elif (s == "no").any():
            out[finding] = "depends"
        else:
            per_reading = {rd: _worst(r["agrees"]) for rd, r in rows.groupby("reading")}
            verdicts = set(per_reading.values())
            out[finding] = verdicts.pop() if len(verdicts) == 1 else "depends"
    return pd.Series(out, name="agrees")


def _worst(verdicts) -> str:
    return min(verdicts, key=_WORST_FIRST.index)
