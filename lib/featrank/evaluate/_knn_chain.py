"""The k-NN curve engine (Weka IBk, :class:`featrank.learners.WekaIBk`): each fold keeps the
squared distances test x train and adds each entering feature's term, instead of refitting
at every point (identical sums to a refit on the FFA side, equal up to rounding order on
the RFA side). :class:`_KNNChain` runs it; compiled with numba (:func:`knn_dense_votes`),
or, with ``FEATRANK_NO_NUMBA=1``, in numpy a whole distance matrix per step (the same
curves).

The compiled chain: one test point at a time, all sizes of the chain, its squared distances
to the training points grow as features enter. They are kept in float32 (a quarter of the
time of float64 selection: twice the SIMD lanes, half the memory traffic), with a proven bound
``err`` on their distance from the exact float64 sums (:func:`_band_error`). At each size a
threshold guessed from the last sizes' k-th distance picks a few dozen candidates (a bit
mask per 64 points, vectorised), among which the k-th smallest float32 distance T is found.
Points below ``T - 2 err`` are neighbours for certain, points above ``T + 2 err`` are not;
only when more points fall in that band than the neighbours still missing (near-ties: rare
for continuous data) are their exact distances summed -- feature by feature in the order
they enter, the sums of a refit bit for bit -- to decide (Weka IBk keeps every point tied
with the k-th). Measured on waveform-5000 (4500 x 500 per fold, 40 sizes): see
``make bench`` (``bench_curves``).
"""
from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from .._jit import jit, numba_enabled
from ..learners import ibk_column_sqdiff, ibk_distribution, ibk_votes, with_categorical

#: float32 block width of the filter (bits of a mask); the row is padded with +inf
_BLOCK = 64
#: fallback threshold: the _SAMPLE_RANK-th smallest of every _STRIDE-th distance
_STRIDE = 16
_SAMPLE_RANK = 3
#: the threshold's guess: last k-th distance + _GROWTH x its mean growth per feature
_GROWTH = 4.0
_U32 = 2.0 ** -24          # unit round-off of float32
_TINY32 = 1.5e-45          # float32's smallest subnormal: absolute error of an underflow


@jit(inline="always")
def _term(a, b, nominal):
    """Squared Weka IBk distance term of one feature (normalised values, NaN = missing);
    the scalar twin of :func:`featrank.learners.ibk_column_sqdiff`."""
    if nominal:
        if a != b:          # NaN compares unequal
            return 1.0
        return 0.0
    na, nb = np.isnan(a), np.isnan(b)
    if na or nb:
        if na and nb:
            return 1.0
        v = b if na else a
        d = v if v > 1.0 - v else 1.0 - v
        return d * d
    d = a - b
    return d * d


@jit
def _kth_smallest(vals, m, k, buf):
    """The k-th smallest of ``vals[:m]`` (m >= k): the largest if m == k; for few values the
    one whose rank brackets k (vectorised counts, no branch per value); else by insertion
    into a sorted buffer of k."""
    if m == k:                                  # the largest
        best = vals[0]
        for q in range(1, m):
            best = max(best, vals[q])
        return best
    if m <= 64:
        best = np.inf
        for q in range(m):
            v, lt, le = vals[q], 0, 0
            for r in range(m):
                lt += vals[r] < v
                le += vals[r] <= v
            best = v if (lt < k) & (k <= le) else best
        return best
    n = 0
    for j in range(m):
        v = vals[j]
        if n < k:
            t = n
            n += 1
        elif v < buf[k - 1]:
            t = k - 1
        else:
            continue
        while t > 0 and buf[t - 1] > v:
            buf[t] = buf[t - 1]
            t -= 1
        buf[t] = v
    return buf[k - 1]


