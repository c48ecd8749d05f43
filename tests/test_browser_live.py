# ruff: noqa: F811 - `browser`, the fixture of tests/test_browser.py, taken by each test
"""The live preview's options bar and opening in a real headless Chromium (through
Selenium): switching theme, language, variant, paper and braille from the page shows other
faces (or sheets), a switch the server refuses is shown in its words, "building…" shows
before the first build of a big deck is in, eight tabs of one browser each load and follow
an edit (one event stream for all), and the page works served on ::1 and on 0.0.0.0."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from bastelbogen.content.project import Project
from bastelbogen.pipeline.build import BuildOptions
from bastelbogen.preview.command import _watch
from bastelbogen.preview.server import serve
from bastelbogen.preview.state import Preview
from tests.test_browser import LOADED, _until, browser  # noqa: F401 - the fixture
from tests.test_preview_live import _ipv6, _own_address

pytestmark = pytest.mark.slow
FACES = "return [...document.querySelectorAll('figure.face')].map(f => f.dataset.image).sort()"
SHEETS = "return [...document.querySelectorAll('figure.sheet img')].map(i => i.src).sort()"


@pytest.fixture
def start():
    """A preview served as `pnp serve` serves it: listening first, its first build in the
    background, its files watched."""
    stops = []

    def run(folder: Path, game: str, host: str = "127.0.0.1", **options):
        preview = Preview(Project(folder), game, BuildOptions.of(**options))
        server = serve(preview, host, 0)
        stop = threading.Event()
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}).start()
        threading.Thread(target=preview.rebuild, daemon=True).start()
        threading.Thread(
            target=_watch, args=(preview.project, game, preview, stop), daemon=True
        ).start()
        stops.append((stop, server))
        return server

    yield run
    for stop, server in stops:
        stop.set()
        server.shutdown()
        server.server_close()


def _url(server, host="127.0.0.1") -> str:
    name = f"[{host}]" if ":" in host else host
    return f"http://{name}:{server.server_address[1]}/"


def _version(driver) -> int:
    return int(driver.execute_script("return document.body.dataset.version || 0"))


def _switch(driver, name, text, limit=60.0):
    """Choose `text` in the options bar's select for `name`; wait for its build."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    before = _version(driver)
    Select(
        driver.find_element(By.CSS_SELECTOR, f"#options select[name='{name}']")
    ).select_by_visible_text(text)
    _until(driver, f"return Number(document.body.dataset.version) > {before}", limit)
    return _until(driver, LOADED, limit)


def test_switching_options_from_the_page(browser, start, project_copy):
    """Münchhausen: English, then the large-groups variant (fewer number cards), braille,
    letter paper; each shows other faces or sheets, and the bar shows what is in effect."""
    from selenium.webdriver.common.by import By

    server = start(project_copy, "muenchhausen")
    browser.get(_url(server))
    _until(browser, LOADED, 60)
    german = browser.execute_script(FACES)
    _switch(browser, "lang", "en")
    english = browser.execute_script(FACES)
    assert english and set(english) != set(german)
    assert server.preview.options.langs == ("en",)
    _switch(browser, "variant", "large-groups")
    fewer = browser.execute_script(FACES)
    assert 0 < len(fewer) < len(english)
    assert (
        browser.execute_script(
            "return document.querySelector(\"#options select[name='variant']\").value"
        )
        == '"large-groups"'
    )
    box = browser.find_element(By.CSS_SELECTOR, "#options input[name='braille']")
    before = _version(browser)
    box.click()
    _until(browser, f"return Number(document.body.dataset.version) > {before}", 60)
    _until(browser, LOADED, 60)
    assert server.preview.options.braille and set(browser.execute_script(FACES)) != set(fewer)
    assert browser.find_element(By.CSS_SELECTOR, "#options input[name='braille']").is_selected()
    a4 = browser.execute_script(SHEETS)
    _switch(browser, "paper", "letter")
    assert set(browser.execute_script(SHEETS)) != set(a4)
    assert server.preview.options.settings.paper == "letter"


