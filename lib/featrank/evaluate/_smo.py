"""libsvm's C-SVC solver on an in-memory precomputed kernel (numba), for the SVM error curves.

A port of the algorithm of LIBSVM (Chang & Lin 2011, ACM TIST 2:27, Sec. 4-7; the copy
bundled with scikit-learn): SMO with the second-order working-set selection WSS3 of Fan,
Chen & Lin (2005, JMLR 6:1889-1918), shrinking with libsvm's heuristics and gradient
reconstruction (G_bar), rho as the mean of y_i G_i over free variables (else the midpoint of
the bounds), per-class C (class weights), stopping tolerance ``eps`` and ``max_iter``; and
the one-vs-one wrapper of ``svm_train`` (classes grouped and sorted; the sub-problem of
classes i < j is class i's samples (y = +1) then class j's (y = -1)). Every rounded
operation is libsvm's, in libsvm's order; only signs are moved (``Q_ij = y_i y_j K_ij`` is
applied as factors +-1, which are exact), so it returns the same support vectors, dual
coefficients, intercepts and iteration counts as ``sklearn.svm._libsvm.fit(kernel=
"precomputed")`` (tests/test_smo.py checks that bit for bit).

What differs is where the kernel comes from: libsvm computes a column ``Q_ij = (float)(y_i
y_j K_ij)`` through a function pointer per element and caches it; here the kernel sits in
memory as float32 (the same rounding as libsvm's 32-bit cache) and a row is read directly,
in the solver's current (shrunk and swapped) order. For the error curves the rows are made
on first use from the Gram matrix (:func:`_row`): a fit reads about 40-100 % of them
(waveform-5000). Positions are swapped as libsvm's ``swap_index`` does, so loops visit the
variables in libsvm's order and ties fall the same way. ``QD_i = K_ii`` stays double, as in
libsvm. Per iteration: one pass for WSS3's second half, one for the gradient (with G_bar,
when needed, and the next iteration's first half): 1.2-1.9x faster than libsvm on one fit
of waveform-5000's size (4500 samples), about as fast inside the curve loop on sonar's (187).

(Over 400 lines: one solver, kept in one module so that it reads beside libsvm's
``Solver``; the loops that look alike -- the maximum over ``I_up`` alone and fused with
the gradient update -- are fused on purpose, one pass over the variables per iteration.)
"""
from __future__ import annotations

import numpy as np

from .._jit import jit

LOWER, UPPER, FREE = 0, 1, 2   # alpha_status
TAU = 1e-12                    # libsvm's floor of a non-positive quadratic coefficient
P = -1.0                       # the linear term p_i of C-SVC's dual
# solver state, one column per position (swapped together, as libsvm's swap_index does):
# float rows gradient G, G_bar, alpha, C, y (+-1.0), QD; int rows alpha_status, the row of K,
# the sample of the sub-problem (libsvm's active_set), membership of I_up and of I_low
_G, _GB, _A, _C, _Y, _QD = range(6)
_ST, _POS, _ACT, _UP, _LOW = range(5)


@jit(nogil=True)
def _kernel_row(g, k, gamma, coef0, degree, linear):
    """``k = (gamma g + coef0) ** degree`` (``linear``: ``g``) rounded to ``k``'s dtype; the
    arithmetic of :func:`featrank.evaluate._svm_chain.gram_kernel_step`."""
    if linear:
        for j in range(g.size):
            k[j] = g[j]
    elif degree == 2 and gamma == 1.0 and coef0 == 0.0:
        for j in range(g.size):
            k[j] = g[j] * g[j]
    else:
        for j in range(g.size):
            k[j] = (gamma * g[j] + coef0) ** degree


@jit(nogil=True)
def diag_step(Gd, ZT, m0, m1, QD, gamma, coef0, degree, linear):
    """The Gram diagonal ``Gd`` plus the squares of the columns ``ZT[m0:m1]``, and ``QD``
    its kernel (float64): what :func:`_row` gives ``G[r, r]`` and ``K[r, r]``, unrounded."""
    for c in range(m0, m1):
        z = ZT[c]
        for r in range(Gd.size):
            Gd[r] += z[r] * z[r]
    _kernel_row(Gd, QD, gamma, coef0, degree, linear)


