"""Slavkov 2020's protocol: its constants (datasets, rankers, learners, thetas) and the
building blocks every task shares -- a dataset by name, a ranker with the paper's settings, the
size schedule, the seeded cross-validation of the curves (the same folds for every ranking of a
dataset: a paired comparison), and the noisy rankings R_theta.

Seeds come from :func:`featrank.parallel.task_seed`; realisation ``i`` of R_theta is seeded by
``task_seed(seed, dataset, "noisy", theta, i)`` and enters both Table 3 (Eq. 6) and Fig. 3.
"""
from __future__ import annotations

import numpy as np

from ...evaluate import parse_sizes
from ...methods import method
from ...parallel import task_seed

CACHE = "05_slavkov2020_error_curves"
#: the rankings of the selection-bias check (one per CV split, up to 12,625 features each: some
#: 37 KB an entry) are kept in this scratch namespace, never committed; the committed store
#: keeps the curves computed from them, which is what the figures read
RANKINGS = "slavkov2020-rankings"
NOTEBOOK = "05_slavkov2020_error_curves"
PAPER = "slavkov2020"       # its labels in the registry of methods
SYNTHETIC = ("single", "pair", "combined")
THETAS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0)
RANKERS = ("ReliefF", "RandomForest", "InfoGain", "SVM-RFE")    # Fig. 4's order A-D
LEARNERS = ("nb", "tree", "rf", "svm", "knn")
LEARNER_LABELS = {"nb": "Naive Bayes", "tree": "Decision tree", "rf": "Random forest",
                  "svm": "SVM", "knn": "k-NN"}
#: Table 1 of Slavkov 2020, (#instances, #features, #classes); Figs. 7, 8, A2-A12
TABLE1 = {
    "aapc": (335, 84, 3), "arrhythmia": (452, 280, 16), "australian": (690, 14, 2),
    "balance": (625, 4, 3), "breast-cancer": (286, 9, 2), "breast-w": (699, 9, 2),
    "car": (1728, 6, 4), "chess": (3196, 36, 2), "diabetes": (768, 8, 2),
    "diversity": (292, 86, 5), "german": (1000, 20, 2), "heart": (270, 13, 2),
    "heart-c": (303, 13, 5), "heart-h": (294, 13, 5), "hepatitis": (155, 19, 2),
    "image": (2310, 19, 7), "ionosphere": (351, 34, 2), "iris": (150, 4, 3),
    "sonar": (208, 60, 2), "tic-tac-toe": (958, 9, 2), "vote": (435, 16, 2),
    "water": (292, 80, 5), "waveform": (5000, 21, 3), "wine": (178, 13, 3),
    "amlPrognosis": (54, 12625, 2), "bladderCancer": (40, 5724, 3),
    "breastCancer": (24, 12625, 2), "childhoodAll": (110, 8280, 2),
    "cmlTreatment": (28, 12625, 2), "colon": (62, 2000, 2), "dlbcl": (77, 7070, 2),
    "leukemia": (72, 5147, 2), "mll": (72, 12533, 3), "prostate": (102, 12533, 2),
    "srbct": (83, 2308, 4),
}



def load_dataset(dataset: str, data_seed: int = 0):
    """A dataset by name: Slavkov 2020's synthetic ``single``/``pair``/``combined``
    (1000 x 100, generated with ``data_seed``) or a catalogue dataset
    (:func:`featrank.datasets.load`)."""
    if dataset in SYNTHETIC:
        from ...datasets.slavkov2020 import make_synthetic

        return make_synthetic(dataset, random_state=data_seed)
    from ...datasets import load

    return load(dataset)


def make_ranker(ranker: str, categorical=None, random_state: int = 0):
    """The four rankers of Slavkov 2020 with the paper's settings: ``"InfoGain"`` (Weka's, MDL
    discretisation), ``"ReliefF"`` (k = 10, all instances), ``"RandomForest"`` (100 trees,
    log2 features per split), ``"SVM-RFE"`` (linear SVM, C = 0.1).

    ``categorical``: ``Dataset.categories`` (what the task functions pass: every declared value
    counts, as in Weka's header, even one absent from a training fold -- ReliefF's
    missing-value diff 1 - 1/#values depends on it), category counts, or a bool mask (then the
    rankers infer #values from the codes present). SVM-RFE only needs which are nominal. The
    classes come from the registry (:mod:`featrank.methods`)."""
    settings = {"InfoGain": {}, "ReliefF": dict(n_neighbors=10),
                "RandomForest": dict(n_estimators=100, random_state=random_state),
                "SVM-RFE": dict(C=0.1)}
    if ranker not in settings:
        raise ValueError(f"unknown ranker {ranker!r}; choose one of {RANKERS}")
    nominal = nominal_mask(categorical) if ranker == "SVM-RFE" else categorical
    return method(ranker, PAPER).make(categorical=nominal, **settings[ranker])


