"""Slavkov 2020: notebook 05's paper run, in an order that makes a stopped run useful, and
what of it the store holds.

The paper's protocol takes days on 2 cores, most of it the 100 noisy rankings R_theta per
theta. :func:`fill` runs it in this order:

1. R_GT and two realisations of R_theta, and two random orders of the expected curve, for each
   synthetic dataset (what Fig. 3 needs at the least);
2. the learner study on ``combined`` (Figs. 5-6), then Fig. A1 (its expected curve is the
   one of Fig. 3, so far of two random orders);
3. the real datasets of Table 1, one at a time: first those whose figures' claims the summary
   tests (:data:`CLAIMED`), then the others cheapest first (:func:`by_cost`; Figs. 7, 8,
   A2-A12);
4. the selection-bias check;
5. where the profile asks for it (``fig3_single``), Fig. 3 at 1 x 10-fold CV and every size:
   the ground truth with its ties broken at random, then the realisations of R_theta ten at a
   time on every synthetic dataset (what the verdict of Fig. 3 rests on);
6. the expected curves of the synthetic datasets, with all their random orders;
7. the other realisations of R_theta.

Rendered from the store (``make``), the notebook shows what is there: the realisations of
R_theta (:func:`featrank.experiments.slavkov2020.stored_realisations`), the random orders of
the synthetic expected curves (:func:`stored_orders`), and the datasets whose assessment is
complete (:func:`stored_datasets`), and says what is missing.
"""
from __future__ import annotations

import math
import time

from ...parallel import complete_prefix, is_stored
from . import curves as E
from .profiles import Profile
from .protocol import RANKERS, TABLE1


def cv_of(settings: Profile, seed: int = 0) -> dict:
    """The cross-validation and size schedule of the curves at a profile's settings."""
    return settings.cv(seed)


#: the datasets of the claims of Figs. 7 (breast-w) and 8 (amlPrognosis), run first
CLAIMED = ("breast-w", "amlPrognosis")


def by_cost(datasets, first=()) -> list:
    """Table 1 ``datasets`` cheapest first, by n^2 p (Table 1's samples squared times features:
    the SMO solver's cost of one fit on every feature), so a run stopped early has assessed as
    many datasets as it could. A rough order (chess the dearest, iris the cheapest). Datasets
    not in Table 1 come last, in the order given; those in ``first`` come first, in its order.

    >>> by_cost(["chess", "prostate", "iris"])
    ['iris', 'prostate', 'chess']
    >>> by_cost(["chess", "prostate", "iris"], first=["prostate"])
    ['prostate', 'iris', 'chess']
    """
    shape = {d: TABLE1.get(d, (math.inf, 1)) for d in datasets}
    cost = {d: n ** 2 * p for d, (n, p, *_) in shape.items()}
    rest = sorted([d for d in datasets if d not in first], key=cost.get)
    return [d for d in first if d in shape] + rest


def assessment(dataset: str, settings: Profile, *, seed: int = 0, n_random: int | None = None,
               n_jobs=None) -> tuple:
    """``(curves, expected, stability)`` of one dataset (Figs. 7, 8, A1-A12): the four
    rankers' FFA/RFA curves (SVM), the expected curve of ``n_random`` random orders (default:
    the profile's), and each ranker's stability curve (Eq. 4)."""
    cv = cv_of(settings, seed)
    curves = {r: c for (_, r, _), c in E.all_ranker_curves([dataset], RANKERS, ("svm",), **cv,
                                                           n_jobs=n_jobs).items()}
    expected = E.expected_curves(dataset, n_orders=n_random or settings.n_random, **cv,
                                 n_jobs=n_jobs)
    stab = {r: E.stability(dataset, r, settings.n_resamples, sizes=settings.sizes,
                           seed=seed, n_jobs=n_jobs) for r in RANKERS}
    return curves, expected, stab


def bias_curves(dataset: str, settings: Profile, *, seed: int = 0, n_jobs=None) -> tuple:
    """``(full, train)``: the four rankers' curves ranked once on all the data (the paper) and
    ranked again in every training fold (the selection-bias check)."""
    cv = cv_of(settings, seed)
    return tuple(E.all_ranker_curves([dataset], RANKERS, ("svm",), **cv, fit_on=fit_on,
                                     n_jobs=n_jobs) for fit_on in ("full", "train"))


