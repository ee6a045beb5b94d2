"""Dwork et al.'s (2001) Markov chains MC1, MC2, MC3 (MC4 beside them) and DeConde et al.'s
(2006) MCT. Oracles: chains solved by hand (exact fractions, in the comments), a dense
transcription of each definition pair by pair with an exact linear solve, and PyFLAGR (the
``pyflagr`` package: FLAGR's C++ ``MergedList::compute_state_matrix``) for the chains it
computes as the paper defines them: its MC4 on full lists and an odd number of lists. Its other
chains differ from the paper's (see the comment above ``_flagr_transition``): there PyFLAGR
checks a transcription of its code, which with FLAGR's two quirks switched off is the
paper's MC3 and MC4 and matches ours."""
from fractions import Fraction as Fr

import numpy as np
import pytest

from _aggregate_reference import ref_positions
from featrank.aggregate import markov_stationary, mc1, mc2, mc3, mc4, mct
from featrank.aggregate.markov import CHAINS, mc4_stationary

FUNCS = {"mc1": mc1, "mc2": mc2, "mc3": mc3, "mc4": mc4, "mct": mct}

# ---- hand-worked chains, no random jump (alpha -> 0) -----------------------------------------
# lists (best first): [0, 1, 2], [0, 2, 1], [1, 0, 2]; positions
#   f0: 1, 1, 2    f1: 2, 3, 1    f2: 3, 2, 3
THREE = [[0, 1, 2], [0, 2, 1], [1, 0, 2]]
# MC1: from P, uniformly over the multiset U_j {Q : pos_j(Q) <= pos_j(P)}
#   P = f0: {0} + {0} + {1, 0}          -> f0 x3, f1 x1        -> (3/4, 1/4, 0)
#   P = f1: {0, 1} + {0, 2, 1} + {1}    -> f0 x2, f1 x3, f2 x1 -> (1/3, 1/2, 1/6)
#   P = f2: {0, 1, 2} + {0, 2} + {1, 0, 2} -> f0 x3, f1 x2, f2 x3 -> (3/8, 1/4, 3/8)
# pi = pi T:  pi2 = 1/6 pi1 + 3/8 pi2            ->  pi2 = 4/15 pi1
#             pi0 = 3/4 pi0 + 1/3 pi1 + 3/8 pi2  ->  1/4 pi0 = (1/3 + 1/10) pi1, pi0 = 26/15 pi1
#   sum = 3 pi1 = 1:  pi = (26/45, 15/45, 4/45)
T_MC1 = [[Fr(3, 4), Fr(1, 4), Fr(0)], [Fr(1, 3), Fr(1, 2), Fr(1, 6)],
         [Fr(3, 8), Fr(1, 4), Fr(3, 8)]]
PI_MC1 = [Fr(26, 45), Fr(15, 45), Fr(4, 45)]
# MC2: pick a list uniformly, then Q uniformly from {Q : pos_j(Q) <= pos_j(P)}
#   P = f0: (1, 0, 0), (1, 0, 0), (1/2, 1/2, 0)               -> (5/6, 1/6, 0)
#   P = f1: (1/2, 1/2, 0), (1/3, 1/3, 1/3), (0, 1, 0)         -> (5/18, 11/18, 2/18)
#   P = f2: (1/3, 1/3, 1/3), (1/2, 0, 1/2), (1/3, 1/3, 1/3)   -> (7/18, 4/18, 7/18)
# pi2 = 2/18 pi1 + 7/18 pi2 -> pi2 = 2/11 pi1;  1/6 pi0 = 5/18 pi1 + 7/18 pi2 = 23/66 pi1
#   -> pi0 = 23/11 pi1; sum = 36/11 pi1 = 1:  pi = (23/36, 11/36, 2/36)
T_MC2 = [[Fr(5, 6), Fr(1, 6), Fr(0)], [Fr(5, 18), Fr(11, 18), Fr(2, 18)],
         [Fr(7, 18), Fr(4, 18), Fr(7, 18)]]