@jit(inline="always")
def _error(V, s, E):
    """Bound on ``|float32 - exact|`` of a distance ``<= V`` over ``s`` features. Rounding
    the inputs and their difference errs by at most ``E = 4.02 u max|value|`` per feature
    (u: float32 round-off; E = 0 when the terms are computed exactly and rounded), so a
    square errs by ``2 E |a - b| + E^2 + u d^2``; Cauchy-Schwarz bounds the sum of
    ``|a - b|`` by ``sqrt(s V)``; summing s non-negative terms in float32 adds ``(s + 1) u``
    relative (4 (s + 2) u taken), underflows ``_TINY32`` each."""
    return (4.0 * (s + 2) * _U32 * V + 2.02 * E * np.sqrt(s * V) + 2.0 * s * E * E
            + 4.0 * s * _TINY32)


@jit
def _band_error(T, s, E):
    """``err`` for the band around the k-th float32 distance ``T``: ``_error(V)`` for a ``V``
    so large that any point of exact distance > V has a float32 one > ``T + 2 err`` (those
    points, and only those, may err by more). Then (i) the exact k-th distance lies within
    ``T +- err``, (ii) every neighbour's float32 distance is ``<= T + 2 err``, (iii) a
    float32 distance ``< T - 2 err`` belongs to a neighbour."""
    V = max(2.0 * T, 64.0 * s * E * E) + 1e-300
    while True:
        err = _error(V, s, E)
        if V - err > T + 2.0 * err and V >= T + err:
            return err
        V *= 2.0


@jit(inline="always")
def _up32(x):
    """``x`` rounded up to float32 (a threshold that drops nothing <= x)."""
    y = np.float32(x)
    return np.nextafter(y, np.float32(np.inf)) if y < x else y


@jit(inline="always")
def _exact(i, j, s, As, Bs, nominal, simple):
    """The exact squared distance of test point i and training point j over the first s
    features, summed in the order they enter (as a refit does)."""
    v = 0.0
    for f in range(s):
        if simple:
            d = As[i, f] - Bs[j, f]
            v += d * d
        else:
            v += _term(As[i, f], Bs[j, f], nominal[f])
    return v


@jit
def _update32(D32, n_tr, simple, a32, col32, a, col, nominal):
    """Add one feature's term to the float32 distance row: from float32 values (``simple``:
    numeric, no missing), else the exact term rounded to float32."""
    if simple:
        for j in range(n_tr):
            d = a32 - col32[j]
            D32[j] += d * d
    else:
        for j in range(n_tr):
            D32[j] += np.float32(_term(a, col[j], nominal))


@jit
def _filter(D32, thr, out, masks, blocks):
    """Indices ``j`` with ``D32[j] <= thr`` into ``out`` (their number). Three branch-free
    passes but the last: a bit mask per block of 64 (vectorised compares; slicing lets
    LLVM drop the index checks), the list of blocks with any bit set, their set bits."""
    nb = D32.size // _BLOCK
    for b in range(nb):
        blk = D32[b * _BLOCK:(b + 1) * _BLOCK]
        mask = np.uint64(0)
        for j in range(_BLOCK):
            mask |= np.uint64(blk[j] <= thr) << np.uint64(j)
        masks[b] = mask
    c = 0
    for b in range(nb):
        blocks[c] = b
        c += masks[b] != 0
    m = 0
    for q in range(c):
        b = blocks[q]
        mask = masks[b]
        while True:
            out[m] = b * _BLOCK + trailing_zeros(mask)
            m += 1
            mask &= mask - np.uint64(1)
            if mask == 0:
                break
    return m


@jit
def _sample_threshold(D32, n_tr, j, buf):
    """The ``j``-th smallest of every :data:`_STRIDE`-th distance (about the
    ``j * _STRIDE``-th smallest of all); +inf when the sample has fewer than ``j``."""
    sample = D32[:n_tr:_STRIDE]
    return _kth_smallest(sample, sample.size, j, buf) if sample.size >= j else np.inf


@jit
def _candidates(D32, n_tr, thr, cand, masks, blocks):
    """Points with float32 distance <= ``thr`` (all points when ``thr`` is +inf)."""
    if thr == np.inf:
        for q in range(n_tr):
            cand[q] = q
        return n_tr
    return _filter(D32, _up32(thr), cand, masks, blocks)


