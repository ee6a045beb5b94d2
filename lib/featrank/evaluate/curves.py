"""Error curves: forward and reverse feature addition (FFA / RFA) and the expected curve of
a random ranking -- Algorithm 1 of Slavkov et al. (2020); the same machinery gives Prati's
(2012, Sec. V-B) performance curves (FFA with any measure, rankings learnt per fold).

FFA at size ``s``: a model on the top-``s`` features of the order, RFA at size ``s``: on the
bottom-``s`` features. Each point is estimated by (repeated) stratified k-fold CV; the paper
uses 10 x 10-fold. Plotted as the paper does (Fig. 1), the FFA point of size ``s`` sits at
x = s and the RFA point of size ``s`` at x = p - s + 1 (the position of the feature that
entered last), so the RFA curve is read from right to left (:attr:`Curves.x_rfa`).

Speed (issue 8): the models are not refitted from raw data at each point where the learner
allows reuse. For Weka IBk (:class:`featrank.learners.WekaIBk`) each fold keeps the squared
distances test x train and adds each new feature's term (identical sums to a refit on the
FFA side, equal up to rounding order on the RFA side; compiled with numba in
:mod:`._knn_chain`, numpy without it). For the SMO pipeline (polynomial
or linear kernel SVC) each fold keeps the linear Gram matrices train x train and test x train
of the preprocessed data, adds the rank-``d`` term of the features that enter (all features of
a jump of the size schedule at once) and fits libsvm's C-SVC on the precomputed kernel
``(gamma * G + coef0) ** degree``. Which solver: with numba (the default) :mod:`._smo` --
libsvm's solver ported to numba, reading the kernel from memory as float32 -- returns
libsvm's own solution (same support vectors, coefficients and intercepts, bit for bit:
tests/test_smo.py; it covers every SVC setting this chain accepts: C, class_weight, tol,
shrinking, max_iter); the rows of the train x train Gram matrix and kernel are brought up to
date only when the solver first reads them, the test x train ones (if needed) in one compiled
pass (:mod:`._svm_chain`). Without numba or with ``FEATRANK_NO_NUMBA=1``, BLAS and numpy
form the kernels and scikit-learn's libsvm fits them through the calls
``SVC(kernel="precomputed")`` makes (training samples grouped by class, a small
kernel-column cache). For degree 2 the test decision values are quadratic forms of the
support vectors (no test x train kernel), and the all-features point, shared by FFA and RFA
of every order, is fitted once per fold. Any other model is refitted per point (the plain
loop). ``fast=False`` forces the plain loop; the tests check both give the same curves. Measured by ``tests/bench/bench_curves.py``
against a scikit-learn pipeline refitted per point (CPU time, shared 2-core machine): k-NN
30-65x on sonar, about 5x on waveform-5000; SVM about 5x on sonar and 4x on waveform-5000
(one fold, 40 sizes, FFA+RFA).
"""
from __future__ import annotations

import contextlib
import multiprocessing
import numbers
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from sklearn.base import clone, is_classifier, is_regressor
from sklearn.exceptions import ConvergenceWarning
from scipy.linalg.blas import dgemm
from sklearn.metrics import get_scorer, get_scorer_names
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC
from sklearn.svm import _libsvm as libsvm   # what SVC calls; see _PrecomputedSVC
from sklearn.utils.class_weight import compute_class_weight
from sklearn.utils.multiclass import _ovr_decision_function

from .._progress import tqdm
from ..config import show_progress
from ..datasets import Dataset
from ..datasets.frame import split_frame
from ..learners import (WekaIBk, WekaPreprocessor, feature_columns, ibk_column_sqdiff,
                        ibk_distribution, ibk_votes, make_learner, with_categorical)
from ..orders import check_order

KINDS = ("ffa", "rfa")


