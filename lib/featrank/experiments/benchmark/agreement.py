"""Notebook 06: do the evaluations agree? Kendall's W and Spearman's ρ between the
evaluations' rankings of the rankers, each evaluation's agreement with itself under a second
CV seed (the test–retest ceiling of any agreement between two evaluations), and how well each
evaluation recovers the ground-truth quality on synthetic data.

Every interval resamples the datasets and is bias-corrected and accelerated (BCa, Efron 1987;
``scipy.stats.bootstrap``): resampling datasets with replacement makes the mean ranks noisier
and so pulls rank correlations down, which biases percentile intervals low.
"""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from scipy import stats as sps

from .evaluations import higher_is_better, protocol_names, ranker_order, score_matrix


def _rho(a, b) -> float:
    """Spearman's ρ of two vectors (NaN, silently, when either is constant)."""
    ra, rb = sps.rankdata(a), sps.rankdata(b)
    if np.ptp(ra) == 0 or np.ptp(rb) == 0:
        return np.nan
    return float(np.corrcoef(ra, rb)[0, 1])


def bca(n: int, statistic, *, n_boot: int = 1000, seed: int = 0, level: float = 0.95) -> tuple:
    """``(point, lo, hi)``: ``statistic(idx)`` of the ``n`` units (``idx`` the indices of a
    resample) and its BCa bootstrap interval at ``level`` (95 %; ``0.90`` is the ``1 - 2
    alpha`` interval of two one-sided tests) over resamples of the units; the same ``seed``
    draws the same resamples at every level. A statistic with no spread over the resamples
    gets the interval ``[point, point]``.

    >>> x = np.arange(10.0)
    >>> point, lo, hi = bca(10, lambda i: x[i].mean(), n_boot=200)
    >>> point, bool(lo < point < hi)
    (4.5, True)
    """
    idx = np.arange(n)
    point = statistic(idx)
    with warnings.catch_warnings():       # degenerate or NaN resamples: handled below
        warnings.simplefilter("ignore")
        res = sps.bootstrap((idx,), lambda i: statistic(np.asarray(i, dtype=int)),
                            vectorized=False, n_resamples=n_boot, method="BCa",
                            confidence_level=level, rng=np.random.default_rng(seed))
    lo, hi = res.confidence_interval
    if not (np.isfinite(lo) and np.isfinite(hi)):
        dist = res.bootstrap_distribution
        if np.nanstd(dist) == 0 or not np.isfinite(dist).any():
            lo = hi = point
        else:
            lo, hi = np.nanpercentile(dist, [50 * (1 - level), 50 * (1 + level)])
    return float(point), float(lo), float(hi)


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


def _cube(table, evaluations, datasets, rankers) -> np.ndarray:
    """(datasets, evaluations, rankers): each evaluation's ranks of the rankers per dataset."""
    return np.stack([_mean_ranks(table, evaluations, [d], rankers).to_numpy()
                     for d in datasets])


