"""Experiments of Prati (2012), "Combining feature ranking algorithms through rank
aggregation" (notebook 02).

Protocol of Sec. V: 10-fold stratified CV, the same folds for every method. On each training
fold the six base rankings (Weka's InfoGain, GainRatio, SymmetricUncertainty, ChiSquared,
OneR, ReliefF), their four aggregations (Borda, sequential Condorcet, Schulze/SSD, and MC4 as
Prati describes it: PageRank with JUNG's alpha = 0.1 on distance-weighted edges, pointing
from the lower- to the higher-ranked feature, see :func:`featrank.aggregate.prati_mc4`) and
Lin's baseline (ReliefF on 10 bootstrap samples, Borda) are computed; each ranking's
performance curve (top-i features, i = 1..p) is measured on the test fold for three learners
(J48-like tree, naive Bayes, linear SMO) and three measures (error rate, Hand-Till AUC,
Weka's weighted F1); the area under each curve (mean height, trapezoid rule) summarises it.
One task = one (dataset, fold): it loads the data itself, so results are cached on disk.
"""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from ..config import active_profile
from ..evaluate import parse_sizes
from ..stats import holm_vs_control, nemenyi_pairs, rank_se
from ..store import versioned
from .summary import COLUMNS, summary_table

NOTEBOOK = "02_prati2012_rank_aggregation"
#: the paper's labels -> featrank rankers
BASE = {"IG": "InfoGain", "GR": "GainRatio", "SU": "SymmetricUncertainty",
        "CS": "ChiSquared", "1R": "OneR", "RLF": "ReliefF"}
AGGREGATES = ("BC", "CD", "SSD", "MC4")
METHODS = tuple(BASE) + AGGREGATES + ("Lin",)
LEARNERS = {"J48": ("tree", {}), "NB": ("nb", {}), "SVM": ("svm", {"degree": 1, "C": 1.0})}
MEASURES = ("error", "auc", "f1")
HIGHER_IS_BETTER = {"error": False, "auc": True, "f1": True}
#: Table I of the paper, "% maj. class" (reference column only)
PAPER_MAJORITY = {
    "anneal": 76.17, "arrhythmia": 54.20, "audiology": 25.22, "autos": 32.68,
    "breast-cancer": 70.28, "wisc-breast-cancer": 65.52, "bridges-version1": 41.12,
    "bridges-version2": 41.12, "cmc": 42.70, "horse-colic": 63.04, "horse-colic.ORIG": 63.04,
    "credit-rating": 55.51, "german-credit": 70.00, "cylinder-bands": 57.78,
    "dermatology": 30.60, "glass": 35.51, "heart-disease": 54.46, "heart-statlog": 55.56,
    "hepatitis": 79.35, "ionosphere": 64.10, "synthetic-control": 16.67, "kr-vs-kp": 52.22,
    "labor": 64.91, "letter": 4.07, "lung-cancer": 40.63, "lymphography": 54.73,
    "mfeat": 10.00, "promoters": 50.00, "mushroom": 51.80, "optdigits": 10.18,
    "page-blocks": 89.77, "pendigits": 10.41, "primary-tumor": 24.78, "segment": 14.29,
    "sonar": 53.37, "soybean": 13.47, "spambase": 60.60, "splice": 51.88, "sponge": 92.11}


# --- rankings ------------------------------------------------------------------------------

def base_orders(X, y, categories, *, random_state=0) -> dict:
    """The six base rankings of Sec. V-C on one training set (orders, best first; equal
    scores: lower feature index first, as Weka's Ranker lists them)."""
    from .. import rankers
    from ..orders import order_from_scores

    out = {}
    for label, cls in BASE.items():
        kw = {"categorical": categories}
        if cls == "OneR":
            kw["random_state"] = 1  # Weka's default seed
        r = getattr(rankers, cls)(**kw).fit(X, y)
        out[label] = order_from_scores(r.scores_)
    return out


#: the edge direction of Prati's MC4 that fits his results (see featrank.aggregate.prati_mc4)
MC4_DIRECTION = "reversed"
#: extra rankings computed beside the paper's 11 (not part of its Friedman tests):
#: "SSD-paths" = Schulze by strongest paths, ordered by number of wins (Izetta 2017);
#: "MC4-Dwork" = Dwork et al.'s majority-chain MC4 with the same random jump (the MC4 of
#: earlier versions of this notebook)
EXTRAS = ("SSD-paths", "MC4-Dwork")
#: every extra aggregate_orders can compute ("MC4-as-written": Prati's MC4 with the edges
#: pointing the way Sec. IV writes them, from the higher- to the lower-ranked feature)
KNOWN_EXTRAS = EXTRAS + ("MC4-as-written",)


