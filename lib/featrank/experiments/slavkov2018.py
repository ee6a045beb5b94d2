"""Experiments of Slavkov, Petković, Kocev & Džeroski (2018), "Quantitative score for assessing
the quality of feature rankings" (notebook 04).

Thin: the error curves come from the task functions of :mod:`featrank.experiments.slavkov2020`
(same learner, same cache); this module turns them into the paper's tables (Tables 1, 3, 5)
and compares them with the paper's reference values (``paper_table*.csv`` next to the results).
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as sps

from ..config import results_dir
from ..evaluate.ecascore import WEIGHTINGS, eca, eca_vs_random, ffa_delta, rfa_delta

NOTEBOOK = "04_slavkov2018_eca_score"
THETAS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0)
METHODS = ("IG", "RF", "ReliefF", "SVM-RFE")   # Table 5's columns (RF = random forest)
#: the paper's Table 4/5 dataset names
TABLE4_DATASETS = (
    "aapc", "amlPrognosis", "arrhythmia", "australian", "bladderCancer", "breast-cancer",
    "breast-w", "breastCancer", "car", "chess", "childhoodAll", "cmlTreatment", "colon",
    "diversity", "dlbcl", "german", "heart", "heart-c", "heart-h", "ionosphere", "leukemia",
    "mll", "prostate", "sonar", "srbct", "tic-tac-toe", "water", "waveform")
#: Table 5's method names -> the rankers of :mod:`featrank.experiments.slavkov2020`
METHOD_RANKERS = {"IG": "InfoGain", "RF": "RandomForest", "ReliefF": "ReliefF",
                  "SVM-RFE": "SVM-RFE"}
WEIGHTING_LABELS = {"uniform": "w = 1", "inverse_size": "w = 1/|S_i|",
                    "magnitude": "w = |δ_i|", "magnitude_inverse_size": "w = |δ_i|/|S_i|"}


def paper_table(name: str) -> pd.DataFrame:
    """The paper's reference values (``table1``, ``table3``, ``table5``), transcribed from the
    article into ``data/results/04_slavkov2018_eca_score/paper_<name>.csv``. Reference only."""
    df = pd.read_csv(results_dir(NOTEBOOK) / f"paper_{name}.csv")
    return df.set_index(df.columns[0])


# --- Table 1 ------------------------------------------------------------------------------

def table1(curves_a, curves_b) -> pd.DataFrame:
    """FFA_δ, RFA_δ (Eqs. 1-3) and ECA_δ (Eq. 4) of ranking a w.r.t. b under the four
    weightings: the layout of Table 1. ``curves_*``: ``Curves`` (accuracy) at the same sizes."""
    sizes = np.asarray(curves_a.sizes)
    if not np.array_equal(sizes, np.asarray(curves_b.sizes)):
        raise ValueError("the two rankings' curves were evaluated at different subset sizes")
    rows = {}
    for w in WEIGHTINGS:
        f = ffa_delta(curves_a.ffa_mean, curves_b.ffa_mean, w, sizes)
        r = rfa_delta(curves_a.rfa_mean, curves_b.rfa_mean, w, sizes)
        rows[w] = {"FFA_delta": f, "RFA_delta": r, "ECA": 0.5 * (f - r)}
    return pd.DataFrame(rows)


# --- Table 3 ------------------------------------------------------------------------------

def table3(gt_curves, theta_curves: dict, distances: dict) -> pd.DataFrame:
    """Table 3: rows ``dist`` (Eq. 6 of Slavkov 2020) and ECA_δ(R_GT, R_θ) per weighting,
    columns θ plus ``corr`` (Pearson correlation of each ECA row with the distance row).

    ``theta_curves[θ]``: the curves of R_θ averaged over its m realisations (the paper's
    E[FFA]_θ, E[RFA]_θ); ``distances[θ]``: dist(R_GT, R_θ).
    """
    thetas = sorted(theta_curves)
    sizes = np.asarray(gt_curves.sizes)
    for t in thetas:
        if not np.array_equal(sizes, np.asarray(theta_curves[t].sizes)):
            raise ValueError(f"the curves of R_theta={t:g} were evaluated at other subset sizes "
                             "than the ground truth's")
    table = {"dist": [float(distances[t]) for t in thetas]}
    for w in WEIGHTINGS:
        table[w] = [eca(gt_curves.ffa_mean, gt_curves.rfa_mean, theta_curves[t].ffa_mean,
                        theta_curves[t].rfa_mean, w, sizes) for t in thetas]
    df = pd.DataFrame(table, index=thetas).T
    df.columns = [_theta_label(t) for t in thetas]
    dist = np.asarray(table["dist"])
    df["corr"] = [np.nan] + [float(np.corrcoef(dist, table[w])[0, 1]) for w in WEIGHTINGS]
    return df


def _theta_label(theta) -> str:
    return f"{float(theta):g}"


# --- Table 5 ------------------------------------------------------------------------------

def table5(curves: dict, expected: dict | None = None, weighting: str = "uniform") -> pd.DataFrame:
    """Table 5: ECA_δ(r, r_R) of each method's ranking against the random ranking (Sec. 3.3),
    rows datasets, columns methods. ``curves[(dataset, method)]``: ``Curves``;
    ``expected[dataset]``: the expected curve (needed only for non-uniform weightings; with
    w = 1 the score is ½·mean(FFA - RFA), the paper's shortcut)."""
    rows = {}
    for (dataset, method), c in curves.items():
        e = None if expected is None else expected.get(dataset)
        rows.setdefault(dataset, {})[method] = eca_vs_random(c, expected=e, weighting=weighting)
    df = pd.DataFrame(rows).T
    return df[[m for m in METHODS if m in df.columns]]


def agreement(ours: pd.DataFrame, paper: pd.DataFrame) -> dict:
    """How well our Table 5 agrees with the paper's on the datasets both have.

    Returns a dict: ``spearman`` (per method, Spearman ρ across datasets, with p-value),
    ``best_same`` (fraction of datasets whose best method is the same), ``sign_agree``
    (fraction of cells with the same sign), ``n_datasets``.
    """
    common = [d for d in ours.index if d in paper.index]
    methods = [m for m in ours.columns if m in paper.columns]
    a, b = ours.loc[common, methods].astype(float), paper.loc[common, methods].astype(float)
    spearman = {}
    for m in methods:
        rho, p = sps.spearmanr(a[m], b[m]) if len(common) > 2 else (np.nan, np.nan)
        spearman[m] = (float(rho), float(p))
    best_same = float(np.mean(a.idxmax(axis=1) == b.idxmax(axis=1))) if common else np.nan
    sign = float(np.mean(np.sign(a.values) == np.sign(b.values))) if common else np.nan
    return {"spearman": spearman, "best_same": best_same, "sign_agree": sign,
            "n_datasets": len(common)}


def agreement_table(ours: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """:func:`agreement` as a small table (one row per measure)."""
    ag = agreement(ours, paper)
    rows = [{"measure": f"Spearman rho, {m}", "value": r, "p_value": p}
            for m, (r, p) in ag["spearman"].items()]
    rows += [{"measure": "best method per dataset the same (fraction)", "value": ag["best_same"]},
             {"measure": "same sign (fraction of cells)", "value": ag["sign_agree"]},
             {"measure": "datasets compared", "value": ag["n_datasets"]}]
    return pd.DataFrame(rows)


def side_by_side(ours: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Ours next to the paper's, column pairs ``<method> ours`` / ``<method> paper``; rows are
    every dataset of either table (the paper's rows we could not redo show NaN as ours)."""
    index = list(paper.index) + [d for d in ours.index if d not in paper.index]
    out = pd.DataFrame(index=index)
    for m in paper.columns:
        out[f"{m} ours"] = ours[m].reindex(index) if m in ours.columns else np.nan
        out[f"{m} paper"] = paper[m].reindex(index)
    return out


# --- running the curves (thin wrappers over featrank.experiments.slavkov2020) ---------------

def synthetic_study(dataset: str = "combined", thetas=THETAS, n_rankings: int = 100, *,
                    n_repeats: int = 1, n_folds: int = 10, sizes="paper", seed: int = 0,
                    data_seed: int = 0, n_jobs=None):
    """Sec. 4 of Slavkov 2018: the curves of R_GT and of R_θ (mean over ``n_rankings``
    realisations) on a synthetic dataset, and dist(R_GT, R_θ) (Eq. 6 of Slavkov 2020) over the
    same realisations. Returns ``(gt, {θ: curves}, {θ: dist})``; cached (shared with nb 05)."""
    from ..evaluate import ranking_distance
    from . import slavkov2020 as s20

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
    from ..datasets import catalog

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
                 sizes="paper", seed: int = 0, n_jobs=None) -> dict:
    """Sec. 5: ``{(dataset, method): Curves}`` of the four rankers (computed on the whole
    dataset) under the SVM (quadratic kernel, C = 0.1); one cached task per cell, shared
    with notebook 05. ``datasets``: our names; ``methods``: Table 5's names."""
    from . import slavkov2020 as s20

    grid = s20.all_ranker_curves(list(datasets), [METHOD_RANKERS[m] for m in methods],
                                 ("svm",), n_repeats=n_repeats, n_folds=n_folds, sizes=sizes,
                                 seed=seed, n_jobs=n_jobs)
    back = {v: k for k, v in METHOD_RANKERS.items()}
    return {(d, back[r]): c for (d, r, _), c in grid.items()}


def significance(scores: pd.DataFrame, alpha: float = 0.05) -> dict:
    """Friedman (Iman-Davenport) and Nemenyi over a Table-5-like table (rows datasets,
    columns methods, higher = better), as the paper did (Demšar 2006): average ranks, the
    p-value, the CD, the pairs whose rank difference reaches the CD, and the cliques."""
    from .. import stats

    fr = stats.friedman(scores)
    k, n = scores.shape[1], scores.shape[0]
    cd = stats.nemenyi_cd(k, n, alpha)
    r = fr.average_ranks
    pairs = [(a, b) for i, a in enumerate(r.index) for b in r.index[i + 1:]
             if abs(r[a] - r[b]) >= cd]
    return {"average_ranks": r, "p_friedman": fr.p_ff, "chi2": fr.chi2, "ff": fr.ff, "cd": cd,
            "n_datasets": n, "k": k, "significant_pairs": pairs,
            "cliques": stats.cliques(r, cd)}


def better_than(sig: dict, a: str, b: str) -> bool:
    """Is method ``a`` significantly better (lower average rank by >= CD) than ``b``?"""
    r = sig["average_ranks"]
    return bool(sig["p_friedman"] < 0.05 and r[b] - r[a] >= sig["cd"])
