"""The editor page's exchanges (docs/editor.md), had with a real YAML language server (Red
Hat's yaml-language-server, which VS Code's YAML extension runs, and Neovim's or Helix's
LSP client): a game made by `pnp new`, opened as it is; two mistakes typed into it; them
mended and a key hovered; a new component begun and completed; the game file without its
first line, its schema named by the editor's settings instead. Each state is opened by a
fresh server, as an editor opens the saved file, so what it says belongs to that text alone.

`python -m docs.editor` writes what the server says into the page's marked blocks;
tests/test_editor.py has the same session and checks that the page quotes what the server
says now. The server: `npm install --prefix .cache/editor yaml-language-server` (.ci/run
does it), else one on the PATH."""

from __future__ import annotations

import copy
import html
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bastelbogen.content.schema import SCHEMA_NAMES
from tests.lsp import INSTALL, SETTINGS, Server, server_command, server_version

DOCS = Path(__file__).resolve().parent
PAGE = DOCS / "editor.md"
PICTURE = DOCS / "editor-errors.png"  # the diagnostics drawn as an editor pane (not a screenshot)
GAME = "deck"
GAME_FILE = Path("content") / GAME / "game.yaml"
# Where each kind of file lives in a project, as a glob from its root (a name missing here
# fails tests/test_editor.py: say where its files live).
GLOBS = {
    "game": "content/*/game.yaml",
    "rules": "content/*/rules.yaml",
    "theme": "content/*/themes/*.yaml",
    "profile": "content/*/profiles.yaml",
    "layout": "templates/*/*.yaml",
}
# The two mistakes typed into the new game: a number written as a word, a key misspelt.
MISTAKES = (
    ("players: {min: 2, max: 4}\n", "players: {min: two, max: 4}\n"),
    ("    back: deck/back\n", "    back: deck/back\n    gudes: crop\n"),
)
# …mended: the key spelt right.
MENDED = (("    back: deck/back\n", "    back: deck/back\n    guides: crop\n"),)
# A second component begun at the end: its keys to come, then its kind to choose.
BEGUN = "  - id: tokens\n    \n"
CHOOSING = "  - id: tokens\n    kind: \n"
CARD_EDGE = (("    guides: crop\n", "    guides: crop\n    edge: 20mm\n"),)
PROPERTY = 10  # LSP's CompletionItemKind of a key


@dataclass
class Session:
    """What `pnp` and the server said of each state of the game (the server's answers in
    LSP's own shapes: 0-based lines and characters)."""

    folder: Path
    version: str  # the server's
    first_lines: dict[str, str] = field(default_factory=dict)  # file pnp new made: its line
    new: dict[str, list] = field(default_factory=dict)  # …: its diagnostics, as made
    schemas_written: str = ""  # what `pnp schema --out schemas` says
    typed: str = ""
    mistakes: list[dict] = field(default_factory=list)
    validated: str = ""  # what `pnp validate` says of them
    mended: str = ""
    mended_diagnostics: list[dict] = field(default_factory=list)
    hover: dict = field(default_factory=dict)
    hover_at: tuple[int, int] = (0, 0)
    begun: str = ""
    keys: list[dict] = field(default_factory=list)
    keys_at: tuple[int, int] = (0, 0)
    choosing: str = ""
    kinds: list[dict] = field(default_factory=list)
    kinds_at: tuple[int, int] = (0, 0)
    card_edge: str = ""
    edge_told: list[dict] = field(default_factory=list)
    unmarked: str = ""  # the typed game without its first line
    by_settings: list[dict] = field(default_factory=list)


def edited(text: str, changes: tuple[tuple[str, str], ...]) -> str:
    for old, new in changes:
        assert text.count(old) == 1, f"`pnp new` no longer writes {old!r} once"
        text = text.replace(old, new)
    return text


def where(text: str, needle: str, after: str = "") -> tuple[int, int]:
    """The 0-based line and character of the first line holding `needle`, just after
    `after` in it (its start when `after` is empty)."""
    for number, line in enumerate(text.splitlines()):
        if needle in line:
            return number, line.index(needle) + len(after)
    raise AssertionError(f"no line holds {needle!r}")


