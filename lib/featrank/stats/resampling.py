"""Comparing two methods on one dataset from repeated train/test splits: the corrected
resampled t-test of Nadeau & Bengio (2003), in the form of Bouckaert & Frank (2004)."""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from scipy import stats as ss


class CorrectedTTestResult(NamedTuple):
    """The corrected resampled t statistic and its two-sided p-value (``J - 1`` df)."""
    statistic: float
    pvalue: float


def corrected_resampled_ttest(differences, n_train: int, n_test: int) -> CorrectedTTestResult:
    """Corrected resampled t-test (Nadeau & Bengio 2003; Bouckaert & Frank 2004, Eq. 2).

    The ``J`` differences ``d_j`` of two methods' scores on the same ``J`` train/test
    splits of one dataset (e.g. ``r`` times ``k``-fold cross-validation, ``J = r k``) are
    not independent: the training sets overlap. Nadeau & Bengio inflate the variance of
    their mean accordingly:

    ``t = mean(d) / sqrt((1 / J + n_test / n_train) * s^2)``, with ``s^2`` the sample
    variance of the ``d_j`` (``ddof = 1``), Student's t with ``J - 1`` degrees of freedom,
    two-sided. ``n_test = 0`` gives the plain (uncorrected, too liberal) resampled t-test,
    i.e. the one-sample t-test of the ``d_j``.

    Parameters
    ----------
    differences : array-like, shape (J,)
        Score of method A minus score of method B on each split (J >= 2, finite).
    n_train, n_test : int
        Sizes of the training and test sets of a split (for ``k``-fold cross-validation,
        ``n_test / n_train = 1 / (k - 1)``); ``n_train > 0``, ``n_test >= 0``.

    Returns
    -------
    CorrectedTTestResult
        ``(statistic, pvalue)``; ``statistic > 0`` when A scores higher on average. When
        every difference is the same, ``s^2 = 0``: the result is ``(0.0, 1.0)`` if they are
        all 0 (no evidence of a difference) and ``(+-inf, 0.0)`` otherwise (a difference
        without any spread), without computing ``0 / 0``.

    Examples
    --------
    Three splits with 80 training and 20 test cases; ``mean = 0.03``, ``s^2 = 0.0004``,
    ``t = 0.03 / sqrt((1/3 + 1/4) * 0.0004) = 1.964``, two-sided with 2 df:

    >>> t, p = corrected_resampled_ttest([0.01, 0.03, 0.05], n_train=80, n_test=20)
    >>> round(t, 3), round(p, 3)
    (1.964, 0.188)
    """
    d = np.asarray(differences, dtype=float)
    if d.ndim != 1 or d.size < 2:
        raise ValueError(f"differences must be 1-D with at least 2 splits, got shape {d.shape}")
    if not np.isfinite(d).all():
        raise ValueError("differences must be finite (no NaN)")
    if not (n_train > 0 and n_test >= 0):
        raise ValueError(f"need n_train > 0 and n_test >= 0, got {n_train!r}, {n_test!r}")
    mean = float(d.mean())
    if np.ptp(d) == 0:
        return CorrectedTTestResult(0.0, 1.0) if mean == 0 else \
            CorrectedTTestResult(math.copysign(math.inf, mean), 0.0)
    J = d.size
    t = mean / math.sqrt((1.0 / J + n_test / n_train) * float(d.var(ddof=1)))
    return CorrectedTTestResult(t, float(2.0 * ss.t.sf(abs(t), J - 1)))


class CorrectedInterval(NamedTuple):
    """A mean difference over resampled splits, its corrected standard error and its
    ``1 - alpha`` confidence interval."""
    mean: float
    se: float
    low: float
    high: float


def corrected_interval(differences, n_train: int, n_test: int,
                       alpha: float = 0.05) -> CorrectedInterval:
    """The mean of ``J`` split-wise differences with Nadeau & Bengio's (2003) corrected
    standard error ``sqrt((1 / J + n_test / n_train) s^2)`` and the Student-t interval with
    ``J - 1`` degrees of freedom: the interval that :func:`corrected_resampled_ttest` inverts
    (it excludes 0 exactly when that test's p-value is below ``alpha``).

    Three splits with 80 training and 20 test cases, ``mean = 0.03``, ``s^2 = 0.0004``:
    ``se = sqrt((1/3 + 1/4) * 0.0004) = 0.01528``, ``t_{0.975, 2} = 4.303``:

    >>> r = corrected_interval([0.01, 0.03, 0.05], n_train=80, n_test=20)
    >>> round(r.mean, 3), round(r.se, 5), round(r.low, 4), round(r.high, 4)
    (0.03, 0.01528, -0.0357, 0.0957)
    """
    d = np.asarray(differences, dtype=float)
    corrected_resampled_ttest(d, n_train, n_test)       # the same checks of its input
    se = math.sqrt((1.0 / d.size + n_test / n_train) * float(d.var(ddof=1)))
    half = float(ss.t.ppf(1.0 - alpha / 2.0, d.size - 1)) * se
    return CorrectedInterval(float(d.mean()), se, float(d.mean()) - half, float(d.mean()) + half)
