"""The rules of the rule book (:mod:`featrank.experiments.claims`, whose docstring states
them): each turns an estimate, its uncertainty and the paper's value into a
:class:`Verdict` (``agrees``, ``why_not``, ``rule``), and :func:`row` makes a summary row."""
from __future__ import annotations

import math
import re
from typing import NamedTuple

import numpy as np

from ..stats import holm_adjust

COLUMNS = ("claim", "paper", "ours", "se", "ci_low", "ci_high", "mde", "agrees", "why_not",
           "profile", "reading", "supported", "rule", "finding")
#: the verdicts of a row; ``untestable``: the data could not have said "yes" (the test's
#: minimal detectable effect exceeds the paper's effect, or no outcome could reject);
#: ``calibrated``: a "yes" under a convention chosen because it reproduces the paper
AGREES = ("yes", "partly", "no", "untestable", "calibrated", "n/a")
#: the rules a declared claim may name (``kind`` in ``claims.toml``); ``check``: a coverage
#: row or self-check, kept out of the summary and its counts
RULES = ("value", "direction", "trend", "significance", "equivalence", "ordering",
         "all cases", "by construction", "check")
ALPHA = 0.05
#: how many combined standard errors a value may be off and still agree (a two-sided 95 %
#: band under normal noise)
Z_AGREE = 2.0


class Verdict(NamedTuple):
    """A rule's decision: ``agrees`` (one of :data:`AGREES`), ``why_not`` (one short
    sentence wherever it is not "yes") and the ``rule`` that decided it."""
    agrees: str
    why_not: str = ""
    rule: str = ""


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
        return Verdict("n/a", "ours has no standard error to judge the difference by", "value")
    psd = printed_se(paper) if paper_se is None else paper_se
    combined = math.hypot(se, psd)
    diff = abs(ours - paper)
    if diff <= Z_AGREE * combined:
        return Verdict("yes", "", "value")
    how = (f"off by {diff:.2g} ({diff / combined:.1f} combined SE"
           + (f"; the paper printed {paper:g})" if paper_se is None else ")"))
    if tolerance is not None and diff <= tolerance:
        return Verdict("partly", f"{how}, within the tolerance {tolerance:g}", "value")
    return Verdict("no", how, "value")


def direction(estimate: float, se: float, p_value: float, *, expected: int = 1,
              alpha: float = ALPHA, mde: float | None = None,
              effect: float | None = None) -> Verdict:
    """A claimed sign (``expected`` +1 or -1) of an effect with its one-sided, Holm-adjusted
    ``p_value`` (rule **direction**); ``mde``: the test's minimal detectable effect
    (:func:`featrank.stats.power.mde`), ``effect``: the paper's own effect size. Not "yes"
    with ``mde > |effect|`` is **untestable**.

    >>> direction(0.03, 0.01, 0.002).agrees, direction(0.03, 0.03, 0.16).agrees
    ('yes', 'partly')
    >>> direction(-0.03, 0.01, 0.99).agrees, direction(0.0, 0.0, 1.0).agrees
    ('no', 'n/a')
    >>> direction(0.01, 0.03, 0.4, mde=0.075, effect=0.05).agrees
    'untestable'
    """
    if estimate == 0 and se == 0:
        return Verdict("n/a", "no variation: the compared values are identical", "direction")
    if p_value < alpha and math.copysign(1, estimate) == expected and estimate != 0:
        return Verdict("yes", "", "direction")
    if mde is not None and effect is not None and mde > abs(effect):
        return Verdict("untestable", f"the test could not see the paper's effect ({effect:.2g}"
                       f"; detectable at 80 % power: {mde:.2g})", "direction")
    if math.copysign(1, estimate) != expected or estimate == 0:
        return Verdict("no", f"the opposite direction ({plus_minus(estimate, se)})", "direction")
    return Verdict("partly", f"the direction holds but is not significant (p = {p_value:.2g})",
                   "direction")


