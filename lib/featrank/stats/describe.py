"""One way to summarise repeated values: their mean and its standard error."""
from __future__ import annotations

import numpy as np


def mean_se(values) -> tuple[float, float]:
    """Mean and its standard error (``sd / sqrt(n)``, ``ddof = 1``; NaN SE for one value).

    >>> m, se = mean_se([1.0, 2.0, 3.0])
    >>> m, round(se, 4)
    (2.0, 0.5774)
    """
    v = np.asarray(values, dtype=float)
    se = v.std(ddof=1) / np.sqrt(v.size) if v.size > 1 else float("nan")
    return float(v.mean()), float(se)
