"""The experiment grids of Quevedo, Bahamonde & Luaces (2007), notebook 01.

Every grid is a list of small task dicts run through :func:`featrank.parallel.run_tasks`
(cached under ``01_quevedo2007_spe_ranker``, resumable). A task generates one data set (its
seed is ``task_seed(seed, problem, generator parameters, rep)``, the same for every ranker),
runs one ranker on it, and returns its AUC-FR (Sec. 4.1) and wall time.

Aggregation follows Sec. 4.2: a *single experiment* (a point of the problem space) is the
median AUC-FR over its data sets; a block of experiments is summarised by the mean of those
medians for each value of the parameter on the x axis. RM and DM run with every ``C`` of
{1e-2, 1, 1e2, 1e5} and, per point, the ``C`` with the best median is kept (Sec. 4.3); their
time is that of the kept ``C``.
"""
from __future__ import annotations

import itertools
import time

import numpy as np
import pandas as pd

from ..datasets import quevedo2007 as gen
from ..evaluate.aucfr import auc_fr
from ..parallel import run_tasks, task_seed
from ..store import task

NOTEBOOK = "01_quevedo2007_spe_ranker"
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
    the problem, ``k = 30``, ``xi = 2/3``)."""
    from ..rankers import spe, quevedo_rivals as qr

    table = {
        "SPE-ranker": lambda: spe.SPERanker(degree=degree),
        "SPE w/o GS": lambda: spe.SPERanker(degree=degree, remove_redundant=False),
        "SM": lambda: qr.StoppigliaSM(degree=degree),
        "Relief_k": lambda: qr.ReliefK(n_neighbors=k),
        "GSRelief_k": lambda: qr.GSReliefK(n_neighbors=k),
        "RM": lambda: qr.RakotomamonjyRFE(degree=degree, C=1.0 if C is None else C),
        "DM": lambda: qr.DegroeveRFE(degree=degree, C=1.0 if C is None else C),
        "R2W2": lambda: qr.R2W2(degree=degree),
        "FCBF": lambda: qr.FCBF(),
    }
    if name not in table:
        raise ValueError(f"unknown ranker {name!r}; choose from {sorted(table)}")
    return table[name]()


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


@task("quevedo2007.ranking_task", version="1")
def ranking_task(*, problem: str, rep: int, ranker: str, seed: int, degree: int,
                 C: float | None = None, k: int = 30, standardize: bool = False,
                 **params) -> dict:
    """One data set, one ranker: ``{"auc_fr", "time_s", "n_redundant"}``."""
    ds = make_problem(problem, rep, seed, **params)
    X = ds.X
    if standardize:
        X = (X - X.mean(axis=0)) / X.std(axis=0)
    est = make_ranker(ranker, degree=degree, C=C, k=k)
    t0 = time.perf_counter()
    est.fit(X, ds.y)
    elapsed = time.perf_counter() - t0
    return dict(auc_fr=auc_fr(est.top_features_, ds.relevant, ds.redundant), time_s=elapsed,
                n_redundant=int(getattr(est, "redundant_", np.empty(0)).size))


def expand_grid(grid: dict) -> list[dict]:
    """Every combination of a grid ``{param: [values]}`` as a list of point dicts."""
    keys = list(grid)
    return [dict(zip(keys, vals)) for vals in itertools.product(*grid.values())]


_expand = expand_grid


def ranker_specs(rankers=RANKERS, c_grid=C_GRID) -> list[dict]:
    """``[{"ranker": name, "C": c}, ...]``: one entry per ranker, RM/DM once per ``C``."""
    specs = []
    for name in rankers:
        cs = c_grid if name in SVM_RANKERS else (None,)
        specs.extend({"ranker": name, "C": c} for c in cs)
    return specs


def run_grid(problem: str, points: list[dict], reps: int, *, rankers=RANKERS, c_grid=C_GRID,
             degree_of=None, seed: int = 0, n_jobs=None, standardize: bool = False,
             k: int = 30, desc: str | None = None) -> pd.DataFrame:
    """Run every ranker on ``reps`` data sets of every point; one row per (point, rep, ranker,
    C) with ``auc_fr`` and ``time_s``. ``degree_of(point)`` gives the rankers' degree
    (default: the point's ``d``)."""
    degree_of = degree_of or (lambda p: p["d"])
    tasks = []
    for point in points:
        for rep in range(reps):
            for spec in ranker_specs(rankers, c_grid):
                tasks.append(dict(problem=problem, rep=rep, seed=seed, degree=degree_of(point),
                                  standardize=standardize, k=k, **spec, **point))
    out = run_tasks(ranking_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK, desc=desc)
    return pd.DataFrame([{**t, **o} for t, o in zip(tasks, out)])


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


#: R2W2 as the grids run it, and with the defaults Spider's ``r2w2_sel`` documents
R2W2_VARIANTS = {"ours: 30 steps, ball": dict(n_iter=30, radius="ball"),
                 "Spider: 100 steps, variance": dict(n_iter=100, radius="variance")}


@task("quevedo2007.r2w2_task", version="1")
def r2w2_task(*, problem: str, rep: int, seed: int, degree: int, n_iter: int, radius: str,
              **params) -> dict:
    """R2W2 with given settings on one data set of a point: ``{"auc_fr"}``."""
    from ..rankers.quevedo_rivals import R2W2

    ds = make_problem(problem, rep, seed, **params)
    est = R2W2(degree=degree, n_iter=n_iter, radius=radius).fit(ds.X, ds.y)
    return dict(auc_fr=auc_fr(est.top_features_, ds.relevant, ds.redundant))


def r2w2_settings_check(points: list[dict], reps: int, *, seed: int = 0,
                        n_jobs=None) -> pd.DataFrame:
    """Do R2W2's open settings explain its place? Every variant of :data:`R2W2_VARIANTS` on
    the same data sets (the grids' seeds); per variant the mean over points of the median
    AUC-FR, its SE, and the paired gain over the first variant with its SE."""
    tasks = [dict(problem="poly", rep=rep, seed=seed, degree=p["d"], **v, **p)
             for p in points for rep in range(reps) for v in R2W2_VARIANTS.values()]
    out = run_tasks(r2w2_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK, desc="R2W2 settings")
    df = pd.DataFrame([{**t, **o} for t, o in zip(tasks, out)])
    names = {(v["n_iter"], v["radius"]): k for k, v in R2W2_VARIANTS.items()}
    df["variant"] = [names[(a, b)] for a, b in zip(df.n_iter, df.radius)]
    w = df.groupby(list(points[0]) + ["variant"]).auc_fr.median().unstack("variant")
    w = w[list(R2W2_VARIANTS)]
    gain = w.sub(w.iloc[:, 0], axis=0)
    n = len(w)
    return pd.DataFrame({"auc_fr": w.mean(), "se": w.std(ddof=1) / np.sqrt(n),
                         "gain": gain.mean(), "gain_se": gain.std(ddof=1) / np.sqrt(n),
                         "n_points": n})


# --------------------------------------------------------------------------- Sec. 5.2


@task("quevedo2007.anticorrelated_task", version="1")
def anticorrelated_task(*, sigma: float, ratio: float, n_sets: int, seed: int,
                        n_per_class: int = 100) -> dict:
    """``n_sets`` anti-correlated data sets at (sigma, d = ratio * sigma): the fraction on
    which the SPE-ranker flags one of the two complementary variables redundant, and the
    mean correlation of x1 and x2 (Figs. 10-11)."""
    from ..rankers.spe import SPERanker

    fails, corr = 0, []
    for rep in range(n_sets):
        rs = task_seed(seed, "anticorrelated", round(sigma, 6), round(ratio, 6), rep)
        ds = gen.make_anticorrelated(sigma=sigma, d=ratio * sigma, n_per_class=n_per_class,
                                     random_state=rs)
        fails += SPERanker(degree=1).fit(ds.X, ds.y).redundant_.size > 0
        corr.append(np.corrcoef(ds.X.T)[0, 1])
    return dict(fail_rate=fails / n_sets, mean_corr=float(np.mean(corr)))


def run_anticorrelated(sigmas, ratios, n_sets: int, *, seed: int = 0, n_jobs=None):
    """Figs. 10-11 grid: one row per (sigma, d/sigma)."""
    tasks = [dict(sigma=float(s), ratio=float(r), n_sets=int(n_sets), seed=seed)
             for s in sigmas for r in ratios]
    out = run_tasks(anticorrelated_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK,
                    desc="anti-correlated")
    return pd.DataFrame([{**t, **o} for t, o in zip(tasks, out)])


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


def run_k_grid(points: list[dict], reps: int, ks, *, seed: int = 0, n_jobs=None) -> pd.DataFrame:
    """Fig. 1: Relief_k and GSRelief_k on a sample of the problem space for every ``k``."""
    frames = [run_grid("poly", points, reps, rankers=("Relief_k", "GSRelief_k"), k=int(k),
                       seed=seed, n_jobs=n_jobs, desc=f"k={k}") for k in ks]
    return pd.concat(frames, ignore_index=True)


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