def aggregate_orders(base: dict, X, y, categories, *, random_state=0, extras=()) -> dict:
    """The four aggregations of the six base orders and Lin's baseline (Sec. IV, V-D), and
    the ``extras`` asked for (names from ``KNOWN_EXTRAS``). Ties in an aggregate are broken
    at random (seeded), as the paper does."""
    from ..aggregate import borda, condorcet, lin, mc4, prati_mc4, schulze
    from ..rankers import ReliefF

    unknown = sorted(set(extras) - set(KNOWN_EXTRAS))
    if unknown:
        raise ValueError(f"unknown extras {unknown}; known: {KNOWN_EXTRAS}")
    orders = np.array([base[k] for k in BASE])
    rng = np.random.default_rng(random_state)
    seeds = rng.integers(0, 2**31, size=5)
    out = {"BC": borda(orders, random_state=seeds[0]),
           "CD": condorcet(orders, random_state=seeds[1]),
           "SSD": schulze(orders, method="ssd", random_state=seeds[2]),
           "MC4": prati_mc4(orders, alpha=0.1, direction=MC4_DIRECTION,
                            random_state=seeds[3]),
           "Lin": lin(X, y, ranker=ReliefF(categorical=categories), random_state=seeds[4])}
    more = {"SSD-paths": lambda: schulze(orders, method="paths", random_state=seeds[2]),
            "MC4-Dwork": lambda: mc4(orders, alpha=0.1, random_state=seeds[3]),
            "MC4-as-written": lambda: prati_mc4(orders, alpha=0.1, direction="as_written",
                                               random_state=seeds[3])}
    out.update({name: more[name]() for name in extras})
    return out


# --- one (dataset, fold) task -----------------------------------------------------------------

class _AllMeasures:
    """A ``scoring`` callable for ``error_curves`` that returns the error rate and records
    (error, AUC, F1) of every curve point, so one pass of model fits gives all three curves.
    (``error_curves`` with a single split and ``n_jobs=1`` runs in this process, in order.)"""

    def __init__(self, labels):
        from ..evaluate.metrics import PratiScorer

        self.scorers = [PratiScorer(m, labels=labels) for m in MEASURES]
        self.values = []
        self.__name__ = "error"

    def __call__(self, y_true, y_pred, y_score=None):
        vals = [s(y_true, y_pred, y_score) for s in self.scorers]
        self.values.append(vals)
        return vals[0]


def fold_splits(y, n_folds=10, seed=0):
    """The stratified folds shared by every method of a dataset."""
    from sklearn.model_selection import StratifiedKFold

    counts = np.bincount(y)
    k = int(min(n_folds, max(2, counts[counts > 0].max())))
    skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
    with warnings.catch_warnings():  # "least populated class has fewer members than folds"
        warnings.simplefilter("ignore", UserWarning)
        return list(skf.split(np.zeros(len(y)), y))


def curve_sizes(p, schedule="all"):
    """Subset sizes: all of 1..p (the paper), or at most ``schedule`` points evenly spread
    (an int, for the quicker profiles; always includes 1 and p): ``"all"`` or ``"even:K"``
    of :func:`featrank.evaluate.parse_sizes`."""
    return parse_sizes("all" if schedule == "all" else f"even:{int(schedule)}", p)


