"""Every size spec the notebooks and experiments use resolves to the grid it resolved to when
its results were first stored (the result store keys a task by the spec string, not by the
sizes, so a spec that changed its grid would silently change stored numbers).

The digests were recorded from the experiments' own parsers before they shared
:func:`featrank.evaluate.parse_sizes`; each is the sha256 of the JSON list of the grids of
one spec over ``P_VALUES`` (the number of features)."""
import hashlib
import json

import numpy as np
import pytest

from featrank.evaluate import parse_sizes
from featrank.experiments import izetta2017 as I
from featrank.experiments import prati2012 as P
from featrank.experiments import slavkov2020 as S

P_VALUES = list(range(1, 70)) + [90, 100, 166, 200, 256, 279, 500, 561, 617, 1000, 2000,
                                 4026, 7129, 10000, 12600]

SLAVKOV2020 = {"paper": "cdcc488e4306f240", "all": "95fd79904905b4ab",
               "coarse:8": "a34f0b1c0b56ac79", "coarse:16": "13f2d8e423dc1fcb",
               "coarse:7": "04f5d817d42042e1", "coarse:12": "93c4ae6100511e39"}
PRATI2012 = {"all": "95fd79904905b4ab", 2: "ff6ab7d8e5074e0e", 5: "bb1bb83ebf2b0996",
             8: "e83596ad0ac90d22", 10: "2ee56d50303eccbf", "10": "2ee56d50303eccbf",
             20: "0c6c81b274e34e95", 50: "67fce71a01552586"}
IZETTA2017 = {
    ("all", ()): "b66fc66c1b9f7119", ("all", (10, 20)): "b66fc66c1b9f7119",
    ("all", (10, 20, 5)): "b66fc66c1b9f7119", ("all", (10, 20, 25)): "b66fc66c1b9f7119",
    ("coarse:7", ()): "f2ecb8c5a2d6031a", ("coarse:7", (10, 20)): "4a6774ebbad76d45",
    ("coarse:7", (10, 20, 5)): "817da3f085ad3227", ("coarse:7", (10, 20, 25)): "f260c90d5e44068d",
    ("coarse:10", ()): "9bd0fbffa4efe92f", ("coarse:10", (10, 20)): "2321b5752cb40483",
    ("coarse:10", (10, 20, 5)): "71743f619a6f2cea",
    ("coarse:10", (10, 20, 25)): "9a075731286975d0",
    ("coarse:12", ()): "597a6690097fce79", ("coarse:12", (10, 20)): "aad8f32b367f55a5",
    ("coarse:12", (10, 20, 5)): "79043a4dfaa37844",
    ("coarse:12", (10, 20, 25)): "ebb39a505ce23862"}


def digest(grids) -> str:
    return hashlib.sha256(json.dumps([g.tolist() for g in grids]).encode()).hexdigest()[:16]


@pytest.mark.parametrize("spec", sorted(SLAVKOV2020))
def test_slavkov2020_grids_are_unchanged(spec):
    assert digest(S.resolve_sizes(spec, p) for p in P_VALUES) == SLAVKOV2020[spec]


@pytest.mark.parametrize("spec", list(PRATI2012))
def test_prati2012_grids_are_unchanged(spec):
    assert digest(P.curve_sizes(p, spec) for p in P_VALUES) == PRATI2012[spec]


@pytest.mark.parametrize("spec, extra", sorted(IZETTA2017))
def test_izetta2017_grids_are_unchanged(spec, extra):
    grids = (I.size_grid(p, spec, extra=extra) for p in P_VALUES if p >= 2)
    assert digest(grids) == IZETTA2017[(spec, extra)]


def test_grids_worked_by_hand():
    # recorded from the experiments' own parsers, and checkable by hand
    assert S.resolve_sizes("coarse:8", 60).tolist() == [1, 3, 8, 22, 39, 53, 58, 60]
    assert S.resolve_sizes([3, 1, 3, 2], 4).tolist() == [1, 2, 3]
    assert P.curve_sizes(60, 5).tolist() == [1, 16, 30, 45, 60]       # linspace(1, 60, 5)
    assert P.curve_sizes(4, 10).tolist() == [1, 2, 3, 4]               # more points than sizes
    assert I.size_grid(60, "coarse:7", extra=(10, 20)).tolist() == [2, 4, 6, 10, 11, 19, 20,
                                                                       34, 60]
    assert I.size_grid(30, [4, 2, 30], extra=(10, 20)).tolist() == [2, 4, 10, 20, 30]
    assert I.size_grid(5, "all", extra=(10, 20)).tolist() == [2, 3, 4, 5]


def test_one_parser_for_every_spec():
    for p in (7, 60, 561):
        assert np.array_equal(S.resolve_sizes("coarse:16", p), parse_sizes("coarse:16", p))
        assert np.array_equal(P.curve_sizes(p, 9), parse_sizes("even:9", p))
        assert np.array_equal(I.size_grid(p, "coarse:10"),
                              parse_sizes("geometric:10", p, start=2))


def test_bad_specs_are_refused():
    for spec in ("fine", "coarse:x", "geometric:", "even:-2", "every:3"):
        with pytest.raises(ValueError, match="sizes spec|schedule"):
            parse_sizes(spec, 10)
    with pytest.raises(ValueError):
        S.resolve_sizes([0, 2], 10)
    with pytest.raises(ValueError):
        I.size_grid(10, [3, 11])
