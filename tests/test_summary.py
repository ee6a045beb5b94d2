import pandas as pd
import pytest

from featrank.experiments import summary as S
from tools import readme, status as T


def test_rows_are_checked_and_completed():
    t = S.summary_table([dict(claim="a", paper=1.0, ours=1.02, se=0.01, agrees="yes"),
                         dict(claim="b", paper="x", ours="y", agrees="partly", why_not="w")],
                        profile="paper")
    assert list(t.columns) == list(S.COLUMNS)
    assert t["profile"].tolist() == ["paper", "paper"] and t["why_not"].tolist() == ["", "w"]


@pytest.mark.parametrize("row, msg", [
    (dict(claim="c", paper=1, ours=2, agrees="maybe", why_not="w"), "agrees must be one of"),
    (dict(claim="c", paper=1, ours=2, agrees="n/a"), "why_not is empty"),
    (dict(claim="c", paper=1, agrees="yes"), "lack the column"),
    (dict(claim="c", paper=1, ours=2, agrees="yes", note="x"), "unknown column"),
])
def test_bad_rows_are_refused(row, msg):
    with pytest.raises(ValueError, match=msg):
        S.summary_table([row], profile="quick")


def test_status_table_and_readme_block(tmp_path, monkeypatch):
    for nb, agrees in (("01_a", ["yes", "no"]), ("02_b", ["partly", "yes", "yes"])):
        d = tmp_path / "results" / nb
        d.mkdir(parents=True)
        rows = [dict(claim=f"c{i}", paper=1, ours=1, agrees=a, why_not="" if a == "yes" else "w")
                for i, a in enumerate(agrees)]
        S.summary_table(rows, "quick").to_csv(d / f"{S.NAME}.csv", index=False)
    st = T.status_table(tmp_path / "results")
    assert st[["notebook", "claims", "findings", "yes", "partly", "no"]].values.tolist() == [
        ["01_a", 2, 2, 1, 0, 1], ["02_b", 3, 3, 2, 1, 0]]
    text = readme.replace_block("top\n<!-- status:begin -->\nold\n<!-- status:end -->\n",
                                "status", T.markdown(st))
    assert "| 01_a | quick | 2 | 2 | 1 | 0 | 1 | 0 | 0 |" in text and "old" not in text


def test_rows_of_one_finding_count_once_and_readings_that_disagree_depend(tmp_path):
    from featrank.experiments.claims import Verdict, row

    d = tmp_path / "01_a"
    d.mkdir()
    rows = [row("per measure F1", 1, 1, Verdict("no", "w"), finding="gap"),
            row("per measure AUC", 1, 1, Verdict("no", "w"), finding="gap"),
            row("Friedman", 1, 1, Verdict("yes"), reading="blocks=datasets", finding="fr"),
            row("Friedman", 1, 1, Verdict("no", "w"), reading="blocks=folds", finding="fr")]
    S.summary_table(rows, "quick").to_csv(d / f"{S.NAME}.csv", index=False)
    st = T.status_table(tmp_path).iloc[0]
    assert (st["claims"], st["findings"], st["no"], st["depends"], st["yes"]) == (4, 2, 1, 1, 0)


def test_status_table_skips_summaries_in_an_older_format(tmp_path):
    d = tmp_path / "03_c"
    d.mkdir()
    pd.DataFrame({"claim": ["x"], "agrees?": ["yes"]}).to_csv(d / f"{S.NAME}.csv", index=False)
    assert T.status_table(tmp_path).empty


def test_fill_status_column_sets_the_last_cell_only():
    text = ("| [02 x](notebooks/02_x.ipynb) | paper | old |\n"
            "| [03 y](notebooks/03_y.ipynb) | p | old |\nother | a |")
    st = pd.DataFrame([dict(notebook="02_x", profile="quick", claims=3, findings=3, yes=1,
                            partly=1, no=1, depends=0, **{"n/a": 0})])
    out = T.fill_status_column(text, st).splitlines()
    assert out[0] == ("| [02 x](notebooks/02_x.ipynb) | paper | "
                      "quick: 1 yes, 1 partly, 1 no, of 3 findings |")
    assert out[1] == "| [03 y](notebooks/03_y.ipynb) | p | – |" and out[2] == "other | a |"


def test_store_table_counts_packed_entries_and_reads_the_bench_estimates(tmp_path):
    from featrank.store import Store, pack

    (tmp_path / "notebooks").mkdir()
    for nb in ("01_a", "02_b"):
        (tmp_path / "notebooks" / f"{nb}.ipynb").write_text("{}")
    (tmp_path / "notebooks" / "committed_profiles.txt").write_text("01_a paper\n02_b quick\n")
    store = tmp_path / "data/results/01_a/store"
    ident = {"task": "m.f", "version": "1", "params": {}, "libs": {}}
    for i, sec in enumerate((1800.0, 3600.0, 1800.0)):
        Store(store).put("fam", f"{i:04x}", ident, i, {}, seconds=sec)
    pack(store)
    Store(store).put("fam", "ffff", ident, 9, {}, seconds=1800.0)      # loose, not packed
    pd.DataFrame({"item": ["nb01 paper profile (estimate)",
                           "nb02 paper profile (estimate, lower bound)",
                           "nb02 paper profile, Table 1 part (estimate)",
                           "nb02 reduced profile (estimate)"],
                  "ours_s": [7200.0, 3600.0, 1.0, 1800.0]}).to_csv(
        tmp_path / "data/results/bench.csv", index=False)
    t = T.store_table(tmp_path)          # profiles from the scratch committed_profiles.txt
    assert t.values.tolist() == [
        ["01_a", "paper", "fam 3", "2.0", "2.0 h"],     # the loose entry is a run in progress
        ["02_b", "quick", "–", "0.0", "1.0 h (lower bound); reduced 0.5 h"]]
