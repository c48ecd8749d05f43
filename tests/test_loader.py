"""Loading keeps every value's place; layouts extend and replace boxes by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from bastelbogen.core.errors import ContentError, Loc
from bastelbogen.core.source import load_yaml
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Layouts, resolve


def test_values_keep_file_line_and_column(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - {c: 2}\n")
    data = load_yaml(path)
    assert data["b"][1]["c"] == 2
    loc = data["b"][1].value_loc("c")
    assert (Path(loc.file).name, loc.line, loc.col) == ("x.yaml", 4, 9)
    assert data["b"].item_loc(0).line == 3


def test_duplicate_keys_are_an_error(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\na: 2\n")
    with pytest.raises(ContentError, match=r"x.yaml:2:1: key 'a' appears twice"):
        load_yaml(path)


@pytest.mark.parametrize(
    "value",
    [
        "!!python/object/apply:os.system ['true']",  # never executed
        "!!binary aGVsbG8=",  # would print as b'hello'
        "!!set {x, y}",
        "!!omap [{x: 1}]",
        "!!pairs [{x: 1}]",
        "!!timestamp 2024-05-01",
        "!!merge x",
        "!local x",
        "!<tag:example.com,2000:thing> x",
    ],
)
def test_only_the_core_schemas_tags_are_read(tmp_path, value):
    """YAML's core schema (str, int, float, bool, null, seq, map): any other tag is told at
    its value, never turned into a Python object a card would print as its inner form."""
    path = tmp_path / "x.yaml"
    path.write_text(f"title:\n  de: {value}\n")
    with pytest.raises(ContentError, match=r"x.yaml:2:7: the tag \S+ is not read"):
        load_yaml(path)


def test_core_tags_and_dates_read_as_written(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: !!str 5\nb: !!int '7'\nc: 2024-05-01\nd: ! x\ne: &m {f: 1}\ng: {<<: *m}\n")
    assert load_yaml(path) == {
        "a": "5",
        "b": 7,
        "c": "2024-05-01",
        "d": "x",
        "e": {"f": 1},
        "g": {"f": 1},
    }


def test_layout_extends_and_replaces_by_name(tmp_path):
    (tmp_path / "base.yaml").write_text(
        "boxes:\n  - {name: a, painter: shape, box: [0, 0, 10, 10], fill: red}\n"
        "  - {name: b, painter: text, box: [0, 0, 5, 5], text: hi}\n"
    )
    (tmp_path / "card.yaml").write_text(
        "extends: base\nboxes:\n  - {name: a, painter: shape, box: [1, 2, 3, 4], fill: '{{ c }}'}\n"
        "  - {name: z, painter: text, box: [0, 0, 5, 5], text: '{{ c }}', when: '{{ flag }}'}\n"
    )
    layout = Layouts([tmp_path]).get("card", Loc("x.yaml"))
    assert [b.name for b in layout.boxes] == ["a", "b", "z"]
    face = resolve(layout, {"c": "blue", "flag": False}, (mm(20), mm(30)))
    assert [b.name for b in face] == ["a", "b"]
    a = face[0]
    assert a.get("fill") == "blue"
    # Box y counts from the top in millimetres; rect y from the bottom in points.
    assert a.rect == pytest.approx((mm(1), mm(30 - 2 - 4), mm(3), mm(4)))


def test_layout_cannot_leave_the_templates_folder(tmp_path):
    with pytest.raises(ContentError, match="leaves the content folder"):
        Layouts([tmp_path]).get("../../etc/passwd", Loc("x.yaml"))
