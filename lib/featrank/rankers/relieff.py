"""ReliefF (Kononenko 1994; Robnik-Šikonja & Kononenko 2003) as Weka 3.6's
``ReliefFAttributeEval`` computes it, vectorised in blocks of instances.

For every sampled instance R (default: all, in data order) Weka finds the k nearest hits
(same class) and the k nearest misses of every other class C, and updates

    W[A] += -sum_hits diff(A, R, H) / k_hit
            + sum_{C != class(R)} P(C) / (1 - P(class(R))) * sum_misses diff(A, R, M) / k_C

(the prior weight is 1 for two classes), then divides by the number of sampled instances.
``diff`` (Weka's ``difference``):

* numeric: |a - b| / (max - min) with min/max over the whole data (0 when max - min < 1e-6);
  one value missing: v = the other's normalised value, diff = max(v, 1 - v); both missing: 1;
* nominal: 0/1; either missing: 1 - 1/(number of values in the header).

The distance is the plain sum of the diffs (Manhattan over diffs), summed in attribute order as
Weka does, so distances are bit-identical to Weka's. **Ties among equidistant neighbours**
follow Weka's scan: candidates are visited in data order, the first k fill k slots, a later
one replaces the slot holding the largest distance (the lowest slot on ties) only when it is
strictly nearer. Rows where the k-th distance is tied are replayed exactly that way; the others
need no replay (their k nearest are unambiguous).

Guyon et al. (2003)'s Relief_k criterion (:class:`ReliefK`, :class:`GSReliefK`), the rival
of the SPE-ranker in Quevedo 2007, is in :mod:`.reliefk` and importable from here too; both
name the neighbour count ``n_neighbors``.
"""
from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.utils._param_validation import Interval

from ._javarandom import JavaRandom, java_rem
from .base import BaseRanker
from .discretize import SMALL, resolve_categorical
from .reliefk import (_N_NEIGHBORS, GSReliefK, ReliefK, knn_hits_misses,  # noqa: F401
                      relief_k_scores)

_BLOCK_ELEMENTS = 1 << 22  # ~32 MB of float64 per temporary block


def _normalise(X, nominal):
    """Numeric columns scaled to [0, 1] by min/max (0 for constant ones); NaN kept."""
    Z = X.copy()
    num = ~nominal
    if num.any():
        with np.errstate(all="ignore"):
            mn, mx = np.nanmin(X[:, num], axis=0), np.nanmax(X[:, num], axis=0)
        rng = mx - mn
        const = np.isnan(mn) | (np.abs(rng) < SMALL)
        scaled = (X[:, num] - mn) / np.where(const, 1.0, rng)
        scaled[:, const] = np.where(np.isnan(X[:, num][:, const]), np.nan, 0.0)
        Z[:, num] = scaled
    return Z


def _diff(a, b, nominal_j: bool, miss_diff: float):
    """Weka's per-attribute difference of arrays ``a`` and ``b`` (broadcast)."""
    am, bm = np.isnan(a), np.isnan(b)
    if nominal_j:
        d = (a != b).astype(float)
        return np.where(am | bm, miss_diff, d) if (am.any() or bm.any()) else d
    d = np.abs(a - b)
    if not (am.any() or bm.any()):
        return d
    other = np.where(am, b, a)
    one = np.maximum(other, 1.0 - other)
    return np.where(am & bm, 1.0, np.where(am | bm, one, d))


def _distances(Zq, Z, nominal, miss_diff):
    """(b, n) distances, summed over attributes in order (bit-identical to Weka's)."""
    if not nominal.any() and not np.isnan(Zq).any() and not np.isnan(Z).any():
        return cdist(Zq, Z, "cityblock")
    D = np.zeros((Zq.shape[0], Z.shape[0]))
    for j in range(Z.shape[1]):
        D += _diff(Zq[:, j, None], Z[None, :, j], nominal[j], miss_diff[j])
    return D


