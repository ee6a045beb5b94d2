"""AUC-FR: the area under the ROC-FR curve of a ranking (Quevedo et al. 2007, Sec. 4.1).

For an order of ``p`` features and the ground truth of an artificial problem, the ROC-FR curve
joins the points ``(FPR(i), TPR(i))``, ``i = 0..p``, where ``TPR(i)`` (``FPR(i)``) is the
fraction of relevant (irrelevant) features among the top ``i``. Its area is the probability
that a relevant feature is ranked above an irrelevant one (Hanley & McNeil 1982).

One-to-one redundancy: of a relevant variable and its redundant copies only the first met
from the top of the order counts as relevant; the others count as irrelevant (so an order
with one member of every group on top scores 1, whichever members those are).
"""
from __future__ import annotations

import numpy as np

from ..orders import check_order


def _positives(order, relevant, redundant_groups):
    """Boolean mask over order positions: True where the feature counts as relevant."""
    p = order.size
    relevant = np.unique(np.asarray(relevant, dtype=np.intp).ravel())
    if relevant.size and (relevant.min() < 0 or relevant.max() >= p):
        raise ValueError(f"relevant holds feature indices outside [0, {p})")
    unit = np.full(p, -1, dtype=np.intp)          # unit id of each feature (-1: irrelevant)
    unit[relevant] = relevant
    for g, group in enumerate(redundant_groups or []):
        group = np.asarray(group, dtype=np.intp).ravel()
        if group.size == 0:
            continue
        if group.min() < 0 or group.max() >= p:
            raise ValueError(f"redundant_groups[{g}] holds feature indices outside [0, {p})")
        members = np.intersect1d(group, relevant)
        if members.size != 1:
            raise ValueError(f"redundant_groups[{g}] must contain exactly one relevant feature "
                             f"(one-to-one redundancy), it contains {members.size}")
        if np.any((unit[group] >= 0) & (unit[group] != members[0])):
            raise ValueError(f"redundant_groups[{g}] overlaps another group")
        unit[group] = members[0]
    units = unit[order]
    is_unit = units >= 0
    first = np.zeros(p, dtype=bool)
    # first occurrence of each unit id along the order
    _, idx = np.unique(units[is_unit], return_index=True)
    first[np.flatnonzero(is_unit)[idx]] = True
    return first


def roc_fr(order, relevant, redundant_groups=None):
    """The ROC-FR curve (Sec. 4.1 of Quevedo 2007): ``(fpr, tpr)``, each of length ``p + 1``
    starting at ``(0, 0)``; point ``i`` describes the top ``i`` features of ``order``.

    Parameters
    ----------
    order : array-like of shape (p,)
        Full order of the ``p`` features, best first.
    relevant : array-like of int
        Indices of the relevant features.
    redundant_groups : list of lists of int, optional
        Each holds one relevant feature and its redundant copies (one-to-one redundancy).
        Only the first member of a group met from the top counts as relevant; later members
        count as irrelevant.

    Returns
    -------
    fpr, tpr : ndarray of shape (p + 1,)
        False and true positive rates of the top 0, 1, ..., p features.

    Examples
    --------
    >>> fpr, tpr = roc_fr([2, 0, 3, 1], relevant=[0, 1])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.5, 0.5, 1.0, 1.0], [0.0, 0.0, 0.5, 0.5, 1.0])
    """
    pos, n_pos, n_neg = _labelled(order, relevant, redundant_groups)
    tpr = np.concatenate([[0.0], np.cumsum(pos) / n_pos])
    fpr = np.concatenate([[0.0], np.cumsum(~pos) / n_neg])
    return fpr, tpr


def auc_fr(order, relevant, redundant_groups=None) -> float:
    """Area under the ROC-FR curve (AUC-FR, Sec. 4.1 of Quevedo 2007): 1 for an order with
    every relevant feature (or one copy of it) on top, 0 for the reverse, about 0.5 for a
    random order. Arguments as :func:`roc_fr`.

    Parameters
    ----------
    order, relevant, redundant_groups
        As :func:`roc_fr`.

    Returns
    -------
    float
        The area, in [0, 1].

    Examples
    --------
    >>> auc_fr([0, 1, 2, 3], relevant=[0, 1]), auc_fr([2, 0, 3, 1], relevant=[0, 1])
    (1.0, 0.25)
    """
    pos, n_pos, n_neg = _labelled(order, relevant, redundant_groups)
    # each relevant feature is ahead of the irrelevant ones that come after it
    neg_after = n_neg - np.cumsum(~pos)
    return float(neg_after[pos].sum() / (n_pos * n_neg))


def _labelled(order, relevant, redundant_groups):
    """The order's positives (relevant, one per redundancy group) and the two counts; both
    kinds must be present."""
    order = check_order(order)
    pos = _positives(order, relevant, redundant_groups)
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    if n_pos == 0 or n_neg == 0:
        raise ValueError(f"AUC-FR needs relevant and irrelevant features, got {n_pos} relevant "
                         f"and {n_neg} irrelevant of {order.size}")
    return pos, n_pos, n_neg
