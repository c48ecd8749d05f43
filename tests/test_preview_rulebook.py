"""The rulebook as a page of the live preview (/rulebook/<lang>, render/rulebook/screen.py):
a small game of cards with a book in German and English (tests/test_rulebook.py's), an icon
in its text and a stranger's markup in its names and captions, served and read back as
HTML: every section a heading with its slug as id and in the contents, every link to a
section leads to one, the counts and names the kit's, the component list a row a component
with pictures that load, the figure and the set-up drawing the faces they name, the scoring
grid the pad's; nothing a designer wrote comes out as markup; a language the book lacks is
a 404 that says so; an edit shows at once."""

from __future__ import annotations

import http.client
import io
import re
import time
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from bastelbogen.content.expand import items_of
from bastelbogen.content.project import Project
from bastelbogen.content.rulebook import Block, Rulebook, all_blocks
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.pipeline.build import BuildOptions, prepare
from tests.cardgame import card_game, without_rulebook
from tests.conftest import serving
from tests.test_rulebook import EN, HARE, OWL, _game

pytestmark = pytest.mark.heavy  # a server and builds: left out of `make test-fast`

HOSTILE = '"><img src=x onerror=alert(1)><script>alert(2)</script>'
COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="4.5" fill="#d4a017"/></svg>'
)
BOOK = (
    EN.replace("Each **fox** scores", "Each **fox** scores :coin: & 1 < 2 > 0")
    .replace("caption: An owl.", f"caption: '{HOSTILE}'")
    .replace("> A side note.", '> A side note " onmouseover="alert(3)')
)


def _hostile_game(root: Path) -> Path:
    _game(root, en=BOOK)
    game = root / "content" / "fox" / "game.yaml"
    text = game.read_text().replace(
        "name: {de: Block, en: Pad}", f"name: {{de: Block, en: {HOSTILE!r}}}"
    )
    game.write_text(text + "\nicons:\n  coin: {file: icons/coin.svg}\n")
    (root / "content" / "fox" / "icons").mkdir()
    (root / "content" / "fox" / "icons" / "coin.svg").write_text(COIN)
    return root


@pytest.fixture(scope="module")
def fox(tmp_path_factory):
    root = _hostile_game(tmp_path_factory.mktemp("fox"))
    server, stop = serving(root, "fox", watch=True)
    yield root, server
    stop.set()
    server.shutdown()
    server.server_close()


def _get(server, path, host=None):
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Host": host or f"127.0.0.1:{port}"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, dict(response.getheaders())