PI_MC2 = [Fr(23, 36), Fr(11, 36), Fr(2, 36)]
# MC3: pick a list, then Q uniformly among the 3; move if Q is above P: T[P, Q] = #{Q above
# P} / 9.  f1 above f0 in 1 list, f2 above f0 in 0, f0 above f1 in 2, f2 above f1 in 1,
# f0 above f2 in 3, f1 above f2 in 2:
#   T = [[8/9, 1/9, 0], [2/9, 6/9, 1/9], [3/9, 2/9, 4/9]]
# pi2 = 1/9 pi1 + 4/9 pi2 -> pi2 = pi1 / 5;  1/9 pi0 = 2/9 pi1 + 3/9 pi2 -> pi0 = 13/5 pi1
#   sum = 19/5 pi1 = 1:  pi = (13/19, 5/19, 1/19)
T_MC3 = [[Fr(8, 9), Fr(1, 9), Fr(0)], [Fr(2, 9), Fr(6, 9), Fr(1, 9)],
         [Fr(3, 9), Fr(2, 9), Fr(4, 9)]]
PI_MC3 = [Fr(13, 19), Fr(5, 19), Fr(1, 19)]
# With ties: ranks [[1, 1, 2], [1, 2, 3]]: f0 and f1 tie in the first list.
# MCT: T[P, Q] = (#{Q above P} + #{tied} / 2) / (2 * 3)
#   f0 -> f1: (0 + 1/2) / 6 = 1/12;  f1 -> f0: (1 + 1/2) / 6 = 1/4;  f2 -> f0, f1: 2/6 each;
#   nothing moves to f2.  pi2 = 1/3 pi2 -> 0;  1/12 pi0 = 1/4 pi1:  pi = (3/4, 1/4, 0)
# MC3 on the same lists: a tie stays, f0 never leaves:  pi = (1, 0, 0)
TIED = [[1, 1, 2], [1, 2, 3]]
PI_MCT_TIED = [Fr(3, 4), Fr(1, 4), Fr(0)]
PI_MC3_TIED = [Fr(1), Fr(0), Fr(0)]


def _balanced(T, pi):
    p = len(pi)
    return sum(pi) == 1 and all(pi[y] == sum(pi[x] * T[x][y] for x in range(p))
                                for y in range(p))


@pytest.mark.parametrize("chain, T, pi", [("mc1", T_MC1, PI_MC1), ("mc2", T_MC2, PI_MC2),
                                          ("mc3", T_MC3, PI_MC3)])
def test_hand_worked_chains(chain, T, pi):
    assert all(sum(row) == 1 for row in T) and _balanced(T, pi)   # the hand solution
    np.testing.assert_array_equal(np.array(_ref_transition(ref_positions(THREE), chain),
                                           dtype=float), np.array(T, dtype=float))
    got = markov_stationary(THREE, chain=chain, alpha=1e-12)
    np.testing.assert_allclose(got, [float(v) for v in pi], atol=1e-9)
    assert FUNCS[chain](THREE).tolist() == [0, 1, 2]


def test_hand_worked_ties_mct_counts_half_mc3_stays():
    np.testing.assert_allclose(markov_stationary(ranks=TIED, chain="mct", alpha=1e-12),
                               [float(v) for v in PI_MCT_TIED], atol=1e-9)
    np.testing.assert_allclose(markov_stationary(ranks=TIED, chain="mc3", alpha=1e-12),
                               [float(v) for v in PI_MC3_TIED], atol=1e-9)
    # without the tie (f0 above f1 in both lists) the two chains are one
    untied = [[1, 2, 3], [1, 2, 3]]
    np.testing.assert_allclose(markov_stationary(ranks=untied, chain="mct"),
                               markov_stationary(ranks=untied, chain="mc3"), rtol=1e-12)


