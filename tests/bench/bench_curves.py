"""Error curves (Slavkov 2020, Algorithm 1): ours (incremental distances / Gram matrices,
libsvm's solver ported to numba on an in-memory precomputed kernel) against the plain refit
loop of the authors' public code (a scikit-learn pipeline -- MinMaxScaler, then SVC(poly,
degree 2, gamma 1, coef0 0, C 0.1) or KNeighborsClassifier(10) -- refitted on X[:, subset]
for every curve point), on the same folds. Times are CPU seconds of this process
(``time.process_time``; BLAS single-threaded), which the other jobs sharing the machine
disturb less than wall time. The numba k-NN and SVM chains are compiled (or loaded from
numba's cache) once before timing. ``ours_mb``: the peak memory of a second run of ours
(tracemalloc).
"""
from __future__ import annotations

import time
import warnings

import numpy as np
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC
from threadpoolctl import threadpool_limits


def _plain_model(learner):
    if learner == "svm":
        return make_pipeline(MinMaxScaler(), SVC(kernel="poly", degree=2, gamma=1, coef0=0, C=0.1))
    return make_pipeline(MinMaxScaler(), KNeighborsClassifier(10))


def _plain(X, y, order, learner, splits, sizes, kinds=("ffa", "rfa")):
    """Plain loop: ``{kind: (n_splits, n_sizes)}`` accuracies."""
    p, out = X.shape[1], {}
    for kind in kinds:
        vals = np.empty((len(splits), len(sizes)))
        for f, (tr, te) in enumerate(splits):
            for j, s in enumerate(sizes):
                cols = order[:s] if kind == "ffa" else order[p - s:]
                m = _plain_model(learner).fit(X[tr][:, cols], y[tr])
                vals[f, j] = np.mean(m.predict(X[te][:, cols]) == y[te])
        out[kind] = vals
    return out


def _clock(func, *args, **kw):
    t = time.process_time()
    r = func(*args, **kw)
    return r, time.process_time() - t


def _ffa_rfa(name, ds, learner, n_folds_run, every, schedule="all"):
    """Ours on ``n_folds_run`` of 10 folds (FFA + RFA at every size of ``schedule``: "all" or
    the paper's "paper"); plain on the same folds at every ``every``-th of those sizes (all
    if 1), its cost interpolated over the others."""
    from featrank.evaluate import error_curves, size_schedule

    X, y, p = ds.X, ds.y, ds.n_features
    order = np.random.default_rng(0).permutation(p)
    splits = list(StratifiedKFold(10, shuffle=True, random_state=0).split(X, y))[:n_folds_run]
    sizes = np.arange(1, p + 1) if schedule == "all" else size_schedule(p, schedule)
    c, ours = _clock(error_curves, X, y, order, learner, sizes=sizes, cv=splits)
    sub = np.unique(np.r_[sizes[::every], p])
    per_size = []
    for s in sub:                                   # plain cost of each timed size
        _, t = _clock(_plain, X, y, order, learner, splits, [s])
        per_size.append(t)
    plain = float(np.sum(np.interp(sizes, sub, per_size)))   # every size of the schedule
    got = _plain(X, y, order, learner, splits[:1], sub)        # same numbers? (one fold)
    idx = np.searchsorted(sizes, sub)
    diff = max(np.abs(got["ffa"][0] - c.ffa[0, idx]).max(), np.abs(got["rfa"][0] - c.rfa[0, idx]).max())
    same = ""
    if learner == "knn":      # the refit of featrank's own Weka IBk (ties kept) on that fold
        ref = error_curves(X, y, order, learner, sizes=sub, cv=splits[:1], fast=False)
        d = max(np.abs(ref.ffa[0] - c.ffa[0, idx]).max(), np.abs(ref.rfa[0] - c.rfa[0, idx]).max())
        same = f"; vs refitting featrank's WekaIBk {d:.3g}"
    scope = "one 10-fold pass" if n_folds_run == 10 else f"{n_folds_run} of 10 folds"
    how = ("all" if schedule == "all" else f"the {schedule} schedule's {sizes.size}") + " sizes"
    how += ", all timed" if every == 1 else \
        f", plain timed at {sub.size} of them, interpolated over the rest"
    from _timing import peak_mb

    mb = peak_mb(lambda: error_curves(X, y, order, learner, sizes=sizes, cv=splits))
    return {"item": f"{learner} FFA+RFA {name}", "ours_s": ours, "plain_s": plain,
            "ratio": plain / ours, "ours_mb": mb,
            "note": f"{ds.n_samples}x{p}, {scope}, {how}; max |ours - plain| accuracy {diff:.3g}"
                    + same + (" (sklearn breaks distance ties by index, Weka IBk keeps all "
                              "points tied with the k-th)" if learner == "knn" and diff > 0 else "")}


