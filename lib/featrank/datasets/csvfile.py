"""A user's CSV file with a header row, read into a :class:`~featrank.datasets.Dataset` without
guessing: :func:`load_csv` and the checks behind its error messages (separator, decimal
mark, missing-value cells, nominal columns, a pandas index column)."""
from __future__ import annotations

import csv
import io
import re
import warnings
from pathlib import Path

import numpy as np

from ._csv_cells import _csv_features, _lines_text, _nominal_codes, _number_re, _with_missing
from ._dataset import Dataset, list_names, target_index
from .arff import decode_text, read_text


CSV_NA_VALUES = ("", "?", "NA", "N/A", "n/a", "NaN", "nan", "-nan", "NULL", "null", "None",
                 "#N/A", "<NA>")
"""Cell values a CSV reader takes as missing (pandas' defaults and Weka's ``?``)."""

MAX_NUMBER_CLASSES = 20
"""The most distinct whole numbers a class column may hold without ``nominal=[target]``
(more look like a count or a measurement, see :func:`load_csv`)."""



class ContinuousClass(ValueError):
    """A class column that looks continuous (see :func:`load_csv`): ``column``, ``why``,
    ``n_values`` (distinct labels) and ``n_rows``, for callers that phrase their own advice."""

    def __init__(self, message, column, why, n_values, n_rows):
        super().__init__(message)
        self.column, self.why, self.n_values, self.n_rows = column, why, n_values, n_rows


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
        Columns read as nominal whatever their values (categories coded as numbers). Naming
        the class column here says its numbers are class codes (see Raises).

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

        A class column that looks continuous, since every method here needs classes: its
        labels are all numbers and one is not a whole number (``2.5``), or they are more
        than :data:`MAX_NUMBER_CLASSES` (20) distinct whole numbers. The message gives the
        counts and how to bin the column into classes (``pandas.qcut``); pass
        ``nominal=[target]`` when the numbers are class codes.

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
    t = target_index(target, header, src, what="column")
    na = _na_sets(na_values, header, src)
    _check_nominal_names(nominal, header, src)
    classes, y, ok = _csv_classes(header[t], cols[t], na[t], lines, src)
    if header[t] not in set(nominal):
        _check_not_continuous(header[t], classes, int(ok.sum()), decimal, src)
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
                         f"{list_names(header)}")
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


def _na_sets(na_values, header, src):
    """Per column, the set of cell values read as missing."""
    base = set(CSV_NA_VALUES)
    if na_values is None:
        return [base] * len(header)
    if isinstance(na_values, dict):
        unknown = [c for c in na_values if c not in header]
        if unknown:
            raise ValueError(f"{src}: na_values names unknown column(s) {unknown}; "
                             f"{list_names(header)}")
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
        raise ValueError(f"{src}: nominal names unknown column(s) {unknown}; {list_names(header)}")


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


def _check_not_continuous(name, labels, n_rows, decimal, src):
    """Refuse class labels that are numbers and not a handful of class codes: one that is
    not a whole number, or more than :data:`MAX_NUMBER_CLASSES` distinct ones.

    >>> _check_not_continuous("y", ["1", "2", "3"], 9, ".", "f.csv")       # class codes
    >>> _check_not_continuous("y", ["0.5", "1"], 9, ".", "f.csv")
    Traceback (most recent call last):
    ...
    featrank.datasets.csvfile.ContinuousClass: f.csv: the class column 'y' looks continuous: its values are numbers and '0.5' is not a whole number (2 distinct values in 9 rows), but the rankers and error curves need classes. To make classes, bin it first, e.g. with pandas: df['y_class'] = pandas.qcut(df['y'], q=3, labels=['low', 'mid', 'high']), save the file and use target='y_class'. If the numbers are class codes, pass nominal=['y'].
    """
    number = _number_re(decimal)
    if not labels or not all(number.fullmatch(v) for v in labels):
        return
    values = [float(v.replace(decimal, ".")) for v in labels]
    fraction = next((v for v, x in zip(labels, values) if not x.is_integer()), None)
    if fraction is not None:
        why = f"{fraction!r} is not a whole number"
    elif len(labels) > MAX_NUMBER_CLASSES:
        why = f"more than {MAX_NUMBER_CLASSES} distinct whole numbers make the classes"
    else:
        return
    raise ContinuousClass(
        f"{src}: the class column {name!r} looks continuous: its values are numbers and "
        f"{why} ({len(labels)} distinct values in {n_rows} rows), but the rankers and error "
        f"curves need classes. To make classes, bin it first, e.g. with pandas: "
        f"df[{name + '_class'!r}] = pandas.qcut(df[{name!r}], q=3, labels=['low', 'mid', "
        f"'high']), save the file and use target={name + '_class'!r}. If the numbers are "
        f"class codes, pass nominal=[{name!r}].", name, why, len(labels), n_rows)


def _warn_header_numbers(header, feats, src, hline):
    """A header of numbers is likely the first data row of a file without a header."""
    names = [header[k] for k in feats]
    if all(_number_re(".").fullmatch(h) for h in names):
        _warn(f"{src}, line {hline}: every feature name is a number ({list_names(names, 5)}); "
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
