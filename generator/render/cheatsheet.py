"""The one-page rules cheat sheet: rules YAML -> jinja2 template -> blocks -> one page.

The template writes one block per line, `@kind text` (kinds: title, tagline, facts, h, p,
li, step, note). Blocks flow into a header and two columns; if they do not fit, every
size shrinks together down to a floor, and past it the build fails naming the text.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import escape
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer

from ..errors import Collector, ContentError, Loc, Problem
from ..models import LANGUAGES, Game
from ..sandbox import deadline, render_bounded
from ..schema import Fields
from ..source import YList, YMap, load_yaml
from ..templating import ContainedLoader, environment, problem
from ..units import mm, to_mm
from .pdf import Meta, new_canvas, set_boxes
from .style import Fonts, colour
from .text import paragraph

SHEET = (mm(190), mm(260))
BASE = {"title": 22, "tagline": 10.5, "facts": 9.5, "h": 11.5, "p": 9, "li": 9, "step": 9,
        "note": 8.5}
MIN_SCALE = 0.72
MAX_BLOCKS = 300  # lines of a cheat sheet; the shipped ones have a few dozen
MAX_SCALE = 1.3


def write_cheatsheet(path: Path, game: Game, templates: list[Path], fonts: Fonts, langs,
                     settings, meta: Meta) -> list[dict]:
    data = load_yaml(game.rules)
    if not isinstance(data, YMap):
        raise ContentError(Problem(getattr(data, "loc", Loc(str(game.rules), 1, 1)),
                                   "the rules file must be a mapping of languages to texts"))
    env = environment(ContainedLoader([str(t) for t in templates]))
    name = str(data.get("template", "cheatsheet.j2"))
    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        raise ContentError(Problem(data.value_loc("template"),
                                   f"cheat-sheet template not found: {exc.message}")) from None
    except Exception as exc:  # noqa: BLE001 - a broken template is the author's to fix
        _template_failed(exc, name, templates)
    if "template" not in data:
        _check_rules(data, langs)
    accent = colour(data.get("colour") or "#1f2a44", data.value_loc("colour"))
    sources = tuple(_strings(data))
    page_w, page_h = settings.page_size
    x0, y0 = (page_w - SHEET[0]) / 2, (page_h - SHEET[1]) / 2
    c = new_canvas(path, meta, (page_w, page_h), fonts["regular"])
    pages = []
    for n, lang in enumerate(langs, start=1):
        if lang not in data:
            raise ContentError(Problem(data.loc, f"the rules have no language '{lang}'"))
        try:
            with deadline():
                markup = render_bounded(template, {
                    "rules": data[lang], "lang": lang, "game": {
                        "title": game.title.get(lang), "author": game.author,
                        "players": {"min": game.players.min, "max": game.players.max}}})
        except Exception as exc:  # noqa: BLE001 - narrowed by `_template_failed`
            _template_failed(exc, name, templates, lang)
        blocks = _blocks(markup)
        if len(blocks) > MAX_BLOCKS:  # far more than a page holds: say so before laying out
            raise ContentError(Problem(_source_loc(blocks[MAX_BLOCKS][1], sources),
                                       f"cheat sheet ({lang}): {len(blocks)} headings, points"
                                       f" and paragraphs; one page holds far fewer than"
                                       f" {MAX_BLOCKS}"))
        set_boxes(c, (x0, y0, *SHEET), (x0, y0, *SHEET))
        _draw(c, blocks, fonts, accent, (x0, y0), sources, lang, game.folder)
        c.showPage()
        pages.append({"number": n, "size_mm": [round(to_mm(page_w), 3), round(to_mm(page_h), 3)],
                      "items": [{"id": f"rules-{lang}", "kind": "sheet", "side": "front",
                                 "trim_mm": [round(to_mm(v), 4) for v in (x0, y0, *SHEET)]}]})
    c.save()
    return pages


def _template_failed(exc: Exception, name: str, templates: list[Path], lang: str = "") -> None:
    """Report a broken or runaway cheat-sheet template at its own file and line."""
    message = problem(exc)
    if message is None:
        raise exc
    file, line = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:  # jinja2 rewrites its frames to the template's lines
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            file, line = tb.tb_frame.f_code.co_filename, tb.tb_lineno
        tb = tb.tb_next
    where = Loc(file or str(templates[0] / name), line or 1, 1)
    what = f" ({lang})" if lang else ""
    raise ContentError(Problem(where, f"cheat-sheet template{what}: {message}")) from None


def _check_rules(data: YMap, langs) -> None:
    """The shape the shipped template reads; a mistake is named in the rules file."""
    problems = Collector()
    top = Fields(data, "the rules file", problems, data.loc)
    for key in ("colour", "template", *LANGUAGES):
        top.raw(key, None)
    top.done()
    for lang in langs:
        if lang not in data:
            problems.add(data.loc, f"the rules have no language '{lang}'")
            continue
        f = Fields(data[lang], f"rules ({lang})", problems, data.value_loc(lang))
        f.get("title", str)
        f.get("tagline", str, None)
        f.get("facts", YList, None)
        f.get("note", str, None)
        sections = f.get("sections", YList) or []
        f.done()
        for i, raw in enumerate(sections):
            sf = Fields(raw, f"a section of the rules ({lang})", problems, sections.item_loc(i))
            sf.get("heading", str)
            sf.get("text", str, None)
            sf.get("steps", YList, None)
            sf.get("points", YList, None)
            sf.done()
    problems.raise_if_any()


def _strings(node):
    """Every text of the rules file with where it stands, to name an overflowing one."""
    if isinstance(node, YMap):
        for key, value in node.items():
            if isinstance(value, str):
                yield value, node.value_loc(key)
            else:
                yield from _strings(value)
    elif isinstance(node, YList):
        for i, value in enumerate(node):
            if isinstance(value, str):
                yield value, node.item_loc(i)
            else:
                yield from _strings(value)


def _blocks(markup: str) -> list[tuple[str, str]]:
    blocks = []
    for line in markup.splitlines():
        line = line.strip()
        if not line.startswith("@"):
            continue
        kind, _, text = line[1:].partition(" ")
        if kind in BASE:
            blocks.append((kind, text.strip()))
    return blocks


def _styles(fonts: Fonts, scale: float, accent) -> dict[str, ParagraphStyle]:
    ink = colors.HexColor("#1d1d1d")
    def style(kind, font="regular", **kw):
        size = BASE[kind] * scale
        return ParagraphStyle(kind, fontName=fonts[font], fontSize=size, leading=size * 1.28,
                              bulletFontName=fonts["bold"], bulletFontSize=size,
                              textColor=kw.pop("textColor", ink), alignment=TA_LEFT, **kw)
    return {
        "title": style("title", "bold", textColor=colors.white),
        "tagline": style("tagline", "italic", textColor=colors.white),
        "facts": style("facts", "bold", textColor=colors.white),
        "h": style("h", "bold", textColor=accent, spaceBefore=6 * scale, spaceAfter=2 * scale),
        "p": style("p", spaceAfter=3 * scale),
        "li": style("li", leftIndent=10 * scale, bulletIndent=2 * scale, spaceAfter=1.5 * scale),
        "step": style("step", leftIndent=12 * scale, bulletIndent=0, spaceAfter=1.5 * scale),
        "note": style("note", "italic", spaceBefore=3 * scale, spaceAfter=2 * scale,
                      backColor=colors.HexColor("#f3efe4"), borderPadding=(3, 4, 3, 4)),
    }


class _Together(Flowable):
    """A heading and its first block as one unit: the columns never split them."""

    def __init__(self, heading: Paragraph, block: Paragraph):
        super().__init__()
        self.heading, self.block = heading, block

    def wrap(self, avail_w, avail_h):
        self._hh = self.heading.wrap(avail_w, avail_h)[1]
        self._bh = self.block.wrap(avail_w, avail_h)[1]
        self._gap = self.heading.getSpaceAfter() + self.block.getSpaceBefore()
        self.width, self.height = avail_w, self._hh + self._gap + self._bh
        return self.width, self.height

    def getSpaceBefore(self):
        return self.heading.getSpaceBefore()

    def getSpaceAfter(self):
        return self.block.getSpaceAfter()

    def draw(self):
        self.heading.drawOn(self.canv, 0, self.height - self._hh)
        self.block.drawOn(self.canv, 0, 0)


def _flowables(blocks, styles, sources, folder: Path):
    """(flowable, source text) pairs; a heading travels with the block after it, so no
    heading is left alone at the foot of a column."""
    out, step = [], 0
    for kind, text in blocks:
        bullet = None
        if kind == "step":
            step += 1
            bullet = f"{step}."
        elif kind == "li":
            bullet = "•"
        elif kind == "h":
            step = 0
        para = paragraph(text, styles[kind], _source_loc(text, sources), folder=folder, links=True,
                         bulletText=bullet)
        if out and isinstance(out[-1][0], Paragraph) and out[-1][0].style.name == "h":
            heading, _ = out.pop()
            para = _Together(heading, para)
        out.append((para, text))
    return out


def _draw(c, blocks, fonts: Fonts, accent, origin, sources, lang: str, folder: Path) -> None:
    x0, y0 = origin
    w, h = SHEET
    head = [b for b in blocks if b[0] in ("title", "tagline", "facts")]
    body = [b for b in blocks if b[0] not in ("title", "tagline", "facts")]
    scale = MAX_SCALE
    while True:
        styles = _styles(fonts, scale, accent)
        head_f = _flowables(head, styles, sources, folder)
        head_h = sum(f.wrap(w - mm(16), h)[1] for f, _ in head_f) + mm(12)
        body_f = _flowables(body, styles, sources, folder)
        col_w = (w - mm(8) * 2 - mm(8)) / 2
        col_h = h - head_h - mm(10)
        frames = [Frame(x0 + mm(8), y0 + mm(6), col_w, col_h, 0, 0, 0, 0, showBoundary=0),
                  Frame(x0 + mm(16) + col_w, y0 + mm(6), col_w, col_h, 0, 0, 0, 0)]
        left = _fits(frames, [f for f, _ in body_f])
        if left is None:
            break
        scale -= 0.04
        if scale < MIN_SCALE:
            text = body_f[len(body_f) - left][1]
            raise ContentError(Problem(_source_loc(text, sources), f"cheat sheet ({lang}): the"
                                       f" rules do not fit one page even at {MIN_SCALE:.0%}"
                                       f" size; this text no longer fits: '{_short(text)}'"))
    # Header band in the game's colour, then the columns.
    c.setFillColor(accent)
    c.roundRect(x0, y0 + h - head_h, w, head_h, mm(3), stroke=0, fill=1)
    top = y0 + h - mm(6)
    for f, _ in head_f:
        _, fh = f.wrap(w - mm(16), h)
        f.drawOn(c, x0 + mm(8), top - fh)
        top -= fh
    frames = [Frame(x0 + mm(8), y0 + mm(6), col_w, col_h, 0, 0, 0, 0),
              Frame(x0 + mm(16) + col_w, y0 + mm(6), col_w, col_h, 0, 0, 0, 0)]
    flow = [f for f, _ in _flowables(body, _styles(fonts, scale, accent), sources, folder)]
    frames[0].addFromList(flow, c)
    if flow:  # a rule between the columns only when the second one has text
        c.setStrokeColor(colors.HexColor("#cfc8b8"))
        c.setLineWidth(0.5)
        c.line(x0 + w / 2, y0 + mm(6), x0 + w / 2, y0 + h - head_h - mm(6))
        frames[1].addFromList(flow, c)


def _fits(frames, flowables) -> int | None:
    """None when everything fits; else how many flowables were left over."""
    pending = list(flowables)
    scratch = rl_canvas.Canvas(io.BytesIO())  # a real fill on a page nobody keeps
    for frame in frames:
        frame.addFromList(pending, scratch)
    return None if not [p for p in pending if not isinstance(p, Spacer)] else len(pending)


@lru_cache(maxsize=4096)
def _source_loc(text: str, sources: tuple) -> Loc:
    best = None
    for source, loc in sources:
        if source and (str(escape(source)) in text or source in text):
            if best is None or len(source) > len(best[0]):
                best = (source, loc)
    return best[1] if best else (sources[0][1] if sources else Loc("rules.yaml", 1, 1))


def _short(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."
