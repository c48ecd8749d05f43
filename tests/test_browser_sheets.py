"""The Sheets view in a real headless Chromium: no sheet is drawn until it is shown; shown,
its pages' pictures come (drawn on request), the cheat sheet's page among them."""

from __future__ import annotations

import pytest

from tests.test_browser import _open, _until, browser  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow


def test_sheets_are_drawn_when_shown(browser, live):  # noqa: F811 - the fixture
    _, server = live
    _open(browser, server)
    pictures = server.preview.images
    assert pictures.drawn_pages == 0  # the faces are on screen, no sheet drawn
    captions = browser.execute_script(
        "return [...document.querySelectorAll('figure.sheet figcaption')].map(c => c.textContent)"
    )
    assert any("rules.pdf · page 1" in c for c in captions)
    browser.find_element("id", "show-sheets").click()
    loaded = _until(
        browser,
        "const shown = [...document.querySelectorAll('figure.sheet img')]"
        ".filter(i => i.getBoundingClientRect().top < innerHeight);"
        " return shown.length && shown.every(i => i.complete && i.naturalWidth > 0)"
        " && shown.map(i => i.naturalWidth)",
        limit=60,
    )
    assert set(loaded) == {331}  # an A4 page at 40 dpi
    assert 0 < pictures.drawn_pages <= len(captions)
    browser.execute_script("document.querySelector('figure.sheet:last-child').scrollIntoView()")
    _until(
        browser,
        "const i = document.querySelector('figure.sheet:last-child img');"
        " return i.complete && i.naturalWidth > 0",
        limit=60,
    )
    browser.save_screenshot(str(server.preview.project.root / "sheets.png"))
