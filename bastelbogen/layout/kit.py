"""A kit laid out: for each printed file its pages (where every item side goes) and the art
of every item side. Nothing is drawn or written here; the writers (output/) do that.

First every component's sheets are planned as geometry; then the small parts of several
components may move onto shared sheets (parts.py); then each file's art is resolved, one
file at a time, so a kit's memory stays that of its largest component."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.expand import items_of
from bastelbogen.content.kinds import Kind, kind_of
from bastelbogen.content.models import Component, Game, Item, Variant
from bastelbogen.content.painters import PAINTERS, Mark
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.geometry import Rect
from bastelbogen.core.remembered import REMEMBERED, digest
from bastelbogen.layout import boards
from bastelbogen.layout.arts import Arts
from bastelbogen.layout.cells import Grid
from bastelbogen.layout.cutmarks import cut_guides
from bastelbogen.layout.imposition import BuildOptions, Page, PrintSettings, impose
from bastelbogen.layout.kept import Keeps, keeps
from bastelbogen.layout.layouts import Layouts
from bastelbogen.layout.nesting import nest_grid
from bastelbogen.layout.parts import Tail, packable, shared_sheets, tails_of
from bastelbogen.layout.pieces import trim_of

PARTS = "parts"  # the file of the shared sheets


@dataclass(frozen=True)
class LaidOut:
    """A file laid out: its pages and the art of the items they show, in one language."""

    name: str  # the file's name, without .pdf: a component's id, or "parts"
    components: tuple[Component, ...]  # what it holds: one, or several on shared sheets
    items: list[Item]
    pages: list[Page]
    arts: Arts  # each item side's art, made when asked
    swell: bool  # printed on swell paper: braille dots rise, other ink is lightened
    lang: str | None = None  # the language of a file printed once per language
    plans: tuple[_Planned, ...] = ()  # each component's items and sheets (trim, bleed, back)

    @property
    def stem(self) -> str:
        """The file's name without its language's folder: what every language's copy
        shares (their cut files, the same in each, are named by it)."""
        return self.name.removeprefix(f"{self.lang}/") if self.lang else self.name

    @property
    def component(self) -> Component | None:
        """The component of a file that holds one."""
        return self.components[0] if len(self.components) == 1 else None

    @property
    def kind(self) -> Kind | None:
        return kind_of(self.component) if self.component is not None else None


@dataclass(frozen=True)
class _Planned:
    """One component's items and sheets, before any art."""

    component: Component
    items: list[Item]
    trim: tuple[float, float]
    bleed: float
    has_back: bool
    pages: list[Page]
    swell: bool


def _nest(component: Component) -> Callable[[Rect, tuple[float, float], float], Grid] | None:
    """How pieces of an interlocking shape nest in an area, or None for a box grid."""
    shape = component.shape
    return (lambda area, size, bleed: nest_grid(area, size, bleed, shape)) if shape.nests else None


def _grid(
    items: list[Item],
    trim: tuple[float, float],
    settings: PrintSettings,
    component: Component,
    has_back: bool,
    keep: Keeps | None = None,
) -> list[Page]:
    nest = _nest(component)
    fit = (lambda area, size, bleed, pad: nest(area, size, bleed)) if nest else None
    return impose(items, trim, settings, has_back, component.marks, component.block, fit)


def _tiled(
    items: list[Item],
    trim: tuple[float, float],
    settings: PrintSettings,
    component: Component,
    has_back: bool,
    keep: Keeps | None = None,
) -> list[Page]:
    return [
        page
        for item in items
        for page in boards.tile(item, trim, settings, keep(item) if keep else ())
    ]


PLACINGS = {"grid": _grid, "tiled": _tiled}  # how a kind's items go on sheets (Kind.placing)


def lay_out(
    game: Game,
    variant: Variant | None,
    options: BuildOptions,
    layouts: Layouts,
    preflight: Preflight,
) -> Iterator[LaidOut]:
    """Each file of the kit in turn: every component's own, then the shared sheets."""
    planned = plan_files(game, variant, options, layouts)
    tell_seams(planned, preflight)
    for one in planned:
        yield from paint_file(game, one, layouts, options, preflight)


def tell_seams(planned: list[FilePlan], preflight: Preflight) -> None:
    """What a board's seams cut though they should not (no place the sheets allow misses
    it), told once, whichever way the files are painted."""
    for told in (p for one in planned for page in one.pages for p in page.told):
        preflight.seam(told.loc, told.message)


