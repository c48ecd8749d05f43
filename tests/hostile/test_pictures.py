"""Nothing leaves its folder, pictures and templates: every picture content names – in a
table row, a theme, an image box, an SVG's references, an <img> in markup – and every
template the cheat sheet includes resolves inside the game's folder or the shipped templates;
nothing is fetched from the network; and validate writes nothing in the project."""

from __future__ import annotations

import pytest

from tests.hostile.builders import (
    GAME,
    LEAVES,
    MP,
    MS,
    MT,
    MU,
    image_box,
    picture_row,
    theme_image,
)
from tests.hostile.edits import OUTSIDE, Link, Mkdir, Replace, Write, data_uri_png, png, svg
from tests.hostile.harness import Case, run_case
from tests.hostile.projects import UP_FROM_GAME, UP_FROM_TEMPLATES

# Where a reference to a picture is refused: never fetched, never read from outside.
REFUSED = r"(leave|outside|not allowed|never|only|refus|fetch|external|import)"
REFUSED_AT = rf"^{{at}}: .*{REFUSED}"  # ... named at the place of the name
REFUSED_HERE = rf"^{{line}}: .*{REFUSED}"  # ... named at the line of the edit


def refused_box(cid: str, game: str, layout: str, name: str, data=None) -> Case:
    """An image box added to a layout, naming (in quotes) a file that must not be read."""
    return image_box(cid, game, layout, name, data, REFUSED_HERE, quote=True)


def markup(cid: str, game: str, path: str, old: str, new: str, where: str) -> Case:
    """<img> in a text's markup; named at the text or at the layout that prints it."""
    return Case(
        cid, game, (Replace(path, old, new),), pattern=rf"^({where}):\d+:\d+: .*(img|picture|image)"
    )


