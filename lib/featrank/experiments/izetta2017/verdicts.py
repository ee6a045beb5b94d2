"""Izetta 2017: the rules the reproduction summary judges each claim by (:data:`RULES`) and
the verdicts they give, fixed before looking at our numbers."""
from __future__ import annotations

import numpy as np
import pandas as pd


ALPHA = 0.05
#: a paper value agrees when |ours - paper| <= Z_TOL * SE(ours) + ROUNDING (the paper rounds
#: its tables to integers, "values are rounded when needed")
Z_TOL, ROUNDING = 2.0, 0.5
#: scaling exponents: "linear" means nearer 1 than 2, "cubic" nearer 3 than 2, a "power law"
#: (super-linear) nearer 2 than 1
SCALING = {"linear": (1.5, "below"), "cubic": (2.5, "above"), "power law": (1.5, "above")}

RULES = f"""\
Verdict rules (fixed before the numbers were computed; alpha = {ALPHA}):

* **Printed values** (Tables 4-6): ours is the mean over splits of the statistic of each split,
  SE over splits. A value agrees when |ours − paper| ≤ {Z_TOL:g}·SE + {ROUNDING:g} (the paper
  rounds to integers). A row of several values: *yes* if all agree, *partly* if at least
  half do, *no* otherwise.
* **"A is best / A beats B"** (Figs. 4-6, Tables 4, 5, 8): Friedman test (Iman-Davenport) over
  blocks, then Holm's step-down test of every method against the claimed best (Demšar 2006,
  Sec. 3.2.2). *yes*: Friedman rejects, the claimed best has the best mean rank and Holm finds
  it significantly better than every method the claim puts behind it; *partly*: it has the
  best mean rank, or is significantly better than at least one of them; *no* otherwise.
  Blocks are (dataset, split) for errors, (split, relevant feature) for positions.
* **"A is equal or better than B in all cases"** (Figs. 2, 3): per case (Fig. 3: the error
  at the true n; Fig. 2: the error averaged over the curve, since a tie-break rarely changes
  the set selected at the true n) a one-sided paired t-test over splits that A is worse, Holm-corrected over the cases, and a one-sided Wilcoxon
  signed-rank test over all (case, split) blocks. *yes*: neither finds A worse; *partly*: one
  does; *no*: both do.
* **Largest gains** (Fig. 3): the two claimed methods must have the two largest mean gains
  and exceed the third by more than {Z_TOL:g} SE of the paired difference (*yes*); *partly* if
  they are the top two, or one of them is the top one; *no* otherwise.
* **k matters / 10 % good** (Fig. 1): *yes* if Friedman over the k values rejects and Holm
  finds no k significantly better than 10 %; *partly* if one of the two holds.
* **Scaling** (Fig. 7): the log-log slope b ± SE (least squares). Linear means b < 1.5,
  cubic b > 2.5, a power law b > 1.5: *yes* if b ± {Z_TOL:g} SE lies on the claimed side,
  *partly* if only b does, *no* otherwise. "Slowest" and "by far": the claimed method's
  combination time exceeds the others' by more than {Z_TOL:g} SE (and, for "by far", twice).
* **Smaller differences on Artificial-3** (Fig. 4): the spread (max − min) of the six errors at
  the true n per (dataset, split); *yes* if its mean on Artificial-3 is below that on the
  class-specific problems by more than {Z_TOL:g} SE, *partly* if below, *no* otherwise.
  **"Almost equivalent"** (Table 6): *yes* if the range of the six mean positions on Art-3-8C
  is under half of that on Art-1-8C (the paper: 15 against 57), *no* otherwise.
* **Relevant first** (Table 4): *yes* if for every method the 3rd quartile of the relevant
  features' positions (pooled over splits, as the paper's tables) is below the 1st quartile
  of the noisy features' positions, *no* otherwise.
* **Differences grow with c** (Artificial-1): *yes* if the Spearman correlation of c with the
  mean spread is >= 0.8 and the spread at the largest c exceeds that at the smallest by more
  than {Z_TOL:g} SE; *partly* if one of the two holds.
* **Vacuous rows** get *n/a*: a claim about Artificial-3 when every compared order puts the
  relevant features first in every split (all methods tie by construction), a claim our
  design makes true, or data not available here.
"""


