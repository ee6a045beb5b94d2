"""Izetta 2017: the two readings of 3Q-SD compared on the OVO lists.

The text's 3Q-SD (the third quartile of relative ranks, :func:`featrank.aggregate.q3_sd`)
against the third quartile of positions (:func:`featrank.aggregate.q3_positions_sd`), with
Av-SD as the reference, on the positions of known relevant features (Tables 4-6).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ...aggregate import q3_positions_sd
from ...stats import mean_se
from .protocol import _combine

#: two variants are told apart only when they differ by more than Z_TOL standard errors plus
#: ROUNDING: a two-sided 95 % band, plus half a unit of the integers the paper prints
Z_TOL, ROUNDING = 2.0, 0.5


#: 3Q-SD and Av-SD means of Izetta 2017's Tables 4-6 (reference values, never results)
PAPER_3Q = {("artificial1-8c", "relevant"): (70, 65), ("artificial2-8c", "1 to 5"): (22, 5),
            ("artificial2-8c", "6 to 10"): (80, 24), ("artificial2-8c", "11 to 25"): (161, 87),
            ("artificial3-8c", "relevant"): (27, 29)}
Q3_VARIANTS = {"Av-SD": lambda o: combine_av(o),
               "3Q-SD (text: 3rd quartile of r)": lambda o: _combine(o, "3Q-SD"),
               "3Q-SD (3rd quartile of positions)": q3_positions_sd}


def combine_av(orders):
    """Av-SD of ``orders`` (the combiner the 3Q-SD variants are compared with)."""
    return _combine(orders, "Av-SD")


def group_positions(order, features) -> float:
    """Mean position (1 = best) of ``features`` in one order."""
    pos = np.argsort(np.asarray(order)) + 1
    return float(pos[np.asarray(list(features))].mean())


def q3_variants_table(orders_by_dataset: dict, groups: dict) -> pd.DataFrame:
    """The 3Q-SD experiment: mean position of each feature group under Av-SD, the text's
    3Q-SD and the positions-quartile 3Q-SD, mean ± SE over splits, beside the paper's 3Q-SD
    and Av-SD (``PAPER_3Q``).

    Parameters
    ----------
    orders_by_dataset : dict
        ``{dataset: {variant: [order of split 0, split 1, ...]}}``, the variants of
        :data:`Q3_VARIANTS` (:func:`q3_orders`).
    groups : dict
        ``{dataset: {group name: feature indices}}``.

    Returns
    -------
    DataFrame
        One row per (dataset, group): ``paper 3Q-SD``, ``paper Av-SD`` and, per variant,
        its mean and ``se`` over splits; ``closer`` names the 3Q-SD variant nearer the paper's
        3Q-SD on a log scale ("" when the two variants differ by no more than
        ``Z_TOL`` SE + ``ROUNDING``, or the paper has no value).
    """
    rows = []
    for d, orders in orders_by_dataset.items():
        for g, feats in groups[d].items():
            paper = PAPER_3Q.get((d, g), (np.nan, np.nan))
            row = {"dataset": d, "group": g, "paper 3Q-SD": paper[0], "paper Av-SD": paper[1]}
            for v, os_ in orders.items():
                m, se = mean_se([group_positions(o, feats) for o in os_])
                row[v], row[f"{v} se"] = m, se
            t, q = "3Q-SD (text: 3rd quartile of r)", "3Q-SD (3rd quartile of positions)"
            gap = {v: abs(np.log(row[v] / paper[0])) for v in (t, q)}
            # the variants are told apart only when they differ beyond the value rule's
            # tolerance (Z_TOL SE + the paper's rounding)
            se2 = np.nan_to_num(row[f"{t} se"]) ** 2 + np.nan_to_num(row[f"{q} se"]) ** 2
            same = abs(row[t] - row[q]) <= Z_TOL * np.sqrt(se2) + ROUNDING
            row["closer"] = "" if np.isnan(paper[0]) or same else min(gap, key=gap.get)
            rows.append(row)
    return pd.DataFrame(rows)


def q3_support(table: pd.DataFrame) -> str:
    """One sentence on a :func:`q3_variants_table`: which 3Q-SD variant the paper's values
    are nearer, and in how many groups each variant is worse than Av-SD (the paper's 3Q-SD is
    worse in every group it prints)."""
    t, q = "3Q-SD (text: 3rd quartile of r)", "3Q-SD (3rd quartile of positions)"
    judged = table[table["closer"] != ""]
    n_q = int((judged["closer"] == q).sum())
    worse = {v: int((table[v] > table["Av-SD"] + 1e-9).sum()) for v in (t, q)}
    paper_worse = int((table["paper 3Q-SD"] > table["paper Av-SD"]).sum())
    return (f"The paper's 3Q-SD is nearer the positions-quartile variant in {n_q} of "
            f"{len(judged)} groups with a distinct answer. 3Q-SD worse than Av-SD: paper "
            f"{paper_worse}/{len(table)} groups, text's variant {worse[t]}/{len(table)}, "
            f"positions variant {worse[q]}/{len(table)}.")


