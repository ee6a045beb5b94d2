"""Margin-based rankers with a polynomial-kernel SVM, the rivals of the SPE-ranker in Quevedo,
Bahamonde & Luaces (2007), Sec. 2.2:

* :class:`RakotomamonjyRFE` (RM, Eq. 3), :class:`DegroeveRFE` (DM, Eq. 4): nonlinear SVM-RFE
  with a polynomial kernel, one variable removed per SVM;
* :class:`R2W2`: Weston et al. (2001): scaling factors found by gradient descent on the
  radius-margin bound R^2 W^2 (Eq. 6).

All kernels are ``K(x, x') = (<x, x'> + 1)^degree`` on the inputs as given; the SVMs are
libsvm's on the precomputed kernel (:class:`featrank._libsvm.PrecomputedSVC`), the Gram
matrices are downdated as variables go. Settings the paper leaves open are chosen and
documented in each class.
"""
from __future__ import annotations

import warnings
from math import comb
from numbers import Integral, Real

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC
from sklearn.utils._param_validation import Interval, StrOptions

from .._libsvm import PrecomputedSVC
from ..orders import scores_from_order
from ._rfe import RFE_PARAMETER_CONSTRAINTS, eliminate
from .base import DEGREE, BaseRanker, binary_pm1, top_feature_example

_TINY = 1e-12