class _Page(HTMLParser):
    """What the page holds, as a browser's parser reads it: every element with its
    attributes and the text inside it, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.open: list[list[str]] = []  # the texts of the elements open now
        self.texts: dict[int, str] = {}  # an element's index -> its text
        self.stack: list[int] = []
        self.data: list[str] = []
        self.ancestors: list[tuple[int, ...]] = []  # each element's open elements

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {k: v or "" for k, v in attrs}))
        self.ancestors.append(tuple(self.stack))
        if tag not in ("img", "br", "hr", "meta", "link", "image", "input"):
            self.stack.append(len(self.elements) - 1)
            self.texts[len(self.elements) - 1] = ""

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, {k: v or "" for k, v in attrs}))
        self.ancestors.append(tuple(self.stack))

    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        self.data.append(data)
        for n in self.stack:
            self.texts[n] += data

    def find(self, tag, **attrs):
        return [
            (n, a)
            for n, (t, a) in enumerate(self.elements)
            if t == tag and all(a.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]

    def inside(self, n: int, tag: str) -> list[tuple[int, dict[str, str]]]:
        """The elements `tag` inside element n, each with its index."""
        return [
            (i, a) for i, (t, a) in enumerate(self.elements) if t == tag and n in self.ancestors[i]
        ]

    def text(self, n: int) -> str:
        return " ".join(self.texts.get(n, "").split())


def _page(server, lang="en") -> _Page:
    status, body, headers = _get(server, f"/rulebook/{lang}")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    page = _Page()
    page.feed(body.decode())
    return page


def _book(root: Path, lang: str) -> tuple[Rulebook, dict[str, int]]:
    ready = prepare(Project(root), "fox", BuildOptions())
    counts = {c.id: len(items_of(ready.game, c, None, Collector())) for c in ready.game.components}
    return ready.game.rulebooks[lang], counts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_section_is_a_heading_and_in_the_contents_and_every_link_leads(fox, lang):
    root, server = fox
    page = _page(server, lang)
    book, _ = _book(root, lang)
    sections = [b for b in all_blocks(book.blocks) if b.kind == "heading" and b.level > 1]
    ids = {a["id"] for _, a in page.elements if "id" in a}
    for section in sections:
        (found,) = page.find(f"h{section.level}", id=section.slug)
        assert page.text(found[0]).removesuffix(" #") == section.text  # plain headings here
    (nav,) = page.find("nav")
    contents = [a["href"] for _, a in page.inside(nav[0], "a")]
    assert contents == [f"#{s.slug}" for s in sections]
    links = [a["href"] for t, a in page.elements if t == "a" and a.get("href", "").startswith("#")]
    assert links and all(href[1:] in ids for href in links)
    (title,) = page.find("h1")
    assert page.text(title[0]) == book.title
    assert page.elements[0] == ("html", {"lang": lang})


def test_counts_names_and_the_component_list_are_the_kits(fox):
    root, server = fox
    page = _page(server)
    _, counts = _book(root, "en")
    prose = " ".join(" ".join(page.data).split())
    assert f"The game has {counts['cards']} Cards." in prose
    rows = page.find("tr")
    listed = {a["data-component"]: n for n, a in rows if "data-component" in a}
    assert set(listed) == set(counts)  # one row a component
    for cid, n in listed.items():
        cells = [page.text(i) for i, _ in page.inside(n, "td")]
        assert cells[-1] == str(counts[cid])
        pictures = [a for _, a in page.inside(n, "img")]
        assert pictures and {p["data-side"] for p in pictures} <= {"front", "back"}
        for picture in pictures:
            assert picture["data-face"].startswith(f"{cid}/")
            status, png, headers = _get(server, picture["src"])
            assert status == 200 and headers["Content-Type"] == "image/png"
            assert Image.open(io.BytesIO(png)).size[0] > 10
    assert "front" in {
        a["data-side"] for n, a in page.find("img") if a.get("data-face", "").startswith("cards/")
    }
    assert "back" in {
        a["data-side"] for n, a in page.find("img") if a.get("data-face", "").startswith("cards/")
    }


def _colour_share(png: bytes, colour: tuple[int, int, int]) -> float:
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    near = np.abs(pixels - np.array(colour)).sum(axis=2) < 40
    return float(near.mean())


def test_the_figure_and_the_set_up_show_the_faces_they_name(fox):
    _, server = fox
    page = _page(server)
    (owl,) = [a for _, a in page.find("img") if a.get("data-face") == "cards/owl"]
    assert _colour_share(_get(server, owl["src"])[1], OWL) > 0.05
    images = {a["data-face"]: a for _, a in page.find("image")}
    assert set(images) == {"pad/pad", "cards/hare"}
    board, hare = images["pad/pad"], images["cards/hare"]
    assert _colour_share(_get(server, hare["href"])[1], HARE) > 0.05
    assert _get(server, board["href"])[2]["Content-Type"] == "image/png"
    # at: [50, 70] mm is the hare's centre on the board, in the board's points
    centre = (
        float(hare["x"]) + float(hare["width"]) / 2,
        float(hare["y"]) + float(hare["height"]) / 2,
    )
    assert centre == pytest.approx((50 * 72 / 25.4, 70 * 72 / 25.4), abs=0.05)
    assert (float(board["width"]), float(board["height"])) == pytest.approx(
        (100 * 72 / 25.4, 140 * 72 / 25.4), abs=0.05
    )


def test_the_scoring_grid_and_the_icons_are_the_games(fox):
    _, server = fox
    page = _page(server)
    (table,) = page.find("table", data_component="pad")
    heads = [
        page.text(n)
        for n, (t, _a) in enumerate(page.elements)
        if t == "th" and table[0] in page.ancestors[n]
    ]
    assert heads[:5] == ["Player", "Foxes", "Total", "Round 1", "Round 2"]
    (coin,) = page.find("img", **{"class": "icon em10"})  # 1 em: its size
    status, png, headers = _get(server, coin[1]["src"])
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert _colour_share(png, (0xD4, 0xA0, 0x17)) > 0.3


def test_a_strangers_markup_comes_out_as_text(fox):
    _, server = fox
    page = _page(server)
    scripts = [a for _, a in page.find("script")]
    assert scripts == [{"type": "module", "src": "/rulebook.js"}]
    for tag, attrs in page.elements:
        assert not [k for k in attrs if k.startswith("on")], (tag, attrs)
        if tag == "img":
            assert attrs["src"].startswith("/img/"), attrs
        for key in ("href", "src"):
            assert not attrs.get(key, "").lower().startswith("javascript"), attrs
    text = " ".join(page.data)
    assert text.count(HOSTILE) == 2  # the pad's name in the component list, the caption
    assert 'A side note " onmouseover="alert(3)' in text
    assert "& 1 < 2 > 0" in text


def test_a_language_the_book_lacks_and_a_foreign_host_are_refused(fox):
    _, server = fox
    status, body, _ = _get(server, "/rulebook/fr")
    assert status == 404 and b"no rulebook in 'fr' (it is written in de, en)" in body
    status, body, _ = _get(server, "/rulebook/en", host="evil.example:80")
    assert status == 403
    status, body, _ = _get(server, "/rulebook/../../etc/passwd")
    assert status == 404
    status, body, _ = _get(server, "/rulebook")  # the language shown: the first
    assert status == 200 and b'<html lang="de">' in body
    status, body, _ = _get(server, "/state.json")
    assert b'"rulebooks": ["de", "en"]' in body


def test_an_edit_of_the_book_is_shown_and_the_page_names_its_build(fox):
    root, server = fox
    page = _page(server)
    (body,) = page.find("body")
    before = int(body[1]["data-build"])
    source = root / "content" / "fox" / "rulebook" / "en.md"
    source.write_text(source.read_text().replace("Play a card.", "Play a card, then smile."))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        page = _page(server)
        if "Play a card, then smile." in " ".join(page.data):
            break
        time.sleep(0.2)
    else:
        raise AssertionError("the edit was not shown within 30 s")
    (body,) = page.find("body")
    assert int(body[1]["data-build"]) > before


def test_a_game_without_a_rulebook_has_no_page(tmp_path):
    without_rulebook(card_game(tmp_path, "plain"), "plain")
    server, stop = serving(tmp_path, "plain", watch=False)
    try:
        status, body, _ = _get(server, "/rulebook/en")
        assert status == 404 and b"no rulebook in 'en' (the game has none)" in body
        assert b'"rulebooks": []' in _get(server, "/state.json")[1]
    finally:
        stop.set()
        server.shutdown()
        server.server_close()


def test_markup_no_reading_makes_is_written_as_text():
    """The page reads the blocks' markup again and keeps only its own tags: a link to
    javascript: or a tag the reading never writes (as if a reading let one through) is
    text, not markup."""
    from bastelbogen.render.rulebook.screen import Page

    class _Kit:
        lang = "en"

        class fonts:  # noqa: N801 - stands for Fonts
            from bastelbogen.content.icons import NO_ICONS as icons

        @staticmethod
        def counted(text: str, _loc: object) -> str:
            return text

    book = Rulebook("en", Path("en.md"), ())
    page = Page(book, _Kit(), {"example": "Example"}, None)  # type: ignore[arg-type]
    loc = Loc("en.md", 1, 1)
    shown = page.inline(
        '<a href="javascript:alert(1)">x</a> <script>y</script> <b>z</b>'
        ' <a href="#s">s</a> <a href="https://e.org/?a=1&amp;b=&quot;">w</a>',
        loc,
    )
    assert shown == (
        "<a>x</a> &lt;script&gt;y&lt;/script&gt; <strong>z</strong>"
        ' <a href="#s">s</a> <a href="https://e.org/?a=1&amp;b=&quot;"'
        ' rel="noopener noreferrer" target="_blank">w</a>'
    )
    listed = page.block(Block("list", loc, items=((0, "a"), (1, "b"), (1, "c"), (0, "d"))))
    assert listed == "<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>"


@pytest.mark.slow  # a real browser
def test_the_page_in_a_browser_links_loads_its_pictures_and_reloads(fox, tmp_path):
    """From the preview's page to the book by its bar's link; every picture loaded under
    the page's own security policy (none refused), a section's link scrolls to it, and an
    edit of the book loads the page again, where the reader was."""
    from tests.chromium import chromium, until

    root, server = fox
    driver = chromium(tmp_path / "chromium")
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
        until(driver, "return document.body.dataset.version")
        links = until(
            driver,
            "const a = [...document.querySelectorAll('#rulebooks a')];"
            " return a.length && a.map((x) => x.getAttribute('href'))",
        )
        assert links == ["/rulebook/de", "/rulebook/en"]
        driver.execute_script(
            "document.querySelector('#rulebooks a[href=\"/rulebook/en\"]').click()"
        )
        until(
            driver,
            "return location.pathname === '/rulebook/en' && document.readyState === 'complete'",
        )
        loaded = until(
            driver,
            "const pics = [...document.images];"
            " return pics.every((p) => p.complete) && pics.map((p) => p.naturalWidth)",
        )
        assert len(loaded) >= 4 and all(width > 0 for width in loaded)
        driver.execute_script("document.querySelector('nav.contents a[href=\"#playing\"]').click()")
        until(driver, "return location.hash === '#playing'")
        top = until(
            driver,
            "const r = document.getElementById('playing').getBoundingClientRect();"
            " return scrollY > 0 && r.top >= 0 && r.top < 120 && r.top + 1",
        )
        assert top > 0
        refused = [
            e for e in driver.get_log("browser") if "Content Security Policy" in e["message"]
        ]
        assert refused == []
        shown = driver.execute_script("return Number(document.body.dataset.build)")
        source = root / "content" / "fox" / "rulebook" / "en.md"
        source.write_text(source.read_text().replace("Draw a card.", "Draw a card, gladly."))
        until(driver, f"return Number(document.body.dataset.build) > {shown}")
        assert "Draw a card, gladly." in driver.find_element("tag name", "article").text
    finally:
        driver.quit()


def test_the_page_is_the_variant_built_and_a_mistake_is_told_at_its_line(tmp_path):
    """A variant that drops the foxes: the page counts four cards, as the book does; one
    that drops the hare the set-up shows: the build's located problem, no page of it."""
    from bastelbogen.preview.state import Preview

    root = _game(tmp_path)
    preview = Preview(Project(root), "fox", BuildOptions(variant="small"))
    snapshot = preview.rebuild()
    assert snapshot.problems == []
    assert "The game has 4 Cards." in snapshot.rulebooks["en"]
    assert 'data-component="cards"><td>' in snapshot.rulebooks["en"]
    (row,) = re.findall(r'data-component="cards">.*?</tr>', snapshot.rulebooks["en"])
    assert row.endswith('<td class="count">4</td></tr>')
    failed = Preview(Project(root), "fox", BuildOptions(variant="harefree")).rebuild()
    told = [f"{p['file']}:{p['line']}: {p['message']}" for p in failed.problems]
    assert any(
        re.match(r"content/fox/rulebook/en\.md:\d+: the setup block shows face 'cards/hare'", t)
        for t in told
    ), told
    assert failed.rulebooks == {}
