"""The progress bar class: tqdm's notebook widget when ipywidgets is installed, else its text
bar (``tqdm.auto`` would warn "IProgress not found" in every notebook without ipywidgets).
``FEATRANK_PROGRESS=text`` forces the text bar, which papermill's ``--log-output`` passes on
to the terminal (``make paper`` sets both: a widget would stay inside the notebook)."""
from __future__ import annotations

import importlib.util
import os

if (os.environ.get("FEATRANK_PROGRESS") != "text"
        and importlib.util.find_spec("ipywidgets") is not None):
    from tqdm.auto import tqdm
else:
    from tqdm.std import tqdm

__all__ = ["tqdm"]
