"""The kit as a rulebook shows it: each component's pieces and count in the variant built,
and the faces of its items drawn as the sheets draw them (the same layouts and art, as
vector forms, not pictures of them), so a figure cannot differ from the cards."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from bastelbogen.content.expand import items_of
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item, Variant
from bastelbogen.content.rulebook import INLINE
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.layout.faces import Art
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.pieces import art_of
from bastelbogen.render.paint import Forms, PaintContext
from bastelbogen.render.rules.typesetting import Flowable
from bastelbogen.render.style import Fonts

FRAME = 0.4  # points: the hairline round each face, where its trim is


@dataclass
class Kit:
    """The kit one book is set for: its game, variant, language and what draws faces."""

    game: Game
    variant: Variant | None
    lang: str
    layouts: Layouts
    fonts: Fonts
    options: dict[str, object]
    _items: dict[str, list[Item]] = field(default_factory=dict)

    def items(self, cid: str) -> list[Item]:
        """The component's pieces in this variant (every copy)."""
        if cid not in self._items:
            component = self.game.component(cid)
            found = items_of(self.game, component, self.variant, Collector()) if component else []
            self._items[cid] = found
        return self._items[cid]

    def count(self, cid: str) -> int:
        return len(self.items(cid))

    def name(self, cid: str) -> str:
        component = self.game.component(cid)
        return component.name.get(self.lang) if component is not None else cid

    def counted(self, text: str, loc: Loc) -> str:
        """Paragraph markup with each {{count:ID}}, {{name:ID}} and {{term:NAME}} the kit's
        own (escaped): what the printed book and the preview's page both show."""

        def value(m: re.Match[str]) -> str:
            kind, key = m.group(1), m.group(2)
            if kind == "term":
                found: object = self.term(key, loc)
            else:
                found = self.count(key) if kind == "count" else self.name(key)
            return html.escape(str(found), quote=False)

        return INLINE.sub(value, text)

    def term(self, name: str, loc: Loc) -> str:
        """The built theme's word `name` in the book's language (its file's `terms:`)."""
        theme = self.game.themes.get(str(self.options.get("theme") or ""))
        terms = theme.terms.get(self.lang) if theme is not None and theme.terms else None
        word = terms.get(name) if isinstance(terms, dict) else None
        if not isinstance(word, str):  # the check says so before a build, for every theme
            raise ContentError(Problem(loc, f"{{{{term:{name}}}}} is no term of the theme built"))
        return word

    def face(self, ref: str, side: str, loc: Loc) -> Face | None:
        """The face named COMPONENT/ITEM-ID on `side`; None: that side is not printed."""
        cid, _, iid = ref.partition("/")
        item = next((i for i in self.items(cid) if i.id == iid), None)
        if item is None:  # the check says so before a build: a variant left it out
            raise ContentError(Problem(loc, f"face '{ref}' is no piece of this kit"))
        return self.drawn(item, side)

    def drawn(self, item: Item, side: str) -> Face | None:
        component = item.component
        trim = kind_of(component).trim(component, self.game)
        art = art_of(self.game, item, side, self.layouts, self.options, 0.0, trim)
        return None if art is None else Face(art, trim, item, side)

    def first(self, component: Component) -> Item | None:
        found = self.items(component.id)
        return found[0] if found else None


@dataclass(frozen=True)
class Face:
    art: Art
    trim: tuple[float, float]
    item: Item
    side: str


class FacePicture(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A face at `height` (its width as its trim's proportions make it), or at `width`."""

    def __init__(self, face: Face, ctx: PaintContext, height: float, width: float = 0) -> None:
        super().__init__()
        self.face, self.ctx = face, ctx
        w, h = face.trim
        self.scale = width / w if width else height / h
        self.width, self.height = w * self.scale, h * self.scale

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return self.width, self.height

    def draw(self) -> None:
        if self.ctx.sketch:  # a pass that only finds pages: the room is taken, nothing drawn
            return
        c = self.canv
        w, h = self.face.trim
        c.saveState()
        c.scale(self.scale, self.scale)
        label = f"item '{self.face.item.id}' ({self.face.side})"
        Forms(c, self.ctx).place(self.face.art, IDENTITY, label, (0, 0, w, h), item=self.face.item)
        c.setLineWidth(FRAME / self.scale)
        c.setStrokeGray(0.6)
        c.rect(0, 0, w, h, stroke=1, fill=0)
        c.restoreState()
