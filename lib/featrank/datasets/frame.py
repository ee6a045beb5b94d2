"""Which columns are nominal: one reading of ``X`` shared by every ranker, learner and curve.

scikit-learn's convention (``categorical_features="from_dtype"`` of its histogram gradient
boosting): a pandas DataFrame's ``category`` columns are nominal, every other column numeric.
A numpy array is numeric unless a boolean mask says otherwise. Nothing is guessed: a text
(``object``/``string``) column is refused with the fix, never turned into numbers.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"colour": pd.Categorical(["red", "blue", None],
    ...                                             categories=["red", "blue"]),
    ...                    "size": [1.5, 2.0, 3.0]})
    >>> parts = split_frame(df)
    >>> parts.X.tolist()
    [[0.0, 1.5], [1.0, 2.0], [nan, 3.0]]
    >>> parts.categorical.tolist(), parts.categories[0], parts.feature_names
    ([True, False], ['red', 'blue'], ['colour', 'size'])
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ._dataset import Dataset


class FrameParts(NamedTuple):
    """``X`` as floats (nominal columns hold category codes, NaN = missing), the nominal mask,
    each column's category labels (``None`` for numeric columns) and the column names
    (``None`` for an array)."""

    X: np.ndarray
    categorical: np.ndarray
    categories: list
    feature_names: list | None


def split_frame(X, categorical=None, categories=None) -> FrameParts:
    """Read ``X`` (DataFrame, :class:`Dataset`, array) into :class:`FrameParts`.

    ``categorical``: a bool mask of nominal columns. With a DataFrame it is only allowed when
    the frame has no ``category`` column, or when it says the same as the dtypes.
    ``categories``: per column, the labels the codes must refer to (those seen in ``fit``;
    ``None`` for numeric columns): a DataFrame's nominal columns are recoded to them by label,
    so a frame whose categories are ordered differently gives the same codes; a value not
    among them is refused.

    >>> train = split_frame(pd.DataFrame({"c": pd.Categorical(["a", "b"])}))
    >>> test = pd.DataFrame({"c": pd.Categorical(["b", "b"], categories=["b"])})
    >>> split_frame(test, categories=train.categories).X.ravel().tolist()
    [1.0, 1.0]
    """
    if isinstance(X, Dataset):
        mask = X.categorical if categorical is None else categorical
        inner = split_frame(X.X, mask, categories)
        return inner._replace(feature_names=list(X.feature_names),
                              categories=_merge_categories(X.categories, inner.categories))
    if isinstance(X, pd.DataFrame):
        return _split_dataframe(X, categorical, categories)
    if hasattr(X, "toarray") or type(X).__module__.startswith("scipy.sparse"):
        raise TypeError("sparse input is not supported: the rankers and learners need dense "
                        "data; pass X.toarray()")
    arr = _numeric_array(np.asarray(X))
    p = arr.shape[1] if arr.ndim == 2 else 0
    return FrameParts(arr, _check_mask(categorical, p), [None] * p, None)


_TEXT_ERROR = ("X holds text values: pass numbers, or a pandas DataFrame whose nominal "
               "columns have dtype 'category'")


def _numeric_array(arr: np.ndarray) -> np.ndarray:
    """``arr`` as floats; text and complex numbers are refused, an object array of numbers
    is accepted (anything else in it raises numpy's TypeError)."""
    if arr.dtype.kind in "US" or (arr.dtype.kind == "O" and any(
            isinstance(v, (str, bytes)) for v in arr.ravel())):
        raise ValueError(_TEXT_ERROR)
    if arr.dtype.kind == "c" or (arr.dtype.kind == "O" and any(
            isinstance(v, complex) for v in arr.ravel())):
        raise ValueError("Complex data not supported: X must hold real numbers")
    return arr.astype(float)


def _split_dataframe(df: pd.DataFrame, categorical, categories=None) -> FrameParts:
    cols, mask, cats = [], [], []
    for j, name in enumerate(df.columns):
        s = df[name]
        if isinstance(s.dtype, pd.CategoricalDtype):
            ref = categories[j] if categories is not None else None
            codes, labels = _category_codes(s, ref)
            cols.append(codes)
            mask.append(True)
            cats.append(labels)
        elif pd.api.types.is_complex_dtype(s.dtype):
            raise ValueError(f"Complex data not supported: column {name!r} holds complex "
                             "numbers; X must hold real numbers")
        elif pd.api.types.is_bool_dtype(s.dtype) or pd.api.types.is_numeric_dtype(s.dtype):
            cols.append(s.to_numpy(dtype=float, na_value=np.nan))
            mask.append(False)
            cats.append(None)
        else:
            raise ValueError(
                f"column {name!r} has dtype {s.dtype} (text): make it nominal with "
                f"df[{name!r}] = df[{name!r}].astype('category'), or convert it to numbers")
    p = len(cols)
    X = np.column_stack(cols) if p else np.empty((len(df), 0))
    mask = np.asarray(mask, dtype=bool)
    if categorical is not None:
        given = _check_mask(categorical, p)
        if mask.any() and not np.array_equal(given, mask):
            raise ValueError("the categorical mask disagrees with the DataFrame's 'category' "
                             "columns; pass one or the other")
        mask = given
    return FrameParts(X, mask, cats, [str(c) for c in df.columns])


def _category_codes(s: pd.Series, ref) -> tuple[np.ndarray, list]:
    """Float codes (NaN = missing) of a ``category`` column and their labels: the column's
    own, or ``ref``'s, the codes then recoded by label."""
    codes = s.cat.codes.to_numpy().astype(float)
    codes[codes < 0] = np.nan
    labels = [str(c) for c in s.cat.categories]
    if ref is None or list(ref) == labels:
        return codes, labels
    lut = {lab: i for i, lab in enumerate(ref)}
    used = np.unique(codes[~np.isnan(codes)]).astype(int)
    unknown = [labels[c] for c in used if labels[c] not in lut]
    if unknown:
        raise ValueError(f"column {s.name!r} holds value(s) {unknown} that were not among its "
                         f"categories {list(ref)} in fit")
    new = np.array([lut.get(lab, -1) for lab in labels], dtype=float)
    out = np.full(codes.shape, np.nan)
    ok = ~np.isnan(codes)
    out[ok] = new[codes[ok].astype(int)]
    return out, list(ref)


def _check_mask(categorical, p: int) -> np.ndarray:
    if categorical is None:
        return np.zeros(p, dtype=bool)
    m = np.asarray(categorical)
    if m.dtype != bool or m.shape != (p,):
        raise ValueError(f"categorical must be a boolean mask of shape ({p},), "
                         f"got dtype {m.dtype} and shape {m.shape}")
    return m


def _merge_categories(declared, found):
    return [d if d is not None else f for d, f in zip(declared, found)]


def to_frame(ds: Dataset) -> pd.DataFrame:
    """``ds.X`` as a DataFrame: nominal columns as ``category`` with the declared labels, in
    declared order (so codes equal the file's order, as Weka numbers them), numeric as float.

    >>> ds = Dataset([[0, 1.5], [1, 2.0]], [0, 1], ["a", "b"], categorical=[True, False],
    ...              categories=[["x", "y"], None])
    >>> to_frame(ds).dtypes.astype(str).tolist()
    ['category', 'float64']
    """
    X = np.asarray(ds.X, dtype=float)
    data = {}
    for j, name in enumerate(ds.feature_names):
        col = X[:, j]
        if ds.categorical[j]:
            labels = ds.categories[j]
            if labels is None:
                labels = [str(int(v)) for v in np.unique(col[~np.isnan(col)])]
            codes = np.where(np.isnan(col), -1, col).astype(int)
            data[name] = pd.Categorical.from_codes(codes, categories=list(labels))
        else:
            data[name] = col
    return pd.DataFrame(data, columns=list(ds.feature_names))
