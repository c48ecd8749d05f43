"""A painter's keys are declared once, as a class (issue 48): the registry, the reference,
the layout schema and the typed reads all come from it."""

from __future__ import annotations

from bastelbogen.content.painters import MOTIFS, PAINTERS
from bastelbogen.core.errors import Loc
from bastelbogen.core.params import COLOUR, BoxKeys, Key, whole
from bastelbogen.layout.layouts import Box
from bastelbogen.pipeline import plugins
from bastelbogen.pipeline.schemas import layout_schema
from bastelbogen.render.cells import Cells
from bastelbogen.render.motifs import Art
from bastelbogen.render.text import Text


def test_every_shipped_key_says_what_it_does():
    plugins.load()
    keys = [(p.name, k, s) for p in PAINTERS.values() for k, s in p.keys.items()]
    keys += [(m.name, k, s) for m in MOTIFS.values() for k, s in (m.keys or {}).items()]
    assert keys
    assert [(owner, key) for owner, key, spec in keys if not spec.help] == []


def test_a_box_is_read_typed_its_defaults_filled_in():
    box = Box("grid", "cells", (0.0, 0.0, 10.0, 10.0), (("cols", 3), ("rows", 4)), Loc("x", 1, 1))
    keys = Cells(box)
    assert (keys.cols, keys.rows, keys.line, keys.frame, keys.fill) == (3, 4, 0.5, True, None)
    assert Cells.cols.name == "cols" and PAINTERS["cells"].required == ("cols", "rows")


def test_an_attribute_names_its_key_with_hyphens():
    assert Text.min_size.name == "min-size" and Art.with_.name == "with"
    assert list(PAINTERS["text"].keys)[:4] == ["text", "font", "size", "min-size"]


def test_shared_keys_take_other_defaults_and_keep_their_order():
    class Scene(BoxKeys):
        sky = Key(COLOUR, help="the sky")
        count = Key(whole(1, 9), 2, help="how many")

    later = Scene.having(sky="#ffffff")
    assert list(later.declared()) == ["sky", "count"]
    assert later.declared()["sky"].default == "#ffffff" and Scene.sky.default is None


def test_the_layout_schema_gives_each_key_its_help():
    plugins.load()
    box = layout_schema()["properties"]["boxes"]["items"]
    rules = {rule["if"]["properties"]["painter"]["const"]: rule["then"] for rule in box["allOf"]}
    cols = rules["cells"]["properties"]["cols"]
    assert cols["description"] == Cells.cols.help
