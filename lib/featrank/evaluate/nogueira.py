"""Stability of feature *selection* (subsets, not rankings): the estimator of Nogueira,
Sechidis & Brown, "On the stability of feature selection algorithms", JMLR 18(174), 2018.

``Z`` is a binary ``(M runs, d features)`` matrix, ``Z[i, f] = 1`` when run ``i`` selected
feature ``f`` (e.g. the top-k of the ranking learnt on each CV training set). With ``p_f`` the
selection frequency of feature ``f``, ``s_f^2 = M / (M - 1) p_f (1 - p_f)`` its sample variance
and ``k`` the mean subset size, the estimate (their Definition 4 / Eq. 4) is::

    Phi = 1 - mean_f(s_f^2) / ((k / d) (1 - k / d))

1 for identical subsets, 0 in expectation for subsets drawn at random (of any size
distribution), and it may fall below 0. Its variance is estimated (their Theorem 8) from
per-run terms ``phi_i``, ``v = 4 / M^2 sum_i (phi_i - mean phi)^2``, which gives the
asymptotic ``(1 - alpha)`` confidence interval ``Phi -/+ z_{1-alpha/2} sqrt(v)`` (Corollary 9;
cut to ``[-1 / (M - 1), 1]``, the values Phi can take, which the normal approximation
overshoots when the subsets are nearly identical or nearly disjoint) and the two-sample test
of equal stability ``T = (Phi_1 - Phi_2) / sqrt(v_1 + v_2)``, standard normal under the null
(Theorem 10). The authors' own code (``nogueirs/JMLR2018``) was used to
check these facts, not copied.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy.stats import norm


class NogueiraStability(NamedTuple):
    """The result of :func:`nogueira_stability`: the estimate, its variance and the
    ``(1 - alpha)`` confidence interval.

    Parameters
    ----------
    estimate, variance, lower, upper, alpha : float
        As the attributes.

    Attributes
    ----------
    estimate : float
        ``Phi``, the stability estimate (Eq. 4).
    variance : float
        Its estimated variance (Theorem 8).
    lower, upper : float
        The asymptotic confidence interval (Corollary 9), cut to ``[-1 / (M - 1), 1]``.
    alpha : float
        1 - its level.

    Examples
    --------
    >>> r = nogueira_stability([[1, 1, 0, 0], [1, 1, 0, 0], [1, 0, 1, 0]])
    >>> round(r.estimate, 4), r.alpha
    (0.3333, 0.05)
    """

    estimate: float
    variance: float
    lower: float
    upper: float
    alpha: float


class NogueiraTest(NamedTuple):
    """The result of :func:`nogueira_test`, the two-sample test of equal stability.

    Parameters
    ----------
    statistic, p_value : float
        As the attributes.

    Attributes
    ----------
    statistic : float
        ``(Phi_1 - Phi_2) / sqrt(v_1 + v_2)``.
    p_value : float
        Its two-sided p-value (standard normal).

    Examples
    --------
    >>> z = [[1, 0, 0], [1, 0, 0], [0, 1, 0]]
    >>> nogueira_test(z, z)
    NogueiraTest(statistic=0.0, p_value=1.0)
    """

    statistic: float
    p_value: float


def _selection_matrix(Z, name="Z"):
    z = np.asarray(Z)
    if z.ndim != 2 or z.shape[0] < 2 or z.shape[1] < 1:
        raise ValueError(f"{name} must be a 2-D array of M >= 2 runs by d >= 1 features, "
                         f"got shape {z.shape}")
    if not np.isin(z, (0, 1)).all():
        raise ValueError(f"{name} must be binary (1 = the run selected the feature)")
    return z.astype(float)


def _estimate_and_variance(Z):
    M, d = Z.shape
    freq = Z.mean(axis=0)
    kbar = freq.sum()
    denom = (kbar / d) * (1.0 - kbar / d)
    if denom == 0:
        raise ValueError("stability is undefined when every run selects no feature or every "
                         "feature (mean subset size 0 or d)")
    phi_hat = 1.0 - (M / (M - 1.0)) * np.mean(freq * (1.0 - freq)) / denom
    k = Z.sum(axis=1)
    phi = ((Z @ freq) / d - k * kbar / d**2
           + phi_hat / 2.0 * (2.0 * kbar * k / d**2 - k / d - kbar / d + 1.0)) / denom
    variance = 4.0 / M**2 * np.sum((phi - phi.mean()) ** 2)
    return float(phi_hat), float(variance)


def nogueira_stability(Z, alpha: float = 0.05) -> NogueiraStability:
    """Stability of a feature selection procedure (Nogueira et al. 2018, Eq. 4), its variance
    (Theorem 8) and the asymptotic ``(1 - alpha)`` confidence interval (Corollary 9).

    Parameters
    ----------
    Z : array-like of shape (M, d)
        Binary selection matrix: one row per run (M >= 2), one column per feature.
    alpha : float, default 0.05
        1 - the confidence level.

    Returns
    -------
    NogueiraStability
        ``estimate``, ``variance``, ``lower``, ``upper``, ``alpha``.

    Examples
    --------
    Identical subsets are perfectly stable; two disjoint halves are less stable than random:

    >>> nogueira_stability([[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0]]).estimate
    1.0
    >>> round(nogueira_stability([[1, 1, 0, 0], [0, 0, 1, 1]]).estimate, 4)
    -1.0

    Frequencies 3/4, 3/4, 1/2, 0 and k = 2 of d = 4: ``1 - (4/3) (5/32) / (1/4) = 1/6``:

    >>> r = nogueira_stability([[1, 1, 0, 0], [1, 0, 1, 0], [1, 1, 0, 0], [0, 1, 1, 0]])
    >>> round(r.estimate, 4), bool(r.lower < r.estimate < r.upper)
    (0.1667, True)
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    Z = _selection_matrix(Z)
    est, var = _estimate_and_variance(Z)
    half = norm.ppf(1.0 - alpha / 2.0) * np.sqrt(var)
    low = -1.0 / (len(Z) - 1)
    return NogueiraStability(est, var, float(max(est - half, low)), float(min(est + half, 1.0)),
                             float(alpha))


