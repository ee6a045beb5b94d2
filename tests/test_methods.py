"""The registry of methods (featrank.methods): one colour per method, factories that build
what they say, labels that resolve back, every name the committed tables use resolves, and
the tables read from it (colours, the benchmark's, the papers' factories) agree with it."""
import functools
import pathlib

import numpy as np
import pandas as pd
import pytest

from featrank import aggregate, methods as M
from featrank.aggregate import COMBINERS
from featrank.experiments import izetta2017 as I
from featrank.experiments import prati2012 as P
from featrank.experiments import quevedo2007 as Q
from featrank.experiments import slavkov2018 as S18
from featrank.experiments import slavkov2020 as S20
from featrank.experiments.benchmark import data as B
from featrank.plots import ALIASES, METHOD_COLORS, method_color

RESULTS = pathlib.Path(__file__).resolve().parent.parent / "data" / "results"
#: each notebook's labels in the registry
NOTEBOOK_PAPER = {"01": "quevedo2007", "02": "prati2012", "03": "izetta2017",
                  "04": "slavkov2018", "05": "slavkov2020", "06": "benchmark"}
#: rows of committed tables that name no method (a count beside the benchmark's mean ranks)
NOT_METHODS = {"n datasets"}
#: the only colours two methods share (the expected curve of a random ranking is its grey)
SHARED = {("random", "expected")}


def test_every_method_has_its_own_colour():
    own = [m for m in M.METHODS if m.color is not None]
    colours = {}
    for m in own:
        colours.setdefault(m.color.lower(), []).append(m.id)
    shared = {tuple(ids) for ids in colours.values() if len(ids) > 1}
    assert shared == SHARED
    for m in M.METHODS:
        if m.color_of is not None:     # a documented share: the method it names has a colour
            assert M.method(m.color_of).color is not None and m.color_of != m.id
            assert m.drawn_color == M.method(m.color_of).color


def test_colour_tables_are_the_registry():
    assert METHOD_COLORS == {m.id: m.color for m in M.METHODS if m.color_of is None}
    assert all(target in METHOD_COLORS for target in ALIASES.values())
    for name in M.names():
        if name not in M.AMBIGUOUS:
            assert method_color(name) == METHOD_COLORS[M.method(name).color_key], name


@pytest.mark.parametrize("m", [m for m in M.METHODS if m.kind == "ranker"], ids=lambda m: m.id)
def test_every_ranker_factory_builds_its_class(m):
    est = m.make()
    assert type(est).__name__ == m.factory
    assert {k: est.get_params()[k] for k in m.params} == dict(m.params)
    if "random_state" in est.get_params():
        assert m.make(random_state=3).get_params()["random_state"] == 3


@pytest.mark.parametrize("m", [m for m in M.METHODS if m.kind == "aggregate"],
                         ids=lambda m: m.id)
def test_every_aggregate_factory_is_its_function(m):
    fn = getattr(aggregate, m.factory)
    assert m.make() is fn and fn.__name__ == m.factory
    bound = m.make(random_state=1)
    assert isinstance(bound, functools.partial) and bound.func is fn


def test_baselines_are_not_built():
    for m in M.methods("baseline"):
        with pytest.raises(ValueError, match="baseline"):
            m.make()


def test_every_label_and_alias_resolves_back():
    for m in M.METHODS:
        assert M.method(m.id) is m
        for paper, name in m.labels.items():
            assert M.method(name, paper) is m and M.label(m.id, paper) == name
        for name in m.aliases:
            assert M.method(name) is m
    assert M.method("K-First@0.05") is M.method("K-First")


