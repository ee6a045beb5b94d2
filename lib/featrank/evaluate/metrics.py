"""Performance measures of Prati (2012, Sec. V-B): error rate, AUC (Hand & Till's M for
several classes) and F1 as Weka computes them, in the ``f(y_true, y_pred, y_score)`` form
that :func:`featrank.evaluate.error_curves` accepts as ``scoring``."""
from __future__ import annotations

import numpy as np
from scipy.stats import rankdata


def _auc_two(pos_scores, neg_scores) -> float:
    """P(score of a positive > score of a negative) + 1/2 P(tie), by ranks (Mann-Whitney)."""
    n1, n0 = len(pos_scores), len(neg_scores)
    r = rankdata(np.concatenate([pos_scores, neg_scores]))
    return float((r[:n1].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def hand_till_auc(y_true, y_score, *, labels=None) -> float:
    """Hand & Till's (2001) M measure, the multiclass AUC Prati 2012 reports.

    ``M = 2 / (c (c - 1)) * sum_{i < j} (A(i|j) + A(j|i)) / 2`` where ``A(i|j)`` is the
    probability that a random member of class ``i`` gets a higher score for class ``i`` than a
    random member of class ``j`` (Eq. 7 and Sec. 3 of Hand & Till; ties count 1/2), over the
    ``c`` classes present in ``y_true``. ``y_score``: ``(n, n_classes)`` scores whose columns are
    ``labels`` (default: 0..n_classes-1); a 1-D score (or two columns) gives the binary AUC
    of the larger label. Equals ``sklearn.metrics.roc_auc_score(multi_class="ovo")`` on
    probabilities.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        The classes.
    y_score : array-like of shape (n,) or (n, n_classes)
        Class scores (columns: ``labels``).
    labels : array-like, optional
        The classes of the score columns (default 0..n_classes-1).

    Returns
    -------
    float

    Examples
    --------
    >>> hand_till_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    y = np.asarray(y_true)
    s = np.asarray(y_score, dtype=float)
    if s.ndim == 1:
        s = np.column_stack([-s, s])
    if s.ndim != 2 or s.shape[0] != y.shape[0]:
        raise ValueError(f"y_score must be (n, n_classes) with n = {y.shape[0]}, got {s.shape}")
    labels = np.arange(s.shape[1]) if labels is None else np.asarray(labels)
    if labels.shape != (s.shape[1],):
        raise ValueError(f"{s.shape[1]} score columns but {labels.size} labels")
    col = {lab: j for j, lab in enumerate(labels.tolist())}
    present = [c for c in np.unique(y).tolist()]
    missing = [c for c in present if c not in col]
    if missing:
        raise ValueError(f"classes {missing} of y_true have no score column")
    if len(present) < 2:
        raise ValueError("AUC needs at least two classes in y_true")
    total, pairs = 0.0, 0
    for a in range(len(present)):
        for b in range(a + 1, len(present)):
            i, j = present[a], present[b]
            mi, mj = y == i, y == j
            a_ij = _auc_two(s[mi, col[i]], s[mj, col[i]])
            a_ji = _auc_two(s[mj, col[j]], s[mi, col[j]])
            total += (a_ij + a_ji) / 2
            pairs += 1
    return total / pairs


def weka_f1(y_true, y_pred, *, average="weighted") -> float:
    """F1 as Weka 3.6's ``Evaluation`` computes it: per class ``F = 2 P R / (P + R)`` (0 when
    ``P + R = 0``; precision 0 for a class never predicted), averaged with weights equal to
    the class counts of ``y_true`` (``weightedFMeasure``, the "Weighted Avg." row).
    ``average="first"``: the F-measure of the first class (Weka's Experimenter column
    ``F_measure``, class index 0); ``"macro"``: unweighted mean over the classes present.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted classes.
    average : {"weighted", "first", "macro"}, default "weighted"
        As above.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> y, pred = [0, 1, 1, 0], [0, 1, 0, 0]
    >>> round(weka_f1(y, pred), 4), weka_f1(y, pred, average="first")
    (0.7333, 0.8)
    """
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if y.shape != p.shape or y.ndim != 1:
        raise ValueError("y_true and y_pred must be 1-D of the same length")
    classes, counts = np.unique(y, return_counts=True)
    f = np.empty(classes.size)
    for k, c in enumerate(classes):
        tp = np.sum((p == c) & (y == c))
        pred = np.sum(p == c)
        prec = tp / pred if pred else 0.0
        rec = tp / counts[k]
        f[k] = 2 * prec * rec / (prec + rec) if prec + rec > 0 else 0.0
    if average == "weighted":
        return float(np.sum(f * counts) / counts.sum())
    if average == "macro":
        return float(f.mean())
    if average == "first":
        return float(f[0])
    raise ValueError(f"average must be 'weighted', 'macro' or 'first', got {average!r}")


def error_rate(y_true, y_pred, y_score=None) -> float:
    """Fraction of misclassified test instances.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
        True and predicted classes.
    y_score : ignored
        (The curves' scoring signature.)

    Returns
    -------
    float

    Examples
    --------
    >>> error_rate([0, 1, 1, 0], [0, 1, 0, 0])
    0.25
    """
    return float(np.mean(np.asarray(y_true) != np.asarray(y_pred)))


class PratiScorer:
    """A ``scoring`` callable for :func:`featrank.evaluate.error_curves`.

    Parameters
    ----------
    measure : {"error", "auc", "f1"}
        Error rate, Hand-Till M (:func:`hand_till_auc`) or Weka's weighted F1
        (:func:`weka_f1`).
    labels : array-like, optional
        The classes of the score columns (the training fold's classes, sorted), needed when
        a training fold lacks a class.

    Attributes
    ----------
    measure, labels
        As given.
    __name__ : str
        The measure (what :class:`featrank.evaluate.Curves` records as its scoring).

    Examples
    --------
    >>> auc = PratiScorer("auc")
    >>> auc([0, 0, 1, 1], [0, 0, 1, 1], [[.9, .1], [.6, .4], [.65, .35], [.2, .8]])
    0.75
    """

    def __init__(self, measure: str, labels=None):
        if measure not in ("error", "auc", "f1"):
            raise ValueError(f"measure must be 'error', 'auc' or 'f1', got {measure!r}")
        self.measure, self.labels = measure, labels
        self.__name__ = measure

    def __call__(self, y_true, y_pred, y_score=None):
        if self.measure == "error":
            return error_rate(y_true, y_pred)
        if self.measure == "f1":
            return weka_f1(y_true, y_pred)
        y_true = np.asarray(y_true)
        labels = self.labels
        if labels is not None:
            labels = np.asarray(labels)
            keep = np.isin(y_true, labels)  # test instances of a class unseen in training
            y_true, y_score = y_true[keep], np.asarray(y_score)[keep]
        if np.unique(y_true).size < 2:
            return np.nan
        return hand_till_auc(y_true, y_score, labels=labels)
