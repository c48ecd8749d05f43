"""The preview page in a real headless Chromium, as a designer uses it: every card of a
2,000-card deck reachable (scrolled to, searched for, "N of M" told), the large view (front
and back side by side, zoomed to 400 % with sharper pictures asked for, the arrow keys and
Esc, a rebuild followed), a print sheet opened large, and the safe zone drawn along a hex's
and a circle's outline. Skipped without a browser, as tests/test_browser.py says."""

from __future__ import annotations

import re
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.chromium import chromium
from tests.conftest import serving
from tests.test_browser import _until

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def browser(tmp_path):
    driver = chromium(tmp_path / "chromium")
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    """A 2,000-card deck (bench/decks.py's table form), served once for the module."""
    from bench.decks import write

    folder = tmp_path_factory.mktemp("deck")
    write(folder, "table", 2000)
    server, stop = serving(folder, "deck", watch=False)
    yield server
    stop.set()
    server.shutdown()
    server.server_close()


@pytest.fixture
def hexes(tmp_path):
    """The hex and round tokens example, copied, served and watched."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    server, stop = serving(tmp_path / "examples", "hextokens", watch=True)
    yield tmp_path / "examples", server
    stop.set()
    server.shutdown()
    server.server_close()


def _open(driver, server) -> None:
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
    _until(driver, "return document.body.dataset.version")


def _search(driver, text: str) -> str:
    driver.execute_script(
        "const s = document.getElementById('search'); s.value = arguments[0];"
        " s.dispatchEvent(new Event('input'))",
        text,
    )
    time.sleep(0.4)  # the box waits for the typing to pause
    return driver.execute_script("return document.getElementById('count').textContent")


def _click_face(driver, item: str, side: str = "front") -> None:
    driver.execute_script(
        "[...document.querySelectorAll('figure.face')].find(f => f.dataset.side === arguments[1]"
        " && f.dataset.items.split(' ').includes(arguments[0])).click()",
        item,
        side,
    )
    _until(driver, "return !document.getElementById('large').hidden")


PANES = (
    "return [...document.querySelectorAll('#stage .pane')].map(p => [p.dataset.key,"
    " p.querySelector('figcaption').textContent])"
)


def test_every_card_of_a_2000_card_deck_is_reachable(browser, deck):
    pieces = deck.preview.snapshot.pieces
    assert len(pieces) == 2000
    _open(browser, deck)
    assert browser.execute_script("return document.getElementById('count').textContent") == (
        "2000 pieces"
    )
    heading = browser.execute_script(
        "return document.querySelector('#component-cards small').textContent"
    )
    assert "2000 pieces" in heading and "2001 faces" in heading  # 2,000 fronts, one back
    # Only what is in view is in the page: far fewer than 2,001 pictures.
    assert browser.execute_script("return document.querySelectorAll('figure.face').length") < 300
    last = pieces[-1]
    # Scrolled to the end at every look: on a busy machine the page may still be growing
    # (pictures arriving above) when the first scroll lands.
    loaded = _until(
        browser,
        "scrollTo(0, document.body.scrollHeight);"
        " const f = [...document.querySelectorAll('figure.face')].find(f =>"
        f" f.dataset.items === '{last['id']}' && f.dataset.side === 'front');"
        " const i = f && f.querySelector('img'); return i && i.complete && i.naturalWidth",
    )
    assert loaded > 100
    assert browser.execute_script("return document.querySelectorAll('figure.face').length") < 300
    # One piece of 2,000 by its id, many by a field of the row they refer to.
    assert _search(browser, last["id"]) == "1 of 2000 pieces"
    plum = sum(p["fields"].get("group.name") == "Plum" for p in pieces)
    assert 0 < plum < 2000
    assert _search(browser, "group:plum") == f"{plum} of 2000 pieces"
    heading = browser.execute_script(
        "return document.querySelector('#component-cards small').textContent"
    )
    assert f"{plum} of 2000 pieces" in heading
    assert _search(browser, "") == "2000 pieces"


def test_the_large_view_walks_the_filtered_deck(browser, deck):
    pieces = deck.preview.snapshot.pieces
    _open(browser, deck)
    _search(browser, "group:sky")
    sky = [p for p in pieces if p["fields"].get("group.name") == "Sky"]
    _click_face(browser, sky[0]["id"])
    # front and back side by side, the piece's own faces
    assert browser.execute_script(PANES) == [[sky[0]["front"], "front"], [sky[0]["back"], "back"]]
    assert sky[0]["id"] in browser.execute_script(
        "return document.getElementById('large-caption').textContent"
    )
    body = browser.find_element("tag name", "body")
    body.send_keys("\ue014")  # →: the next piece the search keeps, not the next card
    _until(
        browser,
        f"return document.querySelector('#stage .pane').dataset.key === '{sky[1]['front']}'",
    )
    assert (
        browser.execute_script("return document.getElementById('large-position').textContent")
        == f"2 / {len(sky)}"
    )
    body.send_keys("\ue012")  # ←
    _until(
        browser,
        f"return document.querySelector('#stage .pane').dataset.key === '{sky[0]['front']}'",
    )
    body.send_keys("\ue00c")  # Esc
    _until(browser, "return document.getElementById('large').hidden")
    # focus is back on the face that opened it, drawn with a visible ring
    assert browser.execute_script(
        "return document.activeElement.matches('figure.face:focus-visible, figure.face')"
    )


def test_zoom_to_400_asks_a_sharper_picture(hexes, tmp_path):
    _, server = hexes
    driver = chromium(tmp_path / "hidpi", scale=2)
    try:
        _open(driver, server)
        assert driver.execute_script("return devicePixelRatio") == 2
        _click_face(driver, "meer")
        driver.execute_script("document.getElementById('zoom-real').click()")
        body = driver.find_element("tag name", "body")
        for _ in range(5):  # 100 → 125 → 150 → 200 → 300 → 400 %
            body.send_keys("+")
        assert (
            driver.execute_script("return document.getElementById('zoom-level').textContent")
            == "400 %"
        )
        key = server.preview.snapshot.pieces[0]["front"]
        # 400 % of real size at 2 device pixels a pixel: 768 dpi, the ladder's 880
        wanted = f"/img/{key}@880.png"
        asked = "return performance.getEntriesByType('resource').some(e => e.name.endsWith(%r))"
        _until(driver, asked % wanted)
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}{wanted}")
            served = True
        except urllib.error.HTTPError as error:
            served, _ = False, error.code
        img = "document.querySelector('#stage .pane img')"
        if served:
            _until(driver, f"return {img}.dataset.dpi === '880' && {img}.complete")
            natural, shown = driver.execute_script(
                f"return [{img}.naturalWidth, {img}.getBoundingClientRect().width]"
            )
            assert natural >= shown * 2 - 1
        else:  # no sharper pictures served: the normal one stays, not a broken picture
            assert driver.execute_script(f"return {img}.naturalWidth") > 0
            assert driver.execute_script(f"return {img}.src").endswith(f"/img/{key}.png")
    finally:
        driver.quit()


def test_the_large_view_follows_a_rebuild(browser, hexes):
    folder, server = hexes
    _open(browser, server)
    version = server.preview.snapshot.version
    _click_face(browser, "meer")
    old = browser.execute_script(PANES)[0][0]
    terrain = folder / "content/hextokens/terrain.csv"
    terrain.write_text(terrain.read_text().replace("meer,Meer,", "meer,Ozean,"))
    _until(browser, f"return Number(document.body.dataset.version) > {version}", 60)
    new = next(p for p in server.preview.snapshot.pieces if p["id"] == "meer")
    assert new["front"] != old
    _until(
        browser, f"return document.querySelector('#stage .pane').dataset.key === '{new['front']}'"
    )
    assert "Ozean" in browser.execute_script(
        "return document.getElementById('large-caption').textContent"
    )
    assert not browser.execute_script("return document.getElementById('large').hidden")


def test_a_piece_that_is_gone_says_so(browser, hexes):
    folder, server = hexes
    _open(browser, server)
    _click_face(browser, "fleute")
    version = server.preview.snapshot.version
    ships = folder / "content/hextokens/ships.csv"
    ships.write_text(ships.read_text().replace("fleute,", "brigg,"))
    _until(browser, f"return Number(document.body.dataset.version) > {version}", 60)
    text = _until(
        browser,
        "const g = document.getElementById('large-gone'); return !g.hidden && g.textContent",
    )
    assert "gone from the build" in text
    # and it is shown no more in the grid behind it
    assert not browser.execute_script(
        "return [...document.querySelectorAll('figure.face')]"
        ".some(f => f.dataset.items === 'fleute')"
    )


def test_a_sheet_opens_large(browser, hexes):
    _, server = hexes
    sheets = server.preview.snapshot.sheets
    _open(browser, server)
    browser.execute_script("document.getElementById('show-sheets').click()")
    browser.execute_script("document.querySelector('figure.sheet').click()")
    _until(browser, "return !document.getElementById('large').hidden")
    assert browser.execute_script("return document.getElementById('large').dataset.mode") == "sheet"
    assert [k for k, _ in browser.execute_script(PANES)] == [sheets[0]["image"]]
    assert f"page {sheets[0]['page']}" in browser.execute_script(
        "return document.getElementById('large-caption').textContent"
    )
    if len(sheets) > 1:
        browser.find_element("tag name", "body").send_keys("\ue014")
        _until(
            browser,
            f"return document.querySelector('#stage .pane').dataset.key === '{sheets[1]['image']}'",
        )


def _corners(driver, item: str, line: str) -> list[tuple[float, float]]:
    d = driver.execute_script(
        f"return document.querySelector('#stage .pane svg.overlay .{line}').getAttribute('d')"
    )
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def test_the_safe_zone_follows_a_hex_and_a_circle(browser, hexes):
    _, server = hexes
    _open(browser, server)
    _click_face(browser, "meer")
    browser.execute_script("document.getElementById('toggle-safe').click()")
    browser.execute_script("document.getElementById('toggle-bleed').click()")
    shape = browser.execute_script(
        "return document.querySelector('#stage svg.overlay').dataset.shape"
    )
    assert shape == "hex"
    safe = _corners(browser, "meer", "safe-line")
    assert len(safe) == 6  # a hexagon, not a rectangle
    assert (
        browser.execute_script(
            "return getComputedStyle(document.querySelector('#stage .safe-line')).display"
        )
        != "none"
    )
    # drawn inside the cut outline's box on screen
    cut, inner = browser.execute_script(
        "const r = (c) => document.querySelector('#stage .pane .' + c).getBoundingClientRect();"
        " return [r('cut-line').toJSON(), r('safe-line').toJSON()]"
    )
    assert cut["left"] < inner["left"] < inner["right"] < cut["right"]
    assert cut["top"] < inner["top"] < inner["bottom"] < cut["bottom"]
    browser.find_element("tag name", "body").send_keys("\ue00c")
    _click_face(browser, "kogge")
    assert (
        browser.execute_script("return document.querySelector('#stage svg.overlay').dataset.shape")
        == "circle"
    )
    ring = _corners(browser, "kogge", "safe-line")
    assert len(ring) >= 48
    cx = sum(x for x, _ in ring) / len(ring)
    cy = sum(y for _, y in ring) / len(ring)
    radii = [((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in ring]
    assert max(radii) - min(radii) < 0.05  # round
