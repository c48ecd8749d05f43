"""The pipeline, one way through: load, check, expand, lay out, paint, write."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from . import boards, templating
from .checks import find_variant, validate
from .errors import ContentError, Loc, Problem
from .expand import items_of
from .imposition import PrintSettings, impose
from .layouts import Layouts
from .loader import load_game
from .models import LANGUAGES, Game
from .options import OPTIONS, default, record
from .paths import inside as contained
from .pieces import art_of, fold_lines, trim_of
from .preflight import Preflight
from .printguide import write_guide
from .publish import Staging, staged
from .render.cheatsheet import write_cheatsheet
from .render.paint import PaintContext
from .render.pdf import Meta, write_pages
from .render.style import Fonts
from .render.svg import write_cut_svg
from .units import to_mm


class OptionError(Exception):
    """A command-line option the game cannot take (an unknown variant or theme)."""


SHIPPED = Path(__file__).resolve().parent.parent  # the repository this package comes in


@dataclass(frozen=True)
class Project:
    """Where content, templates and fonts live."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def templates(self) -> list[Path]:
        """The project's own templates first, then the shipped ones (the cheat sheet, the
        shipped games' faces), so a project of one's own needs only what it changes."""
        return list(dict.fromkeys((self.root / "templates", SHIPPED / "templates")))

    @property
    def fonts(self) -> Path:
        own = self.root / "fonts"
        return own if own.is_dir() else SHIPPED / "fonts"

    def load(self, game_id: str) -> Game:
        folder = self.content / game_id
        if contained(folder, "game.yaml") is None:
            raise ContentError(Problem(Loc(str(folder / "game.yaml")), "game.yaml leads"
                                       " outside the game's folder (a link?); it is not read"))
        if not os.path.lexists(folder / "game.yaml"):  # a folder in its place is told as such
            known = ", ".join(p.parent.name for p in sorted(self.content.glob("*/game.yaml")))
            raise ContentError(Problem(Loc(str(folder)), f"no game '{game_id}' (games: {known})"))
        return load_game(folder, self.fonts)


@dataclass(frozen=True)
class BuildOptions:
    """A build's options; their defaults and meaning are declared in options.py."""

    settings: PrintSettings = PrintSettings()
    langs: tuple[str, ...] = default("lang")  # empty: every language of the game
    braille: bool = default("braille")
    variant: str | None = default("variant")
    svg: bool = default("svg")
    theme: str | None = default("theme")  # None: the game's first theme
    strict: bool = default("strict")

    @classmethod
    def of(cls, **values) -> BuildOptions:
        """Options from parsed values keyed like options.OPTIONS (back_offset for
        back-offset); what is not given takes its declared default."""
        v = {o.key: o.default for o in OPTIONS.values()} | values
        return cls(PrintSettings(v["paper"], v["duplex"], v["bleed"], v["margin"],
                                 v["back_offset"]), tuple(v["lang"]), v["braille"],
                   v["variant"], v["svg"], v["theme"], v["strict"])

    def values(self) -> dict:
        s = self.settings
        return {"paper": s.paper, "duplex": s.duplex, "bleed": s.bleed, "margin": s.margin,
                "back_offset": s.back_offset, "lang": self.langs, "braille": self.braille,
                "variant": self.variant, "theme": self.theme, "svg": self.svg,
                "strict": self.strict}


def build_game(project: Project, game_id: str, out: Path, options: BuildOptions,
               progress=None, warn=None) -> Path:
    """Build one kit into out/<game>; on any error the previous out/<game> stays as it was.
    Preflight findings go to `warn` one by one, or with --strict stop the build."""
    templating.reset()
    game = project.load(game_id)
    options = replace(options, langs=_langs(game, options.langs))
    try:
        variant = find_variant(game, options.variant)
    except KeyError as exc:
        raise OptionError(str(exc.args[0])) from None
    options = replace(options, theme=_theme(game, options.theme))
    validate(game, variant)
    preflight = Preflight()
    with staged(out, game_id) as staging:
        files = _write_kit(project, game, variant, staging, options, progress, preflight)
        found = preflight.problems()
        if found and options.strict:
            raise ContentError(found)
        for problem in found if warn else ():
            warn(problem)
        manifest = {"game": game.id, "paper": options.settings.paper,
                    "duplex": options.settings.duplex,
                    "bleed_mm": round(to_mm(options.settings.bleed), 3),
                    "margin_mm": round(to_mm(options.settings.margin), 3),
                    "options": record(options.values()), "files": files}
        if game.themes:
            manifest["theme"] = _theme(game, options.theme)
        write_guide(staging.path("PRINT.txt"), files, options.settings.paper,
                    options.settings.duplex, game.title.get(options.langs[0]))
        staging.path("manifest.json").write_text(json.dumps(manifest, indent=1,
                                                            ensure_ascii=False) + "\n")
        return staging.publish(out / game_id)