def agreement(table: pd.DataFrame, evaluations, *, n_boot: int = 1000, seed: int = 0,
              block=None) -> dict:
    """How much the evaluations agree on how the rankers rank, over the common block of
    datasets and rankers (:func:`agreement_block`, or ``block = (datasets, rankers)``).

    Each evaluation ranks the rankers on each dataset (1 = best); its verdict is the mean
    rank over the datasets. The BCa intervals (:func:`bca`) resample the datasets.

    Parameters
    ----------
    table : DataFrame
        The long table of ``evaluations.evaluation_table``.
    evaluations : list of str
        The evaluations to compare (at least two).
    n_boot : int, default 1000
        Bootstrap resamples of the datasets.
    seed : int, default 0
        Seed of the bootstrap.
    block : (datasets, rankers), optional
        The block to compare on (default: :func:`agreement_block`).

    Returns
    -------
    dict
        ``w`` (Kendall's W of the evaluations' mean ranks), ``w_ci`` (95 % BCa interval),
        ``spearman`` (one row per pair of evaluations ``a, b``: ``rho`` of their mean ranks,
        ``lo``, ``hi`` its interval), ``mean_ranks`` (evaluations x rankers), ``datasets``,
        ``rankers``, ``cube`` (datasets x evaluations x rankers ranks), ``evaluations``.

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
    datasets, rk = block or agreement_block(table, evaluations)
    if len(datasets) < 2 or len(rk) < 3:
        raise ValueError(f"too few common datasets ({len(datasets)}) or rankers ({len(rk)}) "
                         "to compare the evaluations")
    cube = _cube(table, evaluations, datasets, rk)
    n, boot = len(datasets), dict(n_boot=n_boot, seed=seed)
    pairs = []
    for i in range(len(evaluations)):
        for j in range(i + 1, len(evaluations)):
            r, lo, hi = bca(n, lambda s, i=i, j=j: _rho(cube[s, i].mean(0), cube[s, j].mean(0)),
                            **boot)
            pairs.append({"a": evaluations[i], "b": evaluations[j], "rho": r, "lo": lo,
                          "hi": hi})
    w, wlo, whi = bca(n, lambda s: kendall_w(cube[s].mean(0)), **boot)
    return {"w": w, "w_ci": (wlo, whi), "spearman": pd.DataFrame(pairs), "datasets": datasets,
            "rankers": rk, "cube": cube, "evaluations": list(evaluations),
            "mean_ranks": pd.DataFrame(cube.mean(0), index=list(evaluations), columns=rk),
            "boot": boot}


def _group_pairs(evaluations, groups, g, h):
    idx = {e: k for k, e in enumerate(evaluations)}
    if g == h:
        members = [idx[e] for e in groups[g] if e in idx]
        return [(a, b) for n, a in enumerate(members) for b in members[n + 1:]]
    return [(idx[a], idx[b]) for a in groups[g] if a in idx for b in groups[h] if b in idx]


def group_agreement(agree: dict, groups: dict, *, level: float = 0.95) -> pd.DataFrame:
    """Mean Spearman ρ of the pairs of evaluations inside each group and between every two
    groups (``groups``: name -> list of evaluations), with BCa intervals (at ``level``) of
    that mean.

    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 9), "ranker": ["a", "b", "c"] * 6,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3 + ["z"] * 3) * 2,
    ...                   "value": [3, 2, 1, 3, 2, 1, 1, 2, 3, 3, 1, 2, 3, 1, 2, 2, 1, 3]})
    >>> g = group_agreement(agreement(t, ["x", "y", "z"], n_boot=20), {"xy": ["x", "y"],
    ...                                                                "z": ["z"]})
    >>> g[["pairs", "rho"]].round(2).values.tolist()
    [['xy', 1.0], ['xy ~ z', -0.5]]
    """
    cube, evs, rows = agree["cube"], agree["evaluations"], []
    names = list(groups)
    for n, g in enumerate(names):
        for h in names[n:]:
            keys = _group_pairs(evs, groups, g, h)
            if not keys:
                continue

            def stat(s, keys=keys):
                m = cube[s].mean(0)
                return np.nanmean([_rho(m[a], m[b]) for a, b in keys])
            r, lo, hi = bca(len(cube), stat, **agree["boot"], level=level)
            rows.append({"pairs": g if g == h else f"{g} ~ {h}", "n_pairs": len(keys),
                         "rho": r, "lo": lo, "hi": hi})
    return pd.DataFrame(rows)


def retest(agree: dict, table_retest: pd.DataFrame, *, level: float = 0.95) -> pd.DataFrame:
    """Each evaluation's agreement with itself under a second CV seed: Spearman's ρ between
    its mean ranks of the rankers in the first run (``agree``, from :func:`agreement`) and in
    the retest run (its long table), over the same block, with a BCa interval resampling the
    datasets (paired). Evaluations that do not depend on the CV splits (AUC-FR, the
    ground-truth distance) are 1 by construction and left out. ``level``: of the intervals;
    the retest run's cube is kept in ``attrs["cube"]`` (:func:`retest_interval`)."""
    cube0 = agree["cube"]
    cube1 = _cube(table_retest, agree["evaluations"], agree["datasets"], agree["rankers"])
    rows = []
    for k, e in enumerate(agree["evaluations"]):
        r, lo, hi = bca(len(cube0), lambda s, k=k: _rho(cube0[s, k].mean(0),
                                                         cube1[s, k].mean(0)), **agree["boot"],
                        level=level)
        rows.append({"evaluation": e, "rho": r, "lo": lo, "hi": hi})
    out = pd.DataFrame(rows)
    out.attrs["cube"] = cube1
    return out


def corrected_group_agreement(agree: dict, retest_table: pd.DataFrame, groups: dict, a: str,
                              b: str, *, level: float = 0.95) -> dict:
    """The mean ρ between the evaluations of groups ``a`` and ``b`` divided by the mean
    geometric mean of their test–retest ρ (Spearman's correction for attenuation, 1904, on
    the group): what the agreement would be if each evaluation repeated itself exactly
    (negative test–retest ρ count as 0). BCa interval over the datasets (both runs
    resampled together) at ``level``."""
    cube0, cube1, evs = agree["cube"], retest_table.attrs["cube"], agree["evaluations"]
    keys = _group_pairs(evs, groups, a, b)

    def stat(s):
        m0, m1 = cube0[s].mean(0), cube1[s].mean(0)
        rel = np.clip([_rho(m0[k], m1[k]) for k in range(len(evs))], 0, None)
        ceiling = np.nanmean([np.sqrt(rel[i] * rel[j]) for i, j in keys])
        return np.nanmean([_rho(m0[i], m0[j]) for i, j in keys]) / ceiling
    r, lo, hi = bca(len(cube0), stat, **agree["boot"], level=level)
    return {"pairs": f"{a} ~ {b}" if a != b else a, "n_pairs": len(keys), "rho": r,
            "lo": lo, "hi": hi}


