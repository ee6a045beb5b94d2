"""The result store finds a result again by its task's ``module.qualname`` (and version):
moving a task function to another module would orphan every stored result of it. This pins
where each experiment's tasks live."""
import pytest

from featrank.experiments import (izetta2017, prati2012, quevedo2007, slavkov2018_scale,
                                  slavkov2020)
from featrank.experiments.izetta2017 import ovo as izetta_ovo, q3sd as izetta_q3sd
from featrank.store import task_key

TASKS = {
    "featrank.experiments.izetta2017": (izetta2017, ("lists_task", "zhou_task", "curve_task",
                                                     "timing_task", "combine_timing_task",
                                                     "split_C_task", "orders_task")),
    "featrank.experiments.izetta2017.q3sd": (izetta_q3sd, ("q3_task",)),
    "featrank.experiments.izetta2017.ovo": (izetta_ovo, ("dilution_task",)),
    "featrank.experiments.prati2012": (prati2012, ("run_fold", "dataset_summary")),
    "featrank.experiments.quevedo2007": (quevedo2007, ("ranking_task", "r2w2_task",
                                                       "anticorrelated_task")),
    "featrank.experiments.slavkov2020": (slavkov2020, ("rank_features", "rank_on_split",
                                                       "ranker_curves", "noisy_curves",
                                                       "random_curve")),
    "featrank.experiments.slavkov2018_scale": (slavkov2018_scale, ("variant_curves",)),
}


@pytest.mark.parametrize("module", sorted(TASKS))
def test_tasks_keep_their_store_identity(module):
    mod, names = TASKS[module]
    for name in names:
        func = getattr(mod, name)
        _, ident = task_key(func, {})
        assert ident["task"] == f"{module}.{name}"
        assert ident["version"] == func.version        # declared, not a hash of its source
