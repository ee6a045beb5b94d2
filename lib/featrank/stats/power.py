"""What a test could have seen: minimal detectable effects and equivalence intervals.

A verdict "no" (or "not significant") means little unless the test could have said "yes":
the **minimal detectable effect** (MDE) of a test is the smallest true effect it detects with
probability ``power`` at level ``alpha`` (Cohen 1988, Ch. 2; for a normal statistic with
standard error ``se``, ``MDE = (z_{1-alpha} + z_{power}) se`` one-sided). "No difference" is
shown the other way round, by **equivalence**: two one-sided tests (Schuirmann 1987) at level
``alpha`` reject both ``delta <= -margin`` and ``delta >= margin`` exactly when the
``1 - 2 alpha`` interval of the difference lies inside ``(-margin, margin)``
(:func:`equivalence_interval`); the smallest margin a design could ever confirm is that
interval's half-width at a zero estimate.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from scipy import stats as ss

from .meanrank import nemenyi_q


def _quantiles(alpha: float, power: float, sided: int, df: float | None):
    if not (0 < alpha < 1 and 0 < power < 1) or sided not in (1, 2):
        raise ValueError(f"need 0 < alpha, power < 1 and sided in (1, 2), got {alpha!r}, "
                         f"{power!r}, {sided!r}")
    dist = ss.norm if df is None else ss.t(df)
    return float(dist.ppf(1 - alpha / sided)), float(dist.ppf(power))


def mde(se: float, *, alpha: float = 0.05, power: float = 0.8, sided: int = 1,
        df: float | None = None) -> float:
    """Minimal detectable effect of a test on an estimate with standard error ``se``:
    ``(q_{1-alpha/sided} + q_{power}) se``, ``q`` normal, or Student's t with ``df`` degrees
    of freedom (the corrected resampled t-test: ``df = J - 1``); NaN for a NaN ``se`` (an
    estimate of one value has no standard error, and no detectable effect).

    >>> round(mde(1.0), 3), round(mde(1.0, sided=2), 3), round(mde(0.01, df=9), 4)
    (2.486, 2.802, 0.0272)
    """
    if math.isnan(se):                  # no standard error (one value): no MDE either
        return math.nan
    if not (math.isfinite(se) and se >= 0):
        raise ValueError(f"se must be finite and >= 0, got {se!r}")
    q_a, q_b = _quantiles(alpha, power, sided, df)
    return (q_a + q_b) * se


def mde_nemenyi(k: int, n_datasets: int, *, alpha: float = 0.05, power: float = 0.8) -> float:
    """Minimal difference of two mean ranks (of ``k`` methods over ``n_datasets`` blocks)
    that Nemenyi's test detects with probability ``power``: its critical difference
    ``q_alpha sqrt(k (k + 1) / (6 N))`` (Demšar 2006, Sec. 3.2.2) plus ``z_power`` standard
    errors of the difference (the same square root).

    >>> round(mde_nemenyi(11, 39), 2)
    3.05
    """
    se = math.sqrt(k * (k + 1) / (6.0 * n_datasets))
    return (nemenyi_q(k, alpha) + float(ss.norm.ppf(power))) * se


def wilcoxon_min_p(n: int, *, sided: int = 2) -> float:
    """The smallest p-value the exact signed-rank test can give with ``n`` non-zero pairs:
    every sign the same, probability ``2^-n`` per side.

    >>> wilcoxon_min_p(6), wilcoxon_min_p(6, sided=1)
    (0.03125, 0.015625)
    """
    return min(1.0, sided * 0.5 ** n)


def mde_wilcoxon(sd: float, n: int, *, alpha: float = 0.05, power: float = 0.8,
                 sided: int = 2) -> float:
    """Minimal detectable mean shift of ``n`` paired differences of standard deviation ``sd``
    under the signed-rank test: the t-test's MDE divided by the square root of the test's
    asymptotic relative efficiency under normal data, 3 / pi (Lehmann 1975, Ch. 4); ``inf``
    when even ``n`` differences of one sign cannot reach ``alpha`` (:func:`wilcoxon_min_p`):
    no effect, however large, is detectable.

    >>> math.isinf(mde_wilcoxon(1.0, 6, alpha=0.05 / 3)), round(mde_wilcoxon(1.0, 39), 3)
    (True, 0.471)
    """
    if wilcoxon_min_p(n, sided=sided) > alpha:
        return math.inf
    return mde(sd / math.sqrt(n), alpha=alpha, power=power, sided=sided, df=n - 1) \
        / math.sqrt(3.0 / math.pi)


class Equivalence(NamedTuple):
    """Two one-sided tests of ``|delta| < margin``: the ``1 - 2 alpha`` interval, its
    p-value (the larger of the two one-sided p-values) and whether equivalence is shown."""
    low: float
    high: float
    pvalue: float
    equivalent: bool


def equivalence_interval(estimate: float, se: float, margin: float, *, alpha: float = 0.05,
                         df: float | None = None) -> Equivalence:
    """Two one-sided tests (Schuirmann 1987) of an estimate with standard error ``se``
    against the margin ``(-margin, margin)``, normal or Student's t with ``df``.

    >>> e = equivalence_interval(0.01, 0.01, 0.05)
    >>> round(e.low, 4), round(e.high, 4), e.equivalent
    (-0.0064, 0.0264, True)
    >>> equivalence_interval(0.01, 0.03, 0.05).equivalent
    False
    """
    if margin <= 0 or not (math.isfinite(se) and se >= 0):
        raise ValueError(f"need margin > 0 and a finite se >= 0, got {margin!r}, {se!r}")
    dist = ss.norm if df is None else ss.t(df)
    q = float(dist.ppf(1 - alpha))
    low, high = estimate - q * se, estimate + q * se
    if se == 0:
        p = 0.0 if abs(estimate) < margin else 1.0
    else:
        p = float(max(dist.sf((estimate + margin) / se), dist.cdf((estimate - margin) / se)))
    return Equivalence(low, high, p, bool(p < alpha))


def smallest_margin(se: float, *, alpha: float = 0.05, power: float = 0.8,
                    df: float | None = None) -> float:
    """The smallest margin two one-sided tests show with probability ``power`` when the
    true difference is 0: ``(q_{1-alpha} + q_{(1+power)/2}) se``; a claim of no difference
    whose margin is below it cannot be shown by this design ("untestable").

    >>> round(smallest_margin(1.0), 3)
    2.926
    """
    q_a, q_b = _quantiles(alpha, (1 + power) / 2, 1, df)
    return (q_a + q_b) * se


def simulated_power(test, effect: float, n_sim: int = 2000, *, seed: int = 0) -> float:
    """Share of ``n_sim`` simulated designs in which ``test(rng, effect)`` (True when it
    rejects) rejects: the power at ``effect``, where no formula fits the design."""
    rng = np.random.default_rng(seed)
    return float(np.mean([bool(test(rng, effect)) for _ in range(n_sim)]))
