"""The `Dataset` container every loader and generator returns."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd


@dataclass
class Dataset:
    """A classification dataset.

    Attributes
    ----------
    X : (n, p) float array; NaN marks a missing value; a nominal feature holds its category
        codes 0..k-1 (as floats), its labels in ``categories``. Or a pandas DataFrame
        (``load(..., as_frame=True)``): nominal features are its ``category`` columns (the
        mask and labels are read from the dtypes when not given, and must agree when given),
        the others numeric; it is kept as it is.
    y : (n,) int array of class codes 0..c-1, labels in ``classes``.
    feature_names : p names.
    classes : c class labels (strings).
    categorical : (p,) bool mask of nominal features.
    categories : per feature, the list of category labels (``None`` for numeric ones).
    name : catalogue name (or the file's stem, for a user's own file).
    relevance : optional ground-truth relevance per feature (synthetic data; higher = more).
    relevant : optional indices of the relevant features (synthetic data).
    redundant : optional groups of mutually redundant features (list of index lists).
    meta : free-form provenance (source file, generator parameters, seed, ...).
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: list = None
    classes: list = None
    categorical: np.ndarray = None
    categories: list = None
    name: str = "unnamed"
    relevance: np.ndarray | None = None
    relevant: np.ndarray | None = None
    redundant: list | None = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self):
        if isinstance(self.X, pd.DataFrame):
            self._take_frame_metadata()
        else:
            self.X = np.asarray(self.X, dtype=float)
        if self.X.ndim != 2:
            raise ValueError(f"{self.name}: X must be 2-D, got shape {self.X.shape}")
        y = np.asarray(self.y)
        if y.ndim != 1 or y.shape[0] != self.X.shape[0]:
            raise ValueError(f"{self.name}: y must be 1-D with {self.X.shape[0]} entries, "
                             f"got shape {y.shape}")
        if not np.issubdtype(y.dtype, np.integer):
            labels, y = np.unique(y, return_inverse=True)
            self.classes = self.classes or [str(c) for c in labels]
        self.y = y.astype(np.intp)
        n, p = self.X.shape
        if self.feature_names is None:
            self.feature_names = [f"x{j}" for j in range(p)]
        if len(self.feature_names) != p:
            raise ValueError(f"{self.name}: {len(self.feature_names)} feature names for {p} features")
        if self.classes is None:
            self.classes = [str(c) for c in range(int(self.y.max()) + 1 if n else 0)]
        if self.categorical is None:
            self.categorical = np.zeros(p, dtype=bool)
        self.categorical = np.asarray(self.categorical, dtype=bool)
        if self.categories is None:
            self.categories = [None] * p

    def _take_frame_metadata(self):
        """Names, nominal mask and labels of a DataFrame ``X`` (its ``category`` columns)."""
        df = self.X
        is_cat = np.array([isinstance(t, pd.CategoricalDtype) for t in df.dtypes], dtype=bool)
        if self.feature_names is None:
            self.feature_names = [str(c) for c in df.columns]
        if self.categorical is None:
            self.categorical = is_cat
        elif not np.array_equal(np.asarray(self.categorical, dtype=bool), is_cat):
            raise ValueError(f"{self.name}: categorical marks columns "
                             f"{np.flatnonzero(self.categorical).tolist()} nominal, but X's "
                             f"'category' columns are {np.flatnonzero(is_cat).tolist()}; "
                             "leave categorical=None to read it from the dtypes")
        if self.categories is None:
            self.categories = [[str(v) for v in df[c].cat.categories] if k else None
                               for c, k in zip(df.columns, is_cat)]

    def _n_missing(self) -> int:
        if isinstance(self.X, pd.DataFrame):
            return int(self.X.isna().to_numpy().sum())
        return int(np.isnan(self.X).sum())

    @property
    def n_samples(self) -> int:
        return self.X.shape[0]

    @property
    def n_features(self) -> int:
        return self.X.shape[1]

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    @property
    def shape(self) -> tuple:
        return self.X.shape

    def __repr__(self) -> str:
        kinds = f"{int(self.categorical.sum())} nominal" if self.categorical.any() else "numeric"
        miss = self._n_missing()
        return (f"Dataset({self.name!r}, n={self.n_samples}, p={self.n_features} ({kinds}), "
                f"classes={self.n_classes}, missing={miss})")


# --------------------------------------------------------------------------- columns
def target_index(target, names, path, what="attribute"):
    if target in (None, "last", -1):
        return len(names) - 1
    if target in ("first", 0):
        return 0
    if isinstance(target, (int, np.integer)):
        if not -len(names) <= target < len(names):
            raise ValueError(f"{path}: target index {target} out of range ({len(names)} {what}s)")
        return int(target) % len(names)
    if target in names:
        return names.index(target)
    raise ValueError(f"{path}: no {what} named {target!r} to use as the class; "
                     f"{list_names(names, what=what)}")


def list_names(names, limit=20, what="column"):
    """``the columns are 'a', 'b', ...`` (the first ``limit`` names)."""
    shown = ", ".join(map(repr, names[:limit]))
    more = f", ... ({len(names)} in all)" if len(names) > limit else ""
    return f"the {what}s are {shown}{more}"