@jit(nogil=True)
def _row(KS, r):
    """Row ``r`` of the float32 kernel ``KS[0]``. With a Gram source (``KS = (K, G, ZT, ver,
    par)``, see :func:`fit`) the row is computed on first use: ``G[r] += ZT[c, r] * ZT[c]``
    for the columns ``c`` it lacks (``ver[r]`` done of ``par[4]``; from zero if none), in
    order, then ``K[r]`` from ``G[r]`` -- the sums and the kernel of the eager update, for
    the rows the solver reads only."""
    K, G, ZT, ver, par = KS
    target = int(par[4])
    if ver[r] < target:             # (the solver checks this before calling, in hot paths)
        Gr = G[r]
        if ver[r] == 0:
            Gr[:] = 0.0
        for c in range(ver[r], target):
            a, z = ZT[c, r], ZT[c]
            for j in range(Gr.size):
                Gr[j] += a * z[j]
        _kernel_row(Gr, K[r], par[0], par[1], int(par[2]), par[3] != 0)
        ver[r] = target
    return K[r]


@jit(nogil=True)
def _set_status(F, I, t):
    """libsvm's ``update_alpha_status``, and the position's I_up / I_low membership."""
    a, c, pos_y = F[_A, t], F[_C, t], F[_Y, t] > 0
    st = UPPER if a >= c else (LOWER if a <= 0 else FREE)
    I[_ST, t] = st
    I[_UP, t] = st != (UPPER if pos_y else LOWER)
    I[_LOW, t] = st != (LOWER if pos_y else UPPER)


@jit(nogil=True)
def _swap(F, I, i, j):
    """libsvm's ``swap_index``: exchange positions ``i`` and ``j`` of the whole state."""
    for r in range(F.shape[0]):
        F[r, i], F[r, j] = F[r, j], F[r, i]
    for r in range(I.shape[0]):
        I[r, i], I[r, j] = I[r, j], I[r, i]


@jit(nogil=True)
def _max_up(F, I, n):
    """First half of WSS3: the maximal ``-y_t G_t`` over I_up (last index on ties)."""
    G, y, up = F[_G], F[_Y], I[_UP]
    gmax, i = -np.inf, -1
    for t in range(n):
        if up[t]:
            v = -y[t] * G[t]
            if v >= gmax:
                gmax, i = v, t
    return gmax, i


@jit(nogil=True)
def _select(K, F, I, n, eps, gmax, i):
    """Second half of WSS3 (Fan et al. 2005, Sec. 3): ``j`` in I_low with the largest
    second-order decrease ``gd^2 / quad`` (last ``j`` on ties); ``(-1, -1)`` when the maximal
    violation is below ``eps``. ``quad = QD_i + QD_j - 2 K_ij``: libsvm's ``QD_i + QD_j -+
    2 y_i Q_ij`` with the signs multiplied out."""
    if i == -1:
        return -1, -1
    G, y, qd, low, pos = F[_G], F[_Y], F[_QD], I[_LOW], I[_POS]
    Ki, qi = K[pos[i]], qd[i]
    gmax2, jmin, best = -np.inf, -1, np.inf
    for j in range(n):
        if low[j]:
            v = y[j] * G[j]
            if v >= gmax2:
                gmax2 = v
            gd = gmax + v
            if gd > 0:
                quad = qi + qd[j] - 2.0 * Ki[pos[j]]
                obj = -(gd * gd) / quad if quad > 0 else -(gd * gd) / TAU
                if obj <= best:
                    jmin, best = j, obj
    if gmax + gmax2 < eps or jmin == -1:
        return -1, -1
    return i, jmin


