"""Tested as used: every shipped game and every example served by the live preview (in a
copy of its project, on a free port) and looked at in a real headless Chromium. Each page
must have every picture loaded, the faces the preview's state holds and every piece side
`pnp build` places (read back from the build's manifest), each component's piece count
as the build's, no problems; and one edit to the game's content must show a changed face
without a reload. A text too long for its box in a CSV cell is told at that row and column,
by `pnp validate` and in the page's panel, where a click shows the piece.
One browser serves the whole module; without one the tests skip, saying why (a failure
on CI, CI=true)."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.pipeline.build import BuildOptions
from tests.chromium import chromium
from tests.chromium import until as _until
from tests.conftest import pnp

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]

# (project folder, game, an edit to a text on a face: file in the game, old, new)
GAMES = [
    ("", "muenchhausen", ("sets.yaml", "currency: Rubel,", "currency: Rubl, ")),
    ("", "museo", ("events.yaml", "Taschendieb", "Taschendiebin")),
    ("", "mytown", ("themes/town.yaml", "sign: BÄCKEREI,", "sign: BACKHAUS,")),
    ("", "minipilo", ("problems.csv", "meine Hausaufgaben", "die Hausaufgaben")),
    ("examples", "bienenstock", ("flowers.csv", "klee,Klee,Clover", "klee,Kleeblatt,Clovers")),
    (
        "examples",
        "counters",
        (
            "sides.csv",
            "nord,Nordbund,Northern League,#1f5f8b",
            "nord,Nordbund,Northern League,#1f5f9b",
        ),
    ),
    ("examples", "hextokens", ("terrain.csv", "meer,Meer,Sea,", "meer,Ozean,Ocean,")),
    ("examples", "rollwrite", ("dice.csv", "number,#1f2a44,1,2", "number,#1f2a44,7,2")),
    ("examples", "squib-tutorial", ("deck.csv", "Draw two cards.", "Draw three cards.")),
    ("examples", "vehicles", ("vehicles.csv", "A1,A,Roadster,Roadster", "A1,A,Roadstar,Roadstar")),
    ("examples", "vogelquartett", ("groups.csv", "Singvögel,Songbirds", "Singvogel,Songbird")),
    ("examples", "wappen", ("arms.csv", "Sparren,Chevron", "Sparre,Chevron")),
]


def test_every_game_and_example_is_here():
    """A game or example added later is tested too: this list names them all."""
    shipped = {("", p.name) for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file()}
    examples = {
        ("examples", p.name)
        for p in (ROOT / "examples/content").iterdir()
        if (p / "game.yaml").is_file()
    }
    assert {(r, g) for r, g, _ in GAMES} == shipped | examples


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium"))
    yield driver
    driver.quit()


def _copy(tmp_path: Path, folder: str, game: str) -> Path:
    """The game's project, copied: its content and its own templates (the shipped games
    take theirs from the package, as an installed pnp does)."""
    source = ROOT / folder if folder else ROOT
    shutil.copytree(source / "content" / game, tmp_path / "content" / game)
    if (source / "templates" / game).is_dir() and folder:
        shutil.copytree(source / "templates" / game, tmp_path / "templates" / game)
    return tmp_path


class _Served:
    def __init__(self, root: Path, game: str):
        from bastelbogen.preview.command import _watch
        from bastelbogen.preview.server import serve
        from bastelbogen.preview.state import Preview

        self.root, self.game = root, game
        self.preview = Preview(Project(root), game, BuildOptions())
        self.preview.rebuild()
        self.server = serve(self.preview, "127.0.0.1", 0)
        self.stop = threading.Event()
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        ).start()
        threading.Thread(
            target=_watch, args=(self.preview.project, game, self.preview, self.stop), daemon=True
        ).start()
        time.sleep(0.5)  # the watcher is watching

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served(tmp_path, request):
    folder, game = request.param
    one = _Served(_copy(tmp_path, folder, game), game)
    yield one
    one.close()


# Every face picture in the page drawn (sheets are drawn when their view is opened, and a
# grid of many faces holds those in view), and the faces and sheets in the page counted.
LOADED = (
    "const shown = [...document.querySelectorAll('figure.face img')];"
    " return document.body.dataset.version && shown.length && shown.every("
    "i => i.complete && i.naturalWidth > 0)"
    " && document.querySelectorAll('figure.face, figure.sheet').length"
)
VIRTUAL = "return document.querySelectorAll('.grid.virtual').length"
FACES = "return [...document.querySelectorAll('figure.face img')].map(i => i.src)"
COUNTS = (
    "return Object.fromEntries([...document.querySelectorAll('section.component')].map("
    "s => [s.id.replace('component-', ''), s.querySelector('h2 small').textContent]))"
)


def _keys(url: str) -> set[str]:
    """The face pictures the server lists now."""
    with urllib.request.urlopen(url + "state.json") as response:
        state = json.loads(response.read())
    return {key for c in state["components"] for key in c["faces"]}


def _built(root: Path, game: str) -> list[dict]:
    """Every piece side `pnp build` places, from the manifest it writes."""
    result = pnp("build", game, "--out", "built", cwd=root)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((root / "built" / game / "manifest.json").read_text())
    return [
        placed
        for file in manifest["files"]
        for page in file.get("pages", [])
        for placed in page.get("items", [])
    ]


@pytest.mark.parametrize("served", [(r, g) for r, g, _ in GAMES], indirect=True, ids=str)
def test_the_game_as_a_designer_sees_it(browser, served):
    folder, game, (file, old, new) = next(x for x in GAMES if x[1] == served.game)
    placed = _built(served.root, game)
    browser.get(served.url)
    shown = _until(browser, LOADED)
    with urllib.request.urlopen(served.url + "state.json") as response:
        state = json.loads(response.read())
    assert state["problems"] == [], state["problems"]
    assert browser.execute_script("return document.getElementById('problems').hidden"), (
        "a problem is shown"
    )
    faces = sum(len(c["faces"]) for c in state["components"])
    in_page = len(browser.execute_script(FACES))
    virtual = browser.execute_script(VIRTUAL)
    assert shown == in_page + len(state["sheets"])
    # Every face in the page, or, where a grid is long, those in view of them.
    assert faces == in_page if not virtual else 0 < in_page <= faces
    # Every piece side the build places is a face the page shows, and no other.
    sides = {
        (c["id"], i, f["side"])
        for c in state["components"]
        for f in c["faces"].values()
        for i in f["items"]
    }
    built = {(p["component"], p["id"], p["side"]) for p in placed if "component" in p}
    assert built <= sides, sorted(built - sides)[:5]
    # Each component's piece count is the build's: its distinct pieces (id, copy).
    pieces: dict[str, set] = {}
    for p in placed:
        if "component" in p:
            pieces.setdefault(p["component"], set()).add((p["id"], p.get("copy", 1)))
    counts = browser.execute_script(COUNTS)
    for component, ids in pieces.items():
        assert f"{len(ids)} pieces" in counts[component], (component, counts[component])

    # One edit to the content: a changed face, without a reload.
    browser.execute_script("window.stayed = true")  # gone if the page were loaded again
    version = int(browser.execute_script("return document.body.dataset.version"))
    before = set(browser.execute_script(FACES))
    keys_before = _keys(served.url)
    path = served.root / "content" / game / file
    text = path.read_text()
    assert old in text, f"{file} has no '{old}'"
    path.write_text(text.replace(old, new))
    _until(browser, f"return Number(document.body.dataset.version) > {version}")
    _until(browser, LOADED)
    after = set(browser.execute_script(FACES))
    assert browser.execute_script("return window.stayed") is True
    assert _keys(served.url) - keys_before, "no face changed"
    if not virtual:  # the changed face is in the page
        assert after - before, "no face changed in the page"
    assert browser.execute_script("return document.getElementById('problems').hidden")


LONG = "Draw two cards" + " and then two more" * 12 + "."  # far past the card's text box


@pytest.mark.parametrize("served", [("examples", "squib-tutorial")], indirect=True, ids=str)
def test_a_text_too_long_in_a_csv_cell(browser, served):
    """The problem names the row and column of the CSV cell that holds the text (and the
    layout's box it overflows) in `pnp validate` and in the page's panel; a click on it
    shows the piece."""
    deck = served.root / "content/squib-tutorial/deck.csv"
    good = deck.read_text()
    where = "content/squib-tutorial/deck.csv:5:7"  # Sage's row, its `text` column
    browser.get(served.url)
    _until(browser, LOADED)
    version = int(browser.execute_script("return document.body.dataset.version"))
    deck.write_text(
        good.replace("Draw two cards.", LONG).replace(
            "Swap two cards in play.", "Swap" + " two cards" * 30 + " in play."
        )
    )
    told = pnp("validate", "squib-tutorial", cwd=served.root)
    assert told.returncode == 1
    lines = told.stderr.splitlines()
    assert lines, told
    sage = next(line for line in lines if line.startswith(f"{where}: item 'Sage' (front): "))
    assert "the text 'Draw two cards and then two more" in sage
    assert (
        "in box 'text' (47.5 x 10.0 mm) of layout squib-tutorial/card"
        " (templates/squib-tutorial/card.yaml:13:27)" in sage
    )
    assert any(
        line.startswith("content/squib-tutorial/deck.csv:4:7: item 'Tinker'") for line in lines
    )
    assert "/" + str(served.root).strip("/") not in told.stderr  # no absolute path

    # The page's panel: both problems, each a located line; the last good build stays.
    _until(browser, f"return Number(document.body.dataset.version) > {version}")
    texts = _until(
        browser,
        "const p = document.getElementById('problems');"
        " return !p.hidden && [...p.querySelectorAll('li')].map(li => li.textContent)",
    )
    assert sorted(t.split(": ")[0] for t in texts) == [
        "content/squib-tutorial/deck.csv:4:7",
        where,
    ]
    assert any(
        t.startswith(f"{where}: item 'Sage'") and "of layout squib-tutorial/card" in t
        for t in texts
    )
    head = browser.execute_script("return document.getElementById('found-head').textContent")
    assert head.startswith("2 problems")
    panel = browser.execute_script(
        "const r = document.getElementById('found').getBoundingClientRect();"
        " return [r.top, r.bottom, getComputedStyle(document.getElementById('found')).position]"
    )
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    assert (
        browser.execute_script(
            "return document.getElementById('found').getBoundingClientRect().top"
        )
        == panel[0]
    )  # it stays in view while the faces scroll
    browser.save_screenshot(str(served.root / "problems.png"))

    # A click on Sage's problem: the page is told, and Sage's face is scrolled to, marked.
    browser.execute_script(
        "window.shown = []; document.addEventListener('show-piece', e => shown.push(e.detail))"
    )
    browser.execute_script(
        "[...document.querySelectorAll('#problems li')]"
        f".find(li => li.textContent.startsWith('{where}')).click()"
    )
    assert browser.execute_script("return window.shown") == [
        {"component": "cards", "item": "Sage", "inPage": True}
    ]
    marked = _until(
        browser,
        "const f = [...document.querySelectorAll('figure.face.found-piece')];"
        " return f.length && f.map(x => [x.title, x.getBoundingClientRect().top])",
    )
    assert len(marked) == 1 and marked[0][0] == "Sage"  # its front, not the shared back
    assert 0 <= marked[0][1] < 1000  # scrolled into the window
    browser.save_screenshot(str(served.root / "clicked.png"))
    if os.environ.get("SHOTS"):  # a folder to keep the screenshots in, to look at them
        for name in ("problems.png", "clicked.png"):
            shutil.copy(served.root / name, Path(os.environ["SHOTS"]) / name)

    # The panel folds to its header, and mending the cells clears it.
    browser.execute_script("document.getElementById('found-head').click()")
    assert (
        browser.execute_script(
            "return getComputedStyle(document.getElementById('found-list')).display"
        )
        == "none"
    )
    deck.write_text(good)
    _until(browser, "return document.getElementById('found').hidden")
