"""What the live preview shows, built again whenever a file of the game changes: each
component's distinct faces (front and back) with their ids and counts, the print sheets as
pictures, and the content's problems and the preflight's warnings as the command line
tells them. Faces are drawn with the PDF's own forms (render/raster.py); a face whose art
did not change is not drawn again.
A build that fails keeps the last good faces and sheets, with the problems beside them."""

from __future__ import annotations

import hashlib
import io
import sys
import threading
import traceback
from dataclasses import dataclass, field, replace

from bastelbogen.content.models import Game
from bastelbogen.content.project import Project
from bastelbogen.content.words import Table
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, OptionError
from bastelbogen.core.units import to_mm
from bastelbogen.layout.kit import LaidOut
from bastelbogen.pipeline.build import BuildOptions, prepare
from bastelbogen.preview.problems import fault, problem, problems_of
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import Meta, write_pages
from bastelbogen.render.raster import Shot, rasterise

FACE_DPI = 110  # faces on screen: a 63 x 88 mm card is 273 x 381 pixels
SHEET_DPI = 40  # sheets: an A4 page is 331 x 468 pixels


@dataclass
class Snapshot:
    version: int = 0
    game: str = ""
    components: list = field(default_factory=list)  # dicts, for state.json
    sheets: list = field(default_factory=list)
    problems: list = field(default_factory=list)  # [{"file", "line", "col", "message"}]
    warnings: list = field(default_factory=list)  # the preflight's, as the build warns them
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
        self.started = 0  # builds begun: the page shows "building…" while one runs
        self.game: Game | None = None  # as last loaded: its themes, languages, variants

    def rebuild(self) -> Snapshot:
        with self.building:
            with self.changed:
                self.started += 1
                self.changed.notify_all()
            return self._rebuild()

    def _rebuild(self) -> Snapshot:
        import time

        start = time.perf_counter()
        try:
            components, sheets, images, drawn, found = self._build()
            new = Snapshot(
                self.snapshot.version + 1,
                self.game_id,
                components,
                sheets,
                [],
                [problem(p, self.project.root) for p in found],
                drawn=drawn,
            )
            self.images = images
        except (ContentError, OptionError) as exc:
            new = self._failed(problems_of(exc, self.project.root))
        except Exception as exc:  # noqa: BLE001 - whatever failed is shown, and the next save rebuilds
            new = self._failed([fault(exc, self.project.root)])
            print(f"preview: build {new.version} failed:", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
        new.seconds = round(time.perf_counter() - start, 3)
        with self.changed:
            self.snapshot = new
            self.changed.notify_all()
        return new

    def _failed(self, problems: list[dict]) -> Snapshot:
        """The last good build's faces and sheets, with what stopped this one beside them."""
        return replace(self.snapshot, version=self.snapshot.version + 1, problems=problems)

    def _build(self):
        # The build's own first steps: load, settle the options (the game's languages, its
        # first theme), check. Only where the laid-out files go differs.
        ready = prepare(self.project, self.game_id, self.options)
        self.game = ready.game
        lang = ready.options.langs[0]  # the preview shows the first language
        ctx = PaintContext(ready.fonts, ready.game.folder, lang=lang)
        components: dict = {}
        sheets, images, shots = [], {}, []
        for laid in ready.laid_out():
            if laid.lang not in (None, lang):
                continue
            self._faces(laid, lang, components, shots)
            # The sheets are painted as the build's sheets writer paints them: on swell
            # paper where it is, the preflight told of small text and soft pictures.
            sheet = replace(ctx, swell=laid.swell, preflight=ready.preflight, pictures={})
            sheets += self._sheets(laid, sheet, ready.words[lang], images)
        fresh = [s for s in shots if s.label not in self.images]
        regular = ready.fonts["regular"]
        for shot, image in zip(fresh, rasterise(fresh, FACE_DPI, ctx, regular), strict=True):
            self.images[shot.label] = _png(image)
        images |= {s.label: self.images[s.label] for s in shots}
        found = ready.preflight.problems()  # what the build tells as warnings
        return list(components.values()), sheets, images, len(fresh), found

    def _faces(self, laid: LaidOut, lang: str, components: dict, shots: list[Shot]) -> None:
        """Each item side's face, keyed by its art: the same art is the same picture."""
        for item in laid.items:
            c = item.component
            one = components.setdefault(
                c.id,
                {
                    "id": c.id,
                    "name": c.name.get(lang),
                    "faces": {},
                    "shown": 0,
                },
            )
            for side in ("front", "back"):
                art = laid.arts.get(item, side)
                if (
                    art is None or one["shown"] >= limits.MAX_PREVIEW_FACES
                ):  # counted, not summed anew
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
        self, laid: LaidOut, ctx: PaintContext, words: Table, images: dict[str, bytes]
    ) -> list[dict]:
        """The file's pages as they come out of the printer, as pictures."""
        import pypdfium2 as pdfium

        buffer = io.BytesIO()
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
