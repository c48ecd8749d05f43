"""The rules' words for the cheat sheet: rules YAML through the jinja2 template (the chosen
theme's terms filled in) into blocks, one per `@kind text` line the template writes."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import NoReturn

import jinja2
from jinja2.bccache import Bucket
from jinja2.loaders import split_template_path

from bastelbogen.content.models import Game, Rules
from bastelbogen.core.budget import deadline
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.paths import inside as contained
from bastelbogen.core.paths import is_file
from bastelbogen.core.sandbox import BoundedSandbox, render_bounded
from bastelbogen.core.source import YList, YMap, check_controls, read_text
from bastelbogen.core.templating import expand, printable, problem


def load_template(rules: Rules, templates: list[Path]) -> jinja2.Template:
    """The rules' cheat-sheet template, a missing or broken one told where."""
    env = environment(ContainedLoader(templates))
    try:
        return env.get_template(rules.template)
    except jinja2.TemplateNotFound as exc:
        raise ContentError(
            Problem(
                rules.data.value_loc("template"), f"cheat-sheet template not found: {exc.message}"
            )
        ) from None
    except Exception as exc:  # noqa: BLE001 - a broken template is the author's to fix
        _template_failed(exc, rules.template, templates)


def blocks_of(
    template: jinja2.Template,
    game: Game,
    theme: str | None,
    lang: str,
    templates: list[Path],
    kinds: Collection[str],
    pages: Mapping[tuple[str, int], tuple[int, str]] | None = None,
) -> list[tuple[str, str]]:
    """One language's blocks, (kind, text) of the given kinds, in the template's order.
    `pages`: the rulebook page each section or look-up panel summarises, by its list and
    index, given to the template as its `page` and `mark` (the page as printed)."""
    rules = game.rules
    assert rules is not None  # only a game with rules has a cheat sheet
    data = rules.data
    if lang not in data:
        raise ContentError(Problem(data.loc, f"the rules have no language '{lang}'"))
    try:
        with deadline():
            markup = render_bounded(
                template,
                {
                    "rules": _paged(_termed(data[lang], _terms(game, theme, lang)), pages),
                    "lang": lang,
                    "game": {
                        "title": game.title.get(lang),
                        "author": game.author,
                        "players": {"min": game.players.min, "max": game.players.max},
                    },
                },
            )
    except Exception as exc:  # noqa: BLE001 - whatever the template raised is its own (`problem`)
        _template_failed(exc, rules.template, templates, lang)
    return blocks(markup, kinds)


def _paged(rules: object, pages: Mapping[tuple[str, int], tuple[int, str]] | None) -> object:
    """The rules part with each section's and panel's rulebook page (`page`, `mark`)."""
    for (name, n), (page, mark) in (pages or {}).items():
        part = rules.get(name) if isinstance(rules, dict) else None
        if isinstance(part, list) and n < len(part) and isinstance(part[n], dict):
            part[n] = {**part[n], "page": page, "mark": mark}
    return rules


def _terms(game: Game, theme: str | None, lang: str) -> dict[str, object]:
    """The words the chosen theme gives the rules (a town's 'Gebäude' is an animal's
    'Tier'): `{{ terms.building }}` in rules.yaml."""
    chosen = game.themes.get(theme or "")
    terms = chosen.terms.get(lang) if chosen is not None and chosen.terms is not None else None
    return {"terms": dict(terms) if isinstance(terms, dict) else {}}


def _termed(node: object, context: dict[str, object]) -> object:
    """The rules part with each text's `{{ terms.x }}` filled in (sandboxed, located)."""
    if isinstance(node, YMap):
        return {k: _termed_at(v, context, node.value_loc(k)) for k, v in node.items()}
    return node


def _termed_at(value: object, context: dict[str, object], loc: Loc) -> object:
    if isinstance(value, str):
        return expand(value, context, loc) if "{{" in value else value
    if isinstance(value, YList):
        return [_termed_at(v, context, value.item_loc(i)) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return _termed(value, context)
    return value


def _template_failed(exc: Exception, name: str, templates: list[Path], lang: str = "") -> NoReturn:
    """Report a broken or runaway cheat-sheet template at its own file and line."""
    if isinstance(exc, ContentError):  # told already, at its own place (an included file)
        raise exc
    message = problem(exc)
    file, line = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:  # jinja2 rewrites its frames to the template's lines
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            file, line = tb.tb_frame.f_code.co_filename, tb.tb_lineno
        tb = tb.tb_next
    where = Loc(file or str(templates[0] / name), line or 1, 1)
    what = f" ({lang})" if lang else ""
    raise ContentError(Problem(where, f"cheat-sheet template{what}: {message}")) from None


def blocks(markup: str, kinds: Collection[str]) -> list[tuple[str, str]]:
    blocks: list[tuple[str, str]] = []
    for line in markup.splitlines():
        line = line.strip()
        if not line.startswith("@"):
            continue
        kind, _, text = line[1:].partition(" ")
        if kind in kinds:
            blocks.append((kind, text.strip()))
    return blocks


class ContainedLoader(jinja2.BaseLoader):
    """Templates from the given folders only: a name or a symlink that leads outside them
    (`{% include '../../x' %}`, a link to /etc) is refused, not followed. Files are read as
    content is: bounded in size, bad bytes and control characters named with their place."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = [Path(f) for f in folders]

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses '..' in names
        for folder in self.folders:
            candidate = folder.joinpath(*pieces)
            if not os.path.lexists(candidate):
                continue
            path = contained(folder, "/".join(pieces))
            if path is None:
                raise jinja2.exceptions.TemplateNotFound(
                    f"{template} (it leads outside the templates folder {folder})"
                )
            if not is_file(path):
                continue
            source = read_text(path, what="template")
            check_controls(source, str(path))
            return source, str(path), lambda: True
        raise jinja2.exceptions.TemplateNotFound(template)


class _Compiled(jinja2.BytecodeCache):
    """The templates compiled in this process, by their name and the hash of their source
    (jinja2 checks it): a cheat sheet per language compiles its template once, and a
    template edited under the preview is compiled again. Held in memory only, never in a
    file: compiled code read back would run as it is."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, bytes]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self._code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.bytecode_from_string(found[1])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = (bucket.checksum, bucket.bytecode_to_string())


_COMPILED = _Compiled()  # every rules environment is configured alike (`environment`)


def environment(loader: jinja2.BaseLoader) -> BoundedSandbox:
    """A bounded sandbox for whole-file templates (cheat sheets)."""
    return BoundedSandbox(
        loader=loader,
        bytecode_cache=_COMPILED,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=printable,
    )
