"""Table 3 under the two readings of R_θ. The paper gives a proportion θ of the features
"random relevances" (Sec. 4.2) and leaves open where those features land:

* ``"uniform"`` (:data:`UNIFORM`, the project's default): a drawn feature gets a U(0, 1)
  relevance on the ground truth scaled to its maximum, so it rises above every irrelevant
  feature; the untouched irrelevant features stay at the bottom of every R_θ;
* ``"random rank"`` (:data:`RANDOM_RANK`): a drawn feature takes the relevance of a uniformly
  random feature (:func:`featrank.experiments.slavkov2020.random_rank_relevance_set`), so
  most drawn relevant features fall among the irrelevant ones.

Both share R_GT's curves (θ = 0); :func:`random_rank_study` is :func:`.studies.synthetic_study`
under the second reading, and :func:`readings_table` puts Table 3 under both beside the paper's.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .. import slavkov2020 as s20
from .tables import THETAS, WEIGHTING_LABELS, WEIGHTINGS

UNIFORM, RANDOM_RANK = "uniform", "random rank"
#: the two readings of R_θ, in the order the notebook shows them
RTHETA_READINGS = (UNIFORM, RANDOM_RANK)


def random_rank_distances(dataset: str, thetas, n_rankings: int, seed: int = 0,
                          data_seed: int = 0) -> dict:
    """``{θ: array of 1 − ρ(R_GT, R_θ,t)}`` for realisations t = 0..m−1 of R_θ under the random
    rank convention (the realisations of :func:`random_rank_study`'s curves, in their order).

    >>> d = random_rank_distances("combined", (0.1, 1.0), 3)
    >>> [v.shape for v in d.values()], bool(d[1.0].mean() > d[0.1].mean())
    ([(3,), (3,)], True)
    """
    from ...evaluate import spearman_rho

    rel = s20.load_dataset(dataset, data_seed).relevance
    return {float(t): 1.0 - spearman_rho(rel, s20.random_rank_relevance_set(
        dataset, t, n_rankings, seed, data_seed)) for t in thetas}


def random_rank_study(dataset: str = "combined", thetas=THETAS, n_rankings: int = 10, *,
                      n_repeats: int = 1, n_folds: int = 10, sizes="paper", seed: int = 0,
                      data_seed: int = 0, n_jobs=None):
    """:func:`.studies.synthetic_study` under the random rank convention: ``(gt, {θ: curves},
    {θ: per-realisation distances})``, the curves of R_θ with one row per realisation (stored
    tasks ``slavkov2020.random_rank_curves``; R_GT's are ``noisy_curves``' θ = 0, shared)."""

    fam = s20.random_rank_family(dataset, tuple(thetas), n_rankings, n_repeats=n_repeats,
                                 n_folds=n_folds, sizes=sizes, seed=seed, data_seed=data_seed,
                                 n_jobs=n_jobs)
    gt = fam.pop(0.0)
    return (gt, {float(t): fam[float(t)] for t in thetas},
            random_rank_distances(dataset, thetas, n_rankings, seed, data_seed))


def readings_table(parts: dict, paper3: pd.DataFrame) -> pd.DataFrame:
    """Table 3 under each reading beside the paper's: rows (row of Table 3, source), columns
    θ and ``corr``; the source is ``paper``, then ``<reading>`` and ``<reading> SE`` for each
    reading of ``parts`` (``{reading: (t3, se3)}``, :func:`.tables.table3` and
    :func:`.uncertainty.table3_se`).

    >>> cols = ["0.1", "corr"]
    >>> t = pd.DataFrame([[0.2, np.nan], [0.1, 0.9]], index=["dist", "uniform"], columns=cols)
    >>> out = readings_table({"uniform": (t, t / 10)}, t + 1)
    >>> list(out.index.get_level_values(1)[:3])
    ['paper', 'uniform', 'uniform SE']
    """
    blocks = []
    for name in ["dist", *WEIGHTINGS]:
        if name not in paper3.index:
            continue
        rows = {"paper": paper3.loc[name]}
        for reading, (t3, se3) in parts.items():
            rows[reading] = t3.loc[name]
            rows[f"{reading} SE"] = se3.loc[name]
        block = pd.DataFrame(rows).T
        block.index = pd.MultiIndex.from_product([[WEIGHTING_LABELS.get(name, name)],
                                                  block.index], names=["row", "source"])
        blocks.append(block)
    return pd.concat(blocks)
