"""A user's CSV file: every doubtful cell gives an error or a warning naming the column or
line and the option that fixes it; nothing is coerced silently."""
import doctest
import io
import os
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from featrank.datasets import load, load_csv
from featrank.datasets import loaders
from featrank.datasets.loaders import CSV_NA_VALUES, load_arff, load_table

MIRROR = Path(os.environ.get("FEATRANK_DATA", "/nonexistent"))


def write(tmp_path, text, name="my.csv"):
    f = tmp_path / name
    f.write_text(text)
    return f


def quiet_load_csv(path, **kw):
    """``load_csv`` turning any warning into an error (clean files warn about nothing)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return load_csv(path, **kw)


# --- a numeric column with stray text -------------------------------------------------------

TYPO = "a,b,label\n1,2,u\n2,oops,v\n3,6,u\n4,8,v\n"


def test_typo_in_numeric_column_names_column_value_line_and_fix(tmp_path):
    with pytest.raises(ValueError) as err:
        load_csv(write(tmp_path, TYPO))
    msg = str(err.value)
    assert "column 'b'" in msg and "'oops' (line 3)" in msg
    assert "na_values={'b': ['oops']}" in msg and "nominal=['b']" in msg


def test_typo_error_lists_every_bad_column_and_line(tmp_path):
    f = write(tmp_path, "a,b,c,label\n1,2,3,u\nx,2,-,v\n3,n.a.,5,u\n4,n.a.,6,v\n5,5,7,u\n")
    with pytest.raises(ValueError) as err:
        load_csv(f)
    msg = str(err.value)
    assert "column 'a'" in msg and "'x' (line 3)" in msg
    assert "column 'b'" in msg and "'n.a.' (lines 4, 5)" in msg
    assert "column 'c'" in msg and "'-' (line 3)" in msg


@pytest.mark.parametrize("na_values", ["oops", ["oops"], {"b": ["oops"]}])
def test_na_values_marks_the_typo_missing(tmp_path, na_values):
    ds = quiet_load_csv(write(tmp_path, TYPO), na_values=na_values)
    assert not ds.categorical.any()
    np.testing.assert_array_equal(ds.X[:, 1], [2, np.nan, 6, 8])


def test_na_values_for_an_unknown_column_is_an_error(tmp_path):
    with pytest.raises(ValueError, match=r"na_values names unknown column\(s\) \['B'\]"):
        load_csv(write(tmp_path, TYPO), na_values={"B": "oops"})


def test_nominal_option_reads_the_column_as_categories(tmp_path):
    ds = quiet_load_csv(write(tmp_path, TYPO), nominal=["b"])
    assert ds.categorical.tolist() == [False, True]
    assert ds.categories[1] == ["2", "6", "8", "oops"]
    np.testing.assert_array_equal(ds.X[:, 1], [0, 3, 1, 2])


def test_infinity_and_underscores_are_not_numbers(tmp_path):
    f = write(tmp_path, "a,b,label\n1,1_000,u\ninf,2,v\n3,3,u\n4,4,v\n")
    with pytest.raises(ValueError) as err:
        load_csv(f)
    assert "'inf' (line 3)" in str(err.value) and "'1_000' (line 2)" in str(err.value)


def test_a_textual_column_stays_nominal(tmp_path):
    ds = quiet_load_csv(write(tmp_path, "size,label\nS,u\nM,v\n10,u\nL,v\n2,u\n"))
    assert ds.categorical.tolist() == [True]
    assert ds.categories[0] == ["2", "10", "L", "M", "S"]


# --- decimal commas and separators -----------------------------------------------------------


def test_decimal_commas_say_to_pass_decimal(tmp_path):
    f = write(tmp_path, 'a,b,label\n1,"1,5",u\n2,"2,25",v\n3,4,u\n')
    with pytest.raises(ValueError) as err:
        load_csv(f)
    msg = str(err.value)
    assert "column 'b'" in msg and "'1,5' (line 2)" in msg and "decimal=','" in msg


def test_decimal_comma_file_reads_with_sep_and_decimal(tmp_path):
    f = write(tmp_path, "a;b;label\n1,5;2;u\n2,25;3;v\n-,5;4;u\n")
    ds = quiet_load_csv(f, sep=";", decimal=",")
    np.testing.assert_array_equal(ds.X, [[1.5, 2], [2.25, 3], [-0.5, 4]])
    assert ds.classes == ["u", "v"]


def test_a_decimal_point_under_decimal_comma_is_named(tmp_path):
    f = write(tmp_path, "a;label\n1,5;u\n2.5;v\n3;u\n")
    with pytest.raises(ValueError, match=r"'2\.5' \(line 3\); pass decimal='\.'"):
        load_csv(f, sep=";", decimal=",")


@pytest.mark.parametrize("sep", [";", "\t"])
def test_a_single_column_header_says_which_sep_to_pass(tmp_path, sep):
    f = write(tmp_path, sep.join(["a", "b", "label"]) + "\n" + sep.join(["1", "2", "u"]) + "\n")
    hint = re.escape(f"pass sep={sep!r}")
    with pytest.raises(ValueError, match=r"line 1: .*single column.*" + hint):
        load_csv(f)
    assert quiet_load_csv(f, sep=sep).shape == (1, 2)


def test_index_col_that_leaves_no_feature_is_an_error(tmp_path):
    with pytest.raises(ValueError, match=r"index_col=0 left out, no feature remains"):
        load_csv(write(tmp_path, ",label\n0,u\n1,v\n"), index_col=0)


def test_whitespace_separator(tmp_path):
    ds = quiet_load_csv(write(tmp_path, "a  b label\n1 2\tu\n 3 4 v\n"), sep=r"\s+")
    np.testing.assert_array_equal(ds.X, [[1, 2], [3, 4]])


def test_a_row_of_the_wrong_width_names_its_line(tmp_path):
    with pytest.raises(ValueError, match=r"line 3: 2 fields where the header \(line 1\) has 3"):
        load_csv(write(tmp_path, "a,b,label\n1,2,u\n3,v\n"))


def test_bad_sep_and_decimal_options(tmp_path):
    f = write(tmp_path, TYPO)
    with pytest.raises(ValueError, match="sep must be one character"):
        load_csv(f, sep=";;")
    with pytest.raises(ValueError, match="decimal must be one character"):
        load_csv(f, decimal="1")


# --- index columns and names -----------------------------------------------------------------


def test_a_pandas_index_column_says_to_pass_index_col(tmp_path):
    df = pd.DataFrame({"a": [1.5, 2.5, 3.5], "label": ["u", "v", "u"]})
    f = tmp_path / "indexed.csv"
    df.to_csv(f)  # header ",a,label", first column 0..2
    with pytest.raises(ValueError, match=r"first column has no name.*index_col=0"):
        load_csv(f)
    ds = quiet_load_csv(f, index_col=0)
    assert ds.feature_names == ["a"] and ds.X[:, 0].tolist() == [1.5, 2.5, 3.5]
    assert ds.meta["index_col"] == ""


def test_an_unnamed_0_column_says_to_pass_index_col(tmp_path):
    f = write(tmp_path, "Unnamed: 0,a,label\n0,1,u\n1,2,v\n")
    with pytest.raises(ValueError, match=r"first column has no name \('Unnamed: 0'\).*index_col=0"):
        load_csv(f)
    assert quiet_load_csv(f, index_col="Unnamed: 0").feature_names == ["a"]


def test_a_named_column_of_row_numbers_warns(tmp_path):
    rows = "".join(f"{i},{i % 3},{'uv'[i % 2]}\n" for i in range(12))
    with pytest.warns(UserWarning, match=r"column 'id' holds the row numbers 0\.\.11.*"
                                         r"index_col='id'"):
        load_csv(write(tmp_path, "id,a,label\n" + rows))


def test_unnamed_and_repeated_columns_are_errors(tmp_path):
    with pytest.raises(ValueError, match=r"column 2 has no name"):
        load_csv(write(tmp_path, "a,,label\n1,2,u\n"))
    with pytest.raises(ValueError, match=r"column name\(s\) \['a'\] appear more than once"):
        load_csv(write(tmp_path, "a,a,label\n1,2,u\n"))


def test_a_header_of_numbers_warns_that_it_may_be_data(tmp_path):
    with pytest.warns(UserWarning, match="every feature name is a number.*no header row"):
        load_csv(write(tmp_path, "5.1,3.5,setosa\n4.9,3.0,setosa\n"))


# --- the class column ------------------------------------------------------------------------


def test_unlabelled_rows_are_dropped_with_a_warning_and_counted(tmp_path):
    f = write(tmp_path, "a,b,label\n1,2,u\n2,3,\n3,4,v\n4,5,?\n5,6,u\n")
    with pytest.warns(UserWarning, match=r"2 row\(s\) without a class label in column 'label' "
                                         r"dropped \(lines 3, 5\)"):
        ds = load_csv(f)
    assert ds.meta["dropped_rows"] == 2 and ds.X[:, 0].tolist() == [1, 3, 5]
    assert ds.y.tolist() == [0, 1, 0]


def test_a_labelled_file_records_zero_dropped_rows(tmp_path):
    assert quiet_load_csv(write(tmp_path, TYPO), nominal=["b"]).meta["dropped_rows"] == 0


def test_a_missing_target_lists_the_columns(tmp_path):
    with pytest.raises(ValueError, match=r"no column named 'class'.*the columns are 'a', 'b', "
                                         r"'label'"):
        load_csv(write(tmp_path, TYPO), target="class")


def test_arff_target_error_lists_the_attributes(tmp_path):
    f = write(tmp_path, "@relation r\n@attribute a numeric\n@attribute c {u,v}\n@data\n1,u\n",
              "my.arff")
    with pytest.raises(ValueError, match=r"no attribute named 'k'.*the attributes are 'a', 'c'"):
        load_arff(f, target="k")


def test_target_by_name_index_and_first(tmp_path):
    f = write(tmp_path, "label,a,b\nu,1,x\nv,2,y\n")
    for target in ("label", 0, "first"):
        ds = quiet_load_csv(f, target=target)
        assert ds.feature_names == ["a", "b"] and ds.classes == ["u", "v"]


# --- order of categories ---------------------------------------------------------------------


def test_categories_sorted_numbers_first_and_independent_of_row_order(tmp_path):
    rows = ["x,10,u", "y,2,v", "x,9,u", "z,1,v"]
    a = quiet_load_csv(write(tmp_path, "c,k,label\n" + "\n".join(rows) + "\n", "a.csv"),
                       nominal=["k"])
    b = quiet_load_csv(write(tmp_path, "c,k,label\n" + "\n".join(rows[::-1]) + "\n", "b.csv"),
                       nominal=["k"])
    assert a.categories == b.categories == [["x", "y", "z"], ["1", "2", "9", "10"]]
    np.testing.assert_array_equal(a.X, b.X[::-1])


def test_numeric_class_labels_sort_numerically(tmp_path):
    ds = quiet_load_csv(write(tmp_path, "a,label\n1,10\n2,2\n3,1\n"))
    assert ds.classes == ["1", "2", "10"] and ds.y.tolist() == [2, 1, 0]


# --- clean files, streams, the doctest -------------------------------------------------------


def test_a_clean_file_reads_as_pandas_reads_it(tmp_path):
    rng = np.random.default_rng(0)
    df = pd.DataFrame(rng.normal(size=(40, 5)).round(6), columns=list("abcde"))
    df["colour"] = rng.choice(["red", "green"], 40)
    df["label"] = rng.choice(["no", "yes"], 40)
    df.loc[::7, "a"] = np.nan
    f = tmp_path / "clean.csv"
    df.to_csv(f, index=False)
    ds = quiet_load_csv(f)
    np.testing.assert_array_equal(ds.X[:, :5], df[list("abcde")].to_numpy())
    assert ds.categories[5] == ["green", "red"] and ds.classes == ["no", "yes"]
    np.testing.assert_array_equal(ds.X[:, 5], (df["colour"] == "red").to_numpy())


def test_a_text_stream_reads_like_a_file(tmp_path):
    ds = quiet_load_csv(io.StringIO(TYPO), na_values="oops", name="s")
    assert ds.name == "s" and ds.shape == (4, 2)


def test_a_binary_stream_is_decoded(tmp_path):
    ds = quiet_load_csv(io.BytesIO("a,label\n1,\u00e9t\u00e9\n2,hiver\n".encode("latin-1")))
    assert ds.classes == ["hiver", "\u00e9t\u00e9"]


def test_default_missing_markers():
    assert {"", "?", "NA", "NaN"} <= set(CSV_NA_VALUES)


def test_load_csv_docstring_example_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(loaders.load_csv, "load_csv", globs={"load_csv": load_csv}):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted >= 3
    assert runner.summarize(verbose=False).failed == 0


# --- load(): a user's file and its options ---------------------------------------------------


def test_load_of_an_existing_txt_file_names_the_format(tmp_path, monkeypatch):
    write(tmp_path, "a,label\n1,u\n", "my.txt")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"unsupported format '\.txt': use \.arff or \.csv "
                                         r"\(with a header row\)"):
        load("my.txt")


def test_load_of_a_file_without_extension_names_the_format(tmp_path, monkeypatch):
    write(tmp_path, "a,label\n1,u\n", "mydata")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"unsupported format \(no file extension\)"):
        load("mydata")


def test_load_of_an_absent_name_still_says_unknown_dataset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="unknown dataset 'my.txt'"):
        load("my.txt")


def test_load_passes_the_csv_options(tmp_path):
    f = write(tmp_path, "a;b;label\n1,5;x;u\n2,5;?;v\n")
    with pytest.raises(ValueError, match="pass sep=';'"):
        load(f)
    ds = load(str(f), sep=";", decimal=",")
    assert ds.X[:, 0].tolist() == [1.5, 2.5] and ds.categories[1] == ["x"]


def test_load_target_zero_is_the_first_column(tmp_path):
    ds = load(write(tmp_path, "label,a,b\nu,1,x\nv,2,y\n"), target=0)
    assert ds.meta["target"] == "label" and ds.feature_names == ["a", "b"]


def test_load_refuses_csv_options_for_an_arff_file(tmp_path):
    f = write(tmp_path, "@relation r\n@attribute a numeric\n@attribute c {u,v}\n@data\n1,u\n",
              "my.arff")
    with pytest.raises(TypeError, match=r"\['sep'\] apply to CSV files only"):
        load(f, sep=";")


# --- headerless numeric tables (load_table) --------------------------------------------------


def test_load_table_names_the_line_and_column_of_a_bad_cell(tmp_path):
    f = write(tmp_path, "1 2 0\n\n3 x 1\n", "t.data")
    with pytest.raises(ValueError, match=r"t\.data, line 3, column 2: 'x' is not a number"):
        load_table(f)


def test_load_table_names_the_line_of_a_short_row(tmp_path):
    with pytest.raises(ValueError, match=r"line 3: 2 values, expected 3"):
        load_table(write(tmp_path, "1 2 0\n\n3 1\n", "t.data"))


def test_load_table_refuses_an_unknown_target(tmp_path):
    with pytest.raises(ValueError, match=r"target must be 'first', 'last' or a column index"):
        load_table(write(tmp_path, "1 2 0\n3 4 1\n", "t.data"), target="class")


@pytest.mark.parametrize("rel, name, n_features", [
    ("waveform_v1/waveform.txt", "waveform", 21), ("mfeat/mfeat-fou.csv", "mfeat-fourier", 76)])
def test_catalogue_tables_equal_a_plain_numeric_read(rel, name, n_features):
    path = MIRROR / rel
    if not path.is_file():
        pytest.skip(f"{rel} not present (FEATRANK_DATA unset or file missing)")
    raw = np.loadtxt(path, delimiter=",")
    ds = load(name)
    np.testing.assert_array_equal(ds.X, raw[:, :n_features])
    assert ds.shape == (raw.shape[0], n_features)
    assert [float(ds.classes[c]) for c in ds.y] == raw[:, -1].tolist()


def test_multif_fourier_block_equals_a_plain_numeric_read():
    path = MIRROR / "mfeat" / "mfeat-fou.csv"
    if not path.is_file():
        pytest.skip("mfeat-fou.csv not present (FEATRANK_DATA unset or file missing)")
    ds = load("Multi-F")
    assert ds.shape == (2000, 649)
    np.testing.assert_array_equal(ds.X[:, :76], np.loadtxt(path, delimiter=",")[:, :76])


def _numeric_target_csv(tmp_path, values):
    rows = "\n".join(f"{i % 7},{v}" for i, v in enumerate(values))
    return write(tmp_path, "a,y\n" + rows + "\n")


def test_a_continuous_target_is_refused_with_how_to_bin_it(tmp_path):
    f = _numeric_target_csv(tmp_path, [0.5, 1.25, 2.0, 3.5])
    with pytest.raises(ValueError, match=r"class column 'y' looks continuous: .*'0.5' is not a "
                                         r"whole number \(4 distinct values in 4 rows\).*"
                                         r"pandas.qcut\(df\['y'\].*nominal=\['y'\]"):
        load(f, target="y")


def test_many_whole_numbers_as_classes_are_refused_naming_the_counts(tmp_path):
    # an integer-valued measurement (214 distinct values) would make 214 classes
    f = _numeric_target_csv(tmp_path, list(range(214)) * 2)
    with pytest.raises(ValueError, match=r"more than 20 distinct whole numbers .* \(214 "
                                         r"distinct values in 428 rows\)"):
        load(f, target="y")


def test_class_codes_pass_and_nominal_target_overrides_the_rule(tmp_path):
    assert load(_numeric_target_csv(tmp_path, [0, 1, 2, 1] * 5), target="y").classes == \
        ["0", "1", "2"]
    f = _numeric_target_csv(tmp_path, list(range(30)) * 2)
    assert len(load(f, target="y", nominal=["y"]).classes) == 30
    text = write(tmp_path, "a,y\n" + "\n".join(f"{i % 7},c{i}" for i in range(30)) + "\n")
    assert len(load(text, target="y").classes) == 30        # text labels are classes