@jit(nogil=True)
def _new_alphas(F, i, j, kij):
    """The analytic two-variable step, clipped to the box (libsvm's ``Solve``, as is)."""
    G, a, C, y, qd = F[_G], F[_A], F[_C], F[_Y], F[_QD]
    ci, cj = C[i], C[j]
    quad = qd[i] + qd[j] - 2.0 * kij
    if y[i] != y[j]:
        delta = (-G[i] - G[j]) / (TAU if quad <= 0 else quad)
        diff = a[i] - a[j]
        a[i] += delta
        a[j] += delta
        if diff > 0:
            if a[j] < 0:
                a[j], a[i] = 0.0, diff
        elif a[i] < 0:
            a[i], a[j] = 0.0, -diff
        if diff > ci - cj:
            if a[i] > ci:
                a[i], a[j] = ci, ci - diff
        elif a[j] > cj:
            a[j], a[i] = cj, cj + diff
    else:
        delta = (G[i] - G[j]) / (TAU if quad <= 0 else quad)
        s = a[i] + a[j]
        a[i] -= delta
        a[j] += delta
        if s > ci:
            if a[i] > ci:
                a[i], a[j] = ci, s - ci
        elif a[j] < 0:
            a[j], a[i] = 0.0, s
        if s > cj:
            if a[j] > cj:
                a[j], a[i] = cj, s - cj
        elif a[i] < 0:
            a[i], a[j] = 0.0, s


@jit(nogil=True)
def _step(K, F, I, i, j, n, l):
    """One SMO iteration on ``(i, j)``: alphas, status, G over the active positions and, if
    alpha_i or alpha_j reached or left its bound C, G_bar (``+-C Q_i``) over all positions, in
    one pass. Returns :func:`_max_up` of the new state (computed in the same pass)."""
    G, Gb, a, C, y, pos, up = F[_G], F[_GB], F[_A], F[_C], F[_Y], I[_POS], I[_UP]
    Ki, Kj = K[pos[i]], K[pos[j]]
    ai, aj, was_upper_i, was_upper_j = a[i], a[j], I[_ST, i] == UPPER, I[_ST, j] == UPPER
    _new_alphas(F, i, j, Ki[pos[j]])
    ui, uj = y[i] * (a[i] - ai), y[j] * (a[j] - aj)
    _set_status(F, I, i)
    _set_status(F, I, j)
    bar_i, bar_j = was_upper_i != (I[_ST, i] == UPPER), was_upper_j != (I[_ST, j] == UPPER)
    ci = (-C[i] if was_upper_i else C[i]) * y[i]
    cj = (-C[j] if was_upper_j else C[j]) * y[j]
    gmax, imax = -np.inf, -1
    for k in range(l if bar_i or bar_j else n):
        kik, kjk = Ki[pos[k]], Kj[pos[k]]
        if bar_i:
            Gb[k] += y[k] * (ci * kik)
        if bar_j:
            Gb[k] += y[k] * (cj * kjk)
        if k < n:
            G[k] += y[k] * (kik * ui + kjk * uj)
            if up[k]:
                v = -y[k] * G[k]
                if v >= gmax:
                    gmax, imax = v, k
    return gmax, imax


@jit(nogil=True)
def _reconstruct(KS, F, I, n, l):
    """libsvm's ``reconstruct_gradient``: G of the shrunk positions ``n..l-1`` from G_bar
    and the free variables (in the same of its two loop orders as libsvm)."""
    if n == l:
        return
    G, Gb, a, y, st, pos = F[_G], F[_GB], F[_A], F[_Y], I[_ST], I[_POS]
    for j in range(n, l):
        G[j] = Gb[j] + P
    n_free = 0
    for j in range(n):
        n_free += st[j] == FREE
    if n_free * l > 2 * n * (l - n):
        for i in range(n, l):
            Ki = _row(KS, pos[i])
            for j in range(n):
                if st[j] == FREE:
                    G[i] += y[i] * (y[j] * a[j] * Ki[pos[j]])
    else:
        for i in range(n):
            if st[i] == FREE:
                Ki, ya = _row(KS, pos[i]), y[i] * a[i]
                for j in range(n, l):
                    G[j] += y[j] * (ya * Ki[pos[j]])


