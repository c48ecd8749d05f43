"""What the fuzzer (tests/fuzz) found, each as its smallest example: the mistake is told at
its place (file:line:col), never as a traceback."""

from __future__ import annotations

import pytest

from bastelbogen.core.errors import ContentError
from bastelbogen.core.source import load_yaml


@pytest.mark.parametrize("char", ["\x80", "\x9f", "\ufffe"])
def test_a_character_yaml_refuses_is_told_at_its_place(tmp_path, char):
    """A C1 control character (or U+FFFE) after non-ASCII text: the YAML reader refuses it
    and counted its position in bytes; it was told at line 0, with the reader's
    '"<unicode string>", position 14'."""
    path = tmp_path / "game.yaml"
    path.write_text(f"title: Größe\nauthor: x{char}y\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_yaml(path)
    (problem,) = caught.value.problems
    assert (problem.loc.file, problem.loc.line, problem.loc.col) == (str(path), 2, 10)
    assert f"U+{ord(char):04X}" in problem.message
    assert "<unicode string>" not in problem.message
