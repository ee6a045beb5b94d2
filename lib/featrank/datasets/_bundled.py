"""Real datasets a fresh install already has: scikit-learn's bundled copies of two UCI sets
of Slavkov et al. (2020) Table 1, iris and wine.

They are catalogue entries of their own (``iris-sklearn``, ``wine-sklearn``: results computed
on them carry that name, never the UCI file's), used by
:func:`featrank.datasets.available_datasets` when ``uci/iris.arff`` or ``uci/wine.arff`` is
absent. Each is the same data as the Weka ARFF file the catalogue describes: same instances in
the same order, same values, same classes, feature names as in the ARFF file. scikit-learn's
iris follows Fisher's paper in three values where UCI's file (and so Weka's, which the paper
used) differs -- UCI's ``iris.names`` lists them: flower 35 has petal width 0.1, flower 38
sepal width 3.1 and petal length 1.5 there; the reader sets those three back to UCI's values.
Every read is checked against the sha256 of the ARFF file's values (``DIGESTS``), so a
scikit-learn release with other data is refused rather than used.

No other scikit-learn dataset is the same data as a dataset of the papers: ``load_digits``
is only the test part of UCI optdigits (Prati uses all 5620 images), ``load_breast_cancer``
is the diagnostic Wisconsin set (569 x 30), not breast-w (699 x 9).
"""
from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

import numpy as np

from ._dataset import Dataset

#: catalogue name -> (scikit-learn loader, its data file under sklearn/, copy of)
BUNDLED = {
    "iris-sklearn": ("load_iris", "datasets/data/iris.csv", "iris"),
    "wine-sklearn": ("load_wine", "datasets/data/wine_data.csv", "wine"),
}
#: sha256 of the values of the UCI/Weka ARFF files as ``load()`` reads them
#: (``X`` as little-endian float64, then ``y`` as little-endian int64; see :func:`digest`)
DIGESTS = {
    "iris": "d2712b028401f0400cb671cb99d85387a1c721d41262f30ecb7b90f029d20a90",
    "wine": "3a28849ef2366c4b9d4e382b3fa5624a66f693c04d7fdcf43c529bbb0bb338d7",
}
#: the ARFF files' feature and class names
NAMES = {
    "iris": (["sepallength", "sepalwidth", "petallength", "petalwidth"],
             ["Iris-setosa", "Iris-versicolor", "Iris-virginica"]),
    "wine": (["Alcohol", "Malic_acid", "Ash", "Alcalinity_of_ash", "Magnesium", "Total_phenols",
              "Flavanoids", "Nonflavanoid_phenols", "Proanthocyanins", "Color_intensity", "Hue",
              "OD280/OD315_of_diluted_wines", "Proline"], ["1", "2", "3"]),
}
#: (row, column, UCI's value) where scikit-learn's copy follows Fisher's paper instead
UCI_VALUES = {"iris": [(34, 3, 0.1), (37, 1, 3.1), (37, 2, 1.5)], "wine": []}


def digest(X, y) -> str:
    """sha256 of a dataset's values: ``X`` as little-endian float64, then ``y`` as int64."""
    return hashlib.sha256(np.ascontiguousarray(X, dtype="<f8").tobytes()
                          + np.ascontiguousarray(y, dtype="<i8").tobytes()).hexdigest()


def copy_of(name: str) -> str:
    """The catalogue dataset a bundled entry is a copy of (``"iris-sklearn"`` -> ``"iris"``)."""
    return BUNDLED[name][2]


def bundled_copy(name: str) -> str | None:
    """The bundled entry holding a copy of catalogue dataset ``name`` (or ``None``)."""
    return next((b for b, (_, _, of) in BUNDLED.items() if of == name), None)


def locate(name: str) -> list[Path] | None:
    """``[path]`` of scikit-learn's data file of bundled entry ``name``, or ``None`` when
    scikit-learn (or that file) is not installed. Does not import scikit-learn."""
    spec = importlib.util.find_spec("sklearn")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / BUNDLED[name][1]
    return [path] if path.is_file() else None


def read(name: str) -> Dataset:
    """scikit-learn's copy, with the ARFF file's names (and UCI's values, for iris);
    ``ValueError`` when its values are not the ARFF file's."""
    import sklearn.datasets  # heavy, and only needed when a bundled copy is read

    loader, rel, of = BUNDLED[name]
    bunch = getattr(sklearn.datasets, loader)()
    X = np.array(bunch.data, dtype=float)
    for i, j, v in UCI_VALUES[of]:
        X[i, j] = v
    y = np.asarray(bunch.target, dtype=np.intp)
    got = digest(X, y)
    if got != DIGESTS[of]:
        raise ValueError(f"{name}: scikit-learn's {loader}() no longer gives the values of the "
                         f"catalogue's {of!r} (sha256 {got[:12]}..., expected "
                         f"{DIGESTS[of][:12]}...); it is not used in its place")
    features, classes = NAMES[of]
    return Dataset(X, y, list(features), list(classes), np.zeros(X.shape[1], bool),
                   [None] * X.shape[1], name,
                   meta={"copy_of": of, "source": f"scikit-learn's sklearn.datasets.{loader}()",
                         "uci_values_restored": [(i, j) for i, j, _ in UCI_VALUES[of]]})
