"""Experiments of Slavkov, Petković, Kocev & Džeroski (2018), "Quantitative score for
assessing the quality of feature rankings", Informatica 42(1), 43–52 (notebook 04).

The error curves are the stored tasks of :mod:`featrank.experiments.slavkov2020` (same
learner, same store, shared with notebook 05); this package turns them into the paper's
tables and judges them. Its roles:

- :mod:`.profiles` -- the notebook's settings per profile (``PROFILES``);
- :mod:`.tables` -- constants, the paper's reference values, Tables 1, 3 and 5;
- :mod:`.studies` -- the curves of the synthetic study and of the rankers (Sec. 4, 5);
- :mod:`.uncertainty` -- standard errors over CV folds and over realisations;
- :mod:`.fig3` -- Fig. 3's tests (Friedman, Nemenyi, Holm, Wilcoxon);
- :mod:`.tasks` -- the stored task of the Table 5 investigation (``variant_curves``);
- :mod:`.scale` -- why our UCI values of Table 5 are smaller than the paper's;
- :mod:`.averaging` -- Table 3's ECA of mean curves against the mean of ECAs;
- :mod:`.conventions` -- Table 3 under the two readings of R_θ (uniform, random rank);
- :mod:`.summary` -- the reproduction summary on the rule book.

The names notebooks and tests use are re-exported here (``from featrank.experiments import
slavkov2018 as E; E.table3``).
"""
from __future__ import annotations

from .averaging import averaging_table
from .conventions import (RANDOM_RANK, RTHETA_READINGS, UNIFORM, random_rank_distances,
                          random_rank_study, readings_table)
from .fig3 import better_than, fig3_tests, nemenyi_cd_of, significance, wilcoxon_pairs
from .profiles import PROFILES, Profile
from .scale import (EXPLAINS, eca_cells, majority_bound, rf_inversion, scale_table,
                    variant_study, with_cells, with_nominal)
from .studies import ranker_study, synthetic_study, table4_datasets
from .tables import (METHOD_RANKERS, METHODS, MICROARRAYS, NOTEBOOK, SCALE_METHODS,
                     TABLE4_DATASETS, THETAS, WEIGHTING_LABELS, WEIGHTINGS, agreement,
                     agreement_table, paper_table, side_by_side, table1, table3, table5)
from .tasks import variant_curves
from .uncertainty import (curve_heights, fold_eca, realisation_distances, table1_folds,
                          table1_se, table3_se, table5_se)

__all__ = [
    "EXPLAINS", "METHODS", "RANDOM_RANK", "RTHETA_READINGS", "UNIFORM", "METHOD_RANKERS", "MICROARRAYS", "NOTEBOOK", "PROFILES",
    "Profile", "SCALE_METHODS", "TABLE4_DATASETS", "THETAS", "WEIGHTINGS", "WEIGHTING_LABELS",
    "agreement", "agreement_table", "averaging_table", "better_than", "curve_heights",
    "eca_cells", "fig3_tests", "fold_eca", "nemenyi_cd_of", "paper_table", "random_rank_distances",
    "random_rank_study", "ranker_study", "readings_table",
    "realisation_distances", "majority_bound", "rf_inversion", "scale_table",
    "side_by_side", "significance",
    "synthetic_study", "table1", "table1_folds", "table1_se", "table3", "table3_se",
    "table4_datasets", "table5", "table5_se", "variant_curves", "variant_study", "wilcoxon_pairs", "with_cells",
    "with_nominal",
]
