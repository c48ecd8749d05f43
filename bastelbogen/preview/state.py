"""What the live preview shows, built again whenever a file of the game changes: each
component's distinct faces (front and back) with their ids and counts, the print sheets and
the cheat sheet's pages, and the content's problems and the preflight's warnings as the
command line tells them. Faces, sheets and cheat sheet pages are drawn with the PDF's own
forms (preview/pictures.py).

A build draws only the faces whose art changed (keyed by their art); the sheet pages are
listed by a key made from what they hold (their placements' faces and the page's marks),
without drawing them, and each is drawn when the page asks for its picture. The faces are
drawn in the page's order; when there are many (a first build), the page is shown the
build's listing before they are drawn and they are drawn as it asks for them, so its first
pictures show at once and the rest as they come. A build that fails keeps the last good
faces and sheets, with the problems beside them."""

from __future__ import annotations

import gc
import sys
import tempfile
import threading
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.models import Game
from bastelbogen.content.project import Project
from bastelbogen.content.words import Table
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, OptionError
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art
from bastelbogen.layout.kit import LaidOut, in_language, lay_out
from bastelbogen.pipeline.build import BuildOptions, Prepared, prepare
from bastelbogen.preview import catalogue, rulebook
from bastelbogen.preview.catalogue import ComponentShown
from bastelbogen.preview.pictures import (
    FACE_DPI,
    SHEET_DPI,
    Face,
    Findings,
    Pictures,
    Rules,
    Sheet,
    Source,
    key_of,
)
from bastelbogen.preview.problems import Told, every_face_fault, fault, problem, problems_of
from bastelbogen.preview.reuse import Reuse
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import Meta

__all__ = ["FACE_DPI", "SHEET_DPI", "Preview", "Snapshot"]


@dataclass
class Snapshot:
    version: int = 0
    game: str = ""
    components: list[ComponentShown] = field(default_factory=list)  # for state.json
    # [{"file", "page", "image", "size_mm"}]
    sheets: list[dict[str, object]] = field(default_factory=list)
    # every piece (catalogue.py), for state.json
    pieces: list[dict[str, object]] = field(default_factory=list)
    problems: list[Told] = field(default_factory=list)  # [{"file", "line", "col", "message"}]
    warnings: list[Told] = field(default_factory=list)  # the preflight's, as the build warns
    seconds: float = 0.0
    drawn: int = 0  # faces drawn for this build: the changed ones only
    rulebooks: dict[str, str] = field(default_factory=dict)  # lang -> its page (rulebook.py)


@dataclass
class Listed:
    """A build up to its pictures: what the page lists, every picture's source, the
    build's preflight and the faces to draw, in the page's order."""

    components: list[ComponentShown]
    sheets: list[dict[str, object]]
    sources: dict[str, Source]
    pieces: list[dict[str, object]]
    preflight: Preflight
    fresh: list[tuple[str, Face]]
    rulebooks: dict[str, str] = field(default_factory=dict)


# Faces a rebuild draws before it is in; past this many the page is shown the listing
# first. A few are drawn in a blink, and the page would draw its grid twice for nothing.
LISTED_PAST = 24


