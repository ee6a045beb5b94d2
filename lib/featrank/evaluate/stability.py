"""Stability of rankings with the Canberra distance (Slavkov 2020, "Stability of feature
ranking", Eqs. 1-4; Jurman et al. 2008).

* :func:`canberra` -- Eq. (1), and with ``k`` the top-k version Eq. (2), where every rank
  above ``k`` is replaced by ``k + 1``.
* :func:`expected_canberra` -- the expected top-k distance between two uniformly random
  rankings of ``n`` features, ``Ca(n, k)``. The paper approximates it by Eq. (3) for
  ``k >= 8`` claiming the exact value is intractable. It is not: a feature's ranks in two
  independent random permutations are independent and uniform on 1..n, so by linearity
  ``Ca(n, k) = n * E[|A - B| / (A + B)]`` with ``A, B`` i.i.d., ``P(r) = 1/n`` for
  ``r <= k`` and ``P(k + 1) = (n - k)/n``: an O(k) sum (here, exact). ``method="eq3"``
  gives the paper's Eq. (3) as printed: it is 5-12 times too large (e.g. Ca(100, 100) =
  38.03 exactly, Eq. (3) gives 438.0). With the sign of the ``2i`` term flipped
  (``method="eq3_fixed"``: ``... + k(1+k)/n - 2k - 3``) it agrees with the exact value to
  within 3.2 % for k >= 8 and within 1 % once n >= 30 -- presumably the intended formula.
* :func:`stability_curve` -- Eq. (4): the mean pairwise top-i distance of m rankings divided
  by ``Ca(n, i)``, at each i (0 = identical rankings, 1 = as different as random ones).

Which resampling gives the m rankings is the caller's choice: the paper says only "induced
from different samples of the dataset". featrank's notebooks use the rankings learnt on the
training sets of the CV folds that also give the error curves.
"""
from __future__ import annotations

import numpy as np

from ..orders import check_order, check_orders
from .sizes import parse_sizes


def _ranks(orders):
    orders = np.atleast_2d(orders)
    R = np.empty_like(orders)
    rows = np.arange(orders.shape[0])[:, None]
    R[rows, orders] = np.arange(1, orders.shape[1] + 1)
    return R


def canberra(a, b, k: int | None = None) -> float:
    """Canberra distance between two orders (best first) of the same ``n`` features,
    Eq. (1) of Slavkov 2020; with ``k``, the top-k distance of Eq. (2) (ranks > k -> k+1).

    Parameters
    ----------
    a, b : array-like of shape (n,)
        The two orders.
    k : int, optional
        Compare the top ``k`` only (Eq. 2); default: the full lists.

    Returns
    -------
    float

    Examples
    --------
    >>> round(canberra([0, 1, 2, 3], [1, 0, 2, 3]), 4)         # the top two swapped
    0.6667
    """
    a = check_order(a, name="a")
    b = check_order(b, a.size, name="b")
    ra, rb = _ranks(a)[0].astype(float), _ranks(b)[0].astype(float)
    if k is not None:
        k = _check_k(k, a.size)
        ra, rb = np.minimum(ra, k + 1), np.minimum(rb, k + 1)
    return float(np.sum(np.abs(ra - rb) / (ra + rb)))


def _check_k(k, n):
    k = int(k)
    if not 1 <= k <= n:
        raise ValueError(f"k must lie in [1, {n}], got {k}")
    return k


def expected_canberra(n: int, k: int | None = None, *, method: str = "exact") -> float:
    """Expected top-k Canberra distance between two uniformly random rankings of ``n``
    features, ``Ca(n, k)`` of Slavkov 2020 (``k=None``: the full list, k = n).

    ``method="exact"``: ``n * E|A-B|/(A+B)`` summed in O(k) (see module docstring).
    ``method="eq3"``: the paper's approximation Eq. (3) as printed,
    ``(k+1)(2n-k)/n * log 4 + k(1+k)/n + 2k - 3`` (wrong, see module docstring);
    ``method="eq3_fixed"``: the same with ``- 2k`` (within 3.2 % of exact for k >= 8).

    Parameters
    ----------
    n : int
        Number of features.
    k : int, optional
        Top-k distance (default: the full lists).
    method : {"exact", "eq3", "eq3_fixed"}, default "exact"
        As above.

    Returns
    -------
    float
        ``Ca(n, k)``.

    Examples
    --------
    >>> round(expected_canberra(10), 4), round(expected_canberra(10, 3), 4)
    (3.3196, 1.7133)
    """
    n = int(n)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    k = n if k is None else _check_k(k, n)
    if method in ("eq3", "eq3_fixed"):
        sign = 1 if method == "eq3" else -1
        return float((k + 1) * (2 * n - k) / n * np.log(4) + k * (1 + k) / n + sign * 2 * k - 3)
    if method != "exact":
        raise ValueError(f"method must be 'exact', 'eq3' or 'eq3_fixed', got {method!r}")
    # both ranks <= k: group the pairs (a, b) by s = a + b; sum |2a - s| over the a's
    s = np.arange(2, 2 * k + 1, dtype=float)
    hi = np.minimum(k, s - 1)
    m0 = np.floor(s / 2) + 1
    cnt = np.maximum(hi - m0 + 1, 0)
    inner = 2 * ((m0 + hi) * cnt - s * cnt) / s          # sum over a of |2a - s| / s
    both = inner.sum() / n**2
    # one rank <= k, the other truncated to k + 1 (probability (n - k)/n), both orders
    a = np.arange(1, k + 1, dtype=float)
    one = 2 * (n - k) / n**2 * np.sum((k + 1 - a) / (k + 1 + a))
    return float(n * (both + one))