@versioned("2")  # 2: MC4 is Prati's distance-weighted PageRank (was Dwork's MC4)
def run_fold(dataset, fold, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=()):
    """All methods x learners x measures on one fold of one dataset.

    Returns a dict: ``areas`` (DataFrame: method, learner, measure, area), ``curves``
    ({(method, learner, measure): values at ``sizes``}), ``sizes``, ``orders``."""
    from ..datasets import load
    from ..evaluate import curve_area, error_curves
    from ..learners import make_learner
    from ..parallel import task_seed

    ds = load(dataset)
    X, y = ds.X, ds.y
    train, test = fold_splits(y, n_folds, seed)[fold]
    cats = ds.categories
    ytr = y[train]
    base = base_orders(X[train], ytr, cats)
    orders = {**base, **aggregate_orders(base, X[train], ytr, cats, extras=extras,
                                         random_state=task_seed(seed, dataset, fold))}
    sizes = curve_sizes(X.shape[1], schedule)
    labels = np.unique(ytr)
    rows, curves = [], {}
    n_categories = [len(c) if c is not None else 0 for c in cats]
    for lname in learners:
        name, params = LEARNERS[lname]
        # declared categories: codes unseen in the training fold keep their columns
        model = make_learner(name, n_categories=n_categories, **params)
        for method in METHODS + tuple(extras):
            rec = _AllMeasures(labels)
            error_curves(X, y, orders[method], model, sizes=sizes,
                         kind="ffa", cv=[(train, test)], scoring=rec, n_jobs=1,
                         categorical=ds.categorical)
            vals = np.asarray(rec.values, dtype=float)
            if vals.shape != (len(sizes), len(MEASURES)):
                raise RuntimeError("curve points were not recorded in order")
            for j, measure in enumerate(MEASURES):
                curves[(method, lname, measure)] = vals[:, j]
                rows.append(dict(method=method, learner=lname, measure=measure,
                                 area=curve_area(vals[:, j], sizes)))
    areas = pd.DataFrame(rows)
    areas.insert(0, "fold", fold)
    areas.insert(0, "dataset", dataset)
    return {"areas": areas, "curves": curves, "sizes": sizes,
            "orders": {k: np.asarray(v) for k, v in orders.items()}}


def run_grid(datasets, *, n_folds=10, seed=0, learners=tuple(LEARNERS), schedule="all",
             extras=(), n_jobs=None, cache=NOTEBOOK):
    """Every (dataset, fold) task through :func:`featrank.parallel.run_tasks` (cached)."""
    from ..datasets import load
    from ..parallel import run_tasks

    tasks = []
    for d in datasets:
        k = len(fold_splits(load(d).y, n_folds, seed))
        tasks += [dict(dataset=d, fold=f, n_folds=n_folds, seed=seed, learners=tuple(learners),
                       schedule=schedule, extras=tuple(extras)) for f in range(k)]
    return run_tasks(run_fold, tasks, n_jobs=n_jobs, cache=cache, desc="Prati 2012 folds")


def mean_areas(results) -> pd.DataFrame:
    """Areas averaged over folds: one row per (dataset, learner, measure, method)."""
    df = pd.concat([r["areas"] for r in results], ignore_index=True)
    return df.groupby(["dataset", "learner", "measure", "method"], sort=False,
                      as_index=False)["area"].mean()


# --- Friedman / Nemenyi groupings (Figs. 1-3) -----------------------------------------------

def head_to_head(areas: pd.DataFrame, a: str, b: str) -> pd.Series:
    """How often method ``a`` has a better area than ``b`` over the blocks (dataset, learner,
    measure): counts of wins, ties, losses."""
    wide = areas.pivot_table(index=["dataset", "learner", "measure"], columns="method",
                             values="area")
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    1.0, -1.0)
    d = (wide[a] - wide[b]).to_numpy() * sign
    return pd.Series({"wins": int(np.sum(d > 1e-12)), "ties": int(np.sum(np.abs(d) <= 1e-12)),
                      "losses": int(np.sum(d < -1e-12))}, name=f"{a} vs {b}")


def block_ranks(areas: pd.DataFrame, methods=METHODS) -> pd.DataFrame:
    """Rank of each method within each block (dataset, learner, measure): 1 = best (lowest
    error area, highest AUC/F1 area), ties averaged."""
    from scipy.stats import rankdata

    wide = areas.pivot_table(index=["dataset", "learner", "measure"], columns="method",
                             values="area")[list(methods)]
    sign = np.where([HIGHER_IS_BETTER[m] for m in wide.index.get_level_values("measure")],
                    -1.0, 1.0)
    ranks = rankdata(wide.to_numpy() * sign[:, None], axis=1, method="average")
    return pd.DataFrame(ranks, index=wide.index, columns=wide.columns)


