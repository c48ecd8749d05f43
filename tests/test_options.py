"""The build options are declared once (content/options.py); the command line, the
build, the manifest and the README all read that one declaration."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bastelbogen.content.options import OPTIONS, record
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.pipeline.build import BuildOptions
from docs.tables import option_table as table
from tests.conftest import ROOT, manifest, pnp


def test_readme_table_is_the_declaration():
    from docs.tables import written

    assert written("options") == table()


def test_help_lists_every_option_with_its_default():
    out = " ".join(pnp("build", "--help", cwd=ROOT).stdout.split())
    for option in OPTIONS.values():
        assert f"--{option.name}" in out
        if option.type in ("length", "offset", "choice"):
            assert f"[default: {option.shown(option.default)}]" in out


def test_the_build_takes_the_declared_defaults():
    values = BuildOptions().values()
    for option in OPTIONS.values():
        if option.type != "alias":
            assert values[option.key] == option.default, option.name
    assert PrintSettings() == BuildOptions.of().settings


def test_every_option_is_a_field_and_every_field_an_option():
    """The objects that hold the options have a field for each entry of the table and none
    besides (the nested settings and validating's `dry` are no options)."""
    printed = {f.name for f in fields(PrintSettings)}
    built = {f.name for f in fields(BuildOptions)} - {"settings", "dry"}
    declared = {o.key: o for o in OPTIONS.values() if o.type != "alias"}
    assert printed | built == set(declared) and not printed & built
    assert printed == {k for k, o in declared.items() if o.group == "print"}
    for f in fields(BuildOptions):
        if f.name in declared:
            assert f.default == declared[f.name].default, f.name


NEW = """
import json, sys
from bastelbogen.content.options import OPTIONS, Option
from bastelbogen.core.units import mm
OPTIONS["sparkle"] = Option("sparkle", "int", 3, "Sparkles a card.", span=(0, 9))
OPTIONS["gutter"] = Option("gutter", "length", mm(2), "Room.", limit_mm=5.0, group="print")
from click.testing import CliRunner
from bastelbogen.cli import main
from bastelbogen.layout.imposition import PrintSettings
from bastelbogen.pipeline.build import BuildOptions
run = lambda *a: CliRunner().invoke(main, ["--root", sys.argv[1], *a])
built = run("build", "mytown", "--sparkle", "5", "--gutter", "4mm", "--out", sys.argv[2])
print(json.dumps({
    "default": [BuildOptions().sparkle, PrintSettings().gutter],
    "of": BuildOptions.of(sparkle=7).values()["sparkle"],
    "help": " ".join(run("build", "--help").output.split()),
    "bad": [run("build", "mytown", "--sparkle", "12").output, built.exit_code, built.output],
}))
"""


def test_a_new_option_is_one_entry(tmp_path):
    """Two entries added to the table before anything reads it: each reaches the objects
    with its default, the command line with its help and range, and the manifest."""
    import json
    import subprocess
    import sys

    code = [sys.executable, "-c", NEW, str(ROOT), str(tmp_path)]
    result = subprocess.run(code, capture_output=True, text=True, cwd=ROOT, check=True)
    got = json.loads(result.stdout)
    assert got["default"] == [3, mm(2)] and got["of"] == 7
    assert "--sparkle" in got["help"] and "Sparkles a card. [default: 3]" in got["help"]
    assert "--gutter" in got["help"] and "[default: 2mm]" in got["help"]
    bad, code_, output = got["bad"]
    assert "must be a whole number from 0 to 9, got 12" in bad
    assert code_ == 0, output
    options = manifest(tmp_path / "mytown")["options"]
    assert options["sparkle"] == 5 and options["gutter"] == "4mm"


def test_svg_is_an_alias_of_cut_svg(tmp_path):
    assert BuildOptions.of(svg=True).cut == "svg" and BuildOptions.of(svg=True, cut="svg").cut
    assert "svg" not in {f.name for f in fields(BuildOptions)}
    assert "| `--svg` | off | flag: `--cut svg` | An alias" in table()
    result = pnp("build", "mytown", "--svg", "--cut", "dxf", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and "--svg is --cut svg; it cannot go with --cut dxf" in (
        " ".join(result.stderr.split())
    )
    assert not any(tmp_path.iterdir())


def test_calibrate_takes_the_declared_paper_and_duplex(tmp_path):
    """Its --paper and --duplex are the table's, --duplex narrowed to the flips."""
    from bastelbogen.cli import calibrate_cmd

    params = {p.name: p for p in calibrate_cmd.params}
    assert tuple(params["paper"].type.choices) == OPTIONS["paper"].choices
    flips = tuple(params["duplex"].type.choices)
    assert flips == ("long", "short") and set(flips) < set(OPTIONS["duplex"].choices)
    assert params["paper"].default == OPTIONS["paper"].default
    assert params["duplex"].default == OPTIONS["duplex"].default
    result = pnp("calibrate", "--duplex", "fold", "--out", str(tmp_path / "c.pdf"), cwd=ROOT)
    assert result.returncode == 2 and "'fold' is not one of 'long', 'short'" in result.stderr
    assert not any(tmp_path.iterdir())


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
