"""The seven rivals of the SPE-ranker in Quevedo, Bahamonde & Luaces (2007), Sec. 2.

* :class:`StoppigliaSM` (SM): Gram-Schmidt forward ranking by cos^2 with the target
  (Stoppiglia et al. 2003, Eq. 7), on the simplified polynomial expansion as in the paper.
* :class:`ReliefK`, :class:`GSReliefK`: the k-neighbour Relief criterion of Guyon et al.
  (2003) -- ratio of the summed distances to the k nearest misses over the k nearest hits,
  projected on each variable -- alone and with Gram-Schmidt during ranking.
* :class:`FCBF`: Yu & Liu (2004): symmetric uncertainty (Eq. 8) on variables discretised by
  Weka's supervised MDL (the project's shared :mod:`.discretize`), approximate Markov blankets.
* :class:`RakotomamonjyRFE` (RM, Eq. 3), :class:`DegroeveRFE` (DM, Eq. 4): nonlinear SVM-RFE
  with a polynomial kernel, one variable removed per SVM.
* :class:`R2W2`: Weston et al. (2001): scaling factors found by gradient descent on the
  radius-margin bound R^2 W^2 (Eq. 6).

Settings the paper leaves open are chosen and documented in each class. All kernels are
``K(x, x') = (<x, x'> + 1)^degree`` on the inputs as given; the SVMs are libsvm's
(``SVC(kernel="precomputed")``), the Gram matrices are downdated as variables go.
"""
from __future__ import annotations

import warnings
from math import comb

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC

from .._libsvm import PrecomputedSVC
from .base import BaseRanker
from .discretize import mdl_discretize
from .entropy import contingency_tables, symmetric_uncertainty_scores

_TINY = 1e-12
_FCBF_TIE = 1e-8     # Weka FCBFSearch: SU(p, q) within 1e-8 of SU(q, y) counts as >=


def _pm1(y):
    """Class codes 0/1 -> -1/+1 (binary problems only, as in the paper)."""
    if y.max() > 1:
        raise ValueError("this ranker handles binary problems only (Quevedo 2007, Sec. 4)")
    return np.where(y == 1, 1.0, -1.0)


def _check_degree(degree):
    if int(degree) != degree or degree < 1:
        raise ValueError(f"degree must be a positive integer, got {degree!r}")
    return int(degree)


# --------------------------------------------------------------------------- SM


def _spe_features(X, degree):
    """Centred SPE features (n, m, d): powers 1..d of each variable (Eq. 9)."""
    F = np.stack([X ** j for j in range(1, degree + 1)], axis=2)
    return F - F.mean(axis=0)


class StoppigliaSM(BaseRanker):
    """SM: Stoppiglia et al. (2003)'s Gram-Schmidt ranking (Quevedo 2007, Sec. 2.2, Eq. 7),
    on the simplified polynomial expansion of degree ``degree`` (Table 1).

    Each step scores every remaining variable by ``max_j cos^2(x_i^j, y)`` of its (projected)
    powers, takes the best, and projects the remaining powers and ``y`` onto the orthogonal
    complement of the selected variable's powers (modified Gram-Schmidt). Features and ``y``
    are mean-centred first. Open choice: a variable enters with *all* its powers (the paper
    ranks variables, not features). When the residual of ``y`` or every remaining feature
    vanishes (more features than examples), the remaining variables keep the order of their
    initial score. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    degree : int, default 1
        Degree of the simplified polynomial expansion.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The cos^2 at which each variable was selected.
    ranking_, top_features_ : the rank vector (1 = best) and the order of selection.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import StoppigliaSM
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = StoppigliaSM(n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
    """

    _allow_nan = False

    def __init__(self, degree: int = 1, n_features_to_select=None):
        self.degree = degree
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        d = _check_degree(self.degree)
        n, m = X.shape
        F = _spe_features(X, d)
        norms0 = np.sqrt(np.einsum("nmd,nmd->md", F, F))
        r = y - y.mean()
        scores, order = np.zeros(m), []
        alive = np.ones(m, dtype=bool)
        initial = None
        for _ in range(m):
            nf = np.sqrt(np.einsum("nmd,nmd->md", F, F))
            ok = nf > 1e-9 * np.maximum(norms0, _TINY)
            ry = np.linalg.norm(r)
            cos2 = np.where(ok, (np.einsum("n,nmd->md", r, F) / np.where(ok, nf, 1)) ** 2, 0)
            cos2 = cos2.max(axis=1) / max(ry ** 2, _TINY)
            if initial is None:
                initial = cos2.copy()
            if ry < 1e-9 * np.sqrt(n) or not np.any(ok[alive]):
                rest = np.flatnonzero(alive)
                order.extend(rest[np.argsort(-initial[rest], kind="stable")])
                break
            cos2[~alive] = -1.0
            k = int(np.argmax(cos2))
            scores[k], alive[k] = cos2[k], False
            order.append(k)
            for j in range(d):                       # project on each power of k in turn
                v = F[:, k, j]
                nv = np.linalg.norm(v)
                if nv <= 1e-9 * max(norms0[k, j], _TINY):
                    continue
                q = v / nv
                F -= q[:, None, None] * np.einsum("n,nmd->md", q, F)[None]
                r = r - q * (q @ r)
        return scores, np.asarray(order, dtype=np.intp)