def stored_datasets(datasets, settings: Profile, *, seed: int = 0, n_random=None) -> list:
    """The ``datasets`` whose whole :func:`assessment` is in the store (nothing runs)."""
    return [d for d in datasets
            if is_stored(assessment, d, settings, seed=seed, n_random=n_random, n_jobs=1)]


def stored_orders(datasets, settings: Profile, *, seed: int = 0) -> int:
    """The largest m <= the profile's ``n_random`` such that the first m random orders of
    the expected curve of every dataset are stored (nothing runs)."""
    cv = cv_of(settings, seed)
    return complete_prefix(lambda m: all(is_stored(E.expected_curves, d, n_orders=m, **cv,
                                                   n_jobs=1) for d in datasets),
                           settings.n_random)


def fig3_single_cv(settings: Profile, seed: int = 0) -> dict:
    """The CV of Fig. 3's second run: 1 x ``n_folds``-fold, every size (notebook 04's
    protocol for ``combined``, which it stores in this notebook's store)."""
    return dict(n_repeats=1, n_folds=settings.n_folds, sizes="all", seed=seed)


def _fig3_single(S: Profile, seed, n_jobs) -> None:
    cv = fig3_single_cv(S, seed)
    for d in S.synthetic:
        E.tie_broken_gt(d, S.n_gt_ties, **cv, n_jobs=n_jobs)
    for m in range(10, S.n_noisy + 10, 10):
        for d in S.synthetic:
            E.theta_family(d, S.thetas, min(m, S.n_noisy), **cv, n_jobs=n_jobs)


def _steps(settings: Profile, real, bias, seed, n_jobs) -> list:
    S, cv, kw = settings, cv_of(settings, seed), dict(seed=seed, n_jobs=n_jobs)
    syn = S.synthetic
    return [
        ("R_GT, 2 realisations of R_theta, 2 random orders", lambda: [
            (E.theta_family(d, S.thetas, min(2, S.n_noisy), **cv, n_jobs=n_jobs),
             E.expected_curves(d, n_orders=min(2, S.n_random), **cv, n_jobs=n_jobs))
            for d in syn]),
        ("learner study on combined", lambda: E.all_ranker_curves(
            ["combined"], RANKERS, S.learners, **cv, n_jobs=n_jobs)),
        ("Fig. A1 (combined), 2 random orders", lambda: assessment(
            "combined", S, n_random=min(2, S.n_random), **kw)),
        *[(f"Table 1: {d}", lambda d=d: assessment(d, S, **kw)) for d in by_cost(real, CLAIMED)],
        *[(f"selection bias: {d}", lambda d=d: bias_curves(d, S, **kw)) for d in bias],
        *([("Fig. 3 at 1 x 10-fold CV", lambda: _fig3_single(S, seed, n_jobs))]
          if S.fig3_single else []),
        ("expected curves of the synthetic datasets", lambda: [
            E.expected_curves(d, n_orders=S.n_random, **cv, n_jobs=n_jobs) for d in syn]),
        (f"all {S.n_noisy} realisations of R_theta", lambda: [
            E.theta_family(d, S.thetas, S.n_noisy, **cv, n_jobs=n_jobs) for d in syn]),
    ]


def fill(settings: Profile, real, bias=(), *, seed: int = 0, n_jobs=None) -> None:
    """Compute the notebook's paper run in the order of the module docstring (``real``: the
    real datasets to run; ``bias``: those of the selection-bias check), printing each step as
    it ends with the time it took."""
    steps = _steps(settings, list(real), list(bias), seed, n_jobs)
    start = time.perf_counter()
    for i, (name, step) in enumerate(steps, 1):
        t = time.perf_counter()
        step()
        print(f"[{i}/{len(steps)}] {name}: {(time.perf_counter() - t) / 60:.0f} min "
              f"(all so far {(time.perf_counter() - start) / 3600:.1f} h)", flush=True)
