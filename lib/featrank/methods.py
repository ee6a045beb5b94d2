"""The registry of methods: every ranker, aggregate and baseline the notebooks draw or run,
with its names in each paper, its colour, how to build it and where it applies.

One :class:`Method` per method, in one table, :data:`METHODS`; the other tables of the
compendium are read from it: the colours of :mod:`featrank.plots.style`
(``METHOD_COLORS``, ``ALIASES``), the benchmark's ranker and aggregate tables and flags
(:mod:`featrank.experiments.benchmark.data`) and the papers' ``make_ranker`` factories (each
paper keeps its own settings, such as Slavkov's ReliefF k = 10 or Quevedo's degree, and
passes them to :meth:`Method.make`).

A method's ``id`` is its key in the colour table: the ranker's class name or the aggregate's
name (``InfoGain``, ``Borda``), the paper's own name for methods only one paper has
(``SPE w/o GS``, ``3Q-SD``) and ``RandomForest`` for :class:`~featrank.rankers.RandomForestRanker`.
``labels`` are the names each paper prints (``{"prati2012": "IG", "benchmark": "IG"}``); the
stored task parameters hold these strings, so they never change. ``aliases`` are further names
a figure or table may use. The look-ups: :func:`method` (a name -> its method),
:func:`label` (a method -> a paper's name), :func:`methods` and :func:`labels` (the methods or
labels of a kind, a paper, a flag) and :func:`names` (every name resolved without a paper).

Shared colours (the only ones): the expected curve of a random ranking takes the random
ranking's grey; a method with ``color_of`` takes that method's colour -- Quevedo's
``Relief_k`` ReliefF's, ``RM`` SVM-RFE's (the paper's own pairing of the families), and
Prati's MC4 (``prati_mc4``) Dwork's MC4's. A name of one paper may mean another method in
another: Izetta's ``Condorcet`` is Copeland's method, Prati's ``MC4`` is ``prati_mc4``, and
the benchmark's ``MC4`` is Dwork's. Without a paper, an ``id`` wins over a label; ``RF`` is
refused (:data:`AMBIGUOUS`).

The order of :data:`METHODS` is the order of the benchmark's tables (its rankers, then its
aggregates) and of Prati's base rankers.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from . import aggregate, rankers

#: the kinds of method
KINDS = ("ranker", "aggregate", "baseline")
#: the papers (and the cross-paper benchmark) whose labels the registry holds
PAPERS = ("quevedo2007", "prati2012", "izetta2017", "slavkov2018", "slavkov2020", "benchmark")
#: names that mean different methods in different papers
AMBIGUOUS = {"RF": "ReliefF (Prati's 'RLF') or random forest (Slavkov's 'RF')"}


@dataclass(frozen=True)
class Method:
    """One method of the compendium.

    Parameters
    ----------
    id : str
        The canonical name, the key of the colour table.
    kind : str
        ``"ranker"`` (a :mod:`featrank.rankers` estimator), ``"aggregate"`` (a
        :mod:`featrank.aggregate` function) or ``"baseline"`` (drawn, never built).
    factory : str or None
        The class (ranker) or function (aggregate) name in its package; ``None`` for a baseline.
    color : str or None
        Its hex colour; ``None`` when it takes ``color_of``'s.
    labels : mapping
        Paper -> the name that paper prints (see :data:`PAPERS`).
    params : mapping
        Settings that make the method what it is (``SPE w/o GS`` is the SPE-ranker with
        ``remove_redundant=False``); a paper's own settings are passed to :meth:`make`.
    color_of : str or None
        The id of the method whose colour it takes.
    aliases : tuple of str
        Further names it goes by in figures and tables.
    max_cells : int or None
        The largest ``n_samples * n_features`` the benchmark runs it on (a costly ranker).
    """
    id: str
    kind: str
    factory: str | None
    color: str | None
    labels: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    params: Mapping[str, object] = field(default_factory=dict, hash=False, compare=False)
    color_of: str | None = None
    aliases: tuple = ()
    max_cells: int | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: kind {self.kind!r} is not one of {KINDS}")
        if (self.color is None) == (self.color_of is None):
            raise ValueError(f"{self.id}: give either a colour or color_of")
        unknown = set(self.labels) - set(PAPERS)
        if unknown:
            raise ValueError(f"{self.id}: labels of unknown papers {sorted(unknown)}")
        object.__setattr__(self, "labels", MappingProxyType(dict(self.labels)))
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    # where a ranker applies: read from its class (``featrank.rankers.base.BaseRanker``'s
    # ``_binary_only``, ``_allow_nan``, ``_nominal``), never restated here
    @property
    def binary_only(self) -> bool:
        """Two classes only (the ranker class's ``_binary_only``)."""
        return self._flag("_binary_only", False)

    @property
    def numeric_only(self) -> bool:
        """Numeric features only (the ranker class does not set ``_nominal``)."""
        return not self._flag("_nominal", True)

    @property
    def no_missing(self) -> bool:
        """No missing values (the ranker class does not set ``_allow_nan``)."""
        return not self._flag("_allow_nan", True)

    def _flag(self, name: str, default: bool) -> bool:
        if self.kind != "ranker":
            return default
        return bool(getattr(getattr(rankers, self.factory), name))

    @property
    def color_key(self) -> str:
        """The key of its colour in :data:`featrank.plots.METHOD_COLORS`."""
        return self.color_of or self.id

    @property
    def drawn_color(self) -> str:
        """The colour it is drawn in: its own, or ``color_of``'s.

        >>> method("Relief_k").drawn_color == method("ReliefF").color
        True
        """
        return self.color or _BY_ID[self.color_of].color

    def make(self, **settings):
        """The method built with ``settings`` (over its own ``params``): a ranker estimator,
        or the aggregate function (bound to the settings when there are any).

        >>> method("RLF", paper="prati2012").make(n_neighbors=5)
        ReliefF(n_neighbors=5)
        >>> method("SPE w/o GS").make(degree=2)
        SPERanker(degree=2, remove_redundant=False)
        >>> method("Borda").make().__name__
        'borda'
        """
        if self.factory is None:
            raise ValueError(f"{self.id!r} is a baseline: it is drawn, never built")
        kw = {**self.params, **settings}
        if self.kind == "ranker":
            return getattr(rankers, self.factory)(**kw)
        fn = getattr(aggregate, self.factory)
        return functools.partial(fn, **kw) if kw else fn


def _m(id, kind, factory, color, labels=(), **kw) -> Method:
    return Method(id, kind, factory, color, labels=dict(labels), **kw)


_GREY = "#7f7f7f"           # the random ranking and its expected curve

#: every method, in the benchmark's order (rankers, then aggregates), then the baselines
METHODS: tuple[Method, ...] = (
    # single rankers (Prati 2012, Slavkov 2018/2020, the benchmark)
    _m("InfoGain", "ranker", "InfoGain", "#1f77b4",
       {"prati2012": "IG", "slavkov2018": "IG", "slavkov2020": "InfoGain", "benchmark": "IG"},
       aliases=("Info Gain",)),
    _m("GainRatio", "ranker", "GainRatio", "#17becf", {"prati2012": "GR", "benchmark": "GR"}),
    _m("SymmetricUncertainty", "ranker", "SymmetricUncertainty", "#393b79",
       {"prati2012": "SU", "benchmark": "SU"}),
    _m("ChiSquared", "ranker", "ChiSquared", "#bcbd22", {"prati2012": "CS", "benchmark": "χ²"}),
    _m("OneR", "ranker", "OneR", "#ff9896", {"prati2012": "1R", "benchmark": "OneR"},
       aliases=("OR",), max_cells=5_000_000),
    _m("ReliefF", "ranker", "ReliefF", "#2ca02c",
       {"prati2012": "RLF", "slavkov2018": "ReliefF", "slavkov2020": "ReliefF",
        "benchmark": "ReliefF"}),
    _m("RandomForest", "ranker", "RandomForestRanker", "#d62728",
       {"slavkov2018": "RF", "slavkov2020": "RandomForest", "benchmark": "RForest"},
       aliases=("RandomForestRanker", "Random Forest", "RFor"), max_cells=5_000_000),
    _m("SVMRFE", "ranker", "SVMRFE", "#9467bd",
       {"slavkov2018": "SVM-RFE", "slavkov2020": "SVM-RFE", "benchmark": "SVM-RFE"},
       aliases=("SR",), max_cells=2_000_000),
    # Quevedo 2007: the SPE-ranker and its rivals
    _m("SPE-ranker", "ranker", "SPERanker", "#e7298a",
       {"quevedo2007": "SPE-ranker", "benchmark": "SPE"}, aliases=("SPERanker",),
       max_cells=2_000_000),
    _m("SPE w/o GS", "ranker", "SPERanker", "#c994c7", {"quevedo2007": "SPE w/o GS"},
       params={"remove_redundant": False}),
    _m("SM", "ranker", "StoppigliaSM", "#08519c", {"quevedo2007": "SM"},
       aliases=("StoppigliaSM",)),
    _m("FCBF", "ranker", "FCBF", "#9edae5", {"quevedo2007": "FCBF", "benchmark": "FCBF"}),
    _m("ReliefK", "ranker", "ReliefK", None, {"quevedo2007": "Relief_k", "benchmark": "Relief_k"},
       color_of="ReliefF", max_cells=2_000_000),
    _m("GSRelief_k", "ranker", "GSReliefK", "#74c476",
       {"quevedo2007": "GSRelief_k", "benchmark": "GSRelief_k"}, aliases=("GSReliefK",),
       max_cells=2_000_000),
    _m("RakotomamonjyRFE", "ranker", "RakotomamonjyRFE", None,
       {"quevedo2007": "RM", "benchmark": "RM"}, color_of="SVMRFE",
       max_cells=400_000),
    _m("DM", "ranker", "DegroeveRFE", "#b15928", {"quevedo2007": "DM", "benchmark": "DM"},
       aliases=("DegroeveRFE",), max_cells=400_000),
    # R2W2 takes about three minutes on 1000 x 100
    _m("R2W2", "ranker", "R2W2", "#01665e", {"quevedo2007": "R2W2", "benchmark": "R2W2"},
       max_cells=40_000),
    # Zhou & Tuck's multiclass SVM-RFE (Izetta 2017's rivals)
    _m("Zhou C&S", "ranker", "ZhouMSVMRFE", "#6baed6", {"izetta2017": "Zhou C&S"},
       params={"method": "cs"}),
    _m("Zhou W&W", "ranker", "ZhouMSVMRFE", "#66a61e", {"izetta2017": "Zhou W&W"},
       params={"method": "ww"}),
    _m("Zhou OVO", "ranker", "ZhouMSVMRFE", "#3f007d", {"izetta2017": "Zhou OVO"},
       params={"method": "ovo"}),
    # rank aggregation (Prati 2012, the benchmark)
    _m("Borda", "aggregate", "borda", "#ff7f0e", {"prati2012": "BC", "benchmark": "Borda"}),
    _m("Condorcet", "aggregate", "condorcet", "#8c564b", {"prati2012": "CD"}),
    _m("Copeland", "aggregate", "copeland", "#843c39", {"izetta2017": "Condorcet"}),
    _m("Schulze", "aggregate", "schulze", "#e377c2",
       {"prati2012": "SSD", "izetta2017": "Schulze", "benchmark": "Schulze"},
       aliases=("SSD-paths", "Schulze (Floyd-Warshall)")),
    _m("MC4", "aggregate", "mc4", "#6b6ecf", {"prati2012": "MC4-Dwork", "benchmark": "MC4"}),
    _m("prati_mc4", "aggregate", "prati_mc4", None, {"prati2012": "MC4"}, color_of="MC4",
       aliases=("MC4-as-written",)),
    _m("Lin", "aggregate", "lin", "#98df8a", {"prati2012": "Lin"}),
    # list combination (Izetta 2017); its "Condorcet" is Copeland's method, above
    _m("3Q-SD", "aggregate", "q3_sd", "#1b9e77", {"izetta2017": "3Q-SD"}),
    _m("Av-SD", "aggregate", "average_sd", "#e6ab02", {"izetta2017": "Av-SD"}),
    _m("Best Rank.", "aggregate", "best_rank", "#7570b3", {"izetta2017": "Best Rank."}),
    _m("K-First", "aggregate", "k_first", "#d95f02",
       {"izetta2017": "K-First", "benchmark": "K-First"}),
    # beyond the five papers (the benchmark): robust rank aggregation (Kolde et al. 2012),
    # reciprocal rank fusion (Cormack et al. 2009), CombMNZ (Fox & Shaw 1994), Kemeny
    _m("RRA", "aggregate", "rra", "#637939", {"benchmark": "RRA"}),
    _m("RRF", "aggregate", "rrf", "#ad494a", {"benchmark": "RRF"}),
    _m("CombMNZ", "aggregate", "combmnz", "#7b4173", {"benchmark": "CombMNZ"}),
    _m("Kemeny", "aggregate", "kemeny", "#8c6d31", {"benchmark": "Kemeny"}),
    # beyond the five papers and the benchmark: Dwork et al.'s (2001) other Markov chains,
    # DeConde et al.'s (2006) MCT and Kemeny with ties; no paper's tables name them
    _m("MC1", "aggregate", "mc1", "#5254a3"),
    _m("MC2", "aggregate", "mc2", "#9c9ede"),
    _m("MC3", "aggregate", "mc3", "#a55194"),
    _m("MCT", "aggregate", "mct", "#ce6dbd"),
    # Kemeny aggregation with a bucket order (ties) as consensus
    _m("KemenyTies", "aggregate", "kemeny_ties", "#bd9e39", aliases=("Kemeny with ties",)),
    # baselines: drawn, never built
    _m("random", "baseline", None, _GREY),
    _m("expected", "baseline", None, _GREY),
    _m("ground truth", "baseline", None, "#000000"),
)

_BY_ID = {m.id: m for m in METHODS}


def _unique(pairs, what):
    out = {}
    for name, m in pairs:
        if out.setdefault(name, m) is not m:
            raise ValueError(f"{what} {name!r} names both {out[name].id} and {m.id}")
    return out


#: paper -> {label: method}
_BY_LABEL = {p: _unique(((m.labels[p], m) for m in METHODS if p in m.labels), f"{p} label")
             for p in PAPERS}


def _by_name() -> dict:
    """A name of any paper or an alias -> its method, where it names one method only (an id,
    an ambiguous name and a name of two methods are left out)."""
    owners = {}
    for m in METHODS:
        for name in (*m.labels.values(), *m.aliases):
            owners.setdefault(name, set()).add(m.id)
    return {name: _BY_ID[next(iter(ids))] for name, ids in owners.items()
            if len(ids) == 1 and name not in _BY_ID and name not in AMBIGUOUS}


_BY_NAME = _by_name()


def names() -> tuple[str, ...]:
    """Every name :func:`method` resolves without a paper: ids, labels and aliases."""
    return (*_BY_ID, *_BY_NAME)


def method(name: str, paper: str | None = None) -> Method:
    """The method called ``name``: in ``paper``'s labels first, then by id, then by any
    paper's label or alias; a variant suffix after ``@`` (``"K-First@0.05"``) is dropped.

    >>> method("IG").id, method("RForest").id, method("Relief_k").id
    ('InfoGain', 'RandomForest', 'ReliefK')
    >>> method("MC4").factory, method("MC4", paper="prati2012").factory
    ('mc4', 'prati_mc4')
    >>> method("Condorcet", paper="izetta2017").id
    'Copeland'
    >>> method("RF", paper="slavkov2018").id
    'RandomForest'
    >>> method("RF")
    Traceback (most recent call last):
    ...
    ValueError: 'RF' is ambiguous: ReliefF (Prati's 'RLF') or random forest (Slavkov's 'RF'); use the full name
    """
    base = name.split("@")[0]
    if paper is not None:
        if paper not in PAPERS:
            raise ValueError(f"unknown paper {paper!r}; choose one of {PAPERS}")
        if base in _BY_LABEL[paper]:
            return _BY_LABEL[paper][base]
    if base in AMBIGUOUS:
        raise ValueError(f"{base!r} is ambiguous: {AMBIGUOUS[base]}; use the full name")
    found = _BY_ID.get(base) or _BY_NAME.get(base)
    if found is None:
        raise KeyError(f"unknown method {name!r}")
    return found


def label(id: str, paper: str) -> str:
    """The name ``paper`` prints for method ``id`` (or for any name :func:`method` resolves
    without a paper).

    >>> label("InfoGain", "prati2012"), label("RandomForest", "benchmark")
    ('IG', 'RForest')
    >>> label("MC4", "prati2012")        # Dwork's MC4; Prati's own is "prati_mc4"
    'MC4-Dwork'
    """
    m = method(id)
    if paper not in m.labels:
        raise KeyError(f"{m.id!r} has no label in {paper!r}")
    return m.labels[paper]


def methods(kind: str | None = None, paper: str | None = None) -> tuple[Method, ...]:
    """The methods of ``kind`` that ``paper`` labels (either filter optional), in table order.

    >>> [m.labels["prati2012"] for m in methods("ranker", "prati2012")]
    ['IG', 'GR', 'SU', 'CS', '1R', 'RLF']
    """
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    return tuple(m for m in METHODS
                 if (kind is None or m.kind == kind) and (paper is None or paper in m.labels))


def labels(paper: str, kind: str | None = None, **flags) -> tuple[str, ...]:
    """``paper``'s labels of its methods of ``kind`` whose flags are as given, in table order.

    >>> labels("benchmark", binary_only=True)
    ('RM', 'DM', 'R2W2')
    """
    return tuple(m.labels[paper] for m in methods(kind, paper)
                 if all(getattr(m, f) == v for f, v in flags.items()))
