"""The ECA score of Slavkov, Petković, Kocev & Džeroski (2018), Eqs. (1)-(4) and Sec. 3.3.

Two rankings ``a`` and ``b`` are compared through their forward (FFA) and reverse (RFA)
feature-addition curves, evaluated at the same feature-subset sizes ``|S_i|``. At every point
``δ_i = curve_a(i) - curve_b(i)`` and the differences are aggregated by the weighted mean of
Eq. (3), ``Σ w_i δ_i / Σ w_i``, with one of the paper's four weightings (Sec. 3.2):

=========================  ==================  ======================================
``weighting``              ``w_i``             emphasises
=========================  ==================  ======================================
``"uniform"``              1                   nothing (the plain mean)
``"inverse_size"``         1 / |S_i|           differences at the start of the curve
``"magnitude"``            |δ_i|               large differences
``"magnitude_inverse_size"`` |δ_i| / |S_i|      both
=========================  ==================  ======================================

``ECA_δ(a, b) = (FFA_δ(a, b) - RFA_δ(a, b)) / 2`` (Eq. 4). With *accuracy* curves (the paper's
Fig. 1, ``greater_is_better=True``) a better ranking ``a`` has a higher FFA curve and a lower
RFA curve, so ECA > 0 means "a is better than b". For *error* curves pass
``greater_is_better=False``: the sign is flipped so that ECA > 0 still means "a is better".
"""
from __future__ import annotations

import numpy as np

WEIGHTINGS = ("uniform", "inverse_size", "magnitude", "magnitude_inverse_size")


def _curve(values, name: str) -> np.ndarray:
    c = np.asarray(values, dtype=float)
    if c.ndim != 1 or c.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D curve, got shape {c.shape}")
    bad = np.flatnonzero(~np.isfinite(c))
    if bad.size:
        raise ValueError(f"{name} holds NaN/inf at point(s) {bad[:10].tolist()}")
    return c


def _sizes(sizes, n_points: int) -> np.ndarray:
    """The subset sizes |S_i| of the curve points (default 1..n, the full resolution)."""
    if sizes is None:
        return np.arange(1, n_points + 1, dtype=float)
    s = _curve(sizes, "sizes")
    if s.size != n_points:
        raise ValueError(f"sizes has {s.size} entries but the curves have {n_points} points")
    if np.any(s < 1):
        raise ValueError("sizes (feature-subset sizes |S_i|) must all be >= 1")
    return s


def _weights(delta: np.ndarray, sizes: np.ndarray, weighting: str) -> np.ndarray:
    if weighting == "uniform":
        return np.ones_like(delta)
    if weighting == "inverse_size":
        return 1.0 / sizes
    if weighting == "magnitude":
        return np.abs(delta)
    if weighting == "magnitude_inverse_size":
        return np.abs(delta) / sizes
    raise ValueError(f"unknown weighting {weighting!r}; choose one of {WEIGHTINGS}")


def curve_delta(curve_a, curve_b, weighting: str = "uniform", sizes=None, *,
                name: str = "curve") -> float:
    """``agg_i w_i δ_i`` of two curves: Eqs. (1)/(2) with the weighted mean of Eq. (3) of
    Slavkov et al. (2018), ``δ_i = curve_a(i) - curve_b(i)``.

    ``sizes`` are the feature-subset sizes ``|S_i|`` of the points (default 1..n). With the
    magnitude weightings and identical curves all weights vanish; the result is then 0.

    Parameters
    ----------
    curve_a, curve_b : array-like of shape (n_points,)
        The two curves, at the same subset sizes.
    weighting : {"uniform", "inverse_size", "magnitude", "magnitude_inverse_size"}
        The point weights ``w_i`` of Eq. (3).
    sizes : array-like of shape (n_points,), optional
        The subset sizes ``|S_i|`` of the points (default 1..n_points).
    name : str, default "curve"
        What the curves are, in error messages.

    Returns
    -------
    float

    Examples
    --------
    >>> round(curve_delta([0.6, 0.8, 0.9], [0.5, 0.7, 0.9], "inverse_size"), 4)
    0.0818
    """
    a = _curve(curve_a, f"{name}_a")
    b = _curve(curve_b, f"{name}_b")
    if a.shape != b.shape:
        raise ValueError(f"{name}_a has {a.size} points but {name}_b has {b.size}; "
                         "compare curves evaluated at the same subset sizes")
    delta = a - b
    w = _weights(delta, _sizes(sizes, a.size), weighting)
    total = w.sum()
    return float(np.dot(w, delta) / total) if total > 0 else 0.0


def ffa_delta(ffa_a, ffa_b, weighting: str = "uniform", sizes=None) -> float:
    """FFA_δ(r_A, r_B) of Eq. (1) of Slavkov et al. (2018) (weighted mean, Eq. 3).

    Parameters
    ----------
    ffa_a, ffa_b : array-like of shape (n_points,)
        The FFA curves of rankings ``a`` and ``b``.
    weighting, sizes
        As :func:`curve_delta`.

    Returns
    -------
    float
        Positive when ``a``'s FFA curve lies higher.

    Examples
    --------
    >>> round(ffa_delta([0.6, 0.8, 0.9], [0.5, 0.7, 0.9]), 4)
    0.0667
    """
    return curve_delta(ffa_a, ffa_b, weighting, sizes, name="ffa")


