"""Standard errors of notebook 04's tables: over the CV folds (Tables 1 and 5: one ranking
per dataset evaluated by k-fold CV, every ranking of a dataset on the same folds) and over
the realisations of R_θ (Table 3 and Fig. 2: a seeded bootstrap, since ECA with |δ| weights
is not linear in the curves).
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd

from .. import slavkov2020 as s20
from .tables import METHODS, table1, table3


def _fold_curves(curves, j: int):
    """Fold ``j`` of a ``Curves`` as one curve pair (``sizes``, ``ffa_mean``, ``rfa_mean``)."""
    return SimpleNamespace(sizes=np.asarray(curves.sizes), ffa_mean=np.asarray(curves.ffa)[j],
                           rfa_mean=np.asarray(curves.rfa)[j])


def _se(values, axis: int = 0):
    """Standard error of the mean of ``values`` along ``axis`` (sample SD / sqrt(n))."""
    v = np.asarray(values, dtype=float)
    n = v.shape[axis]
    if n < 2:
        raise ValueError(f"a standard error needs at least 2 values, got {n}")
    return v.std(axis=axis, ddof=1) / np.sqrt(n)


def fold_eca(curves) -> tuple[float, float]:
    """ECA against the random ranking with w = 1 (the w = 1 shortcut, Sec. 3.3) and its
    standard error over the CV folds.

    Parameters
    ----------
    curves : Curves
        One ranking's curves; ``ffa`` and ``rfa`` hold one row per CV fold (same folds).

    Returns
    -------
    (float, float)
        ``½·mean_i(FFA(i) − RFA(i))`` of the fold-mean curves (the value of Table 5) and
        the SE of the per-fold values (their SD / sqrt(k)).

    Examples
    --------
    Two folds whose ECAs are 0.10 and 0.20:

    >>> from types import SimpleNamespace
    >>> c = SimpleNamespace(sizes=np.array([1, 2]), ffa=np.array([[.8, .9], [.9, .9]]),
    ...                     rfa=np.array([[.6, .7], [.5, .5]]))
    >>> [round(v, 4) for v in fold_eca(c)]
    [0.15, 0.05]
    """
    ffa, rfa = np.asarray(curves.ffa, float), np.asarray(curves.rfa, float)
    if ffa.shape != rfa.shape or ffa.ndim != 2:
        raise ValueError("fold_eca needs FFA and RFA values of shape (n_folds, n_sizes)")
    per_fold = 0.5 * (ffa - rfa).mean(axis=1)
    return float(per_fold.mean()), float(_se(per_fold))


def table5_se(curves: dict) -> pd.DataFrame:
    """Table 5's layout (rows datasets, columns methods) holding the SE over folds of each
    cell (:func:`fold_eca`); ``curves`` as for :func:`table5`."""
    rows = {}
    for (dataset, method), c in curves.items():
        rows.setdefault(dataset, {})[method] = fold_eca(c)[1]
    df = pd.DataFrame(rows).T
    return df[[m for m in METHODS if m in df.columns]]


def table1_folds(curves_a, curves_b) -> np.ndarray:
    """:func:`.tables.table1` computed on each shared CV fold's curves: shape ``(k, 3, 4)``
    (fold, row FFA_delta / RFA_delta / ECA, weighting)."""
    k = np.asarray(curves_a.ffa).shape[0]
    if np.asarray(curves_b.ffa).shape[0] != k:
        raise ValueError("the two rankings' curves hold different numbers of folds")
    return np.array([table1(_fold_curves(curves_a, j), _fold_curves(curves_b, j)).to_numpy()
                     for j in range(k)])


def table1_se(curves_a, curves_b) -> pd.DataFrame:
    """SE over the shared CV folds of every cell of :func:`.tables.table1` (the table
    computed on each fold's curves, then the SD / sqrt(k) of the k values).

    Examples
    --------
    Identical folds have no spread:

    >>> c = SimpleNamespace(sizes=np.array([1, 2]), ffa=np.array([[.9, .9]] * 3),
    ...                     rfa=np.array([[.5, .9]] * 3))
    >>> float(table1_se(c, c).to_numpy().max())
    0.0
    """
    ref = table1(_fold_curves(curves_a, 0), _fold_curves(curves_b, 0))
    return pd.DataFrame(_se(table1_folds(curves_a, curves_b)), index=ref.index,
                        columns=ref.columns)


def realisation_distances(dataset: str, thetas, n_rankings: int, seed: int = 0,
                          data_seed: int = 0) -> dict:
    """``{θ: array of 1 − ρ(R_GT, R_θ,t)}`` for realisations t = 0..m−1 (the ones whose mean
    is :func:`synthetic_study`'s ``dist``; their order matches the curve rows)."""
    from ...evaluate import spearman_rho

    rel = s20.load_dataset(dataset, data_seed).relevance
    return {float(t): 1.0 - spearman_rho(rel, s20.noisy_relevance_set(dataset, t, n_rankings,
                                                                        seed, data_seed))
            for t in thetas}


def _resampled(curves, idx):
    return SimpleNamespace(sizes=np.asarray(curves.sizes),
                           ffa_mean=np.asarray(curves.ffa)[idx].mean(axis=0),
                           rfa_mean=np.asarray(curves.rfa)[idx].mean(axis=0))


def table3_se(gt_curves, theta_curves: dict, distances: dict, *, n_boot: int = 200,
              seed: int = 0) -> pd.DataFrame:
    """Bootstrap SE over the realisations of every cell of :func:`table3` (``dist``, the four
    ECA rows and the ``corr`` column).

    ``theta_curves[θ]``: the curves of R_θ with one row per realisation (as
    :func:`synthetic_study` returns them); ``distances[θ]``: the per-realisation distances
    (:func:`realisation_distances`), in the same order. Each bootstrap replicate redraws
    the m realisations of every θ with replacement (the ground truth's curves stay fixed);
    seeded by ``seed``.
    """
    rng = np.random.default_rng(seed)
    thetas = sorted(theta_curves)
    for t in thetas:
        m = np.asarray(theta_curves[t].ffa).shape[0]
        if np.asarray(distances[t]).shape != (m,):
            raise ValueError(f"θ = {t:g}: {m} realisations of curves but "
                             f"{np.asarray(distances[t]).size} distances")
    reps = []
    for _ in range(n_boot):
        tc, dist = {}, {}
        for t in thetas:
            m = np.asarray(theta_curves[t].ffa).shape[0]
            idx = rng.integers(0, m, m)
            tc[t], dist[t] = _resampled(theta_curves[t], idx), np.asarray(distances[t])[idx].mean()
        reps.append(table3(gt_curves, tc, dist).to_numpy(float))
    ref = table3(gt_curves, {t: _resampled(theta_curves[t], slice(None)) for t in thetas},
                 {t: float(np.mean(distances[t])) for t in thetas})
    se = np.std(np.asarray(reps), axis=0, ddof=1)
    return pd.DataFrame(se, index=ref.index, columns=ref.columns)


def curve_heights(gt_curves, theta_curves: dict, *, n_boot: int = 200,
                  seed: int = 0) -> pd.DataFrame:
    """Fig. 2 as numbers: the mean height of the FFA and RFA curves of R_GT (θ = 0) and of
    every R_θ, with SEs (over CV folds for R_GT, a seeded bootstrap over realisations for
    R_θ). Rows θ (0 first), columns ``ffa``, ``ffa_se``, ``rfa``, ``rfa_se``."""
    rng = np.random.default_rng(seed)
    rows = {0.0: {"ffa": float(np.mean(gt_curves.ffa_mean)),
                  "ffa_se": float(_se(np.asarray(gt_curves.ffa).mean(axis=1))),
                  "rfa": float(np.mean(gt_curves.rfa_mean)),
                  "rfa_se": float(_se(np.asarray(gt_curves.rfa).mean(axis=1)))}}
    for t in sorted(theta_curves):
        c = theta_curves[t]
        f, r = np.asarray(c.ffa).mean(axis=1), np.asarray(c.rfa).mean(axis=1)
        idx = rng.integers(0, f.size, (n_boot, f.size))
        rows[float(t)] = {"ffa": float(f.mean()), "ffa_se": float(f[idx].mean(1).std(ddof=1)),
                          "rfa": float(r.mean()), "rfa_se": float(r[idx].mean(1).std(ddof=1))}
    return pd.DataFrame(rows).T.rename_axis("theta")
