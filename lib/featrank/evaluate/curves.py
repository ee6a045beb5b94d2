"""Error curves: forward and reverse feature addition (FFA / RFA) and the expected curve of
a random ranking -- Algorithm 1 of Slavkov et al. (2020); the same machinery gives Prati's
(2012, Sec. V-B) performance curves (FFA with any measure, rankings learnt per fold).

FFA at size ``s``: a model on the top-``s`` features of the order, RFA at size ``s``: on the
bottom-``s`` features. Each point is estimated by (repeated) stratified k-fold CV; the paper
uses 10 x 10-fold. Plotted as the paper does (Fig. 1), the FFA point of size ``s`` sits at
x = s and the RFA point of size ``s`` at x = p - s + 1 (the position of the feature that
entered last), so the RFA curve is read from right to left (:attr:`Curves.x_rfa`).

This module is the public API: the size schedule, the result type, the curves and the
engine choice. The points of one CV split are computed by an engine (:func:`fast_engine`
says which), each in its own module:

- :mod:`._knn_chain` -- Weka IBk: the distances grow by each entering feature's term;
- :mod:`._svm_chain` -- Weka's SMO pipeline: Gram matrices grow by the entering features'
  term, libsvm's solver (ported to numba, :mod:`._smo`) fits the precomputed kernel;
- :mod:`._plain_chain` -- any other model: refit per point.

``fast=False`` forces the plain loop; the tests check both give the same curves. Speed:
``make bench`` (``tests/bench/bench_curves.py``) measures the fast engines against a
scikit-learn pipeline refitted per point. The inputs are read in :mod:`._curve_data`, the
measures in :mod:`._scoring`. (Over 400 lines: some 330 of them are docstrings -- the
numpydoc and examples of the public API; about 240 lines of code.)
"""
from __future__ import annotations

import contextlib
import multiprocessing
import numbers
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC

from .._jit import numba_enabled
from .._progress import tqdm
from ..config import show_progress
from ..learners import WekaIBk, WekaPreprocessor
from ..orders import check_order
from ..parallel import run_tasks, single_threaded, task_seed
from ..store import stored_type
from ._curve_data import _prepare, _splits
from ._jit_note import compile_note
from ._knn_chain import _KNNChain
from ._plain_chain import _PlainChain
from ._scoring import _check_task, _scorer  # noqa: F401 (_check_task: tests reach it here)
from ._svm_chain import _PrecomputedSVC, _SVMChain  # noqa: F401 (the wrapper, likewise)

KINDS = ("ffa", "rfa")


