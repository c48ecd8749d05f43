"""The vehicle quartet example (examples/content/vehicles): 32 trump cards in eight groups
of four, kept in a CSV, each group pictured by a motif the designer chose from the README's
catalogue in its own colour; built as `make` builds it and read back against the CSV."""

from __future__ import annotations

import csv
import json
import re

import pytest
from pypdf import PdfReader

from bastelbogen.content.painters import MOTIFS
from bastelbogen.pipeline import plugins
from tests.conftest import ROOT, pnp

EXAMPLES = ROOT / "examples"
FOLDER = EXAMPLES / "content" / "vehicles"
UNITS = (("speed", "km/h"), ("power", "kW"), ("weight", "kg"), ("length", "m"))


def _rows(name: str) -> list[dict]:
    with (FOLDER / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp("--root", str(EXAMPLES), "build", "vehicles", "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out / "vehicles"


def test_32_cards_in_eight_groups_of_four_codes(kit):
    """One front per row, in the CSV's order; each group's four codes A1 … A4 to H1 … H4."""
    rows = _rows("vehicles.csv")
    m = json.loads((kit / "manifest.json").read_text())
    fronts = [
        i["id"]
        for f in m["files"]
        if f["path"] == "de/cards.pdf"
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    ]
    assert fronts == [r["id"] for r in rows] and len(fronts) == 32
    groups = sorted({r["group"] for r in rows})
    assert groups == list("ABCDEFGH")
    for g in groups:
        assert [r["id"] for r in rows if r["group"] == g] == [f"{g}{n}" for n in range(1, 5)]


def test_every_value_is_printed_as_the_csv_writes_it(kit):
    """Each card's name in the language of its file and its four values with their units,
    as written in the CSV (a length of 30.0 stays 30.0)."""
    rows = _rows("vehicles.csv")
    for lang in ("de", "en"):
        pages = PdfReader(str(kit / lang / "cards.pdf")).pages
        text = " ".join(p.extract_text() for p in pages)
        for row in rows:
            assert row[f"name.{lang}"] in text, (lang, row["id"])
            assert row["id"] in text
            for key, unit in UNITS:
                # whole: 5 km/h is not the end of 85 km/h
                shown = rf"(?<![\d.]){re.escape(row[key])} {re.escape(unit)}(?!\w)"
                assert re.search(shown, text), (lang, row["id"], key)


def test_each_group_is_pictured_by_a_motif_of_its_own_that_takes_its_colour():
    plugins.load()
    groups = _rows("groups.csv")
    chosen = [g["motif"] for g in groups]
    assert len(set(chosen)) == len(chosen) == 8
    for name in chosen:
        keys = MOTIFS[name].keys
        assert keys is not None and "colour" in keys, name
    assert pnp("--root", str(EXAMPLES), "validate", "vehicles", cwd=ROOT).returncode == 0


def test_make_builds_it():
    """`make` builds every game of examples/, this one with them."""
    assert "pnp --root examples build --out out" in (ROOT / "Makefile").read_text()
    assert (FOLDER / "game.yaml").is_file()
