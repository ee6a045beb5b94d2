"""Readers for the formats of the papers' datasets, each reading the files as published.

Every reader returns a :class:`~featrank.datasets.Dataset`. ARFF goes through
:mod:`featrank.datasets.arff`; the others are small text formats (UCI robot ``lp*.data``,
KEEL ``.dat``, the transposed ``colon.txt``, whitespace tables); a user's CSV file goes
through :mod:`featrank.datasets.csvfile` (:func:`load_csv`, importable from here too).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ._dataset import Dataset, target_index
from .arff import ArffData, read_arff, read_text
from .csvfile import CSV_NA_VALUES, MAX_NUMBER_CLASSES, load_csv  # noqa: F401 (a reader of this index)


def arff_to_dataset(arff: ArffData, *, target="last", drop=(), name=None) -> Dataset:
    """Turn parsed ARFF into a ``Dataset``.

    ``target``: ``"last"`` (Weka's default), ``"first"`` (e.g. ``lung-cancer``), an attribute
    name or an index. ``drop``: attribute names left out (identifiers such as ``IDENTIF``).
    Nominal features become codes 0..k-1 in declared order; string/date attributes become
    nominal with labels in order of first appearance. Rows whose class is missing are dropped
    (Weka cannot train on them either); their number goes to ``meta["dropped_rows"]``.
    """
    attrs = arff.attributes
    names = [a.name for a in attrs]
    t = target_index(target, names, arff.path)
    keep = [j for j, a in enumerate(attrs) if j != t and a.name not in set(drop)]
    missing = set(drop) - set(names)
    if missing:
        raise ValueError(f"{arff.path}: attributes to drop not found: {sorted(missing)}")
    cls = attrs[t]
    ycol = arff.columns[t]
    if cls.kind == "nominal":
        classes, y = list(cls.values), ycol
    elif cls.kind == "numeric":
        vals = ycol[~np.isnan(ycol)]
        uniq = np.unique(vals)
        _check_numeric_class(cls.name, uniq, arff.path)
        classes = [_num_label(v) for v in uniq]
        y = np.full(len(ycol), np.nan)
        y[~np.isnan(ycol)] = np.searchsorted(uniq, vals)
    else:
        classes, y = _codes_by_appearance(ycol)
    ok = ~np.isnan(y)
    X = np.empty((arff.n_rows, len(keep)))
    categorical = np.zeros(len(keep), dtype=bool)
    categories = [None] * len(keep)
    for k, j in enumerate(keep):
        a = attrs[j]
        if a.kind == "numeric":
            X[:, k] = arff.columns[j]
        elif a.kind == "nominal":
            X[:, k], categorical[k], categories[k] = arff.columns[j], True, list(a.values)
        else:
            labels, codes = _codes_by_appearance(arff.columns[j])
            X[:, k], categorical[k], categories[k] = codes, True, labels
    meta = {"source_file": arff.path, "relation": arff.relation, "target": cls.name,
            "dropped_rows": int((~ok).sum()), "dropped_attributes": list(drop)}
    return Dataset(X[ok], y[ok].astype(np.intp), [attrs[j].name for j in keep], classes,
                   categorical, categories, name or Path(arff.path).stem, meta=meta)


def _check_numeric_class(name, values, path):
    """Refuse a numeric class attribute that is not a handful of class codes: one value that
    is not a whole number, or more than :data:`MAX_NUMBER_CLASSES` distinct ones (a regression
    target, which every method here would silently treat as that many classes).

    >>> _check_numeric_class("y", np.array([1.0, 2.0, 3.0]), "f.arff")      # class codes
    >>> _check_numeric_class("y", np.array([0.5, 1.0]), "f.arff")
    Traceback (most recent call last):
    ...
    ValueError: f.arff: the class attribute 'y' is numeric and looks continuous: 0.5 is not a whole number (2 distinct values), but the rankers and error curves need classes. Bin it into classes first (Weka's Discretize filter, or pandas.qcut on the column) and declare it nominal, e.g. @attribute y {low,mid,high}.
    """
    fraction = next((v for v in values if not float(v).is_integer()), None)
    if fraction is not None:
        why = f"{_num_label(fraction)} is not a whole number"
    elif values.size > MAX_NUMBER_CLASSES:
        why = f"more than {MAX_NUMBER_CLASSES} distinct whole numbers make the classes"
    else:
        return
    raise ValueError(
        f"{path}: the class attribute {name!r} is numeric and looks continuous: {why} "
        f"({values.size} distinct values), but the rankers and error curves need classes. "
        "Bin it into classes first (Weka's Discretize filter, or pandas.qcut on the column) "
        f"and declare it nominal, e.g. @attribute {repr(name) if ' ' in name else name} "
        "{low,mid,high}.")


def _num_label(v):
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _codes_by_appearance(col):
    labels, codes, seen = [], np.full(len(col), np.nan), {}
    for i, v in enumerate(col):
        if v is None:
            continue
        if v not in seen:
            seen[v] = len(labels)
            labels.append(v)
        codes[i] = seen[v]
    return labels, codes


def load_arff(path, *, target="last", drop=(), name=None) -> Dataset:
    """Read a Weka ARFF file into a ``Dataset`` (see :func:`arff_to_dataset`)."""
    return arff_to_dataset(read_arff(path), target=target, drop=drop, name=name)


def _numeric_table(path, sep=None):
    """A numeric text table (whitespace or ``sep`` separated), one row a line; a row of the
    wrong width or a cell that is not a number raises a ``ValueError`` naming its line."""
    numbered = [(k, ln) for k, ln in enumerate(read_text(path).split("\n"), 1) if ln.strip()]
    data = [ln.split() if sep is None else ln.split(sep) for _, ln in numbered]
    if not data:
        raise ValueError(f"{path}: no rows (an empty file)")
    widths = [len(r) for r in data]
    k = next((i for i, w in enumerate(widths) if w != widths[0]), None)
    if k is not None:
        raise ValueError(f"{path}, line {numbered[k][0]}: {widths[k]} values, expected "
                         f"{widths[0]} (as on line {numbered[0][0]})")
    try:
        return np.array(data, dtype=float)
    except ValueError:
        raise _not_a_number(path, numbered, data) from None


def _not_a_number(path, numbered, data) -> ValueError:
    """The error naming the first cell of a numeric table that is not a number."""
    for (line, _), row in zip(numbered, data):
        for j, cell in enumerate(row):
            if not _is_number(cell):
                return ValueError(f"{path}, line {line}, column {j + 1}: {cell.strip()!r} is not "
                                  "a number: not a numeric table (read a file with a header "
                                  "row or text columns with load_csv)")
    return ValueError(f"{path}: not a numeric table")


def load_table(path, *, target="last", sep=None, name=None, header=None) -> Dataset:
    """A numeric table without header (whitespace, or CSV with ``sep=","``), class in the
    ``target`` column (``"last"``/``"first"``/index); classes are the sorted distinct values.
    A cell that is not a number raises a ``ValueError`` naming its line and column."""
    data = _numeric_table(path, sep)
    t = _table_target(target, data.shape[1], path)
    y_raw = data[:, t]
    X = np.delete(data, t, axis=1)
    uniq, y = np.unique(y_raw, return_inverse=True)
    return Dataset(X, y, header, [_num_label(v) for v in uniq], name=name or Path(path).stem,
                   meta={"source_file": str(path)})


def _table_target(target, width, path):
    if target in ("last", -1, None):
        return width - 1
    if target == "first":
        return 0
    if isinstance(target, (int, np.integer)) and -width <= target < width:
        return int(target) % width
    raise ValueError(f"{path}: target must be 'first', 'last' or a column index in "
                     f"[{-width}, {width}) for this {width}-column table, got {target!r}")


ROBOT_CLASSES = {
    "lp1": ["normal", "collision", "fr_collision", "obstruction"],
    "lp2": ["normal", "front_col", "back_col", "right_col", "left_col"],
    "lp3": ["ok", "slightly_moved", "moved", "lost"],
    "lp4": ["normal", "collision", "obstruction"],
    "lp5": ["normal", "bottom_collision", "bottom_obstruction", "collision_in_part",
            "collision_in_tool"],
}


def load_robot(path, *, classes=None, name=None) -> Dataset:
    """UCI Robot Execution Failures ``lpN.data``: each instance is a class line followed by
    15 lines of 6 readings (Fx Fy Fz Tx Ty Tz) -> 90 features ``Fx1 .. Tz15`` (time-major).
    Classes in the order of the UCI description (``ROBOT_CLASSES``) unless given."""
    path = Path(path)
    lines = read_text(path).split("\n")
    labels, rows, cur, start = [], [], None, 0
    for k, ln in enumerate(lines, 1):
        s = ln.strip()
        if not s:
            continue
        if not ln[:1].isspace() and not _is_number(s.split()[0]):
            if cur is not None:
                _close_robot(cur, rows, path, start)
            labels.append(s)
            cur, start = [], k
        else:
            if cur is None:
                raise ValueError(f"{path}, line {k}: readings before the first class line")
            vals = s.split()
            if len(vals) != 6:
                raise ValueError(f"{path}, line {k}: {len(vals)} readings, expected 6")
            cur.append(vals)
    if cur is None:
        raise ValueError(f"{path}: no instance found")
    _close_robot(cur, rows, path, start)
    X = np.array(rows, dtype=float)
    order = classes or ROBOT_CLASSES.get(path.stem.lower())
    if order is None or set(labels) - set(order):
        order = sorted(set(labels))
    idx = {c: i for i, c in enumerate(order)}
    y = np.array([idx[c] for c in labels])
    names = [f"{q}{t}" for t in range(1, 16) for q in ("Fx", "Fy", "Fz", "Tx", "Ty", "Tz")]
    return Dataset(X, y, names, list(order), name=name or path.stem,
                   meta={"source_file": str(path)})


def _close_robot(cur, rows, path, start):
    if len(cur) != 15:
        raise ValueError(f"{path}, line {start}: instance has {len(cur)} readings lines, expected 15")
    rows.append([v for r in cur for v in r])


def _is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def load_colon(path, *, name="colon") -> Dataset:
    """Alon et al. (1999) colon data, **transposed**: line 1 holds the 62 signed tissue ids
    (negative = tumour, positive = normal), then one line of 62 values per gene (2000)."""
    data = _numeric_table(path)
    ids = data[0]
    X = data[1:].T.copy()
    y = (ids < 0).astype(int)  # 0 = normal, 1 = tumour
    names = [f"gene{j + 1}" for j in range(X.shape[1])]
    return Dataset(X, y, names, ["normal", "tumor"], name=name,
                   meta={"source_file": str(path), "tissue_ids": ids.astype(int).tolist()})


SYNTHETIC_CONTROL_CLASSES = ["Normal", "Cyclic", "Increasing trend", "Decreasing trend",
                             "Upward shift", "Downward shift"]


def load_synthetic_control(path, *, name="synthetic-control") -> Dataset:
    """UCI Synthetic Control Chart Time Series: 600 x 60 whitespace table without labels;
    rows 1-100, 101-200, ... are the six classes in UCI order."""
    X = _numeric_table(path)
    if X.shape[0] % 6:
        raise ValueError(f"{path}: {X.shape[0]} rows is not six equal class blocks")
    y = np.repeat(np.arange(6), X.shape[0] // 6)
    names = [f"t{j + 1}" for j in range(X.shape[1])]
    return Dataset(X, y, names, list(SYNTHETIC_CONTROL_CLASSES), name=name,
                   meta={"source_file": str(path)})


def load_waveform_v1(path, *, name="waveform") -> Dataset:
    """UCI Waveform version 1 (Breiman et al. 1984): 21 attributes and the class (0/1/2)
    last, comma separated, no header."""
    ds = load_table(path, sep=",", name=name, header=[f"x{j + 1}" for j in range(21)])
    return ds


def load_keel_dat(path, *, name=None) -> Dataset:
    """A KEEL ``.dat`` file: an optional ``@``-header (skipped; ``@attribute`` lines give the
    names), then comma-separated rows with the class last."""
    text = read_text(path)
    if text.lstrip().startswith("@"):
        from .arff import parse_arff

        body = text.replace("@inputs", "%@inputs").replace("@outputs", "%@outputs")
        body = body.replace("@input", "%@input").replace("@output", "%@output")
        return arff_to_dataset(parse_arff(body, str(path)), name=name)
    data = _numeric_table(path, sep=",")
    uniq, y = np.unique(data[:, -1], return_inverse=True)
    return Dataset(data[:, :-1], y, None, [_num_label(v) for v in uniq],
                   name=name or Path(path).stem, meta={"source_file": str(path)})


MULTIF_VIEWS = [("fou", "mfeat-fou.csv", 76), ("fac", "mfeat-factors.arff", 216),
                ("kar", "mfeat-karhunen.arff", 64), ("pix", "mfeat-pixel.arff", 240),
                ("zer", "mfeat-zernike.arff", 47), ("mor", "mfeat-morphological.arff", 6)]


def load_multif(folder, *, name="Multi-F") -> Dataset:
    """UCI Multiple Features (Duin): the six views joined column-wise in UCI order
    (fou 76, fac 216, kar 64, pix 240, zer 47, mor 6 = 649 features; 2000 digits).
    Checks that every view carries the same labels in the same row order."""
    folder = Path(folder)
    parts, names, y0 = [], [], None
    for tag, fname, _ in MULTIF_VIEWS:
        f = folder / fname
        ds = load_table(f, sep=",") if f.suffix == ".csv" else load_arff(f)
        labels = np.array([int(float(c)) for c in ds.classes])[ds.y]
        labels = labels - labels.min()
        if y0 is None:
            y0 = labels
        elif not np.array_equal(labels, y0):
            raise ValueError(f"{f}: class labels disagree with mfeat-fou row by row")
        parts.append(ds.X)
        names += [f"{tag}_{j + 1}" for j in range(ds.n_features)]
    return Dataset(np.hstack(parts), y0, names, [str(d) for d in range(10)], name=name,
                   meta={"source_file": str(folder), "views": [v[0] for v in MULTIF_VIEWS]})
