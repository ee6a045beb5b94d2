"""R's RobustRankAggreg (Debian: r-base-core, r-cran-robustrankaggreg) run through Rscript:
the oracle of tests/test_aggregate_rra.py and of the RRA bench row."""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile

import numpy as np

MISSING = ("Rscript or the R package RobustRankAggreg is missing: install the Debian packages "
           "r-base-core and r-cran-robustrankaggreg (apt-get install r-base-core "
           "r-cran-robustrankaggreg)")


@functools.lru_cache(maxsize=1)
def r_available() -> bool:
    """Rscript runs and loads RobustRankAggreg."""
    if shutil.which("Rscript") is None:
        return False
    done = subprocess.run(["Rscript", "-e", "suppressMessages(library(RobustRankAggreg))"],
                          capture_output=True, timeout=120)
    return done.returncode == 0


def _vector(values, fmt):
    return "c(" + ", ".join(fmt(v) for v in values) + ")"


def r_script(lists, n_features, top_cutoff=None, full=False) -> str:
    """The R code of ``aggregateRanks(method="RRA")`` on ``lists`` (feature ``i`` named
    ``"f<i>"``), printing ``name<TAB>score`` lines with 17 significant digits."""
    glist = "list(" + ", ".join(_vector(o, lambda v: f'"f{int(v)}"') for o in lists) + ")"
    args = [f"N = {int(n_features)}", f"full = {'TRUE' if full else 'FALSE'}"]
    if top_cutoff is not None:
        args.append("topCutoff = " + _vector(np.broadcast_to(top_cutoff, (len(lists),)),
                                              lambda v: repr(float(v))))
    return ("suppressMessages(library(RobustRankAggreg))\n"
            f"res <- aggregateRanks({glist}, {', '.join(args)})\n"
            'cat(sprintf("%s\\t%.17g\\n", res$Name, res$Score), sep = "")\n')


def run_r(code: str, timeout: float = 600) -> str:
    """Run R ``code`` with Rscript, return its standard output."""
    with tempfile.NamedTemporaryFile("w", suffix=".R", delete=False) as f:
        f.write(code)
    try:
        done = subprocess.run(["Rscript", f.name], capture_output=True, text=True,
                              timeout=timeout)
    finally:
        os.unlink(f.name)
    if done.returncode:
        raise RuntimeError(f"Rscript failed: {done.stderr[-2000:]}")
    return done.stdout


def r_rra_scores(lists, n_features, top_cutoff=None, full=False) -> dict:
    """``{feature index: R's RRA Score}`` for the features the lists name."""
    out = run_r(r_script(lists, n_features, top_cutoff, full))
    scores = {}
    for line in out.splitlines():
        name, value = line.split("\t")
        scores[int(name[1:])] = float(value)
    return scores