def check_game(project: Project, game_id: str, options: BuildOptions, warn=None) -> None:
    """Everything a build would find wrong, templates and text fit included, without
    touching out/: the kit is built into a folder that is thrown away."""
    game = project.load(game_id)
    options = replace(options, langs=_langs(game, options.langs))
    # Each theme, and braille, draws boxes the plain build does not: try them all.
    variants = [replace(options, theme=name) for name in game.themes] or [options]
    if not options.braille:
        variants.append(replace(options, braille=True))
    if len(options.langs) > 1:  # cards are laid out in the first language only
        variants.append(replace(options, langs=tuple(reversed(options.langs))))
    with tempfile.TemporaryDirectory(prefix="pnp-validate-") as tmp:
        told: set[str] = set()

        def once(problem):  # each build of the variants finds the same things again
            if str(problem) not in told and warn:
                told.add(str(problem))
                warn(problem)

        for variant in variants:
            build_game(project, game_id, Path(tmp), variant, warn=once)


def _write_kit(project: Project, game: Game, variant, staging: Staging, options: BuildOptions,
               progress, preflight: Preflight) -> list[dict]:
    layouts = Layouts(project.templates)
    fonts = Fonts(game.fonts, game.loc, game.font_locs)
    settings = options.settings
    lang = options.langs[0]
    face_options = {"lang": lang, "braille": options.braille,
                    "theme": _theme(game, options.theme)}
    files = []
    for component in game.components:
        items = items_of(game, component, variant)
        if component.kind == "sheet" and len(options.langs) > 1:
            # A sheet is printed once per language, like the cheat sheet; cards are not.
            items = [replace(item, id=f"{item.id}-{lang}", data={**item.data, "lang": lang})
                     for item in items for lang in options.langs]
        trim = trim_of(game, component)
        has_back = component.back is not None and component.kind not in ("standee", "stand",
                                                                           "board")
        bleed = settings.bleed if component.marks else 0.0
        comp_settings = PrintSettings(settings.paper, settings.duplex, bleed, settings.margin,
                                      settings.back_offset)
        try:
            if component.kind == "board":
                pages = [page for item in items for page in boards.tile(item, trim, comp_settings)]
            else:
                pages = impose(items, trim, comp_settings, has_back, component.marks,
                               component.block)
        except ValueError as exc:
            raise ContentError(Problem(component.loc, f"component '{component.id}': {exc}")) \
                from None
        arts = {}
        for item in items:
            for side in ("front", "back") if has_back else ("front",):
                art = arts[(id(item), side)] = art_of(game, item, side, layouts, face_options,
                                                      bleed, trim)
                if art is not None and len(art.parts) == 1 and not art.tabs:  # one flat face
                    preflight.bleed(art.parts[0][1], trim, bleed, f"item '{item.id}' ({side})")
        name = f"{component.id}.pdf"
        title = f"{game.title.get(lang)} – {component.name.get(lang)}"
        # Only components that carry braille go on swell paper, and only they are lightened.
        swell = options.braille and any(
            b.painter == "braille" for b in layouts.get(component.face, component.face_loc).boxes)
        ctx = PaintContext(fonts, game.folder, swell=swell, preflight=preflight)
        write_pages(staging.path(name), pages, arts, Meta(title, game.author, _subject(game, lang)),
                    ctx, lang)
        files.append(_manifest_file(name, pages, component.kind))
        if options.svg and component.marks:
            files += _cut_files(staging, component, pages, fold_lines(game, component))
        if progress:
            progress(component.id)
    if game.rules is not None:
        pages = write_cheatsheet(staging.path("rules.pdf"), game, project.templates, fonts,
                                 options.langs, settings, Meta(
                                     f"{game.title.get(lang)} – Regeln / Rules", game.author,
                                     _subject(game, lang)))
        files.append({"path": "rules.pdf", "pages": pages})
        if progress:
            progress("rules")
    return files


def _cut_files(staging: Staging, component, pages, folds) -> list[dict]:
    sheets = [p for p in pages if any(q.side == "front" for q in p.placements)]
    files = []
    for n, page in enumerate(sheets, start=1):
        name = f"cut/{component.id}-{n}.svg"
        write_cut_svg(staging.path(name), page, [line[:4] for line in folds])
        files.append(_manifest_file(name, [page], component.kind))
    return files


def _langs(game: Game, asked: tuple[str, ...]) -> tuple[str, ...]:
    """The languages to build: those asked for, each one the game is written in."""
    known = LANGUAGES
    for lang in asked:
        if lang not in known:
            raise OptionError(f"game '{game.id}' is not written in '{lang}'"
                              f" (languages: {', '.join(known)})")
    return asked or known


def _theme(game: Game, name: str | None) -> str | None:
    if not game.themes:
        return None  # `pnp build --theme animals` builds the games without themes as they are
    if name is None:
        return next(iter(game.themes))
    if name not in game.themes:
        raise OptionError(f"game '{game.id}' has no theme '{name}'"
                          f" (themes: {', '.join(game.themes)})")
    return name


def _subject(game: Game, lang: str) -> str:
    return ("Bastelbogen-Druckbogen zum Selberbasteln" if lang == "de"
            else "Bastelbogen print-and-play kit")


def _manifest_file(name: str, pages, kind: str) -> dict:
    return {"path": name, "pages": [
        {"number": n, "size_mm": [round(to_mm(v), 3) for v in page.size],
         "items": [{"id": p.item.id, "kind": kind, "side": p.side,
                    "trim_mm": [round(to_mm(v), 4) for v in p.trim]}
                   for p in page.placements]}
        for n, page in enumerate(pages, start=1)]}
