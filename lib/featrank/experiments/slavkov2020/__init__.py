"""Experiments of Slavkov, Petković, Geurts, Kocev & Džeroski (2020), "Error curves for
evaluating the quality of feature rankings" (notebook 05; notebook 04 reuses its tasks).

Roles:

* :mod:`.protocol` -- the paper's constants and the building blocks (datasets, rankers with
  the paper's settings, size schedule, the seeded CV of the curves, R_theta);
* :mod:`.tasks` -- the stored tasks (rankings, the rankers' curves, the curves of R_theta
  and of random orders);
* :mod:`.curves` -- curves averaged over stored tasks (expected curve, Fig. 3's family, the
  rankers' grid, stability) and what the store holds of them;
* :mod:`.measures` -- measures of curves needing no learner (heights, separation, ...);
* :mod:`.table3` -- Table 3 and its conventions;
* :mod:`.profiles` -- the notebook's settings per profile (``PROFILES``);
* :mod:`.run` -- the paper run in a resumable order;
* :mod:`.summary` -- the reproduction summary, on the rule book.

Protocol: a ranking's FFA/RFA curves (Algorithm 1) are estimated by repeated stratified
10-fold CV of the learner (Weka's SMO, quadratic kernel, C = 0.1, unless the learner study
asks for another) on the nested subsets, every ranking of a dataset on the same folds. The
paper does not say whether a ranking was learnt on the whole dataset or inside each training
fold: ``fit_on="full"`` does the first, ``fit_on="train"`` the second (both are readings of
the notebook's claims). The names below are re-exported so that
``from featrank.experiments import slavkov2020 as E; E.name`` works for every public name of
the submodules.
"""
from __future__ import annotations

from .curves import (all_ranker_curves, cached_ranking, expected_curves,  # noqa: F401
                     family_means, random_rank_family, resample_orders, stability,
                     stored_realisations, stored_tie_breaks, theta_curves, theta_family,
                     theta_realisations, tie_broken_gt)
from .measures import (BAD, GOOD, assessment_table, average_curves,  # noqa: F401
                       curve_heights, fig3_step_tests, is_monotone, learner_separation,
                       roughness, separation_tests, split_means, theta_heights,
                       top_feature_agreement)
from .profiles import ALL_REAL, PROFILES, Profile  # noqa: F401
from .protocol import (CACHE, LEARNER_LABELS, LEARNERS, NOTEBOOK, RANKERS,  # noqa: F401
                       RANKINGS, SYNTHETIC, TABLE1, THETAS, curves_of_order, cv_seed,
                       cv_splitter, load_dataset, make_ranker, noisy_order,
                       noisy_relevance_set, nominal_mask, resolve_sizes,
                       tie_broken_gt_order)
from .table3 import (PAPER_TABLE3, random_rank_order,  # noqa: F401
                     random_rank_relevance_set, table3, table3_conventions)
from .tasks import (gt_tie_curves, noisy_curves, random_curve, random_rank_curves,  # noqa: F401
                    rank_features, rank_on_split, ranker_curves)
