"""The verdict of the ``evaluate_your_ranker`` report, from what
:func:`featrank.experiments.your_ranker.evaluate_ranker` computed: a few sentences
(:func:`verdict`) and the same as plain data for scripts (:func:`verdict_record`, written to
``reports/<name>.json`` by :func:`write_verdict_json`).

A ranking that may have seen the test rows (a file learnt on these rows, or not said to be
learnt elsewhere) is never said to beat random: the verdict opens with a caution on
selection bias and ``beats_random`` is None where the test passed.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ..io import atomic_write_bytes
from .benchmark.data import LEARNER_LABELS
from .your_ranker import ALPHA, LABEL, OPTIMISTIC

#: how the report names its metrics
METRIC_LABELS = {"accuracy": "accuracy", "balanced_accuracy": "balanced accuracy"}


def random_test(report: dict, learner: str) -> dict:
    """The "beats a random ranking" test of one learner (:func:`~.your_ranker.random_tests`)
    as plain values: ``eca``, ``ci_low``, ``ci_high``, ``p_permutation`` and
    ``p_random_orders`` (None where not computed), ``p_value``, ``p_holm`` and
    ``beats_random`` (True, False, or None: passed on a ranking that may have seen the test
    rows, which proves nothing)."""
    t = report["tests"].loc[learner]
    out = {k: _number(t[k]) for k in ("eca", "ci_low", "ci_high", "p_permutation",
                                       "p_random_orders", "p_value", "p_holm")}
    out["beats_random"] = None if t["beats_random"] is None else bool(t["beats_random"])
    return out


def _number(x):
    """A float, or None for NaN (JSON has no NaN).

    >>> _number(float("nan")), _number(0.25)
    (None, 0.25)
    """
    return None if x is None or not np.isfinite(x) else float(x)


def _protocol_text(report: dict) -> str:
    """The sentence saying where the user's ranking was learnt, a warning when that makes
    the numbers optimistic."""
    proto = report["protocol"]
    n, p, _ = report["shape"]
    if proto == "in-fold":
        return ("Its curves and ECA use the rankings it learnt inside each CV training fold, "
                "each scored on its own test fold, so the test rows never helped choose the "
                "features (in-fold protocol). It beats a random ranking only if its ECA beats "
                "both the same pipeline run on permuted class labels (do the labels carry a "
                "signal it finds?) and random orders scored on the same folds and labels (is "
                "it better than a random ranking?); the panel's rankers are learnt in the "
                "folds too.")
    if proto == "independent":
        return ("Its ranking was learnt on other rows (ranking_learnt_on_these_rows=False), so "
                "scoring it on these rows is fair: its ECA is set against random orders scored on the same folds and labels; the panel's rankers are learnt inside each "
                "CV training fold.")
    when = ("it was learnt on these same rows, test folds included "
            "(ranking_learnt_on_these_rows=True)" if proto == "whole-data" else
            "it is not said whether it was learnt on these rows (set "
            "ranking_learnt_on_these_rows); if it was")
    wide = (f", all the more here with more features ({p:,}) than rows ({n:,})" if p > n
            else "")
    return (f"**Caution, selection bias:** {when}, its curves and ECA are optimistic: a ranking "
            f"of pure noise learnt that way often looks better than random{wide}. Its p-values "
            "are no evidence; for an honest test give the ranker as an estimator "
            "('package.module:Class', relearnt inside each CV training fold) or a ranking "
            "learnt on other rows. The panel's rankers are learnt on all rows too, like for "
            "like.")


def _learner_text(learner: str, t: dict, n_learners: int) -> str:
    learner = LEARNER_LABELS.get(learner, learner)
    tests = f"random orders p = {t['p_random_orders']:.3f}"
    if t["p_permutation"] is not None:
        tests = f"permuted labels p = {t['p_permutation']:.3f}, " + tests
    holm = (f"; Holm over the {n_learners} learners p = {t['p_holm']:.3f}" if n_learners > 1
            else "")
    head = (f"With {learner}, its ECA against random is {t['eca']:.3f} (95 % CI "
            f"[{t['ci_low']:.3f}, {t['ci_high']:.3f}]; {tests}{holm}): ")
    if t["beats_random"] is None:
        return head + ("it scores above the random orders, but with a ranking that may have "
                       "seen the test rows that does not show it beats a random ranking.")
    if not t["beats_random"]:
        return head + "it does not significantly beat a random ranking."
    return head + "it beats a random ranking."


def _panel_text(lr: dict, learner: str) -> str:
    """Which panel rankers the user's ranker is significantly ahead of or behind (Holm over
    the panel); against the others the order is unresolved."""
    cmp = lr["panel"]
    if cmp.empty:
        return ""
    sig = cmp["p_holm"] <= ALPHA
    ahead = cmp.loc[sig & (cmp["difference"] > 0), "ranker"].tolist()
    behind = cmp.loc[sig & (cmp["difference"] < 0), "ranker"].tolist()
    rest = cmp.loc[~sig, "ranker"].tolist()
    parts = ([f"significantly ahead of {', '.join(ahead)}"] if ahead else []) + \
        ([f"significantly behind {', '.join(behind)}"] if behind else [])
    if rest:
        parts.append(f"not resolved against {', '.join(rest)} (the 95 % intervals of the "
                     "differences hold 0, which does not make them equal)")
    return (f"Beside the panel, scored on the same folds with "
            f"{LEARNER_LABELS.get(learner, learner)} (ECA differences paired over the splits, "
            f"corrected for their shared rows, Holm over the panel), it is "
            f"{'; '.join(parts)}.")


def _features(k: int) -> str:
    """``"1 feature"``, ``"5 features"``.

    >>> _features(1), _features(5)
    ('1 feature', '5 features')
    """
    return f"{k} feature{'s' * (k != 1)}"


def _depth_text(depth) -> str:
    k = len(depth.sizes)
    how = (f"{depth.test} test per size, Holm over the {k} sizes, Nadeau–Bengio corrected"
           if depth.test == "paired" else f"{depth.test} test per size, Holm over the {k} sizes")
    stops = f"it stops rising (one-SE size) at {_features(depth.one_se)}."
    if depth.none:
        return f"Its FFA curve is significantly above random at no subset size ({how}); {stops}"
    return (f"Its FFA curve is significantly above random from {depth.first} to "
            f"{_features(depth.last)} ({how}); {stops}")


def _nogueira_text(report: dict) -> str:
    nog = report["nogueira"]
    own = nog[LABEL]
    others = np.array([v.estimate for k, v in nog.items() if k != LABEL])
    text = (f"Nogueira et al.'s stability of its top-{report['top_k']} sets over the training "
            f"sets is {own.estimate:.2f} (95 % CI [{own.lower:.2f}, {own.upper:.2f}]; 1 = the "
            "same sets, 0 = as chance")
    if others.size:
        text += f"; panel {others.min():.2f}–{others.max():.2f}"
    return text + ")."


def verdict(report: dict, profile: str) -> str:
    """A few sentences from the numbers: where the ranking was learnt (a warning when that
    makes them optimistic), the metric, beats random or not (per learner), where it stands
    beside the panel, its stability."""
    parts = [_protocol_text(report), _metric_text(report)]
    n = len(report["learners"])
    for learner, lr in report["learners"].items():
        parts.append(_learner_text(learner, random_test(report, learner), n))
        parts.append(_depth_text(lr["depth"]))
        parts.append(_panel_text(lr, learner))
    stab = report["stability"]
    others = np.array([v for k, v in stab.items() if k != LABEL])
    if LABEL in stab and others.size:
        parts.append(f"Its stability over the CV training sets is {stab[LABEL]:.2f} (1 = the "
                     f"same ranking on every training set, 0 = as different as random; "
                     f"panel {others.min():.2f}–{others.max():.2f}).")
    if LABEL in report.get("nogueira", {}):
        parts.append(_nogueira_text(report))
    return " ".join(p for p in parts if p)


def _metric_text(report: dict) -> str:
    name = METRIC_LABELS.get(report["metric"], report["metric"])
    why = (" because its smallest class holds under a quarter of the rows (accuracy would "
           "reward predicting the majority class at every size)"
           if report["metric"] == "balanced_accuracy" else "")
    return f"The curves measure {name}{why}."


def verdict_record(report: dict, profile: str) -> dict:
    """The verdict as plain data (``reports/<name>.json``): the data's shape, the protocol,
    the metric and, per learner, the test of :func:`random_test`, the informative depth and
    the panel's paired differences; the stability and each ranker's fitting time."""
    n, p, k = report["shape"]
    out = {"data": report["data"], "ranker": report["ranker"], "profile": profile,
           "n_rows": n, "n_features": p, "n_classes": k, "protocol": report["protocol"],
           "optimistic": report["protocol"] in OPTIMISTIC, "null": report["null"],
           "alpha": ALPHA, "metric": report["metric"], "weighting": "uniform",
           "n_folds": report["n_folds"], "n_random": report["n_random"], "learners": {}}
    for learner, lr in report["learners"].items():
        out["learners"][learner] = rec = random_test(report, learner)
        rec["metric"] = report["metric"]
        d = lr["depth"]
        rec["informative_depth"] = {"first": d.first, "last": d.last, "one_se": d.one_se,
                                    "test": d.test}
        rec["panel"] = [{k: (v if isinstance(v, str) else _number(v)) for k, v in row.items()}
                        for row in lr["panel"].to_dict("records")]
    stab = report["stability"].get(LABEL)
    out["stability"] = None if stab is None or not np.isfinite(stab) else float(stab)
    nog = report.get("nogueira", {}).get(LABEL)
    out["nogueira"] = None if nog is None else {
        "top_k": report["top_k"], "estimate": float(nog.estimate),
        "lower": float(nog.lower), "upper": float(nog.upper)}
    out["seconds"] = {k: _number(v) for k, v in report["seconds"].items()}
    return out


def write_verdict_json(path, record: dict) -> Path:
    """Write :func:`verdict_record`'s ``record`` to ``path`` as JSON, atomically."""
    text = json.dumps(record, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    return atomic_write_bytes(path, text.encode("utf-8"))
