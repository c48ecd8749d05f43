"""What the live preview shows, built again whenever a file of the game changes: each
component's distinct faces (front and back) with their ids and counts, the print sheets as
pictures, and the content's problems as the command line tells them. Faces are drawn with
the PDF's own forms (render/raster.py); a face whose art did not change is not drawn again.
A build that fails keeps the last good faces and sheets, with the problems beside them."""

from __future__ import annotations

import hashlib
import io
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from bastelbogen.checks import find_variant, validate
from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.project import Project
from bastelbogen.content.words import Table, words_for
from bastelbogen.core import templating
from bastelbogen.core.errors import ContentError
from bastelbogen.core.units import to_mm
from bastelbogen.layout.kit import LaidOut, lay_out
from bastelbogen.layout.layouts import Layouts
from bastelbogen.pipeline import plugins
from bastelbogen.pipeline.build import BuildOptions, langs_of
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import Meta, write_pages
from bastelbogen.render.raster import Shot, rasterise
from bastelbogen.render.style import Fonts

FACE_DPI = 110  # faces on screen: a 63 x 88 mm card is 273 x 381 pixels
SHEET_DPI = 40  # sheets: an A4 page is 331 x 468 pixels
MAX_FACES = 2000  # a preview of more shows the first ones (a page holds no more)


@dataclass
class Snapshot:
    version: int = 0
    game: str = ""
    components: list = field(default_factory=list)  # dicts, for state.json
    sheets: list = field(default_factory=list)
    problems: list = field(default_factory=list)  # [{"file", "line", "col", "message"}]
    seconds: float = 0.0
    drawn: int = 0  # faces drawn for this build: the changed ones only


class Preview:
    """One game's preview: rebuilt on demand, read by the server's threads."""

    def __init__(self, project: Project, game_id: str, options: BuildOptions):
        self.project, self.game_id, self.options = project, game_id, options
        self.images: dict[str, bytes] = {}  # key -> PNG, faces kept across rebuilds
        self.snapshot = Snapshot(game=game_id)
        self.changed = threading.Condition()
        self.building = threading.Lock()  # one build at a time: PDFium is not thread-safe

    def rebuild(self) -> Snapshot:
        with self.building:
            return self._rebuild()

    def _rebuild(self) -> Snapshot:
        import time

        start = time.perf_counter()
        try:
            components, sheets, images, drawn = self._build()
            new = Snapshot(
                self.snapshot.version + 1, self.game_id, components, sheets, [], drawn=drawn
            )
            self.images = images
        except ContentError as exc:
            new = replace(
                self.snapshot,
                version=self.snapshot.version + 1,
                problems=[_problem(p, self.project.root) for p in exc.problems],
            )
        new.seconds = round(time.perf_counter() - start, 3)
        with self.changed:
            self.snapshot = new
            self.changed.notify_all()
        return new

    def _build(self) -> tuple[list[dict], list[dict], dict[str, bytes], int]:
        templating.reset()
        plugins.load()  # the painters and motifs register themselves
        game = self.project.load(self.game_id)
        options = replace(self.options, langs=langs_of(game, self.options.langs))
        variant = find_variant(game, options.variant)
        validate(game, variant)
        words = words_for(game, options.langs, game.languages_loc or game.loc)
        fonts = Fonts(game.fonts, game.loc, game.font_locs)
        ctx = PaintContext(fonts, game.folder)
        components: dict = {}
        sheets: list[dict] = []
        images: dict[str, bytes] = {}
        shots: list[Shot] = []
        for laid in lay_out(game, variant, options, Layouts(self.project.templates), Preflight()):
            if laid.lang not in (None, options.langs[0]):
                continue
            self._faces(laid, components, shots)
            sheets += self._sheets(laid, ctx, fonts, words[options.langs[0]], images)
        fresh = [s for s in shots if s.label not in self.images]
        for shot, image in zip(
            fresh, rasterise(fresh, FACE_DPI, ctx, fonts["regular"]), strict=True
        ):
            self.images[shot.label] = _png(image)
        images |= {s.label: self.images[s.label] for s in shots}
        return list(components.values()), sheets, images, len(fresh)

    def _faces(self, laid: LaidOut, components: dict, shots: list[Shot]) -> None:
        """Each item side's face, keyed by its art: the same art is the same picture."""
        for item in laid.items:
            c = item.component
            one = components.setdefault(
                c.id,
                {
                    "id": c.id,
                    "name": c.name.get(self.options.langs[0] if self.options.langs else "de"),
                    "faces": {},
                    "shown": 0,
                },
            )
            for side in ("front", "back"):
                art = laid.arts.get(item, side)
                if art is None or one["shown"] >= MAX_FACES:  # counted, not summed anew
                    continue
                one["shown"] += 1
                key = _key(art)
                face = one["faces"].setdefault(
                    key, {"image": key, "side": side, "items": [], "size_mm": _size(art)}
                )
                face["items"].append(item.id)
                if len(face["items"]) == 1:
                    x, y, w, h = art.bleed
                    shots.append(
                        Shot(
                            art,
                            art.bleed,
                            (max(1, round(w / 72 * FACE_DPI)), max(1, round(h / 72 * FACE_DPI))),
                            key,
                        )
                    )

    def _sheets(
        self, laid: LaidOut, ctx: PaintContext, fonts: Fonts, words: Table, images: dict[str, bytes]
    ) -> list[dict]:
        """The file's pages as they come out of the printer, as pictures."""
        import pypdfium2 as pdfium

        buffer = io.BytesIO()
        ctx.pictures = {}
        write_pages(buffer, laid.pages, laid.arts, Meta(laid.name, "", ""), ctx, words)
        document = pdfium.PdfDocument(buffer.getvalue())
        out = []
        try:
            for n in range(len(document)):
                image = document[n].render(scale=SHEET_DPI / 72).to_pil().convert("RGB")
                png = _png(image)
                key = hashlib.sha1(png).hexdigest()[:16]
                images[key] = png
                out.append({"file": f"{laid.name}.pdf", "page": n + 1, "image": key})
        finally:
            document.close()
        return out


def _key(art) -> str:
    return hashlib.sha1(repr(art).encode()).hexdigest()[:16]


def _size(art) -> list[float]:
    x, y, w, h = art.bleed
    return [round(to_mm(-x), 2), round(to_mm(w + 2 * x), 2), round(to_mm(h + 2 * y), 2)]


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)  # speed over size: it never leaves the machine
    return buffer.getvalue()


def _problem(problem, root: Path) -> dict:
    """A problem as the command line tells it, its file named from the project's folder."""
    loc = problem.loc
    file = Path(loc.file)
    if file.is_absolute() and (root == file or root in file.parents):
        file = file.relative_to(root)
    where = f"{file}:{loc.line}:{loc.col}" if loc.line else str(file)
    return {
        "file": str(file),
        "line": loc.line,
        "col": loc.col,
        "message": problem.message,
        "text": f"{where}: {problem.message}",
    }


def folders(project: Project, game_id: str) -> list[Path]:
    """What to watch: the game's folder and the templates."""
    return [project.content / game_id, *[t for t in project.templates if t.is_dir()]]
