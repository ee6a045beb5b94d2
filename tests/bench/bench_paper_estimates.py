"""Estimated wall time of each notebook's ``paper`` profile on this machine.

For every notebook: read its ``paper`` settings (the library's profile object where the
notebook has one, else the settings cell of the committed notebook, executed with
``profile = "paper"``), count the tasks of each kind its cells submit, time one
(or a few) representative task(s) of each kind through the notebook's experiment module (with
a fresh temporary ``FEATRANK_CACHE``, so nothing is reused from earlier runs), multiply, and
divide by the cores (2 here; perfect parallelism assumed, which the task grids allow).

Times are CPU seconds of the task (``time.process_time``; the tasks run single-threaded, as
``run_tasks`` runs them), which equal wall seconds on a quiet core and are less disturbed than
wall time when the machine is shared. Where one task would take more than a few seconds, a
smaller version is timed and scaled (fewer CV repetitions, fewer curve points, fewer data sets
per task); each row's note says how. The estimates exclude the cells' own (non-task) work.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import time
import warnings

import numpy as np

CORES = 2
HOUR = 3600.0
#: (CPU s of one 10-fold FFA+RFA pass at the paper schedule, CPU s of the 4 rankings) per
#: dataset, measured by the notebook 05 estimate and reused by notebook 04's (same tasks)
_PASS: dict = {}


# --------------------------------------------------------------------------- helpers
def _clock(func, task: dict, cache: str):
    """(result, CPU seconds) of one task through ``run_tasks`` (in process, single-threaded)."""
    from featrank.parallel import run_tasks

    t = time.process_time()
    out = run_tasks(func, [task], n_jobs=1, cache=cache, progress=False)[0]
    return out, time.process_time() - t


@contextlib.contextmanager
def _fresh_cache():
    old = {k: os.environ.get(k) for k in ("FEATRANK_CACHE", "FEATRANK_PROGRESS", "FEATRANK_STORE")}
    with tempfile.TemporaryDirectory(prefix="featrank-bench-cache-") as tmp:
        os.environ["FEATRANK_CACHE"], os.environ["FEATRANK_PROGRESS"] = tmp, "0"
        os.environ["FEATRANK_STORE"] = "refresh"        # time the tasks, not the store
        try:
            yield tmp
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _row(item, cpu_s, parts, how, extra=""):
    """A row: ``ours_s`` = estimated wall seconds on CORES cores; the note lists the parts."""
    wall = cpu_s / CORES
    top = sorted(parts.items(), key=lambda kv: -kv[1])
    brk = "; ".join(f"{k} {v / CORES / HOUR:.2f} h" for k, v in top if v > 0)
    return {"item": item, "ours_s": wall, "plain_s": np.nan, "ratio": np.nan,
            "note": f"estimated {wall / HOUR:.1f} h on {CORES} cores ({cpu_s / HOUR:.1f} CPU h): "
                    f"{brk}. {how}{extra}"}


def _not_measured(item, why):
    return {"item": item, "ours_s": np.nan, "plain_s": np.nan, "ratio": np.nan,
            "note": f"not measured: {why}"}


def _spread(sizes, k):
    """About ``k`` sizes spread evenly over a schedule (first and last included)."""
    sizes = np.asarray(sizes)
    idx = np.unique(np.round(np.linspace(0, sizes.size - 1, min(k, sizes.size))).astype(int))
    return tuple(int(s) for s in sizes[idx])


# --------------------------------------------------------------------------- notebook 01
def _nb01(n_sample=3, seed=0):
    """Quevedo 2007: every ranking task of the notebook's grids (deduplicated as the cache
    does), ``n_sample`` random tasks of each ranker (and C) timed after one untimed warm-up
    task (imports, compilation); the anti-correlated grid
    from one task with a tenth of its data sets."""
    from featrank.experiments import quevedo2007 as q

    S, run = q.PROFILES["paper"], list(q.RANKERS) + ["FCBF"]
    sens = ["SPE-ranker", "Relief_k", "RM", "DM", "R2W2"]
    tasks = {}

    def grid(problem, points, reps, rankers, degree_of=lambda p: p["d"], k=30, std=False):
        for point in points:
            for rep in range(reps):
                for spec in q.ranker_specs(rankers, S.c_grid):
                    t = dict(problem=problem, rep=rep, seed=seed, degree=degree_of(point),
                             standardize=std, k=k, **spec, **point)
                    tasks[tuple(sorted(t.items(), key=lambda kv: kv[0]))] = t

    for k in S.ks:
        grid("poly", q.expand_grid(S.k_points), S.k_reps, ("Relief_k", "GSRelief_k"), k=k)
    for block in ("redundancy", "irrelevant", "degree"):
        grid("poly", q.expand_grid(getattr(S, block)), S.reps, run)
    grid("poly", S.bias_points, S.reps, sens)
    for std in (False, True):
        grid("weston", [dict(n=n) for n in S.weston_n], S.reps, run, lambda p: 2, std=std)
    grid("weston", [dict(n=50, noise_var=1.0)], S.reps, ["RM", "DM"], lambda p: 2)
    grid("xor", [dict(r=r, n=100, m=100) for r in S.xor_r], S.xor_reps, run,
         lambda p: p["r"])
    by_kind = {}
    for t in tasks.values():
        kind = t["ranker"] + (f" C={t['C']:g}" if t["C"] is not None else "")
        by_kind.setdefault(kind, []).append(t)
    rng = np.random.default_rng(seed)
    parts, cpu = {}, 0.0
    for kind, ts in by_kind.items():
        pick = rng.choice(len(ts), size=min(n_sample + 1, len(ts)), replace=False)
        cost = np.mean([_clock(q.ranking_task, ts[i], q.NOTEBOOK)[1] for i in pick][-n_sample:])
        parts[f"{kind} ({len(ts)})"] = cost * len(ts)
    n_anti = len(S.anti_sigmas) * len(S.anti_ratios)
    small = max(1, S.anti_sets // 10)
    _, c = _clock(q.anticorrelated_task, dict(sigma=float(S.anti_sigmas[0]),
                                              ratio=float(S.anti_ratios[0]), n_sets=small,
                                              seed=seed), q.NOTEBOOK)
    parts[f"anti-correlated ({n_anti} x {S.anti_sets} sets)"] = c * S.anti_sets / small * n_anti
    cpu = sum(parts.values())
    return [_row("nb01 paper profile (estimate)", cpu, dict(sorted(parts.items(), key=lambda kv: -kv[1])[:6]),
                 f"{len(tasks)} distinct ranking tasks; cost per ranker (and C) = mean of "
                 f"{n_sample} random tasks of its grid (after a warm-up task); anti-correlated: one task of "
                 f"{small} sets scaled to {S.anti_sets}. Largest parts shown.")]


# --------------------------------------------------------------------------- notebook 02
def _nb02(seed=0, max_samples=2500):
    """Prati 2012: one task per (dataset, fold) computes every ranking and 12 methods x 3
    learners FFA curves at every size. Fold 0 of each dataset is timed at 2 sizes (1 and p)
    and scaled by p / 2 (the ranking part is scaled too: an overestimate, small next to the
    36 p curve points); datasets with more than ``max_samples`` instances are not timed
    (one fold takes minutes there), so the total is a lower bound when any is left out."""
    from featrank.datasets import load
    from featrank.experiments import prati2012 as P

    st = P.PROFILES["paper"]
    cat = P.table1()
    datasets = st.datasets or [d for d, ok in zip(cat["ours"], cat["available"]) if ok]
    parts, skipped, n_tasks = {}, [], 0
    for d in datasets:
        ds = load(d)
        k = len(P.fold_splits(ds.y, st.n_folds, seed))
        n_tasks += k
        if ds.n_samples > max_samples:
            skipped.append(f"{d} ({ds.n_samples}x{ds.n_features})")
            continue
        task = dict(dataset=d, fold=0, n_folds=st.n_folds, seed=seed, schedule=2,
                    extras=tuple(P.EXTRAS))
        _, c = _clock(P.run_fold, task, P.NOTEBOOK)
        n_sizes = len(P.curve_sizes(ds.n_features, st.schedule))
        parts[d] = c * max(1.0, n_sizes / len(P.curve_sizes(ds.n_features, 2))) * k
    cpu = sum(parts.values())
    row = _row("nb02 paper profile (estimate)", cpu,
               dict(sorted(parts.items(), key=lambda kv: -kv[1])[:5]),
               f"{len(datasets)} datasets x {st.n_folds} folds = {n_tasks} tasks (all rankings "
               f"+ 12 methods x 3 learners x 3 measures, every size); fold 0 of each timed at "
               f"sizes 1 and p, scaled to all sizes; largest five shown",
               f". Not timed (one fold takes minutes): {', '.join(skipped)}, so this is a lower "
               "bound" if skipped else "")
    if skipped:
        row["item"] = "nb02 paper profile (estimate, lower bound)"
    return [row]


# --------------------------------------------------------------------------- notebook 03
def _nb03_by_C(C_grid, seed=0, dataset="artificial1-8c", sizes=(10, 50, 270)):
    """Where notebook 03's time goes: the CPU time of one inner-CV fit (1 of the 5 folds of
    one curve point's choice of C) per value of C, on the top features of a random order of
    ``dataset``'s first split (libsvm through ``SVC(kernel="precomputed")``, as
    :func:`featrank.experiments.izetta2017.svm_error_curve` fits it), with libsvm's
    iteration counts. ``ours_s``: CPU seconds of the choice of C at the middle size (5 folds x
    the grid); ``cheapest_fit_s``: the cheapest fit (for the floor of :func:`_nb03`)."""
    from sklearn.model_selection import StratifiedKFold
    from sklearn.svm import SVC

    from featrank.experiments import izetta2017 as E

    Xtr, ytr = E.split_data(dataset, 0, seed, 3000)[:2]
    order = np.random.default_rng(seed).permutation(Xtr.shape[1])
    tr = next(StratifiedKFold(5, shuffle=True, random_state=seed).split(Xtr, ytr))[0]
    cells, cpus, per_point = [], [], 0.0
    for n in sizes:
        Z = Xtr[np.ix_(tr, order[:n])]
        K = Z @ Z.T
        for C in C_grid:
            t = time.process_time()
            m = SVC(kernel="precomputed", C=C).fit(K, ytr[tr])
            cpu = time.process_time() - t
            per_point += 5 * cpu if n == sizes[1] else 0.0
            cpus.append(cpu)
            cells.append(f"n={n} C={C:g}: {cpu:.2f} s, {int(m.n_iter_.sum()):,} iterations")
    return {"item": "nb03 choice of C per curve point (profile)", "ours_s": per_point,
            "cheapest_fit_s": min(cpus),
            "plain_s": np.nan, "ratio": np.nan,
            "note": f"{dataset}, split 0, one inner fold of {len(tr)} samples, libsvm CPU time "
                    f"per fit: {'; '.join(cells)}. The fits at large C on few features (classes "
                    "overlap, nearly every sample a support vector) dominate; warm starts along "
                    "the sizes or the C path cut their iterations only 2-2.5x"}


def _nb03(seed=0, profile="paper"):
    """Izetta 2017: SVM-RFE lists and Zhou tasks timed once per dataset kind; error curves
    timed at a few sizes (cost per curve point, with the profile's C grid and 5-fold CV, at
    every size or once per split) and scaled to all sizes and every method."""
    from featrank.experiments import izetta2017 as E

    S = E.PROFILES[profile]
    per_split = S.C_at == "split" and len(S.C_grid) > 1
    cv_at = {"C_at": "split"} if per_split else {}
    ns, splits = S.n_samples, S.n_splits
    calls = [(S.fig1, [f"K-First@{k}" for k in S.fig1_k], "ovo"),
             (S.fig2, ["Av-SD@max_sd", "Av-SD@min_sd", "3Q-SD@max_sd", "3Q-SD@min_sd"], "ovo"),
             (S.fig3, E.METHODS, "ova"), (S.fig3, E.METHODS, "ovo"),
             (S.fig4, E.METHODS, "ovo"), (S.real, E.METHODS + E.ZHOU, "ovo")]
    lists = {(d, sch) for ds, _, sch in calls for d in ds} | {(d, "ovo") for d in S.tables}
    # representative datasets: the artificial ones are alike (3000 x 515); real: Multi-F is
    # the largest, the robot sets are smaller than Libras (Libras' costs used for them)
    rep = lambda d: ("artificial1-8c" if d.startswith("artificial") else
                     "Multi-F" if d == "Multi-F" else "Libras")
    cost_lists, cost_point, cost_zhou, cost_C, p_of = {}, {}, {}, {}, {}
    for d in sorted({rep(d) for d, _ in lists}):
        kw = dict(dataset=d, split=0, seed=seed, n_samples=E._ns(d, ns))
        try:
            _, cost_lists[d] = _clock(E.lists_task, dict(kw, scheme="ovo"), E.RANKINGS)
            p = E.split_data(**kw)[0].shape[1]
            # paper: the sizes of one point (+ the 10, 20 and n_rel always added), as the
            # CV dominates; per-split C: a whole curve, as the data preparation does
            sizes = S.sizes if per_split else (int(p // 2),)
            if per_split:                          # stored first: the curve finds it
                _, cost_C[d] = _clock(E.split_C_task, dict(kw, C_grid=tuple(S.C_grid)),
                                      E.CACHE)
            out, c = _clock(E.curve_task, dict(kw, methods=("K-First",), sizes=sizes,
                                               C_grid=tuple(S.C_grid), **cv_at), E.CACHE)
            cost_point[d], p_of[d] = c / len(out["sizes"]), p
            if d == "Libras":
                _, cost_zhou[d] = _clock(E.zhou_task, dict(kw, method="Zhou OVO"), E.RANKINGS)
        except Exception as exc:  # a real dataset missing here
            cost_lists[d] = cost_point[d] = np.nan
            warnings.warn(f"nb03 estimate: {d} not timed ({exc})")
    parts = {"SVM-RFE lists": 0.0, "error curves": 0.0, "Zhou MSVM-RFE": 0.0,
             "C by CV once per split": 0.0}
    for d, sch in lists:
        parts["SVM-RFE lists"] += cost_lists[rep(d)] * splits
    if per_split:
        for d in {d for d, _ in lists}:
            parts["C by CV once per split"] += cost_C[rep(d)] * splits
    n_points = 0
    for ds, methods, sch in calls:
        for d in ds:
            r = rep(d)
            pts = len(E.size_grid(p_of[r], S.sizes, extra=(10, 20))) * len(methods)
            n_points += pts * splits
            parts["error curves"] += cost_point[r] * pts * splits
            nz = sum(m in E.ZHOU for m in methods)
            if nz and d != "Multi-F":
                parts["Zhou MSVM-RFE"] += cost_zhou.get("Libras", np.nan) * nz * splits
    cpu = sum(parts.values())
    if per_split:
        return [_row(f"nb03 {profile} profile (estimate)", cpu, parts,
                     f"{splits} splits, sizes={S.sizes!r}, C grid {S.C_grid} by 5-fold CV "
                     f"once per split (all features): {n_points:,} curve points (one SVM each); "
                     "a whole curve of one method timed per representative dataset, its data "
                     "preparation counted once per method (an upper bound); lists as for the "
                     "paper row. Not included: Zhou's MSVM-RFE on Multi-F and the Fig. 7 "
                     "timing grid.")]
    by_C = _nb03_by_C(S.C_grid, seed)
    n_fits = n_points * (5 * len(S.C_grid) + 1)
    floor = n_fits * by_C.pop("cheapest_fit_s") / CORES / HOUR
    by_C["note"] += (f". A floor: the protocol fits {n_fits:,} SVMs ({n_points:,} points x "
                     f"(5 folds x {len(S.C_grid)} C + 1)); were every fit as cheap as the "
                     f"cheapest above, that alone is {floor:,.0f} h on {CORES} cores, so 24 h "
                     "needs fits shared across C values and folds, not faster fits")
    return [by_C] + [_row("nb03 paper profile (estimate)", cpu, parts,
                 f"{splits} splits, sizes={S.sizes!r}, C grid {S.C_grid} by 5-fold CV at "
                 f"every size: {n_points:,} curve points (one SVM per C and fold each); cost per "
                 "point timed at p/2, 10, 20 features on artificial1-8c (all artificial sets), Multi-F, "
                 "Libras (also for the robot sets); lists timed once per representative set. "
                 "Not included: Zhou's MSVM-RFE on Multi-F and the Fig. 7 timing grid "
                 "(not timed: too long for a bench item).")]


# --------------------------------------------------------------------------- notebook 05
def _curve_cost(E, func, task, sizes_paper, n_repeats, k=None):
    """CPU seconds of one paper curve task (n_repeats x 10-fold CV at every size), from one
    10-fold pass at about ``k`` of the sizes (``None``: at all of them).

    A pass costs a setup per fold (the fold's columns and kernel cache: on a microarray of
    12,625 features most of a pass) plus a cost per size. A warm-up pass (loading the data,
    compiling; another seed, so that it is not cached) is discarded; the setup is timed by a
    pass at the first size alone, and only the rest is scaled to all sizes (the cost of a size
    grows with it, so a few spread sizes can be off by a tenth)."""
    sizes = tuple(int(s) for s in sizes_paper)
    sub = sizes if k is None else _spread(sizes, k)
    one = dict(task, n_repeats=1, sizes=sizes[:1])
    _clock(func, dict(one, seed=one.get("seed", 0) + 1), E.CACHE)
    _, c = _clock(func, dict(task, n_repeats=1, sizes=sub), E.CACHE)
    if sub == sizes:
        return c * n_repeats
    _, setup = _clock(func, one, E.CACHE)
    return (setup + max(c - setup, 0.0) * (len(sizes) - 1) / (len(sub) - 1)) * n_repeats


def _nb05_profile(seed=0, theta=0.1, n_shared=100):
    """Where notebook 05's time goes: one 10-fold pass of an R_theta task of ``combined`` (SVM,
    paper size schedule), with the SMO solver's share of the CPU time, its fits and iterations;
    and how many FFA/RFA fits the ``n_shared`` realisations of each theta (and R_GT) could
    share at most (the same top- or bottom-s set in the same fold gives the same fit)."""
    from featrank.evaluate import _svm_chain
    from featrank.experiments import slavkov2020 as E

    solve, spent = _svm_chain.fit, {"cpu": 0.0, "fits": 0, "iter": 0}

    def timed(*args, **kw):
        t = time.process_time()
        out = solve(*args, **kw)
        spent["cpu"] += time.process_time() - t
        spent["fits"] += 1
        spent["iter"] += int(np.sum(out[-1]))
        return out

    sizes = E.resolve_sizes("paper", E.load_dataset("combined").n_features)
    _svm_chain.fit = timed
    try:
        _, cpu = _clock(E.noisy_curves, dict(dataset="combined", theta=theta, index=n_shared,
                                             seed=seed, n_repeats=1, sizes=tuple(sizes)),
                        E.CACHE)
    finally:
        _svm_chain.fit = solve
    sets = {(kind, frozenset(o[:k] if kind == "ffa" else o[-k:]))
            for t in E.THETAS for i in range(1 if t == 0 else n_shared)
            for o in [E.noisy_order("combined", t, i, seed)]
            for kind in ("ffa", "rfa") for k in sizes}
    n_all = 2 * len(sizes) * (1 + n_shared * sum(t != 0 for t in E.THETAS))
    return {"item": "nb05 R_theta curve task (profile)", "ours_s": cpu, "plain_s": np.nan,
            "ratio": np.nan,
            "note": f"combined, theta={theta:g}, one 10-fold pass at the {len(sizes)} sizes of the "
                    f"paper schedule: {cpu:.1f} s CPU, {spent['cpu'] / cpu:.0%} of it in the SMO "
                    f"solver (libsvm's, bit for bit): {spent['fits']:,} fits of about 900 samples, "
                    f"{spent['iter'] / spent['fits']:,.0f} iterations and "
                    f"{spent['cpu'] / spent['fits'] * 1e3:.1f} ms each "
                    f"({spent['cpu'] / spent['iter'] * 1e6:.1f} us an iteration: a scan of the "
                    "active samples). Sharing fits across rankings: of the "
                    f"{n_all:,} FFA/RFA feature sets of R_GT and {n_shared} realisations of each "
                    f"theta, {len(sets):,} are distinct, so sharing saves at most "
                    f"{1 - len(sets) / n_all:.0%}. Warm-starting SMO from the previous size's "
                    "solution would cut iterations but changes the solutions within libsvm's "
                    "tolerance (not done: curves stay identical to a plain refit)"}


def _nb05(seed=0, k_sizes=8):
    """Slavkov 2020: per dataset, one 10-fold pass of a random order's FFA+RFA (SVM, at every
    size of the paper schedule, times 10 repetitions: scaling a few sizes up misjudged the
    microarrays, whose schedule is mostly small sizes and a few large ones) and the four
    rankings on the whole data; the learner study's learners at ``k_sizes`` sizes of
    ``combined``; counts from the notebook's cells."""
    from featrank.datasets import catalog
    from featrank.experiments import slavkov2020 as E

    S = E.PROFILES["paper"]                     # notebook 05's settings, from the library
    reps, n_random, n_noisy, n_res = S.n_repeats, S.n_random, S.n_noisy, S.n_resamples
    cat = catalog().set_index("name")
    t1 = cat[cat.tables.astype(str).str.contains("Slavkov2020:T1")]
    avail = [d for d in E.TABLE1 if d in t1.index and t1.loc[d, "available"]]
    names = list(E.TABLE1)
    low = set(names[:names.index("wine") + 1])          # Table 1 above the line
    rows, per = [], {}
    warnings.filterwarnings("ignore", message="The least populated class")
    for d in avail:
        ds = E.load_dataset(d)
        sizes = E.resolve_sizes("paper", ds.n_features)
        curve = _curve_cost(E, E.random_curve, dict(dataset=d, index=0, seed=seed), sizes, reps)
        rank = sum(_clock(E.rank_features, dict(dataset=d, ranker=r, seed=seed), E.CACHE)[1] for r in E.RANKERS)
        _PASS[d] = (curve / reps, rank)                # for notebook 04's estimate
        per[d] = {"curves": curve * (len(E.RANKERS) + n_random), "rankings": rank * (1 + n_res),
                  "random": curve * n_random,
                  # selection-bias check: the four rankers' curves re-ranked in every CV split
                  "bias": curve * len(E.RANKERS) + rank * reps * 10
                  if d in S.bias_check else 0.0}
    # synthetic: Fig. 3 (R_GT + thetas x n_noisy), expected curves, learner study, Fig. A1
    syn, syn_parts = {}, {}
    ds = E.load_dataset("combined")
    sizes = E.resolve_sizes("paper", ds.n_features)
    noisy = {d: _curve_cost(E, E.noisy_curves, dict(dataset=d, theta=0.1, index=0, seed=seed),
                            sizes, reps) for d in S.synthetic}   # most of the part
    rank = sum(_clock(E.rank_features, dict(dataset="combined", ranker=r, seed=seed), E.CACHE)[1] for r in E.RANKERS)
    _PASS["combined"] = (noisy["combined"] / reps, rank)
    learners = {}
    for learner in S.learners:
        learners[learner] = _curve_cost(E, E.ranker_curves,
                                        dict(dataset="combined", ranker="ReliefF",
                                             learner=learner, seed=seed),
                                        sizes, reps, 3 if learner in ("rf", "tree") else k_sizes)
    n_syn = len(S.synthetic)
    syn_parts["Fig. 3 R_theta curves"] = sum(noisy.values()) * (1 + len(S.thetas) * n_noisy)
    syn_parts["expected curves"] = sum(noisy.values()) * n_random
    syn_parts["learner study"] = sum(c * len(E.RANKERS) for c in learners.values())
    syn_parts["rankings (whole + stability)"] = rank * (1 + n_res)
    syn_cpu = sum(syn_parts.values())
    how = (f"{reps} x 10-fold CV, paper size schedule, {len(E.RANKERS)} rankings + {n_random} "
           f"random orders per dataset, rankings on the whole data + {n_res} resamples; per "
           f"dataset one 10-fold pass timed at every size of the schedule")
    cost = {d: v["curves"] + v["rankings"] for d, v in per.items()}
    low_cpu = sum(c for d, c in cost.items() if d in low)
    top = {d: cost[d] for d in sorted(cost, key=lambda d: -cost[d]) if d in low}
    missing = [d for d in names if d in low and d not in avail]
    rows.append(_row("nb05 paper profile, Table 1 low-dim datasets (estimate)", low_cpu,
                     dict(list(top.items())[:5]), how,
                     f". {len(top)} of {len(low)} low-dimensional datasets available (missing: "
                     f"{', '.join(missing)}); largest five shown. Expected curves pool each "
                     f"random order's FFA and RFA, so {n_random} orders give about the standard "
                     f"error of {round(n_random / 0.53)} FFA-only ones (bench_curves)"))
    high = {d: c for d, c in cost.items() if d not in low}
    bias = sum(v["bias"] for v in per.values())
    if bias:
        high[f"selection-bias check ({sum(v['bias'] > 0 for v in per.values())} sets)"] = bias
    rows.append(_row("nb05 paper profile, Table 1 microarrays (estimate)", sum(high.values()),
                     high, how))
    rows.append(_row("nb05 paper profile, synthetic part (estimate)", syn_cpu, syn_parts,
                     f"{n_syn} synthetic datasets: R_GT + {len(S.thetas)} thetas x {n_noisy} "
                     f"noisy rankings + {n_random} random orders each (SVM); learner study "
                     f"({', '.join(S.learners)}) on combined; an R_theta task (theta = 0.1) "
                     "timed on each dataset, one pass at every size, also the cost of a random "
                     "order; the other learners at a few sizes, scaled; per dataset: "
                     + ", ".join(f"{d} {c / 60:.1f} min" for d, c in noisy.items())))
    total = low_cpu + sum(high.values()) + syn_cpu
    rows.append(_row("nb05 paper profile, whole notebook (estimate)", total,
                     {"low-dim datasets": low_cpu, "microarrays": sum(high.values()),
                      "synthetic": syn_cpu}, "Sum of the three rows above."))
    return rows


