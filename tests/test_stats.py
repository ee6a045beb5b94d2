import numpy as np
import pandas as pd
import pytest
from scipy.stats import friedmanchisquare
from scipy.stats import norm as ss_norm

from statsmodels.stats.multitest import multipletests

from featrank.stats import (average_ranks, cliques, friedman, holm_vs_control, nemenyi,
                            nemenyi_cd, nemenyi_pairs, nemenyi_q, rank_se, rank_table)

# Demšar (2006), Table 6: AUC of C4.5 with and without tuning m and cf, 14 UCI datasets
NAMES = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
AUC = pd.DataFrame([
    [.763, .768, .771, .798], [.599, .591, .590, .569], [.954, .971, .968, .967],
    [.628, .661, .654, .657], [.882, .888, .886, .898], [.936, .931, .916, .931],
    [.661, .668, .609, .685], [.583, .583, .563, .625], [.775, .838, .866, .875],
    [1.00, 1.00, 1.00, 1.00], [.940, .962, .965, .962], [.619, .666, .614, .669],
    [.972, .981, .975, .975], [.957, .978, .946, .970]], columns=NAMES)
# the average ranks printed in Demšar's text (3.143, 2.000, 2.893, 1.964); ranking the table
# gives 2.929 and 1.929 for the last two: his text moves half a rank between them
PRINTED = pd.Series([3.143, 2.000, 2.893, 1.964], index=NAMES)


def test_demsar_table_average_ranks():
    R = average_ranks(AUC)
    np.testing.assert_allclose(R[["C4.5", "C4.5+m"]], [3.142857, 2.0], atol=1e-6)
    np.testing.assert_allclose(R[["C4.5+cf", "C4.5+m+cf"]], [41 / 14, 27 / 14])
    assert abs(R - PRINTED).max() < 0.04


def test_demsar_friedman_from_printed_ranks():
    """Demšar's worked numbers: chi2_F = 9.28, F_F = 3.69 from his average ranks."""
    N, k = 14, 4
    chi2 = 12 * N / (k * (k + 1)) * (np.sum(PRINTED ** 2) - k * (k + 1) ** 2 / 4)
    assert chi2 == pytest.approx(9.28, abs=0.01)
    # the same formula inside friedman(): feed a table whose ranks are exactly PRINTED-like
    res = friedman(AUC)
    R = res.average_ranks.to_numpy()
    assert res.chi2 == pytest.approx(12 * N / (k * (k + 1)) * (np.sum(R ** 2) - 25), rel=1e-12)
    assert res.ff == pytest.approx((N - 1) * res.chi2 / (N * (k - 1) - res.chi2), rel=1e-12)
    ff_printed = (N - 1) * chi2 / (N * (k - 1) - chi2)
    assert ff_printed == pytest.approx(3.69, abs=0.01)
    assert res.df == (3, 39)
    assert res.p_ff < 0.05  # Demšar: F(3, 39) critical value 2.85 < F_F -> reject


def test_friedman_against_scipy():
    rng = np.random.default_rng(0)
    for _ in range(20):
        X = rng.normal(size=(int(rng.integers(3, 30)), int(rng.integers(3, 8))))
        X = np.round(X, 1)  # some ties
        ours = friedman(X, tie_correction=True, higher_is_better=False)
        ref = friedmanchisquare(*X.T)
        assert ours.chi2 == pytest.approx(ref.statistic, rel=1e-10)
        assert ours.p_chi2 == pytest.approx(ref.pvalue, rel=1e-8)
    # without ties both formulas agree
    X = rng.normal(size=(10, 5))
    assert friedman(X).chi2 == pytest.approx(friedmanchisquare(*X.T).statistic)


@pytest.mark.parametrize("k, alpha, q", [
    (2, .05, 1.960), (3, .05, 2.343), (4, .05, 2.569), (5, .05, 2.728), (6, .05, 2.850),
    (7, .05, 2.949), (8, .05, 3.031), (9, .05, 3.102), (10, .05, 3.164),
    (2, .10, 1.645), (4, .10, 2.291), (10, .10, 2.920)])
def test_nemenyi_q_matches_demsar_table_5a(k, alpha, q):
    assert nemenyi_q(k, alpha) == pytest.approx(q, abs=1.5e-3)


def test_critical_differences_of_the_papers():
    assert nemenyi_cd(4, 14) == pytest.approx(1.25, abs=5e-3)   # Demšar Sec. 3.2.2
    assert nemenyi_cd(4, 14, alpha=0.10) == pytest.approx(1.12, abs=5e-3)
    assert nemenyi_cd(4, 28) == pytest.approx(0.886, abs=1e-3)  # Slavkov 2018
    with pytest.raises(ValueError, match="k must"):
        nemenyi_cd(1, 10)
    with pytest.raises(ValueError, match="alpha"):
        nemenyi_cd(4, 10, alpha=1.5)


