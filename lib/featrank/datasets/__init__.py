"""Datasets: the `Dataset` container, the catalogue of every real dataset of the five papers,
loaders (ARFF, KEEL .dat, robot lp*.data, ...), the encodings the methods need, and (in
sub-modules named after each paper) the papers' synthetic generators.

    >>> from featrank.datasets import load, catalog
    >>> ds = load("chess", as_frame=True)  # doctest: +SKIP
    >>> # = kr-vs-kp; a path to your own .arff/.csv works too; nominal columns as 'category'
    >>> table = catalog("Slavkov2020")     # the paper's Table 1 with availability here
    >>> int(table.shape[0])
    35

Public names are imported lazily (one line per name in ``_API``).
"""
from .._lazy import lazy_exports
from ._dataset import Dataset

_API = {
    # catalogue and loading
    "load": "_catalog",
    "catalog": "_catalog",
    "availability": "_catalog",
    "verify_files": "_catalog",
    "entry": "_catalog",
    # what a run can use here, and what it had to skip
    "available_datasets": "_available",
    "how_to_get": "_available",
    "skipped_datasets": "_available",
    "read_arff": "arff",
    "parse_arff": "arff",
    "write_arff": "arff",
    "load_arff": "loaders",
    "load_csv": "csvfile",
    "ContinuousClass": "csvfile",
    "load_robot": "loaders",
    "load_keel_dat": "loaders",
    "load_colon": "loaders",
    "load_multif": "loaders",
    "describe": "summary",
    "overview": "summary",
    "paper_table": "summary",
    # what a user's columns hold: identifiers, constants, missing values
    "column_findings": "columns",
    "drop_features": "columns",
    # nominal columns: DataFrame 'category' dtypes <-> (float codes, mask)
    "split_frame": "frame",
    "to_frame": "frame",
    # encodings
    "ordinal_codes": "encode",
    "WekaPreprocessor": "encode",
    "weka_smo_encode": "encode",
    # synthetic generators: add one line per public name (module slavkov2020 / quevedo2007 / izetta2017)
    "izetta_artificial": "izetta2017",
}

__getattr__, __dir__ = lazy_exports(__name__, _API)
__all__ = ["Dataset", *_API]
