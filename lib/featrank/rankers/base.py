"""The base class of every ranker: a scikit-learn selector that ranks all features.

How ``fit`` reads its input (shared by every ranker):

* ``X``: a numpy array (every column numeric unless the ranker's ``categorical`` says
  otherwise), or a pandas DataFrame whose ``category`` columns are nominal (scikit-learn's
  ``categorical_features="from_dtype"`` convention; :func:`featrank.datasets.split_frame`).
  A ranker that has a ``categorical`` parameter also takes it explicitly; given both, they must
  agree. A ranker that handles numeric features only refuses nominal columns. Text columns and
  sparse matrices are refused with the fix.
* ``y``: class labels (ints or strings), at least two classes; a continuous or missing (NaN)
  target is refused.
* ``n_features_to_select`` (for ``transform``): ``None`` (all), an int in ``[1, n_features]``
  or a fraction in ``(0, 1]``.
"""
from __future__ import annotations

from numbers import Integral

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, _fit_context
from sklearn.feature_selection import SelectorMixin
from sklearn.utils import ClassifierTags
from sklearn.utils._param_validation import Interval, RealNotInt
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_array, check_is_fitted, validate_data

from ..datasets.frame import split_frame
from ..orders import check_scores, order_from_scores, ranks_from_order
from .discretize import resolve_categorical


#: The ``degree`` of a polynomial expansion or kernel (the rankers of Quevedo 2007: SPERanker,
#: StoppigliaSM, RakotomamonjyRFE, DegroeveRFE, R2W2).
DEGREE = [Interval(Integral, 1, None, closed="left")]


