"""The pairwise count matrix of a profile, ``N[x, y]`` = number of lists ranking feature ``x``
strictly above feature ``y`` (tied or both-unranked pairs count for neither), and the
margins ``d = N - N.T``: what every pairwise method (:mod:`.pairwise`,
:mod:`.schulze_method`, :mod:`.kemeny_young`, :mod:`.markov`) starts from. With ``m`` lists ``N``
takes the values ``0..m``, so it is stored in ``int8`` (``int16`` beyond 127 lists), built
in blocks of rows.
"""
from __future__ import annotations

import numpy as np

from ._profile import positions, profile_doc

_BLOCK = 256


@profile_doc("""
    >>> pairwise_counts(orders)[0].tolist()   # 0 above 1 in two lists, above 2 and 3 in all
    [0, 2, 3, 3]""",
             returns="""
    ndarray of shape (p, p)
        ``N[x, y]``.""",
             random_state=False)
def pairwise_counts(orders=None, *, ranks=None, n_features=None) -> np.ndarray:
    """``N[x, y]`` = number of lists ranking ``x`` strictly above ``y``; a ``(p, p)`` int8
    (int16 beyond 127 lists) matrix. Profile arguments as :func:`featrank.aggregate.borda`.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    return _counts(pos)


def _counts(pos):
    m, p = pos.shape
    dtype = np.int8 if m <= 127 else np.int16
    twice = np.rint(2 * pos).astype(np.int16 if p < 16000 else np.int32)
    N = np.zeros((p, p), dtype=dtype)
    for start in range(0, p, _BLOCK):
        stop = min(p, start + _BLOCK)
        acc = N[start:stop]
        for j in range(m):
            acc += twice[j, start:stop, None] < twice[j, None, :]
    return N


@profile_doc("""
    >>> pairwise_margins(orders)[0].tolist()
    [0, 1, 3, 3]""",
             returns="""
    ndarray of shape (p, p)
        ``d[x, y] = -d[y, x]``.""",
             random_state=False)
def pairwise_margins(orders=None, *, ranks=None, n_features=None) -> np.ndarray:
    """``d[x, y] = N[x, y] - N[y, x]``: how many more lists put ``x`` above ``y`` than the
    reverse (antisymmetric, int8/int16).
    """
    N = pairwise_counts(orders, ranks=ranks, n_features=n_features)
    return _margins(N)


def _margins(N):
    d = np.empty_like(N)
    p = N.shape[0]
    for start in range(0, p, 4 * _BLOCK):
        stop = min(p, start + 4 * _BLOCK)
        np.subtract(N[start:stop], N[:, start:stop].T, out=d[start:stop])
    return d
