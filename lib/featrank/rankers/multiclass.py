"""Multiclass SVM-RFE: decomposition + list combination (Izetta, Verdes & Granitto 2017) and
the MSVM-RFE baselines of Zhou & Tuck (2007).

* :class:`MulticlassSVMRFE` — Izetta 2017, Sec. 2: split the c-class problem into binary ones
  (OVO: c(c−1)/2, OVA: c), run a linear SVM-RFE on each (``featrank.rankers.svmrfe``; their
  Sec. 3.1 schedule: 10 % of the remaining features per step until fewer than 20 remain, then
  one at a time), keep the per-problem orders (the lists of their Table 1, ``orders_``) and
  combine them with one of the six combiners of ``featrank.aggregate`` (``COMBINERS``).
* :class:`ZhouMSVMRFE` — one joint RFE whose criterion at each step comes from all classes at
  once: ``method="ovo"`` averages ``|w_ij|`` over the OVO binary SVMs (Izetta's "Average",
  what libraries do by default, called "Zhou OVO" in their Sec. 4); ``"cs"`` uses the
  Crammer–Singer multiclass SVM (scikit-learn's ``LinearSVC(multi_class="crammer_singer")``)
  and ``"ww"`` the Weston–Watkins one (:func:`weston_watkins_svm`, our dual coordinate-ascent
  solver — no maintained Python library offers it), both ranked by ``sum_k w_ki**2``
  (Guyon's criterion summed over the class weight vectors).

Neither paper gives the SVM's C for the rankings; we use ``C = 0.1`` on standardised
features (the R/e1071 default scaling) and say so in the notebook.
"""
from __future__ import annotations

import warnings
from numbers import Integral

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import LinearSVC
from sklearn.utils._param_validation import Interval, StrOptions

from ..orders import scores_from_order
from ._rfe import RFE_PARAMETER_CONSTRAINTS, ScheduleParams, eliminate
from .base import BaseRanker
from .svmrfe import DECOMPOSITIONS, _dual_weights, binary_problems, rfe_orders, scale_features


def _check_combiner(combiner):
    """Refuse a missing combiner with a hint. The constraints admit ``None`` (the default:
    not given) so that it gets this message, which says where to find a combiner; theirs
    would only name the type."""
    if not callable(combiner):
        raise ValueError(
            f"combiner must be a function f(orders, **params) -> order, got {combiner!r}; "
            "pass e.g. featrank.aggregate.k_first (paper names: "
            "featrank.aggregate.get_combiner('K-First'))")


