"""Table 3's open averaging: is ECA_δ(R_GT, R_θ) the ECA of the realisations' mean curves
(E[FFA]_θ, E[RFA]_θ of Sec. 4.2, what :func:`.tables.table3` computes) or the mean of the
ECAs of the single realisations? The paper averages the curves before Table 3 but does not
say which of the two its table holds. Both come from the same stored curves, one row per
realisation.

With w = 1 and w = 1/|S_i| the ECA is linear in the curves, so the two agree exactly; only
the |δ_i| weightings can tell them apart.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...evaluate.ecascore import WEIGHTINGS, eca


def averaging_table(gt_curves, theta_curves: dict, weightings=WEIGHTINGS) -> pd.DataFrame:
    """ECA of the mean curves against the mean of per-realisation ECAs, per weighting and θ.

    Parameters
    ----------
    gt_curves : Curves
        R_GT's curves (its fold means ``ffa_mean``, ``rfa_mean`` are used).
    theta_curves : dict
        ``{θ: Curves}`` with one row of ``ffa`` and ``rfa`` per realisation of R_θ.

    Returns
    -------
    DataFrame
        One row per (weighting, θ): ``of_mean`` (ECA of the mean curves), ``mean_of``
        (mean of the per-realisation ECAs), ``se`` (its standard error over the
        realisations) and ``diff`` (``mean_of − of_mean``).

    Examples
    --------
    Two realisations, one weighting linear in the curves and one not:

    >>> from types import SimpleNamespace
    >>> gt = SimpleNamespace(sizes=np.array([1, 2]), ffa_mean=np.array([.9, .9]),
    ...                      rfa_mean=np.array([.5, .9]))
    >>> r = SimpleNamespace(sizes=gt.sizes, ffa=np.array([[.7, .9], [.9, .8]]),
    ...                     rfa=np.array([[.5, .9], [.5, .9]]))
    >>> t = averaging_table(gt, {0.5: r}, ("uniform", "magnitude"))
    >>> t["diff"].round(4).tolist()
    [0.0, 0.0333]
    """
    rows = []
    for w in weightings:
        for t in sorted(theta_curves):
            c = theta_curves[t]
            ffa, rfa = np.asarray(c.ffa, float), np.asarray(c.rfa, float)
            per = np.array([eca(gt_curves.ffa_mean, gt_curves.rfa_mean, f, r, w, gt_curves.sizes)
                            for f, r in zip(ffa, rfa)])
            of_mean = eca(gt_curves.ffa_mean, gt_curves.rfa_mean, ffa.mean(axis=0),
                          rfa.mean(axis=0), w, gt_curves.sizes)
            se = per.std(ddof=1) / np.sqrt(per.size) if per.size > 1 else np.nan
            rows.append({"weighting": w, "theta": float(t), "of_mean": float(of_mean),
                         "mean_of": float(per.mean()), "se": float(se),
                         "diff": float(per.mean() - of_mean)})
    return pd.DataFrame(rows)
