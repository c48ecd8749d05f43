"""DXF cut files (`--cut dxf`), for cutting software that reads DXF rather than SVG: one
file a sheet, millimetres, y up as on the page; each piece a closed polyline on the layer
CUT, folds as lines on FOLD-VALLEY and FOLD-MOUNTAIN. Written with ezdxf."""

from __future__ import annotations

from . import Job, Writer, listed, register
from .cuts import loops_and_folds, sheets_to_cut

LAYERS = {"CUT": 1, "FOLD-VALLEY": 5, "FOLD-MOUNTAIN": 4}  # AutoCAD colours: red, blue, cyan


@register
class Dxf(Writer):
    name = "dxf"
    order = 21

    def wanted(self, options) -> bool:
        return options.cut == "dxf"

    def component(self, job: Job, laid) -> list[dict]:
        files = []
        for name, page, cut in sheets_to_cut(job, laid):
            write_dxf(job.staging.path(f"cut/{name}.dxf"), page, cut)
            files.append(listed(f"cut/{name}.dxf", [page]))
        return files


def write_dxf(path, page, cut) -> None:
    import ezdxf  # only builds that ask for DXF load it

    doc = ezdxf.new("R2010", setup=False)
    doc.units = ezdxf.units.MM
    doc.header["$INSUNITS"] = 4  # millimetres
    for layer, colour in LAYERS.items():
        doc.layers.add(layer, color=colour)
    space = doc.modelspace()
    loops, folds = loops_and_folds(page, cut)
    for loop in loops:
        space.add_lwpolyline(loop, close=True, dxfattribs={"layer": "CUT"})
    for x1, y1, x2, y2, style in folds:
        space.add_line((x1, y1), (x2, y2), dxfattribs={"layer": f"FOLD-{style.upper()}"})
    doc.saveas(path)
