"""The live preview over HTTP (the browser-driven tests are still to come): every face of
Münchhausen in the state, an edit to the sets table rebuilt and told through server-sent
events with only the changed faces drawn again, a broken file's located problem shown over
the last good build and cleared when fixed, and the server's safety: 127.0.0.1, no file
paths from URLs, foreign Host headers refused."""

from __future__ import annotations

import http.client
import json
import time

import pytest

from bastelbogen.content.expand import items_of
from bastelbogen.content.loader import find_games
from bastelbogen.content.project import Project
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview.state import Preview
from tests.conftest import ROOT, pnp

PNG = b"\x89PNG\r\n\x1a\n"
pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`


def _get(server, path, host=None):
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
    response = conn.getresponse()
    return response.status, response.read(), response.getheader("Content-Type")


def _state(server):
    return json.loads(_get(server, "/state.json")[1])


def _wait_for(server, version, limit=20.0):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = _state(server)
        if state["version"] > version:
            return state
        time.sleep(0.1)
    raise AssertionError(f"no build after version {version} within {limit} s")


def test_every_face_and_sheet(live):
    _, server = live
    assert server.server_address[0] == "127.0.0.1"
    status, body, kind = _get(server, "/")
    assert status == 200 and kind.startswith("text/html") and b"/app.js" in body
    state = _state(server)
    cards = next(c for c in state["components"] if c["id"] == "number-cards")
    fronts = [f for f in cards["faces"].values() if f["side"] == "front"]
    backs = [f for f in cards["faces"].values() if f["side"] == "back"]
    assert len(fronts) == 64 and sum(len(f["items"]) for f in backs) == 64 and len(backs) == 1
    status, png, kind = _get(server, f"/img/{fronts[0]['image']}.png")
    assert status == 200 and kind == "image/png" and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert state["sheets"] and all(
        _get(server, f"/img/{s['image']}.png")[0] == 200 for s in state["sheets"][:3]
    )


def test_an_edit_is_rebuilt_and_told(live):
    """A new currency name for one set: its eight cards are drawn again, nothing else; the
    event stream tells the page the new version."""
    folder, server = live
    before = _state(server)
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
    events = conn.getresponse()
    assert events.getheader("Content-Type") == "text/event-stream"
    assert events.fp.readline().strip() == f"data: {before['version']}".encode()
    sets = folder / "content/muenchhausen/sets.yaml"
    sets.write_text(sets.read_text().replace("currency: Rubel,", "currency: Rubl,  "))
    after = _wait_for(server, before["version"])
    assert after["problems"] == [] and after["drawn"] == 8
    line = events.fp.readline().strip()
    while line.startswith(b":") or not line or line == b"event: building":
        if line == b"event: building":  # a build begins: its number follows
            assert events.fp.readline().strip() == f"data: {after['version']}".encode()
        line = events.fp.readline().strip()
    assert line == f"data: {after['version']}".encode()
    old = set(next(c for c in before["components"] if c["id"] == "number-cards")["faces"])
    new = set(next(c for c in after["components"] if c["id"] == "number-cards")["faces"])
    assert len(old - new) == 8 and len(new - old) == 8


def test_a_broken_file_is_shown_over_the_last_good_build(live):
    folder, server = live
    before = _state(server)
    sets = folder / "content/muenchhausen/sets.yaml"
    good = sets.read_text()
    sets.write_text(good.replace('colour: "#0072B2"', 'colour: "#0072ZZ"'))
    broken = _wait_for(server, before["version"])
    [problem] = broken["problems"]
    assert problem["text"].startswith("content/muenchhausen/sets.yaml:8:")
    assert broken["components"] == before["components"]  # the last good faces stay
    sets.write_text(good)
    fixed = _wait_for(server, broken["version"])
    assert fixed["problems"] == [] and fixed["components"]


@pytest.mark.parametrize(
    ("path", "host", "status"),
    [
        ("/state.json", "evil.example:{port}", 403),  # DNS rebinding: a foreign name
        ("/state.json", "127.0.0.1:1", 403),
        ("/img/../../etc/passwd", None, 404),
        ("/../pyproject.toml", None, 404),
        ("/img/0123456789abcdef.png", None, 404),
        ("/page/index.html", None, 404),
    ],
)
def test_only_the_preview_is_served(live, path, host, status):
    _, server = live
    port = server.server_address[1]
    got, body, _ = _get(server, path, host.format(port=port) if host else None)
    assert got == status and b"[tool" not in body and b"root:" not in body


def _serve(*args, game="muenchhausen"):
    """`pnp serve` in a process of its own, until it says where it listens."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "bastelbogen.cli", "serve", game, "--port", "0", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines = []
    for line in process.stdout:
        lines.append(line)
        if line.startswith("Preview of"):
            break
    return process, lines


def test_the_command_listens_on_this_machine_only_unless_told(tmp_path):
    process, lines = _serve()
    try:
        address = lines[-1].split()[3]
        assert address.startswith("http://127.0.0.1:")
        assert _built(address)["version"] == 1  # built in the background, served meanwhile
        assert "build 1 in" in process.stdout.readline()
    finally:
        process.terminate()
        process.wait(10)
    process, lines = _serve("--host", "0.0.0.0")
    try:
        process.terminate()
        _, err = process.communicate(timeout=10)
        assert "warning: listening on 0.0.0.0: anyone who can reach this machine" in err
    finally:
        process.kill()


def _every_theme_and_language():
    """Each shipped game and each example, with each of its themes and languages."""
    for folder in (ROOT, ROOT / "examples"):
        project = Project(folder)
        for path in find_games(project.content):
            game = project.load(path.name)
            for theme in game.themes or (None,):
                for lang in game.languages:
                    name = f"{path.name}-{theme or 'plain'}-{lang}"
                    yield pytest.param(folder, path.name, theme, lang, id=name)


@pytest.mark.slow
@pytest.mark.parametrize(("folder", "name", "theme", "lang"), list(_every_theme_and_language()))
def test_the_preview_builds_as_the_build_does(folder, name, theme, lang):
    """The preview's build, in process, for every game in each theme and language: a face
    for every item side of every component, each a picture, and no problem listed."""
    project = Project(folder)
    preview = Preview(project, name, BuildOptions(theme=theme, langs=(lang,)))
    state = preview.rebuild()
    assert state.problems == [] and state.warnings == [] and state.sheets
    game = project.load(name)
    wanted = {c.id: c for c in game.components if items_of(game, c)}
    assert {c["id"] for c in state.components} == set(wanted)
    for component in state.components:
        assert component["name"] == wanted[component["id"]].name.get(lang)
        faces = component["faces"].values()
        assert faces and all(preview.images[f["image"]][:8] == PNG for f in faces)
        fronts = sum(len(f["items"]) for f in faces if f["side"] == "front")
        assert fronts == min(len(items_of(game, wanted[component["id"]])), 2000)


def test_the_preview_warns_as_the_build_does(project_copy, capsys):
    """A preflight finding (text set at 4 pt) is a warning beside the faces, located as
    `pnp build` tells it; the build went on, so it is no problem."""
    face = project_copy / "templates/muenchhausen/number.yaml"
    text = face.read_text()
    face.write_text(text.replace("     size: 22, colour:", "     size: 4, min-size: 4, colour:", 1))
    line = next(n for n, ln in enumerate(text.splitlines(), 1) if "name: index," in ln)
    state = Preview(Project(project_copy), "muenchhausen", BuildOptions()).rebuild()
    assert state.problems == [] and state.components
    [warning] = state.warnings
    assert warning["file"] == "templates/muenchhausen/number.yaml" and warning["line"] == line
    assert "preflight: text in box 'index' is set at 4 pt" in warning["message"]
    from bastelbogen.preview.command import _report

    _report(state)  # the terminal tells it as `pnp build` does
    told = capsys.readouterr().err
    assert f"  templates/muenchhausen/number.yaml:{line}:" in told
    assert ": warning: preflight: text in box 'index' is set at 4 pt" in told


def _built(address, limit=60.0):
    """The state once the first build is in (the server answers before it is)."""
    conn = http.client.HTTPConnection(address[7:].rstrip("/"), timeout=10)
    deadline = time.monotonic() + limit
    while True:
        conn.request("GET", "/state.json")
        state = json.loads(conn.getresponse().read())
        if state["version"] or time.monotonic() > deadline:
            return state
        time.sleep(0.1)


def _first_state(*args, game="mytown"):
    process, lines = _serve(*args, game=game)
    try:
        return _built(lines[-1].split()[3])
    finally:
        process.terminate()
        process.wait(10)


def _fronts(state, component):
    faces = next(c for c in state["components"] if c["id"] == component)["faces"].values()
    return {f["image"] for f in faces if f["side"] == "front"}


def test_serve_shows_a_game_with_themes_at_once():
    """`pnp serve mytown` settles the options as `pnp build mytown` does (its first theme,
    all its languages, the first shown): its first build has faces and no problem. It takes
    the build's --theme and --lang, checked as the build checks them."""
    plain = _first_state()
    assert plain["version"] == 1 and plain["problems"] == [] and len(_fronts(plain, "tiles")) > 1
    game = Project(ROOT).load("mytown")
    other, lang = list(game.themes)[1], game.languages[1]
    told = _first_state("--theme", other, "--lang", lang)
    assert told["problems"] == [] and not _fronts(plain, "tiles") & _fronts(told, "tiles")
    names = {c["id"]: c["name"] for c in told["components"]}
    assert names == {c.id: c.name.get(lang) for c in game.components}
    assert names != {c["id"]: c["name"] for c in plain["components"]}
    result = pnp("serve", "mytown", "--theme", "nope", "--port", "0", cwd=ROOT)
    assert result.returncode == 2 and "game 'mytown' has no theme 'nope'" in result.stderr
