"""Supervised MDL discretisation (Fayyad & Irani 1993) as Weka 3.6 does it by default.

Weka's ``weka.filters.supervised.attribute.Discretize`` (used with ``useBetterEncoding``
by ``InfoGainAttributeEval``, ``GainRatioAttributeEval``, ``SymmetricalUncertAttributeEval``
and ``ChiSquaredAttributeEval``) works per numeric attribute on the instances sorted by
value, **missing values left out** (they stay missing after discretisation):

* candidate cuts lie between two consecutive *distinct* values, at their midpoint;
* the best cut minimises the class entropy conditioned on the two sides (the first one on
  ties: a strict ``<`` scan), and must beat the entropy of the whole subset;
* it is accepted by Fayyad & Irani's MDL criterion
  ``gain > (log2(N_cuts) + log2(3^k - 2) - [k H(S) - k1 H(S1) - k2 H(S2)]) / N`` with N_cuts
  the number of candidate cuts in the subset (the "better encoding"), k, k1, k2 the numbers
  of classes present in S, S1, S2; then both sides are split recursively.

A value ``x`` falls in bin ``j`` = the first cut with ``x <= cut`` (so cuts close bins on the
right, Weka's ``(a-b]``). An attribute without cuts becomes one bin ("'All'" in Weka).
Entropies are computed with Weka's own summation order (``ContingencyTables``), so the
choice among mathematically tied cuts agrees with Weka's.
"""
from __future__ import annotations

import numpy as np

LOG2 = np.log(2.0)
SMALL = 1e-6  # weka.core.Utils.SMALL, used by Utils.eq / gr / sm


def _lnf(x):
    """x ln x, 0 for x <= 0 (Weka's ContingencyTables.lnFunc)."""
    x = np.asarray(x, dtype=float)
    ln = np.zeros_like(x)
    np.log(x, out=ln, where=x > 0)
    return x * ln


def _div_or_zero(num, den, zero_mask):
    """num / den, 0 where ``zero_mask`` (Weka's ``Utils.eq(total, 0)`` guards)."""
    out = np.zeros(np.broadcast(num, den).shape)
    np.divide(num, den, out=out, where=~zero_mask)
    return out


def entropy_of_counts(counts):
    """Entropy (bits) of class counts along the last axis, in Weka's summation order."""
    counts = np.asarray(counts, dtype=float)
    rv = np.zeros(counts.shape[:-1])
    total = np.zeros(counts.shape[:-1])
    for j in range(counts.shape[-1]):
        rv = rv - _lnf(counts[..., j])
        total = total + counts[..., j]
    return _div_or_zero(rv + _lnf(total), total * LOG2, np.abs(total) < SMALL)


def _cond_entropy_two_rows(left, right):
    """Class entropy conditioned on a binary split, vectorised over leading axes.

    ``left``, ``right``: (..., c) class counts. Weka's ``entropyConditionedOnRows``.
    """
    rv = np.zeros(left.shape[:-1])
    total = np.zeros(left.shape[:-1])
    for row in (left, right):
        row_sum = np.zeros(left.shape[:-1])
        for j in range(row.shape[-1]):
            rv = rv + _lnf(row[..., j])
            row_sum = row_sum + row[..., j]
        rv = rv - _lnf(row_sum)
        total = total + row_sum
    return _div_or_zero(-rv, total * LOG2, np.abs(total) < SMALL)


def _fayyad_irani_accepts(prior, left, right, n, n_cuts):
    """Fayyad & Irani's MDL stopping criterion (Weka's ``FayyadAndIranisMDL``), vectorised
    over leading axes of the (..., c) class counts."""
    prior_e = entropy_of_counts(prior)
    gain = prior_e - _cond_entropy_two_rows(left, right)
    k, k1, k2 = ((a > 0).sum(axis=-1) for a in (prior, left, right))
    e1, e2 = entropy_of_counts(left), entropy_of_counts(right)
    delta = np.log(3.0 ** k - 2) / LOG2 - (k * prior_e - k2 * e2 - k1 * e1)
    with np.errstate(divide="ignore"):
        return gain > (np.log(n_cuts) / LOG2 + delta) / n


