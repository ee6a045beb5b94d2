"""The rule book's new rules: equivalence, untestable, declared claims, supported readings,
the specification table; and the power formulas against simulation and statsmodels."""
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as ss

from featrank.experiments import claims as C
from featrank.experiments.specifications import specification_table
from featrank.stats import power as P

DECL = '''
[[claim]]
id = "a-beats-b"
words = "A beats B"
where = "Fig. 1"
kind = "direction"

[[claim]]
id = "no-diff"
words = "no significant difference between A and C"
where = "Sec. 4"
kind = ["equivalence"]
margin = 0.02
source = "the paper's own noise"
readings = ["blocks=datasets", "blocks=cells"]
supported = "blocks=datasets"
why = "datasets are the independent units"

[[claim]]
id = "tie-order"
words = "single > pair > combined"
where = "Table 3"
kind = "ordering"
calibrated = true
why = "the tie convention was chosen to reproduce this order"

[[claim]]
id = "coverage"
words = "all datasets found"
where = "Table 1"
kind = "check"
'''


@pytest.fixture
def declared(tmp_path):
    f = tmp_path / "claims.toml"
    f.write_text(DECL)
    return C.declared_claims(f)


def _rows():
    return [C.row("A beats B", "A > B", 0.03, C.direction(0.03, 0.01, 0.001), se=0.01,
                  finding="a-beats-b"),
            C.row("A vs C", "none", 0.001, C.equivalence(0.001, -0.01, 0.012, 0.02),
                  reading="blocks=datasets", finding="no-diff"),
            C.row("A vs C", "none", 0.001, C.equivalence(0.001, -0.05, 0.052, 0.02),
                  reading="blocks=cells", finding="no-diff"),
            C.row("order", "s > p > c", "s > p > c",
                  C.ordering(["s", "p", "c"], {"s": 3, "p": 2, "c": 1}), finding="tie-order")]


def test_declared_summary_fills_supported_and_calibrated(declared):
    t = C.summary_table(_rows(), "quick", declared)
    assert t["supported"].tolist() == ["", "yes", "no", ""]
    assert t.loc[3, "agrees"] == "calibrated" and "chosen" in t.loc[3, "why_not"]
    assert C.finding_verdicts(t).to_dict() == {"a-beats-b": "yes", "no-diff": "yes",
                                               "tie-order": "calibrated"}
    assert set(t["rule"]) == {"direction", "equivalence", "ordering"}


def test_a_row_without_declaration_or_a_declaration_without_row_fails(declared):
    with pytest.raises(ValueError, match="not a declared claim"):
        C.summary_table(_rows() + [C.row("x", 1, 1, C.Verdict("yes", "", "value"))],
                        "quick", declared)
    with pytest.raises(ValueError, match=r"\['tie-order'\] have no summary row"):
        C.summary_table(_rows()[:3], "quick", declared)
    with pytest.raises(ValueError, match="is declared"):
        rows = _rows()
        rows[0]["rule"] = "value"
        C.summary_table(rows, "quick", declared)
    with pytest.raises(ValueError, match="checks_table"):
        C.summary_table(_rows() + [C.row("all found", 7, 7, C.Verdict("yes", "", "check"),
                                         finding="coverage")], "quick", declared)


def test_declarations_are_checked(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text('[[claim]]\nid = "x"\nwords = "w"\nwhere = "p"\nkind = "no difference"\n')
    with pytest.raises(ValueError, match="unknown kind"):
        C.declared_claims(f)
    f.write_text('[[claim]]\nid = "x"\nwords = "w"\nwhere = "p"\nkind = "value"\n'
                 'readings = ["a", "b"]\n')
    with pytest.raises(ValueError, match="name the supported one"):
        C.declared_claims(f)


def test_the_book_has_no_non_rejection_rule():
    assert "no difference" not in C.RULES
    # a wide interval (a test that cannot reject) never gives "yes"
    assert C.equivalence(0.0, -0.5, 0.5, 0.1).agrees == "untestable"


def test_equivalence_rule_matches_two_one_sided_tests():
    rng = np.random.default_rng(1)
    for _ in range(200):
        est, se, margin = rng.normal(0, 0.05), rng.uniform(0.005, 0.05), 0.05
        e = P.equivalence_interval(est, se, margin)
        v = C.equivalence(est, e.low, e.high, margin)
        assert (v.agrees == "yes") == e.equivalent


def test_mde_has_its_power_under_simulation():
    """A one-sided z-test at the MDE rejects 80 % of the time (the formula's promise)."""
    rng = np.random.default_rng(0)
    se = 0.3
    est = rng.normal(P.mde(se), se, 20_000)
    assert abs(np.mean(est / se > ss.norm.ppf(0.95)) - 0.8) < 0.01


def test_wilcoxon_mde_has_its_power_under_simulation():
    rng = np.random.default_rng(0)
    n, shift = 39, P.mde_wilcoxon(1.0, 39)
    rej = [ss.wilcoxon(rng.normal(shift, 1.0, n)).pvalue < 0.05 for _ in range(1500)]
    assert abs(np.mean(rej) - 0.8) < 0.04          # 4 Monte Carlo SE


def test_wilcoxon_untestable_at_six_datasets_with_holm_over_three():
    assert math.isinf(P.mde_wilcoxon(1.0, 6, alpha=0.05 / 3))
    assert C.significance(0, 3, attainable=P.wilcoxon_min_p(6) * 3 <= 0.05).agrees == \
        "untestable"


def test_equivalence_interval_agrees_with_statsmodels():
    sm = pytest.importorskip("statsmodels.stats.weightstats")
    rng = np.random.default_rng(3)
    d = rng.normal(0.01, 0.03, 25)
    se = d.std(ddof=1) / math.sqrt(d.size)
    ours = P.equivalence_interval(d.mean(), se, 0.03, df=d.size - 1)
    p, _, _ = sm.ttost_paired(d, np.zeros_like(d), -0.03, 0.03)
    assert ours.pvalue == pytest.approx(p, rel=1e-9)


def test_smallest_margin_is_shown_with_its_power_at_zero():
    rng = np.random.default_rng(2)
    se = 1.0
    m = P.smallest_margin(se)
    est = rng.normal(0, se, 20_000)
    shown = np.abs(est) + ss.norm.ppf(0.95) * se < m
    assert abs(shown.mean() - 0.8) < 0.01


def test_holm_by_finding_is_holm_within_each_finding():
    p = C.holm_by_finding([0.01, 0.02, 0.04, 0.5], ["a", "a", "b", "b"])
    assert p.tolist() == pytest.approx([0.02, 0.02, 0.08, 0.5])


def test_specification_table_names_the_choice_that_flips(declared):
    t = C.summary_table(_rows(), "quick", declared)
    spec = specification_table(t, extra=[
        {"finding": "a-beats-b", "specification": "blocks=cells", "agrees": "no"}])
    row = spec[spec.finding == "no-diff"]
    assert row["holds"].tolist() == [True, False]
    assert set(row["flipped_by"]) == {"blocks"}
    assert spec[spec.finding == "a-beats-b"]["share_holding"].iloc[0] == 0.5
