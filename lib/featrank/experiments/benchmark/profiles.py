"""Notebook 06's settings, one named profile each: ``S = PROFILES[profile]``.

``smoke`` runs in seconds (CI), ``quick`` in minutes (the committed profile), ``paper`` in
hours (every available dataset of the five papers' tables; stored and resumable).
"""
from __future__ import annotations

from dataclasses import dataclass

from .data import AGGREGATES, RANKERS, SYNTHETIC

#: the real datasets of the quick profile: twelve small ones of the papers' tables
QUICK_REAL = ("breast-cancer", "heart", "hepatitis", "iris", "wine", "sonar", "ionosphere",
              "vote", "labor", "lymphography", "glass", "diabetes")


@dataclass(frozen=True)
class Profile:
    """The settings of one run of notebook 06.

    Attributes
    ----------
    synthetic : tuple of str
        Synthetic datasets (names of ``data.SYNTHETIC``).
    real : tuple of str or None
        Real datasets; None = every available dataset of the five papers' tables.
    rankers : tuple of str
        Rankers and aggregates (names of ``data.RANKERS`` and ``data.AGGREGATES``).
    n_folds : int
        Stratified CV folds (the curves' splits and the training sets of the fold rankings).
    n_sizes : int
        At most this many subset sizes, spaced geometrically (``data.size_schedule``).
    n_random : int
        Random orders for the expected curve of a random ranking.
    n_samples : int
        Examples drawn from Slavkov's generators (Quevedo's keep the paper's 100).
    n_boot : int
        Bootstrap resamples of the datasets for the agreement intervals.
    retest_cv_seed : int
        The CV seed of the test–retest run (the first run's CV seed is the notebook's ``seed``).
    redundancy_copies : tuple of int
        Numbers of copies of each relevant feature in the section on redundant features.
    redundancy_seeds : int
        Problems drawn per number of copies there.
    """
    synthetic: tuple
    real: tuple | None
    rankers: tuple
    n_folds: int
    n_sizes: int
    n_random: int
    n_samples: int
    n_boot: int
    retest_cv_seed: int = 1
    redundancy_copies: tuple = (1, 3)
    redundancy_seeds: int = 10

    @property
    def grid(self) -> dict:
        """The keyword arguments of ``run.run_grid`` besides the datasets and rankers."""
        return dict(n_folds=self.n_folds, n_sizes=self.n_sizes, n_random=self.n_random,
                    n_samples=self.n_samples)


PROFILES = {
    # seconds: two synthetic and two small real datasets, ten rankers, tiny CV
    "smoke": Profile(synthetic=("slavkov-single", "quevedo-linear"), real=("iris", "wine"),
                     rankers=("IG", "ReliefF", "RForest", "SVM-RFE", "SPE", "RM", "Borda",
                              "K-First", "RRF", "Kemeny"),
                     n_folds=3, n_sizes=6, n_random=3, n_samples=200, n_boot=200,
                     redundancy_seeds=3),
    # minutes: every synthetic generator, 12 small real datasets, every ranker, 5-fold CV
    "quick": Profile(synthetic=tuple(SYNTHETIC), real=QUICK_REAL,
                     rankers=(*RANKERS, *AGGREGATES), n_folds=5, n_sizes=12, n_random=10,
                     n_samples=500, n_boot=1000),
    # hours: every available dataset of the five papers' tables, 10-fold CV (stored, resumable)
    "paper": Profile(synthetic=tuple(SYNTHETIC), real=None, rankers=(*RANKERS, *AGGREGATES),
                     n_folds=10, n_sizes=20, n_random=30, n_samples=1000, n_boot=2000),
}