# --------------------------------------------------------------------------- schedule
def size_schedule(p: int, kind: str = "paper") -> np.ndarray:
    """Subset sizes of a curve over ``p`` features.

    ``"all"``: 1, 2, ..., p. ``"paper"``: Slavkov 2020 (Sec. "Experimental setup" of the
    real-data study): from size i the next is i + delta(i), delta(i) = 1 for i <= 50, 5 for
    50 < i <= 500 and p // 20 beyond; p itself always ends the schedule.
    """
    p = int(p)
    if p < 1:
        raise ValueError(f"p must be >= 1, got {p}")
    if kind == "all":
        return np.arange(1, p + 1)
    if kind != "paper":
        raise ValueError(f"unknown schedule {kind!r}; use 'paper', 'all' or give the sizes")
    sizes, i = [], 1
    while i <= p:
        sizes.append(i)
        i += 1 if i <= 50 else 5 if i <= 500 else max(p // 20, 1)
    if sizes[-1] != p:
        sizes.append(p)
    return np.asarray(sizes)


def _check_sizes(sizes, p):
    if sizes is None:
        return size_schedule(p, "paper")
    if isinstance(sizes, str):
        return size_schedule(p, sizes)
    s = np.asarray(sizes)
    if s.ndim != 1 or s.size == 0 or not np.issubdtype(s.dtype, np.integer):
        raise ValueError("sizes must be a non-empty 1-D array of integers (or 'paper'/'all')")
    if s.min() < 1 or s.max() > p:
        raise ValueError(f"sizes must lie in [1, {p}], got [{s.min()}, {s.max()}]")
    if np.any(np.diff(s) <= 0):
        raise ValueError("sizes must be strictly increasing")
    return s.astype(np.intp)


# --------------------------------------------------------------------------- result
@dataclass
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


# --------------------------------------------------------------------------- scoring
def _accuracy(y_true, y_pred, y_score=None):
    return float(np.mean(y_true == y_pred))


def _error(y_true, y_pred, y_score=None):
    return 1.0 - float(np.mean(y_true == y_pred))


_SCORERS = {"accuracy": _accuracy, "error": _error}


def _scorer(scoring):
    """(function(y_true, y_pred, y_score), needs_score, name)."""
    if hasattr(scoring, "_score_func"):
        metric = getattr(scoring._score_func, "__name__", "metric")
        raise ValueError(
            f"scoring {scoring!r} is a scikit-learn scorer object, called as "
            "scorer(estimator, X, y); the curves call scoring(y_true, y_pred, y_score): pass "
            f"'accuracy', 'error' or such a function, e.g. lambda t, p, s: {metric}(t, p)")
    if callable(scoring):
        return scoring, True, getattr(scoring, "__name__", "custom")
    if scoring not in _SCORERS:
        raise ValueError(f"unknown scoring {scoring!r}; use 'accuracy', 'error' or a callable "
                         "f(y_true, y_pred, y_score)")
    return _SCORERS[scoring], False, scoring


#: where a metric function lives -> what it measures (anything else: not checked)
_METRIC_TASKS = {"sklearn.metrics._regression": "regression",
                 "sklearn.metrics._classification": "classification",
                 "sklearn.metrics._ranking": "classification",
                 "featrank.evaluate.metrics": "classification"}


def _scoring_task(scoring):
    """``"classification"``, ``"regression"`` or None (unknown: a user's own function) for a
    ``scoring``: our names, scikit-learn's metric functions, scorer objects and scorer
    names."""
    if isinstance(scoring, str):
        if scoring in _SCORERS:
            return "classification"
        if scoring not in get_scorer_names():
            return None
        scoring = get_scorer(scoring)
    func = getattr(scoring, "_score_func", scoring)   # a scorer object wraps its metric
    return _METRIC_TASKS.get(getattr(func, "__module__", None))


def _model_task(model):
    """``"classification"``, ``"regression"`` or None (not a scikit-learn estimator)."""
    try:
        if is_classifier(model):
            return "classification"
        return "regression" if is_regressor(model) else None
    except AttributeError:      # no scikit-learn tags to read
        return None


def _check_task(model, scoring):
    """Refuse a regressor with a classification measure and a classifier with a regression
    measure: the curves would compare numbers of different kinds."""
    m, s = _model_task(model), _scoring_task(scoring)
    if m is None or s is None or m == s:
        return
    what = repr(scoring) if isinstance(scoring, str) else getattr(
        getattr(scoring, "_score_func", scoring), "__name__", type(scoring).__name__)
    if m == "regression":
        raise ValueError(
            f"model {type(model).__name__} is a regressor but scoring {what} measures "
            "classification: error curves compare predicted classes with y. Pass a "
            "classifier (a learner name such as 'knn' or 'svm', or a scikit-learn classifier)")
    raise ValueError(
        f"scoring {what} is a regression measure but model {type(model).__name__} is a "
        "classifier: pass a classification measure ('accuracy', 'error', or "
        "f(y_true, y_pred, y_score) such as featrank.evaluate.error_rate)")


def _score_matrix(model, X, decision=None):
    """Class scores ``(n, n_classes)`` in the order of ``model.classes_``: probabilities if
    the model has them, else decision values (binary: ``[-d, d]``)."""
    if decision is None:
        if hasattr(model, "predict_proba") and not isinstance(_final(model), SVC):
            return model.predict_proba(X)
        decision = model.decision_function(X)
    decision = np.asarray(decision, dtype=float)
    return np.column_stack([-decision, decision]) if decision.ndim == 1 else decision


def _final(model):
    return model.steps[-1][1] if isinstance(model, Pipeline) else model


# --------------------------------------------------------------------------- engines
class _PlainChain:
    """Refit the model on each subset (the plain loop of Algorithm 1)."""

    def __init__(self, model, Xtr, ytr, Xte, cat, need_score):
        self.model, self.Xtr, self.ytr, self.Xte = model, Xtr, ytr, Xte
        self.cat, self.need_score = cat, need_score

    def run(self, order, kind, sizes):
        p = order.size
        for s in sizes:
            cols = order[:s] if kind == "ffa" else order[p - s:]
            m = with_categorical(self.model, self.cat[cols], cols).fit(self.Xtr[:, cols], self.ytr)
            Xte = self.Xte[:, cols]
            yield m.predict(Xte), (_score_matrix(m, Xte) if self.need_score else None)


class _KNNChain:
    """Weka IBk: the squared distances test x train grow by each entering feature's term
    (compiled row by row in :mod:`._knn_chain`; numpy fallback: whole matrix per step)."""

    def __init__(self, model, Xtr, ytr, Xte, cat, need_score):
        self.ref = with_categorical(model, cat).fit(Xtr, ytr)
        self.Xtr, self.Xte, self.cat, self.need_score = Xtr, Xte, cat, need_score
        self.k, self.terms = int(self.ref.n_neighbors), {}
        self.cache = Xtr.shape[1] * Xtr.shape[0] * Xte.shape[0] * 8 <= 256e6
        self.compiled = _compiled("_knn_chain", "knn_dense_votes")
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

    def run(self, order, kind, sizes):
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


def _compiled(module, name):
    """A numba-compiled kernel of ``featrank.evaluate.<module>``, or None (numba missing,
    or ``FEATRANK_NO_NUMBA`` set: the numpy/BLAS paths then give the same curves)."""
    import importlib
    import os

    if os.environ.get("FEATRANK_NO_NUMBA"):
        return None
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)


