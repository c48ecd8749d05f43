"""The motifs a designer chooses from: each documented in the README with its picture and
its keys, written from the registry (so the README cannot drift from it), each honouring
the colour it takes, and a box giving a motif a key it does not take told at the key."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from bastelbogen.checks import CHECKS
from bastelbogen.checks.values import table as checks_table
from bastelbogen.content.painters import MOTIFS
from bastelbogen.core.errors import ContentError, Loc
from bastelbogen.core.params import type_of
from bastelbogen.layout.layouts import Box
from bastelbogen.pipeline import plugins
from bastelbogen.render.paint import PaintContext, draw_face
from bastelbogen.render.style import Fonts
from docs import motifs as docs_motifs
from docs.tables import written
from tests.conftest import ROOT, pnp, validate_fails

plugins.load()
TAKES_COLOUR = sorted(n for n, m in MOTIFS.items() if m.keys is not None and "colour" in m.keys)


def test_the_readme_motif_section_is_what_the_registry_writes_now():
    assert written("motifs") == docs_motifs.table()


def test_every_registered_motif_has_its_row_and_its_picture():
    """A row per motif, in the group of the game that registers it, naming each of its keys
    with a type; a picture per motif (and none for a motif gone), small."""
    section = written("motifs")
    rows = {
        m.group(1): m.group(0)
        for m in re.finditer(r"^\| !\[[^]]*\]\([^)]*\) \| `([^`]+)` \|.*$", section, re.M)
    }
    assert set(rows) == set(MOTIFS)
    for name, m in MOTIFS.items():
        assert f"({docs_motifs.picture_path(name)})" in rows[name]
        for key, spec in (m.keys or {}).items():
            assert type_of(spec), f"{name}: key '{key}' has no type to show"
            assert f"`{key}` {type_of(spec)}" in rows[name]
            if spec.default not in (None, ()):
                assert f"default `{spec.default}`" in rows[name] or isinstance(spec.default, tuple)
    assert {p.stem for p in docs_motifs.PICTURES.glob("*.png")} == set(MOTIFS)
    for path in docs_motifs.PICTURES.glob("*.png"):
        assert path.stat().st_size < 8000, path.name
        assert Image.open(path).size == docs_motifs.THUMB


def test_the_games_motifs_are_grouped_by_game():
    section = written("motifs")
    for game in ("museo", "minipilo", "mytown", "muenchhausen"):
        heading = section.index(f"**Motifs of `{game}`")
        own = [n for n, m in MOTIFS.items() if docs_motifs.game_of(m) == game]
        assert own, game
        for name in own:
            assert section.index(f"| `{name}` |") > heading
    assert docs_motifs.game_of(MOTIFS["waves"]) == "museo"
    assert docs_motifs.game_of(MOTIFS["cat"]) == docs_motifs.GENERAL


@pytest.mark.parametrize("name", sorted(MOTIFS))
def test_a_motifs_picture_is_what_the_motif_draws_now(name):
    """The picture in docs/ is the motif drawn by itself today, pixel for pixel."""
    stored = Image.open(docs_motifs.PICTURES / f"{name}.png").convert("RGB")
    drawn = docs_motifs.thumbnail(MOTIFS[name]).convert("RGB")
    assert stored.tobytes() == drawn.tobytes()


def _share(image: Image.Image, hue: str) -> float:
    """The share of pixels plainly red (or blue): that channel 80 above both others."""
    k = {"red": 0, "blue": 2}[hue]
    data = image.convert("RGB").tobytes()
    pixels = [data[i : i + 3] for i in range(0, len(data), 3)]
    plain = sum(1 for p in pixels if all(p[k] - p[j] > 80 for j in range(3) if j != k))
    return plain / len(pixels)


@pytest.mark.parametrize("name", TAKES_COLOUR)
def test_a_motif_that_takes_a_colour_draws_in_it(name):
    """Red paints red pixels, blue paints blue ones; and the red picture has (next to) no
    blue of the blue one's: the colour given is the colour seen."""
    m = MOTIFS[name]
    red = docs_motifs.draw(m, (40, 30), {"colour": "#ff0000"})
    blue = docs_motifs.draw(m, (40, 30), {"colour": "#0000ff"})
    assert _share(red, "red") > 0.01, f"{name} with colour red has no red pixels"
    assert _share(blue, "blue") > 0.01, f"{name} with colour blue has no blue pixels"
    assert _share(blue, "red") < _share(red, "red") / 2


