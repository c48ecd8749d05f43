"""Print-shop exports read back: picture sizes per profile, the PDF a card a page, --fit's
warning, and the located errors a profile brings (a near miss, text outside its safe zone,
a broken profile of the game's own)."""

from __future__ import annotations

import json
import re

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import ROOT, pnp

pytestmark = pytest.mark.heavy  # whole builds: left out of `make test-fast`


def profile_files(profile: str) -> str:
    """The shipped profile's pattern of file names."""
    import yaml

    shipped = yaml.safe_load((ROOT / "bastelbogen/data/profiles.yaml").read_text())
    return shipped[profile]["files"]


def _shop(tmp_path, profile, *more, cwd=ROOT):
    return pnp(
        "build",
        "muenchhausen",
        "--lang",
        "de",
        "--export",
        "shop",
        "--profile",
        profile,
        *more,
        "--out",
        str(tmp_path / "out"),
        cwd=cwd,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("profile", "fit", "pixels"),
    [
        ("mpc-63x88", False, (816, 1110)),
        ("tgc-poker", True, (825, 1125)),
        ("mpc-poker", True, (822, 1122)),
    ],
)
def test_pictures_at_the_profiles_size(tmp_path, profile, fit, pixels):
    result = _shop(tmp_path, profile, *(["--fit"] if fit else []))
    assert result.returncode == 0, result.stderr
    said = f"scaled by 1.0102 to {profile}'s 63.5 x 88.9 mm, 0.07 mm cut off each side"
    assert (said in result.stderr) == fit, result.stderr
    folder = tmp_path / "out/muenchhausen/export/shop" / profile
    index = json.loads((folder / "index.json").read_text())
    cards = [f for f in index["faces"] if f["component"] == "number-cards"]
    assert sum(f["count"] for f in cards if f["side"] == "front") == 64
    assert sum(f["count"] for f in cards if f["side"] == "back") == 64
    assert len(cards) == 65  # 64 fronts, one back for all
    for face in cards:
        assert Image.open(folder / face["file"]).size == pixels
    # The aids are 57 x 86 mm (eight and the pile card fill one A4 sheet): no poker card,
    # so left out of a poker profile, and said so; the number cards are all there.
    assert {c["component"] for c in index["left-out"]} == {"player-aids"}
    # The names sort as text in card order (a shop's uploader sorts them so): {n} padded.
    if "{n}" in profile_files(profile):
        names = [f["file"] for f in cards]
        assert sorted(names) == names and names[0].startswith("number-cards/01-")


def test_cards_of_another_size_are_left_out_and_said(tmp_path):
    """Museo's 40 mm pictures and events are no 63 x 88 mm card: left out, each with a
    located warning; its reference cards are exported."""
    result = pnp(
        "build",
        "museo",
        "--lang",
        "de",
        "--export",
        "shop",
        "--profile",
        "mpc-63x88",
        "--out",
        str(tmp_path / "out"),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"^content/museo/game\.yaml:\d+:\d+: warning: preflight: component"
        r" 'pictures' \(40 x 40 mm\) is left out: profile 'mpc-63x88' takes 63\.0 x"
        r" 88\.0 mm cards",
        result.stderr,
        re.M,
    ), result.stderr
    index = json.loads((tmp_path / "out/museo/export/shop/mpc-63x88/index.json").read_text())
    assert sorted(c["component"] for c in index["left-out"]) == ["events", "pictures"]
    assert {f["component"] for f in index["faces"]} == {"reference"}


def test_drivethru_pdf_a_card_a_page(tmp_path):
    result = _shop(tmp_path, "dtc-poker", "--fit")
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "out/muenchhausen/export/shop/dtc-poker/number-cards.pdf")
    assert len(reader.pages) == 2 * 64  # each card's back, then its front (test_pdfx)
    for page in reader.pages[:3]:
        assert [round(float(v), 2) for v in page.mediabox[2:]] == [198.0, 270.0]  # 2.75 x 3.75 in


def test_a_near_miss_without_fit_is_named(tmp_path):
    result = _shop(tmp_path, "tgc-poker")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^content/muenchhausen/game\.yaml:\d+:\d+: component 'number-cards' is"
        r" 63 x 88 mm; profile 'tgc-poker' takes 63\.5 x 88\.9 mm cards; --fit"
        r" scales it by 1\.0102, 0\.07 mm cut off each side \(left and right\); --stretch"
        r" stretches it by 1\.0079 x 1\.0102",
        result.stderr,
        re.M,
    ), result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("more", "message"),
    [
        ((), r"--export shop needs --profile, one of tgc-poker"),
        (("--profile", "lulu"), r"there is no 'lulu'"),
    ],
)
def test_a_missing_profile_is_a_usage_error(tmp_path, more, message):
    result = pnp(
        "build", "muenchhausen", "--export", "shop", *more, "--out", str(tmp_path / "out"), cwd=ROOT
    )
    assert result.returncode == 2 and re.search(message, result.stderr), result.stderr


def test_text_outside_the_shops_safe_zone(project_copy):
    """A game's own profile keeping text 12 mm inside: the first text box closer to the cut
    is named at its layout line; the kit built before stays as it was."""
    (project_copy / "content/muenchhausen/profiles.yaml").write_text(
        "roomy:\n  trim: [63mm, 88mm]\n  pixels: [744, 1039]\n  safe: 12mm\n  dpi: 300\n"
    )
    first = pnp("build", "muenchhausen", "--lang", "de", "--out", "out", cwd=project_copy)
    assert first.returncode == 0, first.stderr
    before = sorted(p.name for p in (project_copy / "out/muenchhausen").iterdir())
    result = _shop(project_copy, "roomy", cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^templates/muenchhausen/[\w-]+\.yaml:\d+:\d+: item '[\w-]+' \(front\):"
        r" box '[\w-]+' comes within \d+\.\d\d mm of the cut; profile 'roomy'"
        r" keeps text 12\.00 mm inside",
        result.stderr,
        re.M,
    ), result.stderr
    assert sorted(p.name for p in (project_copy / "out/muenchhausen").iterdir()) == before


def test_a_broken_profile_is_named(project_copy):
    (project_copy / "content/muenchhausen/profiles.yaml").write_text(
        "bad:\n  trim: [63mm]\n  pixels: [744, 1039]\n  format: jpg\n"
        '  files: "{component.__class__}"\n  safe: -2mm\n'
        "../up:\n  trim: [63mm, 88mm]\n  pixels: [744, 1039]\n"
    )
    result = _shop(project_copy, "bad", cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    for line, message in (
        (2, r"'trim' must be two lengths"),
        (4, r"'format' must be png or"),
        (5, r"'files' names files inside the export folder"),
        (6, r"'safe' must be from 0 to 30mm"),
        (8, r"profile id '\.\./up'"),
    ):
        assert re.search(
            rf"^content/muenchhausen/profiles\.yaml:{line}:\d+: {message}", result.stderr, re.M
        ), result.stderr
