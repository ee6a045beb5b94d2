"""RRF, CombSUM and CombMNZ against ranx's fusion (independent, numba) on random profiles with
partial lists, and against small hand computations. Tolerances fixed in advance: 1e-12
relative plus 1e-12 absolute (z-scores near 0) -- the same float64 sums in another order."""
import numpy as np
import pytest

from featrank.aggregate import (combmnz, combmnz_scores, combsum, combsum_scores,
                                normalize_scores, rrf, rrf_scores)

TOL = dict(rtol=1e-12, atol=1e-12)
NORMS = {"minmax": "min-max", "zscore": "zmuv", "rank": "rank", "borda": "borda", None: None}


def _scores(seed, m=5, p=40, missing=0.3):
    """(m, p) continuous scores (no ties), a share of them NaN; feature p-1 listed nowhere."""
    rng = np.random.default_rng(seed)
    s = rng.normal(size=(m, p)) + np.linspace(2, 0, p)
    s[rng.random((m, p)) < missing] = np.nan
    s[:, -1] = np.nan
    return s


def _runs(scores):
    from ranx import Run

    return [Run({"q": {f"d{i}": float(v) for i, v in enumerate(row) if not np.isnan(v)}},
                name=f"r{j}") for j, row in enumerate(scores)]


def _ranx(scores, method, norm, params=None):
    from ranx import fuse

    out = fuse(_runs(scores), norm=norm, method=method, params=params or {}).to_dict()["q"]
    return {int(k[1:]): v for k, v in out.items()}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("normalization", list(NORMS), ids=str)
def test_combsum_and_combmnz_match_ranx(seed, normalization):
    pytest.importorskip("ranx")
    s = _scores(seed)
    for ours, method in ((combsum_scores, "sum"), (combmnz_scores, "mnz")):
        ref = _ranx(s, method, NORMS[normalization])
        got = ours(s, normalization)
        idx = np.array(sorted(ref))
        np.testing.assert_allclose(got[idx], [ref[i] for i in idx], **TOL)
        assert np.isnan(got[-1]) and (s.shape[1] - 1) not in ref


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("k", [60, 1])
def test_rrf_matches_ranx(seed, k):
    pytest.importorskip("ranx")
    s = _scores(seed)
    lists = [np.argsort(-np.where(np.isnan(r), -np.inf, r), kind="stable")[:np.sum(~np.isnan(r))]
             for r in s]
    ref = _ranx(s, "rrf", None, {"k": k})
    got = rrf_scores(lists, k=k, n_features=s.shape[1])
    idx = np.array(sorted(ref))
    np.testing.assert_allclose(got[idx], [ref[i] for i in idx], **TOL)
    assert got[-1] == 0.0


# ---- hand-worked ------------------------------------------------------------------------
def test_hand_rrf():
    # lists (best first) over 4 features, k = 60
    lists = [[2, 0, 1, 3], [0, 2, 3, 1]]
    want = [1 / 62 + 1 / 61, 1 / 63 + 1 / 64, 1 / 61 + 1 / 62, 1 / 64 + 1 / 63]
    np.testing.assert_allclose(rrf_scores(lists), want, **TOL)
    assert rrf(lists).tolist() == [0, 2, 1, 3]         # ties: the lower index first
    # top-1 lists: a feature a list leaves out gets nothing from it
    np.testing.assert_allclose(rrf_scores([[3], [1]], k=0, n_features=4), [0, 1, 0, 1])


def test_hand_normalizations():
    s = np.array([[4.0, 2.0, np.nan, 0.0],
                  [np.nan, 1.0, 3.0, np.nan]])
    np.testing.assert_allclose(normalize_scores(s, "minmax"),
                               [[1, .5, np.nan, 0], [np.nan, 0, 1, np.nan]], **TOL)
    z = (np.array([4.0, 2.0, 0.0]) - 2) / np.sqrt(8 / 3)
    np.testing.assert_allclose(normalize_scores(s, "zscore")[0], [z[0], z[1], np.nan, z[2]],
                               **TOL)
    np.testing.assert_allclose(normalize_scores(s, "rank"),
                               [[1, 2 / 3, np.nan, 1 / 3], [np.nan, .5, 1, np.nan]], **TOL)
    # borda over the 4 candidates: list 0 leaves out 2, which gets the unused 1 - 3/4; list 1
    # leaves out 0 and 3, which get the mean of 1 - 2/4 and 1 - 3/4
    np.testing.assert_allclose(normalize_scores(s, "borda"),
                               [[1, .75, .25, .5], [.375, .75, 1, .375]], **TOL)
    # CombSUM (min-max) 1, .5, 1, 0; CombMNZ multiplies by 1, 2, 1, 1
    np.testing.assert_allclose(combsum_scores(s), [1, .5, 1, 0], **TOL)
    np.testing.assert_allclose(combmnz_scores(s), [1, 1, 1, 0], **TOL)
    assert combsum(s).tolist() == [0, 2, 1, 3]
    assert combmnz(s).tolist() == [0, 1, 2, 3]
    np.testing.assert_allclose(combmnz_scores(s, "borda"), 2 * combsum_scores(s, "borda"))


def test_bad_input():
    with pytest.raises(ValueError, match="normalization"):
        combsum([[1.0, 2.0]], "l2")
    with pytest.raises(ValueError, match="finite"):
        combmnz([[1.0, np.inf]])