def test_hand_worked_with_random_jumps():
    # MC3 on THREE with alpha = 1/10: pi = 1/30 + 9/10 pi T_MC3, by elimination
    #   pi2 = 1/30 + 9/10 (1/9 pi1 + 4/9 pi2)          -> pi2 = 1/18 + pi1 / 6
    #   pi0 = 1/30 + 9/10 (8/9 pi0 + 2/9 pi1 + 3/9 pi2) -> pi0 = 1/6 + pi1 + 3/2 pi2
    #                                                    = 1/4 + 5/4 pi1
    #   pi0 + pi1 + pi2 = 1:  29/12 pi1 = 25/36, pi1 = 25/87;  pi = (53, 25, 9) / 87
    pi = [Fr(53, 87), Fr(25, 87), Fr(9, 87)]
    jump = [[Fr(1, 30) + Fr(9, 10) * T_MC3[x][y] for y in range(3)] for x in range(3)]
    assert _balanced(jump, pi)
    np.testing.assert_allclose(markov_stationary(THREE, chain="mc3", alpha=0.1),
                               [float(v) for v in pi], rtol=1e-12)


# ---- the definitions, pair by pair, and an exact solve ---------------------------------------

def _ref_transition(pos, chain):
    """``T[P][Q]`` as Fractions, transcribed from the definitions (Dwork et al. 2001, Sec. 4.2;
    MCT as FLAGR's ``compute_state_matrix``, a tie counting one half)."""
    m, p = len(pos), len(pos[0])
    T = [[Fr(0)] * p for _ in range(p)]
    for P in range(p):
        if chain == "mc1":          # uniformly from the multiset U_j {Q : pos_j(Q) <= pos_j(P)}
            multiset = [Q for j in range(m) for Q in range(p) if pos[j][Q] <= pos[j][P]]
            for Q in multiset:
                T[P][Q] += Fr(1, len(multiset))
        elif chain == "mc2":        # a list uniformly, then Q uniformly from its set
            for j in range(m):
                better = [Q for Q in range(p) if pos[j][Q] <= pos[j][P]]
                for Q in better:
                    T[P][Q] += Fr(1, m * len(better))
        else:
            for Q in range(p):
                if Q == P:
                    continue
                above = sum(pos[j][Q] < pos[j][P] for j in range(m))
                below = sum(pos[j][Q] > pos[j][P] for j in range(m))
                if chain == "mc3":  # a list, a Q uniformly among all p; move if Q is above
                    T[P][Q] = Fr(above, m * p)
                elif chain == "mct":
                    T[P][Q] = (above + Fr(m - above - below, 2)) / (m * p)
                elif chain == "mc4":  # a Q uniformly; move if a majority puts Q above
                    T[P][Q] = Fr(1, p) if above > below else Fr(0)
            T[P][P] = 1 - sum(T[P])
    return T


def _solve(T, alpha):
    """The stationary distribution of ``(1 - alpha) T + alpha / p``: ``pi (I - (1 - alpha) T)
    = alpha / p``, solved directly (numpy's LU), not by power iteration."""
    T = np.array(T, dtype=float)
    p = len(T)
    A = np.eye(p) - (1 - alpha) * T
    return np.linalg.solve(A.T, np.full(p, alpha / p))


