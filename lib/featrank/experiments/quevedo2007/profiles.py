"""The settings of notebook 01 at each profile: how many data sets per point, which slice of
each grid of Sec. 4.4, which C values, and the grids of the other figures.

The notebook reads ``S = PROFILES[profile]``. ``paper`` is the paper's protocol (Sec. 4.2-4.4
and 5: 30 data sets per single experiment, the full grids, C in {1e-2, 1, 1e2, 1e5}, sigma
from 1 to 3 in steps of 0.1 and d/sigma from 0.4 to 0.6 in steps of 0.01 for the
anti-correlated pairs, 200 data sets each); ``quick`` a slice of it in about ten minutes;
``smoke`` the smallest run that goes through every cell.

>>> PROFILES["paper"].reps, len(PROFILES["paper"].anti_ratios)
(30, 21)
>>> PROFILES["paper"].bias_points[0]["bias_scale"]
3.0
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .grids import C_GRID, PAPER_GRIDS, expand_grid


def frange(a: float, b: float, step: float) -> tuple:
    """``a, a + step, ..., b`` rounded to two decimals.

    >>> frange(0.4, 0.43, 0.01)
    (0.4, 0.41, 0.42, 0.43)
    """
    return tuple(round(float(v), 2) for v in np.arange(a, b + step / 2, step))


@dataclass(frozen=True)
class Profile:
    """One profile of notebook 01.

    Attributes
    ----------
    reps : int
        Data sets per point of the redundancy, irrelevant-variable, degree and Weston
        blocks (a single experiment is their median AUC-FR).
    k_reps : int
        Data sets per point of Fig. 1's choice of k.
    c_grid : tuple of float
        The C values RM and DM try; per point the best is kept (Sec. 4.3).
    ks : tuple of int
        The k values of Fig. 1.
    k_points, redundancy, irrelevant, degree : dict
        Grids ``{parameter: values}`` of Fig. 1 and of the blocks of Secs. 4.4.1-4.4.3.
    weston_n : tuple of int
        Sample sizes of Weston's nonlinear problem (Fig. 8).
    xor_r : tuple of int
        Orders of the XOR problems (Fig. 9); ``xor_reps`` data sets each.
    anti_sigmas, anti_ratios : tuple of float
        The sigma and d/sigma grids of Figs. 10-11; ``anti_sets`` data sets per pair.
    solver_points : dict
        The grid of the R2W2 solver check (a slice of the degree block).
    solver_reps : int
        Data sets per point of that check.
    """
    reps: int
    k_reps: int
    c_grid: tuple
    ks: tuple
    k_points: dict
    redundancy: dict
    irrelevant: dict
    degree: dict
    weston_n: tuple
    xor_r: tuple
    xor_reps: int
    anti_sigmas: tuple
    anti_ratios: tuple
    anti_sets: int
    solver_points: dict = field(default_factory=dict)
    solver_reps: int = 2

    @property
    def bias_points(self) -> list:
        """The degree block with independent terms three times larger (|b_j| in [3, 6]):
        the sensitivity of Figs. 6-7 to the law of the b_j, which the paper leaves open."""
        return [dict(p, bias_scale=3.0) for p in expand_grid(self.degree)]

    @property
    def r2w2_points(self) -> list:
        """The points of the check of Spider's R2W2 defaults: a quarter of the redundancy
        block's points."""
        return expand_grid(self.redundancy)[::4]

    @property
    def r2w2_reps(self) -> int:
        """Data sets per point of that check."""
        return min(self.reps, 10)


PROFILES = {
    "smoke": Profile(
        reps=2, k_reps=2, c_grid=(1.0,), ks=(1, 10, 30),
        k_points=dict(m=[50], n=[50], r=[5], d=[1, 2], eta=[0], sigma=[0.05]),
        redundancy=dict(m=[50], n=[50], r=[5], d=[1], eta=[0, 2], sigma=[0.05]),
        irrelevant=dict(m=[50, 100], n=[50], r=[5], d=[1], eta=[0], sigma=[0.05]),
        degree=dict(m=[50], n=[50], r=[5], d=[1, 2], eta=[0], sigma=[0.05]),
        weston_n=(20, 50), xor_r=(2, 3), xor_reps=3,
        anti_sigmas=(1.0, 2.0), anti_ratios=(0.40, 0.45, 0.50, 0.55, 0.60), anti_sets=30,
        solver_points=dict(m=[50], n=[50], r=[5], d=[1, 2], eta=[0], sigma=[0.05]),
        solver_reps=2),
    "quick": Profile(
        reps=5, k_reps=3, c_grid=(1e-2, 1.0, 1e2), ks=(1, 5, 10, 20, 30, 40, 50),
        k_points=dict(m=[50, 100], n=[100], r=[5, 10], d=[1, 2], eta=[0], sigma=[0.05]),
        redundancy=dict(m=[100], n=[100], r=[5], d=[1, 2], eta=[0, 1, 2, 3, 4], sigma=[0.05]),
        irrelevant=dict(m=[50, 100, 150, 200, 250], n=[100], r=[5], d=[1, 2], eta=[0],
                        sigma=[0.05]),
        degree=dict(m=[100], n=[100], r=[5], d=[1, 2, 3, 4], eta=[0], sigma=[0.05]),
        weston_n=(20, 50, 100), xor_r=(2, 3, 4, 5), xor_reps=5,
        anti_sigmas=(1.0, 2.0, 3.0), anti_ratios=frange(0.40, 0.60, 0.01), anti_sets=50,
        solver_points=dict(m=[100], n=[100], r=[5], d=[1, 2, 3, 4], eta=[0], sigma=[0.05]),
        solver_reps=3),
    "paper": Profile(
        reps=30, k_reps=30, c_grid=C_GRID, ks=(1, 5, 10, 20, 30, 40, 50),
        k_points=dict(PAPER_GRIDS["redundancy"], eta=[0, 1]),
        redundancy=PAPER_GRIDS["redundancy"], irrelevant=PAPER_GRIDS["irrelevant"],
        degree=PAPER_GRIDS["degree"],
        weston_n=(20, 30, 40, 50, 75, 100), xor_r=(2, 3, 4, 5), xor_reps=30,
        anti_sigmas=frange(1.0, 3.0, 0.1), anti_ratios=frange(0.40, 0.60, 0.01),
        anti_sets=200,
        solver_points=dict(m=[50], n=[100], r=[5, 10], d=[1, 2, 3, 4], eta=[0, 1],
                           sigma=[0.05]),
        solver_reps=3),
}
