"""Random-forest feature ranking (Breiman 2001, Sec. 10), as Slavkov 2018/2020 used it:
100 trees, log2 of the number of features tried per split ("rounded up").

Slavkov 2020 estimate relevance with random forests "as described by Breiman (2001)", i.e.
by **out-of-bag permutation importance** (Weka 3.6's RandomForest has no importance of its own):

* ``importance="permutation"`` (default): for every tree, its accuracy on its out-of-bag
  (OOB) instances minus its accuracy after randomly permuting the attribute among those
  instances, averaged over the trees — Breiman's "raw importance" as computed by his Fortran
  code and R's ``randomForest`` (``importance(type=1, scale=FALSE)``). A tree that never
  splits on an attribute gives it exactly 0, so only the attributes a tree uses are permuted.
* ``importance="breiman2001"``: the forest-level wording of Breiman (2001), Sec. 10: the OOB
  plurality vote with attribute m noised up gives a misclassification rate, reported as the
  percent increase over the intact OOB error (plain difference x 100 when that error is 0).
  Coarser: weak attributes rarely flip a plurality vote, so many tie at 0 (then ordered by
  index) — why the per-tree average is the default.
* ``importance="impurity"``: mean decrease in Gini impurity (scikit-learn's
  ``feature_importances_``), fast but biased towards attributes with many values.

Trees: scikit-learn CART trees grown fully (min leaf 1, Gini) on bootstrap samples, like
Weka's ``RandomTree`` inside ``RandomForest``. Missing values are imputed first (mean for
numeric, mode for nominal attributes: Weka's ``ReplaceMissingValues``); nominal attributes
enter as their integer codes (ordered splits).
"""
from __future__ import annotations

from numbers import Integral

import numpy as np
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils._param_validation import Interval, RealNotInt, StrOptions

from .base import BaseRanker
from .discretize import resolve_categorical


def weka_log2_features(p: int) -> int:
    """Weka 3.6 RandomForest's default number of features per split: int(log2(p + 1)) + 1
    (p attributes plus the class), i.e. log2 of the number of features rounded up."""
    return int(np.log2(p + 1)) + 1


def impute_weka(X, nominal):
    """Replace NaN by the column mean (numeric) or the most frequent code (nominal)."""
    X = X.copy()
    miss = np.isnan(X)
    if not miss.any():
        return X
    for j in np.flatnonzero(miss.any(axis=0)):
        col = X[~miss[:, j], j]
        if col.size == 0:
            fill = 0.0
        elif nominal[j]:
            fill = float(np.argmax(np.bincount(col.astype(np.intp))))
        else:
            fill = float(col.mean())
        X[miss[:, j], j] = fill
    return X


