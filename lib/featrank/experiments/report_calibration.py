"""Notebook 07: how often the ``evaluate_your_ranker`` report says "beats a random ranking"
when it should not, and how often it says so when it should.

The report's test (:func:`featrank.experiments.your_ranker.random_tests`) is run, exactly as
``make evaluate`` runs it (k-NN, the profile's folds, sizes and null runs, no panel), on
simulated datasets of known truth, one stored task per dataset (:func:`replicate`):

* **no signal** -- the labels say nothing about the features: pure noise with far more
  features than rows, correlated blocks of features, skewed features with 90/10 labels;
  a ranker learnt in the folds (the F-test) must be declared to beat random at most at the
  test's level;
* **a random ranker on data with signal** -- five features carry the class, the "ranker"
  ignores it (random importances drawn afresh on each fit, or one random order per
  dataset): also at most at the level, however informative the data;
* **power** -- the F-test ranker on data whose five informative features are shifted by
  0.5-1.5 standard deviations, balanced and 90/10, the unbalanced ones scored with the
  report's automatic balanced accuracy and, for comparison, with plain accuracy.

Beside the report's decision (the intersection-union test) each task keeps the
label-permutation test alone, the report's old decision, so the notebook shows what the
change fixed. :func:`rates` turns the stored replicates into rejection rates with exact
(Clopper-Pearson) bounds.

    >>> [d.name for d in DESIGNS][:3]
    ['null-wide', 'null-blocks', 'null-unbalanced']
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as ss
from sklearn.base import BaseEstimator
from sklearn.feature_selection import SelectKBest

from ..datasets import Dataset
from ..parallel import run_tasks, task_seed
from ..store import task
from .your_ranker import ALPHA, SETTINGS, RankerSpec, evaluate_ranker

NOTEBOOK = "07_report_calibration"


@dataclass(frozen=True)
class Design:
    """One simulated design: ``n`` rows, ``p`` features of ``structure`` (``"gaussian"``,
    ``"blocks"``: 20 blocks with within-block correlation 0.9, ``"lognormal"``), a
    ``minority`` share of the rows in class 1, the first ``informative`` features shifted
    by ``shifts`` standard deviations in class 1, scored by ``ranker`` (``"f-test"``,
    ``"random-per-fit"``, ``"random-fixed"``) with ``metric`` (None: the report's choice)."""
    name: str
    kind: str
    n: int
    p: int
    structure: str = "gaussian"
    minority: float = 0.5
    shifts: tuple = (0.0,)
    ranker: str = "f-test"
    metric: str | None = None
    informative: int = 5


POWER_SHIFTS = (0.5, 0.75, 1.0, 1.5)
DESIGNS = (
    Design("null-wide", "no signal", 40, 1000),
    Design("null-blocks", "no signal", 60, 1000, "blocks"),
    Design("null-unbalanced", "no signal", 80, 500, "lognormal", minority=0.1),
    Design("random-per-fit", "random ranker", 100, 50, shifts=(1.5,), ranker="random-per-fit"),
    Design("random-fixed", "random ranker", 100, 50, shifts=(1.5,), ranker="random-fixed"),
    Design("power-balanced", "power", 80, 500, shifts=POWER_SHIFTS),
    Design("power-unbalanced", "power", 80, 500, minority=0.1, shifts=POWER_SHIFTS),
    Design("power-unbalanced-accuracy", "power", 80, 500, minority=0.1, shifts=POWER_SHIFTS,
           metric="accuracy"),
    # 90/10 with 20 minority rows instead of 8: is the loss of power the ratio or the count?
    Design("power-unbalanced-200", "power", 200, 500, minority=0.1, shifts=(0.75, 1.0, 1.5)),
)
BY_NAME = {d.name: d for d in DESIGNS}


@dataclass(frozen=True)
class Profile:
    """Notebook 07's settings: ``replicates`` per design and shift (``null`` for the
    no-signal and random-ranker designs, ``power`` per point of the power curves), and the
    report profile whose folds, sizes and null runs are calibrated."""
    null: int
    power: int
    report: str


PROFILES = {"smoke": Profile(null=3, power=2, report="smoke"),
            "quick": Profile(null=20, power=10, report="smoke"),
            "paper": Profile(null=100, power=20, report="quick")}


class RandomScores(BaseEstimator):
    """A "ranker" that ignores the class: uniform random importances, drawn from
    ``random_state`` alone (``per_fit=False``: the same order on every fit) or from
    ``random_state`` and the rows it is fitted on (``per_fit=True``: a new order on each
    training fold).

    >>> X = np.zeros((4, 3))
    >>> a = RandomScores(1).fit(X, [0, 1, 0, 1]).feature_importances_
    >>> b = RandomScores(1).fit(X + 1, [0, 1, 0, 1]).feature_importances_
    >>> bool((a == b).all()), bool((a == RandomScores(1, True).fit(X + 1, [0, 1, 0, 1])
    ...                                   .feature_importances_).all())
    (True, False)
    """

    def __init__(self, random_state=0, per_fit=False):
        self.random_state = random_state
        self.per_fit = per_fit

    def fit(self, X, y):
        X = np.asarray(X, dtype=float)
        key = [int(self.random_state)]
        if self.per_fit:
            key.append(zlib.crc32(np.ascontiguousarray(X).tobytes()))
        self.feature_importances_ = np.random.default_rng(key).random(X.shape[1])
        return self


def simulate(design: Design, shift: float, seed: int) -> Dataset:
    """One dataset of ``design`` with the informative features shifted by ``shift``.

    >>> ds = simulate(BY_NAME["null-unbalanced"], 0.0, 0)
    >>> ds.X.shape, int(ds.y.sum())
    ((80, 500), 8)
    """
    rng = np.random.default_rng(seed)
    n, p = design.n, design.p
    X = rng.normal(size=(n, p))
    if design.structure == "blocks":
        shared = rng.normal(size=(n, 20)).repeat(p // 20, axis=1)
        X = np.sqrt(0.9) * shared + np.sqrt(0.1) * X
    elif design.structure == "lognormal":
        X = np.exp(X)
    y = rng.permutation((np.arange(n) < round(design.minority * n)).astype(int))
    X[:, :design.informative] += shift * y[:, None]
    names = [f"f{j}" for j in range(p)]
    return Dataset(X, y, names, ["0", "1"], np.zeros(p, bool), [None] * p, design.name)


def ranker_spec(name: str, seed: int) -> RankerSpec:
    """The ranker of a design, as the report takes it (an estimator, learnt in the folds)."""
    if name == "f-test":
        return RankerSpec("estimator", estimator=SelectKBest(k="all"), name=name)
    return RankerSpec("estimator", estimator=RandomScores(seed, per_fit=name.endswith("fit")),
                      name=name)


# version 1: the report's intersection-union test, k-NN only, no panel
@task("report_calibration.replicate", version="1")
def replicate(design: str, shift: float, replicate: int, report: str) -> dict:
    """One simulated dataset of ``design`` and the report's test on it, at the folds, sizes
    and null runs of report profile ``report``: the uniform ECA, both p-values, the
    intersection-union ``p_value`` and the metric the report chose."""
    d = BY_NAME[design]
    seed = task_seed(replicate, design, shift)
    ds = simulate(d, shift, seed)
    settings = dict(SETTINGS[report], learners=("knn",), panel=())
    rep = evaluate_ranker(ds, ranker_spec(d.ranker, seed), None, report, seed=seed,
                          settings=settings, metric=d.metric)
    t = rep["tests"].loc["knn"]
    return {"eca": float(t["eca"]), "p_permutation": float(t["p_permutation"]),
            "p_random_orders": float(t["p_random_orders"]), "p_value": float(t["p_value"]),
            "metric": rep["metric"]}


def tasks(profile: Profile) -> list[dict]:
    """Every (design, shift, replicate) of ``profile``."""
    return [dict(design=d.name, shift=float(s), replicate=r, report=profile.report)
            for d in DESIGNS for s in d.shifts
            for r in range(profile.null if d.kind != "power" else profile.power)]


def run(profile: Profile, n_jobs=None) -> pd.DataFrame:
    """Run (or read from the store) every task of ``profile``: one row per replicate."""
    todo = tasks(profile)
    results = run_tasks(replicate, todo, n_jobs=n_jobs, cache=NOTEBOOK, desc="replicates")
    return pd.DataFrame([{**t, **r} for t, r in zip(todo, results)])


def upper_bound(k: int, n: int, level: float = 0.95) -> float:
    """The exact one-sided ``level`` upper confidence bound of a rate seen ``k`` times in
    ``n`` (Clopper & Pearson 1934).

    >>> round(upper_bound(0, 100), 4), round(upper_bound(5, 100), 4)
    (0.0295, 0.1023)
    """
    return 1.0 if k >= n else float(ss.beta.ppf(level, k + 1, n - k))


def interval(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact two-sided ``level`` interval of a rate seen ``k`` times in ``n``
    (Clopper & Pearson 1934).

    >>> [round(v, 4) for v in interval(15, 30)]
    [0.313, 0.687]
    """
    a = (1.0 - level) / 2.0
    low = 0.0 if k == 0 else float(ss.beta.ppf(a, k, n - k + 1))
    high = 1.0 if k == n else float(ss.beta.ppf(1.0 - a, k + 1, n - k))
    return low, high


def rates(replicates: pd.DataFrame, alpha: float = ALPHA) -> pd.DataFrame:
    """Per design and shift: ``n`` replicates, the report's rejections (``beats_random``:
    intersection-union ``p_value <= alpha``) and their ``rate`` with its one-sided 95 %
    upper bound and two-sided 95 % interval (``low_95``, ``high_95``), the same rate for the
    permutation test alone (the report's old decision), the mean p-value and the metric.
    For a design without a true effect, ``p_at_level`` is the chance of as many rejections
    or more if the report's true rate were ``alpha`` (an exact binomial test of the level;
    NaN for the power designs)."""
    rows = []
    for (design, shift), g in replicates.groupby(["design", "shift"], sort=False):
        k, k_old, n = int((g["p_value"] <= alpha).sum()), int((g["p_permutation"] <= alpha)
                                                              .sum()), len(g)
        rows.append({"design": design, "kind": BY_NAME[design].kind, "shift": shift, "n": n,
                     "beats_random": k, "rate": k / n, "upper_95": upper_bound(k, n),
                     **dict(zip(("low_95", "high_95"), interval(k, n))),
                     "permutation_only": k_old, "rate_permutation_only": k_old / n,
                     "p_at_level": (float(ss.binom.sf(k - 1, n, alpha))
                                    if BY_NAME[design].kind != "power" else np.nan),
                     "mean_p": float(g["p_value"].mean()),
                     "metric": ", ".join(sorted(set(g["metric"])))})
    return pd.DataFrame(rows)


def pooled(table: pd.DataFrame, kind: str) -> dict:
    """The rejections of every design of ``kind`` together: ``n``, ``beats_random``,
    ``rate`` and ``upper_95``."""
    g = table[table["kind"] == kind]
    k, n = int(g["beats_random"].sum()), int(g["n"].sum())
    return {"kind": kind, "n": n, "beats_random": k, "rate": k / n if n else np.nan,
            "upper_95": upper_bound(k, n) if n else np.nan}


#: the bound the rate of a false "beats random" must stay under: its one-sided 95 % upper
#: confidence bound at most 8 % for a test at level 5 % (fixed before the runs)
MAX_UPPER = 0.08
#: "comparable power": the unbalanced design's power at a +1.5 sd shift, as a share of the
#: balanced design's (fixed before the runs)
POWER_SHARE = 0.8


def claims(table: pd.DataFrame) -> pd.DataFrame:
    """The report's three promises against :func:`rates`' ``table``: ``claim``, what is
    ``promised``, ``ours``, ``agrees`` (yes / partly / no) and ``why_not``. A false "beats
    random" rate agrees when its pooled upper bound is at most :data:`MAX_UPPER` (partly:
    the rate itself at most the level); comparable power when the unbalanced power at +1.5
    sd is at least :data:`POWER_SHARE` of the balanced (partly: at least half)."""
    rows = []
    for kind, what in (("no signal", "on data without signal"),
                       ("random ranker", "for a ranker that ignores the class, on data with "
                                         "signal")):
        g = pooled(table, kind)
        ok = g["upper_95"] <= MAX_UPPER
        rows.append({"claim": f'"beats a random ranking" {what} at most at the level',
                     "promised": f"rate <= {ALPHA} (95 % upper bound <= {MAX_UPPER})",
                     "ours": f"{g['beats_random']} of {g['n']} ({g['rate']:.3f}; upper bound "
                             f"{g['upper_95']:.3f})",
                     "agrees": "yes" if ok else "partly" if g["rate"] <= ALPHA else "no",
                     "why_not": "" if ok else f"upper bound {g['upper_95']:.3f} > {MAX_UPPER}"})
    power = table[(table["kind"] == "power") & (table["shift"] == 1.5)].set_index("design")
    bal, acc = power.loc["power-balanced", "rate"], power.loc["power-unbalanced-accuracy", "rate"]
    for design, size in (("power-unbalanced", "80 x 500: 8 minority rows"),
                         ("power-unbalanced-200", "200 x 500: 20 minority rows")):
        unb = power.loc[design, "rate"]
        share = unb / bal if bal > 0 else np.nan
        rows.append({"claim": f"90/10 labels ({size}), balanced accuracy: a +1.5 sd signal is "
                              "found about as often as with balanced labels",
                     "promised": f"power >= {POWER_SHARE} x the balanced case's",
                     "ours": f"{unb:.2f} vs {bal:.2f} ({share:.2f} x"
                             + (f"; with accuracy {acc:.2f})" if design == "power-unbalanced"
                                else ")"),
                     "agrees": "yes" if share >= POWER_SHARE else "partly" if share >= 0.5
                     else "no",
                     "why_not": "" if share >= POWER_SHARE else
                     f"{share:.2f} x the balanced power: one or two minority rows per test fold"})
    return pd.DataFrame(rows)
