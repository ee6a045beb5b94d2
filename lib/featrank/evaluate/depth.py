"""How deep a ranking is informative: the subset sizes at which its FFA curve is significantly
above the curve of random rankings, with Holm's correction over the sizes, and the
one-standard-error ("parsimonious") subset size.

A ranking's :class:`~featrank.evaluate.Curves` from :func:`~featrank.evaluate.error_curves`
hold one row per CV split; :func:`~featrank.evaluate.expected_curve` evaluates random orders on
the *same* splits and keeps, in its ``meta``, each order's curve averaged over the splits
(``order_curves``: FFA and RFA rows, both a random subset of each size) and each split's values
(``ffa_runs``, ``rfa_runs``; split-major). Two one-sided tests per size follow from that:

* ``"rank"`` -- a Monte Carlo test: the ranking's split-averaged FFA value against the random
  orders' split-averaged values, ``p = (1 + #{random >= ranking}) / (1 + R)``. All share the
  splits, so under the null "the ranking is one more random order" the R + 1 values are
  exchangeable and the p-value is exact whatever the fold noise. Its resolution is
  ``1 / (R + 1)``: Holm over K sizes can only reject when ``(R + 1) alpha >= K``.
* ``"paired"`` -- a paired t-test across the splits of ``ranking - mean of the random orders``
  on the same split (the split effect cancels). It tests whether this ranking beats the
  *average* random ranking, and treats splits as independent, which CV splits are not (their
  training sets overlap, so the variance is underestimated: Nadeau & Bengio, Machine Learning
  52, 2003). Give ``test_train_ratio`` (``n_test / n_train``, 1/9 for 10-fold CV) to use their
  corrected variance ``(1/J + n_test/n_train) s^2``.

``"auto"`` takes the rank test when there are enough random orders for its resolution, else the
paired test. p-values are adjusted by Holm's step-down method across the sizes, which controls
the family-wise error over the whole curve.

Read the result with the curve's shape in mind: random subsets of size k hold the informative
features only once k is a good share of p, so with r informative features ranked first the
significant sizes start at 1 and often run far past r, while the one-SE size (the smallest size
whose mean is within one standard error of the best mean, Breiman et al. 1984) marks where the
ranking's own curve stops rising -- near r.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import t as student_t

from .ecascore import _common_scoring

TESTS = ("auto", "rank", "paired")


@dataclass(frozen=True)
class InformativeDepth:
    """Result of :func:`informative_depth`.

    Parameters
    ----------
    first, last, one_se, sizes, p_values, p_holm, significant, test, alpha
        As the attributes.

    Attributes
    ----------
    first, last : int or None
        The smallest and largest subset size at which the FFA curve is significantly above
        random (None: at none).
    one_se : int
        The smallest size whose mean FFA value is within one standard error (across splits)
        of the best mean value.
    sizes : ndarray of int
        The subset sizes tested.
    p_values, p_holm : ndarray of float
        One-sided p-values per size, and Holm-adjusted.
    significant : ndarray of bool
        ``p_holm <= alpha``.
    test : str
        The test used, ``"rank"`` or ``"paired"``.
    alpha : float
        The family-wise level.

    Examples
    --------
    >>> d = InformativeDepth(2, 5, 3, np.arange(1, 7), np.zeros(6), np.zeros(6),
    ...                      np.array([0, 1, 1, 1, 1, 0], bool), "paired", 0.05)
    >>> d.none, d.first
    (False, 2)
    """

    first: int | None
    last: int | None
    one_se: int
    sizes: np.ndarray
    p_values: np.ndarray
    p_holm: np.ndarray
    significant: np.ndarray
    test: str
    alpha: float

    @property
    def none(self) -> bool:
        """True when no size is significant."""
        return self.first is None


def holm(p) -> np.ndarray:
    """Holm's step-down adjusted p-values, in the input's order."""
    p = np.asarray(p, dtype=float)
    k = p.size
    order = np.argsort(p, kind="stable")
    adj = np.minimum(1.0, np.maximum.accumulate((k - np.arange(k)) * p[order]))
    out = np.empty(k)
    out[order] = adj
    return out


def _rank_p(obs, random):
    """``(1 + #{random >= obs}) / (1 + R)`` per column."""
    return (1.0 + (random >= obs[None, :]).sum(axis=0)) / (1.0 + random.shape[0])


def _paired_p(diff, ratio):
    """One-sided p-values of mean(diff) > 0 per column, t-test across rows."""
    J = diff.shape[0]
    mean = diff.mean(axis=0)
    sd = diff.std(axis=0, ddof=1)
    scale = sd * np.sqrt(1.0 / J + (ratio or 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        tval = mean / scale
    p = student_t.sf(tval, J - 1)
    return np.where(scale > 0, p, np.where(mean > 0, 0.0, 1.0))


def informative_depth(curves, expected, alpha: float = 0.05, *, test: str = "auto",
                      test_train_ratio: float | None = None) -> InformativeDepth:
    """The subset sizes at which a ranking's FFA curve is significantly above random (Holm
    over the sizes), and its one-standard-error subset size. See the module docstring for the
    two tests and how to read the result.

    Parameters
    ----------
    curves : Curves
        The ranking's curves, one FFA row per CV split (:func:`error_curves`).
    expected : Curves
        The random orders' curves on the same splits and sizes (:func:`expected_curve`, whose
        ``meta`` holds ``order_curves`` and ``ffa_runs``/``rfa_runs``).
    alpha : float, default 0.05
        Family-wise level over the sizes.
    test : {"auto", "rank", "paired"}, default "auto"
        The test per size.
    test_train_ratio : float, optional
        ``n_test / n_train`` of the splits: the paired test then uses Nadeau & Bengio's
        corrected variance.

    Returns
    -------
    InformativeDepth

    Examples
    --------
    Ten splits, 200 random orders; the ranking beats them at sizes 1-3 only:

    >>> from featrank.evaluate import Curves
    >>> rng = np.random.default_rng(0)
    >>> sizes = np.array([1, 2, 3, 4, 5])
    >>> rnd = 0.6 + 0.01 * rng.normal(size=(10 * 100, 5))
    >>> exp = Curves(sizes, rnd, rnd, 5, meta={"n_splits": 10, "n_orders": 100,
    ...     "ffa_runs": rnd, "rfa_runs": rnd, "order_curves": rnd.reshape(10, 100, 5).mean(0)})
    >>> ranking = Curves(sizes, 0.6 + np.array([0.2, 0.2, 0.1, 0, 0]) + 0.01 * rng.normal(
    ...     size=(10, 5)), None, 5)
    >>> d = informative_depth(ranking, exp)
    >>> d.first, d.last, d.test, d.significant.tolist()
    (1, 3, 'rank', [True, True, True, False, False])
    """
    if test not in TESTS:
        raise ValueError(f"test must be one of {TESTS}, got {test!r}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    sign = -1.0 if _common_scoring(curves, expected) == "error" else 1.0
    sizes = np.asarray(curves.sizes)
    if curves.ffa is None:
        raise ValueError("the ranking's curves hold no FFA values")
    if not np.array_equal(sizes, np.asarray(expected.sizes)):
        raise ValueError("the ranking's curves and the expected curve have different sizes")
    v = sign * np.asarray(curves.ffa, dtype=float)
    meta = getattr(expected, "meta", None) or {}
    n_splits = v.shape[0]
    if meta.get("n_splits", n_splits) != n_splits:
        raise ValueError(f"the ranking's curves have {n_splits} splits, the expected curve "
                         f"{meta['n_splits']}: compute both on the same CV splits")
    have_rank = meta.get("order_curves") is not None
    have_runs = meta.get("ffa_runs") is not None
    if test == "auto":
        enough = have_rank and (len(meta["order_curves"]) + 1) * alpha >= sizes.size
        test = "rank" if enough or not have_runs else "paired"
    if test == "rank":
        if not have_rank:
            raise ValueError("the rank test needs the expected curve's meta['order_curves'] "
                             "(as expected_curve stores them)")
        p = _rank_p(v.mean(axis=0), sign * np.asarray(meta["order_curves"], dtype=float))
    else:
        if not have_runs or n_splits < 2:
            raise ValueError("the paired test needs two or more splits and the expected "
                             "curve's meta['ffa_runs'] (as expected_curve stores them)")
        runs = [np.asarray(meta[k], dtype=float) for k in ("ffa_runs", "rfa_runs")
                if meta.get(k) is not None]
        per_split = np.mean([r.reshape(n_splits, -1, sizes.size).mean(axis=1) for r in runs],
                            axis=0)
        p = _paired_p(v - sign * per_split, test_train_ratio)
    p_holm = holm(p)
    sig = p_holm <= alpha
    mean = v.mean(axis=0)
    best = int(np.argmax(mean))
    se = v[:, best].std(ddof=1) / np.sqrt(n_splits) if n_splits > 1 else 0.0
    one_se = int(sizes[np.flatnonzero(mean >= mean[best] - se)[0]])
    hit = sizes[sig]
    return InformativeDepth(first=int(hit[0]) if hit.size else None,
                            last=int(hit[-1]) if hit.size else None, one_se=one_se,
                            sizes=sizes, p_values=p, p_holm=p_holm, significant=sig,
                            test=test, alpha=float(alpha))