def test_nemenyi_pvalues_agree_with_the_cd():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(40, 5)) + np.arange(5) * 0.4
    R = average_ranks(X)
    P = nemenyi(X).to_numpy()
    cd = nemenyi_cd(5, 40)
    diff = np.abs(R.to_numpy()[:, None] - R.to_numpy()[None, :])
    off = ~np.eye(5, dtype=bool)
    np.testing.assert_array_equal((P < 0.05)[off], (diff >= cd)[off])
    np.testing.assert_allclose(P, P.T)


def test_demsar_example_cliques():
    R = PRINTED
    # alpha = 0.05: even best vs worst (1.179) is below CD = 1.25: one group
    assert cliques(R, nemenyi_cd(4, 14)) == [["C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"]]
    # alpha = 0.10 (CD 1.12): C4.5 is worse than C4.5+m and C4.5+m+cf; C4.5+cf in both groups
    assert cliques(R, nemenyi_cd(4, 14, 0.10)) == [["C4.5+m+cf", "C4.5+m", "C4.5+cf"],
                                                    ["C4.5+cf", "C4.5"]]
    assert cliques({"a": 1, "b": 2, "c": 3}, 0.5) == []


def test_rank_direction_and_bad_input():
    X = np.array([[1.0, 2.0, 3.0], [1.0, 2.0, 2.0]])
    np.testing.assert_array_equal(rank_table(X), [[3, 2, 1], [3, 1.5, 1.5]])
    np.testing.assert_array_equal(rank_table(X, higher_is_better=False), [[1, 2, 3], [1, 2.5, 2.5]])
    with pytest.raises(ValueError, match="NaN"):
        friedman([[1, np.nan], [2, 3]])
    with pytest.raises(ValueError, match="2-D"):
        friedman([1, 2, 3])


