"""Experiments of Izetta, Verdes & Granitto (2017), "Improved multiclass feature selection
via list combination" (notebook 03; doi:10.1016/j.eswa.2017.06.043).

Roles of the modules (their public names are re-exported here, lazily, so that
``from featrank.experiments import izetta2017 as E; E.name`` works for all of them):

- :mod:`.profiles` -- the notebook's settings per profile (:data:`PROFILES`);
- :mod:`.protocol` -- the paper's protocol: data, splits, the combiners' orders, the
  evaluation SVM's error curves;
- :mod:`.tasks` -- every stored task (``@task("izetta2017.<name>")``);
- :mod:`.figures` -- the stored tasks of each figure and table, gathered;
- :mod:`.run` -- :func:`per_split` / :func:`once` (all the notebook reads) and the resumable
  long run (:func:`fill`, :func:`stored_splits`);
- :mod:`.tables` -- mean curves, rank statistics of feature groups, win counts;
- investigations: :mod:`.q3sd` (the two readings of 3Q-SD), :mod:`.ovo` (OVO's dilution of
  a class's features; OVO against OVA), :mod:`.c_choice` (C chosen at every size or once
  per split), :mod:`.column_order` (does the column order favour the relevant features?),
  :mod:`.timing` (Fig. 7's combination step timed alone);
- :mod:`.summary`, :mod:`.summary_curves` -- the reproduction summary on the rule book
  (:func:`reproduction_summary`), judged against the claims declared in ``claims.toml``;
  :mod:`.exact` -- the exact permutation Friedman test for fewer than 5 blocks.
"""
from __future__ import annotations

from ..._lazy import lazy_exports

_API = {
    **dict.fromkeys(("PROFILES", "LONG_PROFILES", "Profile"), "profiles"),
    **dict.fromkeys(("CACHE", "NOTEBOOK", "RANKINGS", "METHODS", "ZHOU", "REAL", "C_RFE",
                     "C_AT", "load_data", "split_data", "compact_order", "parse_method",
                     "size_grid", "cv_folds", "svm_error_curve",
                     "column_permutation", "task_seed", "_ns"), "protocol"),
    **dict.fromkeys(("lists_task", "zhou_task", "split_C_task", "curve_task", "orders_task",
                     "timing_task", "combine_timing_task", "q3_task", "dilution_task",
                     "shuffled_orders_task", "method_order"), "tasks"),
    **dict.fromkeys(("run_curves", "run_orders", "run_timing", "stored_lists", "q3_orders",
                     "ovo_dilution_table"), "figures"),
    **dict.fromkeys(("TIE_SPECS", "kfirst_specs", "dilution_dataset", "per_split", "once",
                     "stored_splits", "fill"), "run"),
    **dict.fromkeys(("summarize_curves", "rank_stats", "rank_table", "win_counts",
                     "pairwise_win_matrix"), "tables"),
    "q3_positions_sd": "q3sd",
    **dict.fromkeys(("PAPER_3Q", "Q3_VARIANTS", "combine_av", "group_positions",
                     "q3_variants_table", "q3_support"), "q3sd"),
    **dict.fromkeys(("class_features_artificial1", "problem_classes", "list_relevance",
                     "errors_at", "ovo_ova_errors"), "ovo"),
    **dict.fromkeys(("combination_timing", "loglog_slope"), "timing"),
    **dict.fromkeys(("c_reading_table", "c_reading_note", "c_frequencies"), "c_choice"),
    **dict.fromkeys(("column_order_runs", "column_order_table"), "column_order"),
    **dict.fromkeys(("AVERAGING", "READINGS", "paired_test", "perfectly_ranked",
                     "imperfect_orders", "fig3_cases", "declared", "tost_interval",
                     "noninferior", "friedman_test"), "summary_curves"),
    **dict.fromkeys(("friedman_exact", "friedman_brute_force", "ExactFriedman"), "exact"),
    **dict.fromkeys(("PAPER_MEANS", "ART2_GROUPS", "reproduction_summary"), "summary"),
}
__getattr__, _api_names = lazy_exports(__name__, _API)


def __dir__():
    return sorted(set(globals()) | set(_api_names()))