def test_a_name_of_two_methods_needs_its_paper():
    owners = {}
    for m in M.METHODS:
        for name in (*m.labels.values(), *m.aliases):
            owners.setdefault(name, set()).add(m.id)
    for name, ids in owners.items():
        if name in M.AMBIGUOUS:
            with pytest.raises(ValueError, match="ambiguous"):
                M.method(name)
        elif len(ids) > 1:      # only an id may take a name another paper gives another method
            assert M.method(name).id == name, name
    # the three cases the module's docstring names
    assert M.method("Condorcet", "izetta2017").factory == "copeland"
    assert M.method("Condorcet", "prati2012").factory == "condorcet"
    assert M.method("MC4", "prati2012").factory == "prati_mc4"
    assert M.method("MC4", "benchmark").factory == "mc4"


def test_look_ups_refuse_what_they_do_not_know():
    with pytest.raises(KeyError):
        M.method("no such method")
    with pytest.raises(ValueError, match="unknown paper"):
        M.method("IG", "prati2013")
    with pytest.raises(KeyError, match="no label"):
        M.label("SPE w/o GS", "benchmark")
    with pytest.raises(ValueError, match="unknown kind"):
        M.methods("scorer")


def _names_in_committed_tables():
    out = []
    for path in sorted(RESULTS.glob("*/*.csv")):
        paper = NOTEBOOK_PAPER.get(path.parent.name[:2])
        if paper is None:
            continue
        header = pd.read_csv(path, nrows=0).columns
        for col in ("ranker", "method"):
            if col in header:
                names = pd.read_csv(path, usecols=[col])[col].dropna().astype(str).unique()
                out += [(paper, name) for name in names if name not in NOT_METHODS]
    return sorted(set(out))


def test_every_name_of_the_committed_tables_resolves():
    names = _names_in_committed_tables()
    assert len(names) > 50            # the tables of all six notebooks were read
    unresolved = []
    for paper, name in names:
        try:
            M.method(name, paper)
        except (KeyError, ValueError):
            unresolved.append((paper, name))
    assert unresolved == []


