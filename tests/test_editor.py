"""An editor that knows a game's files: a real YAML language server (Red Hat's
yaml-language-server, what VS Code's YAML extension, Neovim and Helix run), spoken to over
LSP as an editor does (tests/lsp.py), reads a game made by `pnp new` by the schema its first
line names. It tells a mistake at its line and says what is wrong, explains a key on hover
with the help its declaration gives, completes a component's keys and kinds, and finds
nothing to say of the game as `pnp new` wrote it. The session is docs/editor.py's, and the
editor page (docs/editor.md) quotes what the server says now.

Without the server (`npm install --prefix .cache/editor yaml-language-server`, which .ci/run
does) these tests are skipped, saying why; on CI (CI=true) that is a failure."""

from __future__ import annotations

from fnmatch import fnmatch

import pytest

from bastelbogen.content.components import ComponentKeys, SizeKeys
from bastelbogen.content.kinds import KINDS
from bastelbogen.content.schema import SCHEMA_NAMES
from bastelbogen.pipeline import plugins
from docs import editor
from tests.conftest import ROOT
from tests.lsp import INSTALL, server_here

pytestmark = pytest.mark.heavy  # a language server and `pnp new`
ERROR = 1  # LSP's DiagnosticSeverity


@pytest.fixture(scope="module")
def said(tmp_path_factory) -> editor.Session:
    command = server_here()
    return editor.session(tmp_path_factory.mktemp("editor") / "project", command)


def _start(range_: dict) -> tuple[int, int]:
    return range_["start"]["line"], range_["start"]["character"]


def test_the_game_pnp_new_makes_gets_no_diagnostics(said):
    assert editor.GAME_FILE.as_posix() in said.new, "`pnp new` wrote no line naming a schema"
    assert said.new == {path: [] for path in said.new}
    assert said.mended_diagnostics == []  # the mistakes mended: nothing left to say


def test_each_file_pnp_new_makes_names_its_schema_as_the_page_says(said):
    assert set(SCHEMA_NAMES) <= set(editor.GLOBS), "docs/editor.py: say where such files lie"
    assert said.first_lines[editor.GAME_FILE.as_posix()] in editor.PAGE.read_text()
    for path, line in said.first_lines.items():
        kinds = [name for name in SCHEMA_NAMES if fnmatch(path, editor.GLOBS[name])]
        assert [line] == [editor.modeline(name) for name in kinds], path


def test_a_mistake_is_told_at_its_line_saying_what_is_wrong(said):
    told = {_start(d["range"]): d for d in said.mistakes}
    players = editor.where(said.typed, "min: two", "min: ")  # at `two`
    misspelt = editor.where(said.typed, "gudes: crop")  # at the key
    assert set(told) == {players, misspelt}
    assert said.typed.splitlines()[players[0]].startswith("players:")
    assert told[players]["message"] == 'Incorrect type. Expected "integer".'
    assert told[misspelt]["message"] == "Property gudes is not allowed."
    for diagnostic in told.values():
        assert diagnostic["severity"] == ERROR
        assert diagnostic["source"].startswith("yaml-schema:")  # the schema's, not YAML's
    # the server names what would be allowed there: the key meant among them
    assert "guides" in told[misspelt]["data"]["properties"]
    # `pnp validate` tells the same mistakes at the same places
    places = [f"{editor.GAME_FILE.as_posix()}:{ln + 1}:{col + 1}:" for ln, col in sorted(told)]
    assert [line.split(" ")[0] for line in said.validated.splitlines()[:-1]] == places


def test_the_editor_s_settings_name_the_schema_as_well_as_the_first_line(said):
    assert not said.unmarked.startswith("# yaml-language-server")
    assert [d["message"] for d in said.by_settings] == [d["message"] for d in said.mistakes]
    lines = [d["range"]["start"]["line"] for d in said.mistakes]
    assert [d["range"]["start"]["line"] + 1 for d in said.by_settings] == lines


def test_hover_on_a_key_gives_the_help_its_declaration_says(said):
    contents = said.hover["contents"]
    assert contents["kind"] == "markdown"
    assert ComponentKeys.fields["guides"].help in contents["value"]
    for choice in ("crop", "lines", "none"):
        assert f"* `{choice}`" in contents["value"]
    assert _start(said.hover["range"]) == said.hover_at


def test_completion_offers_a_component_s_keys_and_on_kind_the_kinds(said):
    plugins.load()
    keys = {item["label"]: item for item in said.keys}
    for key in ("face", "back", "size", "shape", "guides", "kind", "items", "name"):
        assert key in keys, key
    assert "id" not in keys  # written already
    for key in ("face", "guides", "items"):
        assert keys[key]["documentation"] == ComponentKeys.fields[key].help
    assert keys["size"]["documentation"] == SizeKeys.fields["size"].help
    assert {item["label"] for item in said.kinds} == set(KINDS.names())
    # every kind's keys are offered, but a key the kind does not take is refused
    line = editor.where(said.card_edge, "edge: 20mm")
    assert [_start(d["range"]) for d in said.edge_told] == [line]
    assert said.edge_told[0]["message"] == "Property edge is not allowed."


def test_the_editor_page_quotes_what_the_server_says_now(said):
    for name, block in editor.quoted(said).items():
        assert editor.written(name) == block, f"{name}: run `python -m docs.editor`"


def test_the_page_s_picture_is_labelled_a_drawing_of_the_server_s_answers(said):
    page = editor.PAGE.read_text()
    assert f"]({editor.PICTURE.name})" in page and editor.PICTURE.is_file()
    assert "not a screenshot" in page
    drawn = editor.pane(said)
    for diagnostic in said.mistakes:
        assert diagnostic["message"].replace('"', "&quot;") in drawn


def test_ci_installs_the_server_the_page_quotes():
    assert INSTALL in (ROOT / ".ci" / "run").read_text()
    assert ".cache/" in (ROOT / ".gitignore").read_text().splitlines()
