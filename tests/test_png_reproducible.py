"""Every PNG an export writes (png, shop, tts, tabletopia, screentop, contact; all through
exported.save_png) is the same bytes from build to build, and read back by pngcheck: IHDR,
the fixed sRGB profile (iCCP), the resolution (pHYs) and the pixels, no time (tIME) and no text."""

from __future__ import annotations

import hashlib
import struct
import time
import zlib

import pytest

from bastelbogen.content.options import OPTIONS
from bastelbogen.core.paths import ICC
from tests.cardgame import READERS, card_game, chunks
from tests.conftest import pnp
from tests.tools import tools_here

KEPT = {"IHDR", "iCCP", "pHYs", "IDAT", "IEND"}  # what a picture of ours may hold
EXPORTS = OPTIONS["export"].type.choices  # every format --export is declared to take


def _build(root, out):
    exports = [a for e in EXPORTS for a in ("--export", e)]
    return pnp("build", "cards", *exports, "--profile", "mpc-63x88", "--out", out, cwd=root)


def _icc(png) -> bytes:
    """The profile a PNG embeds, read from its iCCP chunk by hand (PNG 3rd ed. 11.3.2.4:
    a name, a zero byte, the compression method, the deflated profile)."""
    data, at = png.read_bytes(), 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at : at + 4]), data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        if kind == b"iCCP":
            name_end = body.index(b"\0")
            assert body[name_end + 1] == 0  # deflate
            return zlib.decompress(body[name_end + 2 :])
        at += 12 + length
    raise AssertionError(f"{png.name} embeds no colour profile")


@pytest.mark.slow  # two whole builds with every export
def test_every_exported_picture_is_the_same_bytes_every_build(tmp_path):
    tools_here(READERS)
    root = card_game(tmp_path, "cards")
    first = _build(root, "a")
    time.sleep(1.1)  # a clock read anywhere would now say another second
    second = _build(root, "b")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    found = sorted((root / "a").rglob("*.png"))
    folders = {p.relative_to(root / "a/cards/export").parts[0] for p in found}
    assert folders == set(EXPORTS), folders
    for path in found:
        again = root / "b" / path.relative_to(root / "a")
        assert path.read_bytes() == again.read_bytes(), path
        held = chunks(path)
        assert {"iCCP", "pHYs"} <= set(held) <= KEPT, (path, held)
        assert _icc(path) == (ICC / "srgb.icc").read_bytes(), path


def test_the_profile_is_a_fixed_srgb_profile():
    """The committed profile: an ICC display profile of RGB, dated 2024-01-01, its profile
    ID the MD5 ICC.1:2010 7.2.18 defines (flags, rendering intent and ID zeroed)."""
    icc = (ICC / "srgb.icc").read_bytes()
    assert struct.unpack(">I", icc[:4])[0] == len(icc)
    assert icc[12:20] == b"mntrRGB " and icc[36:40] == b"acsp"
    assert struct.unpack(">6H", icc[24:36]) == (2024, 1, 1, 0, 0, 0)
    probe = bytearray(icc)
    probe[44:48] = probe[64:68] = bytes(4)
    probe[84:100] = bytes(16)
    assert icc[84:100] == hashlib.md5(probe).digest()


def test_save_png_is_the_one_place_pictures_are_saved():
    """No writer saves a picture but through exported.save_png (the rules above are kept
    in one place): every `.save(...)` call in output/ that names PNG is in it."""
    import ast

    from tests.conftest import ROOT

    found = []
    for path in sorted((ROOT / "bastelbogen/output").glob("*.py")):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for call in ast.walk(fn):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "save"
                    and any(isinstance(a, ast.Constant) and a.value == "PNG" for a in call.args)
                ):
                    found.append(f"{path.name}:{fn.name}")
    assert found == ["exported.py:save_png"]