def friedman_groups(areas: pd.DataFrame, alpha=0.05, methods=METHODS) -> dict:
    """Friedman + Nemenyi per group, as Sec. VI: by measure (Fig. 1, blocks = datasets x
    learners), by learner (Fig. 2, blocks = datasets x measures) and overall (Fig. 3,
    blocks = datasets x learners x measures). Returns {group: (FriedmanResult, CD)}."""
    from ..stats import friedman, nemenyi_cd

    R = block_ranks(areas, methods)
    groups = {}
    for m in MEASURES:
        groups[f"measure={m}"] = R.xs(m, level="measure")
    for lname in R.index.get_level_values("learner").unique():
        groups[f"learner={lname}"] = R.xs(lname, level="learner")
    groups["overall"] = R
    out = {}
    for g, tab in groups.items():
        # the ranks are already oriented (1 = best): rank them again as "lower is better"
        res = friedman(tab, higher_is_better=False)
        out[g] = (res, nemenyi_cd(len(methods), res.n_datasets, alpha))
    return out


@versioned("1")
def dataset_summary(dataset) -> dict:
    """Our shape and majority-class share of one dataset (Table I)."""
    from ..datasets import load

    ds = load(dataset)
    counts = np.bincount(ds.y)
    return dict(name=dataset, n_samples=ds.X.shape[0], n_features=ds.X.shape[1],
                n_nominal=int(np.sum(ds.categorical)), n_classes=int(np.sum(counts > 0)),
                majority_pct=100.0 * counts.max() / counts.sum())


def table1(summaries=None) -> pd.DataFrame:
    """Table I: the paper's shapes (from the catalogue) beside ours."""
    from ..datasets import catalog

    cat = catalog("Prati2012")
    t = pd.DataFrame({
        "paper name": cat["paper_name"], "ours": cat["name"],
        "inst. (paper)": cat["paper_n_samples"], "inst. (ours)": cat["n_samples"],
        "feat. (paper)": cat["paper_n_features"], "feat. (ours)": cat["n_features"],
        "nominal (paper)": cat["paper_n_nominal"],
        "classes (paper)": cat["paper_n_classes"], "classes (ours)": cat["n_classes"],
        "% maj. (paper)": cat["paper_name"].map(PAPER_MAJORITY),
        "available": cat["available"]})
    if summaries:
        s = pd.DataFrame(summaries).set_index("name")
        t["nominal (ours)"] = t["ours"].map(s["n_nominal"])
        t["% maj. (ours)"] = t["ours"].map(s["majority_pct"]).round(2)
    return t.sort_values("paper name", key=lambda c: c.str.lower()).reset_index(drop=True)


# --- the paper's claims --------------------------------------------------------------------

LABELS = {"CS": "χ²"}  # display names as the paper prints them


def label(method: str) -> str:
    return LABELS.get(method, method)


def dataset_learner_ranks(areas: pd.DataFrame, dataset: str, learner: str) -> pd.Series:
    """Mean rank (over the three measures) of every method on one dataset with one learner."""
    R = block_ranks(areas)
    return R.xs((dataset, learner), level=("dataset", "learner")).mean(axis=0)


# --- reproduction summary: every claim of Sec. VI, tested as the paper tests it ------------

SUMMARY_COLUMNS = list(COLUMNS)
PAPER_N_DATASETS = 39
MEASURE_KEYS = ("measure=f1", "measure=error", "measure=auc")  # Fig. 1 (a), (b), (c)
LEARNER_KEYS = ("learner=J48", "learner=SVM", "learner=NB")  # Fig. 2 (a), (b), (c)


def _p(p: float) -> str:
    return "< 1e-16" if p < 1e-16 else f"{p:.2g}"


def _short(key: str) -> str:
    """'measure=f1' -> 'F1', 'learner=J48' -> 'J48', 'overall' -> 'overall'."""
    name = key.split("=")[-1]
    return {"f1": "F1", "auc": "AUC"}.get(name, name)


