"""SVM-RFE: recursive feature elimination with a linear SVM (Guyon et al. 2002).

At each iteration a linear soft-margin SVM (hinge loss, bias, box constraint C) is fitted on
the remaining features, every remaining feature is scored by the ranking criterion
``w_i**2`` (Guyon 2002, Sec. 4.1) and the ``k`` lowest are eliminated; the reverse order of
elimination is the ranking.

**Speed.** The SVM is solved in the dual on the linear Gram matrix ``K = X Xᵀ`` (n × n) with
libsvm (``SVC(kernel="precomputed")``), so a step costs O(n²) in the solver whatever the
number of features. When features ``S`` are eliminated the Gram matrix is *downdated*,
``K ← K − X_S X_Sᵀ`` (O(n²|S|)), and recomputed from the remaining columns whenever their
number has halved (to bound floating-point cancellation). The weights are recovered as
``w = Xᵀ(α∘y)``. Multiclass decompositions share one Gram matrix of all samples (OVA) or
index it (OVO). The solution is the one a plain refit ``SVC(kernel="linear")`` on the
remaining columns finds (same solver, same tolerance): ``rfe_order_plain`` is that
reference and the tests compare both.

**Elimination schedules** (:func:`elimination_schedule`, in :mod:`._rfe` with the
elimination loop every RFE ranker shares): ``schedule="weka"`` reproduces Weka 3.6's
``SVMAttributeEval`` (``step`` int: features per SVM, its -X; float: the fraction, its -Y;
``threshold``: its -Z; then ``final_step`` at a time). Weka's other defaults: C = 1.0, SMO
tolerance 1e-10, epsilon 1e-25, data normalised to [0, 1] (SMO's default filter); Slavkov
2018/2020 set C = 0.1 and epsilon 1e-12. ``schedule="izetta"`` is Sec. 3.1 of Izetta 2017.

**Multiclass** (``multiclass``): ``"ova"`` is Weka's: one SVM-RFE per class against the rest,
and the c class-wise orders are "dealt" into one — take the first feature of each class's
list in class order, then the second of each, ..., skipping features already placed.
``"ovo"`` does the same with the c(c−1)/2 pairwise problems. The per-problem orders are kept
in ``orders_``; ``featrank.rankers.multiclass`` combines them in other ways (Izetta 2017).

**Ties** (equal ``w_i**2``, e.g. constant features) eliminate the higher feature index first,
so the lower index ranks better (the project's convention; Weka's ``Utils.minIndex`` does the
opposite — only exact ties are affected).
"""
from __future__ import annotations

import numpy as np
from sklearn.svm import SVC
from sklearn.utils._param_validation import StrOptions, validate_params

from .._libsvm import PrecomputedSVC
from ..orders import scores_from_order
from ._rfe import RFE_PARAMETER_CONSTRAINTS, ScheduleParams, eliminate
from ._rfe import elimination_schedule  # noqa: F401  (imported from here by callers)
from .base import BaseRanker

DECOMPOSITIONS = [StrOptions({"ova", "ovo"})]
_NOMINAL = [StrOptions({"binarize", "error"})]


@validate_params({"scaling": RFE_PARAMETER_CONSTRAINTS["scaling"]},
                 prefer_skip_nested_validation=True)
def scale_features(X, scaling="minmax") -> np.ndarray:
    """Weka SMO's preprocessing: missing values -> column mean, then each column scaled to
    [0, 1] (``"minmax"``; constant columns -> 0), or standardised (``"standard"``), or left
    as is (``None``)."""
    X = np.array(X, dtype=float)
    miss = np.isnan(X)
    if miss.any():
        counts = (~miss).sum(0)
        means = np.where(miss, 0.0, X).sum(0) / np.maximum(counts, 1)
        X = np.where(miss, means, X)
    if scaling == "minmax":
        lo, span = X.min(0), np.ptp(X, axis=0)
        X = np.where(span > 0, (X - lo) / np.where(span > 0, span, 1.0), 0.0)
    elif scaling == "standard":
        sd = X.std(0)
        X = np.where(sd > 0, (X - X.mean(0)) / np.where(sd > 0, sd, 1.0), 0.0)
    return X


