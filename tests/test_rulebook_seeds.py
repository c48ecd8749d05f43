"""The kits' rulebooks are faithful to their seeds.

Each file in tests/data/seed_rules/ lists one game's seed rules one by one (`rules:`), and
the kit's own choices ([C] in GAMES.md, `clarifications:`), each with the short phrases that
must stand in the rulebook of each language (`find: {de: [...], en: [...]}`). A rule is in
the book when all its phrases are found (case and whitespace ignored, emphasis marks too);
a choice is in the book when its phrases stand in the final section, "Klarstellungen und
Varianten" / "Clarifications and variants". The ids a rulebook names - `{{count:ID}}`,
`{{name:ID}}` and the components and faces in its generated blocks - must be the game's own,
read from game.yaml; this reads the sources as text and YAML, independent of the engine.
"""

from __future__ import annotations

import csv
import itertools
import re
from pathlib import Path
from typing import Any

import jinja2
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "data" / "seed_rules"
CONTENT = ROOT / "content"
LANGS = ("de", "en")
CLARIFICATIONS = {"de": "Klarstellungen und Varianten", "en": "Clarifications and variants"}
BLOCKS = ("components", "figure", "setup", "scoring")

FENCE = re.compile(r"^```[ \t]*(\w+)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
INLINE = re.compile(r"\{\{\s*(count|name)\s*:\s*([^}\s]+)\s*\}\}")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
QUOTE = re.compile(r"^[ \t]*>[ \t]?", re.M)
LINK = re.compile(r"\]\(#([^)\s]+)\)")
TERM = re.compile(r"\{\{\s*term\s*:\s*([^}\s]+)\s*\}\}")


def _seed_files() -> list[Path]:
    return sorted(SEEDS.glob("*.yaml"))


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: a mapping with game, rules, clarifications"
    return data


def _cases() -> list[Any]:
    return [
        pytest.param(path, lang, id=f"{path.stem}-{lang}")
        for path in _seed_files()
        for lang in LANGS
    ]


def _book(game: str, lang: str) -> str:
    """The book's source as the default build reads it: each {{term:NAME}} the word of the
    game's first theme (the default), where the prose stands in the theme file."""
    path = CONTENT / game / "rulebook" / f"{lang}.md"
    assert path.is_file(), f"{path} is missing"
    text = path.read_text(encoding="utf-8")
    themes = (_load(CONTENT / game / "game.yaml").get("themes") or {}).get("files") or {}
    if themes:
        theme = _load(CONTENT / game / next(iter(themes.values())))
        terms = theme["terms"][lang]
        text = TERM.sub(lambda m: str(terms[m.group(1)]), text)
    return text


def _normal(text: str) -> str:
    """Lower case, emphasis marks dropped, every run of white space one space."""
    return " ".join(text.replace("*", "").casefold().split())


def _prose(book: str) -> str:
    """The book without its generated blocks (their YAML is not what a family reads) and
    without the marks that open the lines of a side note or an example."""
    return QUOTE.sub("", FENCE.sub("", book))


def _section(book: str, title: str) -> str:
    """The text under the `## title` heading, up to the next heading of level 1 or 2."""
    heads = [(m.start(), m.end(), len(m.group(1)), m.group(2)) for m in HEADING.finditer(book)]
    for k, (_, end, level, text) in enumerate(heads):
        if level == 2 and text.strip() == title:
            stop = next((s for s, _, lv, _ in heads[k + 1 :] if lv <= 2), len(book))
            return book[end:stop]
    raise AssertionError(f"no section '## {title}'")


def _missing(text: str, phrases: list[str]) -> list[str]:
    hay = _normal(text)
    return [p for p in phrases if _normal(p) not in hay]


def _expand(item: dict[str, Any]) -> list[dict[str, Any]]:
    """An item entry as the items it stands for: `each` multiplies it by every value."""
    each = item.get("each") or {}
    base = {k: v for k, v in item.items() if k != "each"}
    keys = list(each)
    return [
        {**base, **dict(zip(keys, combo, strict=True))}
        for combo in itertools.product(*(each[k] for k in keys))
    ]


def _item_ids(game: dict[str, Any], component: dict[str, Any], folder: Path) -> set[str]:
    items = component.get("items") or []
    if isinstance(items, dict) and "from" in items:
        table = game["tables"][items["from"]]
        file = table["file"] if isinstance(table, dict) else table
        return _table_ids(folder / file)
    ids: set[str] = set()
    template = component.get("item-id")
    for entry in items:
        for item in _expand(entry):
            if template:
                ids.add(_render(str(template), item))
            elif "id" in item:
                ids.add(str(item["id"]))
    return ids


def _render(template: str, item: dict[str, Any]) -> str:
    """An `item-id` pattern such as "{{ set }}-{{ value }}" filled from the item's fields
    (a pattern comes before the item's own id, as the loader has it)."""
    return jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(template).render(item)


def _table_ids(path: Path) -> set[str]:
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as f:
            return {row["id"] for row in csv.DictReader(f)}
    return {str(row["id"]) for row in yaml.safe_load(path.read_text(encoding="utf-8"))}


def _kit(game_id: str) -> dict[str, set[str]]:
    """component id -> its item ids, from the game's game.yaml."""
    folder = CONTENT / game_id
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    return {str(c["id"]): _item_ids(game, c, folder) for c in game["components"]}


def _face_ids(kind: str, body: dict[str, Any]) -> list[str]:
    if kind == "figure":
        return [str(f) for f in body.get("faces") or []]
    if kind == "setup":
        faces = [str(body["board"])] if "board" in body else []
        return faces + [str(p["face"]) for p in body.get("pieces") or []]
    return []


def _slug(heading: str) -> str:
    kept = "".join(ch for ch in heading.lower() if ch.isalnum() or ch in " -")
    return kept.strip().replace(" ", "-")


@pytest.mark.parametrize(("path", "lang"), _cases())
def test_every_seed_rule_is_in_the_book(path: Path, lang: str) -> None:
    spec = _load(path)
    book = _prose(_book(spec["game"], lang))
    absent = {}
    for rule in spec["rules"]:
        phrases = rule["find"][lang]
        assert phrases, f"{path.name}: rule {rule['id']} has no phrases for {lang}"
        if missing := _missing(book, phrases):
            absent[rule["id"]] = missing
    assert not absent, f"{spec['game']}/rulebook/{lang}.md lacks seed rules: {absent}"


@pytest.mark.parametrize(("path", "lang"), _cases())
def test_every_choice_stands_in_the_clarifications(path: Path, lang: str) -> None:
    spec = _load(path)
    section = _section(_prose(_book(spec["game"], lang)), CLARIFICATIONS[lang])
    absent = {}
    for choice in spec.get("clarifications") or []:
        phrases = choice["find"][lang]
        assert phrases, f"{path.name}: choice {choice['id']} has no phrases for {lang}"
        if missing := _missing(section, phrases):
            absent[choice["id"]] = missing
    assert not absent, f"{CLARIFICATIONS[lang]} of {spec['game']} ({lang}) lacks: {absent}"


@pytest.mark.parametrize(("path", "lang"), _cases())
def test_the_book_names_only_the_kits_components_and_faces(path: Path, lang: str) -> None:
    spec = _load(path)
    book = _book(spec["game"], lang)
    kit = _kit(spec["game"])
    wrong = [f"{{{{{kind}:{cid}}}}}" for kind, cid in INLINE.findall(book) if cid not in kit]
    kinds = []
    for m in FENCE.finditer(book):
        kind, text = m.group(1), m.group(2)
        if kind not in BLOCKS:
            continue
        kinds.append(kind)
        body = yaml.safe_load(text) or {}
        assert isinstance(body, dict), f"a ```{kind}``` block's body is a mapping"
        if "component" in body and str(body["component"]) not in kit:
            wrong.append(f"{kind}: component {body['component']}")
        for face in _face_ids(kind, body):
            cid, _, item = face.partition("/")
            if cid not in kit or item not in kit[cid]:
                wrong.append(f"{kind}: face {face}")
    assert not wrong, f"{spec['game']}/rulebook/{lang}.md names what the kit lacks: {wrong}"
    assert "components" in kinds, "the book lists the components with a ```components``` block"
    assert INLINE.search(book), "counts come from the kit ({{count:ID}}), never copied"


@pytest.mark.parametrize(("path", "lang"), _cases())
def test_the_books_references_lead_to_its_sections(path: Path, lang: str) -> None:
    book = _prose(_book(_load(path)["game"], lang))
    heads = HEADING.findall(book)
    titles = [text for marks, text in heads if marks == "#"]
    assert len(titles) == 1, f"one '# Title', got {titles}"
    slugs = {_slug(text) for _, text in heads}
    dangling = [s for s in LINK.findall(book) if s not in slugs]
    assert not dangling, f"links to no heading: {dangling} (headings: {sorted(slugs)})"