class _Tests:
    """The Friedman groups of :func:`friedman_groups` with their Nemenyi pairs (alpha as the
    paper: 0.05) and Holm's test against a control, for the claims' verdicts."""

    def __init__(self, groups: dict, alpha: float, note: str):
        self.groups, self.alpha, self.note = groups, alpha, note
        self.pairs = {}
        for g, (res, _) in groups.items():
            t = nemenyi_pairs(res.average_ranks, res.n_datasets, alpha=alpha)
            self.pairs[g] = {(b, w): (s, d) for b, w, s, d in
                             zip(t["better"], t["worse"], t["significant"], t["diff"])}

    def ranks(self, g):
        return self.groups[g][0].average_ranks

    def se(self, g):
        res = self.groups[g][0]
        return rank_se(res.k, res.n_datasets)

    def cd(self, g):
        return self.groups[g][1]

    def relation(self, g, a, b) -> int:
        """+2: ``a`` significantly better than ``b`` (Nemenyi); +1: better, not
        significantly; 0: equal average ranks; -1, -2: worse."""
        sign, key = (1, (a, b)) if (a, b) in self.pairs[g] else (-1, (b, a))
        sig, diff = self.pairs[g][key]
        return 0 if diff == 0 else sign * (2 if sig else 1)

    def tally(self, claims) -> dict:
        """Claims ``(group, a, b)``: "a significantly better than b"."""
        rel = [self.relation(*c) for c in claims]
        return dict(n=len(rel), sig=sum(r == 2 for r in rel), way=sum(r > 0 for r in rel),
                    against=sum(r == -2 for r in rel))

    def holm_wins(self, g, control) -> int:
        """How many methods Holm's test finds significantly behind ``control``."""
        res = self.groups[g][0]
        h = holm_vs_control(res.average_ranks, control, n_datasets=res.n_datasets,
                            alpha=self.alpha)
        return int((h["significant"] & (h["z"] > 0)).sum())

    def cds(self, keys) -> str:
        return ", ".join(f"{_short(g)} CD {self.cd(g):.2f} (SE {self.se(g):.2f})" for g in keys)


def _verdict(t: dict) -> str:
    """yes: every claimed pair significant the paper's way; no: none is and not all go the
    paper's way, or one is significant the other way; partly: in between."""
    if t["against"]:
        return "no"
    if t["sig"] == t["n"]:
        return "yes"
    return "partly" if t["sig"] or t["way"] == t["n"] else "no"


def _tally_text(t: dict) -> str:
    return (f"{t['sig']} of {t['n']} pairs significant (Nemenyi, the paper's test), "
            f"{t['way']} of {t['n']} the paper's way"
            + (f", {t['against']} significant the other way" if t["against"] else ""))


def _row(claim, paper, ours, se, agrees, why_not=""):
    return dict(claim=claim, paper=paper, ours=ours, se=se, agrees=agrees,
                why_not="" if agrees == "yes" else why_not)


def _friedman_row(T, keys, what, fig):
    res = {g: T.groups[g][0] for g in keys}
    kept = [g for g in keys if res[g].p_ff >= T.alpha]
    agrees = "yes" if not kept else "partly" if len(kept) < len(keys) else "no"
    return _row(f"Friedman rejects equal performance {what} ({fig})", "rejected",
                ", ".join(f"{_short(g)} p = {_p(res[g].p_ff)}" for g in keys),
                ", ".join(f"{_short(g)} F_F = {res[g].ff:.2f}" for g in keys), agrees,
                f"not rejected for {', '.join(map(_short, kept))} at alpha = {T.alpha}; "
                + T.note)