def test_switching_the_theme_from_the_page(browser, start, project_copy):
    server = start(project_copy, "mytown")
    browser.get(_url(server))
    _until(browser, LOADED, 90)
    themes = browser.execute_script(
        "return [...document.querySelectorAll(\"#options select[name='theme'] option\")]"
        ".map(o => o.text)"
    )
    assert len(themes) > 1 and themes[0] == "town"
    first = browser.execute_script(FACES)
    _switch(browser, "theme", themes[1], 90)
    assert set(browser.execute_script(FACES)) != set(first)
    assert (
        json.loads(
            browser.execute_script(
                "return document.querySelector(\"#options select[name='theme']\").value"
            )
        )
        == themes[1]
    )


def test_a_refused_switch_is_shown(browser, start, project_copy):
    """A value the server refuses (posted as the bar posts, from the page) is told beside
    the bar; the build on screen stays."""
    server = start(project_copy, "muenchhausen")
    browser.get(_url(server))
    _until(browser, LOADED, 60)
    version = _version(browser)
    status = browser.execute_async_script(
        "const done = arguments[0];"
        " fetch('/options', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({bleed: '99mm'})}).then(async r => done([r.status, await r.text()]))"
    )
    assert status[0] == 400 and "Invalid value for '--bleed'" in status[1]
    # the bar's own way: a value its select does not offer, posted by its change handler
    browser.execute_script(
        "const s = document.querySelector(\"#options select[name='variant']\");"
        " s.append(new Option('tiny', '\"tiny\"')); s.value = '\"tiny\"';"
        " s.dispatchEvent(new Event('change'))"
    )
    told = _until(browser, "return document.getElementById('options-error').textContent")
    assert "has no variant 'tiny'" in told and _version(browser) == version


def test_building_shows_before_the_first_build(browser, start, tmp_path):
    """A 600-card deck: the page is there before its first build, saying "building…"."""
    from selenium.webdriver.common.by import By

    from bench.decks import write

    server = start(write(tmp_path, "table", 600), "deck")
    browser.get(_url(server))
    _until(
        browser,
        "return document.getElementById('building')"
        " && getComputedStyle(document.getElementById('building')).display !== 'none'",
    )
    assert server.preview.snapshot.version == 0  # it showed before the build was in
    assert browser.find_element(By.ID, "building").text == "building…"
    assert browser.find_element(By.ID, "status").text == "no build yet"
    _until(browser, LOADED, 120)
    assert not browser.find_element(By.ID, "building").is_displayed()
    # every card's face listed, and the page says so (its grid holds those in view)
    assert sum(len(c["faces"]) for c in server.preview.snapshot.components) == 601
    assert browser.find_element(By.ID, "count").text.startswith("600")
    assert 0 < len(browser.execute_script(FACES)) <= 601


def test_eight_tabs_load_and_follow_an_edit(browser, start, project_copy):
    """Eight tabs of one browser (six connections to a host at most): each loads, and each
    shows the build after an edit."""
    server = start(project_copy, "muenchhausen")
    tabs = []
    for n in range(8):
        if n:
            browser.switch_to.new_window("tab")
        browser.get(_url(server))
        _until(browser, LOADED, 60)
        tabs.append(browser.current_window_handle)
    version = server.preview.snapshot.version
    sets = project_copy / "content/muenchhausen/sets.yaml"
    sets.write_text(sets.read_text().replace("currency: Rubel,", "currency: Rubl,  "))
    for tab in tabs:
        browser.switch_to.window(tab)
        _until(browser, f"return Number(document.body.dataset.version) > {version}", 60)
    assert server.streams == 1  # one stream for the eight tabs


@pytest.mark.skipif(not _ipv6(), reason="no IPv6 loopback here")
def test_the_page_on_the_ipv6_loopback(browser, start, project_copy):
    server = start(project_copy, "muenchhausen", host="::1")
    browser.get(_url(server, "::1"))
    assert _until(browser, LOADED, 60)


def test_the_page_on_every_address(browser, start, project_copy):
    """Served on 0.0.0.0, the page opens by the machine's own address (not a secure
    context: the shared event stream works there too) and follows a switch."""
    own = _own_address()
    if own is None:
        pytest.skip("this machine has no address but its loopback")
    server = start(project_copy, "muenchhausen", host="0.0.0.0")
    browser.get(_url(server, own))
    _until(browser, LOADED, 60)
    assert browser.execute_script("return window.isSecureContext") is False
    _switch(browser, "lang", "en")
