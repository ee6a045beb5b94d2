"""The profiles of notebook 00, the data overview (the catalogue of every dataset of the five
papers): what each profile loads.

>>> PROFILES["smoke"].max_cells, PROFILES["paper"].max_cells is None
(500000.0, True)
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """Settings of one run of notebook 00.

    Parameters
    ----------
    max_cells : float or None
        Datasets with more cells (rows x columns) are listed but not loaded (None: load all);
        ``smoke`` skips the widest microarrays, whose loading the unit tests cover.
    """
    max_cells: float | None = None


PROFILES = {"smoke": Profile(max_cells=5e5), "quick": Profile(), "paper": Profile()}
