"""Pairwise Wilcoxon tests with Holm's correction and the cliques of a CD diagram drawn from
p-values, against scipy + statsmodels, scikit-posthocs, networkx and Demšar's worked
example."""
import math
import warnings
from itertools import combinations

import networkx as nx
import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from scipy.stats import wilcoxon
from statsmodels.stats.multitest import multipletests

from featrank.stats import (average_ranks, cliques, cliques_from_pvalues, holm_adjust, nemenyi,
                            nemenyi_cd, wilcoxon_holm)

from test_stats import AUC, NAMES


def random_table(rng, n=None, k=None):
    """Scores with ties; over 13 datasets, so scipy does not run its (slow) permutation test."""
    n = int(rng.integers(14, 40)) if n is None else n
    k = int(rng.integers(3, 8)) if k is None else k
    X = rng.normal(size=(n, k)) + rng.uniform(0, 0.5) * np.arange(k)
    return pd.DataFrame(np.round(X, 1), columns=[f"m{j}" for j in range(k)])  # some ties


# ---- Wilcoxon-Holm -----------------------------------------------------------------------

def test_demsar_wilcoxon_worked_example_by_hand():
    """Demšar (2006), Sec. 3.1.3 on his Table 2 (C4.5 vs C4.5+m, 14 datasets): the absolute
    differences ranked with the two zeros split between the sums give R+ = 93, R- = 12;
    T = 12 is below the critical value 21 (N = 14, alpha = 0.05). The normal approximation:
    mean N (N + 1) / 4 = 52.5, variance N (N + 1)(2N + 1) / 24 = 253.75 less the tie
    correction (2^3 - 2 for the zeros + 2^3 - 2 for |.005|) / 48 = 0.25."""
    p = wilcoxon_holm(AUC[["C4.5", "C4.5+m"]], zero_method="zsplit")
    d = AUC["C4.5+m"] - AUC["C4.5"]
    ranks = pd.Series(np.abs(d)).rank()
    r_minus = ranks[d < 0].sum() + ranks[d == 0].sum() / 2
    assert (r_minus, ranks.sum() - r_minus) == (12, 93)
    z = (12 - 52.5) / math.sqrt(14 * 15 * 29 / 24 - (6 + 6) / 48)
    assert z == pytest.approx(-2.5437, abs=1e-4)
    assert p.loc["C4.5", "C4.5+m"] == pytest.approx(math.erfc(abs(z) / math.sqrt(2)),
                                                    rel=1e-12)
    assert p.loc["C4.5+m", "C4.5"] == p.loc["C4.5", "C4.5+m"] < 0.05
    assert p.loc["C4.5", "C4.5"] == 1.0


def test_holm_by_hand_on_demsars_four_variants():
    """The 6 pairs of Demšar's Table 6: scipy's p-values, Holm written out as a loop."""
    P = wilcoxon_holm(AUC)
    pairs = list(combinations(NAMES, 2))
    raw = [wilcoxon(AUC[a], AUC[b]).pvalue for a, b in pairs]
    order = sorted(range(6), key=lambda i: raw[i])
    adjusted, running = {}, 0.0
    for step, i in enumerate(order):
        running = max(running, min(1.0, (6 - step) * raw[i]))
        adjusted[pairs[i]] = running
    for (a, b), value in adjusted.items():
        assert P.loc[a, b] == pytest.approx(value, rel=1e-12)
    assert list(P.index) == list(P.columns) == NAMES


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
def test_wilcoxon_holm_against_scipy_and_statsmodels(zero_method):
    rng = np.random.default_rng(10)
    # 9 datasets with ties: scipy's exact permutation test (slow, so only once)
    for n, k in [(9, 3) if zero_method == "zsplit" else (None, None)] + [(None, None)] * 10:
        X = random_table(rng, n=n, k=k)
        P = wilcoxon_holm(X, zero_method=zero_method)
        pairs = list(combinations(X.columns, 2))
        raw = [wilcoxon(X[a], X[b], zero_method=zero_method).pvalue for a, b in pairs]
        _, adjusted, _, _ = multipletests(raw, method="holm")
        np.testing.assert_allclose([P.loc[a, b] for a, b in pairs], adjusted,
                                   rtol=1e-12, atol=1e-15)
        np.testing.assert_array_equal(P.to_numpy(), P.to_numpy().T)
        np.testing.assert_array_equal(np.diag(P), 1.0)


