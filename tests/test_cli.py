"""The command line as a user meets it."""

from __future__ import annotations

import json

import pytest

from bastelbogen.core.units import to_mm
from bastelbogen.output.calibrate import scale_labels
from tests.conftest import ROOT, pnp
from tests.pdfread import read


def test_list_shows_games_with_players_and_totals():
    result = pnp("list", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("muenchhausen"))
    # The aids' component holds the 8 aids and the discard pile's card (issue 47): 9 in all.
    assert "3-8 players" in line and "64 number cards" in line and "9 player aids" in line


@pytest.mark.parametrize("command", ["list", "validate", "build", "calibrate"])
def test_every_command_has_help_with_examples(command):
    result = pnp(command, "--help", cwd=ROOT)
    assert result.returncode == 0
    assert "Example" in result.stdout and "pnp " in result.stdout


def test_build_is_quiet_off_a_terminal_and_honours_its_options(tmp_path):
    result = pnp(
        "build",
        "muenchhausen",
        "--paper",
        "letter",
        "--duplex",
        "none",
        "--bleed",
        "0",
        "--lang",
        "en",
        "--out",
        str(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    m = json.loads((tmp_path / "muenchhausen/manifest.json").read_text())
    assert (m["paper"], m["duplex"]) == ("letter", "none")
    rules = next(f for f in m["files"] if f["path"].endswith("rules.pdf"))
    assert [p["items"][0]["id"] for p in rules["pages"]] == ["rules-en"]
    cards = m["files"][0]["pages"]
    assert all(i["side"] == "front" for p in cards for i in p["items"])
    # No bleed: neighbours share their cuts.
    xs = sorted({round(i["trim_mm"][0], 2) for i in cards[0]["items"]})
    assert xs[1] - xs[0] == pytest.approx(88.0, abs=0.01)


def test_bad_option_values_are_refused_plainly(tmp_path):
    result = pnp("build", "muenchhausen", "--bleed", "3 furlongs", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "expected a length" in result.stderr
    result = pnp("build", "atlantis", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and "no game 'atlantis'" in result.stderr


def test_unknown_variant(tmp_path):
    result = pnp("build", "muenchhausen", "--variant", "tiny", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and "no variant 'tiny'" in result.stderr
    assert "large-groups" in result.stderr


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_sheet(tmp_path, duplex):
    out = tmp_path / "cal.pdf"
    result = pnp("calibrate", "--paper", "letter", "--duplex", duplex, "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    _, pages = read(out)
    assert len(pages) == 2
    assert [round(to_mm(v), 1) for v in pages[0].size] == [215.9, 279.4]
    # The back's cross runs through the page centre, where both scales have their zero.
    w, h = pages[1].size
    cross = [ln for ln in pages[1].lines if ln.width == pytest.approx(0.3)]
    assert any(abs(ln.x1 - w / 2) < 0.01 and abs(ln.x2 - w / 2) < 0.01 for ln in cross)
    assert any(abs(ln.y1 - h / 2) < 0.01 and abs(ln.y2 - h / 2) < 0.01 for ln in cross)
    ticks = [ln for ln in pages[0].lines if ln.width == pytest.approx(0.25)]
    assert sum(abs(ln.x1 - w / 2) < 0.01 and ln.x1 == ln.x2 for ln in ticks) == 2


def test_calibration_reading_gives_the_offset():
    """Simulate a printer that shifts backs by (ex, ey): the reading on the front scale,
    turned into an offset by the labels, must cancel the shift."""
    for duplex in ("long", "short"):
        sx, sy = scale_labels(duplex)
        for ex, ey in ((1.5, 0.0), (0.0, -2.0), (0.5, 1.0)):
            # Where the back's cross appears on the front, seen through the paper.
            seen_x = -ex if duplex == "long" else ex
            seen_y = ey if duplex == "long" else -ey
            assert (sx * seen_x, sy * seen_y) == (-ex, -ey)
