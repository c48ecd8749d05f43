"""DXF files read as the format gives them, without ezdxf, which wrote them (AutoCAD DXF
Reference: a file is pairs of lines, a group code and its value; a SECTION runs from
`0 SECTION` / `2 name` to `0 ENDSEC`; in HEADER a 9 group names a variable, 10/20/30 its
coordinates)."""

from __future__ import annotations


def pairs(path) -> list[tuple[str, str]]:
    lines = path.read_text().splitlines()
    return [(lines[i].strip(), lines[i + 1].strip()) for i in range(0, len(lines) - 1, 2)]


def section(codes, name: str) -> list[tuple[str, str]]:
    """The group codes of one SECTION (0 SECTION, 2 name … 0 ENDSEC)."""
    start = next(
        n for n, p in enumerate(codes) if p == ("2", name) and codes[n - 1][1] == "SECTION"
    )
    end = next(n for n in range(start, len(codes)) if codes[n] == ("0", "ENDSEC"))
    return codes[start + 1 : end]


def header(codes) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {}
    name = None
    for code, value in section(codes, "HEADER"):
        if code == "9":
            name = value
            found[name] = []
        elif name and code in ("10", "20", "30"):
            found[name].append(float(value))
    return found
