"""The SVM curve engine, for Weka's SMO pipeline (:class:`featrank.datasets.WekaPreprocessor`
then a polynomial or linear kernel ``SVC``).

Each fold keeps the linear Gram matrices train x train and test x train of the preprocessed
data, adds the rank-``d`` term of the features that enter (all features of a jump of the
size schedule at once) and fits libsvm's C-SVC on the precomputed kernel
``(gamma * G + coef0) ** degree``. Which solver: with numba (the default) :mod:`._smo` --
libsvm's solver ported to numba, reading the kernel from memory as float32 -- returns
libsvm's own solution (same support vectors, coefficients and intercepts, bit for bit:
tests/test_smo.py; it covers every SVC setting this chain accepts: C, class_weight, tol,
shrinking, max_iter); the rows of the train x train Gram matrix and kernel are brought up to
date only when the solver first reads them (:func:`._smo._row`), the test x train ones (if
needed) in one compiled pass (:func:`gram_kernel_step`: one pass over the n x n matrices
where BLAS + numpy take two; the step is memory-bound: waveform-5000, 4500 x 4500 per fold,
13 ms a step against 18-28 ms). With ``FEATRANK_NO_NUMBA=1``, BLAS and numpy form the
kernels and scikit-learn's libsvm fits them (:class:`featrank._libsvm.PrecomputedSVC`:
training samples grouped by class, a small kernel-column cache). For degree 2 the test
decision values are quadratic forms of the support vectors (no test x train kernel), and
the all-features point, shared by FFA and RFA of every order, is fitted once per fold.
"""
from __future__ import annotations

import numpy as np
from scipy.linalg.blas import dgemm
from sklearn.base import clone

from .._jit import jit, numba_enabled
from .._libsvm import PrecomputedSVC
from ..learners import columns_in_order, feature_blocks
from ._scoring import _score_matrix
from ._smo import diag_step, fit, groups


@jit(nogil=True)
def gram_kernel_step(G, B, AT, K, fresh, gamma, coef0, degree, linear):
    """``G += B @ AT`` (``fresh``: ``G = B @ AT``), then ``K = G`` (``linear``) or
    ``(gamma * G + coef0) ** degree``; in place.

    ``G``, ``K``: ``(n_rows, n_cols)`` C-ordered; ``B``: ``(n_rows, d)`` the new columns of
    the row samples; ``AT``: ``(d, n_cols)`` those of the column samples. With ``B`` the
    rows of ``AT.T`` (train x train) ``G`` and ``K`` stay exactly symmetric.
    """
    n_rows, d = B.shape
    n_cols = AT.shape[1]
    for i in range(n_rows):
        Gi, Ki = G[i], K[i]
        if fresh:
            Gi[:] = 0.0
        for c in range(d):
            a, row = B[i, c], AT[c]
            for j in range(n_cols):
                Gi[j] += a * row[j]
        if linear:
            for j in range(n_cols):
                Ki[j] = Gi[j]
        elif degree == 2 and gamma == 1.0 and coef0 == 0.0:
            for j in range(n_cols):
                Ki[j] = Gi[j] * Gi[j]
        else:
            for j in range(n_cols):
                Ki[j] = (gamma * Gi[j] + coef0) ** degree
    return K