def value_agrees(ours: float, se: float, paper: float) -> bool:
    """The printed-value rule: ``|ours - paper| <= Z_TOL * se + ROUNDING`` (a missing SE,
    e.g. from a single split, counts as 0).

    >>> value_agrees(22.8, 0.9, 22), value_agrees(22.8, 0.1, 22), value_agrees(3.0, 0.0, 3)
    (True, False, True)
    """
    se = 0.0 if se is None or not np.isfinite(se) else se
    return bool(abs(ours - paper) <= Z_TOL * se + ROUNDING)


def values_verdict(ok) -> str:
    """*yes* if every value agrees, *partly* if at least half do, else *no*."""
    ok = list(ok)
    if not ok:
        raise ValueError("no values to judge")
    return "yes" if all(ok) else "partly" if 2 * sum(ok) >= len(ok) else "no"


def best_verdict(scores: pd.DataFrame, control: str, behind, *, higher_is_better=False,
                 alpha: float = ALPHA) -> dict:
    """The "A is best" rule on a ``(blocks, methods)`` score table.

    Returns
    -------
    dict
        ``agrees`` (yes/partly/no), ``ranks`` (mean ranks), ``p`` (Friedman, Iman-Davenport),
        ``beaten`` (the methods of ``behind`` that Holm finds significantly behind the
        control), ``best`` (the method with the best mean rank), ``n`` (blocks), ``se``
        (Demšar's standard error of a difference of mean ranks) and ``text`` (a one-line
        account).

    Examples
    --------
    Twelve blocks where "a" is always first and "b", "c" share the rest:

    >>> s = pd.DataFrame({"a": [0.1] * 12, "b": [0.2, 0.3] * 6, "c": [0.3, 0.2] * 6})
    >>> v = best_verdict(s, "a", ["b", "c"])
    >>> v["agrees"], sorted(v["beaten"])
    ('yes', ['b', 'c'])
    >>> best_verdict(s, "b", ["c"])["agrees"]
    'no'
    """
    from ... import stats

    behind = set(behind)
    if scores.shape[0] < 2:
        return {"agrees": "n/a", "ranks": None, "p": np.nan, "beaten": set(), "best": "",
                "n": scores.shape[0], "se": np.nan, "text": f"{scores.shape[0]} block(s): no test possible "
                "at this profile"}
    fr = stats.friedman(scores, higher_is_better=higher_is_better)
    holm = stats.holm_vs_control(scores, control, alpha=alpha, higher_is_better=higher_is_better)
    beaten = set(holm.loc[holm["significant"] & (holm["z"] > 0), "method"]) & behind
    R = fr.average_ranks
    is_best = bool(R[control] <= R.min() + 1e-12)
    if fr.pvalue < alpha and is_best and beaten == behind:
        agrees = "yes"
    elif is_best or beaten:
        agrees = "partly"
    else:
        agrees = "no"
    se = stats.rank_se(len(R), fr.n_datasets)
    text = (f"mean ranks {', '.join(f'{m} {r:.2f}' for m, r in R.sort_values().items())} "
            f"(N={fr.n_datasets}); Friedman p={fr.pvalue:.3g}; {control} significantly "
            f"better than {len(beaten)}/{len(behind)} (Holm)")
    return {"agrees": agrees, "ranks": R, "p": fr.pvalue, "beaten": beaten,
            "best": " = ".join(R.index[R <= R.min() + 1e-12]), "n": fr.n_datasets, "se": se,
            "text": text}


