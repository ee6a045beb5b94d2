"""The cross-paper benchmark (notebook 06): every ranker, every evaluation, every dataset.

Roles: :mod:`.profiles` (the settings, ``PROFILES[profile]``), :mod:`.data` (datasets,
rankings, splits), :mod:`.tasks` (the stored tasks), :mod:`.run` (the grid and its run),
:mod:`.evaluations` (every evaluation of one ranking, the long table, Friedman and Wilcoxon
per evaluation), :mod:`.agreement` (do the evaluations agree, with themselves under another
CV seed and with the ground truth), :mod:`.figures`, :mod:`.redundancy` (are the aggregators
robust to redundant features?) and :mod:`.summary` (the reproduction summary, on the rule
book). ``from featrank.experiments import benchmark as B; B.name`` reaches every public name.
"""
from ..._lazy import lazy_exports
from .data import (AGGREGATE_BASE, AGGREGATES, BINARY_ONLY, GROUND_TRUTH, LEARNER_LABELS,
                   LEARNERS, LOWER_IS_BETTER, MAX_CELLS, NO_MISSING, NOTEBOOK, NUMERIC_ONLY,
                   PAPER_AGGREGATES, RANKERS, SYNTHETIC, WEIGHTINGS, aggregate_orders, applies,
                   base_rankings, cv_splits, dataset_shape, ground_truth_relevance,
                   load_dataset, paper_datasets, rank_features, size_schedule)
from .profiles import PROFILES, QUICK_REAL, Profile
from .run import grid_tasks, run_grid, stored_datasets
from .tasks import random_task, ranker_task

_API = {
    **dict.fromkeys(("NOGUEIRA_TOP", "PROTOCOL", "evaluate_ranking", "evaluation_names", "evaluation_table",
                     "friedman_table", "gt_distance", "higher_is_better", "holm_family",
                     "learner_evaluations", "nogueira", "nogueira_table", "protocol_names",
                     "ranker_order", "results_table", "score_matrix", "stability_score",
                     "top_k", "wilcoxon_summary", "wilcoxon_tables"), "evaluations"),
    **dict.fromkeys(("agreement_block", "bca", "corrected_group_agreement",
                     "ground_truth_recovery", "group_agreement", "kendall_w", "pair_row",
                     "retest", "spearman_matrix"), "agreement"),
    **dict.fromkeys(("cd_grid", "plot_agreement", "plot_recovery", "plot_redundancy",
                     "wilcoxon_grid"),
                    "figures"),
    **dict.fromkeys(("redundancy_effect", "redundancy_summary"), "redundancy"),
    **dict.fromkeys(("AGREE_RHO", "findings_text", "summary_rows"), "summary"),
}
__getattr__, _lazy_dir = lazy_exports(__name__, _API)


def __dir__():
    return sorted(set(globals()) | set(_lazy_dir()))
