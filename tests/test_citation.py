"""CITATION.cff is valid Citation File Format 1.2.0 and cites what the README cites."""
import json
import re
from pathlib import Path

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_citation_file_is_valid_cff():
    schema = json.loads((ROOT / "tests/fixtures/cff/schema-1.2.0.json").read_text())
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    jsonschema.validate(cff, schema, format_checker=jsonschema.FormatChecker())


def test_citation_file_names_every_doi_of_the_readme():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    cited = {str(r.get("doi")) for r in cff["references"]}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert set(re.findall(r"doi:\[(10\.[^\]]+)\]", readme)) <= cited