CASES = [
    # --- pictures -----------------------------------------------------------------------------
    refused_box("muenchhausen-image-dotdot", MU, "back", f"{UP_FROM_GAME}/x.png"),
    refused_box("minipilo-image-absolute", MP, "back", "/etc/hostname"),
    Case(
        "museo-image-symlink-out",
        MS,
        (
            Replace(
                "templates/museo/reference-back.yaml",
                "boxes:\n",
                "boxes:\n  - {name: photo, painter: image, box: [5, 5, 10, 10], file: pic.png}\n",
                at="file:",
            ),
            Link("content/museo/pic.png", f"{OUTSIDE}/x.png"),
        ),
        pattern=REFUSED_HERE,
    ),
    Case(
        "museo-row-image-dotdot",
        MS,
        (
            Replace(
                "content/museo/pictures.yaml",
                "{id: p05, style: concentric, seed: 130,",
                f"{{id: p05, image: {UP_FROM_GAME}/x.png,",
                at=UP_FROM_GAME,
            ),
        ),
        pattern=REFUSED_AT,
    ),
    Case(
        "museo-row-image-absolute",
        MS,
        (
            Replace(
                "content/museo/pictures.yaml",
                "{id: p07, style: stripes, seed: 242,",
                f"{{id: p07, image: {OUTSIDE}/x.png,",
                at=OUTSIDE,
            ),
        ),
        pattern=REFUSED_AT,
    ),
    Case(
        "museo-row-image-symlink-out",
        MS,
        (
            Replace(
                "content/museo/pictures.yaml",
                "{id: p09, style: blobs, seed: 322,",
                "{id: p09, image: pictures/x.png,",
                at="pictures/x.png",
            ),
            Mkdir("content/museo/pictures"),
            Link("content/museo/pictures/x.png", f"{OUTSIDE}/x.png"),
        ),
        pattern=REFUSED_AT,
    ),
    Case(
        "mytown-theme-image-dotdot",
        MT,
        (
            Replace(
                "content/mytown/themes/town.yaml",
                'A: {motif: tree, colour: "#3f8f3a"}',
                f"A: {{image: {UP_FROM_GAME}/x.png}}",
                at=UP_FROM_GAME,
            ),
        ),
        pattern=REFUSED_AT,
    ),
    Case(
        "mytown-theme-image-absolute",
        MT,
        (
            Replace(
                "content/mytown/themes/animals.yaml",
                'A: {motif: mouse, colour: "#9a948a"}',
                f"A: {{image: {OUTSIDE}/x.png}}",
                at=OUTSIDE,
            ),
        ),
        pattern=REFUSED_AT,
    ),
    # --- SVG pictures and what they refer to ----------------------------------------------
    picture_row(
        "museo-svg-image-file-url",
        "pictures/evil.svg",
        svg('<image href="file:///etc/passwd" width="60" height="90"/>'),
        REFUSED_HERE,
    ),
    picture_row(
        "museo-svg-xxe",
        "pictures/xxe.svg",
        svg(
            "<text>&x;</text>",
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n',
        ),
        REFUSED_HERE,
    ),
    picture_row(
        "museo-svg-data-uri-builds",
        "pictures/embedded.svg",
        lambda: svg(f'<image href="{data_uri_png()}" width="60" height="90"/>'),
        REFUSED_HERE,
        code=0,
    ),
    theme_image(
        "mytown-svg-xlink-outside",
        "pictures/evil.svg",
        svg('<image xlink:href="../../../../outside/x.png" width="60" height="90"/>'),
        REFUSED_HERE,
    ),
    theme_image(
        "mytown-svg-http",
        "pictures/net.svg",
        svg('<image href="http://example.com/x.png" width="60" height="90"/>'),
        REFUSED_HERE,
    ),
    theme_image(
        "mytown-svg-data-uri-builds",
        "pictures/embedded.svg",
        lambda: svg(f'<image xlink:href="{data_uri_png()}" width="60" height="90"/>'),
        REFUSED_HERE,
        code=0,
    ),
    refused_box(
        "minipilo-svg-use-other-file", MP, "back", "use.svg", svg('<use href="other.svg#a"/>')
    ),
    refused_box(
        "minipilo-svg-css-url",
        MP,
        "card",
        "css.svg",
        svg('<rect width="60" height="90" style="fill:url(http://x/y)"/>'),
    ),
    refused_box(
        "muenchhausen-svg-style-import",
        MU,
        "back",
        "import.svg",
        svg('<style>@import url(x.css);</style><rect width="60" height="90"/>'),
    ),
    refused_box(
        "muenchhausen-svg-xlink-absolute",
        MU,
        "aid-back",
        "abs.svg",
        svg(f'<image xlink:href="{OUTSIDE}/x.png" width="60" height="90"/>'),
    ),
    # --- <img> in paragraph markup ------------------------------------------------------------
    markup(
        "muenchhausen-aid-img-etc-passwd",
        MU,
        GAME[MU],
        '"<b>Bieten:</b> alle außer',
        "\"<img src='/etc/passwd'/> <b>Bieten:</b> alle außer",
        r"content/muenchhausen/game\.yaml|templates/muenchhausen/aid\.yaml",
    ),
    markup(
        "minipilo-problem-img-http",
        MP,
        "content/minipilo/problems.csv",
        "a01,wissen;humor,Ich habe mich mit",
        "a01,wissen;humor,<img src='http://x/y.png'/> Ich habe mich mit",
        r"content/minipilo/problems\.csv|templates/minipilo/action\.yaml",
    ),
    markup(
        "museo-event-img-outside",
        MS,
        "content/museo/events.yaml",
        "text: {de: Würfle sofort noch einmal und zieh weiter. Du wählst erst auf dem neuen Feld.,",
        f"text: {{de: \"<img src='{UP_FROM_GAME}/x.png'/> Würfle\",",
        r"content/museo/events\.yaml|templates/museo/event\.yaml",
    ),
    markup(
        "muenchhausen-rules-img-etc-passwd",
        MU,
        "content/muenchhausen/rules.yaml",
        "      text: Möglichst viele Karten",
        "      text: <img src='/etc/passwd'/> Möglichst viele Karten",
        r"content/muenchhausen/rules\.yaml",
    ),
    markup(
        "museo-rules-img-http",
        MS,
        "content/museo/rules.yaml",
        "      text: Bilder aus je sechs",
        "      text: <img src='http://x/y.png'/> Bilder aus je sechs",
        r"content/museo/rules\.yaml",
    ),
    markup(
        "mytown-rules-img-outside",
        MT,
        "content/mytown/rules.yaml",
        '      text: "Die eigene Reihe',
        f"      text: \"<img src='{UP_FROM_GAME}/x.png'/> Die eigene Reihe",
        r"content/mytown/rules\.yaml",
    ),
    markup(
        "minipilo-rules-img-absolute",
        MP,
        "content/minipilo/rules.yaml",
        "      text: Die oder der Jüngste",
        f'      text: <img src="{OUTSIDE}/x.png"/> Die oder der Jüngste',
        r"content/minipilo/rules\.yaml",
    ),
    # The look-up band under the columns: a table's cell, a step of the turn's cycle.
    # (Münchhausen's band holds only its round's cycle: the table's cell is MiniPilo's.)
    markup(
        "minipilo-lookup-cell-img-etc-passwd",
        MP,
        "content/minipilo/rules.yaml",
        "        - [je Schritt, 2]",
        "        - [\"je <img src='/etc/passwd'/>\", 2]",
        r"content/minipilo/rules\.yaml",
    ),
    markup(
        "muenchhausen-lookup-cycle-img-outside",
        MU,
        "content/muenchhausen/rules.yaml",
        '      cycle: ["Mitspieler bieten',
        f"      cycle: [\"<img src='{UP_FROM_GAME}/x.png'/> Mitspieler bieten",
        r"content/muenchhausen/rules\.yaml",
    ),
    # --- the cheat-sheet template -------------------------------------------------------------
    Case(
        "mytown-cheatsheet-symlink-out",
        MT,
        (Link("templates/cheatsheet.j2", f"{OUTSIDE}/x.j2"),),
        pattern=rf"^(content/mytown/rules\.yaml|templates/cheatsheet\.j2):\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "muenchhausen-rules-template-dotdot",
        MU,
        (
            Replace(
                "content/muenchhausen/rules.yaml",
                'colour: "#1f2a44"\n',
                f'colour: "#1f2a44"\ntemplate: {UP_FROM_TEMPLATES}/x.j2\n',
                at=UP_FROM_TEMPLATES,
            ),
        ),
        pattern=rf"^{{at}}: .*{LEAVES}|^{{at}}: .*not found",
    ),
    Case(
        "museo-cheatsheet-include-etc-passwd",
        MS,
        (
            Replace(
                "templates/cheatsheet.j2",
                "@title {{ rules.title }}",
                "@title {{ rules.title }}{% include '/etc/passwd' %}",
            ),
        ),
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(passwd|not found|outside)",
    ),
    Case(
        "minipilo-cheatsheet-include-symlink-out",
        MP,
        (
            Link("templates/part.j2", f"{OUTSIDE}/x.j2"),
            Replace(
                "templates/cheatsheet.j2",
                "@title {{ rules.title }}",
                "@title {{ rules.title }}{% include 'part.j2' %}",
            ),
        ),
        pattern=rf"^templates/cheatsheet\.j2:\d+:\d+: .*{LEAVES}",
    ),
    Case(
        "mytown-cheatsheet-import-dotdot",
        MT,
        (
            Replace(
                "templates/cheatsheet.j2",
                "@title {{ rules.title }}",
                "{% import '../../outside/x.j2' as x %}@title {{ rules.title }}",
            ),
        ),
        pattern=r"^templates/cheatsheet\.j2:\d+:\d+: .*(not found|outside|x\.j2)",
    ),
    # --- validate writes nothing in the project -----------------------------------------------
    Case("museo-validate-writes-nothing", MS, args=("validate", MS), expect_code=0, prebuilt=False),
    Case("mytown-validate-leaves-out-alone", MT, args=("validate", MT), expect_code=0),
    Case(
        "minipilo-validate-broken-writes-nothing",
        MP,
        (
            Replace(
                "templates/minipilo/card.yaml",
                "size: 13, min-size: 7",
                "size: 60, min-size: 50",
                at="size: 60",
            ),
        ),
        args=("validate", MP),
        # told at the cell that holds each text, naming the layout's box where it is written
        pattern=r"^content/minipilo/\S+:\d+:\d+: .*does not fit.*"
        r"\(templates/minipilo/card\.yaml:\d+:\d+\)",
        prebuilt=False,
    ),
    Case(
        "muenchhausen-own-png-builds",
        MU,
        (
            Write("content/muenchhausen/ok.png", png()),
            Replace(
                "templates/muenchhausen/baron.yaml",
                "boxes:\n",
                "boxes:\n  - {name: photo, painter: image, box: [5, 5, 10, 10], file: ok.png}\n",
            ),
        ),
        expect_code=0,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nothing_leaves_its_folder(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
