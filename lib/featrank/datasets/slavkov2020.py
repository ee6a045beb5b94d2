"""Synthetic data of Slavkov et al. (2020), Appendix A1 (also Slavkov et al. 2018, Sec. 4.1),
its ground-truth relevance (Eq. 5) and the noisy rankings R_theta (Sec. "Evaluation by
randomising the ground truth ranking"); the ranking distance of Eq. (6) (Appendix A2), an
evaluation measure, is :func:`featrank.evaluate.ranking_distance`.

Data (Appendix A1, Table 2): 1000 instances, 100 binary features, binary target drawn
uniformly. A relevant *interaction set* is either one feature with ``P(F_i = F_t) = p`` or a
pair with ``P(XOR(F_i, F_j) = F_t) = p``, for p in {0.8, 0.7, 0.6}; every set comes in three
independently realised copies (the set plus "two redundant copies"). The remaining features are
independent fair coins (p = 0.5).

=========  ==========================  ========================  ==========
dataset    single sets (3 copies each)  XOR pairs (3 copies each)  irrelevant
=========  ==========================  ========================  ==========
single     p = 0.8, 0.7, 0.6 (9 feat.)  --                        91
pair       --                           p = 0.8, 0.7, 0.6 (18)    82
combined   9 features                   18 features               73
=========  ==========================  ========================  ==========

Feature layout (the paper does not give one): single-feature sets first (p = 0.8 copies, then
0.7, then 0.6), then the XOR pairs (each pair's two features adjacent, p = 0.8, 0.7, 0.6),
then the irrelevant features. Feature names say which set a feature belongs to.
"""
from __future__ import annotations

import numpy as np

from ..orders import check_scores, order_from_scores
from ._dataset import Dataset

KINDS = ("single", "pair", "combined")
PROBS = (0.8, 0.7, 0.6)
N_COPIES = 3
N_FEATURES = 100


def _entropy2(p: float) -> float:
    """Binary entropy in bits."""
    return float(-(p * np.log2(p) + (1 - p) * np.log2(1 - p))) if 0 < p < 1 else 0.0


def interaction_sets(kind: str) -> list[tuple[tuple[int, ...], float]]:
    """The relevant interaction sets of dataset ``kind``: ``[(feature indices, p), ...]``
    in the layout described in the module docstring (Table 2 of Slavkov 2020)."""
    if kind not in KINDS:
        raise ValueError(f"unknown synthetic dataset {kind!r}; choose one of {KINDS}")
    sets, j = [], 0
    if kind in ("single", "combined"):
        for p in PROBS:
            for _ in range(N_COPIES):
                sets.append(((j,), p))
                j += 1
    if kind in ("pair", "combined"):
        for p in PROBS:
            for _ in range(N_COPIES):
                sets.append(((j, j + 1), p))
                j += 2
    return sets


def group_relevance(p: float) -> float:
    """``I(F_int; F_t)`` in bits for a set with ``P(f(F_int) = F_t) = p`` and a uniform target:
    ``1 - H(p)`` (for a pair, the XOR is a sufficient statistic of (F_i, F_j) for F_t)."""
    return 1.0 - _entropy2(p)


def ground_truth_relevance(kind: str, n_features: int = N_FEATURES) -> np.ndarray:
    """Eq. (5) of Slavkov 2020: ``rel(F_i) = I(F_int; F_t) / |F_int|`` (bits); 0 for the
    irrelevant features."""
    rel = np.zeros(n_features)
    for feats, p in interaction_sets(kind):
        rel[list(feats)] = group_relevance(p) / len(feats)
    return rel


