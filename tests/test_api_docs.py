"""The main public functions of evaluate, stats and aggregate carry numpydoc Parameters and
Returns sections and an Examples section that runs (offline, tiny synthetic data). The same
examples run with ``pytest --doctest-modules`` on their modules."""
import doctest

import pytest

from featrank.aggregate import borda, schulze
from featrank.evaluate import eca, eca_vs_random, error_curves, expected_curve
from featrank.stats import (bayesian_signed_rank, cliques_from_pvalues,
                            corrected_resampled_ttest, friedman, holm_adjust, nemenyi_cd,
                            wilcoxon_holm)

FUNCS = [error_curves, expected_curve, eca, eca_vs_random, friedman, nemenyi_cd, borda,
         schulze, holm_adjust, wilcoxon_holm, cliques_from_pvalues, bayesian_signed_rank,
         corrected_resampled_ttest]


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


# --- every public ranker, aggregator and evaluation function ------------------------------
def _public(module):
    """``(qualified name, object)`` of the public callables a package exports."""
    import importlib
    import inspect

    mod = importlib.import_module(module)
    return [(f"{module}.{name}", getattr(mod, name)) for name in mod.__all__
            if callable(getattr(mod, name)) and name != "BaseRanker"
            and (inspect.isclass(getattr(mod, name)) or inspect.isfunction(getattr(mod, name)))]


PUBLIC = [item for m in ("featrank.rankers", "featrank.aggregate", "featrank.evaluate")
          for item in _public(m)]


def numpydoc_sections(doc: str) -> set[str]:
    """The numpydoc section titles of a docstring (a title line over a line of dashes)."""
    import inspect

    lines = inspect.cleandoc(doc or "").splitlines()
    return {lines[i].strip() for i in range(len(lines) - 1)
            if lines[i].strip() and set(lines[i + 1].strip()) == {"-"}
            and len(lines[i + 1].strip()) == len(lines[i].strip())}


def required_sections(obj) -> set[str]:
    import inspect

    return {"Parameters", "Examples"} | ({"Attributes"} if inspect.isclass(obj) else {"Returns"})


def test_the_public_lists_are_complete():
    names = {n.rsplit(".", 1)[1] for n, _ in PUBLIC}
    assert {"ReliefF", "ReliefK", "SVMRFE", "borda", "lin", "k_first", "error_curves",
            "spearman_rho", "Curves"} <= names


@pytest.mark.parametrize("name, obj", PUBLIC, ids=[n for n, _ in PUBLIC])
def test_every_public_ranker_aggregator_and_measure_is_documented(name, obj):
    missing = required_sections(obj) - numpydoc_sections(obj.__doc__)
    assert not missing, f"{name} lacks the numpydoc sections {sorted(missing)}"


@pytest.mark.parametrize("name, obj", PUBLIC, ids=[n for n, _ in PUBLIC])
def test_their_examples_run(name, obj):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    module = __import__(obj.__module__, fromlist=["_"])
    for test in doctest.DocTestFinder(recurse=False).find(obj, name, globs=dict(vars(module))):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0


def test_the_section_check_can_fail():
    def undocumented(x):
        """Only prose; no sections."""

    def documented(x):
        """Prose.

        Parameters
        ----------
        x : int

        Returns
        -------
        int

        Examples
        --------
        >>> documented(1)
        1
        """
        return x

    assert required_sections(undocumented) - numpydoc_sections(undocumented.__doc__) == {
        "Parameters", "Returns", "Examples"}
    assert required_sections(documented) <= numpydoc_sections(documented.__doc__)


def test_no_public_name_is_also_a_submodule():
    """A package's lazily exported function must not share its name with a sub-module:
    importing the sub-module (``import featrank.aggregate.kemeny``) would replace the
    function on the package, and ``from featrank.aggregate import kemeny`` would give a
    module that cannot be called."""
    import importlib
    import pkgutil

    import featrank

    clashes = []
    for info in pkgutil.walk_packages(featrank.__path__, "featrank."):
        if not info.ispkg:
            continue
        pkg = importlib.import_module(info.name)
        subs = {m.name for m in pkgutil.iter_modules(pkg.__path__)}
        clashes += [f"{info.name}.{n}" for n in subs & set(getattr(pkg, "__all__", ()))]
    assert not clashes, clashes
