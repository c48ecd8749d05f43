"""The bytes every kit is built to, pinned over a matrix of print options.

Any change to a PDF, SVG or manifest shows up here as a changed hash. The stored hashes
change only by running `make pins` (this module with --regenerate), so every change of
output is a deliberate one, seen in the diff of tests/pins.json.

    python -m tests.pins --regenerate   # after reviewing why the output changed
    python -m tests.pins --keep DIR     # build the matrix into DIR to look at or compare
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PINS = Path(__file__).resolve().parent / "pins.json"
GAMES = ("museo", "mytown", "muenchhausen", "minipilo")

# Every option the issue names, each at least once per kit: paper, duplex mode, bleed,
# languages, braille, cut files; themes and a variant where a game has them.
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
    ("muenchhausen", "large-groups"): ["--variant", "large-groups", "--lang", "en",
                                       "--lang", "de"],
}
CASES = {(game, name): args for game in GAMES for name, args in PER_GAME.items()}
CASES.update(EXTRA)


def case_id(game: str, name: str) -> str:
    return f"{game}/{name}"


def build_case(game: str, name: str, out: Path) -> Path:
    """Build one case the way a user would, through the command line."""
    args = CASES[(game, name)]
    result = subprocess.run([sys.executable, "-m", "generator.cli", "build", game, "--out",
                             str(out), *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"{case_id(game, name)} did not build:\n{result.stderr}")
    return out / game


def hashes(kit: Path) -> dict[str, str]:
    """sha256 of every PDF, SVG and manifest in a kit, by path inside it."""
    return {str(p.relative_to(kit)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(kit.rglob("*")) if p.suffix in (".pdf", ".svg", ".json")}


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true",
                        help="store the hashes of the current output in tests/pins.json")
    parser.add_argument("--keep", type=Path, help="build the matrix into this folder")
    ns = parser.parse_args()
    now = _matrix(ns.keep)
    before = stored()
    changed = sorted(f"{case}: {path}" for case, files in now.items() for path, digest in
                     files.items() if before.get(case, {}).get(path) != digest)
    print("\n".join(changed) or "no file changed", f"\n{len(changed)} files differ")
    if ns.regenerate:
        PINS.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"stored in {PINS}")


if __name__ == "__main__":
    main()