@jit
def _neighbours(i, s, m, thr, D32, n_tr, k, As, Bs, nominal, simple, exact32, E, cand, band,
                vals, buf, sbuf, masks, blocks):
    """The training points within the exact k-th smallest distance at size ``s``, first in
    ``cand``: returns their number and the k-th float32 distance. Candidates: the ``m``
    given (float32 distance <= ``thr``), or if fewer than k, those <= a sample's
    quantile, else all."""
    tries = 0
    while m < k:
        tries += 1
        j = _SAMPLE_RANK * 4 ** (tries - 1)
        thr = _sample_threshold(D32, n_tr, j, sbuf) if j <= sbuf.size else np.inf
        m = _candidates(D32, n_tr, thr, cand, masks, blocks)
    for q in range(m):
        vals[q] = D32[cand[q]]
    T = _kth_smallest(vals, m, k, buf)
    err = 0.0 if exact32 else _band_error(T, s, E)
    if T + 2.0 * err > thr:                     # the band reaches past the candidates
        thr = T + 2.0 * err
        m = _candidates(D32, n_tr, thr, cand, masks, blocks)
        for q in range(m):
            vals[q] = D32[cand[q]]
    n, b, lo, hi = 0, 0, T - 2.0 * err, T + 2.0 * err
    for q in range(m):                          # sure neighbours first, then the band
        j, v = cand[q], vals[q]
        cand[n] = j
        band[b] = j
        n += v < lo
        b += (v >= lo) & (v <= hi)
    if b > k - n and not exact32:               # near-ties: exact sums decide
        for q in range(b):
            vals[q] = _exact(i, band[q], s, As, Bs, nominal, simple)
        kth = _kth_smallest(vals, b, k - n, buf)
        for q in range(b):
            if vals[q] <= kth:
                cand[n] = band[q]
                n += 1
    else:                                       # the band is exactly the rest
        for q in range(b):
            cand[n] = band[q]
            n += 1
    return n, T