def _random_ranks(rng, p, m):
    """A rank matrix with ties and unranked (NaN) entries."""
    r = rng.integers(1, max(2, p // 2) + 1, size=(m, p)).astype(float)
    r[rng.random((m, p)) < 0.15] = np.nan
    return r


@pytest.mark.parametrize("chain", CHAINS)
def test_every_chain_matches_its_definition(chain):
    from featrank.aggregate._profile import positions

    rng = np.random.default_rng(7)
    for case in range(25):
        p, m = int(rng.integers(1, 11)), int(rng.integers(1, 6))
        if case % 3 == 0:       # partial lists of a full profile
            lists = [rng.permutation(p)[:int(rng.integers(0, p + 1))] for _ in range(m)]
            lists[0] = rng.permutation(p)
            kw = {"orders": lists, "n_features": p}
            pos = ref_positions(lists, p)
        else:                   # ties and unranked features
            kw = {"ranks": _random_ranks(rng, p, m)}
            pos = positions(**kw)
        T = _ref_transition(pos.tolist(), chain)
        assert all(sum(row) == 1 and min(row) >= 0 for row in T)
        for alpha in (0.1, 0.5):
            np.testing.assert_allclose(markov_stationary(**kw, chain=chain, alpha=alpha),
                                       _solve(T, alpha), rtol=1e-9, atol=1e-13)


def test_mc4_stationary_is_the_shared_solver():
    rng = np.random.default_rng(8)
    ranks = _random_ranks(rng, 30, 5)
    np.testing.assert_array_equal(mc4_stationary(ranks=ranks),
                                  markov_stationary(ranks=ranks, chain="mc4"))


@pytest.mark.parametrize("chain", CHAINS)
def test_invariances(chain):
    rng = np.random.default_rng(9)
    p, m = 14, 5
    base = rng.normal(size=p)
    orders = np.array([np.argsort(-(base + rng.normal(size=p))) for _ in range(m)])
    s = markov_stationary(orders, chain=chain)
    assert s.min() > 0 and s.sum() == pytest.approx(1.0, abs=1e-12)
    perm = rng.permutation(p)           # feature i is called perm[i]
    np.testing.assert_allclose(markov_stationary(perm[orders], chain=chain)[perm], s,
                               rtol=1e-10)
    np.testing.assert_allclose(markov_stationary(np.vstack([orders, orders]), chain=chain), s,
                               rtol=1e-10)
    unanimous = np.tile(orders[0], (3, 1))
    assert FUNCS[chain](unanimous).tolist() == orders[0].tolist()
    np.testing.assert_allclose(markov_stationary(orders, chain=chain, alpha=1.0),
                               np.full(p, 1 / p))
    # pure jumps: every score 1/p, the order falls to Borda (then index or random_state)
    rs = FUNCS[chain](orders, alpha=1.0, random_state=3)
    assert sorted(rs.tolist()) == list(range(p))


def test_chains_differ_from_each_other():
    # the five chains are five: on noisy lists no two give the same scores
    rng = np.random.default_rng(10)
    base = np.linspace(0, 3, 12)
    orders = np.array([np.argsort(-(base + rng.normal(size=12))) for _ in range(6)])
    scores = {c: markov_stationary(orders, chain=c) for c in CHAINS}
    for a in CHAINS:
        for b in CHAINS:
            if a < b and {a, b} != {"mc3", "mct"}:   # mc3 = mct without ties
                assert np.abs(scores[a] - scores[b]).max() > 1e-4, (a, b)
    np.testing.assert_allclose(scores["mc3"], scores["mct"], rtol=1e-12)


def test_bad_arguments():
    with pytest.raises(ValueError, match="chain must be one of"):
        markov_stationary(THREE, chain="mc5")
    with pytest.raises(ValueError, match="alpha"):
        mc2(THREE, alpha=0.0)


def test_large_profile_needs_no_p_by_p_matrix():
    import tracemalloc

    rng = np.random.default_rng(11)
    p, m = 3000, 6
    orders = np.array([rng.permutation(p) for _ in range(m)])
    for chain in ("mc1", "mc2", "mc3", "mct"):
        tracemalloc.start()
        markov_stationary(orders, chain=chain, tol=1e-10)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 0.1 * p * p * 8, (chain, peak)     # a dense T would take 72 MB


# ---- PyFLAGR ---------------------------------------------------------------------------------
# PyFLAGR 1.0.21 runs FLAGR's MergedList::compute_state_matrix (C++, chains 801-805). Read
# against the paper, on full lists (every list ranks both P and Q; ``wins`` = lists ranking
# P above Q):
#   MC4 (804): P -> Q with 1/p unless wins > m/2: Dwork's MC4 for an odd number of lists; for
#       an even number a 1:1 vote moves (ours, the paper's, moves on a strict majority only)
#   MC2 (802): the same rule as its MC4, so not Dwork's MC2 (a list, then a better page)
#   MC1 (801): P -> Q with 1/p unless wins = m, not Dwork's multiset walk
#   MC3 (803): P -> Q with wins / (b * p), MCT (805): (b - wins) / (b * p), where b should be
#       the number of lists ranking both (m), but FLAGR never resets it between the Q of one
#       row: at the k-th column in its item order (items sorted by their names) b = k * m.
#       With b = m, MCT is Dwork's MC3 (and FLAGR's MC3 walks towards worse features).
# So PyFLAGR checks ours directly for MC4 (odd m), and checks the transcription below of its
# code for all five chains; with its two quirks switched off that transcription is the
# paper's MC3 / MC4, which ours match (test_every_chain_matches_its_definition).

def _flagr_transition(pos, chain, *, names, cumulative=True):
    """FLAGR's transition matrix of full lists, transcribed from ``compute_state_matrix``:
    items in the order of ``names`` sorted as strings (its ``cmp_code_asc``); with
    ``cumulative`` its running count of lists ranking both."""
    m, p = pos.shape
    idx = sorted(range(p), key=lambda i: names[i])
    T = np.zeros((p, p))
    for P in idx:
        both, total = 0, 0.0
        for Q in idx:
            wins = int((pos[:, P] < pos[:, Q]).sum())
            both = both + m if cumulative else m
            val = {"mc1": 0.0 if wins == m else 1 / p,
                   "mc2": 0.0 if wins > m / 2 else 1 / p,
                   "mc3": wins / (both * p),
                   "mc4": 0.0 if wins > m / 2 else 1 / p,
                   "mct": (both - wins) / (both * p)}[chain]
            if Q != P:
                T[P, Q] = val
                total += val
        T[P, P] = 1.0 - total
    return T


#: PyFLAGR prints its scores with six decimals
PRINTED = 5e-7 + 1e-12


def _pyflagr(orders, chain, alpha, tmp_path):
    """PyFLAGR's MC1-MC4 / MCT scores and order of full orders, one query: its input CSV is
    ``query, voter, item, rank, score, label`` (a field is read when the comma after it is);
    its output the aggregate list with each item's stationary probability, printed with six
    decimals (so it is known to +-5e-7: :data:`PRINTED`)."""
    MarkovChains = pytest.importorskip(
        "pyflagr.MarkovChains", reason="PyFLAGR (pyflagr) is not installed: no oracle")
    orders = np.asarray(orders)
    m, p = orders.shape
    path = tmp_path / "lists.csv"
    path.write_text("".join(f"1,V{j},I{f},{k + 1},{p - k},x\n"
                            for j, o in enumerate(orders) for k, f in enumerate(o)))
    cls = {"mc1": "MC1", "mc2": "MC2", "mc3": "MC3", "mc4": "MC4", "mct": "MCT"}[chain]
    method = getattr(MarkovChains, cls)(eval_pts=min(p, 10), ergodic_number=alpha,
                                        max_iterations=5000)
    out_dir = tmp_path / "out"
    out_dir.mkdir(exist_ok=True)
    df, _ = method.aggregate(input_file=str(path), out_dir=str(out_dir))
    assert len(df) == p, "PyFLAGR returned no aggregate list"
    scores = np.zeros(p)
    scores[[int(c[1:]) for c in df["ItemID"]]] = df["Score"].to_numpy()
    order = np.array([int(c[1:]) for c in df.sort_values("Rank")["ItemID"]])
    return scores, order


def _profiles(n, seed, odd=True):
    """Random full orders without ties: p in 4..30, 3..9 lists (odd, or any), with a common
    signal of random strength so that the chains have something to find."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        p = int(rng.integers(4, 31))
        m = int(rng.choice([3, 5, 7, 9])) if odd else int(rng.integers(2, 9))
        base = rng.normal(size=p) * rng.uniform(0, 2)
        yield np.array([np.argsort(-(base + rng.normal(size=p))) for _ in range(m)])


def _separated(s, gap=1e-6):
    """No two features' scores closer than ``gap`` (the order is then the scores')."""
    return np.diff(np.sort(s)).min() > gap


# alpha 0.125 and 0.25 are exact in the float32 through which PyFLAGR passes its "ergodic
# number"; its power iteration stops after max_iterations or at an unchanged state
@pytest.mark.parametrize("alpha", [0.125, 0.25])
def test_pyflagr_mc4_is_an_oracle(alpha, tmp_path):
    compared = 0
    for orders in _profiles(12, seed=12):
        s, order = _pyflagr(orders, "mc4", alpha, tmp_path)
        pi = markov_stationary(orders, chain="mc4", alpha=alpha)
        np.testing.assert_allclose(pi, s, atol=PRINTED, rtol=0)
        if _separated(pi):
            assert mc4(orders, alpha=alpha).tolist() == order.tolist()
            compared += 1
        else:       # features of equal score: PyFLAGR's order among them is its qsort's
            assert (np.diff(pi[order]) <= 1e-12).all()
    assert compared >= 6


@pytest.mark.parametrize("chain", CHAINS)
def test_pyflagr_is_its_transcription(chain, tmp_path):
    for orders in _profiles(6, seed=13, odd=False):
        s, _ = _pyflagr(orders, chain, 0.25, tmp_path)
        pos = ref_positions(orders)
        names = [f"I{i}" for i in range(pos.shape[1])]
        np.testing.assert_allclose(_solve(_flagr_transition(pos, chain, names=names), 0.25),
                                   s, atol=PRINTED, rtol=0)


def test_pyflagr_transcription_without_its_quirks_is_the_paper():
    # a running count of lists no more, a 1:1 vote not counted: FLAGR's MCT and MC4 are then
    # our (Dwork's) MC3 and MC4 on full lists; its MC3 is our MC3 of the reversed lists
    for orders in _profiles(6, seed=14):
        pos = ref_positions(orders)
        names = [f"I{i}" for i in range(pos.shape[1])]
        for theirs, ours, lists in [("mct", "mc3", orders), ("mct", "mct", orders),
                                    ("mc3", "mc3", orders[:, ::-1]), ("mc4", "mc4", orders)]:
            T = _flagr_transition(pos, theirs, names=names, cumulative=False)
            np.testing.assert_allclose(_solve(T, 0.25),
                                       markov_stationary(lists, chain=ours, alpha=0.25),
                                       atol=1e-12)
        # with the running count (as PyFLAGR runs) MCT is another chain
        T = _flagr_transition(pos, "mct", names=names)
        assert np.abs(_solve(T, 0.25) - markov_stationary(orders, chain="mct", alpha=0.25)
                      ).max() > 1e-4


def test_pyflagr_mc4_moves_on_a_tied_vote(tmp_path):
    # two lists [0, 1, 2], [1, 0, 2]: f0 and f1 tie 1:1. Dwork's MC4 (ours): f0 and f1 never
    # move, f2 moves to each with 1/3; pi = 1/12 + 3/4 pi T gives pi2 = 1/12 + 3/4 pi2 / 3,
    # pi2 = 1/9, pi0 = pi1 = 4/9. FLAGR's: f0 -> f1 and f1 -> f0 with 1/3 each as well;
    # f2 the same, so pi2 = 1/9 too and f0, f1 keep 4/9 each: the same scores here, while
    # the transition matrices differ (a tied vote moves in FLAGR's)
    orders = [[0, 1, 2], [1, 0, 2]]
    np.testing.assert_allclose(markov_stationary(orders, chain="mc4", alpha=0.25),
                               [4 / 9, 4 / 9, 1 / 9], rtol=1e-12)
    s, _ = _pyflagr(orders, "mc4", 0.25, tmp_path)
    np.testing.assert_allclose(s, [4 / 9, 4 / 9, 1 / 9], atol=PRINTED)
    pos = ref_positions(orders)
    assert _flagr_transition(pos, "mc4", names=["I0", "I1", "I2"])[0, 1] == pytest.approx(1 / 3)
    assert _ref_transition(pos.tolist(), "mc4")[0][1] == 0