def make_synthetic(kind: str, n_samples: int = 1000, random_state=0) -> Dataset:
    """Generate Slavkov 2020's ``single``, ``pair`` or ``combined`` dataset (Appendix A1).

    Per example: the target is a fair coin; a single-feature set copies it with probability p
    (else its negation); a pair draws ``F_i`` uniformly and sets ``F_j = F_i XOR z`` with
    ``z = F_t`` with probability p (so ``P(XOR(F_i, F_j) = F_t) = p`` and each of ``F_i``,
    ``F_j`` alone is independent of the target); irrelevant features are fair coins.
    Features are stored as nominal codes {0, 1} (``categorical`` all True).
    Ground truth: ``relevance`` (Eq. 5, bits), ``relevant`` (indices with relevance > 0),
    ``redundant`` (per interaction set kind and p, the feature indices of its three copies).
    """
    sets = interaction_sets(kind)
    if int(n_samples) < 2:
        raise ValueError(f"n_samples must be at least 2, got {n_samples}")
    n = int(n_samples)
    rng = np.random.default_rng(random_state)
    y = rng.integers(0, 2, n)
    X = rng.integers(0, 2, (n, N_FEATURES))          # irrelevant features keep these
    names = [f"noise{j}" for j in range(N_FEATURES)]
    for c, (feats, p) in enumerate(sets):
        agree = rng.random(n) < p
        target_value = np.where(agree, y, 1 - y)
        copy = c % N_COPIES
        if len(feats) == 1:
            X[:, feats[0]] = target_value
            names[feats[0]] = f"single_p{p}_c{copy}"
        else:
            i, j = feats
            X[:, j] = X[:, i] ^ target_value
            names[i], names[j] = f"xor_p{p}_c{copy}_a", f"xor_p{p}_c{copy}_b"
    rel = ground_truth_relevance(kind)
    redundant = [sorted(f for feats, q in sets[k:k + N_COPIES] for f in feats)
                 for k in range(0, len(sets), N_COPIES)]
    return Dataset(X=X.astype(float), y=y, feature_names=names, classes=["0", "1"],
                   categorical=np.ones(N_FEATURES, bool),
                   categories=[["0", "1"]] * N_FEATURES, name=kind, relevance=rel,
                   relevant=np.flatnonzero(rel > 0), redundant=redundant,
                   meta={"generator": "featrank.datasets.slavkov2020.make_synthetic",
                         "paper": "Slavkov et al. 2020, Appendix A1", "kind": kind,
                         "n_samples": n, "random_state": random_state})


# --------------------------------------------------------------------------- noisy rankings
def noisy_relevances(relevance, theta: float, n_rankings: int = 100, random_state=0, *,
                     scale: str = "max", selection: str = "exact") -> np.ndarray:
    """Relevance vectors of the noisy rankings R_theta, shape ``(n_rankings, p)``.

    Slavkov 2020 (Sec. "Evaluation by randomising the ground truth ranking"): a proportion
    theta of randomly selected features gets a random relevance drawn uniformly from [0, 1];
    the other features keep their ground-truth relevance.

    scale : how the ground truth is put on the unit interval the random relevances come from:
        ``"max"`` divides it by its maximum (the most relevant feature gets 1; default, the
        convention that reproduces Table 3 best), ``"none"`` keeps Eq. (5) in bits.
    selection : ``"exact"`` picks ``round(theta * p)`` features without replacement;
        ``"bernoulli"`` picks each feature independently with probability theta.
    """
    rel = check_scores(relevance, name="relevance")
    if not 0.0 <= float(theta) <= 1.0:
        raise ValueError(f"theta must lie in [0, 1], got {theta}")
    if int(n_rankings) < 1:
        raise ValueError(f"n_rankings must be positive, got {n_rankings}")
    if scale == "max":
        top = rel.max()
        rel = rel / top if top > 0 else rel
    elif scale != "none":
        raise ValueError(f"scale must be 'max' or 'none', got {scale!r}")
    if selection not in ("exact", "bernoulli"):
        raise ValueError(f"selection must be 'exact' or 'bernoulli', got {selection!r}")
    rng = np.random.default_rng(random_state)
    p = rel.size
    out = np.tile(rel, (int(n_rankings), 1))
    k = int(round(float(theta) * p))
    for row in out:
        if selection == "exact":
            idx = rng.choice(p, k, replace=False)
        else:
            idx = np.flatnonzero(rng.random(p) < theta)
        row[idx] = rng.random(idx.size)
    return out


def noisy_rankings(relevance, theta: float, n_rankings: int = 100, random_state=0,
                   **kwargs) -> np.ndarray:
    """Orders (best first) of the noisy rankings R_theta, shape ``(n_rankings, p)``.

    Built from :func:`noisy_relevances` (same arguments); equal relevances (the untouched
    irrelevant features) go to the lower feature index (``featrank.orders`` convention).
    ``theta = 0`` gives the ground-truth order ``order_from_scores(relevance)`` in every row.
    """
    rels = noisy_relevances(relevance, theta, n_rankings, random_state, **kwargs)
    return np.stack([order_from_scores(r) for r in rels])


def ground_truth_order(relevance) -> np.ndarray:
    """R_GT: features by decreasing Eq. (5) relevance, ties to the lower index."""
    return order_from_scores(relevance)