@jit(nogil=True)
def _be_shrunk(G, y, st, t, g1, g2):
    if st[t] == UPPER:
        return -G[t] > (g1 if y[t] > 0 else g2)
    if st[t] == LOWER:
        return G[t] > (g2 if y[t] > 0 else g1)
    return False


@jit(nogil=True)
def _shrink(KS, F, I, n, l, eps, unshrunk):
    """libsvm's ``do_shrinking``: returns the new active size and the unshrink flag."""
    G, y, st = F[_G], F[_Y], I[_ST]
    g1, g2 = -np.inf, -np.inf      # max -y G over I_up, max y G over I_low
    for t in range(n):
        up, low = st[t] != UPPER, st[t] != LOWER
        if y[t] > 0:
            if up and -G[t] >= g1:
                g1 = -G[t]
            if low and G[t] >= g2:
                g2 = G[t]
        else:
            if up and -G[t] >= g2:
                g2 = -G[t]
            if low and G[t] >= g1:
                g1 = G[t]
    if not unshrunk and g1 + g2 <= eps * 10:
        unshrunk = True
        _reconstruct(KS, F, I, n, l)
        n = l
    t = 0
    while t < n:
        if _be_shrunk(G, y, st, t, g1, g2):
            n -= 1
            while n > t:
                if not _be_shrunk(G, y, st, n, g1, g2):
                    _swap(F, I, t, n)
                    break
                n -= 1
        t += 1
    return n, unshrunk


@jit(nogil=True)
def _rho(F, I, n):
    """libsvm's ``calculate_rho`` over the active positions."""
    G, y, st = F[_G], F[_Y], I[_ST]
    ub, lb, s, n_free = np.inf, -np.inf, 0.0, 0
    for t in range(n):
        yg = y[t] * G[t]
        if st[t] == FREE:
            n_free += 1
            s += yg
        elif (st[t] == UPPER) == (y[t] < 0):
            ub = min(ub, yg)
        else:
            lb = max(lb, yg)
    return s / n_free if n_free > 0 else (ub + lb) / 2


@jit(nogil=True)
def _solve(KS, QD, idx, y, C, eps, shrinking, max_iter, alpha):
    """libsvm's ``Solver::Solve`` for C-SVC from alpha = 0 on the samples ``idx`` (rows of
    ``K``) with labels ``y`` (+-1) and bounds ``C``. Writes ``alpha_i y_i`` into ``alpha``;
    returns ``(rho, n_iter, timed_out)``."""
    l = idx.size
    K, ver, target = KS[0], KS[3], int(KS[4][4])    # rows of K behind: made by _row
    F = np.zeros((6, l))
    F[_G], F[_C], F[_Y], F[_QD] = P, C, y, QD[idx]
    I = np.empty((5, l), dtype=np.int64)
    I[_POS], I[_ACT] = idx, np.arange(l)
    for t in range(l):
        _set_status(F, I, t)           # (a zero bound C adds exact zeros to G: skipped)
    n, unshrunk, it, counter, timed_out = l, False, 0, min(l, 1000) + 1, False
    fresh = False                      # (gmax, i) hold _max_up of the current state
    while True:
        if max_iter != -1 and it >= max_iter:
            timed_out = True
            break
        counter -= 1
        if counter == 0:
            counter = min(l, 1000)
            if shrinking:
                n, unshrunk = _shrink(KS, F, I, n, l, eps, unshrunk)
                fresh = False
        if not fresh:
            gmax, i = _max_up(F, I, n)
        if i != -1 and ver[I[_POS, i]] < target:
            _row(KS, I[_POS, i])
        i, j = _select(K, F, I, n, eps, gmax, i)
        if i == -1:
            _reconstruct(KS, F, I, n, l)
            n = l
            gmax, i = _max_up(F, I, n)
            if i != -1:
                _row(KS, I[_POS, i])
            i, j = _select(K, F, I, n, eps, gmax, i)
            if i == -1:
                break
            counter = 1
        it += 1
        if ver[I[_POS, j]] < target:
            _row(KS, I[_POS, j])
        gmax, i = _step(K, F, I, i, j, n, l)
        fresh = True
    rho = _rho(F, I, n)
    for t in range(l):
        alpha[I[_ACT, t]] = F[_A, t]
    for t in range(l):
        alpha[t] *= y[t]
    return rho, it, timed_out