@dataclass(frozen=True)
class FilePlan:
    """One file's sheets, before any art: the components it holds and their pages."""

    name: str
    plans: tuple[_Planned, ...]
    pages: list[Page]


def plan_files(
    game: Game, variant: Variant | None, options: BuildOptions, layouts: Layouts
) -> list[FilePlan]:
    """Every file of the kit as geometry: each component's own, then the shared sheets.
    Cheap next to painting, and done once, so the files can be painted apart (--jobs)."""
    planned = [_plan(game, component, variant, options, layouts) for component in game.components]
    kept, tails = _tails(planned, options.settings)
    # A component with a block no shared sheet holds clear of the registration marks
    # keeps its own sheets.
    alone = {t.key for t in tails if not packable(t, options.settings)}
    tails = [t for t in tails if t.key not in alone]
    kept = {n: keep for n, keep in kept.items() if n not in alone}
    shared = shared_sheets(tails, options.settings) if tails else None
    return _files(planned, kept, shared)


def _files(
    planned: list[_Planned], kept: dict[int, int], shared: list[Page] | None
) -> list[FilePlan]:
    """Each component's file with the pages it keeps (all of them when nothing is shared),
    then the shared sheets'."""
    files = []
    for n, plan in enumerate(planned):
        pages = plan.pages[: kept[n]] if shared and n in kept else plan.pages
        if pages:
            files.append(FilePlan(plan.component.id, (plan,), pages))
    if shared:
        files.append(FilePlan(PARTS, tuple(planned[n] for n in kept), shared))
    return files


def _tails(planned: list[_Planned], settings: PrintSettings) -> tuple[dict[int, int], list[Tail]]:
    """How many pages each component offering items to the shared sheets keeps (by its
    number), and the items it offers, a Tail a sheet."""
    kept, tails = {}, []
    for n, plan in enumerate(planned):
        keep, sheets = _shareable(plan, settings)
        if sheets:
            kept[n] = keep
        tails += [
            Tail(
                n,
                tuple(items),
                plan.trim,
                plan.bleed,
                plan.component.marks,
                plan.has_back,
                _nest(plan.component),
            )
            for items in sheets
        ]
    return kept, tails


def paint_file(
    game: Game,
    planned: FilePlan,
    layouts: Layouts,
    options: BuildOptions,
    preflight: Preflight | None,
    made_of: str | None = None,
) -> Iterator[LaidOut]:
    """The planned file with its art: one LaidOut, or one per language when its parts carry
    words: de/name.pdf, en/name.pdf … (see `in_language`). Without a preflight (the
    kit's proof) the arts tell it nothing. `made_of`, the digest of all the kit is made of
    (core/inputs.py): which of the two it is, remembered by it."""
    name, plans, pages = planned.name, list(planned.plans), planned.pages
    langs = options.langs
    pages = _registered(pages, options.settings)
    laid = [_painted(game, name, plans, pages, layouts, lang, options, preflight) for lang in langs]
    if _one_for_all(laid, None if made_of is None else digest("one file", made_of, name)):
        laid = laid[:1]  # no words: one file serves them all
    else:
        laid = [
            replace(one, name=in_language(name, lang), lang=lang)
            for one, lang in zip(laid, langs, strict=True)
        ]
    yield from laid


def _one_for_all(laid: list[LaidOut], key: str | None) -> bool:
    """Whether every language's file comes out as the first's: by comparing their arts
    (every side of every item, in each language: most of an unchanged kit's rebuild), or as
    a kit made of the same inputs found (`key`)."""
    found = REMEMBERED.get(key) if key is not None and len(laid) > 1 else None
    if found in ([0], [1]):
        return found == [1]
    same = all(one.arts.same_as(laid[0].arts, laid[0].items) for one in laid[1:])
    if key is not None and len(laid) > 1:
        REMEMBERED.put(key, [int(same)])
    return same


def in_language(name: str, lang: str) -> str:
    """Where a file printed once per language goes: its language's folder (`de/cards`),
    so a family prints one folder; a file the same in every language stays at the top.
    Every file name of a kit (sheets, cheat sheet, exports, preview) comes from here."""
    return f"{lang}/{name}"