class MulticlassSVMRFE(ScheduleParams, BaseRanker):
    """Multiclass SVM-RFE by binary decomposition and list combination (Izetta 2017).

    Parameters
    ----------
    decomposition : {"ovo", "ova"}, default "ovo"
        c(c−1)/2 lists (the paper's default) or c lists.
    combiner : callable
        The list combination ``f(orders, **params) -> order``, e.g.
        :func:`featrank.aggregate.k_first` (Izetta's six: ``featrank.aggregate.COMBINERS``,
        :func:`featrank.aggregate.get_combiner`). Required: rankers come before
        aggregation in the pipeline, so the ranker is handed the function.
    combiner_params : dict or None, default None
        Its keyword arguments (e.g. ``{"k": 0.1}`` for K-First, ``{"ties": "min_sd"}``).
    C, step, threshold, final_step, schedule, scaling, tol :
        Of each binary SVM-RFE (defaults: Izetta's Sec. 3.1 schedule, standardised
        features); see :class:`~featrank.rankers.svmrfe.SVMRFE`.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Features are numeric; a DataFrame with ``category`` columns is refused.

    Attributes
    ----------
    orders_ : ndarray of shape (n_problems, n_features)
        The per-problem orders.
    problems_ : list of str
        Their names.
    scores_, ranking_, top_features_ : of the combined order (scores p − position + 1).
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    ``recombine`` applies another combiner to the stored lists without refitting.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.aggregate import k_first
    >>> from featrank.rankers import MulticlassSVMRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = np.digitize(X[:, 1], [-0.5, 0.5])        # three classes from feature 1
    >>> r = MulticlassSVMRFE(combiner=k_first, step=1, threshold=0).fit(X, y)
    >>> r.orders_.shape, int(r.top_features_[0])
    ((3, 4), 1)
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints,
        # no max_iter: the binary SVMs run libsvm to convergence
        **{k: v for k, v in RFE_PARAMETER_CONSTRAINTS.items() if k != "max_iter"},
        "decomposition": DECOMPOSITIONS,
        "combiner": [callable, None],  # required: None is refused in fit, with a hint
        "combiner_params": [dict, None],
    }

    def __init__(self, decomposition="ovo", combiner=None, combiner_params=None, C=0.1,
                 step=0.1, threshold=20, final_step=1, schedule="izetta", scaling="standard",
                 tol=1e-3, n_features_to_select=None):
        self.decomposition = decomposition
        self.combiner = combiner
        self.combiner_params = combiner_params
        self.C = C
        self.step = step
        self.threshold = threshold
        self.final_step = final_step
        self.schedule = schedule
        self.scaling = scaling
        self.tol = tol
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        _check_combiner(self.combiner)  # before the RFE, not after it
        Xs = scale_features(X, self.scaling)
        self.orders_, self.problems_ = rfe_orders(Xs, y, self.decomposition, C=self.C,
                                                  schedule=self._schedule(X.shape[1]),
                                                  tol=self.tol)
        order = self.recombine(self.combiner, **(self.combiner_params or {}))
        return scores_from_order(order), order

    def recombine(self, combiner, **params) -> np.ndarray:
        """The combined order of the fitted lists under another combiner (a function
        ``f(orders, **params) -> order``)."""
        _check_combiner(combiner)
        return np.asarray(combiner(self.orders_, **params), dtype=np.intp)


class ZhouMSVMRFE(ScheduleParams, BaseRanker):
    """MSVM-RFE of Zhou & Tuck (2007) as Izetta 2017 (Sec. 4) ran it: one joint RFE over
    all classes.

    Parameters
    ----------
    method : {"ovo", "cs", "ww"}, default "ovo"
        "Zhou OVO" (averaged ``|w|`` over the OVO SVMs), Crammer–Singer or Weston–Watkins.
    C, step, threshold, final_step, schedule, scaling, tol :
        As :class:`MulticlassSVMRFE`.
    max_iter : int >= 1, default 2000
        Iteration limit of the C&S and W&W solvers.
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).
    random_state : int, RandomState instance or None, default 0
        Seeds the order in which the C&S and W&W solvers visit the samples.

    Features are numeric; a DataFrame with ``category`` columns is refused.

    Attributes
    ----------
    scores_, ranking_, top_features_ : scores p − position + 1, rank vector and order.
    n_iter_ : int
        Elimination steps (joint criteria computed).
    classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import ZhouMSVMRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = np.digitize(X[:, 1], [-0.5, 0.5])
    >>> int(ZhouMSVMRFE(method="ww", step=1, threshold=0).fit(X, y).top_features_[0])
    1
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints, **RFE_PARAMETER_CONSTRAINTS,
        "method": [StrOptions({"ovo", "cs", "ww"})],
        # not libsvm's: the epochs of the C&S and W&W solvers, so no -1 (= no limit)
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, method="ovo", C=0.1, step=0.1, threshold=20, final_step=1,
                 schedule="izetta", scaling="standard", tol=1e-3, max_iter=2000,
                 n_features_to_select=None, random_state=0):
        self.method = method
        self.C = C
        self.step = step
        self.threshold = threshold
        self.final_step = final_step
        self.schedule = schedule
        self.scaling = scaling
        self.tol = tol
        self.max_iter = max_iter
        self.n_features_to_select = n_features_to_select
        self.random_state = random_state

    def _rank(self, X, y):
        Xs = scale_features(X, self.scaling)
        sched = self._schedule(X.shape[1])
        self.n_iter_ = len(sched)
        seed = self.random_state
        if self.method == "ovo":
            order = _zhou_ovo(Xs, y, self.C, sched, self.tol)
        elif self.method == "cs":
            order = _zhou_cs(Xs, y, self.C, sched, self.tol, self.max_iter, seed)
        else:  # "ww" (the constraints admit no other)
            order = _zhou_ww(Xs, y, self.C, sched, self.tol, self.max_iter, seed)
        return scores_from_order(order), order