def _aggregates_vs_base_row(T, keys, what, fig, paper, exclude=()):
    claims = [(g, a, b) for g in keys for a in AGGREGATES for b in BASE
              if (g, a, b) not in exclude]
    t = T.tally(claims)
    per = [T.tally([c for c in claims if c[0] == g]) for g in keys]
    return _row(f"every aggregate significantly better than every base ranker, {what} "
                f"({fig})", paper,
                ", ".join(f"{_short(g)} {p['sig']}/{p['n']}" for g, p in zip(keys, per)),
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _ssd_best_aggregate_row(T):
    best = {g: T.ranks(g)[list(AGGREGATES)].idxmin() for g in MEASURE_KEYS}
    n_ok = sum(b == "SSD" for b in best.values())
    gaps = [f"{_short(g)}: SSD {T.ranks(g)['SSD'] - T.ranks(g)[b]:.2f} ranks behind "
            f"{label(b)}" for g, b in best.items() if b != "SSD"]
    return _row("SSD the best aggregate for every measure (Fig. 1; mean rank)", "SSD",
                ", ".join(f"{_short(g)} {label(b)}" for g, b in best.items()),
                ", ".join(f"{_short(g)} SE {T.se(g):.2f}" for g in MEASURE_KEYS),
                "yes" if n_ok == 3 else "partly" if n_ok else "no",
                "; ".join(gaps) + " (SE of a rank difference in column se)")


def _ssd_dominates_row(T, keys, what, fig):
    claims = [(g, "SSD", b) for g in keys for b in METHODS if b != "SSD"]
    t = T.tally(claims)
    holm = sum(T.holm_wins(g, "SSD") for g in keys)
    ours = ", ".join(f"{_short(g)} {T.tally([c for c in claims if c[0] == g])['sig']}/10"
                     for g in keys) + f" (Holm vs SSD: {holm}/{len(claims)})"
    return _row(f"SSD significantly better than every other ranking, {what} ({fig})",
                f"{len(claims)}/{len(claims)} pairs", ours,
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _ssd_f1_row(T):
    g, ns = "measure=f1", ("CD", "BC", "Lin")
    t = T.tally([(g, "SSD", b) for b in METHODS if b not in ns + ("SSD",)])
    found = [b for b in ns if T.relation(g, "SSD", b) == 2]
    agrees = _verdict(t) if not found else "partly" if t["sig"] else "no"
    return _row("F1: SSD significantly better than the base rankers and MC4, not than CD, "
                "BC, Lin (Fig. 1a)", "7/7 significant; 0/3", f"{t['sig']}/7; {len(found)}/3",
                T.cds([g]), agrees, _tally_text(t)
                + (f"; significant against {', '.join(found)} too" if found else ""))


def _ssd_vs_lin_row(T):
    keys = ("measure=error", "measure=auc", "overall")
    t = T.tally([(g, "SSD", "Lin") for g in keys])
    return _row("SSD significantly better than the baseline Lin (error, AUC; overall)",
                "3/3", ", ".join(f"{_short(g)} Lin - SSD = "
                                 f"{T.ranks(g)['Lin'] - T.ranks(g)['SSD']:+.2f}" for g in keys),
                T.cds(keys), _verdict(t), _tally_text(t) + "; " + T.note)


def _mc4_worst_row(T):
    R = T.ranks("overall")[list(AGGREGATES)]
    worst, se = R.idxmax(), T.se("overall")
    close = R.max() - R["MC4"] < se
    agrees = "yes" if worst == "MC4" else "partly" if close else "no"
    return _row("MC4 the worst aggregate overall (Fig. 3; mean rank, no test)", "MC4",
                ", ".join(f"{label(m)} {r:.2f}" for m, r in R.sort_values().items()),
                f"SE {se:.2f}", agrees,
                f"worst is {label(worst)}; MC4 is {R.max() - R['MC4']:.2f} ranks ahead of it "
                + ("(less than one SE: the order is not resolved)" if close else
                   "(more than one SE)"))


def _mc4_nb_row(T):
    g = "learner=NB"
    t = T.tally([(g, a, "MC4") for a in ("CD", "BC", "Lin")])
    return _row("NB: MC4 significantly worse than CD, BC and Lin (Fig. 2c)", "3/3",
                ", ".join(f"{a} - MC4 = {T.ranks(g)[a] - T.ranks(g)['MC4']:+.2f}"
                          for a in ("CD", "BC", "Lin")), T.cds([g]), _verdict(t),
                _tally_text(t) + "; " + T.note)


def _no_difference_row(T, g, members, claim):
    pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1:]]
    found = [f"{label(a)}-{label(b)}" for a, b in pairs if abs(T.relation(g, a, b)) == 2]
    agrees = "yes" if not found else "partly" if len(found) < len(pairs) else "no"
    return _row(claim, f"0/{len(pairs)} pairs significant", f"{len(found)}/{len(pairs)}",
                T.cds([g]), agrees, f"significant: {', '.join(found)}")


def _ig_worst_row(T):
    worst = {g: T.ranks(g)[list(BASE)].idxmax() for g in MEASURE_KEYS}
    n_ok = sum(w == "IG" for w in worst.values())
    return _row("IG the worst base ranker for every measure (Fig. 1; mean rank, 'in general' "
                "not significantly)", "IG",
                ", ".join(f"{_short(g)} {label(w)}" for g, w in worst.items()),
                ", ".join(f"{_short(g)} SE {T.se(g):.2f}" for g in MEASURE_KEYS),
                "yes" if n_ok == 3 else "partly" if n_ok else "no",
                "; ".join(f"{_short(g)}: IG {T.ranks(g)[w] - T.ranks(g)['IG']:.2f} ranks ahead"
                          f" of {label(w)}" for g, w in worst.items() if w != "IG"))


