"""Weka 3.6's contingency-table attribute evaluators: info gain, gain ratio, symmetrical
uncertainty and chi-squared (Prati 2012, Sec. V-C; Slavkov 2018/2020 use info gain).

Each numeric attribute is first discretised by supervised MDL (:mod:`.discretize`, Weka's
``Discretize`` with ``useBetterEncoding``); nominal attributes are used as they are. The
attribute × class table is then built for all features at once (one ``bincount``), and
**missing values are distributed** over the observed values in proportion to their
frequencies (Weka's default ``missingMerge``): cell (v, c) receives
``n(v) / n_observed * n(missing, c)``. An attribute that the MDL leaves in one bin (or that
is entirely missing) scores 0. Formulas and summation order follow Weka's
``ContingencyTables`` (entropies in bits):

* ``InfoGain``: IG = H(C) - H(C | A)
* ``GainRatio``: IG / H(A) (0 when H(A) = 0)
* ``SymmetricUncertainty``: 2 IG / (H(C) + H(A)) (0 when either entropy is 0)
* ``ChiSquared``: sum over non-empty cells of (O - E)^2 / E, no Yates correction.
"""
from __future__ import annotations

from numbers import Real

import numpy as np
from sklearn.utils._param_validation import Interval

from .base import BaseRanker, top_feature_example
from .discretize import SMALL, _lnf, mdl_discretize


def contingency_tables(codes, n_values, y, n_classes: int) -> np.ndarray:
    """Counts ``(p, V + 1, c)``: value × class per feature, row ``V`` = missing values."""
    n, p = codes.shape
    V = int(max(1, n_values.max()))
    idx = np.where(np.isnan(codes), V, np.nan_to_num(codes)).astype(np.intp)
    flat = (np.arange(p)[None, :] * (V + 1) + idx) * n_classes + y[:, None]
    return np.bincount(flat.ravel(), minlength=p * (V + 1) * n_classes).reshape(
        p, V + 1, n_classes).astype(float)


def distribute_missing(tables) -> np.ndarray:
    """Weka's ``missingMerge``: spread the missing row over the values by their frequency."""
    t = tables.copy()
    body, miss = t[:, :-1, :], t[:, -1, :]
    row_sums = body.sum(axis=2)
    total = row_sums.sum(axis=1)
    ok = total > SMALL
    frac = np.divide(row_sums, total[:, None], out=np.zeros_like(row_sums), where=ok[:, None])
    body += np.where(ok[:, None, None], frac[:, :, None] * miss[:, None, :], 0.0)
    t[ok, -1, :] = 0.0
    return t


def _table_terms(t):
    """Unnormalised Weka terms: (sum_c lnf(col), sum_v lnf(row), sum lnf(cell), lnf(N), N)."""
    cols = t.sum(axis=1)
    rows = t.sum(axis=2)
    total = cols.sum(axis=1)
    col_term = sum(_lnf(cols[:, j]) for j in range(cols.shape[1]))
    row_term = sum(_lnf(rows[:, i]) for i in range(rows.shape[1]))
    cell_term = sum(_lnf(t[:, i, j]) for i in range(t.shape[1]) for j in range(t.shape[2]))
    return col_term, row_term, cell_term, _lnf(total), total


def info_gain_scores(t) -> np.ndarray:
    """IG = H(C) - H(C|A) in bits (Weka's entropyOverColumns - entropyConditionedOnRows)."""
    col, row, cell, lnt, total = _table_terms(t)
    with np.errstate(divide="ignore", invalid="ignore"):
        h_c = (-col + lnt) / (total * np.log(2))
        h_c_a = -(cell - row) / (total * np.log(2))
    return np.where(total > SMALL, h_c - h_c_a, 0.0)


def gain_ratio_scores(t) -> np.ndarray:
    """IG / H(A), 0 when the split entropy is 0 (Weka's ContingencyTables.gainRatio)."""
    col, row, cell, lnt, _ = _table_terms(t)
    pre, post, split = col - lnt, cell - row, row - lnt
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(np.abs(split) < SMALL, 0.0, (pre - post) / split)


