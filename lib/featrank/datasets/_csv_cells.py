"""The cells of a user's CSV column read as values (for :mod:`.csvfile`): numbers with the
file's decimal mark, labels as sorted codes, missing cells as NaN; and the message naming
every cell that keeps a column meant numeric from being read, with the option that fixes
it."""
from __future__ import annotations

import re
from functools import lru_cache

import numpy as np


@lru_cache(maxsize=None)
def _number_re(decimal):
    """A plain decimal number with ``decimal`` as its mark (no inf, nan or ``_``)."""
    if not isinstance(decimal, str) or len(decimal) != 1 or decimal in "0123456789+-eE":
        raise ValueError(f"decimal must be one character that is not a digit, sign or 'e', "
                         f"got {decimal!r}")
    d = re.escape(decimal)
    return re.compile(rf"[+-]?(\d+{d}?\d*|{d}\d+)([eE][+-]?\d+)?")



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
