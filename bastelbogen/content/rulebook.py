"""A game's rulebook: one Markdown file per language (`rulebook: {de: rulebook/de.md}`), read
by markdown-it-py (CommonMark and pipe tables, raw HTML refused) into blocks that keep their
file and line, with the inline markup made our paragraph markup (<b>, <i>, <a href>; icons
`:name:` left to the paragraph painter). Generated blocks (```components```, ```figure```,
```setup```, ```scoring```) keep their YAML bodies, read here with their places; every
mistake is said at its place, all at once. Laying the book out: render/rulebook/."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from markupsafe import escape

from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.source import YMap, parse_yaml, read_text

if TYPE_CHECKING:
    from markdown_it.token import Token

GENERATED = ("components", "figure", "setup", "scoring")
# the keys each generated block's body takes, and which of them it must have
BODY_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "components": (("caption",), ()),
    "figure": (("faces", "side", "caption"), ("faces",)),
    "setup": (("board", "pieces", "caption"), ("board",)),
    "scoring": (("component", "caption"), ("component",)),
}
# {{count:ID}}, {{name:ID}}: a component's; {{term:NAME}}: the built theme's word (its `terms:`)
INLINE = re.compile(r"\{\{\s*(count|name|term)\s*:\s*([^}\s]*)\s*\}\}")
_HTML = re.compile(r"</?[A-Za-z][^>]*>|<!--")
_EXAMPLE = "[!EXAMPLE]"


@dataclass(frozen=True)
class Block:
    """One block of the book: `kind` is heading, p, list, table, note, example, break or a
    generated block's name; `text` is paragraph markup, `items` a list's (depth, markup)
    or a table's rows (the first its head), `inner` a note's or example's own blocks."""

    kind: str
    loc: Loc
    text: str = ""
    level: int = 0
    slug: str = ""
    items: tuple[Any, ...] = ()
    ordered: bool = False
    inner: tuple[Block, ...] = ()
    data: Any = None  # a generated block's body as written (a YMap: its places kept)


@dataclass(frozen=True)
class Rulebook:
    """One language's book: its blocks in order, its title (the `# Title`) and sections."""

    lang: str
    path: Path
    blocks: tuple[Block, ...]
    title: str = ""
    slugs: dict[str, str] = field(default_factory=dict, hash=False)  # slug -> heading markup


def slug(heading: str) -> str:
    """A heading's anchor: lower case, letters and digits kept (umlauts too), spaces to
    '-', hyphens kept, other punctuation dropped ("Set-up & Scoring" -> "set-up-scoring")."""
    kept = "".join(ch for ch in heading.lower() if ch.isalnum() or ch in " -")
    return re.sub(r"\s+", "-", kept.strip())


def load_rulebooks(
    files: dict[str, str], where: Loc, folder: Path, langs: tuple[str, ...], problems: Collector
) -> dict[str, Rulebook]:
    """game.yaml's `rulebook:`, per language its file inside the game's folder, each read."""
    from bastelbogen.content.schema import existing  # schema reads loader's neighbours

    books = {}
    for lang, rel in files.items():
        loc = files.value_loc(lang) if isinstance(files, YMap) else where
        if lang not in langs:
            problems.add(
                loc,
                f"rulebook in '{lang}', which is not one of the game's languages"
                f" ({', '.join(langs)})",
            )
            continue
        path = existing(folder, rel, loc, problems, "rulebook file")
        if path is None:
            continue
        try:
            text = read_text(path, loc, what="rulebook file")
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        books[lang] = read_rulebook(text, path, lang, problems)
    return books


def read_rulebook(text: str, path: Path, lang: str, problems: Collector) -> Rulebook:
    """The book in one file's Markdown; its mistakes noted in `problems`."""
    from markdown_it import MarkdownIt

    if len(text) > limits.MAX_RULEBOOK_CHARS:
        problems.add(
            Loc(str(path), 1, 1),
            f"the rulebook has {len(text):,} characters; at"
            f" most {limits.MAX_RULEBOOK_CHARS:,} are read",
        )
        return Rulebook(lang, path, ())
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    reader = _Reader(text.splitlines(), str(path), problems)
    blocks = reader.blocks(md.parse(text), 0, None)
    if len(blocks) > limits.MAX_RULEBOOK_BLOCKS:
        problems.add(
            blocks[limits.MAX_RULEBOOK_BLOCKS].loc,
            f"the rulebook has {len(blocks):,} blocks; at most {limits.MAX_RULEBOOK_BLOCKS:,}",
        )
    if not blocks:
        problems.add(Loc(str(path), 1, 1), "the rulebook is empty; begin it with # Title")
    titles = [b for b in blocks if b.kind == "heading" and b.level == 1]
    for extra in titles[1:]:
        problems.add(
            extra.loc,
            f"a second title ('# {extra.text}'); a rulebook has one"
            " (# Title), its sections ## and ###",
        )
    slugs: dict[str, str] = {}
    for b in all_blocks(blocks):
        if b.kind == "heading" and b.level > 1:
            if b.slug in slugs:
                problems.add(
                    b.loc, f"a second section '{b.text}'; references could not tell them apart"
                )
            slugs.setdefault(b.slug, b.text)
    _references(blocks, slugs, problems)
    return Rulebook(lang, path, tuple(blocks), titles[0].text if titles else "", slugs)


