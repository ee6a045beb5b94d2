"""Readers for the formats of the papers' datasets, each reading the files as published.

Every reader returns a :class:`~featrank.datasets.Dataset`. ARFF goes through
:mod:`featrank.datasets.arff`; the others are small text formats (UCI robot ``lp*.data``,
KEEL ``.dat``, the transposed ``colon.txt``, whitespace/CSV tables).
"""
from __future__ import annotations

import csv
import io
import re
import warnings
from functools import lru_cache
from pathlib import Path

import numpy as np

from ._dataset import Dataset
from .arff import ArffData, decode_text, read_arff, read_text


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
    t = _target_index(target, names, arff.path)
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


def _target_index(target, names, path, what="attribute"):
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
                     f"{_list_names(names, what=what)}")


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


CSV_NA_VALUES = ("", "?", "NA", "N/A", "n/a", "NaN", "nan", "-nan", "NULL", "null", "None",
                 "#N/A", "<NA>")
"""Cell values a CSV reader takes as missing (pandas' defaults and Weka's ``?``)."""

_WHITESPACE = r"\s+"
_SEP_CANDIDATES = (",", ";", "\t", "|")
_UNNAMED = re.compile(r"Unnamed: \d+")


def load_csv(path, *, target="last", name=None, sep=",", decimal=".", na_values=None,
             index_col=None, nominal=()) -> Dataset:
    """Read a user's CSV file with a header row into a ``Dataset``, refusing to guess.

    A column whose filled cells are all numbers is numeric; a column whose cells are mostly
    text is nominal. Nothing is coerced silently: a numeric column with stray text, decimal
    commas, a wrong separator, a pandas index column or a target that does not exist raise a
    ``ValueError`` naming the column (and line) and the option that fixes it.

    Parameters
    ----------
    path : str, Path or text stream
        The file (UTF-8, or Latin-1 as a fallback), or an object with a ``read()`` method.
    target : str or int, default "last"
        The class column: its name, its index (after ``index_col`` is removed), ``"last"``
        or ``"first"``.
    name : str, optional
        The dataset's name (default: the file's stem).
    sep : str, default ","
        One character separating the fields (``";"``, ``"\\t"``, ...), or ``r"\\s+"`` for runs
        of blanks. Fields may be quoted with ``"``. The separator is never guessed: a header
        that reads as a single column holding ``;``, a tab, ``,`` or ``|`` raises an error
        saying which ``sep=`` to pass.
    decimal : str, default "."
        The decimal mark of numbers: ``","`` for ``1,5``. With ``decimal=","`` a number
        written with a ``.`` is not a number.
    na_values : str, list or dict, optional
        Cell values that mean "missing", on top of :data:`CSV_NA_VALUES` (``""``, ``?``,
        ``NA``, ``NaN``, ``null``, ...); a dict ``{column: values}`` applies to those columns
        only. Cells are compared after stripping surrounding blanks.
    index_col : int or str, optional
        A column of row labels to leave out (``0`` for the index pandas' ``to_csv`` writes,
        whose header is empty or ``Unnamed: 0``; such a column is an error otherwise).
    nominal : sequence of str, default ()
        Columns read as nominal whatever their values (categories coded as numbers).

    Returns
    -------
    Dataset
        ``X`` as floats (NaN = missing, nominal columns as codes), ``meta`` with
        ``source_file``, ``target``, ``dropped_rows`` (rows without a class label, dropped with
        a warning that gives their lines) and ``index_col``.

    Raises
    ------
    ValueError
        A column that holds numbers but also other values: the message lists the offending
        values with their lines and suggests ``na_values=``, ``nominal=`` or ``decimal=","``
        (for ``1,5``). Also: a one-column header (wrong ``sep``), an unnamed or repeated column
        name, a row with the wrong number of fields, an unknown ``target`` (the columns are
        listed).

    Notes
    -----
    The order of categories is deterministic and independent of the row order: labels that
    are numbers come first in numeric order (``2 < 10``), then the others sorted as text. Class
    labels follow the same rule. A column where numbers make up at least half the filled
    cells counts as numeric (so stray text is an error); one where text is the majority is
    nominal, its numbers becoming categories. A numeric column holding exactly the row
    numbers 0..n-1 (n >= 10) gives a warning that it looks like a pandas index, and a header
    made only of numbers one that the file may lack its header row.

    Examples
    --------
    >>> import io
    >>> text = "height;colour;label\\n1,5;red;a\\n2,0;blue;b\\n?;red;a\\n"
    >>> ds = load_csv(io.StringIO(text), sep=";", decimal=",", name="toy")
    >>> ds
    Dataset('toy', n=3, p=2 (1 nominal), classes=2, missing=1)
    >>> ds.X.tolist(), ds.categories[1], ds.classes
    ([[1.5, 1.0], [2.0, 0.0], [nan, 1.0]], ['blue', 'red'], ['a', 'b'])
    """
    src, stem = _source_names(path)
    _number_re(decimal)  # checks the option before reading
    header, cols, lines, hline = _read_csv(path, sep, src)
    header, cols, index_name = _drop_index_col(header, cols, index_col, src, hline)
    _check_header(header, src, hline, index_col)
    t = _target_index(target, header, src, what="column")
    na = _na_sets(na_values, header, src)
    _check_nominal_names(nominal, header, src)
    classes, y, ok = _csv_classes(header[t], cols[t], na[t], lines, src)
    feats = [k for k in range(len(header)) if k != t]
    X, categories = _csv_features(header, cols, feats, na, lines, decimal, set(nominal), src)
    _warn_header_numbers(header, feats, src, hline)
    _warn_row_numbers(X, categories, [header[k] for k in feats], src)
    categorical = np.array([c is not None for c in categories], dtype=bool)
    meta = {"source_file": src, "target": header[t], "dropped_rows": int((~ok).sum()),
            "index_col": index_name}
    return Dataset(X[ok], y[ok], [header[k] for k in feats], classes, categorical, categories,
                   name or stem, meta=meta)


