"""DXF cut files (`--cut dxf`), for cutting software that reads DXF rather than SVG: one
file a sheet, millimetres, y up as on the page; each piece a closed polyline on the layer
CUT (at --bleed 0 every edge once, cuts.merged, and the closed pieces on the layer OUTLINE,
switched off), folds as solid lines to score on SCORE-VALLEY and SCORE-MOUNTAIN (linetype
CONTINUOUS, as every layer: a dashed line set to cut is cut through), registration marks as
the closed outlines of their ink on REGISTRATION. The header's extents are the drawing's box.
Written with ezdxf."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bastelbogen.layout.imposition import BuildOptions, Page
from bastelbogen.output import register
from bastelbogen.output.cuts import Cut, CutFiles, loops_and_folds, marks_mm, merged

if TYPE_CHECKING:
    from ezdxf.document import Drawing
    from ezdxf.layouts.layout import Modelspace

# AutoCAD colours: red, blue, cyan, black/white
LAYERS = {"CUT": 1, "OUTLINE": 8, "SCORE-VALLEY": 5, "SCORE-MOUNTAIN": 4, "REGISTRATION": 7}


@register
class Dxf(CutFiles):
    name = "dxf"
    order = 21
    suffix = "dxf"

    def wanted(self, options: BuildOptions) -> bool:
        return options.cut == "dxf"

    def write(self, path: Path, page: Page, cut: Cut, merge: bool) -> None:
        write_dxf(path, page, cut, merge)


def write_dxf(path: Path, page: Page, cut: Cut, merge: bool = False) -> None:
    import ezdxf  # only builds that ask for DXF load it
    from ezdxf.filemanagement import new

    doc = new("R2010", setup=False)
    doc.units = ezdxf.units.MM
    doc.header["$INSUNITS"] = 4  # millimetres
    for layer, colour in LAYERS.items():
        doc.layers.add(layer, color=colour, linetype="Continuous")  # DXF names are case-blind
    space = doc.modelspace()
    loops, folds = loops_and_folds(page, cut)
    if merge:
        doc.layers.get("OUTLINE").off()  # the pieces whole, for software that wants them
        for run in merged(loops):
            closed = run[0] == run[-1]
            points = run[:-1] if closed else run
            space.add_lwpolyline(points, close=closed, dxfattribs={"layer": "CUT"})
    for loop in loops:
        layer = "OUTLINE" if merge else "CUT"
        space.add_lwpolyline(loop, close=True, dxfattribs={"layer": layer})
    for x1, y1, x2, y2, style in folds:
        space.add_line((x1, y1), (x2, y2), dxfattribs={"layer": f"SCORE-{style.upper()}"})
    for x, y, w, h in marks_mm(page):
        space.add_lwpolyline(
            [(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            close=True,
            dxfattribs={"layer": "REGISTRATION"},
        )
    _extents(doc, space, page)
    doc.saveas(path)


def _extents(doc: Drawing, space: Modelspace, page: Page) -> None:
    """The header's extents, the box round what is drawn ($EXTMIN, $EXTMAX; left alone they
    stay +-1e20, and software that zooms to them shows nothing), and its limits, the sheet
    ($LIMMIN, $LIMMAX), in mm as the drawing is. ezdxf writes the header's from the model
    space's own on saving, so they are set there."""
    from ezdxf import appsettings

    from bastelbogen.core.units import to_mm

    appsettings.update_extents(doc)  # the model space's and the header's
    width, height = page.size
    space.dxf.limmin = (0, 0)
    space.dxf.limmax = (to_mm(width), to_mm(height))
