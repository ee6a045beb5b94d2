"""The look of every figure: one seaborn theme, one palette, one colour per method.

:data:`METHOD_COLORS` is the single colour table of the compendium, keyed by each method's
full name (the ranker's class name, the aggregator's name, or the paper's own name for
methods only one paper has). :data:`ALIASES` maps the short names the papers print (Prati's
``IG``, ``CS``, ``1R``, ``RLF``, ``BC``, ``SSD``; Quevedo's ``Relief_k``, ``RM``;
Slavkov's ``SVM-RFE``) to those keys. ``RF`` is refused: it is ReliefF in some papers and
random forest in others. Every method has its own colour; the grey of the random ranking and
the black of the ground truth are used by nothing else.

:func:`set_theme` (run when :mod:`featrank.plots` is imported) applies seaborn's ``ticks``
style with the ``tab10`` palette -- the plain white, boxed axes of the papers' figures.
"""
from __future__ import annotations

import matplotlib.colors
import matplotlib.pyplot as plt
import seaborn as sns

#: colour of every method, by full name (one colour each; baselines grey and black)
METHOD_COLORS = {
    # baselines
    "random": "#7f7f7f", "expected": "#7f7f7f", "ground truth": "#000000",
    # single rankers (Prati 2012, Slavkov 2018/2020)
    "InfoGain": "#1f77b4", "GainRatio": "#17becf", "SymmetricUncertainty": "#393b79",
    "ChiSquared": "#bcbd22", "OneR": "#ff9896", "ReliefF": "#2ca02c",
    "RandomForest": "#d62728", "SVMRFE": "#9467bd",
    # rank aggregation (Prati 2012)
    "Borda": "#ff7f0e", "Condorcet": "#8c564b", "Copeland": "#843c39", "Schulze": "#e377c2",
    "MC4": "#6b6ecf", "Lin": "#98df8a",
    # list combination (Izetta 2017); "Condorcet" and "Schulze" as above
    "3Q-SD": "#1b9e77", "Av-SD": "#e6ab02", "Best Rank.": "#7570b3", "K-First": "#d95f02",
    "Zhou C&S": "#6baed6", "Zhou W&W": "#66a61e", "Zhou OVO": "#3f007d",
    # Quevedo 2007 (Relief_k is ReliefF's colour, RM SVM-RFE's: see ALIASES)
    "SPE-ranker": "#e7298a", "SPE w/o GS": "#c994c7", "SM": "#08519c",
    "GSRelief_k": "#74c476", "DM": "#b15928", "R2W2": "#01665e", "FCBF": "#9edae5",
}

#: the papers' short names -> the key of :data:`METHOD_COLORS`
ALIASES = {
    "IG": "InfoGain", "Info Gain": "InfoGain", "GR": "GainRatio", "SU": "SymmetricUncertainty",
    "CS": "ChiSquared", "χ²": "ChiSquared", "1R": "OneR", "OR": "OneR", "RLF": "ReliefF",
    "Relief_k": "ReliefF", "RandomForestRanker": "RandomForest", "Random Forest": "RandomForest",
    "RFor": "RandomForest", "SVM-RFE": "SVMRFE", "RM": "SVMRFE", "SR": "SVMRFE",
    "BC": "Borda", "CD": "Condorcet", "SSD": "Schulze", "SSD-paths": "Schulze",
    "prati_mc4": "MC4", "SPE": "SPE-ranker",
}

#: names that mean different methods in different papers
AMBIGUOUS = {"RF": "ReliefF (Prati's 'RLF') or random forest (Slavkov's 'RF')"}


def method_color(name: str) -> str:
    """The colour of a method, the same in every notebook.

    Parameters
    ----------
    name : str
        A key of :data:`METHOD_COLORS` or :data:`ALIASES`; a variant suffix after ``@``
        (``"K-First@10"``, ``"Av-SD@max_sd"``) takes the method's colour.

    Returns
    -------
    str
        A hex colour. A name of your own gets a fixed colour derived from its letters.

    Raises
    ------
    ValueError
        For an ambiguous short name (``"RF"``).

    Examples
    --------
    >>> method_color("IG") == method_color("InfoGain") == "#1f77b4"
    True
    >>> method_color("K-First@10") == method_color("K-First")
    True
    >>> method_color("RF")
    Traceback (most recent call last):
    ...
    ValueError: 'RF' is ambiguous: ReliefF (Prati's 'RLF') or random forest (Slavkov's 'RF'); use the full name
    """
    base = name.split("@")[0]
    if base in AMBIGUOUS:
        raise ValueError(f"{base!r} is ambiguous: {AMBIGUOUS[base]}; use the full name")
    key = ALIASES.get(base, base)
    if key in METHOD_COLORS:
        return METHOD_COLORS[key]
    fallback = plt.get_cmap("tab20").colors
    return matplotlib.colors.to_hex(fallback[sum(map(ord, base)) % len(fallback)])


def set_theme() -> None:
    """Apply the compendium's seaborn theme (``ticks`` style, ``tab10`` palette, compact
    fonts); :mod:`featrank.plots` runs it on import."""
    sns.set_theme(context="notebook", style="ticks", palette="tab10", font_scale=0.85,
                  rc={"axes.spines.top": True, "axes.spines.right": True,
                      "legend.frameon": False, "savefig.dpi": 120})