def _source_names(path):
    """(name for messages, default dataset name) of a path or a text stream."""
    if hasattr(path, "read"):
        label = getattr(path, "name", None)
        return (str(label), Path(str(label)).stem) if label else ("<CSV text>", "csv")
    return str(path), Path(path).stem


@lru_cache(maxsize=None)
def _number_re(decimal):
    """A plain decimal number with ``decimal`` as its mark (no inf, nan or ``_``)."""
    if not isinstance(decimal, str) or len(decimal) != 1 or decimal in "0123456789+-eE":
        raise ValueError(f"decimal must be one character that is not a digit, sign or 'e', "
                         f"got {decimal!r}")
    d = re.escape(decimal)
    return re.compile(rf"[+-]?(\d+{d}?\d*|{d}\d+)([eE][+-]?\d+)?")


def _read_csv(path, sep, src):
    """Header names, one list of stripped cells per column, each row's line, header line."""
    text = path.read() if hasattr(path, "read") else read_text(path)
    records = _split_records(decode_text(text) if isinstance(text, bytes) else text, sep, src)
    if not records:
        raise ValueError(f"{src}: the file is empty (load_csv needs a header row)")
    hline, header = records[0]
    header = [h.strip() for h in header]
    if len(header) < 2:
        raise ValueError(f"{src}, line {hline}: the header reads as a single column "
                         f"{header[0]!r} with sep={sep!r}, so there is no feature besides the "
                         "class" + _sep_hint(header[0], sep))
    body = records[1:]
    for ln, r in body:
        if len(r) != len(header):
            raise ValueError(f"{src}, line {ln}: {len(r)} fields where the header (line "
                             f"{hline}) has {len(header)} columns; check sep= and quoting")
    cols = [list(map(str.strip, c)) for c in zip(*(r for _, r in body))] or [[]] * len(header)
    return header, cols, [ln for ln, _ in body], hline


def _split_records(text, sep, src):
    """(line, fields) of each non-blank record."""
    if sep == _WHITESPACE:
        return [(k, ln.split()) for k, ln in enumerate(text.split("\n"), 1) if ln.strip()]
    if not isinstance(sep, str) or len(sep) != 1:
        raise ValueError(f"sep must be one character or r'\\s+', got {sep!r}")
    reader = csv.reader(io.StringIO(text), delimiter=sep, skipinitialspace=True)
    out = []
    try:
        for fields in reader:
            if len(fields) > 1 or any(f.strip() for f in fields):
                out.append((reader.line_num, fields))
    except csv.Error as exc:
        raise ValueError(f"{src}, line {reader.line_num}: {exc}") from None
    return out


def _drop_index_col(header, cols, index_col, src, hline):
    """Leave out the ``index_col`` column; returns its name too."""
    if index_col is None:
        return header, cols, None
    if isinstance(index_col, (int, np.integer)) and not isinstance(index_col, bool):
        if not 0 <= index_col < len(header):
            raise ValueError(f"{src}: index_col={index_col} out of range ({len(header)} columns "
                             f"on line {hline})")
        k = int(index_col)
    elif index_col in header:
        k = header.index(index_col)
    else:
        raise ValueError(f"{src}: no column named {index_col!r} to use as index_col; "
                         f"{_list_names(header)}")
    keep = [j for j in range(len(header)) if j != k]
    return [header[j] for j in keep], [cols[j] for j in keep], header[k]