def _dual_weights(K, y, C, tol, max_iter) -> np.ndarray:
    """Solve the C-SVM dual on the precomputed Gram ``K`` with libsvm
    (:class:`featrank._libsvm.PrecomputedSVC`: ``SVC.fit``'s checks cost more than the solve
    on small Gram matrices) and return ``beta = α∘y`` (length n, libsvm's signs), so that
    ``w = Xᵀ beta``. ``y`` holds 0/1 labels."""
    svm = PrecomputedSVC(SVC(C=C, tol=tol, max_iter=max_iter), y).fit(K)
    beta = np.zeros(K.shape[0])
    beta[svm.support] = svm.dual_coef[0]
    return beta


def _groups(groups, m):
    g = np.arange(m) if groups is None else np.asarray(groups, dtype=np.intp)
    if g.shape != (m,) or (m and (g.min() < 0 or np.unique(g).size != g.max() + 1)):
        raise ValueError("groups must map every column to a feature id 0..F-1, each used")
    return g, (int(g.max()) + 1 if m else 0)


class _LinearGram:
    """The Gram matrix ``X Xᵀ`` of the columns of the remaining features: downdated as
    features leave, recomputed from the remaining columns once their number has halved."""

    def __init__(self, X, col_feat, n_features, K=None):
        self.Xt = np.ascontiguousarray(X.T)              # rows = columns of X
        self.col_feat = col_feat
        self.col_alive = np.ones(X.shape[1], dtype=bool)
        self.feat_alive = np.ones(n_features, dtype=bool)
        self.K = self.Xt.T @ self.Xt if K is None else np.array(K, dtype=float)
        self.n_cols = self.n_at_gram = X.shape[1]

    def remove(self, features, alive):
        self.feat_alive[features] = False
        gone = np.flatnonzero(self.col_alive & ~self.feat_alive[self.col_feat])
        self.col_alive[gone] = False
        self.n_cols -= gone.size
        if 2 * self.n_cols <= self.n_at_gram:             # compact and recompute K exactly
            self.Xt, self.col_feat = self.Xt[self.col_alive], self.col_feat[self.col_alive]
            self.col_alive = np.ones(self.n_cols, dtype=bool)
            self.K, self.n_at_gram = self.Xt.T @ self.Xt, self.n_cols
        elif gone.size:                                   # downdate: K -= X_S X_Sᵀ
            R = self.Xt[gone]
            self.K -= R.T @ R


def rfe_order(X, y, C=1.0, schedule=None, tol=1e-3, K=None, max_iter=-1,
              groups=None) -> np.ndarray:
    """Binary linear SVM-RFE order (best first) of the features of ``X`` for labels ``y``
    (two values), eliminating ``schedule[t]`` features at iteration t (default: one at a time).

    ``groups[j]`` names the feature column j belongs to (one-hot columns of a nominal
    feature); a feature's criterion is the sum of ``w**2`` over its columns and it leaves
    with all of them. Default: one column per feature.

    Fast path: dual SVM on a downdated Gram matrix (module docstring). ``K`` may pass
    ``X @ X.T`` when the caller already has it.
    """
    X = np.asarray(X, dtype=float)
    if np.unique(y).size != 2:
        raise ValueError("rfe_order needs exactly two classes in y")
    col_feat, F = _groups(groups, X.shape[1])
    gram = _LinearGram(X, col_feat, F, K)
    y = (np.asarray(y) == np.unique(y)[1]).astype(np.float64)

    def criterion(alive):
        w = gram.Xt @ _dual_weights(gram.K, y, C, tol, max_iter)
        w2 = np.where(gram.col_alive, w * w, 0.0)
        return np.bincount(gram.col_feat, weights=w2, minlength=F)[alive]

    return eliminate(F, schedule, criterion, gram.remove)[0]