# --------------------------------------------------------------------------- Relief_k


def knn_hits_misses(X, y, k: int):
    """Indices of the ``k`` nearest hits (same class, not itself) and misses of every example,
    by Euclidean distance on the inputs as given; ``k`` is capped by the class sizes."""
    sq = np.einsum("ij,ij->i", X, X)
    D = sq[:, None] + sq[None, :] - 2 * X @ X.T
    np.fill_diagonal(D, np.inf)
    same = y[:, None] == y[None, :]
    counts = np.bincount(y)
    kh = int(min(k, counts.min() - 1)) if counts.min() > 1 else 0
    km = int(min(k, (y.size - counts).min()))
    if kh < 1 or km < 1:
        raise ValueError("Relief needs at least two examples of every class")
    order = np.argsort(D, axis=1, kind="stable")
    same_sorted = np.take_along_axis(same, order, axis=1)
    hit_rank = np.cumsum(same_sorted, axis=1)
    miss_rank = np.cumsum(~same_sorted, axis=1)
    hits = order[same_sorted & (hit_rank <= kh)].reshape(y.size, kh)
    misses = order[~same_sorted & (miss_rank <= km)].reshape(y.size, km)
    # the example itself (distance inf) is last among its class: drop it if it slipped in
    return hits, misses


def relief_k_scores(X, hits, misses):
    """Guyon et al. (2003)'s Relief_k criterion per variable: the sum over examples of the
    distances to the k nearest misses over that to the k nearest hits, projected on each
    variable (Quevedo 2007, Sec. 2.2)."""
    miss = np.abs(X[:, None, :] - X[misses]).sum(axis=(0, 1))
    hit = np.abs(X[:, None, :] - X[hits]).sum(axis=(0, 1))
    return miss / np.maximum(hit, _TINY * max(1.0, hit.max(initial=0.0)))


class ReliefK(BaseRanker):
    """Relief_k (Guyon et al. 2003; Quevedo 2007, Sec. 2.2): ``k`` nearest hits and misses of
    every example (Euclidean distance on the inputs as given, all examples used, no sampling);
    the score of a variable is the ratio of the summed |differences| to the misses over those
    to the hits. Every class needs at least two examples. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    k : int, default 30
        Neighbours, as fixed in Sec. 4.3 (capped by the class sizes).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the ratios, rank vector (1 = best) and order.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import ReliefK
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = ReliefK(k=5, n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
    """

    _allow_nan = False

    def __init__(self, k: int = 30, n_features_to_select=None):
        self.k = k
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        hits, misses = knn_hits_misses(X, y, self.k)
        return relief_k_scores(X, hits, misses), None


