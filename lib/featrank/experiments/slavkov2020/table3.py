"""Slavkov 2020's Table 3: the distance (Eq. 6) between the ground truth R_GT and the noisy
rankings R_theta, from the realisations the curves use, and which conventions reproduce it."""
from __future__ import annotations

import numpy as np

from ...parallel import task_seed
from .protocol import SYNTHETIC, THETAS, load_dataset, noisy_relevance_set


#: Slavkov 2020, Table 3 (reference only: the notebook prints it beside ours)
PAPER_TABLE3 = {
    "single": (0.219, 0.34, 0.449, 0.51, 0.628, 0.81, 1.056),
    "pair": (0.126, 0.239, 0.327, 0.397, 0.519, 0.726, 1.091),
    "combined": (0.1, 0.171, 0.252, 0.32, 0.432, 0.652, 1.048),
}


def random_rank_relevance_set(dataset: str, theta: float, n_rankings: int, seed: int = 0,
                              data_seed: int = 0) -> np.ndarray:
    """Relevance vectors of R_theta under the *random rank* convention: each of the
    round(theta p) drawn features takes the ground-truth relevance of a uniformly random
    feature (a uniformly random rank of R_GT), so most of them fall among the irrelevant
    features at the bottom -- noisy rankings that misplace relevant features, where ours
    (:func:`~.protocol.noisy_relevance_set`) lift them above every irrelevant one.

    >>> r = random_rank_relevance_set("single", 0.2, 3)
    >>> r.shape, int((r != load_dataset("single").relevance).sum(axis=1).max()) <= 20
    ((3, 100), True)
    """
    rel = load_dataset(dataset, data_seed).relevance
    p = rel.size
    k = int(round(float(theta) * p))
    rng = np.random.default_rng(task_seed(seed, dataset, "random rank", float(theta)))
    out = np.tile(rel, (int(n_rankings), 1))
    for row in out:
        row[rng.choice(p, k, replace=False)] = rel[rng.integers(0, p, k)]
    return out


def table3(n_rankings: int = 100, *, seed: int = 0, data_seed: int = 0, scale: str = "max",
           ties: str = "average", thetas=THETAS, convention: str = "uniform"):
    """Table 3: dist(R_GT, R_theta) of Eq. (6) for the three synthetic datasets and every
    theta, from the same realisations of R_theta the curves use (``convention="uniform"``:
    the drawn features get a U(0, 1) relevance) or under the random rank convention
    (:func:`random_rank_relevance_set`). Long format with the paper's value and the
    Monte-Carlo standard error of ours."""
    import pandas as pd

    from ...evaluate import spearman_rho

    if convention not in ("uniform", "random rank"):
        raise ValueError(f"convention must be 'uniform' or 'random rank', got {convention!r}")
    rows = []
    for ds in SYNTHETIC:
        rel = load_dataset(ds, data_seed).relevance
        for t in thetas:
            noisy = (noisy_relevance_set(ds, t, n_rankings, seed, data_seed, scale)
                     if convention == "uniform" else
                     random_rank_relevance_set(ds, t, n_rankings, seed, data_seed))
            rho = spearman_rho(rel, noisy, ties=ties)
            rows.append({"dataset": ds, "theta": t, "ours": 1 - rho.mean(),
                         "se": rho.std(ddof=1) / np.sqrt(rho.size),
                         "paper": PAPER_TABLE3[ds][THETAS.index(t)] if t in THETAS else np.nan})
    return pd.DataFrame(rows)


def table3_conventions(n_rankings: int = 100, *, seed: int = 0, thetas=THETAS):
    """Which ranking conventions reproduce Table 3? For every combination of

    * ``scale``: ground truth divided by its maximum (``"max"``) or kept in bits (``"none"``)
      before the random U(0, 1) relevances are mixed in;
    * ``ties``: tied relevances (irrelevant features, copies) get their mean rank
      (``"average"``) or are ranked by feature index (``"index"``);
    * ``selection``: exactly round(theta p) features (``"exact"``) or each with probability
      theta (``"bernoulli"``);

    the RMSE of our distances against Table 3, over theta <= 0.3 (where the conventions
    differ) and over all theta, and whether our distances keep the paper's order
    single > pair > combined at theta = 0.05."""
    import itertools

    import pandas as pd

    from ...datasets.slavkov2020 import ground_truth_relevance, noisy_relevances
    from ...evaluate import ranking_distance

    rows = []
    for scale, ties, sel in itertools.product(("max", "none"), ("average", "index"),
                                              ("exact", "bernoulli")):
        d = {ds: np.array([ranking_distance(
            ground_truth_relevance(ds),
            noisy_relevances(ground_truth_relevance(ds), t, n_rankings,
                             task_seed(seed, ds, "conventions", t), scale=scale, selection=sel),
            ties=ties) for t in thetas]) for ds in SYNTHETIC}
        err = np.array([d[ds] - np.array(PAPER_TABLE3[ds]) for ds in SYNTHETIC])
        low = np.asarray(thetas) <= 0.3
        rows.append({"scale": scale, "ties": ties, "selection": sel,
                     "rmse_theta_le_0.3": float(np.sqrt((err[:, low] ** 2).mean())),
                     "rmse_all": float(np.sqrt((err ** 2).mean())),
                     "order_single>pair>combined":
                         bool(d["single"][0] > d["pair"][0] > d["combined"][0])})
    return pd.DataFrame(rows).sort_values("rmse_theta_le_0.3", ignore_index=True)
