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
from .your_ranker import ALPHA, LABEL, OPTIMISTIC, standing


def random_test(lr: dict, proto: str, alpha: float = ALPHA) -> dict:
    """The uniform-weighting ECA of one learner against its null runs: ``eca``,
    ``p_value``, ``null_mean``, ``null_max`` and ``beats_random`` -- True or False, or
    None when the test passed on a ranking that may have seen the test rows (it proves
    nothing then: pure noise passes it too)."""
    e = lr["eca"].set_index("weighting").loc["uniform"]
    passed = bool(e["p_value"] <= alpha)
    return {"eca": float(e["eca"]), "p_value": float(e["p_value"]),
            "null_mean": float(e["null_mean"]), "null_max": float(e["null_max"]),
            "beats_random": None if passed and proto in OPTIMISTIC else passed}


def _protocol_text(report: dict) -> str:
    """The sentence saying where the user's ranking was learnt, a warning when that makes
    the numbers optimistic."""
    proto = report["protocol"]
    n, p, _ = report["shape"]
    if proto == "in-fold":
        return ("Its curves and ECA use the rankings it learnt inside each CV training fold, "
                "each scored on its own test fold, so the test rows never helped choose the "
                "features (in-fold protocol); its p-value compares them with the same "
                "pipeline run on permuted class labels, and the built-in rankers are scored "
                "in the folds too.")
    if proto == "independent":
        return ("Its ranking was learnt on other rows (ranking_learnt_on_these_rows=False), so "
                "scoring it on these rows is fair; the built-in rankers are learnt inside each "
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
            "learnt on other rows. The built-in rankers are learnt on all rows too, like for "
            "like.")


def _learner_text(learner: str, t: dict, null: str) -> str:
    learner = LEARNER_LABELS.get(learner, learner)
    what = "runs on permuted labels" if null == "permuted labels" else "random orders"
    head = (f"With {learner}, its ECA against random is {t['eca']:.3f} ({what}: mean "
            f"{t['null_mean']:.3f}, max {t['null_max']:.3f}; permutation p = "
            f"{t['p_value']:.3f}): ")
    if t["beats_random"] is None:
        return head + ("it scores above the random orders, but with a ranking that may have "
                       "seen the test rows that does not show it beats a random ranking.")
    if not t["beats_random"]:
        return head + "it does not significantly beat a random ranking."
    every = f" (better than all {what})" if t["eca"] > t["null_max"] else ""
    return head + f"it beats a random ranking{every}."


def _standing_text(s: dict) -> str:
    k = len(s["ranks"])
    where = (f"significantly behind {', '.join(s['better'])}" if s["better"] else
             "not significantly behind any built-in ranker")
    return (f"Among {k - 1} built-in rankers it places {s['place']} of {k} by mean rank over "
            f"the CV splits ({s['rank']:.2f}; Nemenyi CD {s['cd']:.2f}); it is {where}"
            + (f" and significantly ahead of {', '.join(s['worse'])}." if s["worse"] else "."))


def _depth_text(depth) -> str:
    k = len(depth.sizes)
    how = (f"{depth.test} test per size, Holm over the {k} sizes, Nadeau–Bengio corrected"
           if depth.test == "paired" else f"{depth.test} test per size, Holm over the {k} sizes")
    if depth.none:
        return (f"Its FFA curve is significantly above random at no subset size ({how}); "
                f"it stops rising (one-SE size) at {depth.one_se} features.")
    return (f"Its FFA curve is significantly above random from {depth.first} to {depth.last} "
            f"features ({how}); it stops rising (one-SE size) at {depth.one_se} features.")


def _nogueira_text(report: dict) -> str:
    nog = report["nogueira"]
    own = nog[LABEL]
    others = np.array([v.estimate for k, v in nog.items() if k != LABEL])
    text = (f"Nogueira et al.'s stability of its top-{report['top_k']} sets over the training "
            f"sets is {own.estimate:.2f} (95 % CI [{own.lower:.2f}, {own.upper:.2f}]; 1 = the "
            "same sets, 0 = as chance")
    if others.size:
        text += f"; built-in rankers {others.min():.2f}–{others.max():.2f}"
    return text + ")."


def verdict(report: dict, profile: str) -> str:
    """A few sentences from the numbers: where the ranking was learnt (a warning when that
    makes them optimistic), beats random or not (per learner, uniform ECA and its p-value),
    its place among the built-in rankers, its stability."""
    parts = [_protocol_text(report)]
    for learner, lr in report["learners"].items():
        parts.append(_learner_text(learner, random_test(lr, report["protocol"]),
                                   report["null"]))
        parts.append(_depth_text(lr["depth"]))
        if lr["per_split"].shape[1] > 2:
            parts.append(_standing_text(standing(lr["per_split"])))
    stab = report["stability"]
    others = np.array([v for k, v in stab.items() if k != LABEL])
    if LABEL in stab and others.size:
        parts.append(f"Its stability over the CV training sets is {stab[LABEL]:.2f} (1 = the "
                     f"same ranking on every training set, 0 = as different as random; "
                     f"built-in rankers {others.min():.2f}–{others.max():.2f}).")
    if LABEL in report.get("nogueira", {}):
        parts.append(_nogueira_text(report))
    parts.append(f"(Profile {profile}: the comparison with the built-in rankers treats the CV "
                 "splits, which share rows, as independent, so its test is optimistic; use "
                 "profile 'paper' for more splits and random orders.)")
    return " ".join(parts)


def verdict_record(report: dict, profile: str) -> dict:
    """The verdict as plain data (``reports/<name>.json``): the data's shape, the protocol
    and, per learner, ``eca``, ``p_value`` and ``beats_random`` (None: not known, see
    :func:`random_test`), with the place among the built-in rankers."""
    n, p, k = report["shape"]
    out = {"data": report["data"], "ranker": report["ranker"], "profile": profile,
           "n_rows": n, "n_features": p, "n_classes": k, "protocol": report["protocol"],
           "optimistic": report["protocol"] in OPTIMISTIC, "null": report["null"],
           "alpha": ALPHA,
           "weighting": "uniform", "n_folds": report["n_folds"],
           "n_random": report["n_random"], "learners": {}}
    for learner, lr in report["learners"].items():
        out["learners"][learner] = rec = random_test(lr, report["protocol"])
        d = lr["depth"]
        rec["informative_depth"] = {"first": d.first, "last": d.last, "one_se": d.one_se,
                                    "test": d.test}
        if lr["per_split"].shape[1] > 2:
            s = standing(lr["per_split"])
            rec.update(place=s["place"], n_rankers=len(s["ranks"]), mean_rank=float(s["rank"]),
                       behind=s["better"], ahead_of=s["worse"])
    stab = report["stability"].get(LABEL)
    out["stability"] = None if stab is None or not np.isfinite(stab) else float(stab)
    nog = report.get("nogueira", {}).get(LABEL)
    out["nogueira"] = None if nog is None else {
        "top_k": report["top_k"], "estimate": float(nog.estimate),
        "lower": float(nog.lower), "upper": float(nog.upper)}
    return out


def write_verdict_json(path, record: dict) -> Path:
    """Write :func:`verdict_record`'s ``record`` to ``path`` as JSON, atomically."""
    text = json.dumps(record, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    return atomic_write_bytes(path, text.encode("utf-8"))