def _weka_knn_replay(S, k):
    """Weka's slot scan, for many rows at once: ``S`` (R, m) distances of the candidates in
    data order (inf = padding). The first k fill slots 0..k-1; a later candidate strictly
    nearer than the current worst replaces the lowest slot holding the worst distance.
    Returns the chosen candidate positions (R, k)."""
    S = np.atleast_2d(np.asarray(S, dtype=float))
    R, m = S.shape
    cols = np.asfortranarray(S)
    slots_d = S[:, :k].copy()
    slots_i = np.tile(np.arange(k), (R, 1))
    worst = slots_d.argmax(axis=1)
    top = slots_d[np.arange(R), worst]
    for t in range(k, m):
        cur = cols[:, t]
        r = np.flatnonzero(cur < top)
        if r.size == 0:
            continue
        w = worst[r]
        slots_d[r, w] = cur[r]
        slots_i[r, w] = t
        sub = slots_d[r]
        worst[r] = w = sub.argmax(axis=1)
        top[r] = sub[np.arange(r.size), w]
    return slots_i


def _nearest_in_class(Dc, k):
    """Weka's k nearest among the columns of ``Dc`` (inf = the excluded query itself).

    Returns ``(pos, tied)``: (b, k) positions, valid for rows without a tie at the k-th
    distance; ``tied`` marks the rows that must be replayed by :func:`_weka_knn_replay`.
    """
    part = np.argpartition(Dc, k - 1, axis=1)[:, :k]
    kth = np.take_along_axis(Dc, part, axis=1).max(axis=1)
    tied = (Dc <= kth[:, None]).sum(axis=1) > k
    return np.sort(part, axis=1), tied


class _ReplayBuffer:
    """Rows whose k-th neighbour distance is tied, collected per class and replayed in
    batches (one vectorised scan per batch), self excluded from the candidate sequence."""

    def __init__(self, NB, ND, k, budget=1 << 21):
        self.NB, self.ND, self.k, self.budget = NB, ND, k, budget
        self.items: dict = {}

    def add(self, c, idx, rows, Dc, self_pos):
        m = idx.size
        j = np.arange(m)[None, :]
        src = j + (j >= self_pos[:, None])  # skip the query itself (Weka never visits it)
        S = np.take_along_axis(Dc, np.minimum(src, m - 1), axis=1)
        S[src >= m] = np.inf
        lst = self.items.setdefault(c, [])
        lst.append((rows, S, src, idx))
        if sum(item[1].size for item in lst) >= self.budget:
            self.flush(c)

    def flush(self, c=None):
        for cc in ([c] if c is not None else list(self.items)):
            lst = self.items.pop(cc, [])
            if not lst:
                continue
            rows = np.concatenate([it[0] for it in lst])
            S = np.concatenate([it[1] for it in lst])
            src = np.concatenate([it[2] for it in lst])
            idx = lst[0][3]
            t = np.sort(_weka_knn_replay(S, self.k), axis=1)
            pos = np.take_along_axis(src, t, axis=1)
            self.NB[rows, cc * self.k:(cc + 1) * self.k] = idx[pos]
            self.ND[rows, cc * self.k:(cc + 1) * self.k] = np.take_along_axis(S, t, axis=1)


