"""The output columns of a fitted :class:`~featrank.datasets.encode.WekaPreprocessor` by
input feature: what the SVM curve engine (:mod:`featrank.evaluate._svm_chain`) grows its
Gram matrices by."""
from __future__ import annotations

import numpy as np


def feature_blocks(prep) -> tuple:
    """``(grouped, starts, counts)`` of a fitted :class:`WekaPreprocessor`: its output columns
    grouped by input feature (in column order within a feature), and where each feature's
    block of ``grouped`` starts and how many columns it holds."""
    fmap = np.asarray(prep.feature_map_, dtype=np.intp)
    grouped = np.argsort(fmap, kind="stable")
    counts = np.bincount(fmap, minlength=prep.n_features_in_)
    return grouped, np.cumsum(counts) - counts, counts


def feature_columns(prep) -> list:
    """Output columns of each input feature of a fitted :class:`WekaPreprocessor`."""
    grouped, starts, counts = feature_blocks(prep)
    return np.split(grouped, (starts + counts)[:-1])


def columns_in_order(blocks, seq) -> tuple:
    """``(cols, end)``: the output columns of the input features ``seq``, feature after
    feature, and where each feature's columns end in ``cols`` -- what
    ``np.concatenate([columns[f] for f in seq])`` and the running sum of their sizes give,
    without a Python loop over the features (a microarray has thousands).

    >>> blocks = (np.array([0, 1, 2, 3, 4]), np.array([0, 1, 4]), np.array([1, 3, 1]))
    >>> cols, end = columns_in_order(blocks, np.array([2, 1]))
    >>> cols.tolist(), end.tolist()
    ([4, 1, 2, 3], [1, 4])
    """
    grouped, starts, counts = blocks
    cnt = counts[seq]
    end = np.cumsum(cnt)
    first = end - cnt                                   # where each feature's columns begin
    return grouped[np.repeat(starts[seq] - first, cnt) + np.arange(end[-1] if end.size else 0)], end