def test_wilcoxon_holm_against_scikit_posthocs():
    rng = np.random.default_rng(11)
    for _ in range(10):
        X = random_table(rng)
        long = X.melt(var_name="method", value_name="score")  # paired by row order
        ref = sp.posthoc_wilcoxon(long, val_col="score", group_col="method", p_adjust="holm")
        ours = wilcoxon_holm(X)
        pd.testing.assert_frame_equal(ours, ref.loc[ours.index, ours.columns],
                                      check_names=False, rtol=1e-12, atol=1e-15)


def test_holm_adjust_against_statsmodels_and_ties():
    rng = np.random.default_rng(12)
    for m in (1, 2, 5, 30):
        p = rng.uniform(0, 0.2, size=m) ** 2
        np.testing.assert_allclose(holm_adjust(p), multipletests(p, method="holm")[1],
                                   rtol=1e-12)
    np.testing.assert_allclose(holm_adjust([[0.01, 0.01], [0.5, 0.02]]),
                               [[0.04, 0.04], [0.5, 0.04]])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        holm_adjust([0.1, np.nan])


def test_identical_methods_get_p_one_without_warnings():
    X = AUC.assign(copy=AUC["C4.5"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        P = wilcoxon_holm(X)
    assert P.loc["C4.5", "copy"] == 1.0


def test_array_input_and_attrs():
    X = AUC.to_numpy()
    P = wilcoxon_holm(X, alpha=0.1, higher_is_better=False)
    assert list(P.columns) == ["0", "1", "2", "3"]
    np.testing.assert_allclose(P.to_numpy(), wilcoxon_holm(AUC).to_numpy())
    assert P.attrs["alpha"] == 0.1
    np.testing.assert_allclose(list(P.attrs["average_ranks"].values()),
                               average_ranks(X, higher_is_better=False))


# ---- cliques from p-values ---------------------------------------------------------------

def contiguous_runs(P, order, alpha):
    """Every maximal run of >= 2 consecutive methods with no significant pair, by brute force."""
    k, joined = len(order), P.loc[order, order].to_numpy() >= alpha
    ok = [(a, b) for a in range(k) for b in range(a + 1, k)
          if all(joined[i, j] for i in range(a, b + 1) for j in range(i + 1, b + 1))]
    return [list(order[a:b + 1]) for a, b in ok
            if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in ok)]


def graph_cliques(P, alpha):
    """networkx's maximal cliques (>= 2 methods) of the graph 'not significantly different'."""
    g = nx.Graph()
    g.add_nodes_from(P.index)
    g.add_edges_from((a, b) for a, b in combinations(P.index, 2) if P.loc[a, b] >= alpha)
    return [set(c) for c in nx.find_cliques(g) if len(c) > 1]


def test_cliques_from_pvalues_against_brute_force_and_networkx():
    rng = np.random.default_rng(13)
    n_equal = 0
    for _ in range(40):
        X = random_table(rng, k=int(rng.integers(3, 9)))
        P = wilcoxon_holm(X)
        order = list(pd.Series(P.attrs["average_ranks"]).sort_values(kind="stable").index)
        ours = cliques_from_pvalues(P)
        assert ours == contiguous_runs(P, order, 0.05)
        graph = graph_cliques(P, 0.05)
        position = {m: i for i, m in enumerate(order)}
        contiguous = [g for g in graph
                      if max(position[m] for m in g) - min(position[m] for m in g) == len(g) - 1]
        assert all(any(set(c) <= g for g in graph) for c in ours)  # each bar is a clique
        assert all(g in [set(c) for c in ours] for g in contiguous)  # ... and maximal runs
        if len(contiguous) == len(graph):  # no clique skips a method: the same groups
            n_equal += 1
            assert sorted(map(sorted, ours)) == sorted(map(sorted, graph))
    assert n_equal > 20


def test_cliques_from_nemenyi_pvalues_are_the_cd_cliques():
    rng = np.random.default_rng(14)
    for _ in range(10):
        X = rng.normal(size=(30, 6)) + np.arange(6) * rng.uniform(0.1, 0.5)
        R = average_ranks(X)
        assert cliques_from_pvalues(nemenyi(X), R) == cliques(R, nemenyi_cd(6, 30))


def test_a_clique_across_a_different_method_is_no_bar():
    P = pd.DataFrame([[1, .01, .3], [.01, 1, .02], [.3, .02, 1]], index=list("abc"),
                     columns=list("abc"))
    R = {"a": 1.0, "b": 2.0, "c": 3.0}
    assert graph_cliques(P, 0.05) == [{"a", "c"}]
    assert cliques_from_pvalues(P, R) == []
    assert cliques_from_pvalues(P, R, alpha=0.015) == [["b", "c"]]
    assert cliques_from_pvalues(P, R, alpha=0.001) == [["a", "b", "c"]]


def test_cliques_from_pvalues_refuses_bad_tables():
    P = wilcoxon_holm(AUC)
    with pytest.raises(ValueError, match="name the methods"):
        cliques_from_pvalues(P, {"a": 1.0, "b": 2.0})
    with pytest.raises(ValueError, match="pass avg_ranks"):
        cliques_from_pvalues(pd.DataFrame(P.to_numpy(), index=NAMES, columns=NAMES))
    asym = P.copy()
    asym.iloc[0, 1] = 0.5
    with pytest.raises(ValueError, match="symmetric"):
        cliques_from_pvalues(asym)
    with pytest.raises(ValueError, match="alpha"):
        cliques_from_pvalues(P, alpha=1.5)
    with pytest.raises(TypeError):
        cliques_from_pvalues(P.to_numpy(), average_ranks(AUC))


# ---- the diagram -------------------------------------------------------------------------

def thick_bars(fig):
    return sorted((tuple(line.get_xdata()), tuple(line.get_ydata()))
                  for line in fig.axes[0].lines if line.get_linewidth() > 3)


def test_cd_diagram_from_pvalues_draws(tmp_path):
    from featrank.plots import cd_diagram_from_pvalues

    P = wilcoxon_holm(AUC, alpha=0.1)
    fig = cd_diagram_from_pvalues(P, title="Demšar's Table 6, Wilcoxon-Holm")
    assert len(thick_bars(fig)) == len(cliques_from_pvalues(P)) > 0
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "p ≥ 0.1 joined" in texts and not any(t.startswith("CD =") for t in texts)
    assert sum(any(t.startswith(n + " (") for t in texts) for n in NAMES) == 4
    fig.savefig(tmp_path / "cd_wilcoxon.png")
    fig2 = cd_diagram_from_pvalues(P, average_ranks(AUC), alpha=0.5, best_right=True)
    assert fig2.axes[0].xaxis_inverted()
    assert len(thick_bars(fig2)) == len(cliques_from_pvalues(P, alpha=0.5))


def test_nemenyi_pvalues_draw_the_bars_of_the_cd_diagram():
    from featrank.plots import cd_diagram, cd_diagram_from_pvalues

    rng = np.random.default_rng(15)
    X = pd.DataFrame(rng.normal(size=(30, 6)) + np.arange(6) * 0.3, columns=list("abcdef"))
    R = average_ranks(X)
    from_cd = cd_diagram(R, nemenyi_cd(6, 30))
    from_p = cd_diagram_from_pvalues(nemenyi(X), R)
    assert thick_bars(from_p) == thick_bars(from_cd) != []
