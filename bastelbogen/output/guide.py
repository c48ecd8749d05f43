"""PRINT.txt in every kit: which file to print how, on what paper, which pages, and how
the pieces go together. With several languages each language's folder has its own, in
its language alone, listing its files and the ones at the top that every language shares."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict, cast

from bastelbogen.content.kinds import KINDS
from bastelbogen.content.printing import COMMAND_LINE, DEFAULT, origins
from bastelbogen.content.words import Table, joined
from bastelbogen.layout.imposition import PrintSettings, printed_as
from bastelbogen.output import Entry, Job, Writer, register
from bastelbogen.render.booklet import guide_lines as booklet_lines

ASSEMBLED = ("standee", "die", "stand", "board")  # kinds with a words entry assemble-<kind>
COLUMN = 26  # width of the file-name column


class _Item(TypedDict):
    """What the guide reads of a placed item in a file's manifest entry (output.listed)."""

    side: str
    kind: str


class _Page(TypedDict):
    items: list[_Item]


def _pages(f: Entry) -> list[_Page]:
    """A PDF's pages as its manifest entry lists them (output.listed)."""
    return cast("list[_Page]", f["pages"])


def _path(f: Entry) -> str:
    return cast(str, f["path"])


def write_guide(
    path: Path,
    files: list[Entry],
    settings: PrintSettings,
    title: str,
    words: dict[str, Table],
    built: str = "",
) -> None:
    """The guide of the whole kit, in every language of the build."""
    lines = guide_lines(files, settings, title, words, built=built)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def built_with(job: Job) -> str:
    """The print settings not at their defaults, each with where it came from: the game
    file's place (game.yaml:4:11) or the flag that gave it (--paper)."""
    told = []
    for name, (value, origin) in origins(
        job.options.values(), job.options.given or (), job.game.printing
    ).items():
        if origin != DEFAULT:
            shown = ("on" if value else "off") if isinstance(value, bool | None) else value
            told.append(f"{name} {shown} ({f'--{name}' if origin == COMMAND_LINE else origin})")
    return ", ".join(told)


def guide_lines(
    files: list[Entry],
    settings: PrintSettings,
    title: str,
    words: dict[str, Table],
    lang: str | None = None,
    built: str = "",
) -> list[str]:
    """A file has backs when any of its pages holds a back: that one goes through duplex
    (imposition.printed_as, which the kit's proof checks its pages against). `lang`: the
    guide of that language's folder; files at the top are named from there (../)."""
    lines = [
        f"{title} – {joined(words, 'how-to-print')}",
        "",
        f"{joined(words, 'paper')}: {settings.paper.upper()}, 100 % ({joined(words, 'no-fit')})",
        *([f"{joined(words, 'built-with')}: {built}"] if built else []),
        "",
    ]
    modes: set[str] = set()
    for f in files:
        if not _path(f).endswith(".pdf"):
            continue
        sides = {item["side"] for page in _pages(f) for item in page["items"]}
        # a booklet's sheets turn on the short edge whatever the kit's cards do; the screen
        # book is read, not printed (its booklet and single pages are)
        mode = _mode(f) or printed_as(sides, settings.duplex)
        modes.add(mode)
        lines += _file_lines(f, mode, words, lang)
    for key in _notes(files, settings, modes, lang):
        lines += ["", *(table[key] for table in words.values())]
    if any(f.get("booklet") for f in files):  # how to print, fold and staple it
        for table in words.values():
            lines += ["", *booklet_lines(table, settings.paper)]
    return lines


def _notes(
    files: list[Entry], settings: PrintSettings, modes: set[str], lang: str | None
) -> list[str]:
    """The words keys of the notes after the files, in order: that each language has its
    folder (in the guide at the top), calibrating duplex, assembling each kind that needs
    it, cutting, and the registration marks."""
    keys = []
    if lang is None and any("lang" in f for f in files):
        keys.append("per-language")
    if modes & {"long", "short"}:
        keys.append("calibration")
    kinds = {
        item["kind"]
        for f in files
        for page in cast("Sequence[_Page]", f.get("pages", ()))
        for item in page["items"]
    }
    keys += [f"assemble-{kind}" for kind in ASSEMBLED if kind in kinds]
    keys.append("cutting")
    if settings.registration:
        keys.append("registration")
    return keys


def _mode(f: Entry) -> str | None:
    """How a rulebook's file is used whatever the kit's settings: None for the others."""
    return "short" if f.get("booklet") else "screen" if f.get("screen") else None


def _file_lines(f: Entry, mode: str, words: dict[str, Table], lang: str | None) -> list[str]:
    """A file's line (name, pages, how), its paper, and which of its pages to print."""
    how = joined(words, mode if mode in ("one-sided", "screen") else f"duplex-{mode}")
    name = _path(f)
    if lang is not None:  # seen from the language's folder
        name = name.removeprefix(f"{lang}/") if f.get("lang") == lang else f"../{name}"
    lines = [f"{name:{COLUMN}} {len(_pages(f)):3} {joined(words, 'pages', '/')}  {how}"]
    if mode != "screen":
        lines.append(f"{'':{COLUMN}}     {joined(words, _paper(f))}")
    holds = cast("Sequence[str]", f.get("holds", ()))
    if len(holds) > 1:  # a shared sheet: say whose parts are on it
        lines.append(f"{'':{COLUMN}}     {joined(words, 'holds', '/')}: {', '.join(holds)}")
    lines += _pages_lines(f, words, lang)
    return lines


def _paper(f: Entry) -> str:
    """The words key of what the file is printed on: swell paper for braille, else what
    its kinds need, the heaviest of them (card before board before plain)."""
    if f.get("swell"):
        return "paper-swell"
    papers = {
        KINDS[item["kind"]].paper
        for page in _pages(f)
        for item in page["items"]
        if item["kind"] in KINDS
    }
    for paper in ("card", "board"):
        if paper in papers:
            return f"paper-{paper}"
    return "paper-plain"


def _pages_lines(f: Entry, words: dict[str, Table], lang: str | None) -> list[str]:
    """A score pad (sheets to write on) is printed once per game, as often as needed."""
    if any(item["kind"] == "sheet" for page in _pages(f) for item in page["items"]):
        return [f"{'':{COLUMN}}     {joined(words, 'score-copies')}"]
    return []


@register
class Guide(Writer):
    name = "guide"
    order = 80  # reads the files written before it

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        title = job.game.title
        settings = job.options.settings
        built = built_with(job)
        path = job.staging.path("PRINT.txt")
        write_guide(path, files, settings, title.get(job.lang), job.words, built)
        if any("lang" in f for f in files):  # each language's folder has its own guide
            for lang, table in job.words.items():
                own = [f for f in files if f.get("lang", lang) == lang]
                lines = guide_lines(own, settings, title.get(lang), {lang: table}, lang, built)
                text = "\n".join(lines) + "\n"
                job.staging.path(f"{lang}/PRINT.txt").write_text(text, encoding="utf-8")
        return []  # PRINT.txt is for people; the manifest lists what is printed
