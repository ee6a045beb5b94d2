"""Running the curves of notebook 04: thin wrappers over the stored tasks of
:mod:`featrank.experiments.slavkov2020` (same learner, same store, shared with notebook 05).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .. import slavkov2020 as s20
from .tables import METHOD_RANKERS, METHODS, THETAS


def synthetic_study(dataset: str = "combined", thetas=THETAS, n_rankings: int = 100, *,
                    n_repeats: int = 1, n_folds: int = 10, sizes="paper", seed: int = 0,
                    data_seed: int = 0, n_jobs=None):
    """Sec. 4 of Slavkov 2018: the curves of R_GT and of R_θ (mean over ``n_rankings``
    realisations) on a synthetic dataset, and dist(R_GT, R_θ) (Eq. 6 of Slavkov 2020) over the
    same realisations. Returns ``(gt, {θ: curves}, {θ: dist})``; cached (shared with nb 05)."""
    from ...evaluate import ranking_distance

    fam = s20.theta_family(dataset, tuple(thetas), n_rankings, n_repeats=n_repeats,
                           n_folds=n_folds, sizes=sizes, seed=seed, data_seed=data_seed,
                           n_jobs=n_jobs)
    gt = fam.pop(0.0)
    by_theta = {float(t): fam[float(t)] for t in thetas}
    rel = s20.load_dataset(dataset, data_seed).relevance
    dist = {t: ranking_distance(rel, s20.noisy_relevance_set(dataset, t, n_rankings, seed,
                                                              data_seed)) for t in thetas}
    return gt, by_theta, dist


def table4_datasets(*, available_only: bool = True, max_features: int | None = None,
                    max_samples: int | None = None) -> pd.DataFrame:
    """The datasets of Table 4 from the catalogue: ``name`` (ours), ``paper_name``, shape and
    availability here; filtered by availability and size (the ``quick`` profile keeps the
    low-dimensional ones)."""
    from ...datasets import catalog

    cat = catalog("Slavkov2018")
    cols = ["name", "paper_name", "n_samples", "n_features", "n_classes", "available"]
    df = cat[cols].reset_index(drop=True)
    keep = np.ones(len(df), bool)
    if available_only:
        keep &= df["available"].to_numpy(bool)
    if max_features is not None:
        keep &= df["n_features"].to_numpy() <= max_features
    if max_samples is not None:
        keep &= df["n_samples"].to_numpy() <= max_samples
    return df[keep].reset_index(drop=True)


def ranker_study(datasets, methods=METHODS, *, n_repeats: int = 1, n_folds: int = 10,
                 sizes="paper", seed: int = 0, fit_on: str = "full", n_jobs=None) -> dict:
    """Sec. 5: ``{(dataset, method): Curves}`` of the four rankers (computed on the whole
    dataset) under the SVM (quadratic kernel, C = 0.1); one cached task per cell, shared
    with notebook 05. ``datasets``: our names; ``methods``: Table 5's names; ``fit_on``:
    ``"full"`` (the whole dataset) or ``"train"`` (a ranking per CV training part, see
    :func:`featrank.experiments.slavkov2020.ranker_curves`)."""

    grid = s20.all_ranker_curves(list(datasets), [METHOD_RANKERS[m] for m in methods],
                                 ("svm",), n_repeats=n_repeats, n_folds=n_folds, sizes=sizes,
                                 seed=seed, fit_on=fit_on, n_jobs=n_jobs)
    back = {v: k for k, v in METHOD_RANKERS.items()}
    return {(d, back[r]): c for (d, r, _), c in grid.items()}