class GSReliefK(BaseRanker):
    """GSRelief_k (Guyon et al. 2003; Quevedo 2007, Sec. 2.2, Table 1): forward ranking by the
    Relief_k criterion with Gram-Schmidt during ranking: after each selection the remaining
    (mean-centred) variables are projected onto the orthogonal complement of the selected one
    and rescored. Open choice: the k nearest hits and misses are found once, in the original
    input space (the neighbourhood structure is not recomputed from projections). Variables
    whose projection vanishes keep their initial order at the end. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Parameters
    ----------
    k : int, default 30
        Neighbours (capped by the class sizes; every class needs two examples).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The criterion at selection time.
    ranking_, top_features_ : the rank vector (1 = best) and the order of selection.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import GSReliefK
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = GSReliefK(k=5, n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
    """

    _allow_nan = False

    def __init__(self, k: int = 30, n_features_to_select=None):
        self.k = k
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        hits, misses = knn_hits_misses(X, y, self.k)
        n, m = X.shape
        W = X - X.mean(axis=0)
        norms0 = np.linalg.norm(W, axis=0)
        initial = relief_k_scores(W, hits, misses)
        alive = np.ones(m, dtype=bool)
        scores, order = np.zeros(m), []
        s = initial.copy()
        for _ in range(m):
            nw = np.linalg.norm(W, axis=0)
            live = alive & (nw > 1e-9 * np.maximum(norms0, _TINY))
            if not live.any():
                rest = np.flatnonzero(alive)
                order.extend(rest[np.argsort(-initial[rest], kind="stable")])
                break
            cand = np.where(live, s, -np.inf)
            k = int(np.argmax(cand))
            scores[k], alive[k] = s[k], False
            order.append(k)
            q = W[:, k] / nw[k]
            W = W - np.outer(q, q @ W)
            W[:, k] = 0.0
            idx = np.flatnonzero(alive)
            s = np.full(m, -np.inf)
            s[idx] = relief_k_scores(W[:, idx], hits, misses)
        return scores, np.asarray(order, dtype=np.intp)


# --------------------------------------------------------------------------- SVM wrappers


