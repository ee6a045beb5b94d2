"""Score and rank fusion from information retrieval: reciprocal rank fusion (Cormack, Clarke &
Buettcher, SIGIR 2009) and CombSUM / CombMNZ (Fox & Shaw, TREC-2, 1994), with the
normalisations of ranx (Bassani, ECIR 2022), whose definitions these follow.

``rrf`` takes orders (full or partial, as :func:`featrank.aggregate.borda`). ``combsum`` and
``combmnz`` take ``scores``, an ``(m, p)`` array of per-list scores (higher = better, NaN = the
list does not score that feature), normalised list by list over the features it scores:

* ``"minmax"``: ``(s - min) / (max - min)`` (ranx's ``"min-max"``; a constant list gives 0);
* ``"zscore"``: ``(s - mean) / sd``, population SD (ranx's ``"zmuv"``; constant list: 0);
* ``"rank"``: ``1 - i / n_j``, ``i`` = 0-based position by decreasing score among the
  ``n_j`` features list j scores (ranx's ``"rank"``);
* ``"borda"``: ``1 - i / n_c`` over the ``n_c`` features some list scores; a feature list j
  leaves out gets the mean of the unused values, ``0.5 - (n_j - 1) / (2 n_c)``, and then
  counts as scored by list j (ranx's ``"borda"``);
* ``None``: the raw scores.

Equal scores take positions by the lower feature index first. ranx floors the min-max range
and the SD at 1e-9 instead of testing for zero; the two agree unless a list's scores span
less than 1e-9.
"""
from __future__ import annotations

import numpy as np

from ._profile import finish_order, listed, positions, profile_doc

NORMALIZATIONS = ("minmax", "zscore", "rank", "borda", None)


def rrf_scores(orders, k: float = 60, n_features: int | None = None) -> np.ndarray:
    """Reciprocal rank fusion scores (Cormack et al. 2009): ``sum_j 1 / (k + pos_j)`` over the
    lists that rank the feature (``pos`` 1 = first); higher = better.

    Parameters
    ----------
    orders : array-like of shape (m, p), or a sequence of 1-D partial orders
        The lists, best first (top-k lists: give ``n_features``).
    k : float, default 60
        The paper's constant (60, as ranx's default).
    n_features : int, optional
        The number of features (needed for top-k lists of equal length).

    Returns
    -------
    ndarray of shape (p,)
        A feature no list ranks scores 0.

    Examples
    --------
    >>> s = rrf_scores([[0, 1, 2], [1, 0, 2]], k=1)   # 1/2 + 1/3 for features 0 and 1
    >>> [round(v, 4) for v in s.tolist()]
    [0.8333, 0.8333, 0.5]
    """
    if not k >= 0:
        raise ValueError(f"k must be >= 0, got {k!r}")
    pos = positions(orders, n_features=n_features)
    return np.where(listed(orders, pos), 1.0 / (k + pos), 0.0).sum(axis=0)


@profile_doc("""
    >>> rrf([[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3]]).tolist()
    [0, 1, 2, 3]
    >>> rrf([[3], [2, 0]], n_features=4).tolist()          # partial lists
    [2, 3, 0, 1]""",
             parameters="""    orders, k, n_features
        As :func:`rrf_scores`.""", profile=False)
def rrf(orders, k: float = 60, n_features: int | None = None, *,
        random_state=None) -> np.ndarray:
    """Reciprocal rank fusion (Cormack et al. 2009): features by decreasing
    :func:`rrf_scores`.
    """
    return finish_order((-rrf_scores(orders, k, n_features),), random_state)


def _check_scores(scores):
    s = np.array(scores, dtype=float)
    if s.ndim != 2 or s.shape[0] == 0:
        raise ValueError(f"scores must be a 2-D array (m lists, p features), got shape {s.shape}")
    if np.isinf(s).any():
        raise ValueError("scores must be finite (NaN: the list does not score the feature)")
    return s


def _places(s, ok):
    """0-based position of each scored feature by decreasing score within its list (equal
    scores: the lower index first)."""
    key = np.where(ok, -s, np.inf)
    order = np.argsort(key, axis=1, kind="stable")
    place = np.empty(s.shape)
    np.put_along_axis(place, order, np.arange(s.shape[1], dtype=float)[None, :], axis=1)
    return place


