"""Experiments of Quevedo, Bahamonde & Luaces (2007), "A simple and efficient method for
variable ranking according to their usefulness for learning" (notebook 01).

Roles: :mod:`.profiles` (the settings of each profile, ``PROFILES``), :mod:`.grids` (the
problems, the rankers as the paper sets them up, the aggregation of Sec. 4.2), :mod:`.tasks`
(the stored tasks), :mod:`.run` (the grids the notebook runs), :mod:`.r2w2` (the check of
R2W2's solver) and :mod:`.summary` (the reproduction summary, on the rule book). The public
names of each are re-exported here.
"""
from .grids import (C_GRID, NOTEBOOK, PAPER_GRIDS, RANKERS, SVM_RANKERS,
                    anticorrelated_summary, block_summary, expand_grid, make_problem,
                    make_ranker, overall, point_medians, ranker_specs, speed_ratios,
                    threshold_ratio, wide)
from .profiles import PROFILES, Profile
from .r2w2 import (R2W2_VARIANTS, SOLVER_VARIANTS, convergence_counts, r2w2_settings_check,
                   run_solver_check, variant_by_degree, variant_places)
from .run import POINT, run_anticorrelated, run_grid, run_k_grid, run_sweep
from .summary import reproduction_summary, specification_rows
from .tasks import anticorrelated_task, r2w2_task, ranking_task, solver_check_task

__all__ = ["C_GRID", "NOTEBOOK", "PAPER_GRIDS", "PROFILES", "Profile", "R2W2_VARIANTS",
           "RANKERS", "SOLVER_VARIANTS", "SVM_RANKERS", "anticorrelated_summary",
           "anticorrelated_task", "block_summary", "convergence_counts", "expand_grid",
           "make_problem", "make_ranker", "overall", "point_medians", "r2w2_settings_check",
           "r2w2_task", "ranker_specs", "ranking_task", "reproduction_summary",
           "run_anticorrelated", "run_grid", "run_k_grid", "run_solver_check", "run_sweep", "POINT",
           "solver_check_task", "specification_rows", "speed_ratios", "threshold_ratio",
           "variant_by_degree", "variant_places", "wide"]