def nominal_mask(categorical):
    """The bool mask of nominal features from ``Dataset.categories`` (labels or ``None``),
    category counts (0 = numeric) or a mask; ``None`` stays ``None``."""
    if categorical is None:
        return None
    if isinstance(categorical, (list, tuple)) and any(
            c is None or isinstance(c, (list, tuple, np.ndarray)) for c in categorical):
        return np.array([c is not None and len(c) > 0 for c in categorical])
    return np.asarray(categorical) > 0


def resolve_sizes(sizes, n_features: int) -> np.ndarray:
    """Subset sizes from a spec: ``"paper"``, ``"all"``, ``"coarse:K"`` (see
    :func:`featrank.evaluate.parse_sizes`) or explicit ints (sorted, duplicates dropped)."""
    if not isinstance(sizes, str):
        sizes = np.unique(np.asarray(sizes, dtype=int))
    return parse_sizes(sizes, n_features)


def cv_seed(seed: int, dataset: str) -> int:
    """The seed of a dataset's cross-validation folds: the same for every ranking of it."""
    return task_seed(seed, dataset, "cv")


def cv_splitter(dataset: str, n_repeats: int = 10, n_folds: int = 10, seed: int = 0):
    """The repeated stratified k-fold CV of a dataset's curves (seeded by :func:`cv_seed`)."""
    from sklearn.model_selection import RepeatedStratifiedKFold

    return RepeatedStratifiedKFold(n_splits=n_folds, n_repeats=n_repeats,
                                   random_state=cv_seed(seed, dataset))


def curves_of_order(ds, order, learner: str = "svm", *, n_repeats: int = 10, n_folds: int = 10,
                    sizes="paper", kind: str = "both", seed: int = 0):
    """FFA/RFA curves (Algorithm 1) of one order on a loaded dataset, via ``n_repeats`` x
    ``n_folds`` stratified CV seeded by :func:`cv_seed` (paired across orders). ``order`` may
    also be ``(n_repeats * n_folds, p)``: one order per CV split."""
    from ...evaluate import error_curves
    from ...learners import make_learner

    model = make_learner(learner, categorical=ds.categorical)
    cv = cv_splitter(ds.name, n_repeats, n_folds, seed)
    return error_curves(ds.X, ds.y, np.asarray(order), model,
                        sizes=resolve_sizes(sizes, ds.n_features), kind=kind, cv=cv,
                        n_repeats=n_repeats, random_state=cv_seed(seed, ds.name))



def noisy_order(dataset: str, theta: float, index: int, seed: int = 0, data_seed: int = 0,
                scale: str = "max") -> np.ndarray:
    """Realisation ``index`` of R_theta for a synthetic dataset (``theta = 0``: R_GT)."""
    from ...datasets.slavkov2020 import ground_truth_order, noisy_rankings

    rel = load_dataset(dataset, data_seed).relevance
    if theta == 0:
        return ground_truth_order(rel)
    return noisy_rankings(rel, theta, 1, task_seed(seed, dataset, "noisy", float(theta), index),
                          scale=scale)[0]


def tie_broken_gt_order(dataset: str, index: int, seed: int = 0,
                        data_seed: int = 0) -> np.ndarray:
    """R_GT with its ties broken at random instead of by feature index: features by decreasing
    Eq. (5) relevance, equal relevances (the copies of a set, the irrelevant features) in a
    random order, seeded by ``task_seed(seed, dataset, "gt-ties", index)``. Every such order
    is a ground-truth ranking as much as R_GT is.

    >>> o = tie_broken_gt_order("single", 0)
    >>> sorted(o[:3].tolist()), sorted(o[9:].tolist()) == list(range(9, 100))
    ([0, 1, 2], True)
    """
    rel = load_dataset(dataset, data_seed).relevance
    rng = np.random.default_rng(task_seed(seed, dataset, "gt-ties", index))
    return np.lexsort((rng.permutation(rel.size), -rel)).astype(np.intp)


def noisy_relevance_set(dataset: str, theta: float, n_rankings: int, seed: int = 0,
                        data_seed: int = 0, scale: str = "max") -> np.ndarray:
    """The relevance vectors of realisations 0..m-1 of R_theta (the ones of :func:`noisy_order`)."""
    from ...datasets.slavkov2020 import noisy_relevances

    rel = load_dataset(dataset, data_seed).relevance
    return np.vstack([noisy_relevances(rel, theta, 1,
                                       task_seed(seed, dataset, "noisy", float(theta), i),
                                       scale=scale) for i in range(n_rankings)])