# --------------------------------------------------------------------------- schedule
def size_schedule(p: int, kind: str = "paper") -> np.ndarray:
    """Subset sizes of a curve over ``p`` features.

    ``"all"``: 1, 2, ..., p. ``"paper"``: Slavkov 2020 (Sec. "Experimental setup" of the
    real-data study): from size i the next is i + delta(i), delta(i) = 1 for i <= 50, 5 for
    50 < i <= 500 and p // 20 beyond; p itself always ends the schedule.

    Parameters
    ----------
    p : int
        Number of features.
    kind : {"paper", "all"}, default "paper"
        Which schedule.

    Returns
    -------
    ndarray of int
        Strictly increasing sizes ending at ``p``.

    Examples
    --------
    >>> size_schedule(4, "all").tolist()
    [1, 2, 3, 4]
    >>> s = size_schedule(60)
    >>> s.size, s[-4:].tolist()
    (53, [50, 51, 56, 60])
    """
    p = int(p)
    if p < 1:
        raise ValueError(f"p must be >= 1, got {p}")
    if kind == "all":
        return np.arange(1, p + 1)
    if kind != "paper":
        raise ValueError(f"unknown schedule {kind!r}; use 'paper', 'all' or give the sizes")
    sizes, i = [], 1
    while i <= p:
        sizes.append(i)
        i += 1 if i <= 50 else 5 if i <= 500 else max(p // 20, 1)
    if sizes[-1] != p:
        sizes.append(p)
    return np.asarray(sizes)



def parse_sizes(sizes, p: int, *, start: int = 1) -> np.ndarray:
    """The subset sizes a curve is computed at, from a spec.

    The one parser of size specs: the experiments' spec strings are parameters of stored
    results, so each spec must keep resolving to the same sizes.

    Parameters
    ----------
    sizes : None, str or array-like of int
        ``None``/``"paper"``: the paper's schedule (:func:`size_schedule`, from ``start``
        on); ``"all"``: ``start``..p; ``"coarse:K"``: about K sizes geometric from both
        ends (1, 2, 4, ... and p, p-1, p-3, ...), dense where FFA (small sizes) and RFA
        (sizes near p) change most; ``"geometric:K"``: about K sizes spread geometrically
        from ``start`` to p; ``"even:K"``: K sizes spread evenly from ``start`` to p (all of
        them when K covers the range); or the sizes themselves, strictly increasing, in
        [1, p].
    p : int
        Number of features.
    start : int, default 1
        The smallest size of every named spec but ``"coarse:K"`` (Izetta 2017's curves
        start at 2).

    Returns
    -------
    ndarray of int
        The sizes.

    Examples
    --------
    >>> parse_sizes("all", 4).tolist()
    [1, 2, 3, 4]
    >>> parse_sizes([1, 3], 4).tolist()
    [1, 3]
    >>> parse_sizes(None, 60)[-3:].tolist()
    [51, 56, 60]
    >>> parse_sizes("coarse:8", 60).tolist()
    [1, 3, 8, 22, 39, 53, 58, 60]
    >>> parse_sizes("geometric:4", 54, start=2).tolist(), parse_sizes("even:5", 60).tolist()
    ([2, 6, 18, 54], [1, 16, 30, 45, 60])
    """
    if sizes is None:
        return size_schedule(p, "paper")
    if isinstance(sizes, str):
        return _named_sizes(sizes, int(p), int(start))
    s = np.asarray(sizes)
    if s.ndim != 1 or s.size == 0 or not np.issubdtype(s.dtype, np.integer):
        raise ValueError("sizes must be a non-empty 1-D array of integers (or 'paper'/'all')")
    if s.min() < 1 or s.max() > p:
        raise ValueError(f"sizes must lie in [1, {p}], got [{s.min()}, {s.max()}]")
    if np.any(np.diff(s) <= 0):
        raise ValueError("sizes must be strictly increasing")
    return s.astype(np.intp)


def _named_sizes(spec: str, p: int, start: int) -> np.ndarray:
    """The sizes of a named spec (see :func:`parse_sizes`)."""
    name, _, k = spec.partition(":")
    if not k:
        s = size_schedule(p, spec)
        return s[s >= start]
    if name not in ("coarse", "geometric", "even") or not k.isdigit():
        raise ValueError(f"unknown sizes spec {spec!r}; use 'paper', 'all', 'coarse:K', "
                         "'geometric:K', 'even:K' or give the sizes")
    k = int(k)
    if name == "coarse":
        a = np.round(np.geomspace(1, p, max(2, k // 2 + 1))).astype(int)
        return np.unique(np.concatenate([a, p + 1 - a, [1, p]]))
    if name == "geometric":
        return np.unique(np.round(np.geomspace(start, p, k)).astype(int))
    if k >= p - start + 1:
        return np.arange(start, p + 1)
    return np.unique(np.round(np.linspace(start, p, k)).astype(int))


# --------------------------------------------------------------------------- result
@stored_type("Curves", "featrank.evaluate.curves:Curves")   # the alias: entries stored before
@dataclass                                                    # types had names
class Curves:
    """FFA / RFA curves.

    ``ffa``, ``rfa``: raw values ``(n_runs, n_sizes)``, one row per CV split (and per order,
    for several orders), ``None`` if not computed. ``x_ffa``/``x_rfa``: plotting positions
    (Slavkov 2020, Fig. 1: RFA of size s at x = p - s + 1).

    ``scoring`` names what the values are: ``"accuracy"`` by default (higher is better, so
    a good ranking's FFA curve *rises* fast and its RFA curve stays low), ``"error"``
    (1 - accuracy: the curves fall) or a callable's name. :func:`error_curves` and
    :func:`expected_curve` take ``scoring="error"`` to get error rates;
    :func:`featrank.evaluate.eca_vs_random` reads ``scoring`` to choose the sign.

    Parameters
    ----------
    sizes : ndarray of int
        The subset sizes of the points.
    ffa, rfa : ndarray of shape (n_runs, n_sizes) or None
        The raw values.
    n_features : int
        The number of features ``p``.
    scoring : str, default "accuracy"
        What the values measure.
    meta : dict
        How they were computed (engine, splits, ...).

    Attributes
    ----------
    ffa_mean, rfa_mean, ffa_std, rfa_std : ndarray of shape (n_sizes,) or None
        Mean and standard deviation over the runs.
    x_ffa, x_rfa : ndarray of int
        Plotting positions.

    Examples
    --------
    >>> c = Curves(sizes=np.array([1, 2, 3]), ffa=np.array([[0.6, 0.8, 0.9], [0.8, 0.8, 0.9]]),
    ...            rfa=None, n_features=3)
    >>> c.ffa_mean.tolist(), c.x_rfa.tolist(), c.to_frame().shape
    ([0.7, 0.8, 0.9], [3, 2, 1], (3, 5))
    """

    sizes: np.ndarray
    ffa: np.ndarray | None
    rfa: np.ndarray | None
    n_features: int
    scoring: str = "accuracy"
    meta: dict = field(default_factory=dict)

    ffa_mean = property(lambda self: None if self.ffa is None else self.ffa.mean(axis=0))
    rfa_mean = property(lambda self: None if self.rfa is None else self.rfa.mean(axis=0))
    ffa_std = property(lambda self: None if self.ffa is None else self.ffa.std(axis=0))
    rfa_std = property(lambda self: None if self.rfa is None else self.rfa.std(axis=0))
    x_ffa = property(lambda self: self.sizes)
    x_rfa = property(lambda self: self.n_features - self.sizes + 1)

    def to_frame(self):
        """Long table: curve, size, x, mean, std."""
        rows = []
        for kind in KINDS:
            vals = getattr(self, kind)
            if vals is None:
                continue
            x = self.x_ffa if kind == "ffa" else self.x_rfa
            rows.append(pd.DataFrame({"curve": kind, "size": self.sizes, "x": x,
                                      "mean": vals.mean(0), "std": vals.std(0)}))
        return pd.concat(rows, ignore_index=True)


def curve_area(curve, sizes=None, *, kind: str = "ffa", normalize: bool = True) -> float:
    """Area under a curve by the trapezoid rule over the subset sizes (Prati 2012, Sec. VI
    compares rankings by the area under their performance curves).

    ``curve``: a :class:`Curves` (then ``kind`` picks FFA or RFA mean) or a 1-D array of
    values at ``sizes`` (default 1..len). ``normalize``: divide by the size range, i.e. the
    mean height (a single point returns its value).

    Parameters
    ----------
    curve : Curves or array-like of shape (n_points,)
        The curve.
    sizes : array-like of shape (n_points,), optional
        The subset sizes of the values (an array ``curve`` only).
    kind : {"ffa", "rfa"}, default "ffa"
        Which mean curve of a :class:`Curves`.
    normalize : bool, default True
        Divide by the size range.

    Returns
    -------
    float

    Examples
    --------
    >>> values = [0.5, 0.7, 0.8, 0.8]
    >>> round(curve_area(values), 4), round(curve_area(values, normalize=False), 2)
    (0.7167, 2.15)
    """
    if isinstance(curve, Curves):
        sizes, values = curve.sizes, getattr(curve, f"{kind}_mean")
        if values is None:
            raise ValueError(f"the curves hold no {kind.upper()} values")
    else:
        values = np.asarray(curve, dtype=float)
        sizes = np.arange(1, values.size + 1) if sizes is None else np.asarray(sizes, float)
    if values.ndim != 1 or values.shape != np.shape(sizes):
        raise ValueError("curve values and sizes must be 1-D of the same length")
    if values.size == 1:
        return float(values[0])
    area = float(np.sum((values[1:] + values[:-1]) * np.diff(sizes)) / 2)
    return area / float(sizes[-1] - sizes[0]) if normalize else area



# --------------------------------------------------------------------------- engines
_ENGINES = {"plain": _PlainChain, "knn": _KNNChain, "svm": _SVMChain}


def fast_engine(model) -> str:
    """Which engine computes curves of ``model``: ``"knn"``, ``"svm"`` or ``"plain"``.

    Parameters
    ----------
    model : classifier
        The model of the curves (a learner of :func:`featrank.learners.make_learner` or a
        scikit-learn classifier).

    Returns
    -------
    str
        ``"knn"`` for Weka IBk, ``"svm"`` for Weka's SMO pipeline with a linear or
        polynomial kernel, else ``"plain"`` (refit per point).

    Examples
    --------
    >>> from featrank.learners import make_learner
    >>> [fast_engine(make_learner(name)) for name in ("knn", "svm", "nb")]
    ['knn', 'svm', 'plain']
    """
    if type(model) is WekaIBk:
        return "knn"
    if isinstance(model, Pipeline) and len(model.steps) == 2:
        prep, est = model.steps[0][1], model.steps[1][1]
        plain_svc = type(est) is SVC and est.probability is not True and not est.break_ties \
            and est.decision_function_shape == "ovr"
        if type(prep) is WekaPreprocessor and plain_svc:
            if est.kernel == "linear":
                return "svm"
            if est.kernel == "poly" and isinstance(est.gamma, numbers.Real) \
                    and float(est.degree).is_integer():
                return "svm"
    return "plain"



# --------------------------------------------------------------------------- one split
def _split_values(X, y, train, test, orders, model, categorical, sizes, kinds, scoring,
                  engine, share=False):
    """Curve values of every order on one CV split: ``(n_orders, 2, n_sizes)``, NaN for a
    curve kind not asked for. ``share``: a point whose fit was made for an earlier order
    (see the engines' ``memo``) is not refitted."""
    ytr = y[train]
    if np.unique(ytr).size < 2:
        raise ValueError(f"a training fold holds a single class ({ytr[0]}); use fewer folds "
                         "or check the labels")
    score, need_score, _ = _scorer(scoring)
    with _compile_note(engine):
        chain = _ENGINES[engine](model, X[train], ytr, X[test], categorical, need_score)
        yte = y[test]
        out = np.full((len(orders), 2, len(sizes)), np.nan)
        memo = {} if share else None
        for o, order in enumerate(orders):
            for k, kind in enumerate(KINDS):
                if kind in kinds:
                    for j, (pred, sc) in enumerate(chain.run(order, kind, sizes, memo)):
                        out[o, k, j] = score(yte, pred, sc)
    return out


def _compile_note(engine):
    """The context printing a note while numba compiles the engines (:mod:`._jit_note`);
    a no-op for the plain loop or with ``FEATRANK_NO_NUMBA``."""
    if engine == "plain" or not numba_enabled():
        return contextlib.nullcontext()
    return compile_note()



def _run_splits(X, y, splits, orders_per_split, model, cat, sizes, kinds, scoring, engine,
                n_jobs, desc, share=False):
    tasks = [dict(X=X, y=y, train=tr, test=te, orders=o, model=model, categorical=cat,
                  sizes=sizes, kinds=kinds, scoring=scoring, engine=engine, share=share)
             for (tr, te), o in zip(splits, orders_per_split)]
    if n_jobs in (None, 1):      # in this process, BLAS single-threaded as in the workers
        with single_threaded():
            return np.stack([_split_values(**t) for t in _bar(tasks, desc)])
    return np.stack(run_tasks(_split_values, tasks, n_jobs=n_jobs, desc=desc,
                              progress=_show_bar()))


#: seconds before the progress bar of a run in this process appears (short runs show none)
BAR_DELAY = 2.0


def _bar(tasks, desc):
    """``tasks`` with a progress bar (per CV split, with ETA) that appears once the run has
    taken :data:`BAR_DELAY` seconds and vanishes at the end."""
    return tqdm(tasks, desc=desc, unit="split", leave=False, delay=BAR_DELAY,
                disable=not _show_bar())


def _show_bar() -> bool:
    """Bars on as :func:`featrank.config.show_progress` says, never inside a worker process
    (an experiment grid running the curves there shows its own bar)."""
    return show_progress() and multiprocessing.parent_process() is None


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
    scoring : "accuracy" (default), "error" or callable
        The measure at each point; a callable is ``f(y_true, y_pred, y_score)`` where
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


def _kinds(kind):
    if kind not in ("both", "ffa", "rfa"):
        raise ValueError(f"kind must be 'both', 'ffa' or 'rfa', got {kind!r}")
    return KINDS if kind == "both" else (kind,)


def _curves(vals, kinds, sizes, p, scoring, engine):
    """A :class:`Curves` from one order's values ``(n_splits, 2, n_sizes)``."""
    return Curves(sizes=sizes, ffa=vals[:, 0] if "ffa" in kinds else None,
                  rfa=vals[:, 1] if "rfa" in kinds else None, n_features=p,
                  scoring=_scorer(scoring)[2], meta={"engine": engine, "n_splits": len(vals)})


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