def pairwise_canberra(orders, k: int | None = None) -> np.ndarray:
    """``(m, m)`` matrix of top-k Canberra distances between the rows of ``orders``.

    Parameters
    ----------
    orders : array-like of shape (m, n)
        The rankings, best first.
    k : int, optional
        Top-k distances (default: the full lists).

    Returns
    -------
    ndarray of shape (m, m)
        Symmetric, zero on the diagonal.

    Examples
    --------
    >>> pairwise_canberra([[0, 1, 2, 3], [1, 0, 2, 3], [0, 1, 3, 2]]).round(3).tolist()
    [[0.0, 0.667, 0.286], [0.667, 0.0, 0.952], [0.286, 0.952, 0.0]]
    """
    R = _ranks(check_orders(orders)).astype(float)
    if k is not None:
        R = np.minimum(R, _check_k(k, R.shape[1]) + 1)
    m = R.shape[0]
    out = np.zeros((m, m))
    for t in range(m - 1):
        d = np.sum(np.abs(R[t] - R[t + 1:]) / (R[t] + R[t + 1:]), axis=1)
        out[t, t + 1:] = out[t + 1:, t] = d
    return out


def stability_curve(orders, sizes=None, *, normalize: bool = True,
                    expected: str = "exact") -> np.ndarray:
    """Stability curve of ``m`` rankings, Eq. (4) of Slavkov 2020.

    Returns ``values`` with ``values[j] = St(S^i) / Ca(n, i)`` for ``i = sizes[j]``:
    the mean top-i Canberra distance over all pairs of rankings, divided by its expectation
    for random rankings (``normalize=False``: the raw mean distance). 0 = all rankings agree
    on their top i; about 1 = no more similar than random. ``sizes``: default 1..n, or as for
    :func:`featrank.evaluate.parse_sizes`. ``expected``: ``"exact"``, ``"eq3"`` or
    ``"eq3_fixed"``.

    Computed for all pairs and sizes at once in O(m^2 n + len(sizes) n): a feature with ranks
    lo <= hi in a pair adds 0 while i < lo, (i+1-lo)/(i+1+lo) while lo <= i < hi, and
    (hi-lo)/(hi+lo) from i = hi on.

    Parameters
    ----------
    orders : array-like of shape (m, n)
        The rankings (at least two), best first.
    sizes : None, "paper", "all" or array-like of int
        The top sizes ``i`` (default 1..n).
    normalize : bool, default True
        Divide by the expected distance of random rankings.
    expected : {"exact", "eq3", "eq3_fixed"}, default "exact"
        How that expectation is computed (:func:`expected_canberra`).

    Returns
    -------
    ndarray of shape (len(sizes),)

    Examples
    --------
    >>> orders = [[0, 1, 2, 3], [1, 0, 2, 3], [0, 1, 3, 2]]
    >>> stability_curve(orders).round(3).tolist()
    [0.889, 0.513, 0.602, 0.602]
    """
    orders = check_orders(orders)
    m, n = orders.shape
    if m < 2:
        raise ValueError("stability needs at least two rankings")
    sizes = np.arange(1, n + 1) if sizes is None else parse_sizes(sizes, n)
    R = _ranks(orders)
    nb = sizes.size + 1
    n_lo = np.zeros(n + 2)                      # pairs x features with lo = l
    lo_bin = np.zeros((n + 2) * nb)             # ... with lo = l and hi <= sizes[bin]
    const = np.zeros(nb)                        # weight (hi-lo)/(hi+lo) by bin of hi
    for t in range(m - 1):
        lo, hi = np.minimum(R[t], R[t + 1:]).ravel(), np.maximum(R[t], R[t + 1:]).ravel()
        b = np.searchsorted(sizes, hi, side="left")
        n_lo += np.bincount(lo, minlength=n + 2)
        lo_bin += np.bincount(lo * nb + b, minlength=(n + 2) * nb)
        const += np.bincount(b, weights=(hi - lo) / (hi + lo), minlength=nb)
    done = np.cumsum(lo_bin.reshape(n + 2, nb), axis=1)     # lo = l, hi <= sizes[j]
    const = np.cumsum(const)
    n_pairs = m * (m - 1) / 2
    values = np.empty(sizes.size)
    for j, i in enumerate(sizes):
        ls = np.arange(1, i + 1)
        active = n_lo[1:i + 1] - done[1:i + 1, j]
        values[j] = (const[j] + np.sum(active * (i + 1 - ls) / (i + 1 + ls))) / n_pairs
    if normalize:
        values = values / np.array([expected_canberra(n, int(i), method=expected) for i in sizes])
    return values