def test_benchmark_tables_are_the_registry():
    # the order is the order of the benchmark's tasks and tables
    assert list(B.RANKERS) == ["IG", "GR", "SU", "χ²", "OneR", "ReliefF", "RForest", "SVM-RFE",
                               "SPE", "FCBF", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2"]
    assert list(B.AGGREGATES) == ["Borda", "Schulze", "MC4", "K-First", "RRA", "RRF",
                                  "CombMNZ", "Kemeny"]
    assert B.RANKERS["RForest"] == "RandomForestRanker" and B.AGGREGATES["MC4"] == "mc4"
    assert B.BINARY_ONLY == ("RM", "DM", "R2W2")
    assert set(B.NUMERIC_ONLY) == {"SPE", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2"}
    assert set(B.NO_MISSING) == set(B.NUMERIC_ONLY) | {"FCBF"}
    assert B.MAX_CELLS == {"R2W2": 40_000, "RM": 400_000, "DM": 400_000,
                           "GSRelief_k": 2_000_000, "SPE": 2_000_000, "Relief_k": 2_000_000,
                           "SVM-RFE": 2_000_000, "RForest": 5_000_000, "OneR": 5_000_000}
    X = np.array([[0, 1.], [1, 0.], [0, 0.], [1, 1.]] * 5)
    est = B._fit("RForest", X, np.array([0, 1, 0, 1] * 5), 7)
    assert type(est).__name__ == "RandomForestRanker" and est.random_state == 7


def _params(est):
    return type(est).__name__, est.get_params()


@pytest.mark.parametrize("name, degree, C, expected", [
    ("SPE-ranker", 2, None, ("SPERanker", dict(degree=2))),
    ("SPE w/o GS", 3, None, ("SPERanker", dict(degree=3, remove_redundant=False))),
    ("SM", 2, None, ("StoppigliaSM", dict(degree=2))),
    ("Relief_k", 2, None, ("ReliefK", dict(n_neighbors=30))),
    ("GSRelief_k", 2, None, ("GSReliefK", dict(n_neighbors=30))),
    ("RM", 2, None, ("RakotomamonjyRFE", dict(degree=2, C=1.0))),
    ("DM", 1, 100.0, ("DegroeveRFE", dict(degree=1, C=100.0))),
    ("R2W2", 4, None, ("R2W2", dict(degree=4))),
    ("FCBF", 2, None, ("FCBF", {})),
])
def test_quevedo_factory_keeps_the_papers_settings(name, degree, C, expected):
    cls, params = _params(Q.make_ranker(name, degree=degree, C=C))
    assert cls == expected[0]
    assert {k: params[k] for k in expected[1]} == expected[1]
    assert name in Q.RANKERS or name == "FCBF"


def test_slavkov_factories_keep_the_papers_settings():
    mask = np.array([True, False])
    cls, params = _params(S20.make_ranker("ReliefF", mask))
    assert cls == "ReliefF" and params["n_neighbors"] == 10
    cls, params = _params(S20.make_ranker("RandomForest", mask, random_state=5))
    assert cls == "RandomForestRanker"
    assert (params["n_estimators"], params["random_state"]) == (100, 5)
    cls, params = _params(S20.make_ranker("SVM-RFE", [None, ["a", "b"]]))
    assert cls == "SVMRFE" and params["C"] == 0.1
    assert params["categorical"].tolist() == [False, True]      # the nominal mask alone
    assert S20.make_ranker("ReliefF", mask).get_params()["categorical"] is mask
    assert _params(S20.make_ranker("InfoGain"))[0] == "InfoGain"
    assert S18.METHOD_RANKERS == {"IG": "InfoGain", "RF": "RandomForest", "ReliefF": "ReliefF",
                                  "SVM-RFE": "SVM-RFE"}


def test_prati_and_izetta_names_are_the_registry():
    assert P.BASE == {"IG": "InfoGain", "GR": "GainRatio", "SU": "SymmetricUncertainty",
                      "CS": "ChiSquared", "1R": "OneR", "RLF": "ReliefF"}
    for name in (*P.METHODS, *P.KNOWN_EXTRAS):
        M.method(name, "prati2012")
    for m in M.methods("aggregate", "izetta2017"):     # the combiners Izetta's tables name
        assert COMBINERS[m.labels["izetta2017"]] == m.factory
    for paper, names in (("izetta2017", (*I.METHODS, *I.ZHOU)), ("quevedo2007", Q.RANKERS)):
        assert [M.method(m, paper).labels[paper] for m in names] == list(names)
    assert M.method("Zhou W&W", "izetta2017").make(C=0.1).get_params()["method"] == "ww"


def test_where_a_ranker_applies_is_read_from_its_class():
    """The benchmark's flags, derived from the ranker classes, are the ones the stored grid
    of notebook 06 was run with (written out here from the time they were stated twice)."""
    from featrank.experiments.benchmark import data as B
    assert B.BINARY_ONLY == ("RM", "DM", "R2W2")
    assert B.NUMERIC_ONLY == ("SPE", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2")
    assert B.NO_MISSING == ("SPE", "FCBF", "Relief_k", "GSRelief_k", "RM", "DM", "R2W2")
    fcbf = M.method("FCBF")
    assert (fcbf.binary_only, fcbf.numeric_only, fcbf.no_missing) == (False, False, True)
    assert not M.method("Borda").no_missing        # an aggregate takes what its base takes


#: ranker classes without a registry row, each with its reason
NO_ROW = {"BaseRanker": "the base class",
          "MulticlassSVMRFE": "Izetta 2017's per-pair lists, combined by the aggregates; its "
                              "rankings enter the registry as the aggregates' names"}


def test_every_ranker_class_has_a_registry_row():
    """A ranker without a row would silently be left out of notebook 06 and the report."""
    import inspect

    from featrank import rankers
    from featrank.rankers.base import BaseRanker
    classes = {n for n, c in inspect.getmembers(rankers, inspect.isclass)
               if issubclass(c, BaseRanker)}
    rows = {m.factory for m in M.methods("ranker")}
    assert classes - rows == set(NO_ROW), classes - rows - set(NO_ROW)