def trend(steps) -> Verdict:
    """A trend claimed step by step, from the steps' :func:`direction` verdicts (rule
    **trend**).

    >>> yes, partly, no = Verdict("yes"), Verdict("partly", "p = 0.2"), Verdict("no", "-0.1")
    >>> trend([yes, yes]).agrees, trend([yes, partly]).why_not, trend([partly, no]).agrees
    ('yes', '1 of 2 steps the claimed way but not significant', 'no')
    >>> trend([Verdict("untestable", "mde")] * 2).agrees
    'untestable'
    """
    steps = list(steps)
    if not steps:
        return Verdict("n/a", "no step to check", "trend")
    n = len(steps)
    against = sum(v.agrees == "no" for v in steps)
    blind = sum(v.agrees == "untestable" for v in steps)
    weak = sum(v.agrees in ("partly", "n/a", "untestable") for v in steps)
    if against:
        return Verdict("no", f"{against} of {n} steps the opposite way", "trend")
    if blind == n:
        return Verdict("untestable", "no step could be seen at this sample size", "trend")
    if weak:
        return Verdict("partly", f"{weak} of {n} steps the claimed way but not significant",
                       "trend")
    return Verdict("yes", "", "trend")


def significance(n_significant: int, n_claimed: int, *, attainable: bool = True) -> Verdict:
    """The paper's comparisons claimed significant, tested as the paper tests them (rule
    **significance**); ``attainable``: whether the design can reject at all (e.g. a
    signed-rank test of n pairs: ``wilcoxon_min_p(n) <= alpha``).

    >>> significance(3, 3).agrees, significance(1, 3).agrees, significance(0, 3).agrees
    ('yes', 'partly', 'no')
    >>> significance(0, 3, attainable=False).agrees
    'untestable'
    """
    if n_significant == 0 and n_claimed > 0 and not attainable:
        return Verdict("untestable", "no outcome of this design can reach significance "
                       "(the smallest attainable p-value exceeds alpha)", "significance")
    return _k_of_n(n_significant, n_claimed, "significant", partly=n_significant > 0,
                   rule="significance")


def equivalence(estimate: float, ci_low: float, ci_high: float, margin: float, *,
                source: str = "") -> Verdict:
    """A claim of no (practical) difference, by two one-sided tests against ``margin``
    (rule **equivalence**): ``ci_low``, ``ci_high`` is the ``1 - 2 alpha`` interval of the
    difference (:func:`featrank.stats.power.equivalence_interval`); ``source`` says where
    the margin comes from.

    >>> equivalence(0.01, -0.01, 0.03, 0.05).agrees, equivalence(0.0, -0.08, 0.08, 0.05).agrees
    ('yes', 'untestable')
    >>> equivalence(0.07, 0.05, 0.09, 0.05).agrees, equivalence(0.03, -0.01, 0.07, 0.05).agrees
    ('no', 'partly')
    >>> equivalence(0.07, 0.01, 0.13, 0.01).agrees        # wide, but wholly past the margin
    'no'
    
    """
    m = f"the margin ±{margin:.2g}" + (f" ({source})" if source else "")
    if -margin < ci_low and ci_high < margin:
        return Verdict("yes", "", "equivalence")
    if ci_low >= margin or ci_high <= -margin:
        return Verdict("no", f"the whole interval [{ci_low:.2g}, {ci_high:.2g}] lies outside "
                       f"{m}: a difference is shown", "equivalence")
    if (ci_high - ci_low) / 2 >= margin:
        return Verdict("untestable", f"the interval [{ci_low:.2g}, {ci_high:.2g}] is wider than "
                       f"{m}: not even a zero difference could be shown equivalent",
                       "equivalence")
    if abs(estimate) >= margin:
        return Verdict("no", f"the difference {estimate:+.2g} lies outside {m}", "equivalence")
    return Verdict("partly", f"the estimate lies inside {m}, its interval [{ci_low:.2g}, "
                   f"{ci_high:.2g}] does not", "equivalence")


def equivalent_all(verdicts) -> Verdict:
    """Several differences claimed negligible together: yes when every one is shown
    equivalent; no when one is shown not to be; untestable when none could be; else partly.

    >>> y, u = Verdict("yes", "", "equivalence"), Verdict("untestable", "wide", "equivalence")
    >>> equivalent_all([y, y]).agrees, equivalent_all([y, u]).agrees, equivalent_all([u]).agrees
    ('yes', 'partly', 'untestable')
    """
    vs = list(verdicts)
    if not vs:
        return Verdict("n/a", "no comparison to test", "equivalence")
    n, k = len(vs), sum(v.agrees == "yes" for v in vs)
    if any(v.agrees == "no" for v in vs):
        bad = sum(v.agrees == "no" for v in vs)
        return Verdict("no", f"{bad} of {n} differences outside the margin", "equivalence")
    if k == n:
        return Verdict("yes", "", "equivalence")
    if k == 0 and all(v.agrees == "untestable" for v in vs):
        return Verdict("untestable", f"none of the {n} differences could be shown equivalent "
                       "at this sample size", "equivalence")
    return Verdict("partly", f"{k} of {n} differences shown equivalent", "equivalence")