class RandomForestRanker(BaseRanker):
    """Rank features by a random forest's importance (Breiman 2001, Sec. 10).

    Parameters
    ----------
    n_estimators : int >= 1, default 100
    max_features : "log2", "sqrt", int >= 1 or float in (0, 1], default "log2"
        "log2" = Weka's int(log2(p + 1)) + 1 (the papers' "rounded up log2"); an int is
        capped at the number of features, a float is that fraction of them (at least one).
    importance : {"permutation", "breiman2001", "impurity"}, default "permutation"
        Breiman's out-of-bag permutation importance averaged over trees; its forest-level
        form (percent increase of the OOB error); or mean decrease in Gini impurity.
    categorical : None, bool mask, int category counts, or ``Dataset.categories``
        Only used to impute nominal attributes by their mode (their codes enter the trees
        as ordered numbers). ``None``: a DataFrame's ``category`` columns are nominal, an
        array's columns numeric; given with such a DataFrame, it must agree.
    random_state : int, RandomState instance or None, default 0
        Seeds bootstrap samples, trees and permutations (bit-for-bit reproducible).
    n_features_to_select : None, int or float, default None
        Features ``transform`` keeps: all, that many, or that fraction (in (0, 1]).

    Attributes
    ----------
    scores_, ranking_, top_features_ : the importances, rank vector (1 = best) and order.
    oob_score_ : float
        Out-of-bag accuracy of the forest's majority vote.
    categorical_, n_categories_, classes_, n_features_in_, feature_names_in_ :
        As in :class:`~featrank.rankers.base.BaseRanker`.

    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import RandomForestRanker
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 3))
    >>> y = (X[:, 1] > 0).astype(int)
    >>> int(RandomForestRanker(n_estimators=10).fit(X, y).top_features_[0])
    1
    """

    _parameter_constraints: dict = {
        **BaseRanker._parameter_constraints,
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "max_features": [StrOptions({"log2", "sqrt"}), Interval(Integral, 1, None, closed="left"),
                         Interval(RealNotInt, 0, 1, closed="right")],
        "importance": [StrOptions({"permutation", "breiman2001", "impurity"})],
        "categorical": [None, "array-like"],
        "random_state": ["random_state"],
    }
    _nominal = True

    def __init__(self, n_estimators=100, max_features="log2", importance="permutation",
                 categorical=None, random_state=0, n_features_to_select=None):
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.importance = importance
        self.categorical = categorical
        self.random_state = random_state
        self.n_features_to_select = n_features_to_select

    def _n_split_features(self, p):
        m = self.max_features
        if m == "log2":
            return min(p, weka_log2_features(p))
        if m == "sqrt":
            return max(1, int(np.sqrt(p)))
        if isinstance(m, Integral):
            return min(p, int(m))
        return max(1, int(m * p))  # a fraction in (0, 1]

    def _rank(self, X, y):
        nominal, _ = resolve_categorical(self.n_categories_, X)
        X = impute_weka(X, nominal)
        n, p = X.shape
        m = self._n_split_features(p)
        rng = np.random.default_rng(self.random_state)
        n_classes = int(y.max()) + 1
        votes = np.zeros((n, n_classes))
        imp = np.zeros(p)
        noised = np.zeros((p, n, n_classes)) if self.importance == "breiman2001" else None
        for _ in range(int(self.n_estimators)):
            boot = rng.integers(0, n, n)
            tree = DecisionTreeClassifier(max_features=m, random_state=int(rng.integers(2 ** 31)))
            tree.fit(X[boot], y[boot])
            oob = np.setdiff1d(np.arange(n), boot, assume_unique=False)
            if self.importance == "impurity":
                imp += tree.feature_importances_
            if oob.size == 0:
                continue
            Xo, yo = X[oob], y[oob]
            pred = tree.predict(np.ascontiguousarray(Xo, dtype=np.float32), check_input=False)
            votes[oob, pred] += 1
            if self.importance == "permutation":
                imp += self._tree_permutation_importance(tree, Xo, yo, pred, rng)
            elif self.importance == "breiman2001":
                used, P = self._permuted_predictions(tree, Xo, rng)
                np.add.at(noised, (used[:, None], oob[None, :], P), 1.0)
                np.add.at(noised, (used[:, None], oob[None, :], pred[None, :]), -1.0)
        seen = votes.sum(axis=1) > 0
        err = float(np.mean(votes.argmax(axis=1)[seen] != y[seen])) if seen.any() else np.nan
        self.oob_score_ = 1.0 - err
        if self.importance == "breiman2001":
            noised += votes[None]  # noised-up votes = intact votes + changes of the trees using m
            err_m = np.mean(noised[:, seen].argmax(axis=2) != y[seen][None, :], axis=1)
            scale = 100.0 / err if err > 0 else 100.0
            return (err_m - err) * scale, None
        return imp / int(self.n_estimators), None

    @staticmethod
    def _permuted_predictions(tree, Xo, rng, chunk_elements=1 << 22):
        """(attributes the tree uses, their predictions (u, m) on the OOB block with that
        attribute permuted); permuted copies are stacked and predicted in one call per chunk."""
        used = np.unique(tree.tree_.feature[tree.tree_.feature >= 0])
        m = Xo.shape[0]
        X32 = np.ascontiguousarray(Xo, dtype=np.float32)  # what sklearn's trees split on
        P = np.empty((used.size, m), dtype=np.intp)
        step = max(1, chunk_elements // max(1, Xo.size))
        for s in range(0, used.size, step):
            chunk = used[s:s + step]
            big = np.tile(X32, (chunk.size, 1))
            for u, f in enumerate(chunk):
                big[u * m:(u + 1) * m, f] = X32[rng.permutation(m), f]
            P[s:s + chunk.size] = tree.predict(big, check_input=False).reshape(chunk.size, m)
        return used, P

    @classmethod
    def _tree_permutation_importance(cls, tree, Xo, yo, pred, rng, chunk_elements=1 << 22):
        """OOB accuracy drop of one tree when each attribute it uses is permuted."""
        out = np.zeros(Xo.shape[1])
        used, P = cls._permuted_predictions(tree, Xo, rng, chunk_elements)
        out[used] = np.mean(pred == yo) - (P == yo[None, :]).mean(axis=1)
        return out
