"""The tables of Slavkov, Petković, Kocev & Džeroski (2018): the constants of notebook 04,
the paper's reference values (``paper_table*.csv`` next to the results) and the builders of
Tables 1, 3 and 5 from error curves (the curves come from the task functions of
:mod:`featrank.experiments.slavkov2020`, see :mod:`.studies`).
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as sps

from ...config import results_dir
from ...evaluate.ecascore import WEIGHTINGS, eca, eca_vs_random, ffa_delta, rfa_delta
from ... import methods as registry

NOTEBOOK = "04_slavkov2018_eca_score"
THETAS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0)
METHODS = ("IG", "RF", "ReliefF", "SVM-RFE")   # Table 5's columns (RF = random forest)
#: the paper's Table 4/5 dataset names
TABLE4_DATASETS = (
    "aapc", "amlPrognosis", "arrhythmia", "australian", "bladderCancer", "breast-cancer",
    "breast-w", "breastCancer", "car", "chess", "childhoodAll", "cmlTreatment", "colon",
    "diversity", "dlbcl", "german", "heart", "heart-c", "heart-h", "ionosphere", "leukemia",
    "mll", "prostate", "sonar", "srbct", "tic-tac-toe", "water", "waveform")
#: Table 5's method names -> the rankers of :mod:`featrank.experiments.slavkov2020` (the
#: two papers' labels in the registry of methods)
METHOD_RANKERS = {m: registry.label(registry.method(m, "slavkov2018").id, "slavkov2020")
                  for m in METHODS}
#: the microarray datasets of Table 4 (thousands of features, n < 120); the rest are "UCI"
#: (with aapc, water, diversity: low-dimensional, n >= 200)
MICROARRAYS = ("amlPrognosis", "bladderCancer", "breastCancer", "childhoodAll", "cmlTreatment",
               "colon", "dlbcl", "leukemia", "mll", "prostate", "srbct")
#: the methods whose scale is compared (random forest is judged apart: the paper's RF
#: rankings are inverted on some datasets, Sec. 5.3)
SCALE_METHODS = ("IG", "ReliefF", "SVM-RFE")
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