def _fit_dual(K, y_pm, C, max_iter):
    """libsvm on a precomputed kernel; returns ``(sv, beta, b, converged)`` with
    ``beta = alpha * y`` and the bias ``b`` (``f(x) = sum beta K + b``, > 0 for class +1)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        svm = PrecomputedSVC(SVC(C=C, tol=1e-3, max_iter=max_iter), y_pm).fit(K)
    sv, beta, b = svm.binary_dual()
    return sv, beta, b, svm.status == 0


class _PolyRFE(BaseRanker):
    """Backward elimination with an SVM of polynomial kernel ``(<x, x'> + 1)^degree``; one
    variable per SVM. The linear Gram matrix is downdated as variables go. libsvm stops after
    ``max_iter`` iterations (large ``C`` on non-separable data); ``n_unconverged_`` counts
    the SVMs stopped that way."""

    _allow_nan = False
    _binary_only = True
    refresh = 32          # recompute the Gram matrix from scratch every this many removals

    def __init__(self, degree: int = 1, C: float = 1.0, max_iter: int = 20_000,
                 n_features_to_select=None):
        self.degree = degree
        self.C = C
        self.max_iter = max_iter
        self.n_features_to_select = n_features_to_select

    def _criterion(self, X, G, sv, beta, y_pm, live, d):  # pragma: no cover - abstract
        raise NotImplementedError

    def _rank(self, X, y):
        d = _check_degree(self.degree)
        if not self.C > 0:
            raise ValueError(f"C must be positive, got {self.C!r}")
        y_pm = _pm1(y)
        n, m = X.shape
        live = list(range(m))
        G = X @ X.T
        removed, crit_at_removal = [], np.zeros(m)
        self.n_unconverged_ = self.n_iter_ = 0
        while len(live) > 1:
            self.n_iter_ += 1
            sv, beta, _, ok = _fit_dual((G + 1.0) ** d, y_pm, self.C, self.max_iter)
            self.n_unconverged_ += not ok
            crit = self._criterion(X[:, live], G, sv, beta, y_pm, d)
            pos = self._worst(crit)
            i = live.pop(pos)
            removed.append(i)
            crit_at_removal[i] = crit[pos]
            if len(removed) % self.refresh == 0:
                G = X[:, live] @ X[:, live].T
            else:
                G = G - np.outer(X[:, i], X[:, i])
        removed.extend(live)
        order = np.asarray(removed[::-1], dtype=np.intp)
        scores = np.empty(m)
        scores[order] = np.arange(m, 0, -1, dtype=float)     # position-based, consistent
        self.criterion_at_removal_ = crit_at_removal
        return scores, order


_POLY_RFE_SECTIONS = """
    Parameters
    ----------
    degree : int, default 1
        Degree of the kernel ``(<x, x'> + 1)^degree``.
    C : float, default 1.0
        Chosen per experiment from {1e-2, 1, 1e2, 1e5} (Sec. 4.3): the experiment module
        runs each and keeps the best; the class takes one ``C``.
    max_iter : int, default 20000
        libsvm iteration limit per SVM.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Binary problems only. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        p − position + 1.
    ranking_, top_features_ : the rank vector (1 = best) and the order.
    criterion_at_removal_ : ndarray of shape (n_features,)
        Each variable's criterion when it was removed.
    n_unconverged_ : int
        SVMs stopped by ``max_iter``.
    n_iter_ : int
        SVMs trained (one per removed variable).
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import {name}
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = {name}(n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
"""  # the numpydoc sections RM and DM share; {name}: the class


class RakotomamonjyRFE(_PolyRFE):
    """RM (Rakotomamonjy 2003; Quevedo 2007, Eq. 3): remove, after each SVM, the variable with
    the smallest ``|d ||w||^2 / d s_i|`` at ``s = 1``, where ``K(s*x, s*x')`` scales the
    inputs. For ``(<x, x'> + 1)^d`` this is
    ``|2 d sum_{k,j} beta_k beta_j (<x_k, x_j> + 1)^(d-1) x_ki x_ji|``. Degree 1 is linear
    RFE (Guyon et al. 2002). Ties remove the higher index first.
    """

    def _criterion(self, Xl, G, sv, beta, y_pm, d):
        Xs = Xl[sv]
        B = np.outer(beta, beta) * (G[np.ix_(sv, sv)] + 1.0) ** (d - 1)
        return np.abs(2 * d * np.einsum("ki,ki->i", B @ Xs, Xs))

    @staticmethod
    def _worst(crit):
        return int(np.flatnonzero(crit == crit.min())[-1])


class DegroeveRFE(_PolyRFE):
    """DM (Degroeve et al. 2002; Quevedo 2007, Eq. 4): after each SVM, for every remaining
    variable ``i``, ``R(i) = sum_k y_k sum_j alpha_j y_j K(x_j^(i), x_k^(i))`` where ``x^(i)``
    has variable ``i`` replaced by its training mean (``k`` over all training examples, ``j``
    over the support vectors, no bias, as Eq. 4); the variable with the *highest* ``R`` (least
    loss) is removed. Computed for all ``i`` at once by the binomial expansion of
    ``(G_jk + 1 + mu_i^2 - x_ji x_ki)^d`` (matrix products only). Ties remove the higher
    index first.
    """

    def _criterion(self, Xl, G, sv, beta, y_pm, d):
        return degroeve_criterion(Xl, G, sv, beta, y_pm, d)

    @staticmethod
    def _worst(crit):
        return int(np.flatnonzero(crit == crit.max())[-1])


for _cls in (RakotomamonjyRFE, DegroeveRFE):
    _cls.__doc__ += _POLY_RFE_SECTIONS.replace("{name}", _cls.__name__)


def degroeve_criterion(X, G, sv, beta, y_pm, d):
    """Eq. (4) of Quevedo 2007 for every column of ``X`` (``G = X X^T``); see DegroeveRFE."""
    mu2 = X.mean(axis=0) ** 2
    A = G[sv] + 1.0                                   # (s, n)
    Xs = X[sv]
    out = np.zeros(X.shape[1])
    for t in range(d + 1):
        At = A ** (d - t)
        for s in range(t + 1):
            coef = comb(d, t) * comb(t, s) * (-1.0) ** s * mu2 ** (t - s)
            Z = At @ (y_pm[:, None] * X ** s)         # (s_sv, m)
            out += coef * np.einsum("ji,ji->i", beta[:, None] * Xs ** s, Z)
    return out


# --------------------------------------------------------------------------- R2W2


def _project_simplex(v):
    """Euclidean projection of ``v`` onto the probability simplex (Duchi et al. 2008)."""
    u = np.sort(v)[::-1]
    css = np.cumsum(u) - 1.0
    k = np.flatnonzero(u - css / np.arange(1, v.size + 1) > 0)[-1]
    return np.maximum(v - css[k] / (k + 1), 0.0)


def radius_squared(K, n_iter: int = 300):
    """``R^2`` of the smallest ball enclosing the images of the examples in feature space:
    ``max_g sum g_i K_ii - g^T K g`` over the simplex (accelerated projected gradient).
    Returns ``(R2, g)``."""
    n = K.shape[0]
    diag = np.diag(K).copy()
    L = 2.0 * max(np.linalg.eigvalsh(K)[-1], _TINY)
    g = z = np.full(n, 1.0 / n)
    t = 1.0
    for _ in range(n_iter):
        g_new = _project_simplex(z + (diag - 2.0 * K @ z) / L)
        t_new = 0.5 * (1 + np.sqrt(1 + 4 * t * t))
        z = g_new + (t - 1) / t_new * (g_new - g)
        g, t = g_new, t_new
    return float(g @ diag - g @ K @ g), g


class R2W2(BaseRanker):
    """R^2 W^2 (Weston et al. 2001; Quevedo 2007, Eqs. 5-6): scaling factors ``s`` of the
    inputs, ``K_s(x, x') = (<s*x, s*x'> + 1)^degree``, found by gradient descent on the
    radius-margin bound ``R^2 ||w||^2``; variables are ranked by their final ``s``.

    Each iteration trains the SVM (hard margin by default, ``C = inf``; a finite ``C`` uses
    the 2-norm soft margin ``K + I/C``, as Chapelle et al. 2002), solves the enclosing-ball
    problem for ``R^2`` and takes the analytic gradient (envelope theorem):
    ``d||w||^2/ds_k = -sum beta_i beta_j dK_ij/ds_k``,
    ``dR^2/ds_k = sum g_i dK_ii/ds_k - sum g_i g_j dK_ij/ds_k``, with
    ``dK_ij/ds_k = 2 d s_k x_ik x_jk (<s*x_i, s*x_j> + 1)^(d-1)``.
    Open choices (Spider's defaults were not available): ``s`` starts at 1; each step moves
    ``s`` by ``-step * grad / max|grad|`` and clips at 0; ``n_iter`` steps. Ties (variables
    driven to 0) are broken by how late they reached 0, then by index.

    Parameters
    ----------
    degree : int, default 1
    C : float, default inf
        Hard margin; finite = 2-norm soft margin.
    n_iter : int, default 30
        Gradient steps.
    step : float, default 0.1
        Largest move of a scaling factor per step.
    max_iter : int, default 20000
        libsvm iteration limit per SVM.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Binary problems only. Features are numeric without missing values; a DataFrame with ``category`` columns is
    refused.

    Attributes
    ----------
    scores_, scaling_ : ndarray of shape (n_features,)
        The final scaling factors.
    ranking_, top_features_ : the rank vector (1 = best) and the order.
    bound_ : list of float
        ``R^2 W^2`` at each iteration.
    n_iter_ : int
        Gradient iterations run.
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import R2W2
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = R2W2(n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
    """

    _allow_nan = False
    _binary_only = True

    def __init__(self, degree: int = 1, C: float = np.inf, n_iter: int = 30, step: float = 0.1,
                 max_iter: int = 20_000, n_features_to_select=None):
        self.degree = degree
        self.C = C
        self.n_iter = n_iter
        self.step = step
        self.max_iter = max_iter
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        d = _check_degree(self.degree)
        if not self.C > 0:
            raise ValueError(f"C must be positive, got {self.C!r}")
        y_pm = _pm1(y)
        n, m = X.shape
        s = np.ones(m)
        self.n_iter_ = 0
        zero_at = np.full(m, self.n_iter + 1)
        X2 = X ** 2
        self.bound_ = []
        for it in range(self.n_iter):
            self.n_iter_ = it + 1
            G = (X * s) @ (X * s).T + 1.0
            K = G ** d
            K[np.diag_indices(n)] += (1.0 / self.C if np.isfinite(self.C) else 0.0) + \
                1e-10 * np.mean(np.diag(K))
            sv, beta, _, _ = _fit_dual(K, y_pm, 1e8, self.max_iter)
            W2 = float(beta @ K[np.ix_(sv, sv)] @ beta)
            R2, g = radius_squared(K)
            self.bound_.append(R2 * W2)
            K1 = G ** (d - 1)
            Xs = X[sv]
            B = np.outer(beta, beta) * K1[np.ix_(sv, sv)]
            dW = -np.einsum("ki,ki->i", B @ Xs, Xs)
            Gm = np.outer(g, g) * K1
            dR = (g * np.diag(K1)) @ X2 - np.einsum("ki,ki->i", Gm @ X, X)
            grad = 2 * d * s * (R2 * dW + W2 * dR)
            top = np.abs(grad).max()
            if top <= 0:
                break
            s = np.maximum(s - self.step * grad / top, 0.0)
            zero_at[(s == 0) & (zero_at > self.n_iter)] = it
        self.scaling_ = s
        order = np.lexsort((np.arange(m), -zero_at, -s))
        return s.copy(), order


# --------------------------------------------------------------------------- FCBF


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

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import FCBF
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = FCBF(n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
    """

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