def pair_row(pairs: pd.DataFrame, a: str, b: str) -> pd.Series:
    """The row of :func:`agreement`'s pairs for evaluations ``a`` and ``b`` (either order)."""
    hit = pairs[((pairs["a"] == a) & (pairs["b"] == b)) | ((pairs["a"] == b) & (pairs["b"] == a))]
    if hit.empty:
        raise KeyError(f"no pair ({a!r}, {b!r}) in the agreement table")
    return hit.iloc[0]


def pair_interval(agree: dict, a: str, b: str, *, level: float = 0.95) -> tuple:
    """``(rho, lo, hi)``: Spearman's ρ of evaluations ``a`` and ``b`` of :func:`agreement`
    with its BCa interval at ``level``, resampling the datasets as :func:`agreement` does (the
    same resamples: at 95 % it is that table's row).

    >>> t = pd.DataFrame({"dataset": np.repeat(["d1", "d2"], 6),
    ...                   "ranker": ["a", "b", "c"] * 4,
    ...                   "evaluation": (["x"] * 3 + ["y"] * 3) * 2,
    ...                   "value": [3, 2, 1, 30, 20, 10, 3, 1, 2, 30, 10, 20]})
    >>> pair_interval(agreement(t, ["x", "y"], n_boot=20), "y", "x", level=0.9)
    (1.0, 1.0, 1.0)
    """
    cube, evs = agree["cube"], agree["evaluations"]
    i, j = evs.index(a), evs.index(b)
    return bca(len(cube), lambda s: _rho(cube[s, i].mean(0), cube[s, j].mean(0)),
               **agree["boot"], level=level)


def w_interval(agree: dict, *, level: float = 0.95) -> tuple:
    """``(W, lo, hi)``: Kendall's W of :func:`agreement`'s evaluations with its BCa interval
    at ``level`` over the same resamples of the datasets."""
    cube = agree["cube"]
    return bca(len(cube), lambda s: kendall_w(cube[s].mean(0)), **agree["boot"], level=level)


def retest_interval(agree: dict, retest_table: pd.DataFrame, evaluation: str, *,
                    level: float = 0.95) -> tuple:
    """``(rho, lo, hi)``: one evaluation's test–retest ρ (:func:`retest`) at ``level``."""
    cube0, cube1 = agree["cube"], retest_table.attrs["cube"]
    k = agree["evaluations"].index(evaluation)
    return bca(len(cube0), lambda s: _rho(cube0[s, k].mean(0), cube1[s, k].mean(0)),
               **agree["boot"], level=level)


def spearman_matrix(pairs: pd.DataFrame, evaluations) -> pd.DataFrame:
    """The square matrix of the ``rho`` column of :func:`agreement`'s pairs."""
    m = pd.DataFrame(np.eye(len(evaluations)), index=evaluations, columns=evaluations)
    for r in pairs.itertuples():
        m.loc[r.a, r.b] = m.loc[r.b, r.a] = r.rho
    return m


def ground_truth_recovery(table: pd.DataFrame, *, truth: str = "GT distance",
                          n_boot: int = 1000, seed: int = 0,
                          level: float = 0.95) -> pd.DataFrame:
    """On synthetic data: per evaluation, Spearman's ρ across rankers between its values and
    the ground-truth quality (``truth``, oriented so that positive = agrees), per dataset,
    then its mean over the synthetic datasets with a BCa interval (at ``level``) over them."""
    syn = table[table["synthetic"]]
    truth_m = syn[syn["evaluation"] == truth].pivot(index="dataset", columns="ranker",
                                                    values="value")
    sign_t = 1 if higher_is_better(truth) else -1
    rows = []
    for e in [e for e in syn["evaluation"].unique() if e not in protocol_names()]:
        if e == truth:
            continue
        m = syn[syn["evaluation"] == e].pivot(index="dataset", columns="ranker", values="value")
        sign = 1 if higher_is_better(e) else -1
        per = []
        for d in m.index.intersection(truth_m.index):
            both = pd.concat([m.loc[d], truth_m.loc[d]], axis=1).dropna()
            per.append(_rho(sign * both.iloc[:, 0], sign_t * both.iloc[:, 1]))
        per = np.array(per)
        r, lo, hi = bca(len(per), lambda s: np.nanmean(per[s]), n_boot=n_boot, seed=seed,
                        level=level)
        rows.append({"evaluation": e, "rho": r, "lo": lo, "hi": hi, "datasets": len(per),
                     "per_dataset": ", ".join(f"{x:.2f}" for x in per)})
    return pd.DataFrame(rows).sort_values("rho", ascending=False, ignore_index=True)
