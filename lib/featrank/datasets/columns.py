"""What a user's feature columns hold that a report must not pass over in silence:
identifier-like columns (text with nearly one value per row), constant columns and missing
values (:func:`column_findings`), and a dataset without some of its columns
(:func:`drop_features`).

An identifier (a name, a free-text note, a row id written as text) read as a nominal feature
has about one row per category: entropy-based rankers such as InfoGain then rank it first,
because it "predicts" every training row, and every comparison built on them is distorted.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from ._dataset import Dataset

#: a nominal column is identifier-like when at least this share of its filled cells hold
#: distinct values...
IDENTIFIER_SHARE = 0.9
#: ... and it holds at least this many distinct values (a tiny table is not judged)
IDENTIFIER_MIN_VALUES = 10


@dataclass(frozen=True)
class ColumnFindings:
    """``identifiers``: {column: (distinct values, filled cells)} of the identifier-like
    nominal columns; ``constant``: {column: its one value, or None when entirely missing};
    ``missing``: {column: missing cells} of the columns with any; ``n_rows``."""
    identifiers: dict
    constant: dict
    missing: dict
    n_rows: int

    @property
    def n_missing(self) -> int:
        return int(sum(self.missing.values()))


def _column(ds: Dataset, j: int) -> pd.Series:
    """Feature ``j`` as a Series of labels (nominal) or floats, NaN where missing."""
    if isinstance(ds.X, pd.DataFrame):
        return ds.X.iloc[:, j]
    col = pd.Series(np.asarray(ds.X[:, j], dtype=float))
    cats = ds.categories[j] if ds.categorical[j] else None
    if cats is None:
        return col
    ok = col.notna()
    return col.where(~ok, col[ok].astype(int).map(lambda c: cats[c] if c < len(cats) else c))


def column_findings(ds: Dataset) -> ColumnFindings:
    """The identifier-like, constant and incomplete feature columns of ``ds``.

    >>> X = pd.DataFrame({"id": pd.Categorical([f"p{i}" for i in range(12)]),
    ...                   "one": [1.0] * 12, "x": [0.5, None, 1.0] * 4})
    >>> f = column_findings(Dataset(X, np.arange(12) % 2, name="toy"))
    >>> f.identifiers, f.constant, f.missing
    ({'id': (12, 12)}, {'one': '1.0'}, {'x': 4})
    """
    ids, const, missing = {}, {}, {}
    for j, name in enumerate(ds.feature_names):
        col = _column(ds, j)
        filled = int(col.notna().sum())
        distinct = int(col.nunique(dropna=True))
        if filled < len(col):
            missing[name] = len(col) - filled
        if distinct <= 1:
            const[name] = str(col.dropna().iloc[0]) if filled else None
        elif (ds.categorical[j] and distinct >= IDENTIFIER_MIN_VALUES
              and distinct >= IDENTIFIER_SHARE * filled):
            ids[name] = (distinct, filled)
    return ColumnFindings(ids, const, missing, int(ds.X.shape[0]))


def drop_features(ds: Dataset, names) -> Dataset:
    """``ds`` without the features ``names`` (a note of them in ``meta["dropped_columns"]``).

    >>> ds = Dataset(np.zeros((4, 3)), [0, 1, 0, 1], feature_names=["a", "b", "c"])
    >>> d = drop_features(ds, ["b"])
    >>> d.feature_names, d.X.shape, d.meta["dropped_columns"]
    (['a', 'c'], (4, 2), ['b'])
    """
    names = list(names)
    keep = [j for j, n in enumerate(ds.feature_names) if n not in set(names)]
    X = ds.X.iloc[:, keep] if isinstance(ds.X, pd.DataFrame) else ds.X[:, keep]
    meta = {**ds.meta, "dropped_columns": [*ds.meta.get("dropped_columns", []), *names]}
    pick = (lambda v: None if v is None else [v[j] for j in keep])
    return replace(ds, X=X, feature_names=[ds.feature_names[j] for j in keep],
                   categorical=np.asarray(ds.categorical)[keep],
                   categories=pick(ds.categories), meta=meta,
                   relevance=None if ds.relevance is None else np.asarray(ds.relevance)[keep],
                   relevant=None, redundant=None)
