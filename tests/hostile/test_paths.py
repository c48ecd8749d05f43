"""Nothing leaves its folder: ids that become file names are slugs, games on the command
line are names, and every file content names – tables, rules, themes, fonts, layouts,
pictures, SVG references, <img> in markup, the cheat-sheet template – resolves inside the
game's folder or the shipped templates and fonts. Nothing is fetched from the network."""

from __future__ import annotations

import pytest

from tests.hostile.harness import (
    OUTSIDE,
    UP_FROM_GAME,
    UP_FROM_TEMPLATES,
    Case,
    Copy,
    Delete,
    Link,
    Mkdir,
    Replace,
    Write,
    data_uri_png,
    png,
    run_case,
    svg,
)

MU, MS, MT, MP = "muenchhausen", "museo", "mytown", "minipilo"
GAME = {g: f"content/{g}/game.yaml" for g in (MU, MS, MT, MP)}
SLUG = r"(slug|may (only )?hold|lower-case|letters|characters)"
USAGE = r"^Error: .*"
LEAVES = r"(leave|leads|outside|not allowed|refus|only)"
# Where a reference to a picture is refused: never fetched, never read from outside.
REFUSED = r"(leave|outside|not allowed|never|only|refus|fetch|external|import)"


def slug(cid: str, game: str, old: str, new: str, at: str, *more, args=None) -> Case:
    return Case(cid, game, (Replace(GAME[game], old, new, at=at), *more),
                args=args, pattern=rf"^{{line}}: .*{SLUG}")


def pattern_slug(cid: str, game: str, old: str, new: str, at: str) -> Case:
    """An `item-id` pattern that makes bad ids: named at the items it makes them for."""
    return Case(cid, game, (Replace(GAME[game], old, new, at=at),),
                pattern=rf"^content/{game}/game\.yaml:\d+:\d+: .*{SLUG}")


def usage(cid: str, game: str, *args: str, edits=()) -> Case:
    return Case(cid, game, tuple(edits), args=args, expect_code=2, pattern=USAGE)


def picture_row(cid: str, name: str, data, pattern: str = REFUSED, code: int = 1,
                limit: float = 10.0) -> Case:
    """Museo's own picture: a row of pictures.yaml names content/museo/<name>; the
    problem is named at that row."""
    return Case(cid, MS, (
        Replace("content/museo/pictures.yaml", "{id: p05, style: concentric, seed: 35,",
                f"{{id: p05, image: {name},", at=name),
        Write(f"content/museo/{name}", data)),
        expect_code=code, pattern=rf"^{{line}}: .*{pattern}", limit=limit)


def theme_image(cid: str, name: str, data, pattern: str = REFUSED, code: int = 1) -> Case:
    """A My Town theme names its own picture for tile type A."""
    return Case(cid, MT, (
        Replace("content/mytown/themes/town.yaml", 'A: {motif: tree, colour: "#3f8f3a"}',
                f"A: {{image: {name}}}", at=name),
        Write(f"content/mytown/{name}", data)),
        expect_code=code, pattern=rf"^{{line}}: .*{pattern}")


def image_box(cid: str, game: str, layout: str, name: str, data=None,
              pattern: str = REFUSED) -> Case:
    """An image box added to a layout, its file named relative to the game's folder."""
    edits = [Replace(f"templates/{game}/{layout}.yaml", "boxes:\n",
                     f"boxes:\n  - {{name: photo, painter: image, box: [5, 5, 10, 10],"
                     f" file: \"{name}\"}}\n", at="file:")]
    if data is not None:
        edits.append(Write(f"content/{game}/{name}", data))
    return Case(cid, game, tuple(edits), pattern=rf"^{{line}}: .*{pattern}")


def markup(cid: str, game: str, path: str, old: str, new: str, where: str) -> Case:
    """<img> in a text's markup; named at the text or at the layout that prints it."""
    return Case(cid, game, (Replace(path, old, new),),
                pattern=rf"^({where}):\d+:\d+: .*(img|picture|image)")