def normalize_scores(scores, normalization="minmax") -> np.ndarray:
    """Each list's scores normalised over the features it scores (see the module docstring
    for the five choices, ranx's); NaN where the list scores nothing (never with "borda").

    Parameters
    ----------
    scores : array-like of shape (m, p)
        Per-list scores, higher = better, NaN = not scored by that list.
    normalization : {"minmax", "zscore", "rank", "borda", None}, default "minmax"
        How.

    Returns
    -------
    ndarray of shape (m, p)

    Examples
    --------
    >>> normalize_scores([[3.0, 1.0, 2.0, np.nan]]).tolist()
    [[1.0, 0.0, 0.5, nan]]
    >>> np.round(normalize_scores([[3.0, 1.0, 2.0, np.nan]], "rank"), 4).tolist()
    [[1.0, 0.3333, 0.6667, nan]]
    """
    s = _check_scores(scores)
    ok = ~np.isnan(s)
    if normalization is None:
        return s
    n = ok.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        if normalization == "minmax":
            lo, hi = np.nanmin(np.where(ok.any(1, keepdims=True), s, 0), axis=1, keepdims=True), \
                np.nanmax(np.where(ok.any(1, keepdims=True), s, 0), axis=1, keepdims=True)
            out = (s - lo) / np.where(hi > lo, hi - lo, 1.0)
        elif normalization == "zscore":
            mean = np.nansum(s, axis=1, keepdims=True) / np.maximum(n, 1)
            sd = np.sqrt(np.nansum((s - mean) ** 2, axis=1, keepdims=True) / np.maximum(n, 1))
            out = (s - mean) / np.where(sd > 0, sd, 1.0)
        elif normalization == "rank":
            out = np.where(ok, 1.0 - _places(s, ok) / np.maximum(n, 1), np.nan)
        elif normalization == "borda":
            cand = ok.any(axis=0)
            nc = max(int(cand.sum()), 1)
            fill = 0.5 - (n - 1) / (2.0 * nc)
            out = np.where(ok, 1.0 - _places(s, ok) / nc, fill)
            out[:, ~cand] = np.nan
        else:
            raise ValueError(f"normalization must be one of {NORMALIZATIONS}, "
                             f"got {normalization!r}")
    return out


_SCORES = """    scores : array-like of shape (m, p)
        Per-list scores, higher = better, NaN = not scored.
    normalization : {"minmax", "zscore", "rank", "borda", None}, default "minmax"
        See :func:`normalize_scores`."""
_COMB_RETURNS = """
    ndarray of shape (p,)
        NaN for a feature no list scores."""


def _comb(scores, normalization, mnz):
    """CombSUM, or with ``mnz`` CombMNZ, of the normalised scores."""
    z = normalize_scores(scores, normalization)
    ok = ~np.isnan(z)
    count = ok.sum(axis=0)
    total = np.where(ok, z, 0.0).sum(axis=0) * (count if mnz else 1)
    return np.where(count > 0, total, np.nan)


@profile_doc("""
    >>> combsum_scores([[3.0, 1.0, 2.0], [np.nan, 4.0, 0.0]]).tolist()
    [1.0, 1.0, 0.5]""", parameters=_SCORES, returns=_COMB_RETURNS, random_state=False,
             profile=False)
def combsum_scores(scores, normalization="minmax") -> np.ndarray:
    """CombSUM (Fox & Shaw 1994): the sum of a feature's normalised scores over the lists that
    score it.
    """
    return _comb(scores, normalization, mnz=False)


@profile_doc("""
    >>> combmnz_scores([[3.0, 1.0, 2.0], [np.nan, 4.0, 0.0]]).tolist()
    [1.0, 2.0, 1.0]""", parameters=_SCORES, returns=_COMB_RETURNS, random_state=False,
             profile=False)
def combmnz_scores(scores, normalization="minmax") -> np.ndarray:
    """CombMNZ (Fox & Shaw 1994) as ranx computes it: CombSUM times the number of lists that
    score the feature (Fox & Shaw count the lists giving a nonzero similarity; ranx, PyFLAGR
    and most later work count the lists the item appears in, as here). With ``"borda"`` every
    list scores every candidate, so CombMNZ is ``m`` times CombSUM.
    """
    return _comb(scores, normalization, mnz=True)


def _order(values, random_state):
    """Decreasing ``values``, NaN (scored by no list) last."""
    return finish_order((np.where(np.isnan(values), np.inf, -values),), random_state)


@profile_doc("""
    >>> combsum([[3.0, 1.0, 2.0], [np.nan, 4.0, 0.0]]).tolist()
    [0, 1, 2]""", parameters=_SCORES, profile=False)
def combsum(scores, normalization="minmax", *, random_state=None) -> np.ndarray:
    """Features by decreasing CombSUM (:func:`combsum_scores`); features no list scores last.
    """
    return _order(_comb(scores, normalization, mnz=False), random_state)


@profile_doc("""
    >>> combmnz([[3.0, 1.0, 2.0], [np.nan, 4.0, 0.0]]).tolist()
    [1, 0, 2]""", parameters=_SCORES, profile=False)
def combmnz(scores, normalization="minmax", *, random_state=None) -> np.ndarray:
    """Features by decreasing CombMNZ (:func:`combmnz_scores`); features no list scores last.
    """
    return _order(_comb(scores, normalization, mnz=True), random_state)
