"""Per-dataset summaries for the data overview (notebook 00): shape, kinds of features,
missing values and class balance (Prati 2012 Table I prints the majority-class percentage),
and each paper's table of datasets beside ours."""
from __future__ import annotations

import numpy as np

from ._catalog import catalog

#: the columns of :func:`paper_table`
PAPER_TABLE_COLUMNS = ["paper_name", "name", "available", "paper", "ours", "same_shape", "file",
                       "why_missing", "note"]


def paper_table(paper: str):
    """``paper``'s table of datasets beside ours: each shape as ``rows x features x classes``
    (``paper`` as printed, ``ours`` from the catalogue), whether they agree, and for a
    dataset not available here the first part of its source (where to get it).

    >>> t = paper_table("Slavkov2020")
    >>> list(t.columns) == PAPER_TABLE_COLUMNS, bool(t["same_shape"].any())
    (True, True)
    """
    t = catalog(paper)
    t["ours"] = [f"{r.n_samples}x{r.n_features}x{r.n_classes}" for r in t.itertuples()]
    t["paper"] = [f"{r.paper_n_samples}x{r.paper_n_features}x{r.paper_n_classes}"
                  for r in t.itertuples()]
    t["same_shape"] = t["ours"] == t["paper"]
    t["why_missing"] = np.where(t["available"], "", t["source"].str.split(";").str[0])
    return t[PAPER_TABLE_COLUMNS]


def describe(ds) -> dict:
    """One row of facts about a ``Dataset``: ``n_samples, n_features, n_nominal, n_numeric,
    n_classes`` (declared), ``classes_present``, ``majority_pct``/``minority_pct`` (of the
    present classes), ``missing_cells_pct`` and ``rows_with_missing``."""
    counts = np.bincount(ds.y, minlength=ds.n_classes)
    present = counts[counts > 0]
    miss = np.isnan(ds.X)
    n = max(ds.n_samples, 1)
    return dict(name=ds.name, n_samples=ds.n_samples, n_features=ds.n_features,
                n_nominal=int(ds.categorical.sum()), n_numeric=int((~ds.categorical).sum()),
                n_classes=ds.n_classes, classes_present=int(present.size),
                majority_pct=100.0 * present.max() / n if present.size else np.nan,
                minority_pct=100.0 * present.min() / n if present.size else np.nan,
                missing_cells_pct=100.0 * miss.mean() if miss.size else 0.0,
                rows_with_missing=int(miss.any(axis=1).sum()))


OVERVIEW_COLUMNS = ["name", "n_samples", "n_features", "n_nominal", "n_numeric", "n_classes",
                    "classes_present", "majority_pct", "minority_pct", "missing_cells_pct",
                    "rows_with_missing", "loaded", "skipped"]


def overview(names=None, *, max_cells: float | None = None, download: bool = False):
    """``describe`` every available catalogue dataset (or ``names``) as a DataFrame.

    ``max_cells`` skips datasets with more than that many values (n x p, from the catalogue)
    and lists them with ``loaded=False``; unavailable datasets are listed with ``loaded=False``.
    """
    import pandas as pd

    from ._catalog import catalog, load

    cat = catalog().set_index("name")
    names = list(cat.index[cat["available"]]) if names is None else list(names)
    rows = []
    for name in names:
        r = cat.loc[name]
        big = max_cells is not None and r.n_samples * r.n_features > max_cells
        if big or not r.available:
            rows.append(dict(name=name, loaded=False, skipped="size" if big else "unavailable"))
            continue
        rows.append(dict(describe(load(name, download=download)), loaded=True, skipped=""))
    if not rows:  # nothing asked for: the columns all the same, so callers can filter
        return pd.DataFrame({c: pd.Series(dtype=bool if c == "loaded" else object)
                             for c in OVERVIEW_COLUMNS})
    return pd.DataFrame(rows)