def _split_segments(v, cum, col, first, last):
    """One level of Weka's recursive MDL splitting, for many segments at once.

    ``v`` (q, n) sorted values per column, ``cum`` (q, n, c) inclusive cumulative class counts;
    segment s covers sorted rows ``[first[s], last[s])`` of column ``col[s]``. Returns
    ``(accepted, pos)``: whether the segment's best cut passes the MDL test, and the row ``i``
    with the cut between rows ``i`` and ``i + 1``.
    """
    q, n, c = cum.shape
    length = last - first - 1  # candidate positions per segment (>= 1)
    starts = np.r_[0, np.cumsum(length)[:-1]]
    seg = np.repeat(np.arange(col.size), length)
    pos = first[seg] + (np.arange(seg.size) - starts[seg])
    flat_cum = cum.reshape(q * n, c)
    base = np.where((first > 0)[:, None], flat_cum[col * n + np.maximum(first - 1, 0)], 0.0)
    total = flat_cum[col * n + last - 1] - base
    g = col[seg] * n + pos
    vf = v.reshape(-1)
    cand = vf[g] < vf[g + 1]
    left = flat_cum[g] - base[seg]
    ent = np.where(cand, _cond_entropy_two_rows(left, total[seg] - left), np.inf)
    seg_min = np.minimum.reduceat(ent, starts)
    hit = np.flatnonzero(cand & (ent == seg_min[seg]))
    first_hit = np.full(col.size, -1)
    hseg, at = np.unique(seg[hit], return_index=True)  # first minimum = Weka's strict-< scan
    first_hit[hseg] = hit[at]
    n_cuts = np.add.reduceat(cand.astype(np.intp), starts)
    prior_e = entropy_of_counts(total)
    ok = first_hit >= 0
    h = np.maximum(first_hit, 0)
    b_ent = np.where(ok, ent[h], np.inf)
    ok &= (b_ent < prior_e) & (prior_e - b_ent > 0)
    bl = left[h]
    ok &= _fayyad_irani_accepts(total, bl, total - bl, (last - first).astype(float),
                                np.maximum(n_cuts, 1))
    return ok, pos[h]


def _mdl_cuts_sorted(v, cum, n_ok) -> list:
    """Cut points of each sorted column (rows ``[0, n_ok)`` hold its non-missing values)."""
    q = v.shape[0]
    cuts: list = [[] for _ in range(q)]
    col = np.flatnonzero(n_ok >= 2)
    first = np.zeros(col.size, dtype=np.intp)
    last = n_ok[col].astype(np.intp)
    while col.size:
        ok, i = _split_segments(v, cum, col, first, last)
        col, first, last, i = col[ok], first[ok], last[ok], i[ok]
        for j, cp in zip(col.tolist(), ((v[col, i] + v[col, i + 1]) / 2.0).tolist()):
            cuts[j].append(cp)
        col = np.r_[col, col]
        first, last = np.r_[first, i + 1], np.r_[i + 1, last]
        keep = last - first >= 2
        col, first, last = col[keep], first[keep], last[keep]
    return [np.sort(np.asarray(cp, dtype=float)) for cp in cuts]


def mdl_cut_points(x, y, n_classes: int | None = None) -> np.ndarray:
    """Weka's supervised MDL cut points (increasing) of one numeric column ``x`` (NaN = missing).

    ``y``: int class codes 0..c-1. Returns an empty array when the MDL keeps one bin.
    """
    y = np.asarray(y, dtype=np.intp)
    c = int(n_classes if n_classes is not None else y.max() + 1)
    return mdl_cut_points_many(np.asarray(x, dtype=float)[:, None], y, c)[0]


