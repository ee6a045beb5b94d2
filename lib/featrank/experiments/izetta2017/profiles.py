"""Izetta 2017: the settings of notebook 03 at each profile (``S = PROFILES[profile]``).

``paper`` is the protocol of the paper's Sec. 3.1 as we read it (100 random 75/25 splits,
every subset size, C of the evaluation SVM by 5-fold CV at every size); it cannot run here
(about 4,000 CPU hours). ``reduced``, the committed profile, keeps its splits, datasets, C
grid and CV, and departs in two places: C is chosen once per split, on all features of the
training part, and the curves have 20 geometric sizes (plus 10, 20 and the true number of
relevant features). ``quick`` and ``smoke`` are fast checks with a single C.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CChoice:
    """The small experiment comparing the two places to choose C (:mod:`.c_choice`)."""
    dataset: str
    methods: tuple
    n_splits: int
    sizes: str
    C_grid: tuple


@dataclass(frozen=True)
class CombineTiming:
    """Fig. 7's combination step timed alone on Artificial-1-8C's 28 OVO lists
    (:func:`~.timing.combination_timing`)."""
    n_noise_grid: tuple
    n_samples: int
    repeats: int


@dataclass(frozen=True)
class ColumnCheck:
    """The column-order check (:mod:`.column_order`): the datasets re-ranked with shuffled
    columns, on their first ``n_splits`` splits."""
    datasets: tuple
    n_splits: int


@dataclass(frozen=True)
class Profile:
    """One profile of notebook 03.

    Attributes
    ----------
    n_splits : random 75/25 splits per dataset (paper 100).
    n_samples : points per artificial dataset (paper 3000).
    sizes : the subset-size grid of the error curves (``"all"``, ``"coarse:K"``).
    C_grid : the evaluation SVM's C values (one value: no CV). The paper gives no grid: it
        says only that C was chosen by 5-fold CV; this grid is ours.
    C_at : where C is chosen: ``"size"`` (at every subset size) or ``"split"`` (once per split).
    fig1, fig2, fig3, fig4, tables, real : the datasets of each figure and table.
    fig1_k : Fig. 1's values of K-First's k (fractions of p).
    timing_noise, timing_samples, timing_base : Fig. 7's grids (noise features, samples) and
        the fixed (noise features, samples) of the other axis.
    creading, combine_timing, column_check : the three investigations' settings.
    """
    n_splits: int
    n_samples: int
    sizes: str
    C_grid: tuple
    C_at: str
    fig1: tuple
    fig1_k: tuple
    fig2: tuple
    fig3: tuple
    fig4: tuple
    tables: tuple
    real: tuple
    timing_noise: tuple
    timing_samples: tuple
    timing_base: tuple
    creading: CChoice
    combine_timing: CombineTiming
    column_check: ColumnCheck = field(default_factory=lambda: ColumnCheck((), 0))

    def replace(self, **changes) -> "Profile":
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)


_ARTIFICIAL = dict(
    fig1=("artificial3-3c", "artificial3-8c", "artificial1-16c", "artificial2-8c"),
    fig1_k=(0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
    fig2=("artificial1-8c", "artificial2-8c"), fig3=("artificial1-8c", "artificial2-8c"),
    fig4=("artificial1-3c", "artificial1-4c", "artificial1-5c", "artificial1-16c",
          "artificial3-3c", "artificial3-8c"),
    tables=("artificial1-8c", "artificial2-8c", "artificial3-8c"),
    real=("Libras", "Robot1", "Robot3", "Robot4", "Robot5", "Multi-F"))
_TABLES = ("artificial1-8c", "artificial2-8c", "artificial3-8c")

PAPER = Profile(
    n_splits=100, n_samples=3000, sizes="all", C_grid=(0.01, 0.1, 1.0, 10.0), C_at="size",
    **_ARTIFICIAL,
    timing_noise=(50, 100, 200, 500, 1000, 2000), timing_samples=(300, 600, 1200, 3000),
    timing_base=(500, 3000),
    creading=CChoice("artificial1-8c", ("K-First", "Av-SD"), 3, "coarse:20",
                     (0.01, 0.1, 1.0, 10.0)),
    combine_timing=CombineTiming((100, 200, 500, 1000, 2000, 4000), 3000, 5),
    column_check=ColumnCheck(_TABLES, 8))

PROFILES = {
    "smoke": Profile(
        n_splits=1, n_samples=600, sizes="coarse:7", C_grid=(0.1,), C_at="size",
        fig1=("artificial2-8c", "artificial3-3c"), fig1_k=(0.02, 0.1, 0.5, 1.0),
        fig2=("artificial2-8c",), fig3=("artificial1-8c",),
        fig4=("artificial1-3c", "artificial1-4c", "artificial3-3c"), tables=_TABLES,
        real=("Robot1", "Robot4"), timing_noise=(50, 200), timing_samples=(300, 600),
        timing_base=(200, 600),
        creading=CChoice("artificial2-8c", ("K-First",), 1, "coarse:5", (0.01, 1.0)),
        combine_timing=CombineTiming((50, 100, 200), 600, 2),
        column_check=ColumnCheck(("artificial1-8c",), 1)),
    "quick": Profile(
        n_splits=3, n_samples=3000, sizes="coarse:10", C_grid=(0.1,), C_at="size",
        **_ARTIFICIAL,
        timing_noise=(50, 100, 200, 500), timing_samples=(300, 600, 1200),
        timing_base=(500, 1200),
        creading=CChoice("artificial1-8c", ("K-First",), 1, "coarse:8", (0.01, 0.1, 1.0, 10.0)),
        combine_timing=CombineTiming((100, 200, 500, 1000, 2000), 1200, 5),
        column_check=ColumnCheck(("artificial1-8c",), 2)),
    "paper": PAPER,
    "reduced": PAPER.replace(sizes="coarse:20", C_at="split"),
}
#: the profiles whose runs take hours: computed by :func:`~.run.fill`, rendered from the store
LONG_PROFILES = ("paper", "reduced")