def rfa_delta(rfa_a, rfa_b, weighting: str = "uniform", sizes=None) -> float:
    """RFA_δ(r_A, r_B) of Eq. (2) of Slavkov et al. (2018) (weighted mean, Eq. 3).

    Parameters
    ----------
    rfa_a, rfa_b : array-like of shape (n_points,)
        The RFA curves of rankings ``a`` and ``b``.
    weighting, sizes
        As :func:`curve_delta`.

    Returns
    -------
    float
        Negative when ``a``'s RFA curve lies lower.

    Examples
    --------
    >>> round(rfa_delta([0.5, 0.6, 0.9], [0.7, 0.8, 0.9]), 4)
    -0.1333
    """
    return curve_delta(rfa_a, rfa_b, weighting, sizes, name="rfa")


def eca(ffa_a, rfa_a, ffa_b, rfa_b, weighting: str = "uniform", sizes=None, *,
        greater_is_better: bool = True) -> float:
    """ECA_δ(r_A, r_B) = (FFA_δ - RFA_δ) / 2, Eq. (4) of Slavkov et al. (2018).

    Positive when ranking ``a`` is better than ``b``. Antisymmetric:
    ``eca(a, b) == -eca(b, a)``; ``eca(a, a) == 0``.

    Parameters
    ----------
    ffa_a, rfa_a : array-like of shape (n_points,)
        FFA and RFA curve of ranking ``a`` (e.g. ``Curves.ffa_mean``, ``Curves.rfa_mean``).
    ffa_b, rfa_b : array-like of shape (n_points,)
        The same for ranking ``b``, at the same subset sizes.
    weighting : {"uniform", "inverse_size", "magnitude", "magnitude_inverse_size"}
        The point weights ``w_i`` of Eq. (3) (see the module docstring).
    sizes : array-like of shape (n_points,), optional
        The subset sizes ``|S_i|`` of the points (default 1..n_points).
    greater_is_better : bool, default True
        True for accuracy-like curves; False for error curves (flips the sign, so that a
        positive value still means "a is better").

    Returns
    -------
    float
        ECA_δ(a, b).

    Examples
    --------
    ``a`` is higher than ``b`` on FFA and lower on RFA (better), as accuracy and as error:

    >>> round(eca([0.7, 0.8, 0.9], [0.5, 0.6, 0.9], [0.6, 0.7, 0.9], [0.6, 0.7, 0.9]), 4)
    0.0667
    >>> round(eca([0.3, 0.2, 0.1], [0.5, 0.4, 0.1], [0.4, 0.3, 0.1], [0.4, 0.3, 0.1],
    ...           greater_is_better=False), 4)
    0.0667
    """
    value = 0.5 * (ffa_delta(ffa_a, ffa_b, weighting, sizes)
                   - rfa_delta(rfa_a, rfa_b, weighting, sizes))
    return value if greater_is_better else -value


def eca_table(ffa_a, rfa_a, ffa_b, rfa_b, sizes=None, *, greater_is_better: bool = True):
    """FFA_δ, RFA_δ and ECA_δ under all four weightings, as a ``{weighting: (ffa, rfa, eca)}``
    dict (the layout of Table 1 of Slavkov et al. 2018).

    Parameters
    ----------
    ffa_a, rfa_a, ffa_b, rfa_b, sizes, greater_is_better
        As :func:`eca`.

    Returns
    -------
    dict
        ``{weighting: (FFA_delta, RFA_delta, ECA_delta)}`` for the four weightings.

    Examples
    --------
    >>> t = eca_table([0.6, 0.8, 0.9], [0.5, 0.6, 0.9], [0.5, 0.7, 0.9], [0.7, 0.8, 0.9])
    >>> [round(v, 4) for v in t["uniform"]]
    [0.0667, -0.1333, 0.1]
    """
    out = {}
    for w in WEIGHTINGS:
        f = ffa_delta(ffa_a, ffa_b, w, sizes)
        r = rfa_delta(rfa_a, rfa_b, w, sizes)
        e = 0.5 * (f - r)
        out[w] = (f, r, e if greater_is_better else -e)
    return out


def _unpack(curves, rfa, sizes, what: str):
    """(ffa, rfa, sizes) from a ``Curves`` object (mean curves) or from arrays."""
    if hasattr(curves, "ffa_mean"):
        if rfa is not None:
            raise ValueError(f"pass either a Curves object or ffa and rfa arrays as {what}")
        if sizes is None:
            sizes = getattr(curves, "sizes", None)
        return curves.ffa_mean, curves.rfa_mean, sizes
    if rfa is None:
        raise ValueError(f"{what}: give the RFA curve too (or a Curves object)")
    return curves, rfa, sizes