def mdl_cut_points_many(X, y, n_classes: int, chunk_elements: int = 1 << 22) -> list:
    """MDL cut points of every column of ``X``, all columns and all recursion branches of one
    depth processed together (vectorised); identical to Weka's column-by-column recursion."""
    n, q = X.shape
    out: list = []
    eye = np.eye(n_classes)
    step = max(1, chunk_elements // max(1, n * n_classes))
    for s in range(0, q, step):
        Xs = X[:, s:s + step].T  # (q', n)
        order = np.argsort(Xs, axis=1, kind="stable")  # NaN sort last
        v = np.take_along_axis(Xs, order, axis=1)
        cum = np.cumsum(eye[y[order]], axis=1)  # (q', n, c)
        out.extend(_mdl_cuts_sorted(v, cum, (~np.isnan(Xs)).sum(axis=1)))
    return out


def resolve_categorical(categorical, X) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(is_nominal (p,), n_values (p,))`` from a ranker's ``categorical`` parameter.

    ``categorical`` may be ``None`` (all numeric), a boolean mask (nominal features hold codes
    0..k-1; k = largest code + 1), an int array of numbers of categories (0 = numeric; Weka's
    header counts, e.g. ``[len(c) if c else 0 for c in dataset.categories]``), or a
    ``Dataset.categories``-like list (``None`` for numeric, the labels for nominal).
    """
    X = np.asarray(X, dtype=float)
    p = X.shape[1]
    if categorical is None:
        return np.zeros(p, bool), np.zeros(p, np.intp)
    if isinstance(categorical, (list, tuple)) and any(
            c is None or isinstance(c, (list, tuple, np.ndarray)) for c in categorical):
        counts = np.array([0 if c is None else len(c) for c in categorical], dtype=np.intp)
    else:
        arr = np.asarray(categorical)
        if arr.dtype == bool:
            counts = np.zeros(arr.shape, np.intp)
            if arr.shape == (p,) and arr.any():
                mx = np.nanmax(np.where(np.isnan(X[:, arr]), -1, X[:, arr]), axis=0)
                counts[arr] = np.maximum(mx, 0).astype(np.intp) + 1
        else:
            counts = arr.astype(np.intp)
    if counts.shape != (p,):
        raise ValueError(f"categorical must describe {p} features, got shape {counts.shape}")
    nominal = counts > 0
    if nominal.any():
        codes = X[:, nominal]
        bad = ~np.isnan(codes) & ((codes < 0) | (codes != np.round(codes)) | (codes >= counts[nominal]))
        if bad.any():
            j = np.flatnonzero(nominal)[np.flatnonzero(bad.any(axis=0))[0]]
            raise ValueError(f"nominal feature {j} holds values that are not codes "
                             f"0..{counts[j] - 1}")
    return nominal, counts


def mdl_discretize(X, y, categorical=None):
    """Discretise every numeric column of ``X`` by Weka's supervised MDL; keep nominal ones.

    Parameters
    ----------
    X : array-like of shape (n, p)
        Numeric values, or codes 0..k-1 of the nominal columns; NaN = missing.
    y : array-like of shape (n,)
        Class codes 0..c-1.
    categorical : None, bool mask or int category counts, optional
        The nominal columns (see :func:`resolve_categorical`); default: none.

    Returns
    -------
    codes : ndarray of shape (n, p)
        Float bin/category codes, NaN for missing values.
    n_values : ndarray of shape (p,)
        The number of bins or categories (1 for a numeric attribute the MDL leaves whole).
    cut_points : list
        Per column, the cut points (``None`` for nominal features).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.1, 0], [0.2, 1], [0.3, 0], [0.8, 1], [0.9, 0], [1.0, 1]])
    >>> codes, n_values, cuts = mdl_discretize(X, [0, 0, 0, 1, 1, 1], [False, True])
    >>> codes[:, 0].tolist(), n_values.tolist(), cuts[0].tolist(), cuts[1]
    ([0.0, 0.0, 0.0, 1.0, 1.0, 1.0], [2, 2], [0.55], None)
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=np.intp)
    nominal, counts = resolve_categorical(categorical, X)
    c = int(y.max()) + 1
    codes = np.empty_like(X)
    n_values = counts.copy()
    cuts: list = [None] * X.shape[1]
    num = np.flatnonzero(~nominal)
    codes[:, nominal] = X[:, nominal]
    found = mdl_cut_points_many(X[:, num], y, c) if num.size else []
    for j, cp in zip(num, found):
        cuts[j] = cp
    if num.size:
        width = max(1, max(cp.size for cp in found))
        padded = np.full((num.size, width), np.inf)
        for k, cp in enumerate(found):
            padded[k, :cp.size] = cp
        n_values[num] = (padded < np.inf).sum(axis=1) + 1
        step = max(1, (1 << 22) // max(1, X.shape[0] * width))
        for s in range(0, num.size, step):  # bin = number of cuts below the value
            cols = num[s:s + step]
            Xc = X[:, cols]
            b = (Xc[:, :, None] > padded[None, s:s + step, :]).sum(axis=2)
            codes[:, cols] = np.where(np.isnan(Xc), np.nan, b)
    return codes, n_values, cuts
