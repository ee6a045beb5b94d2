"""The inner loop of the Weston–Watkins dual coordinate ascent (see
``multiclass.weston_watkins_svm``), compiled with numba."""
from __future__ import annotations

import numpy as np

from .._jit import jit


@jit
def ww_dual_cd(X, y, alpha, W, C, tol, max_epochs, seed):  # pragma: no cover - jitted
    """Epochs of coordinate ascent over ``alpha[i, k]`` (k != y[i]) in a random order; ``W``
    (c, d) is kept equal to ``Σ_i a_i x_i`` in place. Returns the number of epochs run."""
    n, d = X.shape
    c = W.shape[0]
    np.random.seed(seed)
    sq = np.empty(n)
    for i in range(n):
        sq[i] = X[i] @ X[i]
    order = np.arange(n)
    s = np.empty(c)
    for epoch in range(max_epochs):
        np.random.shuffle(order)
        viol = 0.0
        for t in range(n):
            i = order[t]
            if sq[i] == 0.0:
                continue
            yi = y[i]
            xi = X[i]
            for m in range(c):
                s[m] = W[m] @ xi
            for k in range(c):
                if k == yi:
                    continue
                g = 1.0 - (s[yi] - s[k])
                a = alpha[i, k]
                if a <= 0.0:
                    pg = g if g > 0.0 else 0.0
                elif a >= C:
                    pg = g if g < 0.0 else 0.0
                else:
                    pg = abs(g)
                if pg > viol:
                    viol = pg
                if pg == 0.0:
                    continue
                new = a + g / (2.0 * sq[i])
                new = 0.0 if new < 0.0 else (C if new > C else new)
                delta = new - a
                if delta != 0.0:
                    alpha[i, k] = new
                    W[yi] += delta * xi
                    W[k] -= delta * xi
                    s[yi] += delta * sq[i]
                    s[k] -= delta * sq[i]
        if viol < tol:
            return epoch + 1
    return max_epochs
