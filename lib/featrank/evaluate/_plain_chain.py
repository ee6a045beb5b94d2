"""The plain curve engine: refit the model on each feature subset (the loop of Algorithm 1
of Slavkov 2020), for any model; the fast engines are checked against it."""
from __future__ import annotations

from ..learners import with_categorical
from ._scoring import _score_matrix


class _PlainChain:
    """Refit the model on each subset (the plain loop of Algorithm 1)."""

    def __init__(self, model, Xtr, ytr, Xte, cat, need_score):
        self.model, self.Xtr, self.ytr, self.Xte = model, Xtr, ytr, Xte
        self.cat, self.need_score = cat, need_score

    def run(self, order, kind, sizes, memo=None):
        """Yield ``(pred, score)`` per size. ``memo``: a dict shared by the orders of one
        split; a column list fitted before (for any order or kind) is not refitted."""
        p = order.size
        for s in sizes:
            cols = order[:s] if kind == "ffa" else order[p - s:]
            key = tuple(cols.tolist())
            if memo is not None and key in memo:
                yield memo[key]
                continue
            m = with_categorical(self.model, self.cat[cols], cols).fit(self.Xtr[:, cols], self.ytr)
            Xte = self.Xte[:, cols]
            out = m.predict(Xte), (_score_matrix(m, Xte) if self.need_score else None)
            if memo is not None:
                memo[key] = out
            yield out
