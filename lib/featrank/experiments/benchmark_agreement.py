"""Notebook 06: do the evaluations agree? Kendall's W and bootstrap Spearman intervals
between the evaluations' rankings of the rankers, how well each evaluation recovers the
ground-truth quality on synthetic data, and the notebook's figures.
"""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats as sps

from ..plots import cd_diagram
from ..stats import average_ranks, nemenyi_cd

from .benchmark import (higher_is_better, ranker_order, score_matrix)

# --- do the evaluations agree? --------------------------------------------------------------

def kendall_w(ranks) -> float:
    """Kendall's coefficient of concordance of ``m`` judges ranking ``n`` objects.

    ``W = 12 S / (m^2 (n^3 - n) - m T)``, ``S`` the sum of squared deviations of the
    objects' rank sums from their mean, ``T`` the tie correction ``sum (t^3 - t)`` over the
    groups of tied ranks of every judge (Kendall & Babington Smith 1939).

    Parameters
    ----------
    ranks : array-like of shape (m, n)
        Row ``i``: judge ``i``'s ranks (or scores; they are re-ranked, ties averaged).

    Returns
    -------
    float
        1 = the judges agree perfectly, 0 = no agreement.

    Examples
    --------
    >>> kendall_w([[1, 2, 3], [1, 2, 3]])
    1.0
    >>> round(kendall_w([[1, 2, 3], [3, 2, 1]]), 6)
    0.0
    """
    R = np.apply_along_axis(sps.rankdata, 1, np.asarray(ranks, dtype=float))
    m, n = R.shape
    s = ((R.sum(axis=0) - m * (n + 1) / 2) ** 2).sum()
    ties = sum(((c ** 3 - c).sum() for c in (np.unique(r, return_counts=True)[1] for r in R)))
    return float(12 * s / (m ** 2 * (n ** 3 - n) - m * ties))


def _mean_ranks(table: pd.DataFrame, evaluations, datasets, rankers) -> pd.DataFrame:
    """Evaluations x rankers: the mean over ``datasets`` of each evaluation's per-dataset
    ranks of ``rankers`` (1 = best)."""
    out = {}
    for e in evaluations:
        m = score_matrix(table, e, datasets=datasets).reindex(columns=rankers).dropna()
        v = m.to_numpy() if higher_is_better(e) else -m.to_numpy()
        out[e] = pd.Series(sps.rankdata(-v, axis=1).mean(axis=0), index=rankers)
    return pd.DataFrame(out).T


def agreement_block(table: pd.DataFrame, evaluations) -> tuple[list, list]:
    """The rankers that every one of ``evaluations`` scored on every dataset (where at least
    one ran), and those datasets."""
    t = table[table["evaluation"].isin(evaluations)]
    m = t.pivot_table(index="dataset", columns=["evaluation", "ranker"], values="value")
    counts = m.notna().T.groupby(level="ranker").sum().T
    rankers = [r for r in ranker_order(t)
               if r in counts and (counts[r] == len(evaluations)).all()]
    full = (counts[rankers] == len(evaluations)).all(axis=1)
    return list(counts.index[full]), rankers


