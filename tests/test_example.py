"""The spreadsheet example (examples/content/vogelquartett): a trump-card deck kept in an
XLSX workbook and a CSV table, built as `make` builds it and read back against the sheet."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, pnp

EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp("--root", str(EXAMPLES), "build", "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out / "vogelquartett"


def _sheet():
    from openpyxl import load_workbook

    rows = list(
        load_workbook(EXAMPLES / "content/vogelquartett/birds.xlsx")["Vögel"].iter_rows(
            values_only=True
        )
    )
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_every_row_is_a_card_with_its_values(kit):
    """One card per row, in the sheet's order, each showing its name and its four values in
    the language of its file."""
    birds = _sheet()
    m = json.loads((kit / "manifest.json").read_text())
    fronts = [
        i
        for f in m["files"]
        if f["path"] == "de/cards.pdf"
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    ]
    assert [i["id"] for i in fronts] == [b["id"] for b in birds] and len(birds) == 16
    for name, lang in (("de/cards.pdf", "de"), ("en/cards.pdf", "en")):
        text = " ".join(p.extract_text() for p in PdfReader(str(kit / name)).pages)
        for bird in birds:
            assert bird[f"name.{lang}"] in text
            for key, unit in (("wingspan", "cm"), ("weight", "g"), ("speed", "km/h")):
                assert f"{bird[key]} {unit}" in text, (bird["id"], key)


def test_the_groups_are_quartets_told_apart_by_colour(kit):
    birds = _sheet()
    groups = {b["group"] for b in birds}
    assert groups == {"A", "B", "C", "D"}
    assert all(sum(b["group"] == g for b in birds) == 4 for g in groups)
    assert pnp("--root", str(EXAMPLES), "validate", cwd=ROOT).returncode == 0


def test_make_builds_the_examples():
    make = (ROOT / "Makefile").read_text()
    assert "pnp --root examples build --out out" in make
