"""The random ranking R_RND and its expected error curve (Slavkov 2020, "Expected FFA and
RFA curves"): :func:`random_orders` draws the orders, each from a seed of its own;
:func:`expected_curve` computes their curves on the rankings' CV splits, pooling FFA and
RFA."""
from __future__ import annotations

import numpy as np

from ..parallel import task_seed
from ._curve_data import _prepare, _splits
from ._curve_run import _run_splits, fast_engine
from ._scoring import _scorer
from .curvetype import KINDS, Curves
from .sizes import parse_sizes


def random_orders(p: int, n_orders: int, random_state=0, *, key=None,
                  start: int = 0) -> np.ndarray:
    """``(n_orders, p)`` uniformly random orders (the random ranking R_RND).

    Order ``i`` (``i = start, start + 1, ...``) is
    ``np.random.default_rng(task_seed(random_state, key, "random", i)).permutation(p)``
    (``key`` left out of the seed when ``None``): each order has a seed of its own, so the
    first m orders are the same whatever ``n_orders``, and an order can be recomputed alone
    (a stored task per order, as notebook 05 keeps them, draws exactly these).

    Parameters
    ----------
    p : int
        Number of features.
    n_orders : int
        Number of orders.
    random_state : int, default 0
        Seed.
    key : str, optional
        A label mixed into the seeds (notebook 05 passes the dataset's name), so that
        datasets evaluated with one ``random_state`` get different orders.
    start : int, default 0
        Index of the first order.

    Returns
    -------
    ndarray of shape (n_orders, p)

    Examples
    --------
    >>> random_orders(5, 2, random_state=0).tolist()
    [[1, 4, 2, 0, 3], [3, 0, 1, 2, 4]]
    >>> bool((random_orders(5, 3)[1:] == random_orders(5, 2, start=1)).all())
    True
    """
    words = ("random",) if key is None else (key, "random")
    return np.array([np.random.default_rng(task_seed(int(random_state), *words, int(i)))
                     .permutation(int(p)) for i in range(int(start), int(start) + int(n_orders))],
                    dtype=np.intp).reshape(int(n_orders), int(p))


def expected_curve(X, y=None, model="svm", *, n_orders: int = 100, sizes=None, cv=None,
                   n_repeats: int = 1, scoring="accuracy", random_state=0, n_jobs=None,
                   categorical=None, fast: bool = True, pool: bool = True,
                   key=None) -> Curves:
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
        Seed of the random orders (:func:`random_orders`) and of an int/None ``cv`` (use the
        rankings' seed, so both see the same splits).
    pool : bool, default True
        Pool FFA and RFA runs into one curve (both ``ffa`` and ``rfa`` hold it); ``False``
        keeps them apart.
    key : str, optional
        Mixed into the seeds of the random orders (:func:`random_orders`; notebook 05 passes
        the dataset's name, with its own ``cv`` splitter).

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
    sizes = parse_sizes(sizes, p)
    splits = _splits(X, y, cv, n_repeats, random_state)
    orders = random_orders(p, n_orders, random_state, key=key)
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