def _check_header(header, src, hline, index_col):
    """No feature left, unnamed columns (a row index) and repeated names."""
    where = f"{src}, line {hline}"
    if len(header) < 2:
        raise ValueError(f"{where}: with index_col={index_col!r} left out, no feature remains "
                         "besides the class")
    unnamed = [k for k, h in enumerate(header) if not h or _UNNAMED.fullmatch(h)]
    if unnamed and unnamed[0] == 0 and index_col is None:
        raise ValueError(f"{where}: the first column has no name ({header[0]!r}): a row index "
                         "as pandas' DataFrame.to_csv() or R's write.csv() write it. Pass "
                         "index_col=0 to leave it out, or name it to keep it as a feature")
    if unnamed:
        k = unnamed[0]
        raise ValueError(f"{where}: column {k + 1} has no name ({header[k]!r}); give every "
                         "column a name in the header")
    dup = sorted({h for h in header if header.count(h) > 1})
    if dup:
        raise ValueError(f"{where}: column name(s) {dup} appear more than once; make them unique")


def _sep_hint(cell, sep):
    found = [c for c in _SEP_CANDIDATES if c != sep and c in cell]
    if not found:
        return ""
    c = max(found, key=cell.count)
    return f"; it contains {c!r}: the file looks {c!r}-separated, pass sep={c!r}"


def _list_names(names, limit=20, what="column"):
    """``the columns are 'a', 'b', ...`` (the first ``limit`` names)."""
    shown = ", ".join(map(repr, names[:limit]))
    more = f", ... ({len(names)} in all)" if len(names) > limit else ""
    return f"the {what}s are {shown}{more}"


def _na_sets(na_values, header, src):
    """Per column, the set of cell values read as missing."""
    base = set(CSV_NA_VALUES)
    if na_values is None:
        return [base] * len(header)
    if isinstance(na_values, dict):
        unknown = [c for c in na_values if c not in header]
        if unknown:
            raise ValueError(f"{src}: na_values names unknown column(s) {unknown}; "
                             f"{_list_names(header)}")
        return [base | _as_set(na_values.get(h, ())) for h in header]
    return [base | _as_set(na_values)] * len(header)


def _as_set(values):
    if isinstance(values, (str, int, float)):
        values = [values]
    return {str(v).strip() for v in values}


def _check_nominal_names(nominal, header, src):
    if isinstance(nominal, str):
        raise ValueError(f"{src}: nominal must be a list of column names, got the string "
                         f"{nominal!r} (write nominal=[{nominal!r}])")
    unknown = [c for c in nominal if c not in header]
    if unknown:
        raise ValueError(f"{src}: nominal names unknown column(s) {unknown}; {_list_names(header)}")


def _csv_classes(name, cells, na, lines, src):
    """Class labels, codes and the mask of labelled rows (a warning names unlabelled ones)."""
    vals = _with_missing(cells, na)
    ok = np.array([v is not None for v in vals], dtype=bool)
    if not ok.any():
        raise ValueError(f"{src}: the class column {name!r} holds no label")
    codes, classes = _nominal_codes(vals)
    if not ok.all():
        bad = [lines[i] for i in np.flatnonzero(~ok)]
        _warn(f"{src}: {len(bad)} row(s) without a class label in column {name!r} dropped "
              f"({_lines_text(bad)}); their count is in meta['dropped_rows']")
    return classes, np.where(ok, codes, -1).astype(np.intp), ok


def _with_missing(cells, na):
    """The cells with None for those in ``na`` (the list itself when none is)."""
    if na.isdisjoint(cells):
        return cells
    return [None if v in na else v for v in cells]


def _nominal_codes(vals):
    """Codes (NaN for None) and labels sorted by :func:`_label_key`."""
    labels = sorted({v for v in vals if v is not None}, key=_label_key)
    idx = {v: i for i, v in enumerate(labels)}
    return np.array([np.nan if v is None else idx[v] for v in vals], dtype=float), labels


def _label_key(label):
    """Numbers first, in numeric order, then text in code-point order."""
    if _number_re(".").fullmatch(label):
        return (0, float(label), label)
    return (1, 0.0, label)