class _PrecomputedSVC(PrecomputedSVC):
    """:class:`featrank._libsvm.PrecomputedSVC` with the in-memory solver of :mod:`._smo`
    and the decision values the degree-2 chain forms without a test x train kernel."""

    def __init__(self, svc, ytr):
        super().__init__(svc, ytr)
        self.grouped = None

    def fit(self, K, QD=None, gram=None):
        """libsvm's fit on the train x train kernel ``K``; with ``QD`` (its float64 diagonal;
        ``K`` then float32, its rows computed on first use from ``gram`` if given) the same
        solution from :func:`._smo.fit` instead."""
        if QD is None:
            return super().fit(K)
        s = self.svc
        self.grouped = groups(self.y) if self.grouped is None else self.grouped
        return self._solution(fit(K, QD, self.y, s.C, self.cw, s.tol, s.shrinking, s.max_iter,
                                  gram, self.grouped))

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
        self.blocks, self.need_score = feature_blocks(prep), need_score
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

    def _gram(self, cols):
        """Compiled path, per run: the training columns ``cols`` in the order they enter
        (rows of ``ZT``), the rows of the Gram matrix up to date (none), its diagonal and the
        kernel's parameters with the number of columns entered (see :func:`._smo.fit`)."""
        ZT = np.ascontiguousarray(self.Ztr[:, cols].T)
        par = np.array([self.gamma, self.coef0, self.degree, self.kernel == "linear", 0.0])
        return ZT, np.zeros(ZT.shape[1], np.int64), np.zeros(ZT.shape[1]), par

    @staticmethod
    def _key(order, seq, s, memo):
        """A point's key in ``memo`` (``None`` without one): the features in the order they
        entered (the same sums, bit for bit); for the all-features point the order itself,
        so each order gets the one :func:`error_curves` gives it alone (fitted at its first
        kind, reused by the other)."""
        if memo is None:
            return None
        return ("all", *order.tolist()) if s == seq.size else tuple(seq[:s].tolist())

    def run(self, order, kind, sizes, memo=None):
        """Yield ``(pred, score)`` per size. The all-features point is fitted once per fold
        (FFA and RFA at size p, of every order, use the same feature set). ``memo``: a dict
        shared by the orders of one split (see :meth:`_key`); a point found there is not
        refitted, and the Gram matrices are still brought up to date point by point."""
        seq = order if kind == "ffa" else order[::-1]
        quad = self.kernel == "poly" and self.degree == 2   # predict without test x train
        compiled = numba_enabled()
        Gtr, Gte, Ktr, Kte, QD = self._buffers(compiled, quad)
        cols, end = columns_in_order(self.blocks, seq)  # columns in entering order; feature
        #                                                 i's columns end at end[i]
        ZT, ver, Gd, par = self._gram(cols) if compiled else (None,) * 4
        if quad:                # the data in entering order: a point's columns are a prefix
            Ztr_in, Zte_in = self.Ztr[:, cols], self.Zte[:, cols]
        done = 0
        for s in sizes:
            key = self._key(order, seq, s, memo)
            if s == seq.size:
                hit = self.full if key is None else memo.get(key)
                if hit is not None:
                    yield hit
                    continue
            self._enter(cols[end[done - 1] if done else 0:end[s - 1]], done == 0, quad,
                        (ZT, Gd, par) if compiled else None)
            done = s
            if key is not None and key in memo:
                yield memo[key]
                continue
            m = self.svm.fit(Ktr, QD, (Gtr, ZT, ver, par)) if compiled else self.svm.fit(Ktr)
            e = end[s - 1]
            out = self._predict(m, (Ztr_in[:, :e], Zte_in[:, :e]) if quad else None)
            if s == seq.size:
                self.full = out
            if memo is not None:
                memo[key] = out
            yield out

    def _enter(self, c, fresh, quad, gram):
        """The columns ``c`` enter (``fresh``: the first of a run). Compiled (``gram`` =
        ``(ZT, Gram diagonal, par)``): the kernel's diagonal now, the train x train rows when
        the solver reads them, test x train (unless ``quad``) in one pass; else BLAS updates
        every matrix now."""
        Gtr, Gte, Ktr, Kte, QD = self.buf
        args = (self.gamma, self.coef0, self.degree, self.kernel == "linear")
        if gram is not None:
            ZT, Gd, par = gram
            m0 = int(par[4])
            par[4] = m0 + c.size
            diag_step(Gd, ZT, m0, m0 + c.size, QD, *args)
            if not quad:
                gram_kernel_step(Gte, np.ascontiguousarray(self.Zte[:, c]), ZT[m0:m0 + c.size],
                                 Kte, fresh, *args)
            return
        A = np.asfortranarray(self.Ztr[:, c])
        dgemm(1.0, A, A, beta=0.0 if fresh else 1.0, c=Gtr, trans_b=True, overwrite_c=True)
        self._k(Gtr.T, Ktr)                        # Gtr is symmetric: Gtr.T is its C view
        if not quad:
            dgemm(1.0, np.asfortranarray(self.Zte[:, c]), A, beta=0.0 if fresh else 1.0,
                  c=Gte, trans_b=True, overwrite_c=True)
            self._k(Gte, Kte)

    def _predict(self, m, quad_data):
        """``(pred, score)`` of the fitted ``m``: from ``quad_data`` = (training, test) data
        on the point's columns (degree 2: no test x train kernel), else from that kernel."""
        if quad_data is None:
            Kte = self.buf[3]
            pred = m.predict(Kte)
            score = m.decision_function(Kte) if self.need_score else None
        else:
            Ztr_e, Zte_e = quad_data
            dec = m.quadratic_dec(Ztr_e[m.support], np.ascontiguousarray(Zte_e), self.gamma,
                                  self.coef0)
            pred = m.predict_dec(dec)
            score = m.decision_function(dec=dec) if self.need_score else None
        return pred, None if score is None else _score_matrix(None, None, score)
