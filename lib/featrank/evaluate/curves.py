"""Error curves: forward and reverse feature addition (FFA / RFA) and the expected curve of
a random ranking -- Algorithm 1 of Slavkov et al. (2020); the same machinery gives Prati's
(2012, Sec. V-B) performance curves (FFA with any measure, rankings learnt per fold).

FFA at size ``s``: a model on the top-``s`` features of the order, RFA at size ``s``: on the
bottom-``s`` features. Each point is estimated by (repeated) stratified k-fold CV; the paper
uses 10 x 10-fold. Plotted as the paper does (Fig. 1), the FFA point of size ``s`` sits at
x = s and the RFA point of size ``s`` at x = p - s + 1 (the position of the feature that
entered last), so the RFA curve is read from right to left (:attr:`Curves.x_rfa`).

This module is the public API of the curves (every name below is importable from it): the
rankings' curves here, the subset sizes in :mod:`.sizes`, the result type :class:`Curves` in
:mod:`.curvetype`, the random ranking's expected curve in :mod:`.expected`, and the engine
choice and the run over the CV splits in :mod:`._curve_run`. The points of one CV split are
computed by an engine (:func:`fast_engine` says which), each in its own module:

- :mod:`._knn_chain` -- Weka IBk: the distances grow by each entering feature's term;
- :mod:`._svm_chain` -- Weka's SMO pipeline: Gram matrices grow by the entering features'
  term, libsvm's solver (ported to numba, :mod:`._smo`) fits the precomputed kernel;
- :mod:`._plain_chain` -- any other model: refit per point.

``fast=False`` forces the plain loop; the tests check both give the same curves. Speed:
``make bench`` (``tests/bench/bench_curves.py``) measures the fast engines against a
scikit-learn pipeline refitted per point. The inputs are read in :mod:`._curve_data`, the
measures in :mod:`._scoring`.
"""
from __future__ import annotations

import numpy as np

from ..orders import check_order
from ._curve_data import _prepare, _splits
from ._curve_run import _curves, _kinds, _run_splits, fast_engine
from ._scoring import _check_task  # noqa: F401 (tests reach it here)
from ._svm_chain import _PrecomputedSVC  # noqa: F401 (the wrapper, likewise)
from .curvetype import KINDS, Curves, curve_area  # noqa: F401 (re-exported)
from .expected import expected_curve, random_orders  # noqa: F401 (re-exported)
from .sizes import parse_sizes, size_schedule  # noqa: F401 (re-exported)


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
        training set, as Prati 2012 does): row ``s`` scores split ``s`` alone, so the
        test rows of a split never helped choose its features.
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
        10 x 10-fold (``n_repeats=10``); a ``ValueError`` says how many folds fit when
        no class has that many rows.
    n_repeats : int, default 1
        Repeats of an int/None ``cv``.
    scoring : "accuracy" (default), "balanced_accuracy", "error" or callable
        The measure at each point (``"balanced_accuracy"``: the mean recall over the test
        fold's classes, for unbalanced classes); a callable is ``f(y_true, y_pred, y_score)`` where
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
    p, kinds = X.shape[1], _kinds(kind)
    sizes = parse_sizes(sizes, p)
    splits = _splits(X, y, cv, n_repeats, random_state)
    o = np.asarray(order)
    if o.ndim == 2:
        if o.shape[0] != len(splits):
            raise ValueError(f"order has {o.shape[0]} rows but cv gives {len(splits)} splits")
        per_split = [check_order(r, p)[None] for r in o]
    else:
        per_split = [check_order(o, p)[None]] * len(splits)
    engine = fast_engine(model) if fast else "plain"
    vals = _run_splits(X, y, splits, per_split, model, cat, sizes, kinds, scoring, engine,
                       n_jobs, "error curves")
    return _curves(vals[:, 0], kinds, sizes, p, scoring, engine)


def ranking_curves(X, y, orders, model, *, sizes=None, kind: str = "both", cv=None,
                   n_repeats: int = 1, scoring="accuracy", random_state=0, n_jobs=None,
                   categorical=None, fast: bool = True) -> dict:
    """FFA/RFA curves of several rankings on the same CV splits, sharing their model fits.

    Each curve equals :func:`error_curves` of that ranking, bit for bit. On each split, a
    point whose features enter in a sequence already fitted for an earlier ranking (rankings
    that agree on their top features, in the same order, or are equal) reuses that fit; the
    SVM engine still brings its Gram matrices up to date point by point, so the sums are the
    same. In Prati 2012's folds the thirteen rankings share 1-60 % of their fits this way
    (letter: 45 %). The k-NN engine, whose points cost no fit, shares nothing.

    Parameters
    ----------
    X, y, model, sizes, kind, cv, n_repeats, scoring, random_state, n_jobs, categorical, fast
        As :func:`error_curves`. A stateful ``scoring`` callable sees the points in order:
        split by split, ranking by ranking (``orders``' order), FFA before RFA, size by size.
    orders : mapping of str to array-like of shape (p,)
        The rankings, best first, by name.

    Returns
    -------
    dict of str to Curves
        The curves of each ranking, under its name.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> both = ranking_curves(X, y, {"a": [2, 0, 1, 3], "b": [2, 0, 3, 1]}, "nb", cv=3)
    >>> alone = error_curves(X, y, [2, 0, 3, 1], "nb", cv=3)
    >>> sorted(both), bool(np.array_equal(both["b"].ffa, alone.ffa))
    (['a', 'b'], True)
    """
    names = list(orders)
    X, y, model, cat = _prepare(X, y, model, categorical, scoring)
    p, kinds = X.shape[1], _kinds(kind)
    sizes = parse_sizes(sizes, p)
    splits = _splits(X, y, cv, n_repeats, random_state)
    o = np.stack([check_order(orders[n], p) for n in names])
    engine = fast_engine(model) if fast else "plain"
    vals = _run_splits(X, y, splits, [o] * len(splits), model, cat, sizes, kinds, scoring,
                       engine, n_jobs, "ranking curves", share=True)
    return {n: _curves(vals[:, i], kinds, sizes, p, scoring, engine)
            for i, n in enumerate(names)}