def _nb04(seed=0):
    """Slavkov 2018: the same task functions as notebook 05 (experiments.slavkov2018 calls
    experiments.slavkov2020). Synthetic ``combined`` (R_GT + thetas x n_noisy realisations +
    the ReliefF/IG pair): one task timed whole at the notebook's CV and size grid; Table 5
    (4 rankers' curves) on every available dataset of Table 4: notebook 05's per-pass costs,
    scaled to this notebook's grids."""
    from featrank.experiments import slavkov2018 as E18
    from featrank.experiments import slavkov2020 as E

    S = E18.PROFILES["paper"]
    if "combined" not in _PASS:
        _nb05(seed)
    syn, real = S.syn, S.real
    scale = lambda spec, n: (len(E.resolve_sizes(spec["sizes"], n))
                             / len(E.resolve_sizes("paper", n)) * spec["n_repeats"]
                             * spec["n_folds"] / 10)
    # the R_theta tasks are most of it: one timed whole, at the notebook's own CV and sizes
    # (not scaled from notebook 05's grid: the cost of a size grows with the size)
    task = dict(dataset="combined", theta=0.1, index=0, seed=seed, **syn)
    one = _clock(E.noisy_curves, task, E.CACHE)[1]
    rank = _PASS["combined"][1]
    parts = {"synthetic R_theta": one * (1 + len(S.thetas) * S.n_noisy),
             "synthetic R_theta (random rank)": one * len(S.thetas) * S.n_random_rank,
             "synthetic pair (Table 1)": one * 2 + rank}
    sel = E18.table4_datasets()
    if S.datasets is not None:
        sel = sel[sel["name"].isin(S.datasets)]
    elif S.datasets_filter:
        sel = E18.table4_datasets(**S.datasets_filter)
    untimed = []
    for d, n in zip(sel["name"], sel["n_features"]):
        if d not in _PASS:
            untimed.append(d)
            continue
        one, rank = _PASS[d]
        parts[d] = one * scale(real, n) * len(E18.METHODS) + rank
    if "breast-w" in _PASS:
        parts["expected curve breast-w"] = _PASS["breast-w"][0] * scale(real, 9) * S.n_random
    cpu = sum(parts.values())
    return [_row("nb04 paper profile (estimate)", cpu,
                 dict(sorted(parts.items(), key=lambda kv: -kv[1])[:6]),
                 f"synthetic {syn}, {len(S.thetas)} thetas x {S.n_noisy}; Table 5 on "
                 f"{len(sel)} available datasets, {real}; per-pass costs from the notebook 05 "
                 "estimate (same task functions), scaled to these CV and size grids; counted "
                 "as if run alone (with notebook 05 run first its rankings are cached)",
                 f". Not timed: {', '.join(untimed)}" if untimed else "")]


