"""The rule book: one way to judge a paper's claim against ours, the same in every notebook.

Every notebook ends with a reproduction summary, one row per claim of its paper, built here
(:func:`row`, :func:`summary_table`) and written to
``data/results/<notebook>/reproduction_summary.csv`` with the columns :data:`COLUMNS`.
A row's verdict (``agrees``: yes / partly / no / n/a) comes from the rule of its claim's
kind, never from a notebook's own judgement:

=============== ============================================================================
kind            rule (``alpha`` = 0.05; tolerances are arguments, fixed with their source)
=============== ============================================================================
value           the paper reports a number. **yes**: ours is within 2 combined standard
                errors of it (ours and the paper's; the paper's is its reported SE, else half
                a unit of its last printed digit); **partly**: outside that, but within the
                stated practical ``tolerance``; **no**: otherwise; **n/a**: ours has no
                standard error.
direction       the paper claims a sign (a trend, "A better than B"). **yes**: our estimate
                has that sign and its test rejects at ``alpha`` (one-sided; the p-value
                already adjusted for the notebook's family of tests); **partly**: the sign
                holds but the test does not reject; **no**: the opposite sign; **n/a**: no
                variation at all (estimate and SE both 0).
trend           a chain of directions (each step of "the higher x, the lower y"), each step by
                the rule *direction* with its p-value adjusted across every step of the
                family. **yes**: every step is yes; **no**: some step goes the opposite way;
                **partly**: otherwise (every step the claimed way, not all significantly).
significance    the paper claims that m comparisons are significant, and we test them as the
                paper tests them. **yes**: all m; **partly**: at least one, not all; **no**:
                none.
ordering        the paper ranks methods. **yes**: our point estimates give the same order;
                **partly**: the same first method; **no**: otherwise.
all cases       "in all cases": k of n cases hold. **yes**: k = n; **partly**: k >= n / 2;
                **no**: k < n / 2; **n/a**: n = 0.
no difference   the paper finds no significant difference among m comparisons. **yes**: none
                of ours is significant; **partly**: fewer than half are; **no**: half or more.
by construction a claim that holds by construction, or that our data cannot test: **n/a**,
                with the reason.
=============== ============================================================================

``reading``: where a paper leaves an analysis choice open (the blocks of a Friedman test,
whether rankings are learnt on the whole data or inside the training folds), a claim gets one
row per reading, named here; the notebook says which reading the paper's evidence supports.
**The blocks of a rank test, one policy for every notebook.** The blocks of a Friedman test
(or the pairs of a signed-rank test) are the datasets whenever a claim is about methods in
general: datasets are the independent units the papers generalise over (Demšar, JMLR 2006),
so that reading is always computed, and it is the one our own conclusions rest on. A finer
block (a dataset × learner × measure cell, a CV split, a fold) is computed as a further
reading only where the paper may have tested that way; those blocks are not independent
(the cells and folds of one dataset share its data), so a claim that holds only under them
is counted as ``depends``, never as ``yes``. CV splits as the sample of a mean difference get
the corrected resampled t-test (Nadeau & Bengio 2003), not blocks of their own.

``finding``: rows that are one discrepancy seen several ways (per measure, per weighting,
per reading) share a finding id; the README counts findings (:func:`finding_verdicts`).

    >>> r = row("Table 3, theta = 0.3", paper=0.519, ours=0.462, se=0.004,
    ...         verdict=value(0.519, 0.462, 0.004, tolerance=0.1))
    >>> r["agrees"], r["why_not"]
    ('partly', 'off by 0.057 (14.1 combined SE; the paper printed 0.519), within the tolerance 0.1')
"""
from __future__ import annotations

import math
import re
from typing import NamedTuple

import pandas as pd

from ..config import PROFILES, REDUCED

COLUMNS = ("claim", "paper", "ours", "se", "agrees", "why_not", "profile", "reading",
           "finding")
AGREES = ("yes", "partly", "no", "n/a")
ALPHA = 0.05
#: how many combined standard errors a value may be off and still agree (a two-sided 95 %
#: band under normal noise)
Z_AGREE = 2.0


class Verdict(NamedTuple):
    """A rule's decision: ``agrees`` (one of :data:`AGREES`) and ``why_not`` (one short
    sentence wherever it is not "yes")."""
    agrees: str
    why_not: str = ""


def printed_se(value: float) -> float:
    """Half a unit of the last digit a paper printed: the noise of a rounded number.

    >>> printed_se(0.34), printed_se(0.219), printed_se(12.0)
    (0.005, 0.0005, 0.5)
    """
    text = repr(float(value)).rstrip("0").rstrip(".") if "e" not in repr(float(value)) else "0"
    decimals = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10.0 ** -decimals


