"""Notebook 01's summary rules: the statistics against scipy, the verdicts on made-up grids
whose answers are known."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats

from featrank.experiments import quevedo2007_summary as qs


def test_slope_se_matches_scipy():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 5, 40).astype(float)
    y = 0.3 * x + rng.normal(size=40)
    b, se = qs.slope_se(x, y)
    ref = stats.linregress(x, y)
    assert b == pytest.approx(ref.slope) and se == pytest.approx(ref.stderr)


def test_slope_se_undefined_below_three_points():
    assert np.isnan(qs.slope_se([0, 1], [0.0, 1.0])[1])


def _medians(effects, n_points=12, noise=0.01, seed=0):
    """Single experiments (one row per point and ranker) with AUC-FR = effect + noise."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n_points):
        for r, e in effects.items():
            rows.append(dict(m=50 + 50 * (i % 4), n=100, r=5, d=1 + i % 2, eta=i % 3,
                             sigma=0.05, ranker=r, auc_fr=e + noise * rng.normal(),
                             time_s=1.0, C=np.nan))
    return pd.DataFrame(rows)


def test_rank_row_separates_a_clear_lead_from_noise():
    base = {r: 0.7 for r in qs.RIVALS}
    clear = qs.overall_table(_medians({**base, "SPE-ranker": 0.9, "RM": 0.8}))
    row = qs._rank_row(clear, "SPE-ranker", 1, "c", "w")
    assert row["agrees"] == "yes"
    behind = qs.overall_table(_medians({**base, "SPE-ranker": 0.8, "RM": 0.9}))
    assert qs._rank_row(behind, "SPE-ranker", 1, "c", "w")["agrees"] == "no"
    close = qs.overall_table(_medians({**base, "SPE-ranker": 0.8, "RM": 0.801}, noise=0.05))
    assert qs._rank_row(close, "SPE-ranker", 1, "c", "w")["agrees"] in ("yes", "partly")


def test_trend_row_needs_a_significant_slope():
    rows = []
    rng = np.random.default_rng(1)
    for m in (50, 100, 150, 200, 250):
        for rep in range(6):
            rows += [dict(m=m, ranker="SM", auc_fr=0.9 - 0.001 * m + 0.01 * rng.normal()),
                     dict(m=m, ranker="GSRelief_k", auc_fr=0.8 + 0.01 * rng.normal())]
    df = pd.DataFrame(rows)
    assert qs._trend_row(df, "m", ["SM"], -1, "c", "p", "w")["agrees"] == "yes"
    assert qs._trend_row(df, "m", ["SM", "GSRelief_k"], -1, "c", "p", "w")["agrees"] == "partly"
    assert qs._trend_row(df, "m", ["GSRelief_k"], +1, "c", "p", "w")["agrees"] == "no"
