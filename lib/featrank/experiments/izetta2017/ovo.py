"""Izetta 2017: how OVO dilutes a class's features among its binary lists, and the test
errors of OVO against one-vs-all (OVA) lists."""
from __future__ import annotations

import numpy as np
import pandas as pd

from .protocol import METHODS


def class_features_artificial1(n_classes: int) -> dict:
    """Artificial-1: ``{class: its 5 relevant features}`` (class j owns 5j .. 5j+4)."""
    return {j: list(range(5 * j, 5 * j + 5)) for j in range(n_classes)}


def problem_classes(name: str) -> tuple:
    """The classes a binary problem involves as the positive side or the pair:
    ``"2vs5"`` -> (2, 5), ``"3vsRest"`` -> (3,)."""
    a, _, b = name.partition("vs")
    return (int(a),) if b == "Rest" else (int(a), int(b))


def list_relevance(lists, names, class_features: dict, top: int) -> pd.DataFrame:
    """How many of the binary lists put each class's features near the top.

    For each class ``j`` and each list, the share of ``j``'s features among the first ``top``
    positions; lists split into those whose problem involves class ``j`` (OVO: the c-1 pairs
    with ``j``; OVA: ``j`` against the rest) and the others.

    Parameters
    ----------
    lists : array-like of shape (M, p)
        One split's lists.
    names : sequence of str
        Their problems (``"0vs1"``, ``"0vsRest"``), as :func:`lists_task` returns them.
    class_features : dict
        ``{class: feature indices}``.
    top : int
        How many top positions count (K-First's k).

    Returns
    -------
    DataFrame
        One row per class: ``lists`` (M), ``own`` (lists involving the class), ``in_top_own``
        and ``in_top_other`` (mean share of its features in the top ``top`` of those lists),
        ``lists_with_feature_on_top`` (mean number of lists with a given feature of the class
        in the top ``top``).

    Examples
    --------
    Three classes, one feature each (features 0, 1, 2), and a noise feature 3; each OVO list
    puts the features of its pair first, except "0vs1", where noise pushes feature 1 down:

    >>> lists = [[0, 3, 1, 2], [0, 2, 1, 3], [1, 2, 0, 3]]
    >>> t = list_relevance(lists, ["0vs1", "0vs2", "1vs2"], {0: [0], 1: [1], 2: [2]}, top=2)
    >>> t[["own", "in_top_own", "in_top_other", "lists_with_feature_on_top"]].values.tolist()
    [[2.0, 1.0, 0.0, 2.0], [2.0, 0.5, 0.0, 1.0], [2.0, 1.0, 0.0, 2.0]]
    """
    lists = np.asarray(lists)
    M = lists.shape[0]
    on_top = np.zeros((M, lists.shape[1]), dtype=bool)
    for i, o in enumerate(lists):
        on_top[i, o[:top]] = True
    rows = []
    for j, feats in class_features.items():
        own = np.array([j in problem_classes(n) for n in names])
        share = on_top[:, feats].mean(axis=1)
        rows.append({"class": j, "lists": M, "own": int(own.sum()),
                     "in_top_own": float(share[own].mean()) if own.any() else np.nan,
                     "in_top_other": float(share[~own].mean()) if (~own).any() else np.nan,
                     "lists_with_feature_on_top": float(on_top[:, feats].sum(axis=0).mean())})
    return pd.DataFrame(rows)


def errors_at(curves: pd.DataFrame, size_of) -> pd.DataFrame:
    """The rows of an error-curve table at one subset size per dataset (``size_of``: a dict
    ``{dataset: size}`` or one int), as a long table."""
    sizes = curves["dataset"].map(size_of) if isinstance(size_of, dict) else size_of
    out = curves[curves["size"] == sizes]
    missing = set(curves["dataset"]) - set(out["dataset"])
    if missing:
        raise ValueError(f"no curve point at the requested size for {sorted(missing)}")
    return out


def ovo_ova_errors(curves: pd.DataFrame, n_relevant: dict, methods=METHODS) -> pd.DataFrame:
    """Fig. 3 at the true number of relevant features: per dataset and method, the OVA and
    OVO error (mean over splits) and their paired difference OVO − OVA with its SE."""
    at = errors_at(curves[curves["method"].isin(methods)], n_relevant)
    w = at.pivot_table(index=["dataset", "method", "split"], columns="scheme", values="error")
    d = (w["ovo"] - w["ova"]).groupby(level=[0, 1])
    out = pd.DataFrame({"OVA": w["ova"].groupby(level=[0, 1]).mean(),
                        "OVO": w["ovo"].groupby(level=[0, 1]).mean(),
                        "OVO - OVA": d.mean(), "se": d.std(ddof=1) / np.sqrt(d.count())})
    return out.reset_index()


