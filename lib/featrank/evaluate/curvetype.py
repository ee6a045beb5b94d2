"""The result type of the error curves, :class:`Curves` (FFA / RFA values, one row per CV
split, stored by name in the result store), and the area under a curve
(:func:`curve_area`)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..store import stored_type

KINDS = ("ffa", "rfa")


@stored_type("Curves", "featrank.evaluate.curves:Curves")   # the alias: entries stored before
@dataclass                                                    # types had names
class Curves:
    """FFA / RFA curves.

    ``ffa``, ``rfa``: raw values ``(n_runs, n_sizes)``, one row per CV split (and per order,
    for several orders), ``None`` if not computed. ``x_ffa``/``x_rfa``: plotting positions
    (Slavkov 2020, Fig. 1: RFA of size s at x = p - s + 1).

    ``scoring`` names what the values are: ``"accuracy"`` by default (higher is better, so
    a good ranking's FFA curve *rises* fast and its RFA curve stays low), ``"error"``
    (1 - accuracy: the curves fall) or a callable's name. :func:`error_curves` and
    :func:`expected_curve` take ``scoring="error"`` to get error rates;
    :func:`featrank.evaluate.eca_vs_random` reads ``scoring`` to choose the sign.

    Parameters
    ----------
    sizes : ndarray of int
        The subset sizes of the points.
    ffa, rfa : ndarray of shape (n_runs, n_sizes) or None
        The raw values.
    n_features : int
        The number of features ``p``.
    scoring : str, default "accuracy"
        What the values measure.
    meta : dict
        How they were computed (engine, splits, ...).

    Attributes
    ----------
    ffa_mean, rfa_mean, ffa_std, rfa_std : ndarray of shape (n_sizes,) or None
        Mean and standard deviation over the runs.
    x_ffa, x_rfa : ndarray of int
        Plotting positions.

    Examples
    --------
    >>> c = Curves(sizes=np.array([1, 2, 3]), ffa=np.array([[0.6, 0.8, 0.9], [0.8, 0.8, 0.9]]),
    ...            rfa=None, n_features=3)
    >>> c.ffa_mean.tolist(), c.x_rfa.tolist(), c.to_frame().shape
    ([0.7, 0.8, 0.9], [3, 2, 1], (3, 5))
    """

    sizes: np.ndarray
    ffa: np.ndarray | None
    rfa: np.ndarray | None
    n_features: int
    scoring: str = "accuracy"
    meta: dict = field(default_factory=dict)

    ffa_mean = property(lambda self: None if self.ffa is None else self.ffa.mean(axis=0))
    rfa_mean = property(lambda self: None if self.rfa is None else self.rfa.mean(axis=0))
    ffa_std = property(lambda self: None if self.ffa is None else self.ffa.std(axis=0))
    rfa_std = property(lambda self: None if self.rfa is None else self.rfa.std(axis=0))
    x_ffa = property(lambda self: self.sizes)
    x_rfa = property(lambda self: self.n_features - self.sizes + 1)

    def to_frame(self):
        """Long table: curve, size, x, mean, std."""
        rows = []
        for kind in KINDS:
            vals = getattr(self, kind)
            if vals is None:
                continue
            x = self.x_ffa if kind == "ffa" else self.x_rfa
            rows.append(pd.DataFrame({"curve": kind, "size": self.sizes, "x": x,
                                      "mean": vals.mean(0), "std": vals.std(0)}))
        return pd.concat(rows, ignore_index=True)


def curve_area(curve, sizes=None, *, kind: str = "ffa", normalize: bool = True) -> float:
    """Area under a curve by the trapezoid rule over the subset sizes (Prati 2012, Sec. VI
    compares rankings by the area under their performance curves).

    ``curve``: a :class:`Curves` (then ``kind`` picks FFA or RFA mean) or a 1-D array of
    values at ``sizes`` (default 1..len). ``normalize``: divide by the size range, i.e. the
    mean height (a single point returns its value).

    Parameters
    ----------
    curve : Curves or array-like of shape (n_points,)
        The curve.
    sizes : array-like of shape (n_points,), optional
        The subset sizes of the values (an array ``curve`` only).
    kind : {"ffa", "rfa"}, default "ffa"
        Which mean curve of a :class:`Curves`.
    normalize : bool, default True
        Divide by the size range.

    Returns
    -------
    float

    Examples
    --------
    >>> values = [0.5, 0.7, 0.8, 0.8]
    >>> round(curve_area(values), 4), round(curve_area(values, normalize=False), 2)
    (0.7167, 2.15)
    """
    if isinstance(curve, Curves):
        sizes, values = curve.sizes, getattr(curve, f"{kind}_mean")
        if values is None:
            raise ValueError(f"the curves hold no {kind.upper()} values")
    else:
        values = np.asarray(curve, dtype=float)
        sizes = np.arange(1, values.size + 1) if sizes is None else np.asarray(sizes, float)
    if values.ndim != 1 or values.shape != np.shape(sizes):
        raise ValueError("curve values and sizes must be 1-D of the same length")
    if values.size == 1:
        return float(values[0])
    area = float(np.sum((values[1:] + values[:-1]) * np.diff(sizes)) / 2)
    return area / float(sizes[-1] - sizes[0]) if normalize else area