class ReliefF(BaseRanker):
    """ReliefF feature weights as Weka 3.6's ``ReliefFAttributeEval`` (nominal class).

    Parameters
    ----------
    n_neighbors : int >= 1, default 10
        k nearest hits and k nearest misses per other class (Weka ``-K``).
    sample_size : int >= 1 or None, default None
        Number of instances sampled (Weka ``-M``); None (or at least the number of rows) = all
        instances, in data order (the papers' "100 % of the instances"). When sampling,
        instances are drawn as Weka draws them,
        ``|java.util.Random(random_state).nextInt() % n|`` (with replacement); Weka's default
        seed is 1.
    weight_by_distance : bool, default False
        Weight the i-th nearest neighbour by exp(-(i/sigma)^2) (Weka ``-W``, ``-A sigma``);
        equidistant neighbours are then ordered by data order.
    sigma : float > 0, default 2
    categorical : None, bool mask, int category counts, or ``Dataset.categories``
        Nominal features (codes 0..k-1). Counts matter for a missing nominal value
        (diff = 1 - 1/count); a bool mask uses the largest code + 1. ``None``: a DataFrame's
        ``category`` columns are nominal (counts = their declared categories), an array's
        columns numeric; given with such a DataFrame, it must agree.
    random_state : int, RandomState instance or None, default 0
        Seed of the Java generator when ``sample_size`` is set (None or a RandomState: a
        seed drawn from it).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the weights, rank vector (1 = best) and order.
    categorical_, n_categories_, classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import ReliefF
    >>> X = np.array([[0.0, 5.0], [0.1, 1.0], [0.9, 4.0], [1.0, 2.0]])
    >>> r = ReliefF(n_neighbors=1, n_features_to_select=1).fit(X, [0, 0, 1, 1])
    >>> r.scores_.round(3).tolist(), r.top_features_.tolist(), r.transform(X).shape
    ([0.8, -0.5], [0, 1], (4, 1))
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints,
        "n_neighbors": _N_NEIGHBORS,
        "sample_size": [None, Interval(Integral, 1, None, closed="left")],
        "weight_by_distance": ["boolean"],
        "sigma": [Interval(Real, 0, None, closed="neither")],
        "categorical": [None, "array-like"],
        "random_state": ["random_state"],
    }
    _nominal = True

    def __init__(self, n_neighbors=10, sample_size=None, weight_by_distance=False, sigma=2.0,
                 categorical=None, random_state=0, n_features_to_select=None):
        self.n_neighbors = n_neighbors
        self.sample_size = sample_size
        self.weight_by_distance = weight_by_distance
        self.sigma = sigma
        self.categorical = categorical
        self.random_state = random_state
        self.n_features_to_select = n_features_to_select

    def _sample(self, n):
        m = self.sample_size
        if m is None or m >= n:
            return np.arange(n)
        seed = self.random_state if isinstance(self.random_state, (int, np.integer)) else (
            np.random.default_rng(self.random_state).integers(2 ** 31))
        r = JavaRandom(int(seed or 0))
        return np.array([abs(java_rem(r.next_int(), n)) for _ in range(int(m))], dtype=np.intp)

    def _rank(self, X, y):
        k = int(self.n_neighbors)
        nominal, counts = resolve_categorical(self.n_categories_, X)
        miss_diff = np.where(nominal, 1.0 - 1.0 / np.maximum(counts, 1), 1.0)
        Z = _normalise(X, nominal)
        n, p = Z.shape
        n_classes = int(y.max()) + 1
        members = [np.flatnonzero(y == c) for c in range(n_classes)]
        queries = self._sample(n)
        # pass 1: the k nearest hits and misses of every query (tied rows replayed in batches)
        NB = np.full((queries.size, n_classes * k), -1, dtype=np.intp)
        ND = np.full((queries.size, n_classes * k), np.inf)
        replay = _ReplayBuffer(NB, ND, k)
        bsize = max(1, min(queries.size, _BLOCK_ELEMENTS // max(n, p, 1)))
        for start in range(0, queries.size, bsize):
            rows = np.arange(start, min(start + bsize, queries.size))
            D = _distances(Z[queries[rows]], Z, nominal, miss_diff)
            self._neighbours(D, rows, queries, y, members, k, NB, ND, replay)
        replay.flush()
        # pass 2: the weight update
        coef = self._coefficients(NB, ND, y[queries], members, k)
        W = np.zeros(p)
        for start in range(0, queries.size, bsize):
            sl = slice(start, start + bsize)
            W += self._update(Z, queries[sl], NB[sl], coef[sl], nominal, miss_diff)
        return W / queries.size, None

    @staticmethod
    def _neighbours(D, rows, queries, y, members, k, NB, ND, replay):
        """Fill NB/ND (neighbour index / distance, -1 / inf = none) for the query rows."""
        q = queries[rows]
        D[np.arange(rows.size), q] = np.inf  # an instance is not its own neighbour
        cl = y[q]
        for c, idx in enumerate(members):
            if idx.size == 0:
                continue
            Dc = D[:, idx]
            block = slice(c * k, (c + 1) * k)
            if idx.size <= k:
                NB[rows, c * k:c * k + idx.size] = idx
                ND[rows, c * k:c * k + idx.size] = Dc
                continue
            pos, tied = _nearest_in_class(Dc, k)
            NB[rows, block] = idx[pos]
            ND[rows, block] = np.take_along_axis(Dc, pos, axis=1)
            if tied.any():
                t = np.flatnonzero(tied)
                self_pos = np.where(cl[t] == c, np.searchsorted(idx, q[t]), idx.size)
                replay.add(c, idx, rows[t], Dc[t], self_pos)
        bad = ~np.isfinite(ND[rows])
        NB[rows[:, None], np.arange(NB.shape[1])[None, :]] = np.where(bad, -1, NB[rows])

    def _coefficients(self, NB, ND, cl, members, k):
        """Signed weight of each neighbour in the update: -1/k_hit for hits,
        P(C)/(1 - P(class(R)))/k_C for misses (1/k_C with two classes)."""
        n_classes = len(members)
        prior = np.array([m.size for m in members], dtype=float) / sum(m.size for m in members)
        rank_w = np.exp(-((np.arange(k) / float(self.sigma)) ** 2))
        coef = np.zeros(NB.shape)
        for c in range(n_classes):
            block = slice(c * k, (c + 1) * k)
            valid = NB[:, block] >= 0
            if self.weight_by_distance:  # rank weights by increasing distance (stable)
                o = np.argsort(ND[:, block], axis=1, kind="stable")
                NB[:, block] = np.take_along_axis(NB[:, block], o, axis=1)
                ND[:, block] = np.take_along_axis(ND[:, block], o, axis=1)
                valid = NB[:, block] >= 0
                w = np.where(valid, rank_w[None, :], 0.0)
            else:
                w = valid.astype(float)
            w = w / np.maximum(w.sum(axis=1, keepdims=True), 1e-300)
            if n_classes > 2:
                scale = np.where(cl == c, -1.0, prior[c] / (1.0 - prior[cl]))
            else:
                scale = np.where(cl == c, -1.0, 1.0)
            coef[:, block] = w * scale[:, None]
        return coef

    @staticmethod
    def _update(Z, q, nb, coef, nominal, miss_diff):
        """sum over queries and neighbours of coef * diff(A, R, N), per attribute A: one
        (b, p) difference matrix per neighbour slot, reduced by a matrix-vector product."""
        Zq = Z[q]
        plain = not nominal.any() and not np.isnan(Z).any()
        num = ~nominal
        W = np.zeros(Z.shape[1])
        for s in range(nb.shape[1]):
            w = np.where(nb[:, s] >= 0, coef[:, s], 0.0)
            if not w.any():
                continue
            Zn = Z[np.maximum(nb[:, s], 0)]
            if plain:
                dif = np.abs(Zq - Zn)
            else:
                dif = np.empty_like(Zn)
                if num.any():
                    dif[:, num] = _diff(Zq[:, num], Zn[:, num], False, 1.0)
                if nominal.any():
                    a, b = Zq[:, nominal], Zn[:, nominal]
                    dif[:, nominal] = np.where(np.isnan(a) | np.isnan(b), miss_diff[nominal],
                                               (a != b).astype(float))
            W += w @ dif
        return W
