"""The preview's pictures drawn when asked for (preview/pictures.py): a build lists every
sheet and cheat sheet page without drawing one, a one-card edit draws that card's face
only, a sheet page is the built PDF's page pixel for pixel, a rules.yaml edit changes the
cheat sheet's page, faces come sharper at the dpi of a ladder (and at no other), and what
is kept stays bounded edit after edit."""

from __future__ import annotations

import http.client
import io
import re
import threading
import time

import pytest
from PIL import Image, ImageChops

from bastelbogen.content.project import Project
from bastelbogen.core import limits
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview.pictures import LADDER, SHEET_DPI
from bastelbogen.preview.state import Preview
from tests.conftest import pnp

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`
AID = "{de: Eine Runde,"
COLOUR = re.compile(r'"#[0-9a-fA-F]{6}"')


def _preview(folder, game="muenchhausen") -> Preview:
    preview = Preview(Project(folder), game, BuildOptions())
    assert preview.rebuild().problems == []
    return preview


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_sheets_are_listed_not_drawn_and_an_edit_draws_one_face(project_copy):
    preview = _preview(project_copy)
    state = preview.snapshot
    assert len(state.sheets) > 10 and preview.images.drawn_pages == 0
    assert all(s["size_mm"] == [210.0, 297.0] for s in state.sheets)
    game = project_copy / "content/muenchhausen/game.yaml"
    game.write_text(game.read_text().replace(AID, "{de: Eine Runde mehr,"))
    after = preview.rebuild()
    assert after.problems == [] and after.drawn == 1 and preview.images.drawn_pages == 0
    changed = [b for a, b in zip(state.sheets, after.sheets, strict=True) if a != b]
    assert 0 < len(changed) < len(state.sheets)  # the aid cards' pages only
    assert preview.picture(changed[0]["image"])[:4] == b"\x89PNG"
    assert preview.images.drawn_pages == 1


def test_a_sheet_page_is_the_built_pdfs_page(project_copy, tmp_path):
    """Drawn alone, on request, a page is what the built file's page renders."""
    import pypdfium2 as pdfium

    preview = _preview(project_copy)
    pnp(
        "build",
        "muenchhausen",
        "--out",
        str(tmp_path),
        "--export",
        "png",
        "--dpi",
        "220",
        cwd=project_copy,
    )
    # a face at 220 dpi is the exported picture of it (the build's own rasteriser)
    export = tmp_path / "muenchhausen/export/png/number-cards"
    face = next(iter(preview.snapshot.components[0]["faces"].values()))
    exported = Image.open(export / f"{face['items'][0]}-{face['side']}.png").convert("RGB")
    shown = _pixels(preview.picture(face["image"], 220))
    assert shown.size == exported.size
    assert ImageChops.difference(shown, exported).getbbox() is None
    for sheet in (preview.snapshot.sheets[0], preview.snapshot.sheets[-2]):
        found = sorted((tmp_path / "muenchhausen").rglob(sheet["file"].split("/")[-1]))
        document = pdfium.PdfDocument(found[0])
        built = document[sheet["page"] - 1].render(scale=SHEET_DPI / 72).to_pil().convert("RGB")
        document.close()
        shown = _pixels(preview.picture(sheet["image"]))
        assert shown.size == built.size
        assert ImageChops.difference(shown, built).getbbox() is None, sheet


def test_the_cheat_sheet_is_a_page_and_follows_rules_yaml(project_copy):
    preview = _preview(project_copy)
    [rules] = [s for s in preview.snapshot.sheets if s["file"].endswith("rules.pdf")]
    before = _pixels(preview.picture(rules["image"]))
    assert before.size == (round(210 / 25.4 * SHEET_DPI), round(297 / 25.4 * SHEET_DPI))
    assert before.getextrema() != ((255, 255),) * 3  # something is written on it
    path = project_copy / "content/muenchhausen/rules.yaml"
    text = path.read_text()
    assert "Möglichst viele Karten" in text
    path.write_text(text.replace("Möglichst viele Karten", "Xylophon " * 8, 1))
    state = preview.rebuild()
    [edited] = [s for s in state.sheets if s["file"].endswith("rules.pdf")]
    assert state.problems == [] and edited["image"] != rules["image"]
    after = _pixels(preview.picture(edited["image"]))
    assert ImageChops.difference(before, after).getbbox() is not None


def test_faces_come_sharper_at_the_ladders_dpi_only(live):
    _, server = live
    port = server.server_address[1]
    state = server.preview.snapshot
    face = next(iter(state.components[0]["faces"].values()))
    bleed, trim_width, trim_height = face["size_mm"]
    width, height = trim_width + 2 * bleed, trim_height + 2 * bleed  # the picture holds the bleed

    def get(path):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = conn.getresponse()
        return response.status, response.read()

    for dpi in LADDER:
        status, body = get(f"/img/{face['image']}@{dpi}.png")
        assert status == 200
        w, h = _pixels(body).size
        assert abs(w - width * dpi / 25.4) <= 1 and abs(h - height * dpi / 25.4) <= 1
    for bad in ("@111", "@0", "@99999", "@-220", "@220.5"):
        assert get(f"/img/{face['image']}{bad}.png")[0] == 404
    sheet = state.sheets[0]["image"]
    assert get(f"/img/{sheet}@220.png")[0] == 200
    assert get(f"/img/{sheet}@880.png")[0] == 404  # 75 million pixels: more than is drawn
    assert get(f"/img/{'0' * 16}@220.png")[0] == 404


def test_what_is_kept_stays_bounded(project_copy, monkeypatch):
    """Edit after edit the sources are the build's and the cache holds its bound; a
    picture dropped from it is drawn again, the same."""
    preview = _preview(project_copy)
    sources = len(preview.images.sources)
    key = next(iter(preview.snapshot.components[0]["faces"]))
    first = preview.picture(key)
    path = project_copy / "content/muenchhausen/game.yaml"
    original = path.read_text()
    monkeypatch.setattr(limits, "MAX_PREVIEW_PICTURE_BYTES", 2 * 1024**2)
    for n in range(6):
        path.write_text(original.replace(AID, f"{{de: Eine Runde {n},"))
        state = preview.rebuild()
        assert state.drawn == 1 and len(preview.images.sources) == sources
        assert preview.images._bytes <= 2 * 1024**2
    assert preview.picture(key) == first


def test_pictures_are_drawn_off_the_servers_loop(live):
    """While a sheet is drawn in a worker thread, the state still answers at once."""
    _, server = live
    port = server.server_address[1]
    sheets = [s["image"] for s in server.preview.snapshot.sheets]
    answers: list[int] = []

    def fetch(key):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", f"/img/{key}@220.png", headers={"Host": f"127.0.0.1:{port}"})
        answers.append(conn.getresponse().status)

    threads = [threading.Thread(target=fetch, args=(k,)) for k in sheets[:6]]
    for t in threads:
        t.start()
    time.sleep(0.05)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/state.json", headers={"Host": f"127.0.0.1:{port}"})
    assert conn.getresponse().status == 200
    for t in threads:
        t.join()
    assert answers == [200] * 6


@pytest.mark.slow  # every game built four times: CI runs it, `make test` leaves it out
@pytest.mark.parametrize("game", ["muenchhausen", "museo", "mytown", "minipilo", "deck"])
def test_reused_arts_change_nothing(project_copy, game):
    """A preview that reuses the last build's arts shows after an edit what a fresh one
    shows: the same faces (keyed by their art) and sheets; after a template's edit too."""
    from bench import decks
    from bench.preview import EDITS

    if game == "deck":
        decks.write(project_copy, "table", 40)
    preview = _preview(project_copy, game)
    name, old, new = EDITS[game]
    path = project_copy / "content" / game / name
    path.write_text(path.read_text().replace(old, new.format(n=7), 1))
    for _ in range(2):
        reused = preview.rebuild()
        fresh = _preview(project_copy, game).snapshot
        assert reused.problems == [] and reused.components == fresh.components
        assert reused.sheets == fresh.sheets and reused.warnings == fresh.warnings
        # then a template's colour: every face it draws changes
        for template in sorted((project_copy / "templates" / game).glob("*.yaml")):
            text = template.read_text()
            if COLOUR.search(text):
                template.write_text(COLOUR.sub('"#123456"', text, count=1))
                break


def test_the_preview_draws_the_version_mark_as_the_build_does(project_copy, tmp_path):
    """--version-mark in the preview: each front's picture is the exported picture of a
    build with the same mark (not the unmarked one it would be if the mark were dropped)."""
    preview = Preview(Project(project_copy), "muenchhausen", BuildOptions(version_mark="v9"))
    assert preview.rebuild().problems == []
    args = ("build", "muenchhausen", "--out", str(tmp_path), "--export", "png", "--dpi", "220")
    assert pnp(*args, "--version-mark", "v9", cwd=project_copy).returncode == 0
    export = tmp_path / "muenchhausen/export/png/number-cards"
    face = next(f for f in preview.snapshot.components[0]["faces"].values() if f["side"] == "front")
    shown = _pixels(preview.picture(face["image"], 220))
    marked = Image.open(export / f"{face['items'][0]}-front.png").convert("RGB")
    assert ImageChops.difference(shown, marked).getbbox() is None
    plain = _preview(project_copy)
    unmarked = next(
        f for f in plain.snapshot.components[0]["faces"].values() if f["side"] == "front"
    )
    assert unmarked["image"] != face["image"]
    assert ImageChops.difference(shown, _pixels(plain.picture(unmarked["image"], 220))).getbbox()
