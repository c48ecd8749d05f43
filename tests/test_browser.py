"""The live preview in a real headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium): the page shows every face of Münchhausen, an edit to the sets table
appears without a reload, a broken file's located problem appears, and fixing it clears it.
Without a browser these tests are skipped, saying why; on CI (CI=true) that is a failure."""

from __future__ import annotations

import pytest

from tests.chromium import chromium
from tests.chromium import until as _until

pytestmark = pytest.mark.slow


@pytest.fixture
def browser(tmp_path):
    driver = chromium(tmp_path / "chromium")
    yield driver
    driver.quit()


# Every face's picture drawn (the large view's stays empty until a click); the sheets are
# drawn when the Sheets view shows them (their pictures load lazily): counted as figures.
LOADED = (
    "const faces = [...document.querySelectorAll('figure.face img')];"
    " return document.body.dataset.version && faces.every("
    "i => i.complete && i.naturalWidth > 0)"
    " && document.querySelectorAll('figure.face, figure.sheet').length"
)


def _open(driver, server) -> int:
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
    return _until(driver, LOADED)


def test_the_page_shows_every_face(browser, live):
    _, server = live
    shown = _open(browser, server)
    state = server.preview.snapshot
    faces = sum(len(c["faces"]) for c in state.components)
    assert (
        shown
        == faces + len(state.sheets)
        == faces + browser.execute_script("return document.querySelectorAll('figure.sheet').length")
    )
    assert faces == browser.execute_script("return document.querySelectorAll('figure.face').length")
    cards = browser.execute_script(
        "return document.querySelector('#component-number-cards small').textContent"
    )
    assert "64 pieces" in cards
    browser.save_screenshot(str(server.preview.project.root / "preview.png"))


def test_an_edit_shows_without_a_reload(browser, live):
    folder, server = live
    _open(browser, server)
    browser.execute_script("window.stayed = true")  # gone if the page were loaded again
    version = int(browser.execute_script("return document.body.dataset.version"))
    old = set(
        browser.execute_script(
            "return [...document.querySelectorAll('figure.face img')].map(i => i.src)"
        )
    )
    sets = folder / "content/muenchhausen/sets.yaml"
    sets.write_text(sets.read_text().replace("currency: Rubel,", "currency: Rubl,  "))
    _until(browser, f"return Number(document.body.dataset.version) > {version}")
    _until(browser, LOADED)
    new = set(
        browser.execute_script(
            "return [...document.querySelectorAll('figure.face img')].map(i => i.src)"
        )
    )
    assert browser.execute_script("return window.stayed") is True
    assert len(new - old) == 8  # the eight Rubel cards, drawn again


def test_a_broken_file_and_its_fix(browser, live):
    folder, server = live
    _open(browser, server)
    sets = folder / "content/muenchhausen/sets.yaml"
    good = sets.read_text()
    sets.write_text(good.replace('colour: "#0072B2"', 'colour: "#0072ZZ"'))
    text = _until(
        browser, "const p = document.getElementById('problems'); return !p.hidden && p.textContent"
    )
    assert "content/muenchhausen/sets.yaml:8:" in text and "is not a colour" in text
    faces = browser.execute_script("return document.querySelectorAll('figure.face').length")
    assert faces > 64  # the last good build stays underneath
    sets.write_text(good)
    _until(browser, "return document.getElementById('problems').hidden")