def symmetric_uncertainty_scores(t) -> np.ndarray:
    """2 IG / (H(C) + H(A)) (Weka's ContingencyTables.symmetricalUncertainty)."""
    col, row, cell, lnt, _ = _table_terms(t)
    h_c, h_a, post = col - lnt, row - lnt, cell - row
    with np.errstate(divide="ignore", invalid="ignore"):
        su = 2.0 * ((h_c - post) / (h_c + h_a))
    return np.where((np.abs(h_c) < SMALL) | (np.abs(h_a) < SMALL), 0.0, su)


def chi_squared_scores(t) -> np.ndarray:
    """Pearson's chi-squared of the value × class table, no Yates (Weka's chiVal)."""
    rows = t.sum(axis=2)
    cols = t.sum(axis=1)
    n = rows.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        expect = rows[:, :, None] * cols[:, None, :] / n[:, None, None]
        cell = (t - expect) ** 2 / expect
    keep = (rows[:, :, None] > SMALL) & (cols[:, None, :] > SMALL) & (expect >= SMALL)
    return np.where(keep, cell, 0.0).sum(axis=(1, 2))


_PARAMETERS = """
    Parameters
    ----------
    categorical : None, bool mask, int array of category counts, or ``Dataset.categories``
        Which features are nominal (codes 0..k-1); the others are numeric and
        MDL-discretised. ``None``: a DataFrame's ``category`` columns are nominal, an
        array's columns numeric. Given with such a DataFrame, it must agree with the dtypes.
    missing_merge : bool, default True
        Distribute missing values over the observed ones (Weka's default); ``False`` counts
        them as a separate value (Weka's ``-M``).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the scores, rank vector (1 = best) and order.
    n_values_ : ndarray of shape (n_features,)
        Number of MDL bins (numeric features) or categories (nominal ones).
    cut_points_ : list
        MDL cut points per numeric feature (``None`` for nominal ones).
    categorical_, n_categories_, classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.
"""


def _example(cls_name: str, scores: str) -> str:
    return f"""
    Examples
    --------
    A nominal column (``category`` dtype) that predicts the class, a numeric one that does
    not:

    >>> import pandas as pd
    >>> from featrank.rankers import {cls_name}
    >>> X = pd.DataFrame({{"colour": pd.Categorical(["red", "red", "blue", "blue"]),
    ...                   "size": [1.0, 2.0, 1.0, 2.0]}})
    >>> r = {cls_name}().fit(X, ["a", "a", "b", "b"])
    >>> r.scores_.round(3).tolist(), r.categorical_.tolist()
    ({scores}, [True, False])
    >>> r.get_feature_names_out(), r.top_features_.tolist()
    (array(['colour', 'size'], dtype=object), [0, 1])
"""


class _ContingencyRanker(BaseRanker):
    """Shared fit: MDL-discretise, build the tables, distribute missing values, score."""

    _parameter_constraints: dict = {**BaseRanker._parameter_constraints,
                                    "categorical": [None, "array-like"],
                                    "missing_merge": ["boolean"]}
    _score = staticmethod(info_gain_scores)
    _nominal = True

    def __init__(self, categorical=None, missing_merge=True, n_features_to_select=None):
        self.categorical = categorical
        self.missing_merge = missing_merge
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        codes, n_values, cuts = mdl_discretize(X, y, self.n_categories_)
        self.n_values_, self.cut_points_ = n_values, cuts
        t = contingency_tables(codes, n_values, y, int(y.max()) + 1)
        if self.missing_merge:
            t = distribute_missing(t)
        return type(self)._score(t), None


class InfoGain(_ContingencyRanker):
    __doc__ = """Information gain of each attribute about the class, as Weka 3.6's
    ``InfoGainAttributeEval`` (Prati 2012 "IG"; Slavkov 2020's Info Gain).
""" + _PARAMETERS + _example("InfoGain", "[1.0, 0.0]")

    _score = staticmethod(info_gain_scores)


class GainRatio(_ContingencyRanker):
    __doc__ = """Gain ratio IG / H(A), as Weka 3.6's ``GainRatioAttributeEval`` (Prati 2012
    "GR").
""" + _PARAMETERS + _example("GainRatio", "[1.0, 0.0]")

    _score = staticmethod(gain_ratio_scores)


class SymmetricUncertainty(_ContingencyRanker):
    __doc__ = """Symmetrical uncertainty 2 IG / (H(C) + H(A)), as Weka 3.6's
    ``SymmetricalUncertAttributeEval`` (Prati 2012 "SU").
""" + _PARAMETERS + _example("SymmetricUncertainty", "[1.0, 0.0]")

    _score = staticmethod(symmetric_uncertainty_scores)


