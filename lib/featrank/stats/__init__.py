"""Statistical comparison of methods over several datasets: mean-rank tests (Demšar 2006),
pairwise tests with Holm's correction, Bayesian and resampling tests.

Every public name is importable from here (``from featrank.stats import friedman``):

- :mod:`.meanrank` -- Friedman + Iman-Davenport, Nemenyi (its CD and the cliques a CD
  diagram draws), Holm's test of every method against a control (Demšar 2006, Sec. 3.2.2),
  Holm's adjusted p-values.
- :mod:`.pairwise` -- Wilcoxon signed-rank tests of every pair with Holm's correction, whose
  verdict on a pair does not depend on the other methods (Benavoli, Corani & Mangili 2016),
  and the cliques of a CD diagram drawn from any table of p-values.
- :mod:`.bayes` -- the Bayesian signed-rank test of two methods over several datasets
  (Benavoli, Corani, Demšar & Zaffalon 2017), as baycomp computes it.
- :mod:`.resampling` -- the corrected resampled t-test of two methods on one dataset
  (Nadeau & Bengio 2003).
- :mod:`.power` -- what a test could have seen: minimal detectable effects (normal, t,
  Nemenyi, signed-rank) and two one-sided tests of equivalence (Schuirmann 1987).
"""
from .bayes import SignedRankPosterior, bayesian_signed_rank
from .describe import mean_se
from .meanrank import (FriedmanResult, average_ranks, cliques, friedman, holm_adjust,
                       holm_vs_control, nemenyi, nemenyi_cd, nemenyi_pairs, nemenyi_q, rank_se,
                       rank_table)
from .pairwise import cliques_from_pvalues, wilcoxon_holm
from .power import (Equivalence, equivalence_interval, mde, mde_nemenyi, mde_wilcoxon,
                    simulated_power, smallest_margin, wilcoxon_min_p)
from .resampling import (CorrectedInterval, CorrectedTTestResult, corrected_interval,
                         corrected_resampled_ttest)

__all__ = ["CorrectedInterval", "CorrectedTTestResult", "corrected_interval", "FriedmanResult", "SignedRankPosterior", "average_ranks",
           "bayesian_signed_rank", "cliques", "cliques_from_pvalues",
           "corrected_resampled_ttest", "friedman", "holm_adjust", "holm_vs_control",
           "nemenyi", "nemenyi_cd", "nemenyi_pairs", "nemenyi_q", "rank_se", "rank_table",
           "wilcoxon_holm", "mean_se", "Equivalence", "equivalence_interval", "mde", "mde_nemenyi",
           "mde_wilcoxon", "simulated_power", "smallest_margin", "wilcoxon_min_p"]
