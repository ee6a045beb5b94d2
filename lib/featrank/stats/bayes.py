"""The Bayesian signed-rank test of two methods over several datasets (Benavoli, Corani,
Demšar & Zaffalon 2017, "Time for a change", JMLR 18(77), Sec. 5), as baycomp's
``SignedRankTest`` computes it, with numpy only."""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

#: at most this many floats per block of posterior samples (bounds the memory)
_BLOCK = 1 << 21


class SignedRankPosterior(NamedTuple):
    """Posterior probabilities of the Bayesian signed-rank test, in baycomp's order: the
    first method practically better (left), practically equivalent (rope), the second
    practically better (right)."""
    p_left: float
    p_rope: float
    p_right: float


def bayesian_signed_rank(x, y, rope: float, *, prior: float = 0.5, n_samples: int = 50_000,
                         random_state=0) -> SignedRankPosterior:
    """Bayesian signed-rank test (Benavoli et al. 2017, Sec. 5; baycomp's ``SignedRankTest``).

    The differences ``z_i = y_i - x_i`` over the datasets get a Dirichlet-process posterior
    whose prior is a pseudo-observation at ``z_0 = 0`` of weight ``prior``: a posterior draw
    is a weight vector ``w ~ Dirichlet(prior, 1, ..., 1)`` on ``(z_0, z_1, ..., z_n)``. Each
    draw gives the probabilities that a Walsh average ``(z_i + z_j) / 2`` (``i, j`` over every
    ordered pair, ``i = j`` included) lies left of, inside or right of the rope
    ``[-rope, rope]``: ``theta_left = sum_ij w_i w_j [z_i + z_j < -2 rope]``, likewise
    ``theta_right`` (a Walsh average exactly on a rope edge counts half), and
    ``theta_rope = 1 - theta_left - theta_right``. The test reports, as baycomp does, the
    fraction of ``n_samples`` draws in which each of the three is the largest.

    Parameters
    ----------
    x, y : array-like, shape (n_datasets,)
        The scores of the two methods, one per dataset (averages over folds, say); paired.
    rope : float >= 0
        Half-width of the region of practical equivalence, in score units. With ``rope = 0``
        there is no rope: ``p_rope`` is 0 and ``p_left + p_right = 1`` (baycomp's
        ``SignedRankTest.probs`` then returns just ``(p_left, p_right)``).
    prior : float >= 0, default 0.5
        Weight of the pseudo-observation at 0 (baycomp's default); 0 drops it (the Bayesian
        bootstrap of the Walsh averages).
    n_samples : int, default 50000
        Number of posterior draws.
    random_state : int or numpy Generator, default 0
        Seed of ``numpy.random.default_rng``: the result is deterministic.

    Returns
    -------
    SignedRankPosterior
        ``(p_left, p_rope, p_right)``, summing to 1, in baycomp's order and convention:
        **left means the first argument is larger** (``y - x < -rope``: ``x`` is practically
        better when higher scores are better), right that ``y`` is larger. A draw in which
        two regions tie for the largest counts half to each (baycomp gives it to the first).

    Examples
    --------
    Demšar's (2006) Table 2: AUC of C4.5 and of C4.5 with tuned m; 0.01 AUC is a practical
    difference:

    >>> c45 = [.763, .599, .954, .628, .882, .936, .661, .583, .775, 1., .940, .619, .972, .957]
    >>> c45m = [.768, .591, .971, .661, .888, .931, .668, .583, .838, 1., .962, .666, .981, .978]
    >>> p = bayesian_signed_rank(c45, c45m, rope=0.01)
    >>> [round(v, 2) for v in p]
    [0.0, 0.33, 0.67]
    >>> bayesian_signed_rank(c45m, c45, rope=0.01) == (p.p_right, p.p_rope, p.p_left)
    True
    """
    x, y = (np.asarray(v, dtype=float) for v in (x, y))
    if x.ndim != 1 or x.shape != y.shape or x.size == 0:
        raise ValueError(f"x and y must be 1-D of the same length >= 1, got {x.shape}, {y.shape}")
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("x and y must be finite (no NaN)")
    if not (np.isfinite(rope) and rope >= 0):
        raise ValueError(f"rope must be a finite number >= 0, got {rope!r}")
    if not (np.isfinite(prior) and prior >= 0):
        raise ValueError(f"prior must be a finite number >= 0, got {prior!r}")
    if int(n_samples) != n_samples or n_samples < 1:
        raise ValueError(f"n_samples must be a positive integer, got {n_samples!r}")
    z = np.concatenate(([0.0], y - x)) if prior > 0 else y - x
    alpha = np.ones(z.size)
    if prior > 0:
        alpha[0] = prior
    sums = z[:, None] + z[None, :]
    below, above = _step(-sums - 2 * rope), _step(sums - 2 * rope)
    rng = np.random.default_rng(random_state)
    wins, block = np.zeros(3), max(1, _BLOCK // z.size)
    for start in range(0, int(n_samples), block):
        w = rng.dirichlet(alpha, size=min(block, int(n_samples) - start))
        left, right = (((w @ m) * w).sum(axis=1) for m in (below, above))
        theta = np.column_stack([left, 1.0 - left - right, right])
        best = theta == theta.max(axis=1, keepdims=True)
        wins += (best / best.sum(axis=1, keepdims=True)).sum(axis=0)
    p_left, p_rope, p_right = (wins / int(n_samples)).tolist()
    return SignedRankPosterior(p_left, p_rope, p_right)


def _step(a):
    """Heaviside's step with the value 1/2 at 0 (baycomp's ``heaviside``)."""
    return (a > 0) + 0.5 * (a == 0)