def nogueira_test(Z1, Z2) -> NogueiraTest:
    """Test of equal population stability of two selection procedures (Nogueira et al. 2018,
    Theorem 10): ``T = (Phi_1 - Phi_2) / sqrt(v_1 + v_2)`` is asymptotically standard normal
    under the null; the p-value is two-sided. The two matrices may hold different numbers of
    runs; they should select among the same ``d`` features.

    Parameters
    ----------
    Z1, Z2 : array-like of shape (M1, d), (M2, d)
        Binary selection matrices of the two procedures.

    Returns
    -------
    NogueiraTest
        ``statistic`` (> 0 when ``Z1`` is the more stable) and ``p_value``.

    Examples
    --------
    >>> a = [[1, 1, 0, 0, 0]] * 9 + [[1, 0, 1, 0, 0]]
    >>> b = [[1, 1, 0, 0, 0], [0, 0, 1, 1, 0], [0, 1, 0, 0, 1], [1, 0, 0, 1, 0]] * 2
    >>> t = nogueira_test(a, b)
    >>> bool(t.statistic > 0), bool(t.p_value < 0.05)
    (True, True)
    """
    z1, z2 = _selection_matrix(Z1, "Z1"), _selection_matrix(Z2, "Z2")
    if z1.shape[1] != z2.shape[1]:
        raise ValueError(f"Z1 and Z2 select among different numbers of features "
                         f"({z1.shape[1]} and {z2.shape[1]})")
    e1, v1 = _estimate_and_variance(z1)
    e2, v2 = _estimate_and_variance(z2)
    if v1 + v2 == 0:
        return NogueiraTest(0.0 if e1 == e2 else float(np.sign(e1 - e2) * np.inf),
                            1.0 if e1 == e2 else 0.0)
    t = (e1 - e2) / np.sqrt(v1 + v2)
    return NogueiraTest(float(t), float(2.0 * norm.sf(abs(t))))
