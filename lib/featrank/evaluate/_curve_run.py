"""How error curves are computed: the engine a model gets (:func:`fast_engine`), the values
of one CV split, and the run over the splits, in this process with a progress bar or in
worker processes. :mod:`.curves` (the rankings' curves) and :mod:`.expected` (the random
ranking's) both run here."""
from __future__ import annotations

import contextlib
import multiprocessing
import numbers

import numpy as np
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC

from .._jit import numba_enabled
from .._progress import tqdm
from ..config import show_progress
from ..learners import WekaIBk, WekaPreprocessor
from ..parallel import run_tasks, single_threaded
from ._jit_note import compile_note
from ._knn_chain import _KNNChain
from ._plain_chain import _PlainChain
from ._scoring import _scorer
from ._svm_chain import _SVMChain
from .curvetype import KINDS, Curves


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


def _kinds(kind):
    if kind not in ("both", "ffa", "rfa"):
        raise ValueError(f"kind must be 'both', 'ffa' or 'rfa', got {kind!r}")
    return KINDS if kind == "both" else (kind,)


def _curves(vals, kinds, sizes, p, scoring, engine):
    """A :class:`Curves` from one order's values ``(n_splits, 2, n_sizes)``."""
    return Curves(sizes=sizes, ffa=vals[:, 0] if "ffa" in kinds else None,
                  rfa=vals[:, 1] if "rfa" in kinds else None, n_features=p,
                  scoring=_scorer(scoring)[2], meta={"engine": engine, "n_splits": len(vals)})