def agreement(table: pd.DataFrame, evaluations, *, n_boot: int = 1000, seed: int = 0) -> dict:
    """How much the evaluations agree on how the rankers rank, over the common block of
    datasets and rankers (:func:`agreement_block`).

    Each evaluation ranks the rankers on each dataset (1 = best); its verdict is the mean
    rank over the datasets. The bootstrap resamples the datasets with replacement.

    Parameters
    ----------
    table : DataFrame
        The long table of :func:`evaluation_table` (``dataset, ranker, evaluation, value``).
    evaluations : list of str
        The evaluations to compare (at least two).
    n_boot : int, default 1000
        Bootstrap resamples of the datasets.
    seed : int, default 0
        Seed of the bootstrap.

    Returns
    -------
    dict
        ``w`` (Kendall's W of the evaluations' mean ranks), ``w_ci`` (95 % percentile
        bootstrap interval), ``spearman`` (one row per pair of evaluations ``a, b``: ``rho``
        of their mean ranks, ``lo``, ``hi`` its 2.5 % and 97.5 % bootstrap bounds),
        ``mean_ranks`` (evaluations x rankers), ``datasets``, ``rankers``.

    Examples
    --------
    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 6),
    ...                   "ranker": ["a", "b", "c"] * 4,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3) * 2,
    ...                   "value": [3, 2, 1, 30, 20, 10, 3, 1, 2, 30, 10, 20]})
    >>> out = agreement(t, ["x", "y"], n_boot=20)
    >>> out["w"], out["spearman"]["rho"].item()
    (1.0, 1.0)
    """
    datasets, rk = agreement_block(table, evaluations)
    if len(datasets) < 2 or len(rk) < 3:
        raise ValueError(f"too few common datasets ({len(datasets)}) or rankers ({len(rk)}) "
                         "to compare the evaluations")
    per_ds = {d: _mean_ranks(table, evaluations, [d], rk).to_numpy() for d in datasets}
    cube = np.stack([per_ds[d] for d in datasets])            # (datasets, evals, rankers)
    rng = np.random.default_rng(seed)
    boots = [cube[rng.integers(0, len(datasets), len(datasets))].mean(axis=0)
             for _ in range(n_boot)]
    mean = cube.mean(axis=0)
    rho = lambda a, b: sps.spearmanr(a, b)[0]                 # noqa: E731
    pairs, boot_rho = [], {}
    for i in range(len(evaluations)):
        for j in range(i + 1, len(evaluations)):
            bs = np.array([rho(b[i], b[j]) for b in boots])
            boot_rho[(evaluations[i], evaluations[j])] = bs
            pairs.append({"a": evaluations[i], "b": evaluations[j],
                          "rho": rho(mean[i], mean[j]), "lo": np.nanpercentile(bs, 2.5),
                          "hi": np.nanpercentile(bs, 97.5)})
    ws = np.array([kendall_w(b) for b in boots])
    return {"w": kendall_w(mean), "w_ci": tuple(np.percentile(ws, [2.5, 97.5])),
            "spearman": pd.DataFrame(pairs), "datasets": datasets, "rankers": rk,
            "mean_ranks": pd.DataFrame(mean, index=list(evaluations), columns=rk),
            "boot_rho": boot_rho}


def group_agreement(agree: dict, groups: dict) -> pd.DataFrame:
    """Mean Spearman ρ of the pairs of evaluations inside each group and between every two
    groups (``groups``: name -> list of evaluations), with 95 % intervals from the same
    bootstrap replicates as :func:`agreement`.

    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 9), "ranker": ["a", "b", "c"] * 6,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3 + ["z"] * 3) * 2,
    ...                   "value": [3, 2, 1, 3, 2, 1, 1, 2, 3, 3, 1, 2, 3, 1, 2, 2, 1, 3]})
    >>> g = group_agreement(agreement(t, ["x", "y", "z"], n_boot=20), {"xy": ["x", "y"],
    ...                                                                "z": ["z"]})
    >>> g[["pairs", "rho"]].round(2).values.tolist()
    [['xy', 1.0], ['xy ~ z', -0.5]]
    """
    rows = []
    names = list(groups)
    for i, g in enumerate(names):
        for h in names[i:]:
            keys = [k for k in agree["boot_rho"] if
                    (g == h and k[0] in groups[g] and k[1] in groups[g]) or
                    (g != h and ((k[0] in groups[g] and k[1] in groups[h]) or
                                 (k[0] in groups[h] and k[1] in groups[g])))]
            if not keys:
                continue
            point = np.mean([pair_row(agree["spearman"], *k)["rho"] for k in keys])
            boot = np.nanmean(np.array([agree["boot_rho"][k] for k in keys]), axis=0)
            rows.append({"pairs": g if g == h else f"{g} ~ {h}", "n_pairs": len(keys),
                         "rho": point, "lo": np.nanpercentile(boot, 2.5),
                         "hi": np.nanpercentile(boot, 97.5)})
    return pd.DataFrame(rows)


def pair_row(pairs: pd.DataFrame, a: str, b: str) -> pd.Series:
    """The row of :func:`agreement`'s pairs for evaluations ``a`` and ``b`` (either order)."""
    hit = pairs[((pairs["a"] == a) & (pairs["b"] == b)) | ((pairs["a"] == b) & (pairs["b"] == a))]
    if hit.empty:
        raise KeyError(f"no pair ({a!r}, {b!r}) in the agreement table")
    return hit.iloc[0]