def rfe_order_plain(X, y, C=1.0, schedule=None, tol=1e-3, groups=None) -> np.ndarray:
    """Reference SVM-RFE: refit ``SVC(kernel="linear")`` on the remaining columns at every
    iteration (what e.g. scikit-learn's ``RFE`` does). Same schedule, groups and tie rule as
    ``rfe_order``; slow, for tests and benchmarks."""
    X = np.asarray(X, dtype=float)
    col_feat, F = _groups(groups, X.shape[1])

    def criterion(alive):
        cols = np.flatnonzero(np.isin(col_feat, alive))
        w2 = SVC(kernel="linear", C=C, tol=tol).fit(X[:, cols], y).coef_[0] ** 2
        return np.bincount(col_feat[cols], weights=w2, minlength=F)[alive]

    return eliminate(F, schedule, criterion)[0]


@validate_params({"nominal": _NOMINAL}, prefer_skip_nested_validation=True)
def encode_nominal(X, categorical=None, nominal="binarize"):
    """Weka SMO's handling of nominal features before the SVM: missing nominal values -> the
    mode; a binary nominal feature stays one 0/1 column; a feature with more than two values
    becomes one indicator column per value (NominalToBinary) when ``nominal="binarize"``, or
    raises as Weka's SVMAttributeEval does ("All nominal attributes must be binary!") when
    ``nominal="error"``. Returns ``(X_encoded, groups)`` (``groups[j]``: the feature of
    column j)."""
    X = np.asarray(X, dtype=float)
    p = X.shape[1]
    if categorical is None or not np.any(categorical):
        return X, None
    categorical = np.asarray(categorical, dtype=bool)
    if categorical.shape != (p,):
        raise ValueError(f"categorical must be a mask of {p} features, got shape {categorical.shape}")
    cols, groups = [], []
    for j in range(p):
        x = X[:, j]
        if not categorical[j]:
            cols.append(x[:, None]); groups.append(j)
            continue
        vals, counts = np.unique(x[~np.isnan(x)], return_counts=True)
        x = np.where(np.isnan(x), vals[np.argmax(counts)] if vals.size else 0.0, x)
        if vals.size <= 2:
            cols.append((x == vals[-1]).astype(float)[:, None] if vals.size else x[:, None])
            groups.append(j)
        elif nominal == "error":
            raise ValueError(f"feature {j} is nominal with {vals.size} values; SVM-RFE (as Weka's "
                             "SVMAttributeEval) needs binary nominal attributes")
        else:
            cols.append((x[:, None] == vals[None, :]).astype(float))
            groups.extend([j] * vals.size)
    return np.hstack(cols), np.asarray(groups, dtype=np.intp)


@validate_params({"scheme": DECOMPOSITIONS}, prefer_skip_nested_validation=True)
def binary_problems(y, scheme="ova"):
    """The binary problems of a multiclass decomposition of class codes ``y`` (0..c-1).

    Returns a list of ``(name, sample_indices, binary_labels)``: ``"ova"``: c problems, class
    j (label 1) against the rest (label 0); ``"ovo"``: c(c−1)/2 problems, class a (1) vs
    class b (0) for a < b, on their samples only. A two-class ``y`` gives one problem.
    """
    y = np.asarray(y)
    classes = np.unique(y)
    if classes.size < 2:
        raise ValueError("a decomposition needs at least two classes")
    if classes.size == 2:
        return [(f"{classes[1]}vs{classes[0]}", np.arange(y.size), (y == classes[1]).astype(int))]
    if scheme == "ova":
        return [(f"{a}vsRest", np.arange(y.size), (y == a).astype(int)) for a in classes]
    out = []  # "ovo"
    for i, a in enumerate(classes):
        for b in classes[i + 1:]:
            idx = np.flatnonzero((y == a) | (y == b))
            out.append((f"{a}vs{b}", idx, (y[idx] == a).astype(int)))
    return out


def rfe_orders(X, y, scheme="ova", C=1.0, schedule=None, tol=1e-3, max_iter=-1, groups=None):
    """One binary SVM-RFE order per problem of the decomposition (the lists of Table 1 of
    Izetta 2017). Returns ``(orders (M, p), problem names)``; the Gram matrix of all samples
    is computed once and shared."""
    X = np.asarray(X, dtype=float)
    problems = binary_problems(y, scheme)
    K_all = X @ X.T
    orders = [rfe_order(X[idx], yb, C=C, schedule=schedule, tol=tol, max_iter=max_iter,
                        K=K_all[np.ix_(idx, idx)], groups=groups) for _, idx, yb in problems]
    return np.vstack(orders), [name for name, _, _ in problems]


