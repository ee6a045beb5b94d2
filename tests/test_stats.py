import numpy as np
import pandas as pd
import pytest
from scipy.stats import friedmanchisquare

from featrank.stats import (average_ranks, cliques, friedman, nemenyi, nemenyi_cd, nemenyi_q,
                            rank_table)

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
