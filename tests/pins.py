"""The bytes every kit is built to, pinned over a matrix of print options.

Any change to a PDF, SVG or manifest shows up here as a changed hash. The stored hashes
change only by running `make pins` (this module with --regenerate), so every change of
output is a deliberate one, seen in the diff of tests/pins.json.

    python -m tests.pins --regenerate   # after reviewing why the output changed
    python -m tests.pins --keep DIR     # build the matrix into DIR to look at or compare
    python -m tests.pins --compare DIR  # how far each changed PDF differs to the eye from
                                        # the same case kept in DIR before the change
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PINS = Path(__file__).resolve().parent / "pins.json"
GAMES = ("museo", "mytown", "muenchhausen", "minipilo")

# Every build option, each at least once per kit: paper, duplex mode, bleed, languages,
# braille, cut files; margin and back offset, themes and a variant in some.
PER_GAME = {
    "default": [],
    "letter-short": ["--paper", "letter", "--duplex", "short"],
    "fold": ["--duplex", "fold"],
    "none-bleed0": ["--duplex", "none", "--bleed", "0"],
    "bleed0": ["--bleed", "0"],
    "en": ["--lang", "en"],
    "braille": ["--braille"],
    "svg": ["--svg"],
}
EXTRA = {
    ("mytown", "animals"): ["--theme", "animals", "--svg"],
    ("mytown", "town"): ["--theme", "town", "--paper", "letter"],
    ("muenchhausen", "large-groups"): ["--variant", "large-groups", "--lang", "en", "--lang", "de"],
    ("museo", "margin-offset"): ["--margin", "8mm", "--back-offset", "1mm,-0.5mm"],
    ("minipilo", "letter-margin-offset"): [
        "--paper",
        "letter",
        "--margin",
        "3mm",
        "--back-offset",
        "-1.5mm,0.7mm",
        "--svg",
    ],
}
CASES = {(game, name): args for game in GAMES for name, args in PER_GAME.items()}
CASES.update(EXTRA)


def case_id(game: str, name: str) -> str:
    return f"{game}/{name}"


def build_case(game: str, name: str, out: Path) -> Path:
    """Build one case the way a user would, through the command line."""
    from tests import forked

    args = CASES[(game, name)]
    result = forked.pnp("build", game, "--out", str(out), *args, cwd=ROOT, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"{case_id(game, name)} did not build:\n{result.stderr}")
    return out / game


def hashes(kit: Path) -> dict[str, str]:
    """sha256 of every PDF, SVG and manifest in a kit, by path inside it."""
    return {
        str(p.relative_to(kit)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(kit.rglob("*"))
        if p.suffix in (".pdf", ".svg", ".json")
    }


def stored() -> dict[str, dict[str, str]]:
    return json.loads(PINS.read_text()) if PINS.exists() else {}


def _matrix(keep: Path | None) -> dict[str, dict[str, str]]:
    result = {}
    with tempfile.TemporaryDirectory(prefix="pins-") as tmp:
        for game, name in CASES:
            out = (keep or Path(tmp)) / game / name
            result[case_id(game, name)] = hashes(build_case(game, name, out))
            print(f"{case_id(game, name)}: {len(result[case_id(game, name)])} files")
    return result


def looks(before: Path, after: Path, dpi: int = 100) -> tuple[int, float]:
    """How far two PDFs differ to the eye: pages rendered at `dpi`, the share of pixels
    whose colour moved by more than 24 of 255 in any channel, and the worst page's share
    as a fraction (a page count that differs is 1.0)."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    a, b = pdfium.PdfDocument(str(before)), pdfium.PdfDocument(str(after))
    if len(a) != len(b):
        return len(a) - len(b), 1.0
    worst = 0.0
    for i in range(len(a)):
        pa = a[i].render(scale=dpi / 72).to_pil().convert("RGB")
        pb = b[i].render(scale=dpi / 72).to_pil().convert("RGB")
        if pa.size != pb.size:
            return i, 1.0
        diff = ImageChops.difference(pa, pb).convert("L").point(lambda v: 255 if v > 24 else 0)
        worst = max(worst, diff.histogram()[255] / (pa.size[0] * pa.size[1]))
    return len(a), worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--regenerate",
        action="store_true",
        help="store the hashes of the current output in tests/pins.json",
    )
    parser.add_argument("--keep", type=Path, help="build the matrix into this folder")
    parser.add_argument("--compare", type=Path, help="a matrix kept before, to compare with")
    ns = parser.parse_args()
    keep = ns.keep or (Path(tempfile.mkdtemp(prefix="pins-after-")) if ns.compare else None)
    now = _matrix(keep)
    before = stored()
    changed = sorted(
        f"{case}: {path}"
        for case, files in now.items()
        for path, digest in files.items()
        if before.get(case, {}).get(path) != digest
    )
    print("\n".join(changed) or "no file changed", f"\n{len(changed)} files differ")
    if ns.compare:
        for line in changed:
            case, path = line.split(": ")
            if path.endswith(".pdf"):
                pages, share = looks(
                    ns.compare / case / case.split("/")[0] / path,
                    keep / case / case.split("/")[0] / path,
                )
                print(f"{line}: {pages} pages, worst page {share:.4%} of pixels differ")
    if ns.regenerate:
        PINS.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"stored in {PINS}")


if __name__ == "__main__":
    main()
