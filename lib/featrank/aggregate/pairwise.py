"""Pairwise (Condorcet-type) aggregation: Prati's sequential Condorcet winners, Copeland
(Izetta's "Condorcet"), and Schulze (Schwartz sequential dropping / strongest paths).

All start from the pairwise count matrix ``N[x, y]`` = number of lists ranking feature ``x``
strictly above feature ``y`` (:mod:`.paircounts`). Copeland and Condorcet are here; the
Schulze family, whose strongest paths are computed level by level over the few values of
``N`` (see :func:`schulze`), is in :mod:`.schulze_method`, and importable from here too.
"""
from __future__ import annotations

import numpy as np

from ._profile import finish_order, positions, profile_doc
from .paircounts import _BLOCK, _counts, _margins, pairwise_counts, pairwise_margins  # noqa: F401
from .schulze_method import (STRENGTH, _links, schulze, schulze_ssd,  # noqa: F401
                             schulze_wins, ssd_winners, strongest_paths)


@profile_doc("""
    >>> copeland(orders).tolist()
    [0, 1, 2, 3]""")
def copeland(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Copeland's method, Izetta 2017 Sec. 2.2.1 ("Condorcet"): features by decreasing
    number of pairwise wins minus defeats (``x`` wins against ``y`` when more lists rank it
    above ``y`` than the reverse); ties broken by the mean relative rank (Borda).
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    d = _margins(_counts(pos))
    score = np.empty(d.shape[0], dtype=np.int64)
    for start in range(0, d.shape[0], 4 * _BLOCK):
        blk = d[start:start + 4 * _BLOCK]
        score[start:start + len(blk)] = (blk > 0).sum(axis=1) - (blk < 0).sum(axis=1)
    return finish_order((-score, pos.sum(axis=0)), random_state)


@profile_doc("""
    >>> condorcet(orders).tolist()
    [0, 1, 2, 3]""")
def condorcet(orders=None, *, ranks=None, n_features=None, random_state=None) -> np.ndarray:
    """Sequential Condorcet winners (Prati 2012, Sec. IV "CD").

    Wins are tallied pairwise over all lists; the feature that beats every other remaining
    feature (the Condorcet winner) is ranked next and removed, and so on. When no single
    Condorcet winner exists, the "winners" are read as the remaining features with the most
    pairwise victories over the other remaining ones (the Condorcet winner when there is one),
    and one of them is chosen: at random with ``random_state`` (Prati: "a random tie break
    among winners"), else the lowest index.

    Victory counts are updated in O(p) per step (one column of the beats matrix), so the
    whole order costs O(p^2) after the pairwise counts.
    """
    pos = positions(orders, ranks=ranks, n_features=n_features)
    N = _counts(pos)
    p = N.shape[0]
    beaten_by = np.empty((p, p), dtype=bool)  # beaten_by[w, x]: x beats w
    for start in range(0, p, 4 * _BLOCK):
        stop = min(p, start + 4 * _BLOCK)
        np.greater(N[:, start:stop].T, N[start:stop], out=beaten_by[start:stop])
    del N
    victories = beaten_by.sum(axis=0).astype(np.int64)  # x's wins over all others
    rng = np.random.default_rng(random_state) if random_state is not None else None
    order = np.empty(p, dtype=np.intp)
    removed = -2 * p - 1  # stays below every live count after up to p decrements
    for step in range(p):
        best = victories.max()
        if rng is None:
            w = int(np.argmax(victories))
        else:
            tied = np.flatnonzero(victories == best)
            w = int(tied[rng.integers(tied.size)]) if tied.size > 1 else int(tied[0])
        order[step] = w
        victories -= beaten_by[w]
        victories[w] = removed
    return order
