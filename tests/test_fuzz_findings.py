"""What the fuzzer (tests/fuzz) found, each as its smallest example: the mistake is told at
its place (file:line:col), never as a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bastelbogen.content.loader import load_game
from bastelbogen.content.project import FONTS
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


def _game(folder: Path, tables: str, files: dict[str, str] | None = None) -> Path:
    """A game folder with these `tables:` (and files), its one component drawn from none."""
    folder.mkdir()
    (folder / "game.yaml").write_text(
        f"game: {folder.name}\ntitle: G\nplayers: {{min: 1, max: 2}}\ntables:\n{tables}"
        "components:\n  - {id: c, kind: card, size: standard, face: x, items: [{id: a}]}\n"
    )
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    return folder


def _problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(folder, FONTS)
    return [str(p) for p in caught.value.problems]


def test_a_row_whose_id_is_a_mapping_is_told_where_a_ref_names_its_table(tmp_path):
    """A YAML table's row with `id: {x: humor}`, its table named by another's ref column:
    reading the ids of the table it refers to raised "unhashable type: 'YMap'"."""
    folder = _game(
        tmp_path / "g",
        "  symbols: [{id: {x: humor}}, {id: wissen}]\n"
        "  problems: {file: problems.csv, columns: {symbol: {type: ref, table: symbols}}}\n",
        {"problems.csv": "id,symbol\np1,wissen\np2,humor\n"},
    )
    problems = _problems(folder)
    game = str(folder / "game.yaml")
    assert any(p.startswith(f"{game}:5:") and "needs an 'id'" in p for p in problems), problems
    # the row it does not name is told at its cell
    assert any(p.startswith(f"{folder / 'problems.csv'}:3:") and "humor" in p for p in problems)


def test_a_workbook_is_read_under_a_cpu_limit_the_run_already_has(tmp_path):
    """A run under `ulimit -t 30` (a hard CPU limit below the reader's own): the reader's
    child could not raise it, and every workbook was told as one 'the spreadsheet reader
    ran out of the memory it may use, or could not go on' (the fuzzer's own children had
    such a limit). In a child of this test, so the limit stays there."""
    import resource

    from bastelbogen.core.isolated import isolated

    pid = os.fork()
    if pid == 0:  # the limit is the child's only
        code = 3
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (30, 30))
            code = 0 if isolated(lambda: 42, tmp_path / "deck.xlsx", "spreadsheet") == 42 else 1
        except BaseException:  # noqa: BLE001 - the exit code tells the test
            code = 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status


@pytest.mark.parametrize(
    "value, told",
    [
        ("!!float .nan- heading", "'.nan- heading' cannot be read as !!float"),
        ("!!int abc", "'abc' cannot be read as !!int"),
        ("!!bool x", "'x' cannot be read as !!bool"),
        ("!!timestamp 2001-13-45", "the tag !!timestamp is not read"),
        ("!!float ''", "'' cannot be read as !!float"),
        ("!!map [1, 2]", "a list cannot be read as !!map"),
        ("!!seq {a: 1}", "a mapping cannot be read as !!seq"),
    ],
)
def test_an_explicit_tag_its_value_does_not_fit_is_told_at_the_value(tmp_path, value, told):
    """`- !!float .nan- heading: Setting up` in a rules file (the fuzzer tagged a key):
    pyyaml's constructors raised ValueError, KeyError, AttributeError or TypeError."""
    path = tmp_path / "rules.yaml"
    path.write_text(f"title: x\nsections:\n  - {{steps: [a, {value}]}}\n")
    with pytest.raises(ContentError) as caught:
        load_yaml(path)
    (problem,) = caught.value.problems
    assert (problem.loc.line, problem.loc.col) == (3, 17), problem  # where the tag begins
    assert told in problem.message
