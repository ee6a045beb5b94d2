"""The ARFF reader: against liac-arff as an oracle, and on hand-written edge cases."""
import os
from pathlib import Path

import numpy as np
import pytest

from featrank.datasets import load, parse_arff, read_arff, write_arff
from featrank.datasets.loaders import arff_to_dataset, load_arff

MIRROR = Path(os.environ.get("FEATRANK_DATA", "/nonexistent"))
ORACLE_FILES = ["uci/colic.arff", "uci/credit.g.arff", "uci/glass.arff", "uci/labor.arff",
                "uci/autos.arff", "uci/primary.tumor.arff", "microarray/02_SRBCT.arff"]


@pytest.mark.parametrize("rel", ORACLE_FILES)
def test_matches_liac_arff(rel):
    arff = pytest.importorskip("arff")
    path = MIRROR / rel
    if not path.is_file():
        pytest.skip(f"{rel} not present (FEATRANK_DATA unset or file missing)")
    ref = arff.loads(path.read_text())
    ours = read_arff(path)
    assert [a.name for a in ours.attributes] == [a[0] for a in ref["attributes"]]
    data = ref["data"]
    for j, (name, typ) in enumerate(ref["attributes"]):
        col = [row[j] for row in data]
        if isinstance(typ, list):
            want = np.array([np.nan if v is None else typ.index(v) for v in col], dtype=float)
            assert ours.attributes[j].values == typ
        else:
            want = np.array([np.nan if v is None else v for v in col], dtype=float)
        np.testing.assert_array_equal(ours.columns[j], want, err_msg=f"{rel}: {name}")


SMALL = """% a comment
@RELATION 'toy data'

@ATTRIBUTE 'width cm' NUMERIC
@attribute colour {red, 'dark blue', "light green"}
@Attribute count integer
@attribute note string
@attribute class {yes,no}
@DATA
% comment in the data
1.5, red, 3, 'hello, world', yes

2e1,'dark blue',?,?,no
-0.25 , "light green" , 7 , plain , yes
"""


def test_small_file_every_feature():
    a = parse_arff(SMALL)
    assert a.relation == "toy data"
    assert [x.kind for x in a.attributes] == ["numeric", "nominal", "numeric", "string", "nominal"]
    np.testing.assert_array_equal(a.columns[0], [1.5, 20.0, -0.25])
    np.testing.assert_array_equal(a.columns[1], [0, 1, 2])
    np.testing.assert_array_equal(a.columns[2], [3, np.nan, 7])
    assert list(a.columns[3]) == ["hello, world", None, "plain"]
    ds = arff_to_dataset(a)
    assert ds.shape == (3, 4) and ds.classes == ["yes", "no"] and ds.y.tolist() == [0, 1, 0]
    assert ds.categorical.tolist() == [False, True, False, True]
    assert ds.categories[1] == ["red", "dark blue", "light green"]
    assert ds.categories[3] == ["hello, world", "plain"]


def test_class_first_and_by_name():
    with pytest.raises(ValueError, match=r"class attribute 'width cm' is numeric and looks "
                                         r"continuous: -0\.25 is not a whole number"):
        arff_to_dataset(parse_arff(SMALL), target="first")    # a regression target
    codes = "@relation r\n@attribute c numeric\n@attribute f numeric\n@data\n3,1\n1,2\n3,0\n"
    ds = arff_to_dataset(parse_arff(codes), target="first")
    assert ds.classes == ["1", "3"] and ds.y.tolist() == [1, 0, 1]      # class codes: sorted
    many = "@relation r\n@attribute f numeric\n@attribute c numeric\n@data\n" + "".join(
        f"0,{i}\n" for i in range(21))
    with pytest.raises(ValueError, match="more than 20 distinct whole numbers"):
        arff_to_dataset(parse_arff(many))
    ds = arff_to_dataset(parse_arff(SMALL), target="colour")
    assert ds.classes == ["red", "dark blue", "light green"] and ds.n_features == 4


def test_sparse_rows():
    text = ("@relation s\n@attribute a numeric\n@attribute b numeric\n@attribute c {x,y}\n"
            "@attribute class {p,q}\n@data\n{0 1.5, 3 q}\n{1 2, 2 y}\n{}\n")
    a = parse_arff(text)
    np.testing.assert_array_equal(np.column_stack(a.columns),
                                  [[1.5, 0, 0, 1], [0, 2, 1, 0], [0, 0, 0, 0]])


def test_quoted_question_mark_declared_is_a_value():
    text = ("@relation q\n@attribute a {'?',u,v}\n@attribute b {u,v}\n@attribute c {p,q}\n@data\n"
            "'?',?,p\nu,'?',q\n?,u,p\n")
    a = parse_arff(text)
    np.testing.assert_array_equal(a.columns[0], [0, 1, np.nan])  # '?' declared -> a value
    np.testing.assert_array_equal(a.columns[1], [np.nan, np.nan, 0])  # not declared -> missing