def _base_groups_row(T):
    """Fig. 3's groups {1R, GR, RLF, χ²}, {GR, RLF, χ², SU}, {RLF, χ², SU, IG}: exactly
    1R-SU, 1R-IG and GR-IG differ significantly among the 15 base pairs."""
    g, claimed = "overall", [("1R", "SU"), ("1R", "IG"), ("GR", "IG")]
    t = T.tally([(g, a, b) for a, b in claimed])
    base = list(BASE)
    found = {frozenset((a, b)) for i, a in enumerate(base) for b in base[i + 1:]
             if abs(T.relation(g, a, b)) == 2}
    extra = found - {frozenset(c) for c in claimed}
    agrees = _verdict(t) if not extra else "partly" if t["sig"] else "no"
    return _row("base rankers: only 1R-SU, 1R-IG, GR-IG differ significantly overall "
                "(Fig. 3's three groups)", "3 pairs, 1R and GR ahead",
                f"{len(found)} significant: " + (", ".join(
                    sorted("-".join(label(m) for m in sorted(p)) for p in found)) or "none"),
                T.cds([g]), agrees, _tally_text(t)
                + (f"; {len(extra)} other significant pair(s)" if extra else ""))


def _cylinder_row(areas):
    r = dataset_learner_ranks(areas, "cylinder-bands", "J48")
    agg, best_base = r[list(AGGREGATES)], r[list(BASE)].min()
    tied = [label(m) for m in agg.index if agg[m] == agg.min() and m != "MC4"]
    others_fail = bool((agg.drop("MC4") > best_base).all())
    if agg["MC4"] > agg.min():
        agrees, why = "no", f"best aggregate {label(agg.idxmin())}"
    elif tied or not others_fail:
        agrees = "partly"
        why = (f"MC4 shares the best aggregate rank with {', '.join(tied)}" if tied else
               "MC4 is the best aggregate, but not every other one is behind the best base "
               "ranker")
    else:
        agrees, why = "yes", ""
    return _row("cylinder-bands / J48: MC4 good, the other aggregates fail (one dataset: "
                "mean rank over the three measures, no test)",
                "MC4 best aggregate; BC, CD, SSD behind the base rankers",
                ", ".join(f"{label(m)} {v:.1f}" for m, v in agg.sort_values().items())
                + f"; best base ranker {best_base:.1f}", "n/a", agrees, why)


def _sponge_row(areas):
    a = areas[areas["learner"] == "J48"]
    spread = (a.groupby(["dataset", "measure"])["area"].agg(lambda v: v.max() - v.min())
              .groupby("dataset").mean().sort_values())
    place = int(np.flatnonzero(spread.index == "sponge")[0]) + 1
    n = len(spread)
    agrees = "yes" if place == 1 else "partly" if place <= n / 2 else "no"
    return _row("sponge / J48: little or no difference among the methods (one dataset, no "
                "test)", "≈ equal areas", f"mean area spread {spread['sponge']:.3f}, "
                f"{place} smallest of {n} datasets (median {spread.median():.3f})", "n/a",
                agrees, f"{place - 1} dataset(s) show a smaller spread of the 11 methods' "
                "J48 areas")


def _dataset_row(areas, dataset, build):
    """``build(areas)``, or an ``n/a`` row when this run lacks the dataset or J48."""
    if dataset in set(areas["dataset"]) and "J48" in set(areas["learner"]):
        return build(areas)
    claim = {"cylinder-bands": "cylinder-bands / J48: MC4 good, the other aggregates fail",
             "sponge": "sponge / J48: little or no difference among the methods"}[dataset]
    return _row(claim, "", "", "n/a", "n/a", f"{dataset} with J48 is not in this run")


