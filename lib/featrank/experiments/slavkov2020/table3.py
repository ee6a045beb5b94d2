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


def _random_rank_draws(p: int, theta: float, n_rankings: int, rng):
    """Per realisation: the round(theta p) drawn features and, for each, the uniformly random
    feature whose ground-truth relevance (and R_GT rank) it takes -- in the order
    :func:`random_rank_relevance_set` has always drawn them (sources first)."""
    k = int(round(float(theta) * p))
    for _ in range(int(n_rankings)):
        source = rng.integers(0, p, k)
        yield rng.choice(p, k, replace=False), source


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
    rng = np.random.default_rng(task_seed(seed, dataset, "random rank", float(theta)))
    out = np.tile(rel, (int(n_rankings), 1))
    for row, (drawn, source) in zip(out, _random_rank_draws(rel.size, theta, n_rankings, rng)):
        row[drawn] = rel[source]
    return out


def random_rank_order(dataset: str, theta: float, index: int, seed: int = 0,
                      data_seed: int = 0) -> np.ndarray:
    """Realisation ``index`` of R_theta under the random rank convention, as an order (best
    first): each drawn feature takes the R_GT rank of its source feature (just after it), the
    others keep theirs; ``theta = 0``: R_GT. The order sorts row ``index`` of
    :func:`random_rank_relevance_set` (the realisations whose distances Table 3 gives under
    this convention) by decreasing relevance; among equal relevances it keeps the ranks taken.
    Ties broken by feature index instead would put every relevant feature (indices 0-26 of
    ``combined``) that takes an irrelevant feature's relevance 0 on top of the irrelevant ones,
    and R_1 would not be a random ranking.

    >>> gt = random_rank_order("combined", 0.0, 0)
    >>> bool((gt == random_rank_order("combined", 0.1, 3)).all())
    False
    >>> int(np.flatnonzero(random_rank_order("combined", 1.0, 0) < 27).max()) > 60
    True
    """
    from ...datasets.slavkov2020 import ground_truth_order

    rel = load_dataset(dataset, data_seed).relevance
    gt = ground_truth_order(rel)
    if float(theta) == 0:
        return gt
    rng = np.random.default_rng(task_seed(seed, dataset, "random rank", float(theta)))
    drawn, source = list(_random_rank_draws(rel.size, theta, int(index) + 1, rng))[-1]
    rank = np.empty(rel.size)
    rank[gt] = np.arange(rel.size)
    taken = rank.copy()
    taken[drawn] = rank[source] + 0.5
    return np.argsort(taken, kind="stable").astype(np.intp)


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
