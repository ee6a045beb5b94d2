"""Notebook 06's stored tasks: one per (dataset, ranker) and one per (dataset, learner).

Their names (``benchmark.ranker_task``, ``benchmark.random_task``) key the committed store;
``cv_seed`` enters a task's key only when it is given (the test–retest run), so the entries
of the first run keep theirs.
"""
from __future__ import annotations

import numpy as np

from ...evaluate import error_curves, expected_curve
from ...learners import make_learner
from ...parallel import task_seed
from ...store import task
from .data import _rows, cv_splits, load_dataset, rank_features, size_schedule


@task("benchmark.ranker_task", version="1")
def ranker_task(dataset: str, ranker: str, learners, n_folds: int, n_sizes: int,
                n_samples=None, seed: int = 0, cv_seed: int | None = None) -> dict:
    """One (dataset, ranker): its order on the whole data with its FFA/RFA curves (Slavkov
    2020's protocol), its orders on the CV training sets, and the performance curves of
    those fold rankings on their test folds (Prati 2012's protocol), per learner.

    ``seed`` draws the synthetic data, the ranker's own randomness and, unless ``cv_seed`` is
    given, the CV splits (``cv_seed``: other splits of the same data, for a test–retest).

    Returns a dict: ``order``, ``fold_orders`` (n_folds, p), ``sizes``, and per learner
    ``<learner>:ffa``, ``<learner>:rfa`` (one row per split), ``<learner>:prati`` (FFA of
    the fold rankings, one row per split).
    """
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    rseed = task_seed(seed, dataset, ranker)
    splits = cv_splits(ds.y, n_folds, seed if cv_seed is None else cv_seed)
    sizes = size_schedule(ds.X.shape[1], n_sizes)
    order = rank_features(ranker, ds.X, ds.y, seed=rseed)
    fold_orders = np.array([rank_features(ranker, _rows(ds.X, tr), ds.y[tr], seed=rseed)
                            for tr, _ in splits])
    out = {"order": order, "fold_orders": fold_orders, "sizes": sizes}
    for learner in learners:
        model = make_learner(learner)
        c = error_curves(ds.X, ds.y, order, model, sizes=sizes, cv=splits)
        prati = error_curves(ds.X, ds.y, fold_orders, model, sizes=sizes, cv=splits, kind="ffa")
        out.update({f"{learner}:ffa": c.ffa, f"{learner}:rfa": c.rfa,
                    f"{learner}:prati": prati.ffa})
    return out


# version 2: each random order drawn from its own seed (the one expected-curve implementation)
@task("benchmark.random_task", version="2")
def random_task(dataset: str, learner: str, n_folds: int, n_sizes: int, n_random: int,
                n_samples=None, seed: int = 0, cv_seed: int | None = None) -> dict:
    """The expected FFA/RFA curve of a random ranking (Slavkov 2020) on ``dataset`` with
    ``learner``, over the same splits and sizes as :func:`ranker_task`: ``mean`` (per size),
    ``std`` (per size, over orders and splits) and ``order_curves`` (per random order: its
    FFA rows, then its RFA rows)."""
    ds = load_dataset(dataset, n_samples=n_samples, seed=seed)
    sizes = size_schedule(ds.X.shape[1], n_sizes)
    c = expected_curve(ds.X, ds.y, make_learner(learner), n_orders=n_random, sizes=sizes,
                       cv=cv_splits(ds.y, n_folds, seed if cv_seed is None else cv_seed),
                       random_state=task_seed(seed, dataset, "random"))
    return {"sizes": sizes, "mean": c.ffa.mean(axis=0), "std": c.ffa.std(axis=0),
            "order_curves": c.meta["order_curves"]}
