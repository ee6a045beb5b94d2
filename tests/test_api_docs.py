"""The main public functions of evaluate, stats and aggregate carry numpydoc Parameters and
Returns sections and an Examples section that runs (offline, tiny synthetic data). The same
examples run with ``pytest --doctest-modules`` on their modules."""
import doctest

import pytest

from featrank.aggregate import borda, schulze
from featrank.evaluate import eca, eca_vs_random, error_curves, expected_curve
from featrank.stats import friedman, nemenyi_cd

FUNCS = [error_curves, expected_curve, eca, eca_vs_random, friedman, nemenyi_cd, borda,
         schulze]


@pytest.mark.parametrize("func", FUNCS, ids=lambda f: f.__name__)
def test_numpydoc_sections_and_examples_that_run(func):
    doc = func.__doc__
    for section in ("Parameters", "Returns", "Examples"):
        assert f"\n    {section}\n    {'-' * len(section)}\n" in doc, section
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder(recurse=False).find(func, func.__name__,
                                                           globs=dict(func.__globals__)):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0