def _csv_features(header, cols, feats, na, lines, decimal, nominal, src):
    """The feature matrix and per-feature categories (None = numeric); raises one
    ``ValueError`` listing every column that mixes numbers and other values."""
    X = np.empty((len(lines), len(feats)))
    categories, problems = [], []
    for k, j in enumerate(feats):
        vals = _with_missing(cols[j], na[j])
        if header[j] in nominal:
            X[:, k], cats = _nominal_codes(vals)
        else:
            X[:, k], cats, problem = _csv_column(header[j], vals, lines, decimal)
            problems += [problem] if problem else []
        categories.append(cats)
    if problems:
        raise ValueError(f"{src}: " + "\n".join(problems))
    return X, categories


def _csv_column(name, vals, lines, decimal):
    """(values, categories or None, problem or None) of one column: all numbers -> numeric,
    mostly text -> nominal, otherwise the problem (see :func:`load_csv`)."""
    x = _all_numbers(vals, decimal)
    if x is not None:
        return x, None, None
    number = _number_re(decimal)
    x = np.full(len(vals), np.nan)
    bad = []
    for i, v in enumerate(vals):
        if v is None:
            continue
        if number.fullmatch(v):
            x[i] = float(v.replace(decimal, "."))
        else:
            bad.append(i)
    if not bad:
        return x, None, None
    other = "," if decimal == "." else "."
    alt = [i for i in bad if other in vals[i] and _number_re(other).fullmatch(vals[i])]
    text = sorted(set(bad) - set(alt))
    if 2 * len(text) > sum(v is not None for v in vals):
        codes, labels = _nominal_codes(vals)
        return codes, labels, None
    return x, None, _mixed_message(name, vals, lines, alt, text, other)


def _all_numbers(vals, decimal):
    """The column as floats when every filled cell is a plain number (None otherwise): the
    fast path of :func:`_csv_column`, for the same numbers as its cell-by-cell check."""
    filled = [v for v in vals if v is not None] if None in vals else vals
    chars = set("".join(filled))
    if not chars <= set("0123456789+-eE" + decimal):
        return None
    if decimal != "." and decimal in chars:
        filled = [v.replace(decimal, ".") for v in filled]
    try:
        got = np.fromiter(map(float, filled), float, len(filled))
    except ValueError:
        return None
    if len(filled) == len(vals):
        return got
    x = np.full(len(vals), np.nan)
    x[[v is not None for v in vals]] = got
    return x


def _mixed_message(name, vals, lines, alt, text, other):
    """One line per fault of a column meant numeric, each with the option that fixes it."""
    out = []
    if alt:
        out.append(f"column {name!r} holds numbers written with a {other!r} decimal mark: "
                   f"{_examples(vals, lines, alt)}; pass decimal={other!r}")
    if text:
        tokens = list(dict.fromkeys(vals[i] for i in text))[:5]
        out.append(f"column {name!r} holds numbers and {len(text)} non-numeric value(s): "
                   f"{_examples(vals, lines, text)}; fix them in the file, mark them missing "
                   f"with na_values={{{name!r}: {tokens!r}}}, or pass nominal=[{name!r}] if "
                   "the column is nominal")
    return "\n".join(out)


def _examples(vals, lines, rows, limit=5):
    """``'oops' (line 5), 'x' (lines 7, 9)`` for the first ``limit`` distinct values."""
    by_value = {}
    for i in rows:
        by_value.setdefault(vals[i], []).append(lines[i])
    shown = [f"{v!r} ({_lines_text(ls)})" for v, ls in list(by_value.items())[:limit]]
    more = f", and {len(by_value) - limit} more value(s)" if len(by_value) > limit else ""
    return ", ".join(shown) + more


def _lines_text(lines, limit=5):
    head = ", ".join(map(str, lines[:limit]))
    more = f", ... ({len(lines)} in all)" if len(lines) > limit else ""
    return f"line{'s' if len(lines) > 1 else ''} {head}{more}"


def _warn_header_numbers(header, feats, src, hline):
    """A header of numbers is likely the first data row of a file without a header."""
    names = [header[k] for k in feats]
    if all(_number_re(".").fullmatch(h) for h in names):
        _warn(f"{src}, line {hline}: every feature name is a number ({_list_names(names, 5)}); "
              "if the file has no header row, that row was read as column names: add a header "
              "(or read a headerless numeric table with load_table)")


def _warn_row_numbers(X, categories, names, src):
    """A numeric column holding 0..n-1 (n >= 10) is a pandas index, not a feature."""
    n = X.shape[0]
    for k, cats in enumerate(categories):
        if cats is None and n >= 10 and np.array_equal(X[:, k], np.arange(n)):
            _warn(f"{src}: column {names[k]!r} holds the row numbers 0..{n - 1}, like a pandas "
                  f"index: pass index_col={names[k]!r} to leave it out unless it is a feature")


def _warn(message):
    warnings.warn(message, UserWarning, stacklevel=4)


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