@jit(nogil=True)
def knn_dense_votes(As, Bs, nominal, sizes, ytr, n_classes, k):
    """Vote counts ``(n_sizes, n_test, n_classes)`` of the k-NN chain. ``As``: test values
    ``(n_test, p)``, ``Bs``: training values ``(n_train, p)``, columns in the order the
    features enter, numeric ones range-normalised (NaN = missing); neighbours: every
    training point within the k-th smallest squared distance (Weka IBk keeps ties)."""
    n_te, n_tr, p = As.shape[0], Bs.shape[0], Bs.shape[1]
    k = min(k, n_tr)
    out = np.zeros((sizes.size, n_te, n_classes), np.int64)
    simple = not (nominal.any() or np.isnan(As).any() or np.isnan(Bs).any())
    big = max(np.abs(As).max(), np.abs(Bs).max()) if simple else 0.0
    simple = simple and big < 1e15              # float32 squares stay finite
    exact32 = nominal.all() and p < 2 ** 24     # 0/1 terms: float32 sums are exact
    E = 4.02 * _U32 * big if simple else 0.0
    n_pad = -(-n_tr // _BLOCK) * _BLOCK
    BT32 = np.zeros((p, n_pad), np.float32)
    BT32[:, :n_tr] = Bs.T
    BsT = np.ascontiguousarray(Bs.T)
    As32 = As.astype(np.float32)
    D32 = np.full(n_pad, np.inf, np.float32)
    cand, band, near = np.empty(n_tr, np.int64), np.empty(n_tr, np.int64), np.empty(n_tr, np.int64)
    vals = np.empty(n_tr)
    buf, sbuf = np.empty(k), np.empty(-(-n_tr // _STRIDE), np.float32)
    masks, blocks = np.empty(n_pad // _BLOCK, np.uint64), np.empty(n_pad // _BLOCK, np.int64)
    for i in range(n_te):
        D32[:n_tr] = 0.0
        added, first, kth, n = 0, 0.0, 0.0, 0
        for si in range(sizes.size):
            s = sizes[si]
            for f in range(added, s):
                _update32(D32, n_tr, simple, As32[i, f], BT32[f], As[i, f], BsT[f], nominal[f])
            added, thr, m = s, np.inf, 0
            if si > 0:           # threshold: min(the k-th distance grown about linearly,
                grow = (kth - first) / (sizes[si - 1] - sizes[0]) if si > 1 else kth / sizes[0]
                for q in range(n):   # the k-th of the last neighbours' new distances)
                    vals[q] = D32[near[q]]
                bound = _kth_smallest(vals, n, k, buf)
                for widen in (1.0, 4.0):            # then a sample (_neighbours)
                    thr = min(kth + widen * _GROWTH * grow * (s - sizes[si - 1]), bound)
                    thr += 2.0 * (0.0 if exact32 else _band_error(thr, s, E))  # T <= thr: no refilter
                    m = _filter(D32, _up32(thr), cand, masks, blocks)
                    if m >= k:
                        break
            n, kth = _neighbours(i, s, m, thr, D32, n_tr, k, As, Bs, nominal, simple, exact32,
                                 E, cand, band, vals, buf, sbuf, masks, blocks)
            if si == 0:
                first = kth
            for q in range(n):
                near[q] = cand[q]
                out[si, i, ytr[cand[q]]] += 1
    return out


class _KNNChain:
    """Weka IBk: the squared distances test x train grow by each entering feature's term
    (compiled row by row, :func:`knn_dense_votes`; numpy: the whole matrix per step)."""

    def __init__(self, model, Xtr, ytr, Xte, cat, need_score):
        self.ref = with_categorical(model, cat).fit(Xtr, ytr)
        self.Xtr, self.Xte, self.cat, self.need_score = Xtr, Xte, cat, need_score
        self.k, self.terms = int(self.ref.n_neighbors), {}
        self.cache = Xtr.shape[1] * Xtr.shape[0] * Xte.shape[0] * 8 <= 256e6
        self.compiled = knn_dense_votes if numba_enabled() else None
        if self.compiled is not None:
            self.An, self.Bn = self._normalised(Xte), self._normalised(Xtr)

    def _normalised(self, X):
        r = self.ref
        Z = X.copy()
        for f in np.flatnonzero(~r.categorical_):
            Z[:, f] = (X[:, f] - r.min_[f]) / r.range_[f] if r.range_[f] > 0 \
                else np.where(np.isnan(X[:, f]), np.nan, 0.0)
        return Z

    def term(self, f):
        t = self.terms.get(f)
        if t is None:
            r = self.ref
            t = ibk_column_sqdiff(self.Xte[:, f], self.Xtr[:, f], r.categorical_[f],
                                  r.min_[f], r.range_[f])
            if self.cache:
                self.terms[f] = t
        return t

    def _yield(self, votes):
        r = self.ref
        pred = r.classes_[np.argmax(votes, axis=1)]
        return pred, (ibk_distribution(votes, r.y_.size) if self.need_score else None)

    def run(self, order, kind, sizes, memo=None):
        """Yield ``(pred, score)`` per size (``memo`` unused: a point costs no fit here)."""
        seq = order if kind == "ffa" else order[::-1]
        r = self.ref
        if self.compiled is not None:
            votes = self.compiled(np.ascontiguousarray(self.An[:, seq]),
                                  np.ascontiguousarray(self.Bn[:, seq]),
                                  np.ascontiguousarray(r.categorical_[seq]),
                                  np.asarray(sizes, np.int64), r.y_.astype(np.int64),
                                  r.classes_.size, self.k)
            for v in votes:
                yield self._yield(v)
            return
        D = np.zeros((self.Xte.shape[0], self.Xtr.shape[0]))
        done = 0
        for s in sizes:
            for f in seq[done:s]:
                D += self.term(f)
            done = s
            yield self._yield(ibk_votes(D, r.y_, self.k, r.classes_.size))