def pnp(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bastelbogen.cli", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )


def ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stderr
    return done.stdout


def schema_settings() -> dict[str, str]:
    """An editor's `yaml.schemas` setting: each schema file and the files it is for."""
    return {f"./schemas/{name}.schema.json": GLOBS[name] for name in SCHEMA_NAMES}


def modeline(name: str) -> str:
    """The first line naming the schema `name` in a file where GLOBS says such files are."""
    schema = posixpath.relpath(f"schemas/{name}.schema.json", posixpath.dirname(GLOBS[name]))
    return f"# yaml-language-server: $schema={schema}"


def session(folder: Path, command: list[str]) -> Session:
    """`pnp new` in `folder`, then each state of its game file as a fresh editor opens it."""
    folder.mkdir(parents=True, exist_ok=True)
    ok(pnp(folder, "new", GAME))
    said = Session(folder, server_version(command))
    as_made = (folder / GAME_FILE).read_text()
    with Server(command, folder) as server:
        for path in sorted(folder.rglob("*.yaml")):
            first = path.read_text().split("\n", 1)[0]
            if first.startswith("# yaml-language-server:"):
                name = path.relative_to(folder).as_posix()
                said.first_lines[name] = first
                said.new[name] = server.diagnostics(server.open(path))
    said.schemas_written = ok(pnp(folder, "schema", "--out", "schemas"))
    mistaken(said, command, as_made)
    mended(said, command, as_made)
    completed(said, command)
    said.unmarked = said.typed.split("\n", 1)[1]
    settings = copy.deepcopy(SETTINGS)
    settings["yaml"]["schemas"] = schema_settings()
    with Server(command, folder, settings) as server:
        said.by_settings = server.diagnostics(server.open(folder / GAME_FILE, said.unmarked), bool)
    return said


def mistaken(said: Session, command: list[str], as_made: str) -> None:
    """The two mistakes typed: what the server says, and `pnp validate` of the saved file."""
    game = said.folder / GAME_FILE
    said.typed = edited(as_made, MISTAKES)
    with Server(command, said.folder) as server:
        said.mistakes = server.diagnostics(server.open(game, said.typed), bool)
    game.write_text(said.typed)
    said.validated = pnp(said.folder, "validate", GAME).stderr.strip()
    game.write_text(as_made)


def mended(said: Session, command: list[str], as_made: str) -> None:
    """The key spelt right: no diagnostics, and its help on hover."""
    said.mended = edited(as_made, MENDED)
    said.hover_at = where(said.mended, "guides:")
    with Server(command, said.folder) as server:
        uri = server.open(said.folder / GAME_FILE, said.mended)
        said.mended_diagnostics = server.diagnostics(uri)
        said.hover = server.hover(uri, *said.hover_at) or {}


def completed(said: Session, command: list[str]) -> None:
    """A new component's keys and kinds completed; a die's key written on a card told."""
    said.begun = said.mended + BEGUN  # the cursor on the new component's blank line
    said.keys_at = (said.begun.count("\n") - 1, len("    "))
    said.choosing = said.mended + CHOOSING  # the cursor after its `kind: `
    said.kinds_at = (said.choosing.count("\n") - 1, len("    kind: "))
    said.card_edge = edited(said.mended, CARD_EDGE)
    edge = where(said.card_edge, "edge: 20mm")[0]
    with Server(command, said.folder) as server:
        uri = server.open(said.folder / GAME_FILE, said.begun)
        said.keys = server.completion(uri, *said.keys_at)
        server.change(uri, said.choosing)
        said.kinds = server.completion(uri, *said.kinds_at)
        server.change(uri, said.card_edge)
        said.edge_told = server.diagnostics(uri, lambda d: _at_line(d, edge))


def _at_line(diagnostics: list[dict], line: int) -> bool:
    return any(d["range"]["start"]["line"] == line for d in diagnostics)


# What the page quotes, from the session


def quoted(said: Session) -> dict[str, str]:
    """The page's generated blocks: name: its text (fences included)."""
    hover = said.hover.get("contents", {})
    hovered = hover.get("value", "") if isinstance(hover, dict) else str(hover)
    hovered = hovered.replace(said.folder.resolve().as_uri(), "file:///…/project")
    modelines = [f"{GLOBS[name]:<26} {modeline(name)}" for name in SCHEMA_NAMES]
    vscode = {"yaml.schemas": schema_settings()}
    return {
        "editor-version": f"What follows is what yaml-language-server {said.version} said.",
        "editor-schemas": _fence("console", "$ pnp schema --out schemas\n" + said.schemas_written),
        "editor-modelines": _fence("text", "\n".join(modelines)),
        "editor-settings": _fence("json", json.dumps(vscode, indent=2), 'title="settings.json"'),
        "editor-typed": _fence("yaml", said.typed, f'title="{GAME_FILE.as_posix()}"'),
        "editor-diagnostics": _fence("text", _diagnostics(said.mistakes)),
        "editor-validate": _fence("console", f"$ pnp validate {GAME}\n{said.validated}"),
        "editor-hover": _fence("markdown", hovered),
        "editor-begun": _fence("yaml", "\n".join(said.begun.splitlines()[-4:]) + "▌"),
        "editor-keys": _fence("text", "\n".join(_completion(item) for item in said.keys)),
        "editor-kinds": _fence("text", "  ".join(item["label"] for item in said.kinds)),
        "editor-edge": " ".join(f"`{d['message']}`" for d in said.edge_told),
    }


def _diagnostics(diagnostics: list[dict]) -> str:
    """As `path:line:col: message`, counted from 1 as an editor shows them."""
    name = GAME_FILE.name
    return "\n".join(
        f"{name}:{d['range']['start']['line'] + 1}:{d['range']['start']['character'] + 1}:"
        f" {d['message']}"
        for d in diagnostics
    )


def _completion(item: dict) -> str:
    """A key offered, with its documentation; a snippet, with what it inserts."""
    if item.get("kind") == PROPERTY:
        doc = item.get("documentation", "")
        text = doc.get("value", "") if isinstance(doc, dict) else doc
        return f"{item['label']:<12} {' '.join(text.split())}".rstrip()
    inserted = re.sub(r"\$\{\d+(?::[^}]*)?\}|\$\d+", "", item.get("insertText", ""))
    return f"{item['label']}, inserting: {' ↵ '.join(inserted.split())}"


def _fence(language: str, text: str, title: str = "") -> str:
    head = f"```{language} {title}".rstrip()
    return f"{head}\n{text.rstrip()}\n```"


def written(name: str, page: str | None = None) -> str:
    """A generated block as the page holds it now."""
    text = PAGE.read_text() if page is None else page
    return text.split(f"<!-- {name}:")[1].split(f"<!-- /{name} -->")[0].split("\n", 1)[1].strip()


def write(blocks: dict[str, str]) -> None:
    text = PAGE.read_text()
    for name, block in blocks.items():
        pattern = re.compile(rf"(<!-- {name}:[^\n]*\n).*?(<!-- /{name} -->)", re.S)
        assert pattern.search(text), f"docs/editor.md has no block {name}"
        text = pattern.sub(lambda m, b=block: m.group(1) + b + "\n" + m.group(2), text)
    PAGE.write_text(text)


# The picture: the server's diagnostics drawn as an editor pane draws them


def pane(said: Session) -> str:
    """An HTML page: the typed game file, each diagnostic's range underlined, the message of
    the last one in a box below it, and the list of problems, as the server told them."""
    lines = said.typed.splitlines()
    marked: dict[int, list[tuple[int, int]]] = {}
    for d in said.mistakes:
        start, end = d["range"]["start"], d["range"]["end"]
        stop = end["character"] if end["line"] == start["line"] else len(lines[start["line"]])
        marked.setdefault(start["line"], []).append((start["character"], stop))
    last = said.mistakes[-1]
    rows = []
    for number, line in enumerate(lines):
        text = _marked(line, marked.get(number))
        rows.append(f'<div class="row"><i>{number + 1}</i>{text}</div>')
        if number == last["range"]["start"]["line"]:
            indent = last["range"]["start"]["character"]
            rows.append(
                f'<div style="padding-left:{indent + 5}ch"><span class="tip">'
                f"{html.escape(last['message'])}<small>{html.escape(last['source'])}</small>"
                "</span></div>"
            )
    problems = "".join(
        f"<li><b>✖</b> {html.escape(d['message'])} <small>{html.escape(d['source'])}"
        f" [Ln {d['range']['start']['line'] + 1}, Col {d['range']['start']['character'] + 1}]"
        "</small></li>"
        for d in said.mistakes
    )
    return PANE.format(name=GAME_FILE.as_posix(), rows="\n".join(rows), problems=problems)


def _marked(line: str, spans: list[tuple[int, int]] | None) -> str:
    out, at = [], 0
    for start, stop in sorted(spans or []):
        out += [html.escape(line[at:start]), f"<u>{html.escape(line[start:stop])}</u>"]
        at = stop
    return "".join([*out, html.escape(line[at:])]) or "&nbsp;"


PANE = """<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; font: 14px/1.45 "DejaVu Sans Mono", monospace; background: #fff; }}
header {{ font: 13px sans-serif; background: #eceff4; padding: 6px 12px; color: #333; }}
.row {{ white-space: pre; }} .row i {{ display: inline-block; width: 4ch; margin-right: 1ch;
  color: #999; text-align: right; font-style: normal; }}
u {{ text-decoration: underline wavy #d21; text-decoration-skip-ink: none; }}
.tip {{ display: inline-block; font: 13px sans-serif; background: #fffbe6; color: #222;
  border: 1px solid #c9b458; padding: 4px 8px; margin: 2px 0 4px; }}
.tip small, li small {{ color: #777; margin-left: 1em; }}
footer {{ font: 13px sans-serif; border-top: 1px solid #ccc; margin-top: 8px;
  padding: 6px 12px; }} ul {{ margin: 4px 0; padding: 0; list-style: none; }}
li b {{ color: #d21; }}
</style><header>{name}</header><main>{rows}</main>
<footer>Problems<ul>{problems}</ul></footer>
"""


def picture(said: Session, out: Path) -> bool:
    """The pane drawn by headless Chromium into `out`; False where there is no Chromium."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "pane.html"
        page.write_text(pane(said))
        subprocess.run(
            [
                browser,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                f"--user-data-dir={tmp}/profile",
                "--window-size=820,650",
                f"--screenshot={out}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    return True


def main() -> None:
    command = server_command()
    if command is None:
        sys.exit(f"yaml-language-server is missing: {INSTALL}")
    with tempfile.TemporaryDirectory() as tmp:
        said = session(Path(tmp) / "project", command)
        write(quoted(said))
        if not picture(said, PICTURE):
            print(f"no chromium: {PICTURE.name} not drawn again", file=sys.stderr)


if __name__ == "__main__":
    main()
