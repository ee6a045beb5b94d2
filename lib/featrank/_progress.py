"""The progress bar class: tqdm's notebook widget when ipywidgets is installed, else its text
bar (``tqdm.auto`` would warn "IProgress not found" in every notebook without ipywidgets)."""
from __future__ import annotations

import importlib.util

if importlib.util.find_spec("ipywidgets") is not None:
    from tqdm.auto import tqdm
else:
    from tqdm.std import tqdm

__all__ = ["tqdm"]