def _fit_dual(K, y_pm, C, max_iter, tol=1e-3):
    """libsvm on a precomputed kernel; returns ``(sv, beta, b, converged)`` with
    ``beta = alpha * y`` and the bias ``b`` (``f(x) = sum beta K + b``, > 0 for class +1).
    libsvm's warning on hitting ``max_iter`` is silenced: callers count ``converged``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        svm = PrecomputedSVC(SVC(C=C, tol=tol, max_iter=max_iter), y_pm).fit(K)
    sv, beta, b = svm.binary_dual()
    return sv, beta, b, svm.status == 0


class _PolyRFE(BaseRanker):
    """Backward elimination (:func:`._rfe.eliminate`) with an SVM of polynomial kernel
    ``(<x, x'> + 1)^degree``; one variable per SVM. The linear Gram matrix is downdated as
    variables go. libsvm stops after ``max_iter`` iterations (large ``C`` on non-separable
    data); ``n_unconverged_`` counts the SVMs stopped that way. A subclass gives the
    criterion and ``_sign``: +1 removes the variable of smallest criterion, -1 the largest."""

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints, "degree": DEGREE,
        **{k: RFE_PARAMETER_CONSTRAINTS[k] for k in ("C", "max_iter")},
    }
    _allow_nan = False
    _binary_only = True
    _sign = 1
    refresh = 32          # recompute the Gram matrix from scratch every this many removals

    def __init__(self, degree: int = 1, C: float = 1.0, max_iter: int = 20_000,
                 n_features_to_select=None):
        self.degree = degree
        self.C = C
        self.max_iter = max_iter
        self.n_features_to_select = n_features_to_select

    def _criterion(self, X, G, sv, beta, y_pm, d):  # pragma: no cover - abstract
        raise NotImplementedError

    def _rank(self, X, y):
        d, y_pm, m = int(self.degree), binary_pm1(y), X.shape[1]
        gram = {"G": X @ X.T}
        self.n_unconverged_ = self.n_iter_ = 0

        def criterion(live):
            self.n_iter_ += 1
            sv, beta, _, ok = _fit_dual((gram["G"] + 1.0) ** d, y_pm, self.C, self.max_iter)
            self.n_unconverged_ += not ok
            return self._sign * self._criterion(X[:, live], gram["G"], sv, beta, y_pm, d)

        def on_remove(removed, live):
            if (m - live.size) % self.refresh == 0:
                gram["G"] = X[:, live] @ X[:, live].T
            else:
                gram["G"] = gram["G"] - np.outer(X[:, removed[0]], X[:, removed[0]])

        order, at_removal = eliminate(m, None, criterion, on_remove)
        self.criterion_at_removal_ = self._sign * at_removal + 0.0   # no -0.0
        return scores_from_order(order), order                 # position-based, consistent


#: the end of the Parameters section of every ranker here
_SVM_PARAMETERS = """    max_iter : int, default 20000
        libsvm iteration limit per SVM (-1: none).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Binary problems only. Features are numeric without missing values; a DataFrame with
    ``category`` columns is refused.
"""

_POLY_RFE_SECTIONS = """
    Parameters
    ----------
    degree : int, default 1
        Degree of the kernel ``(<x, x'> + 1)^degree``.
    C : float, default 1.0
        Chosen per experiment from {1e-2, 1, 1e2, 1e5} (Sec. 4.3): the experiment module
        runs each and keeps the best; the class takes one ``C``.
""" + _SVM_PARAMETERS + """
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
"""  # the numpydoc sections RM and DM share


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


class DegroeveRFE(_PolyRFE):
    """DM (Degroeve et al. 2002; Quevedo 2007, Eq. 4): after each SVM, for every remaining
    variable ``i``, ``R(i) = sum_k y_k sum_j alpha_j y_j K(x_j^(i), x_k^(i))`` where ``x^(i)``
    has variable ``i`` replaced by its training mean (``k`` over all training examples, ``j``
    over the support vectors, no bias, as Eq. 4); the variable with the *highest* ``R`` (least
    loss) is removed. Computed for all ``i`` at once by the binomial expansion of
    ``(G_jk + 1 + mu_i^2 - x_ji x_ki)^d`` (matrix products only). Ties remove the higher
    index first.
    """

    _sign = -1

    def _criterion(self, Xl, G, sv, beta, y_pm, d):
        return degroeve_criterion(Xl, G, sv, beta, y_pm, d)


for _cls in (RakotomamonjyRFE, DegroeveRFE):
    _cls.__doc__ += _POLY_RFE_SECTIONS + top_feature_example(_cls.__name__)


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


def variance_squared(K):
    """The variance of the examples' images in feature space, ``mean K_ii - mean K_ij``:
    the estimate Spider's ``r2w2_sel`` uses in place of ``R^2`` by default (``use_var2``);
    :func:`radius_squared` with the weights fixed at ``1/n``. Returns ``(var, g)``.

    >>> variance_squared(np.array([[2.0, 0.0], [0.0, 2.0]]))[0]
    1.0
    """
    n = K.shape[0]
    g = np.full(n, 1.0 / n)
    return float(g @ np.diag(K) - g @ K @ g), g


def r2w2_bound(X, y_pm, s, d, C, radius=radius_squared, max_iter=20_000, tol=1e-3):
    """The radius-margin bound ``R^2 ||w||^2`` of the SVM with kernel
    ``(<s*x, s*x'> + 1)^d`` (plus ``I / C`` for a finite ``C``: the 2-norm soft margin) and
    its analytic gradient in ``s`` (envelope theorem; see :class:`R2W2`). ``radius`` is
    :func:`radius_squared` or :func:`variance_squared`. Returns ``(bound, grad, converged)``,
    ``converged`` being libsvm's flag for the hard-margin SVM (``C = 1e8``) on that kernel."""
    n = X.shape[0]
    G = (X * s) @ (X * s).T + 1.0
    K = G ** d
    K[np.diag_indices(n)] += (1.0 / C if np.isfinite(C) else 0.0) + 1e-10 * np.mean(np.diag(K))
    sv, beta, _, ok = _fit_dual(K, y_pm, 1e8, max_iter, tol)
    W2 = float(beta @ K[np.ix_(sv, sv)] @ beta)
    R2, g = radius(K)
    K1 = G ** (d - 1)
    Xs = X[sv]
    B = np.outer(beta, beta) * K1[np.ix_(sv, sv)]
    dW = -np.einsum("ki,ki->i", B @ Xs, Xs)
    Gm = np.outer(g, g) * K1
    dR = (g * np.diag(K1)) @ X ** 2 - np.einsum("ki,ki->i", Gm @ X, X)
    return R2 * W2, 2 * d * s * (R2 * dW + W2 * dR), ok


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
    (:func:`r2w2_bound`). Open choices: ``s`` starts at 1; each step moves ``s`` by
    ``-step * grad / max|grad|`` and clips at 0; ``n_iter`` steps. Ties (variables driven
    to 0) are broken by how late they reached 0, then by index. Spider's ``r2w2_sel`` (the
    paper's implementation, public in the Spider toolbox) defaults to at most 100
    quasi-Newton iterations (MATLAB's ``fminunc`` with a line search, stopping at a change
    below 1e-4), a hard margin, and the variance in feature space in place of ``R^2``
    (``use_var2``; here ``radius="variance"``); it ranks by ``|s|``.

    Parameters
    ----------
    degree : int, default 1
    C : float, default inf
        Hard margin; finite = 2-norm soft margin.
    n_iter : int, default 30
        Gradient steps.
    step : float, default 0.1
        Largest move of a scaling factor per step.
    radius : {"ball", "variance"}, default "ball"
        ``R^2`` as the smallest enclosing ball (Weston et al.) or the variance in feature
        space (Spider's default).
    normalize : bool, default False
        Divide the inputs by the root mean squared norm of the examples, so that the linear
        kernel has mean diagonal 1 (unnormalised, ``(<x, x'> + 1)^degree`` on m uniform
        inputs is dominated by its diagonal, about ``(m / 3 + 1)^degree``).
{svm_parameters}
    Attributes
    ----------
    scores_, scaling_ : ndarray of shape (n_features,)
        The final scaling factors.
    ranking_, top_features_ : the rank vector (1 = best) and the order.
    bound_ : list of float
        ``R^2 W^2`` at each iteration.
    n_iter_ : int
        Gradient iterations run (one SVM each).
    n_unconverged_ : int
        SVMs stopped by ``max_iter`` (libsvm's flag).
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints, "degree": DEGREE,
        "C": [Interval(Real, 0, np.inf, closed="right")],  # inf: hard margin
        "n_iter": [Interval(Integral, 1, None, closed="left")],
        "step": [Interval(Real, 0, None, closed="neither")],
        "radius": [StrOptions({"ball", "variance"})],
        "normalize": ["boolean"],
        "max_iter": RFE_PARAMETER_CONSTRAINTS["max_iter"],
    }
    _allow_nan = False
    _binary_only = True

    def __init__(self, degree: int = 1, C: float = np.inf, n_iter: int = 30, step: float = 0.1,
                 radius: str = "ball", normalize: bool = False, max_iter: int = 20_000,
                 n_features_to_select=None):
        self.degree = degree
        self.C = C
        self.n_iter = n_iter
        self.step = step
        self.radius = radius
        self.normalize = normalize
        self.max_iter = max_iter
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        d = int(self.degree)
        radii = {"ball": radius_squared, "variance": variance_squared}
        y_pm = binary_pm1(y)
        n, m = X.shape
        s = np.ones(m)
        self.n_iter_ = 0
        zero_at = np.full(m, self.n_iter + 1)
        if self.normalize:
            X = X / np.sqrt(max(np.mean(np.einsum("ij,ij->i", X, X)), _TINY))
        self.bound_ = []
        self.n_unconverged_ = 0
        for it in range(self.n_iter):
            self.n_iter_ = it + 1
            bound, grad, ok = r2w2_bound(X, y_pm, s, d, self.C, radii[self.radius],
                                         self.max_iter)
            self.n_unconverged_ += not ok
            self.bound_.append(bound)
            top = np.abs(grad).max()
            if top <= 0:
                break
            s = np.maximum(s - self.step * grad / top, 0.0)
            zero_at[(s == 0) & (zero_at > self.n_iter)] = it
        self.scaling_ = s
        order = np.lexsort((np.arange(m), -zero_at, -s))
        return s.copy(), order


R2W2.__doc__ = R2W2.__doc__.replace("{svm_parameters}", _SVM_PARAMETERS) + \
    top_feature_example("R2W2")