def spearman_matrix(pairs: pd.DataFrame, evaluations) -> pd.DataFrame:
    """The square matrix of the ``rho`` column of :func:`agreement`'s pairs."""
    m = pd.DataFrame(np.eye(len(evaluations)), index=evaluations, columns=evaluations)
    for r in pairs.itertuples():
        m.loc[r.a, r.b] = m.loc[r.b, r.a] = r.rho
    return m


def ground_truth_recovery(table: pd.DataFrame, *, truth: str = "GT distance",
                          n_boot: int = 1000, seed: int = 0) -> pd.DataFrame:
    """On synthetic data: per evaluation, Spearman's ρ across rankers between its values and
    the ground-truth quality (``truth``, oriented so that positive = agrees), per dataset,
    then its mean over the synthetic datasets with a 95 % bootstrap interval over them."""
    syn = table[table["synthetic"]]
    truth_m = syn[syn["evaluation"] == truth].pivot(index="dataset", columns="ranker",
                                                    values="value")
    sign_t = 1 if higher_is_better(truth) else -1
    rows, rng = [], np.random.default_rng(seed)
    for e in syn["evaluation"].unique():
        if e == truth:
            continue
        m = syn[syn["evaluation"] == e].pivot(index="dataset", columns="ranker", values="value")
        sign = 1 if higher_is_better(e) else -1
        per = []
        for d in m.index.intersection(truth_m.index):
            both = pd.concat([m.loc[d], truth_m.loc[d]], axis=1).dropna()
            per.append(sps.spearmanr(sign * both.iloc[:, 0], sign_t * both.iloc[:, 1])[0])
        per = np.array(per)
        boot = [np.nanmean(per[rng.integers(0, len(per), len(per))]) for _ in range(n_boot)]
        rows.append({"evaluation": e, "rho": np.nanmean(per), "lo": np.nanpercentile(boot, 2.5),
                     "hi": np.nanpercentile(boot, 97.5), "datasets": len(per),
                     "per_dataset": ", ".join(f"{x:.2f}" for x in per)})
    return pd.DataFrame(rows).sort_values("rho", ascending=False, ignore_index=True)


# --- figures --------------------------------------------------------------------------------

def cd_grid(table: pd.DataFrame, evaluations, *, ncols: int = 2, alpha: float = 0.05,
            min_coverage: float = 1.0):
    """One CD diagram (Demšar 2006) per evaluation, in a grid; returns the figure."""
    mats = {e: score_matrix(table, e, min_coverage=min_coverage) for e in evaluations}
    evaluations = [e for e in evaluations if min(mats[e].shape) >= 2]
    nrows = -(-len(evaluations) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.5 * ncols, 2.6 * nrows), squeeze=False)
    for ax, e in zip(axes.flat, evaluations):
        m = mats[e]
        ranks = average_ranks(m, higher_is_better=higher_is_better(e))
        cd_diagram(ranks, nemenyi_cd(m.shape[1], m.shape[0], alpha), ax=ax,
                   title=f"{e} ({m.shape[0]} datasets)")
    for ax in axes.flat[len(evaluations):]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def plot_agreement(matrix: pd.DataFrame, *, title: str | None = None):
    """Heat map of the pairwise Spearman ρ between evaluations (:func:`spearman_matrix`)."""
    n = len(matrix)
    fig, ax = plt.subplots(figsize=(0.45 * n + 3, 0.45 * n + 2))
    im = ax.imshow(matrix.to_numpy(dtype=float), cmap="RdBu", vmin=-1, vmax=1)
    ax.set_xticks(range(n), matrix.columns, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(n), matrix.index, fontsize=8)
    for i in range(n):
        for j in range(n):
            ax.text(j, i, f"{matrix.iat[i, j]:.1f}", ha="center", va="center", fontsize=6)
    fig.colorbar(im, ax=ax, label="Spearman ρ of the rankers' mean ranks")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


def plot_recovery(recovery: pd.DataFrame, *, title: str | None = None):
    """Each evaluation's agreement with the ground-truth quality (ρ and its interval)."""
    r = recovery.iloc[::-1]
    fig, ax = plt.subplots(figsize=(6.5, 0.32 * len(r) + 1.2))
    y = np.arange(len(r))
    ax.errorbar(r["rho"], y, xerr=[r["rho"] - r["lo"], r["hi"] - r["rho"]], fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, r["evaluation"], fontsize=8)
    ax.set_xlabel("Spearman ρ with the ground-truth quality (mean over synthetic datasets)")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