def ordering(paper_order, our_scores: dict, *, higher_is_better: bool = True) -> Verdict:
    """The paper's order of methods (best first) against our point estimates (rule
    **ordering**); methods the paper groups as equal may be given as a tuple.

    >>> ordering(["A", "B", "C"], {"A": 3, "B": 2, "C": 1}).agrees
    'yes'
    >>> ordering(["A", ("B", "C")], {"A": 3, "B": 1, "C": 2}).agrees
    'yes'
    >>> ordering(["A", "B", "C"], {"A": 3, "B": 1, "C": 2})
    Verdict(agrees='partly', why_not='ours: A > C > B', rule='ordering')
    """
    groups = [g if isinstance(g, tuple) else (g,) for g in paper_order]
    sign = 1 if higher_is_better else -1
    ours = sorted((m for g in groups for m in g), key=lambda m: -sign * our_scores[m])
    said = "ours: " + " > ".join(ours)
    position = {m: i for i, g in enumerate(groups) for m in g}
    ranks = [position[m] for m in ours]
    if ranks == sorted(ranks):
        return Verdict("yes", "", "ordering")
    return Verdict("partly" if ours[0] in groups[0] else "no", said, "ordering")


def all_cases(k: int, n: int) -> Verdict:
    """A claim "in all cases": ``k`` of ``n`` cases hold (rule **all cases**).

    >>> all_cases(5, 5).agrees, all_cases(3, 5).agrees, all_cases(2, 5).agrees
    ('yes', 'partly', 'no')
    """
    return _k_of_n(k, n, "cases", partly=2 * k >= n, rule="all cases")


def _k_of_n(k: int, n: int, what: str, *, partly: bool, rule: str) -> Verdict:
    """yes when all ``n`` hold; else partly or no, as ``partly`` says; n/a when ``n`` is 0."""
    if n <= 0:
        return Verdict("n/a", "nothing to check", rule)
    if k >= n:
        return Verdict("yes", "", rule)
    return Verdict("partly" if partly else "no", f"{k} of {n} {what}", rule)


def by_construction(reason: str) -> Verdict:
    """A claim that holds by construction, or that our data cannot test: n/a, with why."""
    return Verdict("n/a", reason, "by construction")


def holm_by_finding(pvalues, findings) -> np.ndarray:
    """Holm's adjusted p-values, one family per finding (the rows sharing a finding id).

    >>> holm_by_finding([0.01, 0.04, 0.03], ["a", "a", "b"]).round(3).tolist()
    [0.02, 0.04, 0.03]
    """
    p = np.asarray(pvalues, dtype=float)
    out = np.empty_like(p)
    ids = np.asarray(findings, dtype=object)
    for f in dict.fromkeys(ids):
        mask = ids == f
        out[mask] = holm_adjust(p[mask])
    return out


def row(claim: str, paper, ours, verdict: Verdict, *, se="", ci=None, mde="",
        reading: str = "", finding: str | None = None) -> dict:
    """One summary row: the claim, the paper's value, ours (with ``se`` and its 95 % interval
    ``ci``, a pair, or for an equivalence the ``1 - 2 alpha`` one), the minimal detectable
    effect ``mde`` of its test, the rule's verdict, the ``reading`` of an open analysis choice
    it was judged under, and its ``finding`` id (its declared claim; default: the claim's
    own slug)."""
    low, high = ci if ci is not None else ("", "")
    return {"claim": claim, "paper": paper, "ours": ours, "se": se, "ci_low": low,
            "ci_high": high, "mde": mde, "agrees": verdict.agrees, "why_not": verdict.why_not,
            "reading": reading, "rule": verdict.rule, "finding": finding or slug(claim)}


def slug(text: str) -> str:
    """The id of a claim's own finding (its whole text: two claims never share it by accident).

    >>> slug("Table 3, θ = 0.1: dist(R_GT, R_θ)")
    'table-3-θ-0-1-dist-r_gt-r_θ'
    """
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")
