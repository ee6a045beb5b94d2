"""Prati (2012): the settings of notebook 02 at each profile (``PROFILES[profile]``)."""
from __future__ import annotations

from dataclasses import dataclass

#: the quick profile's datasets: the 18 of the 39 with at most 60 features and 700 instances
QUICK_DATASETS = ("breast-cancer", "breast-w", "heart", "heart-c", "hepatitis", "labor",
                  "sonar", "sponge", "cylinder-bands", "ionosphere", "glass", "lymphography",
                  "autos", "australian", "lung-cancer", "promoters", "bridges-version1",
                  "horse-colic")

#: the tie-break investigation's datasets at ``paper``: four small ones, two where 1R ranks
#: worst among the base rankers in the stored run (promoters, breast-cancer), and two where it
#: does not (sponge, labor)
TIE_DATASETS = ("breast-cancer", "sponge", "labor", "promoters")

@dataclass(frozen=True)
class Profile:
    """The settings of one run of notebook 02.

    Attributes
    ----------
    datasets : tuple of str, or None
        The datasets of the curves (None: all 39 of the paper's Table I that are available).
    n_folds : int
        Folds of the stratified CV (the paper: 10).
    schedule : str
        Subset sizes of each performance curve: ``"all"`` = 1..p, as the paper.
    n_trials : int
        Random preference profiles of the Schulze check (SSD against strongest paths).
    tie_datasets : tuple of str
        The datasets of the tie-break investigation (every fold, every subset size, random
        tie-breaking of the base rankers' equal scores).
    tie_folds : int
        Folds of that investigation.
    """
    datasets: tuple | None
    n_folds: int
    schedule: str
    n_trials: int
    tie_datasets: tuple
    tie_folds: int


PROFILES = {
    # seconds: three small datasets, 5 folds
    "smoke": Profile(datasets=("labor", "heart", "sponge"), n_folds=5, schedule="all",
                     n_trials=100, tie_datasets=("labor",), tie_folds=5),
    # minutes: 18 of the 39 datasets, 10 folds
    "quick": Profile(datasets=QUICK_DATASETS, n_folds=10, schedule="all", n_trials=300,
                     tie_datasets=("labor", "sponge", "promoters"), tie_folds=10),
    # the paper: all 39 datasets, 10 folds, every subset size (hours; cached, resumable)
    "paper": Profile(datasets=None, n_folds=10, schedule="all", n_trials=1000,
                     tie_datasets=TIE_DATASETS, tie_folds=10),
}