def test_cd_diagram_draws(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    from featrank.plots.cd import cd_diagram

    fig = cd_diagram(PRINTED, nemenyi_cd(4, 14, 0.10), title="Demšar Fig. 1(a)")
    ax = fig.axes[0]
    thick = [line for line in ax.lines if line.get_linewidth() > 3]
    assert len(thick) == 2  # the two cliques
    texts = [t.get_text() for t in ax.texts]
    assert any(t.startswith("CD = 1.12") for t in texts)
    assert sum(any(t.startswith(n + " (") for t in texts) for n in NAMES) == 4
    fig.savefig(tmp_path / "cd.png")
    fig2 = cd_diagram(PRINTED, 0.5, best_right=True)
    assert fig2.axes[0].xaxis_inverted()


def test_nemenyi_cd_refuses_one_dataset_as_friedman_does():
    with pytest.raises(ValueError, match="at least 2 datasets"):
        friedman([[0.9, 0.8, 0.7]])
    for n in (1, 0, 2.5):
        with pytest.raises(ValueError, match=r"n_datasets must be an integer >= 2.*friedman"):
            nemenyi_cd(3, n)
    assert nemenyi_cd(3, 2) > nemenyi_cd(3, 3)


# ---- Holm's step-down test against a control; Nemenyi pairs ------------------------------

def test_holm_by_hand_on_demsars_printed_ranks():
    """C4.5 as control, N = 14, k = 4: se = sqrt(4 * 5 / (6 * 14)) = 0.48795;
    z = (1.964 - 3.143) / se = -2.4162 (p .0157), (2.000 - 3.143) / se = -2.3425 (p .0192),
    (2.893 - 3.143) / se = -0.5123 (p .6084). Holm: .0157 < .05/3 = .0167 reject,
    .0192 < .05/2 = .025 reject, .6084 > .05 retain. Adjusted p: 3 * .0157 = .0470, then
    max(.0470, 2 * .0192 = .0383) = .0470, then .6084. (Nemenyi at .05 finds no pair: its
    CD 1.25 exceeds the largest difference, 1.179.)"""
    t = holm_vs_control(PRINTED, "C4.5", n_datasets=14)
    assert t.attrs["se"] == pytest.approx(0.48795, abs=1e-5) == rank_se(4, 14)
    assert t["method"].tolist() == ["C4.5+m+cf", "C4.5+m", "C4.5+cf"]
    np.testing.assert_allclose(t["z"], [-2.4162, -2.3425, -0.5123], atol=1e-4)
    np.testing.assert_allclose(t["p"], [0.0157, 0.0192, 0.6084], atol=1e-4)
    np.testing.assert_allclose(t["threshold"], [0.05 / 3, 0.05 / 2, 0.05])
    np.testing.assert_allclose(t["p_holm"], [0.0470, 0.0470, 0.6084], atol=1e-4)
    assert t["significant"].tolist() == [True, True, False]
    assert not nemenyi_pairs(PRINTED, 14)["significant"].any()


def test_holm_against_scipy_and_statsmodels():
    rng = np.random.default_rng(2)
    for _ in range(25):
        n, k = int(rng.integers(5, 60)), int(rng.integers(3, 9))
        X = rng.normal(size=(n, k)) + rng.uniform(0, 0.6) * np.arange(k)
        ctrl = str(int(rng.integers(k)))
        t = holm_vs_control(X, ctrl).set_index("method")
        R = rank_table(X).mean(axis=0)
        others = [j for j in range(k) if str(j) != ctrl]
        z = (R[others] - R[int(ctrl)]) / np.sqrt(k * (k + 1) / (6 * n))
        p = 2 * (1 - ss_norm.cdf(np.abs(z)))
        reject, p_adj, _, _ = multipletests(p, alpha=0.05, method="holm")
        names = [str(j) for j in others]
        np.testing.assert_allclose(t.loc[names, "z"], z, rtol=1e-12)
        np.testing.assert_allclose(t.loc[names, "p"], p, rtol=1e-9, atol=1e-15)
        np.testing.assert_allclose(t.loc[names, "p_holm"], p_adj, rtol=1e-9, atol=1e-15)
        assert t.loc[names, "significant"].tolist() == reject.tolist()


def test_holm_plain_step_down_loop():
    """Holm as Demšar words it, a plain loop: stop at the first p above alpha / (k - i)."""
    rng = np.random.default_rng(3)
    for _ in range(25):
        R = pd.Series(rng.uniform(1, 8, size=8), index=list("abcdefgh"))
        t = holm_vs_control(R, "a", n_datasets=int(rng.integers(10, 300)))
        expect, going = [], True
        for i, p in enumerate(t["p"], start=1):
            going = going and p <= 0.05 / (8 - i)
            expect.append(going)
        assert t["significant"].tolist() == expect


def test_holm_accepts_tables_and_refuses_bad_input():
    t_table = holm_vs_control(AUC, "C4.5+m+cf")
    t_ranks = holm_vs_control(average_ranks(AUC), "C4.5+m+cf", n_datasets=14)
    pd.testing.assert_frame_equal(t_table, t_ranks)
    assert (t_table["z"] > 0).all()  # the control ranks best: every other ranks behind
    # a table of ranks, read as "lower is better", gives the same
    ranks = pd.DataFrame(rank_table(AUC), columns=NAMES)
    pd.testing.assert_frame_equal(holm_vs_control(ranks, "C4.5+m+cf", higher_is_better=False),
                                  t_table)
    with pytest.raises(ValueError, match="control"):
        holm_vs_control(AUC, "C5.0")
    with pytest.raises(ValueError, match="n_datasets"):
        holm_vs_control(PRINTED, "C4.5")
    with pytest.raises(ValueError, match="n_datasets"):
        holm_vs_control(AUC, "C4.5", n_datasets=14)


def test_nemenyi_pairs_demsar_and_scikit_posthocs():
    t = nemenyi_pairs(PRINTED, 14, alpha=0.10)  # CD 1.12: C4.5 behind C4.5+m(+cf)
    sig = t[t["significant"]]
    assert sorted(map(tuple, sig[["better", "worse"]].values)) == [
        ("C4.5+m", "C4.5"), ("C4.5+m+cf", "C4.5")]
    assert len(t) == 6 and (t["diff"] >= 0).all()
    rng = np.random.default_rng(4)
    X = rng.normal(size=(40, 6)) + np.arange(6) * 0.3
    t = nemenyi_pairs(average_ranks(X), 40)
    P = nemenyi(X)
    np.testing.assert_allclose(t["p"], [P.loc[a, b] for a, b in zip(t["better"], t["worse"])],
                               rtol=1e-6, atol=1e-9)
    np.testing.assert_array_equal(t["significant"], t["p"] < 0.05)
    # not significant <=> some clique of the CD diagram holds both methods
    groups = cliques(average_ranks(X), nemenyi_cd(6, 40))
    for a, b, s in zip(t["better"], t["worse"], t["significant"]):
        assert s != any(a in g and b in g for g in groups)
