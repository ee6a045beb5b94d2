"""Why is R2W2 last of seven here when the paper found it second? Its solver, checked.

R2W2 (:class:`featrank.rankers.R2W2`) scales the inputs by gradient descent on the
radius-margin bound. Three suspects, each measured on a slice of the degree block:

* the hard margin (libsvm with ``C = 1e8``): on data that are not separable libsvm stops at
  its iteration cap and the bound is meaningless; :func:`run_solver_check` counts the SVMs
  stopped that way (libsvm's flag), for R2W2 and for RM and DM at every ``C``;
* the kernel ``(<x, x'> + 1)^d`` on the raw inputs: with m uniform inputs its diagonal,
  about ``(m/3 + 1)^d``, dwarfs the rest at d >= 3; a normalised kernel and a finite ``C``
  (2-norm soft margin) are tried beside it (:data:`SOLVER_VARIANTS`);
* the optimiser: Spider's ``r2w2_sel`` (the paper's implementation, public in the Spider
  toolbox) defaults to at most 100 quasi-Newton iterations and the variance in place of the
  radius (``use_var2 = 1``); the closest of our settings is tried too.

The analytic gradient itself is checked against finite differences in the tests.
:func:`r2w2_settings_check` is the earlier, smaller check of Spider's two defaults on the
redundancy block.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...parallel import run_tasks
from .grids import NOTEBOOK, RANKERS, point_medians
from .tasks import r2w2_task, solver_check_task

#: R2W2 as the grids run it, and with the two defaults Spider's ``r2w2_sel`` documents
R2W2_VARIANTS = {"ours: 30 steps, ball": dict(n_iter=30, radius="ball"),
                 "Spider: 100 steps, variance": dict(n_iter=100, radius="variance")}

#: the settings of R2W2 the solver check compares (the first is the committed one)
SOLVER_VARIANTS = {
    "committed": dict(),
    "C = 1": dict(C=1.0),
    "normalised": dict(normalize=True),
    "normalised, C = 1": dict(normalize=True, C=1.0),
    "Spider's defaults": dict(n_iter=100, radius="variance"),
}
#: the rankers of the comparison (the ablation "SPE w/o GS" is not a rival)
RIVALS = tuple(r for r in RANKERS if r != "SPE w/o GS")


def r2w2_settings_check(points: list[dict], reps: int, *, seed: int = 0,
                        n_jobs=None) -> pd.DataFrame:
    """Every variant of :data:`R2W2_VARIANTS` on the same data sets (the grids' seeds); per
    variant the mean over points of the median AUC-FR, its SE, and the paired gain over the
    first variant with its SE."""
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


def run_solver_check(points: list[dict], reps: int, c_grid, *, seed: int = 0,
                     n_jobs=None) -> pd.DataFrame:
    """R2W2 under every setting of :data:`SOLVER_VARIANTS`, and RM and DM at every ``C`` of
    ``c_grid``, on ``reps`` data sets of each point (the grids' seeds, so the data sets are
    those of the stored grids). One row per (point, rep, ranker, variant or C) with
    ``auc_fr``, ``n_fits`` and ``n_unconverged``."""
    tasks = []
    for p in points:
        for rep in range(reps):
            base = dict(problem="poly", rep=rep, seed=seed, degree=p["d"], **p)
            tasks += [dict(base, ranker="R2W2", **v) for v in SOLVER_VARIANTS.values()]
            tasks += [dict(base, ranker=r, C=float(c)) for r in ("RM", "DM") for c in c_grid]
    out = run_tasks(solver_check_task, tasks, n_jobs=n_jobs, cache=NOTEBOOK,
                    desc="solver check")
    names = {tuple(sorted(v.items())): k for k, v in SOLVER_VARIANTS.items()}
    rows = []
    for t, o in zip(tasks, out):
        settings = {k: t[k] for k in ("C", "n_iter", "radius", "normalize") if k in t}
        variant = (names[tuple(sorted(settings.items()))] if t["ranker"] == "R2W2"
                   else f"C = {t['C']:g}")
        rows.append(dict({k: t[k] for k in ("rep", "ranker", *points[0])}, variant=variant,
                         **o))
    return pd.DataFrame(rows)


def convergence_counts(check: pd.DataFrame) -> pd.DataFrame:
    """Per ranker and setting: the SVMs trained, how many libsvm stopped at its iteration
    cap, and on how many data sets at least one was."""
    g = check.assign(hit=check.n_unconverged > 0).groupby(["ranker", "variant"], sort=False)
    return g.agg(data_sets=("n_fits", "size"), svm_fits=("n_fits", "sum"),
                 stopped_at_cap=("n_unconverged", "sum"), data_sets_hit=("hit", "sum"))


def variant_places(check: pd.DataFrame, stored: pd.DataFrame, point_cols) -> pd.DataFrame:
    """Each R2W2 setting against the committed results of the other rivals on the same data
    sets (``stored``: :func:`run_grid` rows): its mean over points of the median AUC-FR, the
    paired gain over the committed setting (mean over points, its SE, and in how many points
    it is positive), and its place among the seven rivals."""
    point_cols = list(point_cols)
    riv = point_medians(stored[stored.ranker.isin(RIVALS)], point_cols)
    riv = riv.pivot_table(index=point_cols, columns="ranker", values="auc_fr")
    r2 = check[check.ranker == "R2W2"].groupby(point_cols + ["variant"]).auc_fr.median()
    r2 = r2.unstack("variant")[list(SOLVER_VARIANTS)]
    gain = r2.sub(r2["committed"], axis=0)
    n = len(r2)
    out = []
    for v in SOLVER_VARIANTS:
        means = riv.drop(columns="R2W2").mean()
        means["R2W2"] = r2[v].mean()
        place = int((means > means["R2W2"]).sum()) + 1
        out.append(dict(variant=v, auc_fr=r2[v].mean(), se=r2[v].std(ddof=1) / np.sqrt(n),
                        gain=gain[v].mean(), gain_se=gain[v].std(ddof=1) / np.sqrt(n),
                        points_better=int((gain[v] > 0).sum()), n_points=n,
                        place=f"{place} of {len(means)}"))
    return pd.DataFrame(out).set_index("variant")


def variant_by_degree(check: pd.DataFrame) -> pd.DataFrame:
    """Mean over points of the median AUC-FR of each R2W2 setting, per degree."""
    r2 = check[check.ranker == "R2W2"]
    cols = [c for c in ("m", "n", "r", "d", "eta", "sigma") if c in r2]
    med = r2.groupby(cols + ["variant"]).auc_fr.median().reset_index()
    return med.pivot_table(index="d", columns="variant", values="auc_fr")[list(SOLVER_VARIANTS)]
