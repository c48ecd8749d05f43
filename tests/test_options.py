"""The build options are declared once (content/options.py, as the fields of the classes
that hold them); the command line, the build, the manifest and the README all read that
one declaration, and the objects the code reads are typed by it."""

from __future__ import annotations

import re
import typing
from dataclasses import fields

import pytest

from bastelbogen.content.options import OPTIONS, KitOptions, PrintOptions, record
from bastelbogen.content.optiontypes import Maybe, Measure, Offset
from bastelbogen.core.typed import Choice, Type
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
        if isinstance(option.type, Measure | Offset | Choice):
            assert f"[default: {option.shown(option.default)}]" in out


def test_the_build_takes_the_declared_defaults():
    values = BuildOptions().values()
    for option in OPTIONS.values():
        if not option.means[0]:  # an alias holds no value
            assert values[option.key] == option.default, option.name
    assert PrintSettings() == BuildOptions.of().settings


def _made(kind: Type) -> object:
    """The Python type a Type makes: the T of the Type[T] it is (Maybe: or None)."""
    if isinstance(kind, Maybe):
        return _made(kind.inner) | None
    for cls in type(kind).__mro__:
        for base in cls.__dict__.get("__orig_bases__", ()):
            if typing.get_origin(base) is Type:
                return typing.get_args(base)[0]
    raise AssertionError(kind)


@pytest.mark.parametrize(
    ("holder", "declared"), [(PrintSettings, PrintOptions), (BuildOptions, KitOptions)]
)
def test_the_objects_hold_each_option_typed_as_declared(holder, declared):
    """PrintSettings and BuildOptions hold their options as the declaration's fields, in
    its order, each annotated (as mypy reads it) with the type its Type makes and
    defaulted as declared; nothing else but the nested settings, validating's `dry` and
    which options the command line gave (`given`, over a game's own print settings)."""
    hints = typing.get_type_hints(holder)
    mine = {f.name for f in fields(declared)}
    options = [o for o in OPTIONS.values() if o.key in mine]
    assert [f.name for f in fields(holder) if f.name not in ("settings", "dry", "given")] == [
        o.key for o in options
    ]
    for option in options:
        assert hints[option.key] == _made(option.type), option.name
        assert getattr(holder(), option.key) == option.default, option.name
    assert hints.get("settings", PrintSettings) is PrintSettings


def test_every_option_is_a_field_and_every_field_an_option():
    """The objects that hold the options have a field for each declared one and none
    besides (the nested settings, validating's `dry` and `given` are no options)."""
    printed = {f.name for f in fields(PrintSettings)}
    built = {f.name for f in fields(BuildOptions)} - {"settings", "dry", "given"}
    declared = {o.key for o in OPTIONS.values() if not o.means[0]}
    assert printed | built == declared and not printed & built
    assert set(BuildOptions().values()) == declared


NEW = """
import dataclasses, json, sys
from bastelbogen.content import options
from bastelbogen.content.optiontypes import Count, Measure
from bastelbogen.core.units import mm

@dataclasses.dataclass(frozen=True, kw_only=True)
class Kit(options.KitOptions):
    sparkle: int = options.option(Count(0, 9), 3, "Sparkles a card.")

@dataclasses.dataclass(frozen=True, kw_only=True)
class Printing(options.PrintOptions):
    gutter: float = options.option(Measure(0, 5), mm(2), "Room.")

options.KitOptions, options.PrintOptions = Kit, Printing  # as if written in the classes
options.OPTIONS = options._declared(Printing, Kit)
from click.testing import CliRunner
from bastelbogen.cli import main
from bastelbogen.layout.imposition import BuildOptions, PrintSettings
run = lambda *a: CliRunner().invoke(main, ["--root", sys.argv[1], *a])
built = run("build", "mytown", "--sparkle", "5", "--gutter", "4mm", "--out", sys.argv[2])
print(json.dumps({
    "default": [BuildOptions().sparkle, PrintSettings().gutter],
    "of": BuildOptions.of(sparkle=7).values()["sparkle"],
    "help": " ".join(run("build", "--help").output.split()),
    "bad": [run("build", "mytown", "--sparkle", "12").output, built.exit_code, built.output],
}))
"""


def test_a_new_option_is_one_field(tmp_path):
    """Two options added to the declaring classes before anything reads them: each reaches
    the objects with its default, the command line with its help and range, and the
    manifest."""
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
    assert "| `--svg` | off | flag: `--cut svg` | no | An alias" in table()
    result = pnp("build", "mytown", "--svg", "--cut", "dxf", "--out", str(tmp_path), cwd=ROOT)
    assert result.returncode == 2 and "--svg is --cut svg; it cannot go with --cut dxf" in (
        " ".join(result.stderr.split())
    )
    assert not any(tmp_path.iterdir())