@jit(nogil=True)
def _ovo(KS, QD, perm, start, count, wC, eps, shrinking, max_iter):
    """``svm_train``'s one-vs-one loop over the class pairs; ``perm``: the samples (rows of
    ``K``) grouped by class. Returns ``coef`` ``(k - 1, n)`` (libsvm's ``sv_coef`` before
    dropping the zero columns), ``rho`` and ``n_iter`` per pair, and the timed-out flag."""
    k, n = start.size, perm.size
    coef = np.zeros((k - 1, n))
    rho = np.empty(k * (k - 1) // 2)
    n_iter = np.empty(k * (k - 1) // 2, dtype=np.int32)
    status, p = 0, 0
    for i in range(k):
        for j in range(i + 1, k):
            si, sj, ci, cj = start[i], start[j], count[i], count[j]
            idx = np.concatenate((perm[si:si + ci], perm[sj:sj + cj]))
            y = np.ones(ci + cj)
            y[ci:] = -1.0
            C = np.empty(ci + cj)
            C[:ci], C[ci:] = wC[i], wC[j]
            alpha = np.empty(ci + cj)
            rho[p], n_iter[p], timed_out = _solve(KS, QD, idx, y, C, eps, shrinking,
                                                  max_iter, alpha)
            status |= timed_out
            coef[j - 1, si:si + ci] = alpha[:ci]
            coef[i, sj:sj + cj] = alpha[ci:]
            p += 1
    return coef, rho, n_iter, status


def groups(y):
    """``svm_group_classes``: the samples grouped by class code (stable), each class's start
    and count."""
    y = np.asarray(y).astype(np.int64)
    count = np.bincount(y)
    return np.argsort(y, kind="stable"), np.concatenate(([0], np.cumsum(count)[:-1])), count


def fit(K, QD, y, C, class_weight, tol=1e-3, shrinking=True, max_iter=-1, gram=None,
        grouped=None):
    """``sklearn.svm._libsvm.fit(K, y, svm_type=0, kernel="precomputed", ...)`` for C-SVC
    without sample weights: the same tuple ``(support, support_vectors (empty), n_support,
    dual_coef, intercept, prob_a, prob_b, fit_status, n_iter)``.

    ``K``: ``(n, n)`` kernel as float32 (C-ordered); ``QD``: its diagonal in float64; ``y``:
    class codes ``0..k-1`` (every code present); ``class_weight``: ``(k,)`` factors of ``C``.
    ``gram``: ``(G, ZT, ver, par)`` to compute the rows of ``K`` on first use (:func:`_row`):
    ``G`` the ``(n, n)`` float64 Gram matrix (row ``r`` holding the first ``ver[r]`` columns),
    ``ZT`` ``(m, n)`` the data's columns in the order they enter, ``par`` = (gamma, coef0,
    degree, linear, columns entered); else ``K`` is complete. ``grouped``: ``groups(y)``, if
    already at hand.
    """
    K = np.ascontiguousarray(K, dtype=np.float32)  # libsvm's Q is float32: round as it does
    perm, start, count = groups(y) if grouped is None else grouped
    wC = float(C) * np.asarray(class_weight, dtype=np.float64)
    if gram is None:
        gram = (np.empty((0, 0)), np.empty((0, 0)), np.zeros(len(y), np.int64), np.zeros(5))
    coef, rho, n_iter, status = _ovo((K, *gram), np.asarray(QD, np.float64), perm, start,
                                     count, wC, float(tol), bool(shrinking), int(max_iter))
    nonzero = (coef != 0).any(axis=0)
    n_support = np.add.reduceat(nonzero.astype(np.int32), start).astype(np.int32)
    return (perm[nonzero].astype(np.int32), np.empty((0, 0)), n_support,
            np.ascontiguousarray(coef[:, nonzero]), -rho, np.empty(0), np.empty(0),
            int(status), n_iter)
