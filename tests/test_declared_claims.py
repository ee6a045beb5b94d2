"""Every committed reproduction summary is built from its paper's declared claims: each row
belongs to a declared claim judged by a declared rule, each declared claim has a row, no row
judges "no difference" by non-rejection, and every finding with readings has a headline."""
from pathlib import Path

import pandas as pd
import pytest

from featrank.experiments.claims import COLUMNS, declared_claims, finding_verdicts

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"01_quevedo2007_spe_ranker": "quevedo2007",
            "02_prati2012_rank_aggregation": "prati2012",
            "03_izetta2017_multiclass_list_combination": "izetta2017",
            "04_slavkov2018_eca_score": "slavkov2018",
            "05_slavkov2020_error_curves": "slavkov2020",
            "06_cross_paper_benchmark": "benchmark"}


@pytest.mark.parametrize("notebook", sorted(PACKAGES))
def test_summary_rows_match_the_declared_claims(notebook):
    declared = declared_claims(ROOT / "lib/featrank/experiments" / PACKAGES[notebook]
                               / "claims.toml")
    s = pd.read_csv(ROOT / "data/results" / notebook / "reproduction_summary.csv",
                    keep_default_na=False)
    assert list(s.columns) == list(COLUMNS)
    counted = {i for i, c in declared.items() if "check" not in c["kind"]}
    assert set(s["finding"]) == counted, "rows without a declared claim, or claims without rows"
    for r in s.itertuples():
        assert r.rule in declared[r.finding]["kind"], (r.claim, r.rule)
    assert "no difference" not in set(s["rule"])
    heads = finding_verdicts(s)
    for f, c in declared.items():
        if f in counted and len(c.get("readings", [])) >= 2:
            sup = s.loc[s["finding"] == f, "supported"]
            if c["supported"] == "depends":
                assert heads[f] == "depends" and c["why"]
            else:
                assert (sup == "yes").any(), f"{f}: no row of its supported reading"


@pytest.mark.parametrize("notebook", sorted(PACKAGES))
def test_each_notebook_has_its_specification_curve(notebook):
    spec = pd.read_csv(ROOT / "data/results" / notebook / "specifications.csv",
                       keep_default_na=False)
    s = pd.read_csv(ROOT / "data/results" / notebook / "reproduction_summary.csv",
                    keep_default_na=False)
    assert set(s["finding"]) <= set(spec["finding"])
    assert (ROOT / "figures" / notebook / "specification_curve.png").exists()