#: libsvm's kernel-column cache (MB) for a precomputed kernel. A column is then a row
#: lookup, cheaper to redo than to cache: a cache of SVC's default 200 MB is filled with fresh
#: pages at every fit (waveform-5000, 4500 samples: 45-180 ms per fit against 30-110 ms with
#: 1-4 MB). The solution does not depend on it (the cache only stores columns).
_CACHE_MB = 2.0


class _PrecomputedSVC:
    """libsvm's C-SVC on a precomputed kernel: the same ``libsvm.fit`` / ``predict`` /
    ``decision_function`` calls ``SVC(kernel="precomputed")`` makes, without its per-call
    validation and cloning, which dominate on small data (sonar: 2/3 of the time), and with
    a small kernel cache (:data:`_CACHE_MB`)."""

    def __init__(self, svc, ytr):
        self.classes, yi = np.unique(ytr, return_inverse=True)
        self.y = np.ascontiguousarray(yi, dtype=np.float64)
        self.cw = compute_class_weight(svc.class_weight, classes=self.classes, y=ytr)
        self.svc = svc
        self.grouped = None

    def fit(self, K, QD=None, gram=None):
        """libsvm's fit on the train x train kernel ``K``; with ``QD`` (its float64 diagonal;
        ``K`` then float32, its rows computed on first use from ``gram`` if given) the same
        solution from :func:`._smo.fit` instead."""
        s = self.svc
        if QD is not None:
            from ._smo import fit, groups

            self.grouped = groups(self.y) if self.grouped is None else self.grouped
            (self.support, self.sv, self.n_support, self.dual_coef, self.intercept,
             self.prob_a, self.prob_b, status, _) = fit(K, QD, self.y, s.C, self.cw, s.tol,
                                                        s.shrinking, s.max_iter, gram,
                                                        self.grouped)
            return self._check_status(status)
        libsvm.set_verbosity_wrap(int(s.verbose))
        (self.support, self.sv, self.n_support, self.dual_coef, self.intercept, self.prob_a,
         self.prob_b, status, _) = libsvm.fit(
            K, self.y, svm_type=0, sample_weight=np.empty(0), class_weight=self.cw,
            kernel="precomputed", C=float(s.C), nu=0.0, probability=False, degree=3,
            shrinking=s.shrinking, tol=s.tol, cache_size=min(float(s.cache_size), _CACHE_MB),
            coef0=0.0, gamma=0.0, epsilon=0.0, max_iter=s.max_iter, random_seed=0)
        return self._check_status(status)

    def _check_status(self, status):
        """libsvm's status 1: a class pair stopped at ``max_iter``; warn as ``SVC.fit`` does
        (the result store counts these warnings beside each result)."""
        if status == 1:
            warnings.warn(f"Solver terminated early (max_iter={self.svc.max_iter})",
                          ConvergenceWarning, stacklevel=3)
        return self

    def _args(self):
        return (self.support, self.sv, self.n_support, self.dual_coef, self.intercept,
                self.prob_a, self.prob_b)

    def predict(self, K):
        out = libsvm.predict(K, *self._args(), svm_type=0, kernel="precomputed", degree=3,
                             coef0=0.0, gamma=0.0, cache_size=self.svc.cache_size)
        return self.classes.take(out.astype(np.intp))

    def decision_function(self, K=None, dec=None):
        """Sklearn's decision values, from the test x train kernel ``K`` or from libsvm's
        one-vs-one values ``dec`` (:meth:`quadratic_dec`)."""
        if dec is None:
            dec = libsvm.decision_function(K, *self._args(), svm_type=0, kernel="precomputed",
                                           degree=3, cache_size=self.svc.cache_size,
                                           coef0=0.0, gamma=0.0)
        if self.classes.size == 2:
            return -dec.ravel()
        return _ovr_decision_function(dec < 0, -dec, self.classes.size)

    def quadratic_dec(self, sv, Zte, gamma, coef0):
        """libsvm's one-vs-one decision values ``(n_test, n_pairs)`` of the kernel
        ``(gamma x.y + coef0) ** 2`` without the test x train kernel: with ``w`` a pair's
        dual coefficients, ``sum_k w_k (gamma x.sv_k + coef0)^2 = gamma^2 x'Mx +
        2 gamma coef0 x'v + coef0^2 sum(w) - rho``, ``M = sum_k w_k sv_k sv_k'``,
        ``v = sum_k w_k sv_k`` (``sv``: the support vectors' features). When the p x p
        forms cost more (many features or class pairs: microarrays, arrhythmia), from the
        test x support-vector kernel instead."""
        k = self.classes.size
        start = np.r_[0, np.cumsum(self.n_support)]
        W = np.zeros((sv.shape[0], k * (k - 1) // 2))
        pair = 0
        for i in range(k):
            for j in range(i + 1, k):
                si, sj = slice(start[i], start[i + 1]), slice(start[j], start[j + 1])
                W[si, pair], W[sj, pair] = self.dual_coef[j - 1, si], self.dual_coef[i, sj]
                pair += 1
        (n_sv, p), (n_te, n_pairs) = sv.shape, (Zte.shape[0], W.shape[1])
        if n_te * n_sv * (p + n_pairs) < n_pairs * p * p * (n_sv + n_te):
            K = Zte @ sv.T
            K *= gamma
            K += coef0
            return (K * K) @ W + self.intercept
        dec = np.empty((n_te, n_pairs))
        for q in range(n_pairs):
            M = (sv * W[:, q:q + 1]).T @ sv
            dec[:, q] = gamma * gamma * np.einsum("ij,ij->i", Zte @ M, Zte)
        if coef0 != 0:
            dec += 2 * gamma * coef0 * (Zte @ (sv.T @ W)) + coef0 * coef0 * W.sum(axis=0)
        return dec + self.intercept

    def predict_dec(self, dec):
        """libsvm's one-vs-one vote (ties: the first class) on its decision values."""
        k = self.classes.size
        votes = np.zeros((dec.shape[0], k), dtype=np.intp)
        pair = 0
        for i in range(k):
            for j in range(i + 1, k):
                pos = dec[:, pair] > 0
                votes[:, i] += pos
                votes[:, j] += ~pos
                pair += 1
        return self.classes.take(np.argmax(votes, axis=1))


class _SVMChain:
    """SMO pipeline: keep linear Gram matrices, add the new features' rank-d term, fit a
    precomputed polynomial kernel (see the module docstring for what else is reused)."""

    def __init__(self, model, Xtr, ytr, Xte, cat, need_score):
        prep = clone(model.steps[0][1]).set_params(categorical=cat).fit(Xtr)
        # training samples grouped by class (stable): libsvm groups them so anyway, so the
        # one-vs-one sub-problems see the same samples in the same order (the same solution)
        # and read contiguous blocks of the kernel rows
        by_class = np.argsort(ytr, kind="stable")
        Xtr, ytr = Xtr[by_class], ytr[by_class]
        self.Ztr, self.Zte = prep.transform(Xtr), prep.transform(Xte)
        self.cols, self.need_score = feature_columns(prep), need_score
        svc = model.steps[-1][1]
        self.kernel, self.degree = svc.kernel, int(svc.degree)
        poly = svc.kernel == "poly"
        self.gamma, self.coef0 = (float(svc.gamma), float(svc.coef0)) if poly else (1.0, 0.0)
        self.svm = _PrecomputedSVC(svc, ytr)
        self.full = None                  # (pred, score) on all features, once fitted
        self.buf = None

    def _k(self, G, out):
        """The kernel ``(gamma * G + coef0) ** degree`` (linear: ``G``), written into ``out``."""
        if self.kernel == "linear":
            np.copyto(out, G)
        elif self.gamma == 1 and self.coef0 == 0:
            np.power(G, self.degree, out=out) if self.degree != 2 else np.multiply(G, G, out=out)
        else:
            np.multiply(G, self.gamma, out=out)
            out += self.coef0
            if self.degree != 1:
                out **= self.degree
        return out

    def _buffers(self, compiled, quad):
        """Gram and kernel matrices, train x train and test x train (none: ``quad``), and the
        kernel's diagonal; allocated once per fold. Compiled: the train x train kernel in
        float32, both filled row by row as :mod:`._smo` reads them. BLAS: Fortran-ordered
        Gram matrices, so dgemm accumulates the rank-d updates in place (no n x n
        temporaries)."""
        n_tr, n_te = self.Ztr.shape[0], 0 if quad else self.Zte.shape[0]
        if self.buf is None:
            mem = "C" if compiled else "F"
            self.buf = (np.empty((n_tr, n_tr), order=mem), np.empty((n_te, n_tr), order=mem),
                        np.empty((n_tr, n_tr), np.float32 if compiled else np.float64),
                        np.empty((n_te, n_tr)), np.empty(n_tr if compiled else 0))
        return self.buf

    def _gram(self, seq):
        """Compiled path, per run: the training columns in the order they enter (rows of
        ``ZT``), the rows of the Gram matrix up to date (none), its diagonal and the kernel's
        parameters with the number of columns entered (see :func:`._smo.fit`)."""
        ZT = np.ascontiguousarray(self.Ztr[:, np.concatenate([self.cols[f] for f in seq])].T)
        par = np.array([self.gamma, self.coef0, self.degree, self.kernel == "linear", 0.0])
        return ZT, np.zeros(ZT.shape[1], np.int64), np.zeros(ZT.shape[1]), par

    def run(self, order, kind, sizes):
        """Yield ``(pred, score)`` per size. The all-features point is fitted once per fold
        (FFA and RFA at size p, of every order, use the same feature set)."""
        seq = order if kind == "ffa" else order[::-1]
        quad = self.kernel == "poly" and self.degree == 2   # predict without test x train
        step = _compiled("_svm_chain", "gram_kernel_step")
        Gtr, Gte, Ktr, Kte, QD = self._buffers(step is not None, quad)
        args = (self.gamma, self.coef0, self.degree, self.kernel == "linear")
        if step is not None:
            from ._smo import diag_step
            ZT, ver, Gd, par = self._gram(seq)
        done = 0
        for s in sizes:
            if s == seq.size and self.full is not None:
                yield self.full
                continue
            c = np.concatenate([self.cols[f] for f in seq[done:s]])
            fresh, done = done == 0, s
            if step is not None:        # the diagonal now, train x train rows when read
                m0 = int(par[4])
                par[4] = m0 + c.size
                diag_step(Gd, ZT, m0, m0 + c.size, QD, *args)
                if not quad:            # test x train: one pass (see ._svm_chain)
                    step(Gte, np.ascontiguousarray(self.Zte[:, c]), ZT[m0:m0 + c.size], Kte,
                         fresh, *args)
            else:
                A = np.asfortranarray(self.Ztr[:, c])
                dgemm(1.0, A, A, beta=0.0 if fresh else 1.0, c=Gtr, trans_b=True,
                      overwrite_c=True)
                self._k(Gtr.T, Ktr)                # Gtr is symmetric: Gtr.T is its C view
                if not quad:
                    dgemm(1.0, np.asfortranarray(self.Zte[:, c]), A, beta=0.0 if fresh else 1.0,
                          c=Gte, trans_b=True, overwrite_c=True)
                    self._k(Gte, Kte)
            m = self.svm.fit(Ktr, QD, (Gtr, ZT, ver, par)) if step is not None else \
                self.svm.fit(Ktr)
            if quad:
                used = np.concatenate([self.cols[f] for f in seq[:s]])
                dec = m.quadratic_dec(self.Ztr[m.support][:, used], self.Zte[:, used],
                                      self.gamma, self.coef0)
                out = (m.predict_dec(dec), _score_matrix(None, None, m.decision_function(
                    dec=dec)) if self.need_score else None)
            else:
                out = (m.predict(Kte), _score_matrix(None, None, m.decision_function(Kte))
                       if self.need_score else None)
            if s == seq.size:
                self.full = out
            yield out


_ENGINES = {"plain": _PlainChain, "knn": _KNNChain, "svm": _SVMChain}


def fast_engine(model) -> str:
    """Which engine computes curves of ``model``: ``"knn"``, ``"svm"`` or ``"plain"``."""
    if type(model) is WekaIBk:
        return "knn"
    if isinstance(model, Pipeline) and len(model.steps) == 2:
        prep, est = model.steps[0][1], model.steps[1][1]
        plain_svc = type(est) is SVC and est.probability is not True and not est.break_ties \
            and est.decision_function_shape == "ovr"
        if type(prep) is WekaPreprocessor and plain_svc:
            if est.kernel == "linear":
                return "svm"
            if est.kernel == "poly" and isinstance(est.gamma, numbers.Real) \
                    and float(est.degree).is_integer():
                return "svm"
    return "plain"


# --------------------------------------------------------------------------- one split
def _split_values(X, y, train, test, orders, model, categorical, sizes, kinds, scoring,
                  engine):
    """Curve values of every order on one CV split: ``(n_orders, 2, n_sizes)``, NaN for a
    curve kind not asked for."""
    ytr = y[train]
    if np.unique(ytr).size < 2:
        raise ValueError(f"a training fold holds a single class ({ytr[0]}); use fewer folds "
                         "or check the labels")
    score, need_score, _ = _scorer(scoring)
    with _compile_note(engine):
        chain = _ENGINES[engine](model, X[train], ytr, X[test], categorical, need_score)
        yte = y[test]
        out = np.full((len(orders), 2, len(sizes)), np.nan)
        for o, order in enumerate(orders):
            for k, kind in enumerate(KINDS):
                if kind in kinds:
                    for j, (pred, sc) in enumerate(chain.run(order, kind, sizes)):
                        out[o, k, j] = score(yte, pred, sc)
    return out


def _compile_note(engine):
    """The context printing a note while numba compiles the engines (:mod:`._jit_note`);
    a no-op for the plain loop, without numba or with ``FEATRANK_NO_NUMBA``."""
    note = _compiled("_jit_note", "compile_note") if engine != "plain" else None
    return note() if note is not None else contextlib.nullcontext()


def _splits(X, y, cv, n_repeats, random_state):
    if cv is None:
        cv = 10
    if isinstance(cv, numbers.Integral):
        cv = RepeatedStratifiedKFold(n_splits=int(cv), n_repeats=int(n_repeats),
                                     random_state=random_state)
    it = cv.split(X, y) if hasattr(cv, "split") else cv
    splits = [(np.asarray(tr, dtype=np.intp), np.asarray(te, dtype=np.intp)) for tr, te in it]
    if not splits:
        raise ValueError("cv produced no splits")
    return splits


def _prepare(X, y, model, categorical, scoring="accuracy"):
    """``(X, y, model, categorical mask)`` for the engines, from a :class:`Dataset`, a
    DataFrame (nominal columns: dtype ``category``) or an array, and a learner name or a
    model (checked against ``scoring``)."""
    X, y, cat, categories = _read_data(X, y, categorical)
    if isinstance(model, str):
        model = make_learner(model)
    if not hasattr(model, "fit") or not hasattr(model, "predict"):
        raise ValueError(f"model must be a learner name or a classifier, got {model!r}")
    _check_task(model, scoring)
    return X, y, _declare_categories(model, X, cat, categories), cat


def _read_data(X, y, categorical):
    """``(X as floats, y, nominal mask, category labels per column or None)``. A Dataset
    gives its own ``y`` when ``y`` is None; a DataFrame its ``category`` columns (read by
    :func:`featrank.datasets.frame.split_frame`, as the rankers read them)."""
    categories = None
    if isinstance(X, Dataset) and y is None:
        y = X.y
    if isinstance(X, (Dataset, pd.DataFrame)):
        parts = split_frame(X, categorical)
        X, categorical, categories = parts.X, parts.categorical, parts.categories
    X = np.asarray(X, dtype=float)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D, got shape {X.shape}")
    if y is None:
        raise ValueError("y is None: pass the class labels (only a Dataset carries its own)")
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must be 1-D with {X.shape[0]} entries, got shape {y.shape}")
    p = X.shape[1]
    cat = np.zeros(p, bool) if categorical is None else np.asarray(categorical, bool)
    if cat.shape != (p,):
        raise ValueError(f"categorical mask has shape {cat.shape}, expected ({p},)")
    return X, y, cat, categories


def _declare_categories(model, X, cat, categories):
    """Give a Weka preprocessing step without declared category counts those of the whole
    data (the declared labels of a Dataset or DataFrame, else max code + 1), as an ARFF
    header declares them to Weka: a code missing from a training fold then still gets its
    one-hot column instead of an error."""
    if not cat.any() or model.get_params().get("prep__n_categories", 0) is not None:
        return model
    return clone(model).set_params(prep__n_categories=_category_counts(X, cat, categories))


def _category_counts(X, cat, categories):
    """Per column: the number of declared labels, else (nominal) max code + 1, else 0."""
    counts = []
    for j in range(X.shape[1]):
        if categories is not None and categories[j] is not None:
            counts.append(len(categories[j]))
        elif cat[j] and not np.isnan(X[:, j]).all():
            counts.append(int(np.nanmax(X[:, j])) + 1)
        else:
            counts.append(0)
    return counts


def _run_splits(X, y, splits, orders_per_split, model, cat, sizes, kinds, scoring, engine,
                n_jobs, desc):
    from ..parallel import run_tasks, single_threaded

    tasks = [dict(X=X, y=y, train=tr, test=te, orders=o, model=model, categorical=cat,
                  sizes=sizes, kinds=kinds, scoring=scoring, engine=engine)
             for (tr, te), o in zip(splits, orders_per_split)]
    if n_jobs in (None, 1):      # in this process, BLAS single-threaded as in the workers
        with single_threaded():
            return np.stack([_split_values(**t) for t in _bar(tasks, desc)])
    return np.stack(run_tasks(_split_values, tasks, n_jobs=n_jobs, desc=desc,
                              progress=_show_bar()))


#: seconds before the progress bar of a run in this process appears (short runs show none)
BAR_DELAY = 2.0


def _bar(tasks, desc):
    """``tasks`` with a progress bar (per CV split, with ETA) that appears once the run has
    taken :data:`BAR_DELAY` seconds and vanishes at the end."""
    return tqdm(tasks, desc=desc, unit="split", leave=False, delay=BAR_DELAY,
                disable=not _show_bar())


def _show_bar() -> bool:
    """Bars on as :func:`featrank.config.show_progress` says, never inside a worker process
    (an experiment grid running the curves there shows its own bar)."""
    return show_progress() and multiprocessing.parent_process() is None


# --------------------------------------------------------------------------- public API
def error_curves(X, y, order, model, *, sizes=None, kind: str = "both", cv=None,
                 n_repeats: int = 1, scoring="accuracy", random_state=0, n_jobs=None,
                 categorical=None, fast: bool = True) -> Curves:
    """FFA and/or RFA curves of a ranking (Algorithm 1 of Slavkov 2020).

    By default the values are **accuracies** (``scoring="accuracy"``, higher is better): a
    good ranking's FFA curve rises fast and its RFA curve stays low until the best features
    enter. For error rates pass ``scoring="error"`` (the curves are then ``1 - accuracy``
    and fall); :func:`featrank.evaluate.eca_vs_random` follows ``Curves.scoring`` either
    way.

    Parameters
    ----------
    X : array-like of shape (n, p), pandas DataFrame or :class:`featrank.datasets.Dataset`
        The data. A Dataset brings its ``y`` (pass ``y=None``) and its nominal mask; a
        DataFrame's ``category`` columns are nominal (as the rankers read them); an array
        is numeric unless ``categorical`` says otherwise.
    y : array-like of shape (n,) or None
        Class labels (None with a Dataset).
    order : array-like of shape (p,) or (n_splits, p)
        The ranking, best first; or one order per CV split (rankings learnt on each
        training set, as Prati 2012 does).
    model : str or classifier
        A learner name (:func:`featrank.learners.make_learner`: ``"knn"``, ``"svm"``, ...)
        or a scikit-learn classifier (a regressor is refused with a classification
        measure, a classifier with a regression one).
    sizes : None, "paper", "all" or array-like of int
        Subset sizes: ``None``/``"paper"`` (the paper's delta schedule, :func:`size_schedule`),
        ``"all"`` (1..p) or the sizes themselves (strictly increasing, in [1, p]).
    kind : {"both", "ffa", "rfa"}
        Which curves to compute.
    cv : None, int, splitter or iterable of (train, test)
        ``None`` (10-fold), an int (folds), a splitter, or the splits. Int/None:
        ``RepeatedStratifiedKFold(n_splits, n_repeats, random_state)`` -- the paper uses
        10 x 10-fold (``n_repeats=10``).
    n_repeats : int, default 1
        Repeats of an int/None ``cv``.
    scoring : "accuracy" (default), "error" or callable
        The measure at each point; a callable is ``f(y_true, y_pred, y_score)`` where
        ``y_score`` is ``(n_test, n_classes)`` (columns: the training classes, sorted): SVM
        decision values (binary: ``[-d, d]``), k-NN Weka's vote distribution, else
        ``predict_proba``.
    random_state : int, default 0
        Seed of an int/None ``cv``.
    n_jobs : int, optional
        Workers over CV splits (``None`` = 1, in this process); results do not depend on it.
    categorical : array-like of bool, shape (p,), optional
        The nominal columns (default: the Dataset's or DataFrame's, else none). A Weka
        preprocessing step without ``n_categories`` is given the whole data's category
        counts (as Weka reads them from the ARFF header), so a code absent from a training
        fold does not break the fold.
    fast : bool, default True
        Reuse work across curve points where the model allows (see the module docstring);
        ``False`` refits per point (same curves, slower).

    Returns
    -------
    Curves
        One row of raw values per CV split (``ffa``, ``rfa``; means in ``ffa_mean``,
        ``rfa_mean``), the sizes and the scoring.

    Notes
    -----
    A run in this process shows a progress bar (per CV split, with ETA) once it has taken
    2 seconds (``FEATRANK_PROGRESS=0`` hides it). The first run on a machine compiles the
    k-NN and SVM engines with numba (about 10 s; a one-line note says so), cached afterwards.

    Examples
    --------
    Feature 2 decides the class; the order puts it first:

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> c = error_curves(X, y, [2, 0, 1, 3], "knn", cv=3)
    >>> c.sizes.tolist(), c.ffa.shape, c.scoring
    ([1, 2, 3, 4], (3, 4), 'accuracy')
    >>> bool(c.ffa_mean[0] > 0.9), bool(c.rfa_mean[0] < 0.7)
    (True, True)
    >>> err = error_curves(X, y, [2, 0, 1, 3], "knn", cv=3, scoring="error")
    >>> bool(np.allclose(err.ffa, 1 - c.ffa))
    True
    """
    X, y, model, cat = _prepare(X, y, model, categorical, scoring)
    p = X.shape[1]
    if kind not in ("both", "ffa", "rfa"):
        raise ValueError(f"kind must be 'both', 'ffa' or 'rfa', got {kind!r}")
    kinds = KINDS if kind == "both" else (kind,)
    sizes = _check_sizes(sizes, p)
    splits = _splits(X, y, cv, n_repeats, random_state)
    o = np.asarray(order)
    if o.ndim == 2:
        if o.shape[0] != len(splits):
            raise ValueError(f"order has {o.shape[0]} rows but cv gives {len(splits)} splits")
        per_split = [check_order(r, p)[None] for r in o]
    else:
        per_split = [check_order(o, p)[None]] * len(splits)
    engine = fast_engine(model) if fast else "plain"
    _, _, name = _scorer(scoring)
    vals = _run_splits(X, y, splits, per_split, model, cat, sizes, kinds, scoring, engine,
                       n_jobs, "error curves")[:, 0]
    return Curves(sizes=sizes, ffa=vals[:, 0] if "ffa" in kinds else None,
                  rfa=vals[:, 1] if "rfa" in kinds else None, n_features=p, scoring=name,
                  meta={"engine": engine, "n_splits": len(splits)})


def random_orders(p: int, n_orders: int, random_state=0) -> np.ndarray:
    """``(n_orders, p)`` uniformly random orders (the random ranking R_RND)."""
    rng = np.random.default_rng(random_state)
    return np.argsort(rng.random((int(n_orders), int(p))), axis=1, kind="stable")


def expected_curve(X, y=None, model="svm", *, n_orders: int = 100, sizes=None, cv=None,
                   n_repeats: int = 1, scoring="accuracy", random_state=0, n_jobs=None,
                   categorical=None, fast: bool = True, pool: bool = True) -> Curves:
    """Expected curve of a random ranking (Slavkov 2020, "Expected FFA and RFA curves").

    Its FFA and RFA coincide in expectation (both use a uniformly random subset of the given
    size), so with ``pool=True`` each random order contributes both its FFA and its RFA value
    at every size: ``Curves.ffa`` and ``Curves.rfa`` are the same pooled array of
    ``2 * n_orders * n_splits`` rows. All orders share the same CV splits, like the rankings
    they are compared with. Like :func:`error_curves`, the values are accuracies by default
    (``scoring="error"`` for error rates): compare a ranking's curves only with an expected
    curve of the same scoring (:func:`featrank.evaluate.eca_vs_random` refuses a mix).

    ``meta["rho"]`` is the correlation, across orders, between an
    order's FFA and RFA value at each size and ``meta["order_savings"] = 2 / (1 + rho)``
    the factor by which pooling cuts the number of orders needed for the same standard
    error (2 where they are uncorrelated, more where negatively correlated -- disjoint
    subsets for s <= p/2 -- and 1 at s = p, where both are the full set). Measured on
    sonar with k-NN, m = 20, 10-fold: 2.0 at s = 1, 3-5 for s = 10..40, 1 at s = 60.
    ``meta["order_curves"]``: the ``2 * n_orders`` per-order curves (FFA and RFA, averaged
    over the splits) -- their spread is that of random rankings, without the fold noise.

    Parameters
    ----------
    X, y, sizes, cv, n_repeats, scoring, n_jobs, categorical, fast
        As :func:`error_curves` (``model`` defaults to ``"svm"``).
    model : str or classifier, default "svm"
        A learner name or a scikit-learn classifier.
    n_orders : int, default 100
        Number of uniformly random orders (:func:`random_orders`).
    random_state : int, default 0
        Seed of the random orders and of an int/None ``cv`` (use the rankings' seed, so
        both see the same splits).
    pool : bool, default True
        Pool FFA and RFA runs into one curve (both ``ffa`` and ``rfa`` hold it); ``False``
        keeps them apart.

    Returns
    -------
    Curves
        ``2 * n_orders * n_splits`` pooled rows (``n_orders * n_splits`` each without
        pooling), the sizes, the scoring, and ``meta`` as above.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.evaluate import eca_vs_random, error_curves
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> random_ = expected_curve(X, y, "knn", n_orders=5, cv=3)
    >>> random_.ffa.shape          # 2 curves x 5 orders x 3 splits, 4 sizes
    (30, 4)
    >>> ranking = error_curves(X, y, [2, 0, 1, 3], "knn", cv=3)
    >>> eca_vs_random(ranking, expected=random_, weighting="magnitude") > 0
    True
    """
    X, y, model, cat = _prepare(X, y, model, categorical, scoring)
    p = X.shape[1]
    sizes = _check_sizes(sizes, p)
    splits = _splits(X, y, cv, n_repeats, random_state)
    orders = random_orders(p, n_orders, random_state)
    engine = fast_engine(model) if fast else "plain"
    _, _, name = _scorer(scoring)
    vals = _run_splits(X, y, splits, [orders] * len(splits), model, cat, sizes, KINDS,
                       scoring, engine, n_jobs, "expected curve")  # (splits, orders, 2, sizes)
    ffa = vals[:, :, 0].reshape(-1, sizes.size)
    rfa = vals[:, :, 1].reshape(-1, sizes.size)
    per_order = vals.mean(axis=0)                           # (orders, 2, sizes)
    with np.errstate(invalid="ignore", divide="ignore"):
        a, b = per_order[:, 0] - per_order[:, 0].mean(0), per_order[:, 1] - per_order[:, 1].mean(0)
        rho = (a * b).sum(0) / np.sqrt((a * a).sum(0) * (b * b).sum(0))
        savings = 2.0 / (1.0 + rho)
    pooled = np.vstack([ffa, rfa]) if pool else None
    meta = {"engine": engine, "n_splits": len(splits), "n_orders": int(n_orders),
            "orders": orders, "ffa_runs": ffa, "rfa_runs": rfa, "rho": rho,
            "order_curves": np.vstack([per_order[:, 0], per_order[:, 1]]),
            "order_savings": savings}
    if pool:
        return Curves(sizes, pooled, pooled, p, name, meta)
    return Curves(sizes, ffa, rfa, p, name, meta)
