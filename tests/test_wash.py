"""A painting's varnish drawn as opaque colour steps (art/wash.py), and colours with alpha
mixed with the paper: read back as pixels and colours."""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib import colors
from reportlab.pdfgen import canvas

from bastelbogen.core.params import read_colour
from bastelbogen.render.art.recording import Recording
from bastelbogen.render.art.wash import BANDS, Wash, replay


def drawn(recording: Recording, size=(480, 120)) -> np.ndarray:
    """The recording replayed on a page of its own, as PDFium's grey pixels (72 dpi)."""
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=size)
    replay(c, recording.calls, recording.wash)
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return np.asarray(page.render(scale=1).to_pil().convert("L"), dtype=int)


def test_a_dark_wash_deepens_evenly_across_the_picture():
    grey = 0.5
    recording = Recording()
    recording.setFillColor(colors.Color(grey, grey, grey))
    recording.rect(-10, -10, 500, 140, stroke=0, fill=1)
    recording.wash = Wash((0, 0, 480, 120), 0.0, (0.0, 0.0, 0.0), 0.3)  # left to right
    row = drawn(recording)[60]
    veil = 1 - (1 - 0.3 / BANDS * 1.1) ** (BANDS - 1)  # what the old veils stacked up to
    assert abs(row[2] - grey * 255) <= 1.5
    assert abs(row[-3] - grey * (1 - veil) * 255) <= 1.5
    steps = np.diff(row)
    assert (steps <= 0).all() and steps.min() >= -3  # ever darker, never a visible jump
    assert (steps < 0).sum() >= 25  # in many small steps, not a few


def test_shapes_keep_their_place_and_their_colour_under_the_wash():
    """A shape drawn in a turned and shifted space is washed where it lies in the picture."""
    recording = Recording()
    recording.setFillColor(colors.white)
    recording.rect(-10, -10, 500, 140, stroke=0, fill=1)
    recording.saveState()
    recording.translate(240, 60)
    recording.rotate(90)
    recording.setFillColor(colors.Color(0.2, 0.4, 0.8))
    recording.rect(-40, -200, 80, 400, stroke=0, fill=1)  # turned: 400 wide, 80 high
    recording.restoreState()
    recording.wash = Wash((0, 0, 480, 120), 0.0, (1.0, 1.0, 1.0), 0.2)
    grey = drawn(recording)
    band = grey[60, 45:435]
    assert (np.diff(band) >= 0).all() and band[-1] - band[0] >= 10  # lighter to the right
    assert grey[10, 240] >= 250 and grey[110, 240] >= 250  # above and below it: the ground


def test_a_painting_may_not_paint_see_through_or_call_what_it_cannot_wash():
    recording = Recording()
    recording.setFillColor(colors.Color(1, 0, 0, alpha=0.5))
    recording.rect(0, 0, 10, 10, stroke=0, fill=1)
    with pytest.raises(ValueError, match="translucent"):
        drawn(recording)
    with pytest.raises(AttributeError, match="drawImage"):
        Recording().drawImage("x.png", 0, 0)


@pytest.mark.parametrize(
    ("text", "rgb"),
    [
        ("#00000080", (0.498, 0.498, 0.498)),  # half black on white paper: mid grey
        ("#ff000040", (1.0, 0.749, 0.749)),  # #rrggbbaa, not reportlab's #aarrggbb
        ("#fffdf6", (1.0, 0.992, 0.965)),
    ],
)
def test_a_colour_with_alpha_is_printed_as_it_looks_on_paper(text, rgb):
    found = read_colour(text)
    assert found.alpha == 1
    assert (found.red, found.green, found.blue) == pytest.approx(rgb, abs=0.002)


@pytest.mark.parametrize("text", ["transparent", "#12345600"])
def test_a_colour_wholly_see_through_paints_nothing(text):
    """A frame's fill of 'transparent' over art leaves the art, as `none` does."""
    from bastelbogen.core.errors import Loc
    from bastelbogen.render.style import colour

    assert colour(text, Loc("t.yaml", 1, 1)) is None


@pytest.mark.parametrize("value", ["transparent", "none", "#ffd86600"])
def test_a_motif_colour_that_paints_nothing_is_a_located_error(project_copy, tmp_path, value):
    """A lantern whose glow is 'transparent' has nothing to glow with: told where, no
    traceback, nothing written."""
    from tests.conftest import pnp

    theme = project_copy / "content/mytown/themes/town.yaml"
    theme.write_text(theme.read_text().replace('colour: "#ffd866"', f'colour: "{value}"'))
    run = pnp(
        "--root",
        str(project_copy),
        "build",
        "mytown",
        "--out",
        str(tmp_path / "out"),
        cwd=project_copy,
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"colour '{value}' paints nothing" in run.stderr + run.stdout
    assert run.stderr.splitlines()[0].split(":")[1].isdigit()  # file:line:col first
    assert not (tmp_path / "out" / "mytown").exists()