def reproduction_summary(areas: pd.DataFrame, groups: dict, *, alpha: float = 0.05,
                         profile: str | None = None) -> pd.DataFrame:
    """The paper's claims (Sec. VI) against ours, each tested the way the paper states it.

    Where the paper claims a significant difference, the verdict comes from the Nemenyi
    pairs at ``alpha`` (the paper's test, Figs. 1-3); where the claim is one method against
    the rest, Holm's step-down test against that control is reported beside it
    (:func:`featrank.stats.holm_vs_control`). Claims about mean ranks only (best, worst)
    are judged on mean ranks, with Demšar's standard error of a rank difference. ``agrees``
    is ``yes`` (every claimed pair significant the paper's way), ``partly`` (some, or all
    the paper's way without significance), ``no`` or ``n/a``; ``why_not`` says what falls
    short wherever ``agrees`` is not ``yes``.

    Parameters
    ----------
    areas : DataFrame
        :func:`mean_areas` (dataset, learner, measure, method, area).
    groups : dict
        :func:`friedman_groups` of ``areas`` (the paper's 11 methods).
    alpha : float, default 0.05
        Significance level of every test (the paper: 95 % confidence).
    profile : {"smoke", "quick", "paper"}, optional
        The run's profile for the ``profile`` column (default: the active one).

    Returns
    -------
    DataFrame
        :func:`featrank.experiments.summary.summary_table`'s checked format: columns
        ``claim, paper, ours, se, agrees, why_not, profile``. The ``why_not`` of a failed
        significance claim names how many of the paper's 39 datasets this run has.

    Examples
    --------
    Twenty synthetic datasets where SSD is first and CD second in every block: one rank
    apart over 180 blocks is below the Nemenyi CD (1.13), though Holm's test finds it:

    >>> rng = np.random.default_rng(0)
    >>> q = dict(zip(METHODS, [0, .3, .2, .25, .35, .3, 1, 1.05, 1.6, .8, .9]))
    >>> rows = [dict(dataset=d, learner=lr, measure=m, method=k,
    ...              area=(.5 + .05 * v + .001 * rng.normal()) * (-1 if m == "error" else 1))
    ...         for d in range(20) for lr in LEARNERS for m in MEASURES for k, v in q.items()]
    >>> areas = pd.DataFrame(rows)
    >>> s = reproduction_summary(areas, friedman_groups(areas), profile="smoke")
    >>> s.set_index("claim").loc["SSD significantly better than every other ranking, "
    ...                          "overall (Fig. 3)", ["ours", "agrees"]].tolist()
    ['overall 9/10 (Holm vs SSD: 10/10)', 'partly']
    """
    n_ds = areas["dataset"].nunique()
    note = (f"this run has {n_ds} of the paper's {PAPER_N_DATASETS} datasets"
            if n_ds < PAPER_N_DATASETS else "all the paper's datasets")
    T = _Tests(groups, alpha, note)
    f1_exception = {("measure=f1", "MC4", "1R")}
    rows = [
        _friedman_row(T, MEASURE_KEYS, "for every measure", "Fig. 1"),
        _friedman_row(T, LEARNER_KEYS, "for every learner", "Fig. 2"),
        _friedman_row(T, ("overall",), "overall", "Fig. 3"),
        _aggregates_vs_base_row(T, MEASURE_KEYS, "per measure (MC4-1R under F1 excepted)",
                                "Fig. 1", "24/24 per measure, F1 23/24", f1_exception),
        _aggregates_vs_base_row(T, LEARNER_KEYS, "per learner", "Fig. 2", "24/24 per learner"),
        _aggregates_vs_base_row(T, ("overall",), "overall", "Fig. 3", "24/24"),
        _ssd_best_aggregate_row(T),
        _ssd_dominates_row(T, ("measure=error", "measure=auc"), "error and AUC",
                           "Fig. 1b, c"),
        _ssd_f1_row(T),
        _ssd_dominates_row(T, LEARNER_KEYS, "per learner", "Fig. 2"),
        _ssd_dominates_row(T, ("overall",), "overall", "Fig. 3"),
        _ssd_vs_lin_row(T),
        _mc4_worst_row(T),
        _mc4_nb_row(T),
        _no_difference_row(T, "overall", ["CD", "BC", "MC4", "Lin"],
                           "CD, BC, MC4, Lin: no significant difference among them overall "
                           "(Fig. 3's second group)"),
        _ig_worst_row(T),
        _no_difference_row(T, "learner=J48", list(BASE),
                           "J48: no significant difference among the base rankers (Fig. 2a)"),
        _base_groups_row(T),
    ]
    rows += [_dataset_row(areas, "cylinder-bands", _cylinder_row),
             _dataset_row(areas, "sponge", _sponge_row)]
    return summary_table(rows, profile or active_profile())
