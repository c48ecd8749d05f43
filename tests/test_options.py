"""The build options are declared once (content/options.py); the command line, the
build, the manifest and the README all read that one declaration."""

from __future__ import annotations

import pytest

from bastelbogen.content.options import OPTIONS, record, table
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.pipeline.build import BuildOptions
from tests.conftest import ROOT, manifest, pnp


def test_readme_table_is_the_declaration():
    from docs.tables import block

    assert block((ROOT / "README.md").read_text(), "options") == table()


def test_help_lists_every_option_with_its_default():
    out = " ".join(pnp("build", "--help", cwd=ROOT).stdout.split())
    for option in OPTIONS.values():
        assert f"--{option.name}" in out
        if option.type in ("length", "offset", "choice"):
            assert f"[default: {option.shown(option.default)}]" in out


def test_the_build_takes_the_declared_defaults():
    values = BuildOptions().values()
    for option in OPTIONS.values():
        assert values[option.key] == option.default, option.name
    assert PrintSettings() == BuildOptions.of().settings


@pytest.mark.parametrize(
    "name", [n for n, o in OPTIONS.items() if o.type in ("length", "offset", "choice")]
)
def test_a_default_written_out_reads_back(name):
    option = OPTIONS[name]
    assert option.parse(option.shown(option.default)) == option.default


@pytest.mark.parametrize(
    "name,value,why",
    [
        ("bleed", "11mm", "from 0 to 10mm"),
        ("margin", "31mm", "from 0 to 30mm"),
        ("back-offset", "0mm,10.5mm", "within ±10mm"),
        ("lang", "EN", "language code"),
        ("paper", "a3", "a4"),
        ("bleed", "-1mm", "from 0 to 10mm"),
    ],
)
def test_values_outside_the_declaration_are_usage_errors(tmp_path, name, value, why):
    result = pnp("build", "museo", f"--{name}", value, "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and why in result.stderr and "Traceback" not in result.stderr
    assert not any(tmp_path.iterdir())


def test_manifest_records_the_options_as_given(tmp_path):
    result = pnp(
        "build",
        "mytown",
        "--paper",
        "letter",
        "--bleed",
        "6mm",
        "--margin",
        "7mm",
        "--back-offset",
        "1mm,-0.5mm",
        "--lang",
        "en",
        "--out",
        str(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    data = manifest(tmp_path / "mytown")
    assert data["bleed_mm"] == 6 and data["margin_mm"] == 7
    assert data["options"] == {
        "paper": "letter",
        "duplex": "long",
        "bleed": "6mm",
        "margin": "7mm",
        "registration": False,
        "registration-inset": "10mm",
        "back-offset": "1mm,-0.5mm",
        "lang": ["en"],
        "braille": False,
        "theme": "town",
    }
    assert record(BuildOptions.of(bleed=mm(6)).values())["bleed"] == "6mm"
