"""Experiments of Prati (2012), "Combining feature ranking algorithms through rank
aggregation" (notebook 02, doi:10.1109/IJCNN.2012.6252467).

Roles, one module each, their public names re-exported here:

* :mod:`.profiles` -- the notebook's settings per profile (``PROFILES``);
* :mod:`.protocol` -- Sec. V: methods, learners, measures, the rankings of a training fold,
  the folds, the performance curves;
* :mod:`.tasks` -- the stored tasks: ``run_fold`` (one dataset, one fold), ``tie_break_fold``
  (the same with random tie-breaking of the base rankers) and ``dataset_summary`` (Table I);
* :mod:`.run` -- the resumable grids of those tasks;
* :mod:`.analysis` -- Sec. VI: block ranks, Friedman + Nemenyi under each reading of the
  blocks, Wilcoxon-Holm beside them;
* :mod:`.summary` -- the paper's claims (declared in ``claims.toml``) against ours, on the
  rule book, and the open choices of its specification curve.
"""
from .analysis import (FIGURE_READING, GROUPS, LABELS, READINGS, block_ranks,  # noqa: F401
                       dataset_learner_ranks, fold_areas, friedman_groups, group_ranks,
                       head_to_head, label, mean_areas, per_dataset_variants, span_needed,
                       table1, wilcoxon_groups)
from .profiles import PROFILES, QUICK_DATASETS, Profile  # noqa: F401
from .protocol import (AGGREGATES, BASE, EXTRAS, HIGHER_IS_BETTER, KNOWN_EXTRAS,  # noqa: F401
                       LEARNERS, MC4_DIRECTION, MEASURES, METHODS, NOTEBOOK, PAPER_MAJORITY,
                       aggregate_orders, base_orders, base_scores, curve_sizes, fold_curves,
                       fold_splits, orders_from_scores)
from .run import run_grid, tie_break_grid  # noqa: F401
from .summary import (DECLARED, LEARNER_KEYS, MEASURE_KEYS, PAPER_N_DATASETS,  # noqa: F401
                      SUMMARY_COLUMNS, equivalence_of_pairs, extra_specifications,
                      reproduction_summary, rows_changed_by_reading)
from .tasks import dataset_summary, run_fold, tie_break_fold, tie_table  # noqa: F401