def run():
    from threadpoolctl import threadpool_limits

    rows = []
    with _fresh_cache(), threadpool_limits(limits=1):
        for name, func in (("nb01", _nb01), ("nb02", _nb02), ("nb03", _nb03),
                           ("nb03 reduced", lambda: _nb03(profile="reduced")), ("nb05", _nb05),
                           ("nb05 profile", lambda: [_nb05_profile()]), ("nb04", _nb04)):
            t = time.perf_counter()
            try:
                out = func()
            except Exception as exc:  # noqa: BLE001 - a module in flux: say so
                out = [_not_measured(f"{name} paper profile (estimate)",
                                     f"{type(exc).__name__}: {exc}")]
            spent = time.perf_counter() - t
            for r in out:
                r["note"] += f" [measuring took {spent:.0f} s wall]"
            rows.extend(out)
    return rows + [_all_five(rows)]


def _all_five(rows):
    """``make paper`` on 2 cores: the sum of the five notebooks' estimates (notebook 05's
    whole-notebook row, not its parts)."""
    def whole(item):
        return item.startswith("nb0") and "paper profile" in item and "(estimate" in item and (
            not item.startswith("nb05") or "whole notebook" in item)

    cpu = {r["item"].split()[0]: CORES * r["ours_s"] for r in rows if whole(r["item"])}
    if len(cpu) < 5 or not np.all(np.isfinite(list(cpu.values()))):
        return _not_measured("all five notebooks, make paper (estimate)",
                             f"only {sorted(cpu)} have an estimate")
    return _row("all five notebooks, make paper (estimate)", sum(cpu.values()), cpu,
                "Sum of the five notebooks' rows (notebook 02's is a lower bound).")


if __name__ == "__main__":
    import sys

    only = sys.argv[1:]
    with _fresh_cache():
        for f in (_nb01, _nb02, _nb03, _nb05, _nb04):
            if not only or f.__name__.strip("_") in only:
                for r in f():
                    print(r)