def test_a_painting_given_a_colour_builds_its_palette_from_it():
    """Without a colour a painting takes its seed's palette; with one, that colour rules."""
    for name in ("waves", "hills", "stripes"):
        bare = docs_motifs.draw(MOTIFS[name], (40, 30), {"seed": 14})
        red = docs_motifs.draw(MOTIFS[name], (40, 30), {"seed": 14, "colour": "#d00000"})
        assert _share(red, "red") > 0.05 > _share(bare, "red")  # meadow greens
        assert red.tobytes() != bare.tobytes()


def _probe(project, box: str) -> str:
    face = project / "templates" / "muenchhausen" / "number.yaml"
    face.write_text(face.read_text() + f"  - {{name: probe, {box}}}\n")
    return pnp("validate", "muenchhausen", cwd=project)


def test_a_key_its_motif_does_not_take_is_told_at_the_key(project_copy):
    result = _probe(
        project_copy, "painter: art, box: [20, 30, 10, 10], motif: die-net, colour: red"
    )
    assert result.returncode == 1
    assert re.search(
        r"templates/muenchhausen/number\.yaml:\d+:\d+: motif 'die-net' has no parameter"
        r" 'colour' \(box 'probe'\); it takes none",
        result.stderr,
    ), result.stderr
    assert "Traceback" not in result.stderr


def test_a_box_gives_its_motif_any_key_the_motif_takes(project_copy):
    """A cat's `ground`, a building's `roof`: written in the box like its colour."""
    result = _probe(
        project_copy, 'painter: art, box: [20, 30, 10, 10], motif: cat, ground: "#e8d9a8"'
    )
    assert result.returncode == 0, result.stderr
    wrong = _probe(project_copy, "painter: art, box: [20, 30, 10, 10], motif: building, roof: tent")
    assert wrong.returncode == 1
    assert re.search(
        r"number\.yaml:\d+:\d+: .*'roof' of box 'probe' must be one of gable", wrong.stderr
    )


def test_a_motif_chosen_by_an_expression_is_judged_when_drawn():
    ctx = PaintContext(Fonts({}, Loc("x"), {}), ROOT)
    params = (("colour", "#ff0000"), ("motif", "die-net"))
    box = Box(
        "m", "art", (0, 0, 60, 60), params, Loc("t.yaml", 3), (("colour", Loc("t.yaml", 3, 40)),)
    )
    from reportlab.pdfgen import canvas

    with pytest.raises(
        ContentError, match=r"t\.yaml:3:40: .*motif 'die-net' has no parameter 'colour'"
    ):
        draw_face(canvas.Canvas("/dev/null"), (box,), ctx)


def test_the_readme_lists_every_registered_check():
    """The checks table is written from the registry: every check, none twice."""
    section = written("checks")
    assert section == checks_table()
    names = re.findall(r"^\| `([a-z-]+)` \|", section, re.M)
    assert names == list(CHECKS) and {"counts", "distinguishable"} <= set(names)


def test_pnp_new_help_shows_examples():
    result = pnp("new", "--help", cwd=ROOT)
    assert result.returncode == 0
    assert "Examples:" in result.stdout
    assert re.search(r"^\s+pnp new \S+ --from-table \S+\.xlsx", result.stdout, re.M)
    assert re.search(r"^\s+pnp validate \S+", result.stdout, re.M)


def test_a_picture_handed_to_an_art_box_is_told_how_to_draw_it(project_copy):
    """A theme may give an item a picture (`image:`) where the others have motifs; an art
    box with `with:` cannot draw it, and is told to draw it with an image box."""
    from PIL import Image as PILImage

    theme = project_copy / "content/mytown/themes/animals.yaml"
    theme.write_text(
        theme.read_text().replace('  A: {motif: mouse, colour: "#9a948a"}', "  A: {image: a.png}")
    )
    PILImage.new("RGB", (600, 600), "red").save(project_copy / "content/mytown/a.png")
    validate_fails(  # the art box no longer kept from the picture by its `when:`
        project_copy,
        "mytown",
        (
            "templates/mytown/tile.yaml",
            '    when: "{{ motif.image is not defined }}"\n',
            "",
            r"^templates/mytown/tile\.yaml:\d+:\d+: item 'A' \(front\): what `with` hands this"
            r" box is a picture \(`image: FILE`\).*an `image` box",
        ),
    )