def plus_minus(estimate: float, se: float) -> str:
    """"estimate ± SE", the one way every summary prints them: the SE to two significant
    digits and the estimate, signed, to the same decimal place.

    >>> plus_minus(0.00041, 0.000231), plus_minus(-0.0312, 0.0081), plus_minus(0.5, 0.03)
    ('+0.00041 ± 0.00023', '-0.0312 ± 0.0081', '+0.500 ± 0.030')
    >>> plus_minus(0.25, 0.0)
    '+0.25 ± 0'
    """
    if not (math.isfinite(se) and se > 0):
        return f"{estimate:+.3g} ± {se:g}"
    decimals = max(0, 1 - math.floor(math.log10(float(f"{se:.2g}"))))
    return f"{estimate:+.{decimals}f} ± {se:.{decimals}f}"


def format_p(p: float) -> str:
    """A p-value as the tables print it: two significant digits, "< 0.0001" below that.

    >>> format_p(0.03456), format_p(3e-7)
    ('0.035', '< 0.0001')
    """
    return "< 0.0001" if p < 1e-4 else f"{p:.2g}"


def value(paper: float, ours: float, se: float | None, *, paper_se: float | None = None,
          tolerance: float | None = None) -> Verdict:
    """A reported number (rule **value** of the module docstring).

    >>> value(0.5, 0.51, 0.01).agrees, value(0.5, 0.7, 0.01).agrees, value(0.5, 0.6, None).agrees
    ('yes', 'no', 'n/a')
    """
    if se is None or not math.isfinite(se):
        return Verdict("n/a", "ours has no standard error to judge the difference by")
    psd = printed_se(paper) if paper_se is None else paper_se
    combined = math.hypot(se, psd)
    diff = abs(ours - paper)
    if diff <= Z_AGREE * combined:
        return Verdict("yes")
    how = (f"off by {diff:.2g} ({diff / combined:.1f} combined SE"
           + (f"; the paper printed {paper:g})" if paper_se is None else ")"))
    if tolerance is not None and diff <= tolerance:
        return Verdict("partly", f"{how}, within the tolerance {tolerance:g}")
    return Verdict("no", how)


def direction(estimate: float, se: float, p_value: float, *, expected: int = 1,
              alpha: float = ALPHA) -> Verdict:
    """A claimed sign (``expected`` +1 or -1) of an effect with its one-sided, family-adjusted
    ``p_value`` (rule **direction**).

    >>> direction(0.03, 0.01, 0.002).agrees, direction(0.03, 0.03, 0.16).agrees
    ('yes', 'partly')
    >>> direction(-0.03, 0.01, 0.99).agrees, direction(0.0, 0.0, 1.0).agrees
    ('no', 'n/a')
    """
    if estimate == 0 and se == 0:
        return Verdict("n/a", "no variation: the compared values are identical")
    if math.copysign(1, estimate) != expected or estimate == 0:
        return Verdict("no", f"the opposite direction ({plus_minus(estimate, se)})")
    if p_value < alpha:
        return Verdict("yes")
    return Verdict("partly", f"the direction holds but is not significant (p = {p_value:.2g})")


def trend(steps) -> Verdict:
    """A trend claimed step by step, from the steps' :func:`direction` verdicts (rule
    **trend**).

    >>> yes, partly, no = Verdict("yes"), Verdict("partly", "p = 0.2"), Verdict("no", "-0.1")
    >>> trend([yes, yes]).agrees, trend([yes, partly]), trend([partly, no]).agrees
    ('yes', Verdict(agrees='partly', why_not='1 of 2 steps the claimed way but not significant'), 'no')
    """
    steps = list(steps)
    if not steps:
        return Verdict("n/a", "no step to check")
    against = sum(v.agrees == "no" for v in steps)
    weak = sum(v.agrees in ("partly", "n/a") for v in steps)
    if against:
        return Verdict("no", f"{against} of {len(steps)} steps the opposite way")
    if weak:
        return Verdict("partly", f"{weak} of {len(steps)} steps the claimed way but not "
                                 "significant")
    return Verdict("yes")


def significance(n_significant: int, n_claimed: int) -> Verdict:
    """The paper's comparisons claimed significant, tested as the paper tests them (rule
    **significance**).

    >>> significance(3, 3).agrees, significance(1, 3).agrees, significance(0, 3).agrees
    ('yes', 'partly', 'no')
    """
    return _k_of_n(n_significant, n_claimed, "significant", partly=n_significant > 0)


def ordering(paper_order, our_scores: dict, *, higher_is_better: bool = True) -> Verdict:
    """The paper's order of methods (best first) against our point estimates (rule
    **ordering**); methods the paper groups as equal may be given as a tuple.

    >>> ordering(["A", "B", "C"], {"A": 3, "B": 2, "C": 1}).agrees
    'yes'
    >>> ordering(["A", ("B", "C")], {"A": 3, "B": 1, "C": 2}).agrees
    'yes'
    >>> ordering(["A", "B", "C"], {"A": 3, "B": 1, "C": 2})
    Verdict(agrees='partly', why_not='ours: A > C > B')
    """
    groups = [g if isinstance(g, tuple) else (g,) for g in paper_order]
    sign = 1 if higher_is_better else -1
    ours = sorted((m for g in groups for m in g), key=lambda m: -sign * our_scores[m])
    said = "ours: " + " > ".join(ours)
    position = {m: i for i, g in enumerate(groups) for m in g}
    ranks = [position[m] for m in ours]
    if ranks == sorted(ranks):
        return Verdict("yes")
    return Verdict("partly", said) if ours[0] in groups[0] else Verdict("no", said)