def test_calibrate_takes_the_declared_paper_and_duplex(tmp_path):
    """Its --paper and --duplex are the table's, --duplex narrowed to the flips."""
    from bastelbogen.cli import calibrate_cmd

    params = {p.name: p for p in calibrate_cmd.params}
    assert tuple(params["paper"].type.choices) == OPTIONS["paper"].type.choices
    flips = tuple(params["duplex"].type.choices)
    assert flips == ("long", "short") and set(flips) < set(OPTIONS["duplex"].type.choices)
    assert params["paper"].default == OPTIONS["paper"].default
    assert params["duplex"].default == OPTIONS["duplex"].default
    result = pnp("calibrate", "--duplex", "fold", "--out", str(tmp_path / "c.pdf"), cwd=ROOT)
    assert result.returncode == 2 and "'fold' is not one of 'long', 'short'" in result.stderr
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    "name", [n for n, o in OPTIONS.items() if isinstance(o.type, Measure | Offset | Choice)]
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


@pytest.mark.parametrize(
    ("given", "alone", "acting"),
    [
        ({"fit": True}, "--export shop", {"export": ("shop",)}),
        ({"stretch": True}, "--export shop", {"export": ("shop",)}),
        ({"base_url": "https://x.org/"}, "--export tts", {"export": ("tts",)}),
        ({"dpi": 150}, "--export png, tts, screentop or contact", {"export": ("contact",)}),
        ({"profile": "dtc-poker"}, "--export shop or --pdfx", {"pdfx": True}),
        ({"registration_inset": 15.0}, "--registration", {"registration": True}),
        ({"back_offset": (1.0, 0.0), "duplex": "fold"}, "--duplex fold", {"duplex": "short"}),
    ],
)
def test_a_flag_that_changes_nothing_is_said(given, alone, acting):
    """Each option that needs another to act is told when given without it (naming both),
    and not when the other is there too."""
    from bastelbogen.layout.imposition import BuildOptions

    values = BuildOptions().values()
    [told] = idle({**values, **given})
    assert told.startswith(f"--{next(iter(given)).replace('_', '-')} does nothing here")
    assert alone in told
    assert idle({**values, **given, **acting}) == []


def test_every_option_without_a_need_acts_alone():
    """The options that declare no need are those that act whatever else is given or
    whatever the game holds; the defaults never warn."""
    from bastelbogen.content.options import OPTIONS
    from bastelbogen.layout.imposition import BuildOptions

    needing = {o.key for o in OPTIONS.values() if o.needs is not None}
    assert needing == {
        "duplex",
        "bleed",
        "registration",
        "theme",
        "cut",
        "registration_inset",
        "back_offset",
        "dpi",
        "profile",
        "fit",
        "stretch",
        "base_url",
    }
    assert idle(BuildOptions().values()) == []


def test_idle_flags_are_told_on_the_command_line_and_braille_a_game_lacks(tmp_path):
    """A flag that does nothing: a warning at the game file naming it; --braille for a game
    none of whose layouts shows braille: a warning at its game file naming the game, and
    none for Münchhausen, whose number cards carry it."""
    out = str(tmp_path / "out")
    told = pnp("build", "minipilo", "--lang", "de", "--braille", "--fit", "--out", out, cwd=ROOT)
    assert told.returncode == 0, told.stderr
    assert re.search(
        r"minipilo/game\.yaml:\d+:\d+: warning: .*--fit does nothing here", told.stderr
    )
    assert re.search(
        r"content/minipilo/game\.yaml:\d+:\d+: warning: .*--braille does nothing here:"
        r" game 'minipilo' has no braille",
        told.stderr,
    ), told.stderr
    fine = pnp("build", "muenchhausen", "--lang", "de", "--braille", "--out", out, cwd=ROOT)
    assert fine.returncode == 0 and "does nothing" not in fine.stderr, fine.stderr


def test_validate_tries_braille_without_telling_of_it():
    """`pnp validate` builds a braille variant of its own accord: no flag was given, so
    nothing is told of one."""
    checked = pnp("validate", "minipilo", cwd=ROOT)
    assert checked.returncode == 0 and "does nothing" not in checked.stderr, checked.stderr


def idle(values, game=None) -> list[str]:
    """What the build tells of the options that do nothing, as its warnings say it."""
    from bastelbogen.pipeline.settings import unhonoured

    return [f"--{o.name} does nothing here: {why}" for o, why in unhonoured(values, game)]