class Preview:
    """One game's preview: rebuilt on demand, read by the server's threads."""

    def __init__(self, project: Project, game_id: str, options: BuildOptions) -> None:
        self.project, self.game_id, self.options = project, game_id, options
        self.snapshot = Snapshot(game=game_id)
        self.changed = threading.Condition()
        # One build or drawing at a time: PDFium is not thread-safe.
        self.building = threading.Lock()
        self.images = Pictures(self.building)  # key -> PNG; draws what is asked for
        self._found: dict[str, Findings] = {}  # a face's key -> what drawing it warned of
        self._reuse = Reuse()  # the arts of sides whose inputs did not change
        self.started = 0  # builds begun: the page shows "building…" while one runs
        # The listing of the build on its way, shown before its faces are all drawn, and
        # how many there were (the server tells the page each)
        self.listing: Snapshot | None = None
        self.listed = 0
        self.game: Game | None = None  # as last loaded: its themes, languages, variants

    def rebuild(self, options: BuildOptions | None = None, game: Game | None = None) -> Snapshot:
        """Build again; with `options` (and the game they were checked against) switched
        first, under the same lock, so a build never mixes the old and the new."""
        with self.building:
            if options is not None:
                self.options, self.game = options, game or self.game
            with self.changed:
                self.started += 1
                self.changed.notify_all()
            # No cycle collection while it builds: a build makes hundreds of thousands of
            # objects that live until it ends, and the collector would walk them again and
            # again (a third of a 2,000-card deck's rebuild). It collects after, as usual.
            collecting = gc.isenabled()
            gc.disable()
            try:
                return self._rebuild()
            finally:
                if collecting:
                    gc.enable()

    def is_building(self) -> bool:
        """Whether a build is on its way: begun and not in (the first is begun as the
        server starts), apart from the lock, which drawing a picture holds too."""
        return self.started == 0 or self.started > self.snapshot.version

    def picture(self, key: str, dpi: int | None = None) -> bytes | None:
        """A face's or page's PNG, drawn now if need be (blocking: not on the server's loop)."""
        return self.images.picture(key, dpi)

    def shown(self) -> Snapshot:
        """What the page shows: the listing of the build on its way once it has one, else
        the last build in."""
        listing = self.listing
        return listing if listing is not None else self.snapshot

    def _rebuild(self) -> Snapshot:
        import time

        start = time.perf_counter()
        shown = self.images.sources  # the last build's: shown again if this one fails
        try:
            listed = self._list()
            self._draw(listed)
            new = self._snapshot(listed, self.snapshot.version + 1, len(listed.fresh))
            self.images.sources = listed.sources
        except (ContentError, OptionError) as exc:
            self.images.sources = shown
            new = self._failed(problems_of(exc, self.project.root))
        except Exception as exc:  # noqa: BLE001 - whatever failed is shown, and the next save rebuilds
            self.images.sources = shown
            new = self._failed([fault(exc, self.project.root)])
            print(f"preview: build {new.version} failed:", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
        new.seconds = round(time.perf_counter() - start, 3)
        with self.changed:
            self.snapshot, self.listing = new, None
            self.changed.notify_all()
        return new

    def _failed(self, problems: list[Told]) -> Snapshot:
        """The last good build's faces and sheets, with what stopped this one beside them."""
        return replace(self.snapshot, version=self.snapshot.version + 1, problems=problems)

    def _snapshot(self, listed: Listed, version: int, drawn: int) -> Snapshot:
        warnings = [problem(p, self.project.root) for p in listed.preflight.problems()]
        return Snapshot(
            version,
            self.game_id,
            listed.components,
            listed.sheets,
            listed.pieces,
            [],
            warnings,
            drawn=drawn,
            rulebooks=listed.rulebooks,
        )

    def _list(self) -> Listed:
        """The build up to its pictures: every face, sheet and piece listed, and the faces
        to draw, in the page's order."""
        # The build's own first steps: load, settle the options (the game's languages, its
        # first theme), check. Only where the laid-out files go differs.
        ready = prepare(self.project, self.game_id, self.options)
        self.game = ready.game
        lang = ready.options.langs[0]  # the preview shows the first language
        ctx = PaintContext(
            ready.fonts,
            ready.game.folder,
            lang=lang,
            tables=ready.game.tables,
            mark=ready.options.version_mark or "",  # drawn as the build draws it
        )
        components: dict[str, ComponentShown] = {}
        sheets: list[dict[str, object]] = []
        sources: dict[str, Source] = {}
        words = repr(sorted(ready.words[lang].items()))  # the kit's words, on some sheets
        # Only the language shown is laid out: whether a file is the same in every language
        # (one file, or one a language) is all the others would tell, and finding it out
        # resolves every face once a language (Museo's 180 pictures: half its rebuild).
        shown = replace(ready.options, langs=(lang,))
        self._reuse.begin(
            ready.layouts.folders,
            ready.game,
            {"lang": lang, "theme": shown.theme, "braille": shown.braille},
        )
        files = list(lay_out(ready.game, ready.variant, shown, ready.layouts, ready.preflight))
        for laid in files:
            keys = self._faces(laid, lang, components, ctx, sources)
            # The sheets are painted as the build's sheets writer paints them: on swell
            # paper where it is.
            sheet = replace(ctx, swell=laid.swell, pictures={})
            sheets += _sheets(laid, sheet, ready.words[lang], keys, words, sources)
        sheets += _rules(ready, lang, sources)
        books = rulebook.pages(ready, sources)  # its faces listed, drawn when asked for
        listed = list(components.values())
        pieces = catalogue.add(ready.game, files, listed, lang)  # and each one's outline
        # Only the faces not drawn before are drawn, the first MAX_PREVIEW_DRAWN of them:
        # the rest are drawn when the page asks for them.
        # A face the last build listed and did not draw is not drawn now either.
        before = self.images.sources
        faces = dict.fromkeys(key for c in listed for key in c["faces"])  # the page's order
        fresh = [(k, s) for k in faces if isinstance(s := sources[k], Face) and k not in before]
        fresh = [(k, s) for k, s in fresh if k not in self._found or k not in self.images]
        fresh = fresh[: limits.MAX_PREVIEW_DRAWN]
        return Listed(listed, sheets, sources, pieces, ready.preflight, fresh, books)

    def _draw(self, listed: Listed) -> None:
        """Draw the faces not drawn before, and tell what drawing them found (small text,
        soft pictures) with the build's preflight, as the build warns. Past a few of them,
        or more than one when the page shows none yet, the page is shown the listing
        first, and they are drawn as the page asks for them, the rest in the page's order:
        its first pictures show at once, not after the last."""
        fresh = listed.fresh
        # The page that shows no face yet (a first build) loses nothing by being shown the
        # listing at once; one that does shows the last build's meanwhile.
        past = 1 if not self.snapshot.components else LISTED_PAST
        try:
            if len(fresh) <= past:
                self._found.update(self.images.draw_faces(fresh))
            else:
                self._list_for_page(listed)
                self._found.update(self.images.draw_coming(fresh))
        except ContentError as exc:  # told with every other face's fault, as pnp build does
            raise every_face_fault(exc, fresh, self.images.draw_faces) from None
        finally:
            self.images.expect(())  # a face still asked for is drawn on request
        self._found = {k: f for k, f in self._found.items() if k in listed.sources}
        for found in self._found.values():
            listed.preflight.merge(found)

    def _list_for_page(self, listed: Listed) -> None:
        """The page shown the build's listing before it is in: its pictures are the new
        ones, coming as they are drawn, it warns of what was found before they are, and
        it is still building (its version is the last build's)."""
        self.images.expect(key for key, _ in listed.fresh)
        self.images.sources = listed.sources
        listing = self._snapshot(listed, self.snapshot.version, 0)
        with self.changed:
            self.listing = listing
            self.listed += 1
            self.changed.notify_all()

    def _faces(
        self,
        laid: LaidOut,
        lang: str,
        components: dict[str, ComponentShown],
        ctx: PaintContext,
        sources: dict[str, Source],
    ) -> dict[tuple[int, str], str]:
        """Each item side's face, keyed by its art: the same art is the same picture.
        Every one is listed (deduplicated by key); the keys by (item, side), for sheets."""
        keys: dict[tuple[int, str], str] = {}
        font = ctx.fonts["regular"]
        plans = {id(item): plan for plan in laid.plans for item in plan.items}
        for item in laid.items:
            c = item.component
            one = components.setdefault(
                c.id, {"id": c.id, "name": c.name.get(lang), "count": 0, "faces": {}}
            )
            one["count"] += 1
            for side in ("front", "back"):
                art, key = self._reuse.art(laid, plans, item, side)
                if art is None or key is None:  # the one is None where the other is
                    continue
                if ctx.mark and side == "front":  # the mark is no part of the art
                    key = key_of(key, ctx.mark)
                keys[(id(item), side)] = key
                face = one["faces"].setdefault(
                    key, {"image": key, "side": side, "items": [], "size_mm": _size(art)}
                )
                face["items"].append(item.id)
                if key not in sources:
                    sources[key] = Face(art, ctx, font, f"item '{item.id}' ({side})", item)
        return keys


def _sheets(
    laid: LaidOut,
    ctx: PaintContext,
    words: Table,
    keys: dict[tuple[int, str], str],
    words_key: str,
    sources: dict[str, Source],
) -> list[dict[str, object]]:
    """The file's pages, listed by what they hold, drawn when asked for."""
    out: list[dict[str, object]] = []
    for n, page in enumerate(laid.pages, start=1):
        held = [(p.side, p.matrix, p.clip, keys.get((id(p.item), p.side))) for p in page.placements]
        overview = None
        if page.overview is not None:
            item, matrix, rects = page.overview
            overview = (key_of(laid.arts.get(item, "front")), matrix, rects)
        rest = replace(page, placements=(), overview=None)
        key = key_of(
            "sheet", laid.name, held, overview, rest, ctx.swell, laid.arts.lang, words_key, ctx.mark
        )
        sources[key] = Sheet(laid.name, page, laid.arts, ctx, words)
        out.append({"file": f"{laid.name}.pdf", "page": n, "image": key, "size_mm": _mm(page.size)})
    return out


def _rules(ready: Prepared, lang: str, sources: dict[str, Source]) -> list[dict[str, object]]:
    """The cheat sheet's page, as its writer makes it (output/cheatsheet.py), listed by its
    text and look, drawn when asked for."""
    from bastelbogen.render.rules.sheet import RulesSheet

    game, options = ready.game, ready.options
    if game.rules is None:
        return []
    sheet = RulesSheet(
        game, ready.layouts.folders, ready.fonts, (lang,), options.settings, options.theme
    )
    size = options.settings.page_size
    name = "rules" if len(options.langs) == 1 else in_language("rules", lang)
    meta = Meta("rules", "", "")
    key = key_of("rules", sheet.key(meta))

    def draw() -> bytes:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "rules.pdf"
            sheet.write(path, meta)
            return path.read_bytes()

    sources[key] = Rules(draw, size)
    return [{"file": f"{name}.pdf", "page": 1, "image": key, "size_mm": _mm(size)}]


def _mm(size: tuple[float, float]) -> list[float]:
    return [round(to_mm(v), 2) for v in size]


def _size(art: Art) -> list[float]:
    x, y, w, h = art.bleed
    return [round(to_mm(-x), 2), round(to_mm(w + 2 * x), 2), round(to_mm(h + 2 * y), 2)]