def all_cases(k: int, n: int) -> Verdict:
    """A claim "in all cases": ``k`` of ``n`` cases hold (rule **all cases**).

    >>> all_cases(5, 5).agrees, all_cases(3, 5).agrees, all_cases(2, 5).agrees
    ('yes', 'partly', 'no')
    """
    return _k_of_n(k, n, "cases", partly=2 * k >= n)


def _k_of_n(k: int, n: int, what: str, *, partly: bool) -> Verdict:
    """yes when all ``n`` hold; else partly or no, as ``partly`` says; n/a when ``n`` is 0."""
    if n <= 0:
        return Verdict("n/a", "nothing to check")
    if k >= n:
        return Verdict("yes")
    return Verdict("partly" if partly else "no", f"{k} of {n} {what}")


def no_difference(n_significant: int, n_pairs: int) -> Verdict:
    """The paper finds no significant difference among ``n_pairs`` comparisons (rule **no
    difference**).

    >>> no_difference(0, 6).agrees, no_difference(2, 6).agrees, no_difference(3, 6).agrees
    ('yes', 'partly', 'no')
    """
    if n_pairs <= 0:
        return Verdict("n/a", "no comparison to test")
    if n_significant == 0:
        return Verdict("yes")
    what = f"{n_significant} of {n_pairs} differences significant"
    return Verdict("partly", what) if 2 * n_significant < n_pairs else Verdict("no", what)


def by_construction(reason: str) -> Verdict:
    """A claim that holds by construction, or that our data cannot test: n/a, with why."""
    return Verdict("n/a", reason)


def row(claim: str, paper, ours, verdict: Verdict, *, se="", reading: str = "",
        finding: str | None = None) -> dict:
    """One summary row: the claim, the paper's value, ours (with ``se``), the rule's verdict,
    the ``reading`` of an open analysis choice it was judged under, and its ``finding`` id
    (default: the claim's own)."""
    return {"claim": claim, "paper": paper, "ours": ours, "se": se,
            "agrees": verdict.agrees, "why_not": verdict.why_not, "reading": reading,
            "finding": finding or slug(claim)}


def slug(text: str) -> str:
    """The id of a claim's own finding (its whole text: two claims never share it by accident).

    >>> slug("Table 3, θ = 0.1: dist(R_GT, R_θ)")
    'table-3-θ-0-1-dist-r_gt-r_θ'
    """
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")


def summary_table(rows, profile: str) -> pd.DataFrame:
    """The rows (dicts from :func:`row`, or with at least ``claim``, ``paper``, ``ours`` and
    ``agrees``) as a checked summary table of ``profile``.

    >>> t = summary_table([row("c", 1, 1.0, Verdict("yes"))], profile="quick")
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
    for col in ("se", "why_not", "reading", "finding"):
        if col not in df:
            df[col] = ""
        df[col] = df[col].astype(object).where(df[col].notna(), "")
    df["why_not"] = df["why_not"].astype(str)
    df["finding"] = [f or slug(c) for f, c in zip(df["finding"], df["claim"])]
    df["profile"] = profile
    for _, r in df.iterrows():
        _check_row(r)
    return df[list(COLUMNS)]


def _check_row(r) -> None:
    if r["agrees"] not in AGREES:
        raise ValueError(f"summary row {r['claim']!r}: agrees must be one of {AGREES}, "
                         f"got {r['agrees']!r}")
    if r["agrees"] != "yes" and not r["why_not"].strip():
        raise ValueError(f"summary row {r['claim']!r}: agrees is {r['agrees']!r} but why_not "
                         "is empty; say why")


#: the order in which a finding's rows decide its verdict: its least favourable one
_WORST_FIRST = ("no", "partly", "yes", "n/a")


def finding_verdicts(table: pd.DataFrame) -> pd.Series:
    """One verdict per finding: the least favourable of its rows (n/a only when all are),
    or ``"depends"`` when its rows under different readings disagree.

    >>> t = summary_table([row("a", 1, 1, Verdict("yes"), finding="f"),
    ...                    row("b", 1, 1, Verdict("partly", "x"), finding="f"),
    ...                    row("c", 1, 1, Verdict("yes"), reading="r1", finding="g"),
    ...                    row("c", 1, 1, Verdict("no", "y"), reading="r2", finding="g")],
    ...                   profile="quick")
    >>> finding_verdicts(t).to_dict()
    {'f': 'partly', 'g': 'depends'}
    """
    out = {}
    for finding, rows in table.groupby("finding", sort=False):
        per_reading = {reading: _worst(r["agrees"]) for reading, r in rows.groupby("reading")}
        verdicts = set(per_reading.values())
        out[finding] = verdicts.pop() if len(verdicts) == 1 else "depends"
    return pd.Series(out, name="agrees")


def _worst(verdicts) -> str:
    return min(verdicts, key=_WORST_FIRST.index)