@pytest.mark.parametrize("text, where, what", [
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\n2\n", "line 6", "truncated"),
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\n2,q,3\n", "line 6", "too many"),
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\nx,q\n", "line 6", "not a number"),
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,z\n", "line 5", "not declared"),
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n", "", "no @data"),
    ("@relation r\n@attribute a nonsense\n@data\n", "line 2", "unsupported type"),
    ("@relation r\n@attribute c {p,q\n@data\n", "line 2", "closing"),
    ("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,'p\n", "line 5", "unterminated|truncated|quote"),
    ("hello\n", "line 1", "unexpected header"),
])
def test_malformed_input_names_file_and_line(text, where, what, tmp_path):
    f = tmp_path / "bad.arff"
    f.write_text(text)
    with pytest.raises(ValueError, match=what) as exc:
        read_arff(f)
    assert str(f) in str(exc.value) and where in str(exc.value)


def test_truncated_real_file(tmp_path):
    src = MIRROR / "uci/iris.arff"
    if not src.is_file():
        pytest.skip("iris.arff not present")
    text = src.read_text()
    cut = text[: len(text) - 30]  # cut inside the last rows
    f = tmp_path / "iris_cut.arff"
    f.write_text(cut)
    with pytest.raises(ValueError, match=r"iris_cut\.arff, line \d+"):
        read_arff(f)


def test_write_then_read_round_trip(tmp_path):
    ds = arff_to_dataset(parse_arff(SMALL), name="toy")
    f = write_arff(ds, tmp_path / "toy.arff")
    back = load_arff(f)
    np.testing.assert_array_equal(back.X, ds.X)
    assert back.y.tolist() == ds.y.tolist() and back.categories == ds.categories
    assert back.feature_names == ds.feature_names


def test_load_user_files(tmp_path):
    f = tmp_path / "mine.arff"
    f.write_text(SMALL)
    assert load(f).shape == (3, 4)
    assert load(str(f), target="colour").n_features == 4
    c = tmp_path / "mine.csv"
    c.write_text("a,b,label\n1,x,u\n2,?,v\n3,y,u\n")
    ds = load(c)
    assert ds.shape == (3, 2) and ds.classes == ["u", "v"] and ds.categorical.tolist() == [False, True]
    assert np.isnan(ds.X[1, 1])
    with pytest.raises(FileNotFoundError, match="no such data file"):
        load(tmp_path / "absent.arff")


def test_write_class_first_round_trip(tmp_path):
    ds = arff_to_dataset(parse_arff(SMALL), name="toy")
    f = write_arff(ds, tmp_path / "toy.arff", class_first=True, class_name="label")
    back = load_arff(f, target="first")
    np.testing.assert_array_equal(back.X, ds.X)
    assert back.y.tolist() == ds.y.tolist() and back.meta["target"] == "label"


def test_spaces_and_tabs_around_values():
    text = "@relation t\n@attribute a numeric\n@attribute c {p,'q r'}\n@data\n1 ,\t'q r'\n\t2,  p \n"
    a = parse_arff(text)
    np.testing.assert_array_equal(a.columns[0], [1, 2])
    np.testing.assert_array_equal(a.columns[1], [1, 0])


def _weka_summary():
    import pandas as pd

    return pd.read_csv(Path(__file__).parent / "fixtures" / "weka_arff" / "instances_summary.csv")


@pytest.mark.parametrize("rel", sorted(_weka_summary()["file"].unique()))
def test_reading_agrees_with_weka(rel):
    """Per attribute: type, number of missing values and of distinct values as Weka 3.6.14
    reads the file (tests/fixtures/weka_arff/README.md)."""
    path = MIRROR / rel
    if not path.is_file():
        pytest.skip(f"{rel} not present (FEATRANK_DATA unset or file missing)")
    want = _weka_summary().query("file == @rel").sort_values("index")
    a = read_arff(path)
    assert len(a.attributes) == len(want)
    kinds = {"nominal": "Nom", "numeric": "Num", "string": "Str", "date": "Dat"}
    for (_, w), attr, col in zip(want.iterrows(), a.attributes, a.columns):
        assert kinds[attr.kind] == w.type, attr.name
        if attr.kind in ("nominal", "numeric"):
            miss = np.isnan(col)
            distinct = np.unique(col[~miss]).size
        else:
            miss = np.array([v is None for v in col])
            distinct = len({v for v in col if v is not None})
        assert (int(miss.sum()), distinct) == (w.n_missing, w.n_distinct), f"{rel}: {attr.name}"


def test_bom_crlf_latin1_and_gzip(tmp_path):
    import gzip

    text = "@relation r\n@attribute a numeric\n@attribute c {caf\u00e9,th\u00e9}\n@data\n1,caf\u00e9\n2,th\u00e9\n"
    variants = {"bom.arff": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"),
                "latin1.arff": text.encode("latin-1"),
                "zipped.arff.gz": gzip.compress(text.encode("utf-8"))}
    for fname, raw in variants.items():
        f = tmp_path / fname
        f.write_bytes(raw)
        ds = load_arff(f)
        assert ds.classes == ["caf\u00e9", "th\u00e9"] and ds.y.tolist() == [0, 1], fname