CASES = [
    # --- ids that become file names ---------------------------------------------------------
    # A component id is the name of its PDF and cut files: this one would write outside.
    slug("muenchhausen-component-id-writes-outside", MU,
         "  - id: baron\n", "  - id: ../../../outside/evil\n", "../../../outside/evil",
         args=("build", MU, "--svg")),
    slug("museo-component-id-slash", MS, "  - id: die\n", "  - id: a/b\n", "a/b"),
    slug("mytown-component-id-upper", MT, "  - id: score-pad\n", "  - id: Score\n", "Score"),
    slug("minipilo-component-id-hidden", MP, "  - id: die\n", "  - id: .hidden\n", ".hidden"),
    slug("museo-component-id-200-chars", MS,
         "  - id: reference\n", "  - id: " + "r" * 200 + "\n", "r" * 200),
    slug("minipilo-component-id-empty", MP, "  - id: board\n", '  - id: ""\n', '""'),
    slug("muenchhausen-component-id-space", MU,
         "  - id: score-sheet\n", '  - id: "score sheet"\n', '"score sheet"'),
    # Item ids (they name pages in the manifest and may name files).
    slug("muenchhausen-item-id-dotdot", MU,
         "      - id: baron\n", "      - id: ../../x\n", "../../x"),
    slug("museo-item-id-absolute", MS, "      - {id: pawn-1,", "      - {id: /etc/x,", "/etc/x"),
    slug("mytown-item-id-space", MT,
         "      - id: bench\n", '      - id: "my bench"\n', '"my bench"'),
    slug("minipilo-item-id-empty", MP, "      - {id: die}", '      - {id: ""}', '""'),
    slug("minipilo-item-id-hidden", MP, "      - {id: owl,", "      - {id: .owl,", ".owl"),
    # `item-id` patterns and `each` values that make non-slug ids.
    pattern_slug("museo-item-id-pattern-dotdot", MS,
                 'item-id: "{{ picture }}-{{ piece }}"',
                 'item-id: "../{{ picture }}-{{ piece }}"', "../"),
    pattern_slug("mytown-item-id-pattern-slash", MT,
                 'item-id: "{{ type }}{% if', 'item-id: "{{ type }}/{% if', "{{ type }}/"),
    pattern_slug("muenchhausen-item-id-pattern-dot", MU,
                 'item-id: "{{ set }}-{{ value }}"', 'item-id: ".{{ set }}-{{ value }}"', "."),
    pattern_slug("minipilo-item-id-pattern-space", MP,
                 'item-id: "{{ symbol }}"', 'item-id: "{{ symbol }} {{ deck }}"', "{{ symbol }} "),
    Case("museo-each-value-path", MS, (
        Replace(GAME[MS], "each: {event: [e01, e02,", 'each: {event: ["../e01", e02,',
                at='"../e01"'),), pattern=rf"^{{line}}: .*{SLUG}"),
    Case("minipilo-each-value-space", MP, (
        Replace(GAME[MP], "each: {problem: [a01, a02,", 'each: {problem: ["a 01", a02,',
                at='"a 01"'),), pattern=rf"^{{line}}: .*{SLUG}"),
    Case("mytown-each-value-path", MT, (
        Replace(GAME[MT], "{type: E, parts: 2, each: {part: [1, 2]}",
                '{type: E, parts: 2, each: {part: ["/1", 2]}', at="{type: E"),),
        pattern=rf"^{{line}}: .*{SLUG}"),

    # --- games named on the command line are names, never paths -----------------------------
    usage("name-dotdot", MU, "build", "../x"),
    usage("name-absolute", MS, "build", "/etc"),
    usage("name-content-path", MT, "build", "content/mytown"),
    usage("name-upper", MP, "build", "MINIPILO"),
    usage("name-glob", MS, "validate", "mus*"),
    usage("name-dot-slash", MP, "build", "./minipilo"),
    # A game beside the project, reached by a path: it would be read from outside and its
    # kit written over the outside folder itself.
    usage("name-path-to-outside-game", MU, "build", "../../outside/evil", edits=(
        Copy("content/muenchhausen", "../outside/evil"),
        Replace("../outside/evil/game.yaml", "game: muenchhausen", "game: evil"))),
    usage("root-missing", MS, "--root", "nowhere", "build", MS),
    usage("root-without-content", MT, "--root", "empty", "build", MT, edits=(Mkdir("empty"),)),
    usage("root-outside-without-content", MU, "--root", "../outside", "validate", MU),

    # --- files the game file names ----------------------------------------------------------
    Case("muenchhausen-table-absolute", MU, (
        Replace(GAME[MU], "sets: sets.yaml", "sets: /etc/passwd", at="/etc/passwd"),),
        pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("museo-table-dotdot", MS, (
        Replace(GAME[MS], "events: events.yaml", f"events: {UP_FROM_GAME}/x.yaml",
                at=UP_FROM_GAME),), pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("minipilo-rules-absolute", MP, (
        Replace(GAME[MP], "rules: rules.yaml", f"rules: {OUTSIDE}/secret.txt", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("mytown-theme-dotdot", MT, (
        Replace(GAME[MT], "town: themes/town.yaml", f"town: {UP_FROM_GAME}/x.yaml",
                at=UP_FROM_GAME),), pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("mytown-theme-symlink-out", MT, (
        Copy("content/mytown/themes/town.yaml", "../outside/town.yaml"),
        Link("content/mytown/themes/town.yaml", f"{OUTSIDE}/town.yaml")),
        pattern=rf"^content/mytown/game\.yaml:\d+:\d+: .*{LEAVES}"),
    Case("museo-table-symlink-out", MS, (
        Copy("content/museo/pictures.yaml", "../outside/pictures.yaml"),
        Link("content/museo/pictures.yaml", f"{OUTSIDE}/pictures.yaml")),
        pattern=rf"^content/museo/game\.yaml:\d+:\d+: .*{LEAVES}"),
    Case("muenchhausen-rules-symlink-out", MU, (
        Copy("content/muenchhausen/rules.yaml", "../outside/rules.yaml"),
        Link("content/muenchhausen/rules.yaml", f"{OUTSIDE}/rules.yaml")),
        pattern=rf"^content/muenchhausen/game\.yaml:\d+:\d+: .*{LEAVES}"),
    Case("minipilo-font-dotdot", MP, (
        Replace(GAME[MP], "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  bold: {UP_FROM_GAME}/VeraBd.ttf\n",
                at=UP_FROM_GAME),), pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("museo-font-absolute", MS, (
        Replace(GAME[MS], "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  regular: {OUTSIDE}/VeraBd.ttf\n", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("mytown-font-symlink-out", MT, (
        Replace(GAME[MT], "rules: rules.yaml\n", "rules: rules.yaml\nfonts:\n  bold: Own.ttf\n",
                at="Own.ttf"),
        Link("content/mytown/Own.ttf", f"{OUTSIDE}/VeraBd.ttf")),
        pattern=rf"^{{at}}: .*({LEAVES}|not found)"),
    Case("muenchhausen-font-via-shared-fonts-dotdot", MU, (
        Replace(GAME[MU], "rules: rules.yaml\n",
                f"rules: rules.yaml\nfonts:\n  italic: {UP_FROM_TEMPLATES}/VeraBd.ttf\n",
                at=UP_FROM_TEMPLATES),), pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("museo-face-dotdot", MS, (
        Replace(GAME[MS], "face: museo/die", f"face: museo/../{UP_FROM_TEMPLATES}/layout",
                at="museo/.."),), pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("minipilo-face-absolute", MP, (
        Replace(GAME[MP], "face: minipilo/runner", f"face: {OUTSIDE}/layout", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("muenchhausen-face-symlink-out", MU, (
        Copy("templates/muenchhausen/aid.yaml", "../outside/aid.yaml"),
        Link("templates/muenchhausen/aid.yaml", f"{OUTSIDE}/aid.yaml")),
        pattern=r"^(content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml)"
                rf":\d+:\d+: .*{LEAVES}"),
    Case("mytown-extends-dotdot", MT, (
        Replace("templates/mytown/back.yaml", "boxes:\n",
                f"extends: {UP_FROM_TEMPLATES}/layout\nboxes:\n", at=UP_FROM_TEMPLATES),),
        pattern=rf"^{{at}}: .*{LEAVES}"),
    Case("minipilo-back-symlink-dir-out", MP, (
        Copy("templates/minipilo", "../outside/tpl"),
        Delete("templates/minipilo"),
        Link("templates/minipilo", f"{OUTSIDE}/tpl")),
        pattern=rf"^content/minipilo/game\.yaml:\d+:\d+: .*{LEAVES}"),

    # --- pictures -----------------------------------------------------------------------------
    image_box("muenchhausen-image-dotdot", MU, "back", f"{UP_FROM_GAME}/x.png"),
    image_box("minipilo-image-absolute", MP, "back", "/etc/hostname"),
    Case("museo-image-symlink-out", MS, (
        Replace("templates/museo/reference-back.yaml", "boxes:\n",
                "boxes:\n  - {name: photo, painter: image, box: [5, 5, 10, 10], file: pic.png}\n",
                at="file:"),
        Link("content/museo/pic.png", f"{OUTSIDE}/x.png")), pattern=rf"^{{line}}: .*{REFUSED}"),
    Case("museo-row-image-dotdot", MS, (
        Replace("content/museo/pictures.yaml", "{id: p05, style: concentric, seed: 35,",
                f"{{id: p05, image: {UP_FROM_GAME}/x.png,", at=UP_FROM_GAME),),
        pattern=rf"^{{at}}: .*{REFUSED}"),
    Case("museo-row-image-absolute", MS, (
        Replace("content/museo/pictures.yaml", "{id: p07, style: stripes, seed: 49,",
                f"{{id: p07, image: {OUTSIDE}/x.png,", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{REFUSED}"),
    Case("museo-row-image-symlink-out", MS, (
        Replace("content/museo/pictures.yaml", "{id: p09, style: blobs, seed: 63,",
                "{id: p09, image: pictures/x.png,", at="pictures/x.png"),
        Mkdir("content/museo/pictures"),
        Link("content/museo/pictures/x.png", f"{OUTSIDE}/x.png")),
        pattern=rf"^{{at}}: .*{REFUSED}"),
    Case("mytown-theme-image-dotdot", MT, (
        Replace("content/mytown/themes/town.yaml", 'A: {motif: tree, colour: "#3f8f3a"}',
                f"A: {{image: {UP_FROM_GAME}/x.png}}", at=UP_FROM_GAME),),
        pattern=rf"^{{at}}: .*{REFUSED}"),
    Case("mytown-theme-image-absolute", MT, (
        Replace("content/mytown/themes/animals.yaml", 'A: {motif: mouse, colour: "#9a948a"}',
                f"A: {{image: {OUTSIDE}/x.png}}", at=OUTSIDE),),
        pattern=rf"^{{at}}: .*{REFUSED}"),

    # --- SVG pictures and what they refer to ----------------------------------------------
    picture_row("museo-svg-image-file-url", "pictures/evil.svg",
                svg('<image href="file:///etc/passwd" width="60" height="90"/>')),
    picture_row("museo-svg-xxe", "pictures/xxe.svg", svg(
        "<text>&x;</text>",
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n')),
    picture_row("museo-svg-data-uri-builds", "pictures/embedded.svg",
                lambda: svg(f'<image href="{data_uri_png()}" width="60" height="90"/>'), code=0),
    theme_image("mytown-svg-xlink-outside", "pictures/evil.svg",
                svg('<image xlink:href="../../../../outside/x.png" width="60" height="90"/>')),
    theme_image("mytown-svg-http", "pictures/net.svg",
                svg('<image href="http://example.com/x.png" width="60" height="90"/>')),
    theme_image("mytown-svg-data-uri-builds", "pictures/embedded.svg",
                lambda: svg(f'<image xlink:href="{data_uri_png()}" width="60" height="90"/>'),
                code=0),
    image_box("minipilo-svg-use-other-file", MP, "back", "use.svg",
              svg('<use href="other.svg#a"/>')),
    image_box("minipilo-svg-css-url", MP, "card", "css.svg",
              svg('<rect width="60" height="90" style="fill:url(http://x/y)"/>')),
    image_box("muenchhausen-svg-style-import", MU, "back", "import.svg",
              svg('<style>@import url(x.css);</style><rect width="60" height="90"/>')),
    image_box("muenchhausen-svg-xlink-absolute", MU, "aid-back", "abs.svg",
              svg(f'<image xlink:href="{OUTSIDE}/x.png" width="60" height="90"/>')),

    # --- <img> in paragraph markup ------------------------------------------------------------
    markup("muenchhausen-aid-img-etc-passwd", MU, GAME[MU], '"<b>Bieten:</b> in beliebiger',
           "\"<img src='/etc/passwd'/> <b>Bieten:</b> in beliebiger",
           r"content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml"),
    markup("minipilo-problem-img-http", MP, "content/minipilo/problems.yaml",
           'text: {de: "Ich habe mich mit', "text: {de: \"<img src='http://x/y.png'/> Ich habe"
           " mich mit", r"content/minipilo/problems\.yaml|templates/minipilo/action\.yaml"),
    markup("museo-event-img-outside", MS, "content/museo/events.yaml",
           "text: {de: Würfle sofort noch einmal.,",
           f"text: {{de: \"<img src='{UP_FROM_GAME}/x.png'/> Würfle\",",
           r"content/museo/events\.yaml|templates/museo/event\.yaml"),
    markup("muenchhausen-rules-img-etc-passwd", MU, "content/muenchhausen/rules.yaml",
           "      text: Möglichst viele Karten", "      text: <img src='/etc/passwd'/> Möglichst"
           " viele Karten", r"content/muenchhausen/rules\.yaml"),
    markup("museo-rules-img-http", MS, "content/museo/rules.yaml",
           "      text: Bilder aus je sechs", "      text: <img src='http://x/y.png'/> Bilder aus"
           " je sechs", r"content/museo/rules\.yaml"),
    markup("mytown-rules-img-outside", MT, "content/mytown/rules.yaml",
           "      text: Die eigene Reihe", f"      text: <img src='{UP_FROM_GAME}/x.png'/> Die"
           " eigene Reihe", r"content/mytown/rules\.yaml"),
    markup("minipilo-rules-img-absolute", MP, "content/minipilo/rules.yaml",
           "      text: Die oder der Jüngste", f"      text: <img src=\"{OUTSIDE}/x.png\"/> Die"
           " oder der Jüngste", r"content/minipilo/rules\.yaml"),

    # --- the cheat-sheet template -------------------------------------------------------------
    Case("mytown-cheatsheet-symlink-out", MT, (
        Link("templates/cheatsheet.j2", f"{OUTSIDE}/x.j2"),),
        pattern=rf"^(content/mytown/rules\.yaml|templates/cheatsheet\.j2):\d+:\d+: .*{LEAVES}"),
    Case("muenchhausen-rules-template-dotdot", MU, (
        Replace("content/muenchhausen/rules.yaml", 'colour: "#1f2a44"\n',
                f'colour: "#1f2a44"\ntemplate: {UP_FROM_TEMPLATES}/x.j2\n',
                at=UP_FROM_TEMPLATES),), pattern=rf"^{{at}}: .*{LEAVES}|^{{at}}: .*not found"),
    Case("museo-cheatsheet-include-etc-passwd", MS, (
        Replace("templates/cheatsheet.j2", "@title {{ rules.title }}",
                "@title {{ rules.title }}{% include '/etc/passwd' %}"),),
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(passwd|not found|outside)"),
    Case("minipilo-cheatsheet-include-symlink-out", MP, (
        Link("templates/part.j2", f"{OUTSIDE}/x.j2"),
        Replace("templates/cheatsheet.j2", "@title {{ rules.title }}",
                "@title {{ rules.title }}{% include 'part.j2' %}")),
        pattern=rf"^templates/cheatsheet\.j2:\d+:\d+: .*{LEAVES}"),
    Case("mytown-cheatsheet-import-dotdot", MT, (
        Replace("templates/cheatsheet.j2", "@title {{ rules.title }}",
                "{% import '../../outside/x.j2' as x %}@title {{ rules.title }}"),),
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(not found|outside|x\.j2)"),

    # --- validate writes nothing in the project -----------------------------------------------
    Case("museo-validate-writes-nothing", MS, args=("validate", MS), expect_code=0,
         prebuilt=False),
    Case("mytown-validate-leaves-out-alone", MT, args=("validate", MT), expect_code=0),
    Case("minipilo-validate-broken-writes-nothing", MP, (
        Replace("templates/minipilo/card.yaml", "size: 13, min-size: 7", "size: 60, min-size: 50",
                at="size: 60"),), args=("validate", MP),
        pattern=r"^templates/minipilo/card\.yaml:\d+:\d+: .*fit",
        prebuilt=False),
    Case("muenchhausen-own-png-builds", MU, (
        Write("content/muenchhausen/ok.png", png()),
        Replace("templates/muenchhausen/baron.yaml", "boxes:\n",
                "boxes:\n  - {name: photo, painter: image, box: [5, 5, 10, 10], file: ok.png}\n")),
        expect_code=0),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nothing_leaves_its_folder(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