def _expected(ds, m=20, m_plain=4):
    from featrank.evaluate import expected_curve
    from featrank.evaluate.curves import random_orders

    X, y, p = ds.X, ds.y, ds.n_features
    splits = list(StratifiedKFold(10, shuffle=True, random_state=0).split(X, y))
    sizes = np.arange(1, p + 1)
    e, ours = _clock(expected_curve, X, y, "svm", n_orders=m, sizes=sizes, cv=splits)
    orders = random_orders(p, m, 0)
    plain = 0.0
    for o in orders[:m_plain]:                 # the paper's way: one FFA curve per order
        _, t = _clock(_plain, X, y, o, "svm", splits, sizes, kinds=("ffa",))
        plain += t
    plain *= m / m_plain
    sav = e.meta["order_savings"][:-1]
    return {"item": f"expected curve m={m} sonar (svm)", "ours_s": ours, "plain_s": plain,
            "ratio": plain / ours,
            "note": f"10-fold; plain = FFA of each random order refitted (timed {m_plain} of {m}, "
                    f"x{m / m_plain:g}); ours also pools each order's RFA: for equal standard "
                    f"error that needs {1 / np.median(sav):.2f}x the orders (median over sizes "
                    f"< p of (1 + rho)/2; range {1 / sav.max():.2f}-{1 / sav.min():.2f})"}


def run():
    from featrank.datasets import load

    rows = []
    warnings.filterwarnings("ignore", message="The least populated class")
    with threadpool_limits(limits=1):
        try:
            sonar = load("sonar")
        except Exception as exc:  # pragma: no cover - data missing
            return [{"item": "curves", "ours_s": np.nan, "plain_s": np.nan, "ratio": np.nan,
                     "note": f"sonar unavailable: {exc}"}]
        # compile (or load from numba's cache) the k-NN and SVM chains once, outside the timings
        from featrank.evaluate import error_curves

        error_curves(sonar.X[::5], sonar.y[::5], np.arange(60), "knn", sizes=[1, 2], cv=2)
        error_curves(sonar.X[::5], sonar.y[::5], np.arange(60), "svm", sizes=[1, 2], cv=2)
        rows.append(_ffa_rfa("sonar", sonar, "knn", 10, 1))
        rows.append(_ffa_rfa("sonar", sonar, "svm", 10, 1))
        try:
            wave = load("waveform-5000")
        except Exception as exc:  # pragma: no cover
            wave = None
            rows.append({"item": "FFA+RFA waveform-5000", "ours_s": np.nan, "plain_s": np.nan,
                         "ratio": np.nan, "note": f"unavailable: {exc}"})
        if wave is not None:
            rows.append(_ffa_rfa("waveform-5000", wave, "knn", 2, 4))
            rows.append(_ffa_rfa("waveform-5000", wave, "svm", 1, 8))
        try:                        # wide data (Slavkov 2020's microarrays): paper schedule
            rows.append(_ffa_rfa("prostate", load("prostate"), "svm", 10, 8, "paper"))
        except Exception as exc:  # pragma: no cover - data missing
            rows.append({"item": "svm FFA+RFA prostate", "ours_s": np.nan, "plain_s": np.nan,
                         "ratio": np.nan, "note": f"unavailable: {exc}"})
        rows.append(_expected(sonar))
    return rows
