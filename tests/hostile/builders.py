"""What the hostile case lists share: the four games and their game files, the usual
messages, and the builders of cases that more than one class of attack uses – a usage
error, one replacement in a file, and a picture of a game's own (a row of Museo's
pictures, a My Town theme, an image box in a layout)."""

from __future__ import annotations

from bastelbogen.content.project import FONTS, TEMPLATES
from tests.hostile.edits import Mkdir, Replace, Write
from tests.hostile.harness import Case
from tests.hostile.projects import REPO

MU, MS, MT, MP = "muenchhausen", "museo", "mytown", "minipilo"
GAME = {g: f"content/{g}/game.yaml" for g in (MU, MS, MT, MP)}
SHEET = "templates/cheatsheet.j2"
USAGE = r"^Error: .*"
LEAVES = r"(leave|leads|outside|not allowed|refus|only)"
ANY = r"^{line}: "  # the place of the edit, any message
PICTURE_BOX = r"^{line}: .*(image|picture|folder)"  # a picture an image box names, at the box
FOLDER = "<dir>"  # a picture's data that makes a folder where its file should be


def shipped(path: str) -> str:
    """The text of a file of the project as it ships (templates/ and fonts/ are the
    package's own, which a project copy holds as its own)."""
    top, _, rest = path.partition("/")
    base = {"templates": TEMPLATES, "fonts": FONTS}.get(top)
    return (base / rest if base else REPO / path).read_text()


def usage(cid: str, game: str, *args: str, edits=()) -> Case:
    return Case(cid, game, tuple(edits), args=args, expect_code=2, pattern=USAGE)


def edit(
    cid: str,
    game: str,
    path: str,
    old: str,
    new: str,
    pattern: str = ANY,
    at: str | None = None,
    **kw,
) -> Case:
    return Case(cid, game, (Replace(path, old, new, at=at),), pattern=pattern, **kw)


def picture_row(cid: str, name: str, data, pattern: str, code=1) -> Case:
    """Museo's own picture: a row of pictures.yaml names content/museo/<name>."""
    return Case(
        cid,
        MS,
        (
            Replace(
                "content/museo/pictures.yaml",
                "{id: p05, style: concentric, seed: 130,",
                f"{{id: p05, image: {name},",
                at=name,
            ),
            Write(f"content/museo/{name}", data),
        ),
        expect_code=code,
        pattern=pattern,
    )


def theme_image(cid: str, name: str, data, pattern: str, code=1) -> Case:
    """A My Town theme names its own picture for tile type A."""
    return Case(
        cid,
        MT,
        (
            Replace(
                "content/mytown/themes/town.yaml",
                'A: {motif: tree, colour: "#3f8f3a"}',
                f"A: {{image: {name}}}",
                at=name,
            ),
            Write(f"content/mytown/{name}", data),
        ),
        expect_code=code,
        pattern=pattern,
    )


def image_box(
    cid: str, game: str, layout: str, name: str, data, pattern: str, code=1, quote: bool = False
) -> Case:
    """An image box added to a layout, its file named (in quotes, if `quote`) relative to
    the game's folder and written there from `data`: no file if None, a folder if FOLDER."""
    file = f'"{name}"' if quote else name
    edits = [
        Replace(
            f"templates/{game}/{layout}.yaml",
            "boxes:\n",
            f"boxes:\n  - {{name: photo, painter: image, box: [5, 5, 10, 10], file: {file}}}\n",
            at="file:",
        )
    ]
    if isinstance(data, str) and data == FOLDER:
        edits.append(Mkdir(f"content/{game}/{name}"))
    elif data is not None:
        edits.append(Write(f"content/{game}/{name}", data))
    return Case(cid, game, tuple(edits), expect_code=code, pattern=pattern)
