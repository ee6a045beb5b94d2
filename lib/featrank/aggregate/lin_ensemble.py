"""Lin: the ensemble baseline of Saeys, Abeel & Van de Peer (2008) as Prati 2012 (Sec. V-D)
ran it: a ranker (ReliefF there) on bootstrap samples of the training set, combined by rank
averaging."""
from __future__ import annotations

import numpy as np
from sklearn.base import clone

from ..orders import order_from_scores
from .positional import borda


def lin(X, y, *, ranker, n_bags=10, fraction=0.9, random_state=None, return_orders=False):
    """Lin's ensemble ranking (Saeys et al. 2008, "linear" aggregation; Prati 2012, Sec. V-D).

    Unlike the other aggregators this one takes the data, not a profile: it draws
    ``n_bags`` = 10 samples of ``fraction`` = 90 % of the rows of ``(X, y)`` with replacement,
    ranks the features on each with a clone of ``ranker`` and combines the orders by Borda
    (rank averaging). A bag that happens to hold a single class (possible with very
    unbalanced data, e.g. sponge) is drawn again.

    Parameters
    ----------
    X : array-like of shape (n, p)
        The data.
    y : array-like of shape (n,)
        Class labels (at least two classes).
    ranker : ranker
        The base ranker, cloned and fitted on each bag (anything with ``fit`` setting
        ``scores_``). Prati 2012 uses Weka's ReliefF: ``featrank.rankers.ReliefF(
        categorical=...)``, given the whole data's nominal values (``Dataset.categories``)
        so that a bag missing a value still counts it, as Weka's header does.
    n_bags : int, default 10
        Number of bootstrap samples.
    fraction : float, default 0.9
        Size of a sample, as a fraction of the rows, in (0, 1].
    random_state : int or None
        Seed of the samples.
    return_orders : bool, default False
        Also return the ``(n_bags, p)`` base orders.

    Returns
    -------
    order : ndarray of shape (p,)
        The aggregated order, best first (remaining ties: lower feature index).
    orders : ndarray of shape (n_bags, p)
        The base orders (with ``return_orders=True``).

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import ReliefF
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> order, bags = lin(X, y, ranker=ReliefF(), n_bags=3, random_state=0,
    ...                   return_orders=True)
    >>> bags.shape, int(order[0])
    ((3, 4), 2)
    """
    if not hasattr(ranker, "fit"):
        raise ValueError(f"ranker must be a ranker (with fit and scores_), got {ranker!r}")
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    n = X.shape[0]
    if X.ndim != 2 or y.shape != (n,):
        raise ValueError(f"X must be 2-D and y of length {n}, got {X.shape} and {y.shape}")
    if not (0 < fraction <= 1) or int(n_bags) < 1:
        raise ValueError("need 0 < fraction <= 1 and n_bags >= 1")
    rng = np.random.default_rng(random_state)
    size = max(2, int(round(fraction * n)))
    orders = []
    if np.unique(y).size < 2:
        raise ValueError("lin needs at least two classes in y")
    for _ in range(int(n_bags)):
        rows = rng.integers(0, n, size=size)
        while np.unique(y[rows]).size < 2:  # a bag of one class cannot be ranked: redraw it
            rows = rng.integers(0, n, size=size)
        r = clone(ranker).fit(X[rows], y[rows])
        orders.append(order_from_scores(r.scores_))
    orders = np.array(orders)
    agg = borda(orders)  # remaining ties: lower feature index
    return (agg, orders) if return_orders else agg