def _registered(pages: list[Page], settings: PrintSettings) -> list[Page]:
    """With --registration, the marks on every sheet a cutting machine cuts."""
    if not settings.registration:
        return pages
    return [
        replace(page, registration=settings.registration_inset) if _cut_by_machine(page) else page
        for page in pages
    ]


def _cut_by_machine(page: Page) -> bool:
    """A page of fronts of pieces cut out: not a duplex back, not a page to write on, and
    not a fold sheet, which is folded before it is cut (its marks would fold away)."""
    sides = {p.side for p in page.placements}
    return sides == {"front"} and all(kind_of(p.item.component).cut_out for p in page.placements)


def _plan(
    game: Game,
    component: Component,
    variant: Variant | None,
    options: BuildOptions,
    layouts: Layouts,
) -> _Planned:
    settings = options.settings
    kind = kind_of(component)
    items = items_of(game, component, variant)
    trim = trim_of(game, component)
    has_back = component.back is not None and kind.backs
    # A page to write on keeps clear of no registration marks; nor does a fold sheet, folded
    # before it is cut, which carries none (_cut_by_machine)
    if not kind.cut_out or (has_back and settings.duplex == "fold"):
        settings = replace(settings, registration=False)
    # Every piece cut out keeps the bleed asked for, whatever its guides.
    bleed = settings.bleed if kind.bleeds(component) else 0.0
    try:
        pages = PLACINGS[kind.placing](
            items,
            trim,
            replace(settings, bleed=bleed),
            component,
            has_back,
            _keeps(game, component, layouts, options, bleed) if kind.placing == "tiled" else None,
        )
    except ValueError as exc:
        raise ContentError(Problem(component.loc, f"component '{component.id}': {exc}")) from None
    if not kind.cut_out:  # sheets to write on, several to a page: parted along guides
        pages = [replace(page, cuts=cut_guides(page.placements)) for page in pages]
    # Only components that carry braille go on swell paper, and only they are lightened.
    swell = options.braille and any(
        Mark.RAISED in PAINTERS[b.painter].puts
        for b in layouts.get(component.face, component.face_loc).boxes
    )
    return _Planned(component, items, trim, bleed, has_back, pages, swell)


def _keeps(
    game: Game, component: Component, layouts: Layouts, options: BuildOptions, bleed: float
) -> Keeps:
    """What a tiled component's seams should not cut: its face laid out in the first
    language, as the proof lays it out again."""
    return keeps(game, component, layouts, face_options(options, game), bleed)


def face_options(options: BuildOptions, game: Game) -> dict[str, object]:
    """The options a face is laid out with, in the build's first language."""
    lang = options.langs[0] if options.langs else game.languages[0]
    return {"lang": lang, "braille": options.braille, "theme": options.theme}


def _shareable(plan: _Planned, settings: PrintSettings) -> tuple[int, list[list[Item]]]:
    """The pages a component keeps and the items it offers to the shared sheets: never a
    board's or a page-sized sheet's, a picture's pieces laid as blocks, swell paper's, or a
    deck kept whole in its own file (`whole`). Shaped pieces share too: interlocking ones as
    a small nest."""
    kind = kind_of(plan.component)
    own = plan.component.block or plan.component.whole  # laid as blocks, or a deck kept whole
    if kind.placing != "grid" or not kind.shares or own or plan.swell:
        return len(plan.pages), []
    return tails_of(plan.pages, plan.has_back, settings, plan.bleed)


def _painted(
    game: Game,
    name: str,
    plans: list[_Planned],
    pages: list[Page],
    layouts: Layouts,
    lang: str,
    options: BuildOptions,
    preflight: Preflight | None,
) -> LaidOut:
    """A file with the items its pages show and their art in one language (made when a
    writer asks; the preflight sees each flat face then)."""
    on_pages = {id(p.item) for page in pages for p in page.placements}
    if any(page.overview is not None for page in pages):  # a board: its plan shows it whole
        on_pages |= {id(page.overview[0]) for page in pages if page.overview is not None}
    items = [item for plan in plans for item in plan.items if id(item) in on_pages]
    return LaidOut(
        name,
        tuple(p.component for p in plans),
        items,
        pages,
        Arts(game, plans, layouts, options, lang, preflight),
        any(p.swell for p in plans),
        plans=tuple(plans),
    )