def expected_mean(expected) -> np.ndarray:
    """One expected (random-ranking) curve from ``expected``: a 1-D array, or a ``Curves`` of
    random orders whose FFA and RFA means are pooled (both estimate the same curve, Eq. 5)."""
    if hasattr(expected, "ffa_mean"):
        f = np.asarray(expected.ffa_mean, dtype=float)
        r = np.asarray(getattr(expected, "rfa_mean", None), dtype=float)
        if r.shape != f.shape or not np.all(np.isfinite(r)):
            return _curve(f, "expected")
        if not np.all(np.isfinite(f)):
            return _curve(r, "expected")
        return 0.5 * (f + r)
    return _curve(expected, "expected")


def _scoring_name(curves):
    """The ``scoring`` a ``Curves`` object was computed with (None for plain arrays)."""
    name = getattr(curves, "scoring", None)
    return name if isinstance(name, str) else None


def _common_scoring(ffa, expected):
    """The scoring shared by the ranking's curves and the expected curve, or None if neither
    says; refuses two different ones (ECA subtracts them point by point)."""
    a, b = _scoring_name(ffa), _scoring_name(expected)
    if a is not None and b is not None and a != b:
        raise ValueError(
            f"the ranking's curves were scored with {a!r} but the expected curve with {b!r}; "
            "ECA subtracts one from the other point by point, so both need the same measure: "
            f"compute the expected curve with expected_curve(..., scoring={a!r}) (or the "
            f"ranking's curves with error_curves(..., scoring={b!r}))")
    return a if a is not None else b


def eca_vs_random(ffa, rfa=None, expected=None, *, weighting: str = "uniform", sizes=None,
                  greater_is_better: bool | None = None) -> float:
    """ECA_δ(r, r_R) of a ranking against the uniformly random ranking (Sec. 3.3 of
    Slavkov et al. 2018): the score of one ranking, > 0 when it beats random.

    With ``weighting="uniform"`` the expected curve cancels out and may be omitted: the
    score is the shortcut ``½·mean_i(FFA(i) - RFA(i))`` at the evaluated points.

    Parameters
    ----------
    ffa : Curves or array-like of shape (n_points,)
        The ranking's curves (a :class:`featrank.evaluate.Curves`; then ``rfa`` is omitted
        and ``sizes`` taken from it), or its mean FFA curve.
    rfa : array-like of shape (n_points,), optional
        The mean RFA curve, when ``ffa`` is an array.
    expected : Curves or array-like of shape (n_points,), optional
        The expected curve of random rankings (:func:`featrank.evaluate.expected_curve`;
        FFA and RFA of random rankings share it, Eq. 5). Needed by every weighting but
        ``"uniform"``. Must be computed with the same ``scoring`` as the ranking's curves
        (a ValueError says so when both are ``Curves`` and their scorings differ).
    weighting : {"uniform", "inverse_size", "magnitude", "magnitude_inverse_size"}
        The point weights of Eq. (3).
    sizes : array-like of shape (n_points,), optional
        The subset sizes of the points (default: those of ``ffa``, else of ``expected``,
        when they are ``Curves``; else 1..n_points).
    greater_is_better : bool, optional
        Default: False when the curves (``ffa``, else ``expected``) were scored as
        ``"error"``, else True (accuracy curves, the default of ``error_curves``).

    Returns
    -------
    float
        ECA against random; > 0 when the ranking beats random, whatever the scoring.

    Examples
    --------
    >>> round(eca_vs_random([0.7, 0.8, 0.9], [0.5, 0.6, 0.9]), 4)
    0.0667
    >>> round(eca_vs_random([0.7, 0.8, 0.9], [0.5, 0.6, 0.9], [0.6, 0.7, 0.9],
    ...                     weighting="magnitude"), 4)
    0.1
    """
    if greater_is_better is None:
        greater_is_better = _common_scoring(ffa, expected) != "error"
    else:
        _common_scoring(ffa, expected)
    f, r, sizes = _unpack(ffa, rfa, sizes, "ffa")
    f, r = _curve(f, "ffa"), _curve(r, "rfa")
    if sizes is None:
        sizes = getattr(expected, "sizes", None)
    if expected is None:
        if weighting != "uniform":
            raise ValueError(f"weighting {weighting!r} needs the expected curve; "
                             "only the uniform weighting can omit it")
        if f.shape != r.shape:
            raise ValueError(f"ffa has {f.size} points but rfa has {r.size}")
        _sizes(sizes, f.size)  # validate
        value = 0.5 * float(np.mean(f - r))
        return value if greater_is_better else -value
    e_sizes = getattr(expected, "sizes", None)
    if e_sizes is not None and sizes is not None and not np.array_equal(
            np.asarray(e_sizes, dtype=float), np.asarray(sizes, dtype=float)):
        raise ValueError("the expected curve was evaluated at other subset sizes than the "
                         "ranking's curves")
    e = expected_mean(expected)
    return eca(f, r, e, e, weighting, sizes, greater_is_better=greater_is_better)
