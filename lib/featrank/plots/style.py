"""The look of every figure: one seaborn theme, one palette, one colour per method.

:data:`METHOD_COLORS` is the single colour table of the compendium, keyed by each method's
full name (the ranker's class name, the aggregator's name, or the paper's own name for
methods only one paper has). :data:`ALIASES` maps the short names the papers print (Prati's
``IG``, ``CS``, ``1R``, ``RLF``, ``BC``, ``SSD``; Quevedo's ``Relief_k``, ``RM``;
Slavkov's ``SVM-RFE``) to those keys. Both are read from the registry of methods,
:mod:`featrank.methods`, which says which colours are shared. ``RF`` is refused: it is
ReliefF in some papers and random forest in others. The grey of the random ranking and the
black of the ground truth are used by nothing else.

:func:`set_theme` (run when :mod:`featrank.plots` is imported) applies seaborn's ``ticks``
style with the ``tab10`` palette -- the plain white, boxed axes of the papers' figures.
"""
from __future__ import annotations

import matplotlib.colors
import matplotlib.pyplot as plt
import seaborn as sns

from .. import methods as _methods
from ..methods import AMBIGUOUS

#: colour of every method, by full name (one colour each; baselines grey and black), read
#: from the registry (:data:`featrank.methods.METHODS`)
METHOD_COLORS = {m.id: m.color for m in _methods.METHODS if m.color_of is None}

#: the papers' short names and other aliases -> the key of :data:`METHOD_COLORS`
ALIASES = {name: _methods.method(name).color_key for m in _methods.METHODS
           for name in (m.id, *m.labels.values(), *m.aliases)
           if name not in METHOD_COLORS and name not in AMBIGUOUS}


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
