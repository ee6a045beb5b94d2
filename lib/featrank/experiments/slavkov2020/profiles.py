"""The settings of notebook 05 at each profile (``S = PROFILES[profile]``).

``smoke`` is what CI runs (``combined`` and one small real dataset, tiny CV, coarse sizes);
``quick`` takes minutes on 2 cores (all three synthetic datasets, few realisations, a handful
of real datasets); ``paper`` is the paper's protocol (10 x 10-fold CV, the delta(i) size
schedule, 100 realisations of R_theta, every available dataset of Table 1), of which the
committed store holds the part listed in the notebook's deviations table.
"""
from __future__ import annotations

from dataclasses import dataclass

from .protocol import LEARNERS, SYNTHETIC, THETAS

#: ``Profile.real`` meaning every dataset of Table 1 the catalogue finds here
ALL_REAL = "all available"


@dataclass(frozen=True)
class Profile:
    """One profile of notebook 05.

    Attributes
    ----------
    n_repeats, n_folds : int
        Repeated stratified k-fold CV of the curves (the paper: 10 x 10).
    sizes : str
        Size schedule (:func:`featrank.evaluate.parse_sizes`): ``"paper"`` is delta(i).
    thetas : tuple of float
        The noise levels of R_theta (Fig. 3, Table 3).
    n_noisy : int
        Realisations of R_theta per theta (the paper: 100).
    synthetic : tuple of str
        The synthetic datasets of Fig. 3.
    n_random : int
        Random orders of an expected curve. Each order gives two draws per size (its FFA and
        its RFA, pooled), so 54 orders match the standard error of the paper's 100.
    n_resamples : int
        CV training sets whose rankings the stability curve (Eq. 4) compares.
    learners : tuple of str
        The learners of the learner study (Figs. 5-6).
    real : tuple of str or str
        The real datasets of Table 1 to run, or :data:`ALL_REAL`.
    n_table3 : int
        Realisations of R_theta behind Table 3 (needs no curves).
    bias_check : tuple of str
        Datasets whose curves are also computed with rankings learnt inside the training
        folds (the second reading of the ranking protocol), at the profile's CV.
    single_pass : tuple of str
        Datasets whose in-fold curves are read at 1 x ``n_folds``-fold CV (the runs notebook
        04 stores in this notebook's store), not at the profile's CV.
    fig3_single : bool
        Also compute Fig. 3 at 1 x ``n_folds``-fold CV and every size (notebook 04's protocol
        for ``combined``), up to ``n_noisy`` realisations on every synthetic dataset, with
        ``n_gt_ties`` ground-truth orders whose ties are broken at random.
    n_gt_ties : int
        Those ground-truth orders.
    """
    n_repeats: int
    n_folds: int
    sizes: str
    thetas: tuple
    n_noisy: int
    synthetic: tuple
    n_random: int
    n_resamples: int
    learners: tuple
    real: tuple | str
    n_table3: int
    bias_check: tuple
    single_pass: tuple = ()
    fig3_single: bool = False
    n_gt_ties: int = 10

    def cv(self, seed: int = 0) -> dict:
        """The cross-validation and size schedule of the curves, as keyword arguments.

        >>> PROFILES["paper"].cv()
        {'n_repeats': 10, 'n_folds': 10, 'sizes': 'paper', 'seed': 0}
        """
        return dict(n_repeats=self.n_repeats, n_folds=self.n_folds, sizes=self.sizes,
                    seed=seed)


PROFILES = {
    "smoke": Profile(n_repeats=1, n_folds=3, sizes="coarse:8", thetas=(0.05, 0.2, 0.5, 1.0),
                     n_noisy=2, synthetic=("combined",), n_random=3, n_resamples=4,
                     learners=("nb", "knn", "svm", "tree"), real=("iris",), n_table3=100,
                     bias_check=()),
    "quick": Profile(n_repeats=1, n_folds=5, sizes="coarse:16", thetas=THETAS, n_noisy=3,
                     synthetic=("combined", "single", "pair"), n_random=5, n_resamples=10,
                     learners=LEARNERS, n_table3=100,
                     real=("breast-w", "heart", "iris", "sonar", "wine", "amlPrognosis"),
                     bias_check=("amlPrognosis", "sonar")),
    "paper": Profile(n_repeats=10, n_folds=10, sizes="paper", thetas=THETAS, n_noisy=100,
                     synthetic=SYNTHETIC, n_random=54, n_resamples=10, learners=LEARNERS,
                     real=ALL_REAL, n_table3=100,
                     bias_check=("amlPrognosis", "breast-w", "colon", "dlbcl", "leukemia",
                                 "prostate", "srbct"),
                     single_pass=("mll",), fig3_single=True),
}
