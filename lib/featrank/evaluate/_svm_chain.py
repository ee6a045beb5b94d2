"""Compiled SVM-chain step for the error curves (numba; optional -- without numba, or with
``FEATRANK_NO_NUMBA=1``, :class:`featrank.evaluate.curves._SVMChain` updates the Gram matrix
with BLAS and forms the kernel with numpy instead, equal up to rounding). One pass over the
n x n matrices adds the entering features' term to the linear Gram matrix and writes the
polynomial kernel, where BLAS + numpy take two (the step is memory-bound: waveform-5000,
4500 x 4500 per fold, 13 ms a step against 18-28 ms). With numba the chain uses it for the
test x train kernel (kernels other than degree 2); the train x train rows are made when the
solver reads them (:func:`featrank.evaluate._smo._row`, the same arithmetic).
"""
from __future__ import annotations

try:
    from numba import njit
except ImportError:  # pragma: no cover - numba is a declared dependency
    njit = None


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


if njit is not None:
    gram_kernel_step = njit(cache=True, nogil=True)(gram_kernel_step)
