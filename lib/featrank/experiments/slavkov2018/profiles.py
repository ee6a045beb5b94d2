"""The settings of notebook 04 per profile, as frozen objects: ``S = PROFILES[profile]``.

``smoke`` is what CI runs (seconds), ``quick`` a few minutes on two cores, ``paper`` the
paper's protocol on every available dataset of Table 4 (the committed outputs; hours, every
result stored and resumable).

>>> PROFILES["paper"].n_noisy, PROFILES["paper"].syn
(100, {'n_repeats': 1, 'n_folds': 10, 'sizes': 'all'})
>>> PROFILES["paper"].n_random_rank
10
>>> PROFILES["quick"].datasets_filter
{'max_samples': 2000}
"""
from __future__ import annotations

from dataclasses import dataclass

from .tables import THETAS


@dataclass(frozen=True)
class Profile:
    """Settings of one run of notebook 04.

    Attributes
    ----------
    syn_folds, syn_sizes : int, str
        CV folds and subset sizes of the curves on the synthetic ``combined`` data (Tables 1
        and 3, Fig. 2): ``"all"`` is every size 1..p (the ECA averages over the evaluated
        sizes, so Table 3 needs the paper's grid); ``"coarse:K"`` about K sizes.
    thetas : tuple of float
        The noise levels θ of R_θ (Table 3).
    n_noisy : int
        Realisations of R_θ per θ (the paper: 100).
    n_random_rank : int
        Realisations of R_θ per θ under the second convention, *random rank* (each drawn
        feature takes the relevance of a uniformly random feature): Table 3's second reading.
        At ``paper`` a stated reduction from the paper's 100 to 10 (its standard errors show
        the cost).
    real_folds, real_sizes : int, str
        CV folds and subset sizes on the datasets of Table 4 (Table 5): ``"paper"`` is the
        δ(i) schedule of Slavkov et al. (2020).
    datasets : tuple of str or None
        The datasets of Table 4 to run (our names); None: every available one.
    max_samples : int or None
        With ``datasets`` None, keep only datasets with at most this many instances.
    n_random : int
        Random rankings behind an explicit expected curve (the w = 1 shortcut check).
    c_one_datasets : tuple of str or None
        The UCI datasets of the investigation's C = 1 variant (C = 1 makes the SVM slow on the
        many-class and the nominal datasets); None: every UCI dataset run.
    """
    syn_folds: int
    syn_sizes: str
    thetas: tuple
    n_noisy: int
    real_folds: int
    real_sizes: str
    datasets: tuple | None
    max_samples: int | None
    n_random: int
    c_one_datasets: tuple | None = None
    n_random_rank: int = 2
    #: one CV repetition everywhere (the paper's 10-fold CV, Secs. 4.2 and 5.2)
    n_repeats: int = 1

    @property
    def syn(self) -> dict:
        """The CV and sizes of the synthetic curves as keyword arguments."""
        return dict(n_repeats=self.n_repeats, n_folds=self.syn_folds, sizes=self.syn_sizes)

    @property
    def real(self) -> dict:
        """The CV and sizes of the curves of Table 5 as keyword arguments."""
        return dict(n_repeats=self.n_repeats, n_folds=self.real_folds, sizes=self.real_sizes)

    @property
    def datasets_filter(self) -> dict | None:
        """Keyword arguments of :func:`.studies.table4_datasets` (None: no size filter)."""
        return None if self.max_samples is None else dict(max_samples=self.max_samples)


PROFILES = {
    # CI: R_θ for 4 θ × 4 realisations (2 under random rank), 3-fold CV, 8 sizes; Table 5 on
    # 3 small sets
    "smoke": Profile(syn_folds=3, syn_sizes="coarse:8", thetas=(0.05, 0.2, 0.5, 1.0),
                     n_noisy=4, real_folds=3, real_sizes="coarse:8",
                     datasets=("breast-w", "heart", "breast-cancer"), max_samples=None,
                     n_random=3, n_random_rank=2),
    # minutes: every θ with 8 realisations (4 under random rank), 3-fold CV at every size;
    # Table 5 at the paper's protocol on every available dataset with n <= 2000 (chess and
    # waveform only at paper)
    "quick": Profile(syn_folds=3, syn_sizes="all", thetas=THETAS, n_noisy=8, real_folds=10,
                     real_sizes="paper", datasets=None, max_samples=2000, n_random=10,
                     c_one_datasets=("australian", "breast-w", "heart", "sonar",
                                     "tic-tac-toe"), n_random_rank=4),
    # the paper: 100 realisations (10 under random rank: a stated reduction) and random
    # rankings, 10-fold CV, every size on the synthetic data and the δ(i) schedule on the
    # real ones, every available dataset
    "paper": Profile(syn_folds=10, syn_sizes="all", thetas=THETAS, n_noisy=100, real_folds=10,
                     real_sizes="paper", datasets=None, max_samples=None, n_random=100,
                     n_random_rank=10),
}
