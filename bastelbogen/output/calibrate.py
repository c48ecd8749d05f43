"""A duplex test sheet: scales on the front, a cross on the back. Seen against the light,
the cross falls on the scales at the numbers to pass as --back-offset."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.core.errors import Loc
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.render.pdf import Meta, new_canvas, set_boxes
from bastelbogen.render.style import register_font

if TYPE_CHECKING:
    from bastelbogen.render.style import Canvas

RANGE_MM = 5  # readable shift either way; home printers stay within about 3 mm
STEP_MM = 0.5


@dataclass(frozen=True)
class Tick:
    """A mark of the calibration page's ruler."""

    pos: float  # along the scale, in points on the page
    length: float
    label: str | None


def scale_labels(duplex: str) -> tuple[int, int]:
    """Sign that turns a reading into the offset, for x and y.

    The back is seen through the paper: a long-edge flip mirrors x, a short-edge flip y.
    Where an axis is mirrored, a back shifted by e shows at -e, and the correction -e is what
    is read; where it is not, the reading is e and the correction its negative."""
    return (1, -1) if duplex == "long" else (-1, 1)


def ticks(centre: float, sign: int) -> list[Tick]:
    """Ticks every half millimetre, long ones on whole millimetres; every second
    millimetre is labelled with the offset it stands for."""
    out = []
    n = int(RANGE_MM / STEP_MM)
    for k in range(-n, n + 1):
        r = k * STEP_MM
        whole = k % 2 == 0
        value = sign * r
        label = (f"{value:+g}" if value else "0") if k % 4 == 0 else None
        out.append(Tick(centre + mm(r), mm(5 if whole else 2.5), label))
    return out


def stations(w: float, h: float) -> tuple[list[float], list[float]]:
    """Where the scales stand: x scales at two heights, y scales at two widths, so a
    back that is turned a little as well as shifted shows it."""
    return [h * 0.3, h * 0.7], [w * 0.22, w * 0.78]


def write_calibration(path: Path, settings: PrintSettings, fonts: Path) -> Path:
    w, h = settings.page_size
    cx, cy = w / 2, h / 2
    sx, sy = scale_labels(settings.duplex)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    font = register_font(fonts / "Vera.ttf", Loc(str(fonts / "Vera.ttf")))
    bold = register_font(fonts / "VeraBd.ttf", Loc(str(fonts / "VeraBd.ttf")))
    c = new_canvas(
        tmp,
        Meta(
            "Bastelbogen – Kalibrierung / calibration",
            "Bastelbogen",
            "Duplex back offset test sheet",
        ),
        (w, h),
        font,
    )
    page = (0.0, 0.0, w, h)
    set_boxes(c, page, page)
    c.setFont(bold, 16)
    c.drawCentredString(cx, h - mm(22), "Kalibrierung der Rückseiten · Back calibration")
    lines = [
        (
            f"Beidseitig drucken ({'lange' if settings.duplex == 'long' else 'kurze'} Kante),"
            " Größe 100 %, nicht „an Seite anpassen“."
        ),
        f'Print double-sided ({settings.duplex} edge) at 100 %, no "fit to page".',
        "Gegen das Licht halten: wo das Kreuz der Rückseite die Skalen schneidet, stehen X und Y.",
        "Hold against a window: where the back's cross meets the scales, read X and Y.",
        "Dann / then:  pnp build --back-offset X,Y   (z. B. / e.g. --back-offset 1.5mm,-0.5mm)",
    ]
    c.setFont(font, 9.5)
    for i, text in enumerate(lines):
        c.drawCentredString(cx, h - mm(32) - i * 14, text)
    # 100 mm bar: if it does not measure 100 mm, the printer scaled the page.
    c.setLineWidth(1)
    c.line(cx - mm(50), mm(30), cx + mm(50), mm(30))
    for x in (cx - mm(50), cx + mm(50)):
        c.line(x, mm(27), x, mm(33))
    c.setFont(font, 8.5)
    c.drawCentredString(cx, mm(22), "Diese Linie misst 100 mm · This bar measures 100 mm")
    rows, cols = stations(w, h)
    c.setFont(bold, 10)
    for y in rows:
        _scale(c, font, [(t, "x") for t in ticks(cx, sx)], cx, y)
        c.drawString(cx + mm(RANGE_MM + 3), y + mm(1), "X")
    for x in cols:
        _scale(c, font, [(t, "y") for t in ticks(cy, sy)], x, cy)
        c.drawString(x + mm(1), cy + mm(RANGE_MM + 3), "Y")
    c.showPage()
    # The back: a fine cross at the very spot behind the scales' zero.
    set_boxes(c, page, page)
    c.setStrokeColor(colors.HexColor("#c0392b"))
    c.setLineWidth(0.3)
    c.line(mm(15), cy, w - mm(15), cy)
    c.line(cx, mm(40), cx, h - mm(50))
    c.setFont(font, 10)
    c.setFillColor(colors.black)
    c.drawCentredString(cx, h - mm(22), "Rückseite · Back side")
    c.showPage()
    c.save()
    tmp.replace(path)
    return path


def _scale(c: Canvas, font: str, ticks_axis: list[tuple[Tick, str]], cx: float, cy: float) -> None:
    c.setLineWidth(0.25)
    c.setFont(font, 6)
    labelled = 0
    for tick, axis in ticks_axis:
        # Labels alternate between two rows, so each row has 4 mm to a label.
        lift = 1.5 + (6.5 if labelled % 2 else 0)
        labelled += tick.label is not None
        if axis == "x":
            c.line(tick.pos, cy, tick.pos, cy + tick.length)
            if tick.label:
                c.drawCentredString(tick.pos, cy + tick.length + lift, tick.label)
        else:
            c.line(cx, tick.pos, cx - tick.length, tick.pos)
            if tick.label:
                c.drawRightString(cx - tick.length - lift * 2, tick.pos - 2, tick.label)