def _zhou_ovo(X, y, C, schedule, tol):
    """Joint RFE on the mean |w| of all OVO SVMs; one Gram matrix of all samples, downdated
    as features go (every binary problem sees the same features)."""
    problems = binary_problems(y, "ovo")
    Xt = np.ascontiguousarray(X.T)
    state = {"K": X @ X.T}

    def criterion(alive):
        K, total = state["K"], np.zeros(alive.size)
        for _, idx, yb in problems:
            beta = _dual_weights(K[np.ix_(idx, idx)], yb.astype(float), C, tol, -1)
            total += np.abs(Xt[alive][:, idx] @ beta)
        return total / len(problems)

    def on_remove(removed, alive):
        R = Xt[removed]
        state["K"] = state["K"] - R.T @ R

    return eliminate(X.shape[1], schedule, criterion, on_remove)[0]


def _zhou_cs(X, y, C, schedule, tol, max_iter, random_state):
    def criterion(alive):
        svm = LinearSVC(multi_class="crammer_singer", C=C, tol=tol, max_iter=max_iter,
                        random_state=random_state)
        W = svm.fit(X[:, alive], y).coef_
        return (W ** 2).sum(axis=0)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return eliminate(X.shape[1], schedule, criterion)[0]


def _zhou_ww(X, y, C, schedule, tol, max_iter, random_state):
    state = {"alpha": None}

    def criterion(alive):
        W, state["alpha"] = weston_watkins_svm(X[:, alive], y, C=C, tol=tol,
                                               max_epochs=max_iter, alpha0=state["alpha"],
                                               random_state=random_state)
        return (W[:, :-1] ** 2).sum(axis=0)

    return eliminate(X.shape[1], schedule, criterion)[0]


def weston_watkins_svm(X, y, C=1.0, tol=1e-3, max_epochs=1000, alpha0=None, random_state=0):
    """Linear Weston–Watkins multiclass SVM (Weston & Watkins 1999) by dual coordinate ascent.

    Primal: ``min ½ Σ_m ||w_m||² + C Σ_i Σ_{k≠y_i} max(0, 1 − (w_{y_i} − w_k)·x_i)`` with the
    bias as a constant extra feature (regularised, as liblinear does). Dual: maximise
    ``Σ α_ik − ½ Σ_m ||w_m||²`` over ``0 ≤ α_ik ≤ C`` with
    ``w_m = Σ_i (1[y_i = m] Σ_k α_ik − α_im) x_i``; coordinate ``α_ik`` has gradient
    ``1 − (w_{y_i} − w_k)·x_i`` and curvature ``2||x_i||²``. Stops when the largest projected
    gradient is below ``tol``. ``alpha0`` warm-starts (feasible for any feature subset).

    Returns ``(W (c, d + 1), alpha (n, c))``; the last column of ``W`` is the bias.
    """
    X = np.asarray(X, dtype=float)
    classes, yc = np.unique(y, return_inverse=True)
    n, c = X.shape[0], classes.size
    Xa = np.ascontiguousarray(np.hstack([X, np.ones((n, 1))]))
    alpha = np.zeros((n, c)) if alpha0 is None else np.array(alpha0, dtype=float)
    alpha[np.arange(n), yc] = 0.0
    A = -alpha.copy()
    A[np.arange(n), yc] = alpha.sum(axis=1)
    W = np.ascontiguousarray(A.T @ Xa)
    alpha = np.ascontiguousarray(alpha)
    _ww_epochs(Xa, yc.astype(np.int64), alpha, W, float(C), float(tol), int(max_epochs),
               np.random.default_rng(random_state).integers(0, 2**31 - 1))
    return W, alpha


def _ww_epochs(Xa, y, alpha, W, C, tol, max_epochs, seed):
    from ._ww import ww_dual_cd

    ww_dual_cd(Xa, y, alpha, W, C, tol, max_epochs, seed)
