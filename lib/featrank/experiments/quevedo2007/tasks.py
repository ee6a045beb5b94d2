"""The stored tasks of notebook 01 (found in the result store by their declared names)."""
from __future__ import annotations

import time

import numpy as np

from ...datasets import quevedo2007 as gen
from ...evaluate.aucfr import auc_fr
from ...parallel import task_seed
from ...store import task
from .grids import make_problem, make_ranker


@task("quevedo2007.ranking_task", version="1")
def ranking_task(*, problem: str, rep: int, ranker: str, seed: int, degree: int,
                 C: float | None = None, k: int = 30, standardize: bool = False,
                 **params) -> dict:
    """One data set, one ranker: ``{"auc_fr", "time_s", "n_redundant"}``."""
    ds = make_problem(problem, rep, seed, **params)
    X = ds.X
    if standardize:
        X = (X - X.mean(axis=0)) / X.std(axis=0)
    est = make_ranker(ranker, degree=degree, C=C, k=k)
    t0 = time.perf_counter()
    est.fit(X, ds.y)
    elapsed = time.perf_counter() - t0
    return dict(auc_fr=auc_fr(est.top_features_, ds.relevant, ds.redundant), time_s=elapsed,
                n_redundant=int(getattr(est, "redundant_", np.empty(0)).size))


@task("quevedo2007.r2w2_task", version="1")
def r2w2_task(*, problem: str, rep: int, seed: int, degree: int, n_iter: int, radius: str,
              **params) -> dict:
    """R2W2 with given settings on one data set of a point: ``{"auc_fr"}``."""
    from ...rankers.quevedo_rivals import R2W2

    ds = make_problem(problem, rep, seed, **params)
    est = R2W2(degree=degree, n_iter=n_iter, radius=radius).fit(ds.X, ds.y)
    return dict(auc_fr=auc_fr(est.top_features_, ds.relevant, ds.redundant))


@task("quevedo2007.anticorrelated_task", version="1")
def anticorrelated_task(*, sigma: float, ratio: float, n_sets: int, seed: int,
                        n_per_class: int = 100) -> dict:
    """``n_sets`` anti-correlated data sets at (sigma, d = ratio * sigma): the fraction on
    which the SPE-ranker flags one of the two complementary variables redundant, and the
    mean correlation of x1 and x2 (Figs. 10-11)."""
    from ...rankers.spe import SPERanker

    fails, corr = 0, []
    for rep in range(n_sets):
        rs = task_seed(seed, "anticorrelated", round(sigma, 6), round(ratio, 6), rep)
        ds = gen.make_anticorrelated(sigma=sigma, d=ratio * sigma, n_per_class=n_per_class,
                                     random_state=rs)
        fails += SPERanker(degree=1).fit(ds.X, ds.y).redundant_.size > 0
        corr.append(np.corrcoef(ds.X.T)[0, 1])
    return dict(fail_rate=fails / n_sets, mean_corr=float(np.mean(corr)))




@task("quevedo2007.solver_check_task", version="1")
def solver_check_task(*, problem: str, rep: int, seed: int, degree: int, ranker: str,
                      C: float | None = None, n_iter: int = 30, radius: str = "ball",
                      normalize: bool = False, **params) -> dict:
    """One data set, one SVM ranker with given solver settings: its AUC-FR, the SVMs it
    trained (``n_fits``) and how many of them libsvm stopped at its iteration cap
    (``n_unconverged``). R2W2 takes ``C`` (None: hard margin), ``n_iter``, ``radius`` and
    ``normalize``; RM and DM take ``C`` only."""
    ds = make_problem(problem, rep, seed, **params)
    if ranker == "R2W2":
        from ...rankers.margin import R2W2

        est = R2W2(degree=degree, C=np.inf if C is None else C, n_iter=n_iter, radius=radius,
                   normalize=normalize)
    else:
        est = make_ranker(ranker, degree=degree, C=C)
    est.fit(ds.X, ds.y)
    return dict(auc_fr=auc_fr(est.top_features_, ds.relevant, ds.redundant),
                n_fits=int(est.n_iter_), n_unconverged=int(est.n_unconverged_))
