"""The stored task of notebook 04 (the curves it shares with notebook 05 are the tasks of
:mod:`featrank.experiments.slavkov2020`). Its name, ``slavkov2018.variant_curves``, is what
the result store knows it by.
"""
from __future__ import annotations

from ...store import task
from .. import slavkov2020 as s20


@task("slavkov2018.variant_curves", version="2")
def variant_curves(dataset: str, ranker: str, C: float = 0.1, one_hot: bool = True,
                   n_folds: int = 10, sizes="paper", seed: int = 0, data_seed: int = 0):
    """Task: the curves of ``ranker``'s ranking (the cached one notebook 05 uses) under the
    SVM of Sec. 5.2 with another complexity ``C`` and/or nominal attributes entering as
    numeric codes (``one_hot=False``) instead of Weka's NominalToBinary (``one_hot=True``: one
    0/1 column per value, as Weka's SMO and the shared tasks do). Same CV folds as the shared
    tasks (1 × ``n_folds``)."""
    from ...evaluate import error_curves
    from ...learners import make_learner

    ds = s20.load_dataset(dataset, data_seed)
    order = s20.cached_ranking(dataset, ranker, seed=seed, data_seed=data_seed)
    mask = ds.categorical if one_hot else None
    model = make_learner("svm", categorical=mask, C=float(C))
    return error_curves(ds.X, ds.y, order, model, sizes=s20.resolve_sizes(sizes, ds.n_features),
                        cv=s20.cv_splitter(dataset, 1, n_folds, seed), n_repeats=1,
                        categorical=mask, random_state=s20.cv_seed(seed, dataset))