def not_worse_verdict(diffs: dict, alpha: float = ALPHA) -> dict:
    """The "A equal or better in all cases" rule; ``diffs`` maps each case to the paired
    differences A − B over splits (positive = A worse).

    Returns
    -------
    dict
        ``agrees``, ``n_cases``, ``n_mean_not_worse`` (cases with mean difference <= 0),
        ``n_worse`` (cases where A is significantly worse, Holm), ``p_pooled`` (Wilcoxon over
        all (case, split) blocks, one-sided) and ``text``.

    Examples
    --------
    >>> v = not_worse_verdict({"x": [0.0, -0.01, 0.0], "y": [-0.02, 0.0, -0.01]})
    >>> v["agrees"], v["n_worse"]
    ('yes', 0)
    >>> worse = {c: [0.05, 0.06, 0.07, 0.05, 0.06] for c in "abcd"}
    >>> not_worse_verdict(worse)["agrees"]
    'no'
    """
    from scipy import stats as ss

    pvals, means = [], []
    for d in diffs.values():
        d = np.asarray(d, dtype=float)
        means.append(d.mean())
        if d.size < 2 or np.allclose(d, d[0]) and d[0] <= 0:
            pvals.append(1.0)
        elif np.allclose(d, d[0]):
            pvals.append(0.0)          # the same positive difference in every split
        else:
            pvals.append(float(ss.ttest_1samp(d, 0.0, alternative="greater").pvalue))
    order = np.argsort(pvals)
    k = len(pvals)
    adj = np.minimum(1.0, np.maximum.accumulate((k - np.arange(k)) * np.asarray(pvals)[order]))
    n_worse = int(np.sum(adj <= alpha))
    pooled = np.concatenate([np.asarray(d, float) for d in diffs.values()])
    p_pooled = (1.0 if np.all(pooled == 0) else
                float(ss.wilcoxon(pooled, alternative="greater").pvalue))
    hits = (n_worse > 0) + (p_pooled < alpha)
    agrees = ("yes", "partly", "no")[hits]
    n_ok = int(np.sum(np.asarray(means) <= 0))
    text = (f"mean not worse in {n_ok}/{k} cases; significantly worse in {n_worse}/{k} "
            f"(paired t, Holm); pooled Wilcoxon p={p_pooled:.3g}")
    return {"agrees": agrees, "n_cases": k, "n_mean_not_worse": n_ok, "n_worse": n_worse,
            "p_pooled": p_pooled, "text": text}


def scaling_verdict(slope: float, se: float, claim: str) -> str:
    """The scaling rule for ``claim`` in ``SCALING`` ("linear", "cubic", "power law").

    >>> scaling_verdict(2.9, 0.1, "cubic"), scaling_verdict(2.6, 0.1, "cubic")
    ('yes', 'partly')
    >>> scaling_verdict(0.7, 0.05, "linear"), scaling_verdict(1.7, 0.05, "linear")
    ('yes', 'no')
    """
    if claim not in SCALING:
        raise ValueError(f"claim must be one of {sorted(SCALING)}, got {claim!r}")
    bound, side = SCALING[claim]
    sgn = 1 if side == "above" else -1
    se = np.inf if se is None or not np.isfinite(se) else se
    if sgn * (slope - bound) > Z_TOL * se:
        return "yes"
    return "partly" if sgn * (slope - bound) > 0 else "no"


def imperfect_orders(orders, n_relevant: int) -> int:
    """How many of ``orders`` (one per row) do not put the features ``0 .. n_relevant-1``
    in their first ``n_relevant`` places.

    >>> imperfect_orders([[1, 0, 2, 3], [0, 2, 1, 3], [2, 0, 1, 3]], 2)
    2
    """
    o = np.atleast_2d(np.asarray(orders))
    return int(np.sum(np.any(np.sort(o[:, :n_relevant], axis=1) != np.arange(n_relevant),
                             axis=1)))


def perfectly_ranked(orders, n_relevant: int) -> bool:
    """True when every order puts the features ``0 .. n_relevant-1`` in its first
    ``n_relevant`` places (then every method ties on the claim: vacuous).

    >>> perfectly_ranked([[1, 0, 2, 3], [0, 1, 3, 2]], 2), perfectly_ranked([[2, 0, 1]], 2)
    (True, False)
    """
    return imperfect_orders(orders, n_relevant) == 0