def all_blocks(blocks: tuple[Block, ...] | list[Block]) -> list[Block]:
    return [x for b in blocks for x in (b, *all_blocks(b.inner))]


def texts(b: Block) -> list[str]:
    """The paragraph markup a block writes: its text, a list's items', a table's cells."""
    cells = (t for row in b.items for t in (row if b.kind == "table" else row[1:]))
    return [b.text, *(str(t) for t in cells)]


def _references(blocks: list[Block], slugs: dict[str, str], problems: Collector) -> None:
    """Every link to a section (#slug) names one of the book's."""
    for b in all_blocks(blocks):
        for text in texts(b):
            for target in re.findall(r'<a href="#([^"]*)"', str(text)):
                if target not in slugs:
                    near = difflib.get_close_matches(target, list(slugs), n=1, cutoff=0.5)
                    hint = f"; did you mean '#{near[0]}'?" if near else ""
                    problems.add(
                        b.loc,
                        f"a reference to '#{target}', which is no section of this rulebook{hint}",
                    )


class _Reader:
    """markdown-it's tokens -> blocks, each with its file and line."""

    def __init__(self, lines: list[str], file: str, problems: Collector) -> None:
        self.lines, self.file, self.problems = lines, file, problems

    def loc(self, token: Token, needle: str = "") -> Loc:
        line = token.map[0] + 1 if token.map else 1
        for n in range(line - 1, token.map[1] if token.map else line):
            if needle and n < len(self.lines) and needle in self.lines[n]:
                return Loc(self.file, n + 1, self.lines[n].index(needle) + 1)
        return Loc(self.file, line, 1)

    def blocks(self, tokens: list[Token], i: int, close: str | None) -> list[Block]:
        out: list[Block] = []
        while i < len(tokens) and tokens[i].type != close:
            block, i = self.block(tokens, i)
            if block is not None:
                out.append(block)
        self.end = i
        return out

    def block(self, tokens: list[Token], i: int) -> tuple[Block | None, int]:
        t = tokens[i]
        if t.type == "heading_open":
            text = self.inline(tokens[i + 1])
            plain = re.sub(r"<[^>]*>", "", text)
            return Block("heading", self.loc(t), text, int(t.tag[1]), slug(plain)), i + 3
        if t.type == "paragraph_open":
            return Block("p", self.loc(t), self.inline(tokens[i + 1])), i + 3
        if t.type in ("bullet_list_open", "ordered_list_open"):
            items: list[tuple[int, str]] = []
            i = self.list_items(tokens, i, 0, items)
            return Block(
                "list", self.loc(t), items=tuple(items), ordered=t.type == "ordered_list_open"
            ), i
        if t.type == "blockquote_open":
            inner = self.blocks(tokens, i + 1, "blockquote_close")
            after = self.end + 1
            first = inner[0].text if inner and inner[0].kind == "p" else ""
            if first.startswith(_EXAMPLE):
                rest = first.removeprefix(_EXAMPLE).lstrip("\n ")
                inner = ([replace_text(inner[0], rest)] if rest else []) + inner[1:]
                return Block("example", self.loc(t), inner=tuple(inner)), after
            return Block("note", self.loc(t), inner=tuple(inner)), after
        if t.type == "table_open":
            return self.table(tokens, i)
        if t.type == "fence":
            return self.fence(t), i + 1
        if t.type == "hr":
            return Block("break", self.loc(t)), i + 1
        what = {"code_block": "an indented code block", "html_block": "raw HTML"}.get(
            t.type, t.type
        )
        self.problems.add(
            self.loc(t),
            f"{what} has no place in a rulebook: write prose, a"
            " list, a table, a > note or a generated block (```figure```)",
        )
        depth, i = int(t.nesting), i + 1
        while depth > 0 and i < len(tokens):
            depth, i = depth + tokens[i].nesting, i + 1
        return None, i

    def list_items(
        self, tokens: list[Token], i: int, depth: int, out: list[tuple[int, str]]
    ) -> int:
        close = tokens[i].type.replace("_open", "_close")
        i += 1
        while tokens[i].type != close:
            t = tokens[i]
            if t.type in ("bullet_list_open", "ordered_list_open"):
                i = self.list_items(tokens, i, depth + 1, out)
            elif t.type == "inline":
                out.append((depth, self.inline(t)))
                i += 1
            else:
                i += 1
        return i + 1

    def table(self, tokens: list[Token], i: int) -> tuple[Block, int]:
        start = tokens[i]
        rows: list[tuple[str, ...]] = []
        row: list[str] = []
        while tokens[i].type != "table_close":
            t = tokens[i]
            if t.type == "tr_open":
                row = []
            elif t.type == "inline":
                row.append(self.inline(t))
            elif t.type == "tr_close":
                rows.append(tuple(row))
            i += 1
        return Block("table", self.loc(start), items=tuple(rows)), i + 1

    def fence(self, t: Token) -> Block | None:
        name = t.info.strip().split(" ")[0] if t.info.strip() else ""
        loc = self.loc(t)
        if name not in GENERATED:
            near = difflib.get_close_matches(name, GENERATED, n=1, cutoff=0.5)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            self.problems.add(
                loc, f"'```{name}' names no generated block (one of {', '.join(GENERATED)}){hint}"
            )
            return None
        body_line = (t.map[0] + 1) if t.map else 1
        try:
            data = parse_yaml("\n" * body_line + t.content, self.file)
        except ContentError as exc:
            self.problems.extend(exc.problems)
            return None
        if data is None:
            data = YMap()
            data.loc = loc
        if not isinstance(data, YMap):
            self.problems.add(
                loc, f"the {name} block's body must be keys (faces: …), not a {type(data).__name__}"
            )
            return None
        allowed, needed = BODY_KEYS[name]
        for key in data:
            if key not in allowed:
                near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.5)
                hint = f"; did you mean '{near[0]}'?" if near else ""
                self.problems.add(
                    data.key_loc(key),
                    f"the {name} block has no key '{key}' (keys: {', '.join(allowed)}){hint}",
                )
        for key in needed:
            if key not in data:
                self.problems.add(loc, f"the {name} block needs '{key}'")
        return Block(name, loc, str(escape(str(data.get("caption") or ""))), data=data)

    def link(self, token: Token, href: str) -> str:
        """A link's opening tag: to a section (#slug; markdown-it writes its umlauts
        %-encoded) or to the web; any other told at its place."""
        if href.startswith("#"):
            href = unquote(href)
        if not href.startswith(("#", "https://", "http://", "mailto:")):
            self.problems.add(
                self.loc(token, href),
                f"a link to '{href}': a rulebook links to its sections (#slug) or to the web"
                " (https://)",
            )
        return f'<a href="{escape(href)}">'

    def inline(self, token: Token) -> str:
        """Inline Markdown -> our paragraph markup, escaped; raw HTML refused at its place."""
        out = []
        for c in token.children or []:
            if c.type in ("text", "code_inline"):
                if m := _HTML.search(c.content):
                    self.problems.add(
                        self.loc(token, m.group(0)),
                        f"raw HTML ('{m.group(0)}')"
                        " is refused in a rulebook; write *emphasis* or"
                        " **strong**",
                    )
                out.append(str(escape(c.content)))
            elif c.type in _TAGS:
                out.append(_TAGS[c.type])
            elif c.type in ("softbreak", "hardbreak"):
                out.append(" " if c.type == "softbreak" else "<br/>")
            elif c.type == "link_open":
                out.append(self.link(token, str(c.attrs.get("href", ""))))
            elif c.type == "image":
                self.problems.add(
                    self.loc(token, "!["),
                    "a picture in a paragraph; show faces with a ```figure``` block",
                )
            elif c.type == "html_inline":
                self.problems.add(self.loc(token, c.content), "raw HTML is refused")
        return "".join(out)


_TAGS = {
    "em_open": "<i>",
    "em_close": "</i>",
    "strong_open": "<b>",
    "strong_close": "</b>",
    "link_close": "</a>",
}


def replace_text(block: Block, text: str) -> Block:
    return replace(block, text=text)