def deal_orders(orders) -> np.ndarray:
    """Weka's SVMAttributeEval merge of class-wise orders: the first feature of each list in
    turn, then the second of each, ..., skipping features already placed."""
    orders = np.asarray(orders)
    seq = orders.T.ravel()                     # position-major, list-minor
    _, first = np.unique(seq, return_index=True)
    return seq[np.sort(first)].astype(np.intp)


class SVMRFE(ScheduleParams, BaseRanker):
    """SVM-RFE ranker (Guyon et al. 2002), linear SVM, criterion ``w_i**2``.

    Parameters
    ----------
    C : float > 0, default 0.1
        SVM box constraint (Slavkov 2018/2020: 0.1; Weka's default 1.0).
    step : int >= 1 or float in (0, 1), default 1
        Features removed per iteration, or the fraction removed.
    threshold, final_step : int >= 0 and int >= 1, default 0 and 1
        The elimination rule (:func:`elimination_schedule`).
    schedule : {"weka", "izetta"}, default "weka"
        Weka 3.6 SVMAttributeEval, or Izetta 2017, Sec. 3.1 (``step=0.1, threshold=20,
        final_step=1``).
    multiclass : {"ova", "ovo"}, default "ova"
        Weka's one-vs-rest per class (orders dealt), or one-vs-one.
    scaling : {"minmax", "standard", None}, default "minmax"
        Weka SMO's [0, 1] normalisation, standardisation, or none.
    tol : float > 0, default 1e-3
        libsvm stopping tolerance.
    max_iter : int >= -1, default -1
        libsvm iteration limit (-1: none).
    categorical : None, bool mask, int category counts, or ``Dataset.categories``
        Nominal features (codes 0..k-1, NaN missing). ``None``: a DataFrame's ``category``
        columns are nominal, an array's columns numeric; given with such a DataFrame, it
        must agree. Numeric missing values -> mean.
    nominal : {"binarize", "error"}, default "binarize"
        How nominal features with more than two values are handled (:func:`encode_nominal`):
        one-hot, as Weka's SMO does (the feature's criterion is the sum of ``w**2`` over its
        indicators), or refused as Weka's SVMAttributeEval does (Slavkov 2018's Table 5 has
        missing SVM-RFE cells for that reason).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_ : ndarray
        p − position + 1, as Weka reports them.
    ranking_, top_features_ : the rank vector (1 = best) and the order.
    orders_ : ndarray of shape (n_problems, n_features)
        The order of each binary problem.
    problems_ : list of str
        Their names.
    n_iter_ : int
        Elimination steps (SVMs trained) per binary problem.
    categorical_, n_categories_, classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import SVMRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(30, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = SVMRFE(C=1.0, n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (30, 1))
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints, **RFE_PARAMETER_CONSTRAINTS,
        "multiclass": DECOMPOSITIONS,
        "categorical": [None, "array-like"],
        "nominal": _NOMINAL,
    }
    _nominal = True

    def __init__(self, C=0.1, step=1, threshold=0, final_step=1, schedule="weka",
                 multiclass="ova", scaling="minmax", tol=1e-3, max_iter=-1,
                 categorical=None, nominal="binarize", n_features_to_select=None):
        self.C = C
        self.step = step
        self.threshold = threshold
        self.final_step = final_step
        self.schedule = schedule
        self.multiclass = multiclass
        self.scaling = scaling
        self.tol = tol
        self.max_iter = max_iter
        self.categorical = categorical
        self.nominal = nominal
        self.n_features_to_select = n_features_to_select

    def _rank(self, X, y):
        Xe, groups = encode_nominal(X, self.categorical_, self.nominal)
        Xs = scale_features(Xe, self.scaling)
        sched = self._schedule(X.shape[1])
        self.orders_, self.problems_ = rfe_orders(Xs, y, self.multiclass, C=self.C,
                                                  schedule=sched, tol=self.tol,
                                                  max_iter=self.max_iter, groups=groups)
        self.n_iter_ = len(sched)
        order = deal_orders(self.orders_)
        return scores_from_order(order), order
