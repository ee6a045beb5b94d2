"""A run that lacks datasets someone can have never writes over the committed outputs."""
import pandas as pd

from featrank import config
from featrank.datasets import _available as A


def test_a_run_missing_an_obtainable_dataset_writes_to_scratch(tmp_path, monkeypatch):
    monkeypatch.setenv("FEATRANK_CACHE", str(tmp_path))
    monkeypatch.delenv("FEATRANK_OUTPUT", raising=False)
    nb = "02_prati2012_rank_aggregation"
    config.get_profile(config.committed_profile(nb))
    assert config.writes_committed(nb)
    A._record(nb, [dict(dataset="aapc", notebook=nb, file="jsi/aapc.arff", how_to_get="-")])
    assert config.writes_committed(nb) and A.run_was_complete(nb)     # nobody can get aapc
    A._record(nb, [dict(dataset="sonar", notebook=nb, file="uci/sonar.arff", how_to_get="-")])
    assert not config.writes_committed(nb) and not A.run_was_complete(nb)
    assert config.figures_dir(nb).is_relative_to(tmp_path)


def test_a_notebook_that_recorded_nothing_is_complete(tmp_path):
    assert A.run_was_complete("01_quevedo2007_spe_ranker", folder=tmp_path)
    pd.DataFrame(columns=A.SKIPPED_COLUMNS).to_csv(tmp_path / "x.csv", index=False)
    assert A.run_was_complete("x", folder=tmp_path)