class BaseRanker(SelectorMixin, BaseEstimator):
    """Base of every ranker. Subclasses implement ``_rank(X, y)`` returning
    ``(scores, order)``; ``order`` may be ``None``, meaning "by decreasing score, ties to the
    lower index". ``_rank`` sees ``X`` as floats (nominal columns hold codes 0..k-1, NaN =
    missing), ``y`` as class codes 0..c-1, and ``self.n_categories_``.

    Class attributes a subclass sets: ``_allow_nan`` (accepts missing values),
    ``_nominal`` (handles nominal features; otherwise they are refused), ``_binary_only``.

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        Higher = more relevant.
    ranking_ : ndarray of shape (n_features,)
        Rank vector, 1 = best (like ``RFE.ranking_``).
    top_features_ : ndarray of shape (n_features,)
        The order, best first (like skrebate).
    classes_ : ndarray
        The class labels.
    categorical_ : ndarray of bool, shape (n_features,)
        The features treated as nominal.
    n_categories_ : ndarray of int, shape (n_features,)
        Number of categories of each nominal feature (0 for numeric ones): the DataFrame's
        declared categories, or what ``categorical`` says.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Column names, when ``X`` was a DataFrame with string column names.
    """

    _parameter_constraints: dict = {
        "n_features_to_select": [None, Interval(Integral, 1, None, closed="left"),
                                 Interval(RealNotInt, 0, 1, closed="right")],
    }
    _allow_nan = True
    _nominal = False
    _binary_only = False

    n_features_to_select = None

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        tags.input_tags.allow_nan = self._allow_nan
        if self._binary_only:
            # the only tag scikit-learn has for "two classes only"; its checks then draw a
            # binary y (the ranker stays a transformer)
            tags.classifier_tags = ClassifierTags(multi_class=False)
        return tags

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Rank the features of ``X`` for the class labels ``y``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            A DataFrame's ``category`` columns are nominal.
        y : array-like of shape (n_samples,)
            Class labels.

        Returns
        -------
        self
        """
        X, y = self._validate_fit_input(X, y)
        scores, order = self._rank(X, y)
        p = X.shape[1]
        self.scores_ = check_scores(scores, p)
        self.top_features_ = order_from_scores(self.scores_) if order is None else np.asarray(order)
        self.ranking_ = ranks_from_order(self.top_features_, p)
        return self

    def _rank(self, X, y):  # pragma: no cover - abstract
        raise NotImplementedError

    # ------------------------------------------------------------------ input checks
    def _validate_fit_input(self, X, y):
        """``(X float array, y class codes)``; sets ``n_features_in_``, ``feature_names_in_``,
        ``classes_``, ``categorical_`` and ``n_categories_``."""
        name = type(self).__name__
        if y is None:
            raise ValueError(f"{name} requires y to be passed, but the target y is None; "
                             "pass the class labels")
        parts = split_frame(X)
        Xa = self._check_values(parts.X)
        validate_data(self, X if isinstance(X, pd.DataFrame) else Xa, skip_check_array=True,
                      reset=True)
        self.n_categories_ = self._category_counts(parts, Xa)
        self.categorical_ = self.n_categories_ > 0
        self._check_n_features_to_select(Xa.shape[1])
        return Xa, self._class_codes(y, Xa.shape[0])

    def _check_values(self, X):
        name = type(self).__name__
        if X.ndim != 2:
            raise ValueError(f"X must be 2-D (n_samples, n_features), got shape {X.shape}; "
                             "reshape a single feature with X.reshape(-1, 1)")
        if not self._allow_nan and np.isnan(X).any():
            raise ValueError(f"{name} does not accept missing values (NaN) in X; impute them "
                             "first")
        if np.isinf(X).any():
            raise ValueError("X contains infinite values (inf); replace them")
        return check_array(X, ensure_all_finite="allow-nan", estimator=self, input_name="X")

    def _category_counts(self, parts, X):
        """Categories per feature (0 = numeric) from the DataFrame's dtypes and/or the
        ``categorical`` parameter; refuses a disagreement, and nominal features where the
        ranker handles numeric ones only."""
        from_dtype = np.array([max(1, len(c)) if m else 0
                               for m, c in zip(parts.categorical, parts.categories)], np.intp)
        given = getattr(self, "categorical", None)
        counts = from_dtype
        if given is not None:
            nominal, counts = resolve_categorical(given, X)
            if parts.categorical.any():
                if not np.array_equal(nominal, parts.categorical):
                    raise ValueError(_disagreement(nominal, parts))
                counts = from_dtype
        if counts.any() and not self._nominal:
            raise ValueError(_nominal_refused(type(self).__name__, counts > 0, parts))
        return counts

    def _class_codes(self, y, n):
        y = np.asarray(y)
        if y.ndim != 1 or y.shape[0] != n:
            raise ValueError(f"y must be 1-D with {n} labels (one class label per row of X), "
                             f"got shape {y.shape}")
        if pd.isna(y).any():
            raise ValueError("y must be class labels, but it holds missing values (NaN or "
                             "None); drop the unlabelled rows first")
        if y.dtype == object:  # e.g. ints from an object column: numbers if they all are
            y = pd.Series(y).infer_objects().to_numpy()
        kind = type_of_target(y, input_name="y")
        if kind not in ("binary", "multiclass"):
            raise ValueError(f"Unknown label type {kind!r}: y must be class labels (ints or "
                             f"strings), got values such as {y[:3].tolist()}; discretise a "
                             "numeric target into classes first")
        classes, codes = np.unique(y, return_inverse=True)
        if classes.size < 2:
            raise ValueError(f"{type(self).__name__} needs at least two classes in y, got "
                             f"1 class ({classes[0]!r})")
        if self._binary_only and classes.size > 2:
            raise ValueError(f"Only binary classification is supported: {type(self).__name__} "
                             f"handles binary problems only, y has {classes.size} classes")
        self.classes_ = classes
        return codes.astype(np.intp)

    def _check_n_features_to_select(self, p):
        k = self.n_features_to_select
        if isinstance(k, Integral) and k > p:
            raise ValueError(f"n_features_to_select={k} exceeds the {p} features of X; pass at "
                             f"most {p}, a fraction in (0, 1], or None for all")

    # ------------------------------------------------------------------ selection
    def _get_support_mask(self):
        check_is_fitted(self, "ranking_")
        k = self.n_features_to_select
        p = self.n_features_in_
        if k is None:
            k = p
        elif isinstance(k, float):
            k = max(1, int(round(k * p)))
        return self.ranking_ <= k

    def transform(self, X):
        """Keep the ``n_features_to_select`` best features of ``X``.

        A DataFrame gives a DataFrame of the kept columns (their dtypes, so nominal columns
        stay nominal for the next step of a Pipeline); an array gives an array.
        """
        if isinstance(X, pd.DataFrame):
            check_is_fitted(self, "ranking_")
            validate_data(self, X, skip_check_array=True, reset=False)
            return X.loc[:, self.get_support()]
        return super().transform(X)


def _names(parts, mask):
    names = parts.feature_names or [f"x{j}" for j in range(mask.size)]
    return [names[j] for j in np.flatnonzero(mask)]


def _disagreement(nominal, parts) -> str:
    return (f"categorical marks features {_names(parts, nominal)} nominal, but the "
            f"DataFrame's 'category' columns are {_names(parts, parts.categorical)}; pass one "
            "or the other (leave categorical=None to read the dtypes)")


def _nominal_refused(name, nominal, parts) -> str:
    return (f"{name} treats every feature as numeric, but X has nominal features "
            f"{_names(parts, nominal)}; encode them as numbers first (e.g. one-hot), or use a "
            "ranker that handles nominal features (InfoGain, GainRatio, SymmetricUncertainty, "
            "ChiSquared, OneR, ReliefF, RandomForestRanker, SVMRFE, FCBF)")


def binary_pm1(y):
    """Class codes 0/1 -> -1/+1 (binary problems only, as in Quevedo 2007)."""
    if y.max() > 1:
        raise ValueError("this ranker handles binary problems only (Quevedo 2007, Sec. 4)")
    return np.where(y == 1, 1.0, -1.0)


def top_feature_example(cls_name: str, params: str = "") -> str:
    """The numpydoc Examples section of a ranker of numeric features (the rivals of Quevedo
    2007): feature 2 decides a binary class and comes first; ``params`` go before
    ``n_features_to_select`` in the call (``"n_neighbors=5, "``)."""
    return f"""
    Examples
    --------
    >>> import numpy as np
    >>> from featrank.rankers import {cls_name}
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 4))
    >>> y = (X[:, 2] > 0).astype(int)
    >>> r = {cls_name}({params}n_features_to_select=1).fit(X, y)
    >>> int(r.top_features_[0]), r.transform(X).shape
    (2, (40, 1))
"""
