"""The problems, rankers and aggregation of Quevedo, Bahamonde & Luaces (2007), notebook 01.

A task (:mod:`.tasks`) generates one data set (its seed is ``task_seed(seed, problem,
generator parameters, rep)``, the same for every ranker), runs one ranker on it, and returns
its AUC-FR (Sec. 4.1) and wall time.

Aggregation follows Sec. 4.2: a *single experiment* (a point of the problem space) is the
median AUC-FR over its data sets; a block of experiments is summarised by the mean of those
medians for each value of the parameter on the x axis. RM and DM run with every ``C`` of
{1e-2, 1, 1e2, 1e5} and, per point, the ``C`` with the best median is kept (Sec. 4.3); their
time is that of the kept ``C``.
"""
from __future__ import annotations

import itertools

import pandas as pd

from ...datasets import quevedo2007 as gen
from ...methods import method
from ...parallel import task_seed

NOTEBOOK = "01_quevedo2007_spe_ranker"
PAPER = "quevedo2007"       # its labels in the registry of methods
#: the rankers of Sec. 4, in the paper's legend names
RANKERS = ("SPE-ranker", "SPE w/o GS", "SM", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2")
C_GRID = (1e-2, 1.0, 1e2, 1e5)
SVM_RANKERS = ("RM", "DM")

#: the paper's grids (Sec. 4.4.1-4.4.3); values per parameter
PAPER_GRIDS = {
    "redundancy": dict(m=[50, 100], n=[50, 100], r=[5, 10], d=[1, 2], eta=[0, 1, 2, 3, 4],
                       sigma=[0.0, 0.05]),
    "irrelevant": dict(m=[50, 100, 150, 200, 250], n=[50, 100], r=[5, 10], d=[1, 2],
                       eta=[0, 1], sigma=[0.0, 0.05]),
    "degree": dict(m=[50, 100], n=[50, 100], r=[5, 10], d=[1, 2, 3, 4], eta=[0, 1],
                   sigma=[0.0, 0.05]),
}


def make_ranker(name: str, degree: int = 1, C: float | None = None, k: int = 30):
    """The ranker called ``name`` in the paper, set up as in Sec. 4.3 (polynomial degree of
    the problem, ``k = 30``, ``xi = 2/3``); the class comes from the registry
    (:mod:`featrank.methods`)."""
    C = 1.0 if C is None else C
    settings = {"SPE-ranker": dict(degree=degree), "SPE w/o GS": dict(degree=degree),
                "SM": dict(degree=degree), "Relief_k": dict(n_neighbors=k),
                "GSRelief_k": dict(n_neighbors=k), "RM": dict(degree=degree, C=C),
                "DM": dict(degree=degree, C=C), "R2W2": dict(degree=degree), "FCBF": {}}
    if name not in settings:
        raise ValueError(f"unknown ranker {name!r}; choose from {sorted(settings)}")
    return method(name, PAPER).make(**settings[name])


def make_problem(problem: str, rep: int, seed: int, **params):
    """Generate data set ``rep`` of a problem (``poly``, ``weston``, ``xor``) with its seed."""
    rs = task_seed(seed, problem, tuple(sorted(params.items())), rep)
    if problem == "poly":
        return gen.make_polynomial_problem(**params, random_state=rs)
    if problem == "weston":
        return gen.make_weston_nonlinear(**params, random_state=rs)
    if problem == "xor":
        return gen.make_xor(**params, random_state=rs)
    raise ValueError(f"unknown problem {problem!r}")


def expand_grid(grid: dict) -> list[dict]:
    """Every combination of a grid ``{param: [values]}`` as a list of point dicts."""
    keys = list(grid)
    return [dict(zip(keys, vals)) for vals in itertools.product(*grid.values())]



def ranker_specs(rankers=RANKERS, c_grid=C_GRID) -> list[dict]:
    """``[{"ranker": name, "C": c}, ...]``: one entry per ranker, RM/DM once per ``C``."""
    specs = []
    for name in rankers:
        cs = c_grid if name in SVM_RANKERS else (None,)
        specs.extend({"ranker": name, "C": c} for c in cs)
    return specs


def point_medians(df: pd.DataFrame, point_cols) -> pd.DataFrame:
    """Single experiments: per point and ranker the median AUC-FR and mean time over data
    sets; for RM/DM the ``C`` with the best median is kept (Sec. 4.3)."""
    point_cols = list(point_cols)
    g = df.assign(C=df["C"].fillna(-1)).groupby(point_cols + ["ranker", "C"], dropna=False)
    med = g.agg(auc_fr=("auc_fr", "median"), time_s=("time_s", "mean"),
                n_sets=("auc_fr", "size")).reset_index()
    best = med.sort_values(["auc_fr", "C"], ascending=[False, True], kind="stable")
    best = best.groupby(point_cols + ["ranker"], sort=False).head(1)
    best["C"] = best["C"].where(best["C"] >= 0)
    return best.sort_values(point_cols + ["ranker"]).reset_index(drop=True)


def block_summary(medians: pd.DataFrame, x: str) -> pd.DataFrame:
    """Mean over single experiments of the medians, per value of ``x`` and ranker (the
    curves of Figs. 2-9)."""
    return (medians.groupby([x, "ranker"])
            .agg(auc_fr=("auc_fr", "mean"), time_s=("time_s", "mean"),
                 n_points=("auc_fr", "size")).reset_index())


def wide(summary: pd.DataFrame, x: str, value: str, rankers=None) -> pd.DataFrame:
    """``x`` down, rankers across (paper's legend order)."""
    t = summary.pivot(index=x, columns="ranker", values=value)
    cols = [r for r in (rankers or list(RANKERS) + ["FCBF"]) if r in t.columns]
    return t[cols]


def anticorrelated_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per d/sigma: mean and sd over sigma of the failure percentage, mean correlation."""
    g = df.assign(fail_pct=100 * df["fail_rate"]).groupby("ratio")
    return g.agg(fail_pct=("fail_pct", "mean"), fail_pct_sd=("fail_pct", "std"),
                 mean_corr=("mean_corr", "mean")).reset_index()


def threshold_ratio(summary: pd.DataFrame, level: float) -> float:
    """Largest d/sigma whose mean failure percentage is >= ``level`` (100: 'always',
    small: 'begins'); NaN if none."""
    hit = summary.loc[summary["fail_pct"] >= level, "ratio"]
    return float(hit.max()) if len(hit) else float("nan")


def overall(medians: list[pd.DataFrame]) -> pd.DataFrame:
    """Mean AUC-FR and time per ranker over every single experiment of several blocks
    (duplicated points counted once), best AUC-FR first."""
    cols = ["m", "n", "r", "d", "eta", "sigma", "ranker"]
    allm = pd.concat(medians, ignore_index=True).drop_duplicates(cols)
    out = allm.groupby("ranker").agg(auc_fr=("auc_fr", "mean"), time_s=("time_s", "mean"),
                                     n_points=("auc_fr", "size"))
    return out.sort_values("auc_fr", ascending=False)


def speed_ratios(table: pd.DataFrame, ref: str = "SPE-ranker", tol: float = 0.05) -> pd.DataFrame:
    """Rivals whose mean AUC-FR is at least ``ref``'s minus ``tol`` ('similar quality'), with
    their time divided by ``ref``'s."""
    base = table.loc[ref]
    near = table[(table.index != ref) & (table["auc_fr"] >= base["auc_fr"] - tol)]
    return near.assign(times_slower=near["time_s"] / base["time_s"])