class ChiSquared(_ContingencyRanker):
    __doc__ = """Chi-squared statistic of attribute vs class, as Weka 3.6's
    ``ChiSquaredAttributeEval`` (Prati 2012 "χ²"), no Yates correction.
""" + _PARAMETERS + _example("ChiSquared", "[4.0, 0.0]")

    _score = staticmethod(chi_squared_scores)


# --------------------------------------------------------------------------- FCBF

_FCBF_TIE = 1e-8     # Weka FCBFSearch: SU(p, q) within 1e-8 of SU(q, y) counts as >=


def su_with(codes, n_values, target, n_target: int) -> np.ndarray:
    """Symmetric uncertainty (Eq. 8 of Quevedo 2007, from Yu & Liu 2004) of every column of
    ``codes`` (discrete codes, ``n_values`` per column) with the code vector ``target``
    (codes 0..n_target-1: the class, or another discretised variable), computed as Weka's
    ``ContingencyTables.symmetricalUncertainty`` through :mod:`.entropy`."""
    t = contingency_tables(codes, n_values, np.asarray(target, dtype=np.intp), int(n_target))
    return symmetric_uncertainty_scores(t)


class FCBF(BaseRanker):
    """FCBF (Yu & Liu 2004; Quevedo 2007, Sec. 2.2, Eq. 8): variables discretised by Fayyad &
    Irani's supervised MDL exactly as Weka 3.6 does it (:func:`.discretize.mdl_discretize`,
    ``Discretize`` with ``useBetterEncoding``, as Weka's FCBF evaluator
    ``SymmetricalUncertAttributeSetEval`` and the rest of the project), ranked by symmetric
    uncertainty with the class; then, from the top, each predominant variable ``p`` removes
    every later ``q`` with ``SU(p, q) >= SU(q, y)`` (approximate Markov blanket), ``SU(p, q)``
    taken on the discretised codes. SU as Weka's ``ContingencyTables`` (:func:`su_with`);
    ``>=`` with Weka ``FCBFSearch``'s tolerance (equal within 1e-8 counts as equal), so
    mathematically tied SUs do not hinge on rounding.

    The full order (the paper evaluates rankings): predominant variables by decreasing SU,
    then the removed ones in the order removed, then those with ``SU <= threshold`` (default
    0: a variable MDL leaves in one bin carries no information) by decreasing SU.

    A DataFrame's ``category`` columns are nominal: used as they are, not discretised (as
    Weka). No missing values.

    Parameters
    ----------
    threshold : float, default 0.0
        Variables with ``SU <= threshold`` go last.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        SU with the class.
    ranking_, top_features_ : the rank vector (1 = best) and the order.
    redundant_ : ndarray
        The removed variables.
    n_values_, cut_points_ : the bins (numeric) or categories (nominal) of each variable.
    categorical_, n_categories_ : as in :class:`~featrank.rankers.base.BaseRanker`.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints,
        # any real: below 0 nothing goes last, 1 or more everything does
        "threshold": [Interval(Real, None, None, closed="neither")],
    }
    _allow_nan = False
    _nominal = True

    def __init__(self, threshold: float = 0.0, n_features_to_select=None):
        self.threshold = threshold
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        codes, n_values, self.cut_points_ = mdl_discretize(X, y, self.n_categories_)
        self.n_values_ = n_values
        su = su_with(codes, n_values, y, int(y.max()) + 1)
        ranked = np.argsort(-su, kind="stable")
        relevant = ranked[su[ranked] > self.threshold]
        low = ranked[su[ranked] <= self.threshold]
        kept, removed = [], []
        alive = relevant
        while alive.size:
            p, alive = int(alive[0]), alive[1:]
            kept.append(p)
            if not alive.size:
                break
            redundant = su_with(codes[:, alive], n_values[alive], codes[:, p],
                                n_values[p]) > su[alive] - _FCBF_TIE
            removed.extend(alive[redundant].tolist())
            alive = alive[~redundant]
        self.redundant_ = np.asarray(removed, dtype=np.intp)
        return su, np.asarray(kept + removed + low.tolist(), dtype=np.intp)


FCBF.__doc__ += top_feature_example('FCBF', '')
