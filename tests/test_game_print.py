"""A game's own print settings (`print:` in its game file), read back from what is built:
a wallet game of 18 mini cards that is always printed folded without bleed (9 cards a
sheet instead of 6) says so once, in its folder, and builds so without a flag; the command
line overrides each setting it gives; validate and the preview start from them; the
manifest and PRINT.txt say where each setting came from; a wrong setting is told at its
place. And every option a game cannot honour is a warning naming the game and why."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from bastelbogen.pipeline.build import BuildOptions, Project, build_game, check_game
from tests.conftest import manifest, pnp
from tests.pdfread import PT_PER_MM, read, trim_of

PRINT = "print: {duplex: fold, bleed: 0}"
GAME = f"""\
game: wallet
title: {{en: Wallet}}
players: {{min: 2, max: 4}}
tables:
  cards:
    file: cards.csv
    columns: {{colour: colour, copies: int}}
components:
  - id: cards
    name: {{en: Cards}}
    kind: card
    size: mini
    safe: 1mm
    face: wallet/card
    back: wallet/back
    items: {{from: cards, count: copies}}
{PRINT}
"""
CARDS = "id,name,colour,copies\nfox,Fox,#f0b27a,6\nowl,Owl,#85c1e9,6\nhare,Hare,#82e0aa,6\n"
FACE = """\
boxes:
  - {name: ground, painter: shape, box: bleed, fill: "{{ colour }}"}
  - {name: name, painter: text, box: [4, 6, 36, 10], text: "{{ name }}", size: 12,
     colour: "#000000", align: center}
"""
BACK = """\
boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#1f2a44"}
  - {name: title, painter: text, box: [4, 26, 36, 10], text: Wallet, size: 12,
     colour: "#ffffff", align: center}
"""
LINE = GAME.splitlines().index(PRINT) + 1  # the line of `print:` in the game file


def _project(root: Path, game: str = GAME) -> Path:
    """A project holding the wallet game, its game file `game`."""
    (root / "content/wallet").mkdir(parents=True)
    (root / "templates/wallet").mkdir(parents=True)
    (root / "content/wallet/game.yaml").write_text(game)
    (root / "content/wallet/cards.csv").write_text(CARDS)
    (root / "templates/wallet/card.yaml").write_text(FACE)
    (root / "templates/wallet/back.yaml").write_text(BACK)
    return root


def _setting(text: str, written: str, line: int = LINE) -> str:
    """Where `text` stands in the game file's print line, as a message names it."""
    return f"game.yaml:{line}:{written.index(text) + 1}"


@pytest.fixture(scope="module")
def wallet(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("wallet"))


def _cards(kit: Path) -> dict:
    return next(f for f in manifest(kit)["files"] if f["path"] == "cards.pdf")


def _fronts(kit: Path) -> list[int]:
    """The fronts on each page of the cards' file, as the manifest lists them."""
    return [sum(i["side"] == "front" for i in p["items"]) for p in _cards(kit)["pages"]]


def test_the_game_builds_folded_without_bleed_without_a_flag(wallet, tmp_path):
    """`pnp build wallet`, no flag: fold sheets of 9 fronts above their 9 backs, each back
    mirrored about the one fold line, at no bleed (the placed art is the trim, neighbours
    share their cuts): the bytes of the same game built with `--duplex fold --bleed 0`."""
    built = pnp("build", "wallet", "--out", str(tmp_path / "out"), cwd=wallet)
    assert built.returncode == 0, built.stderr
    kit = tmp_path / "out/wallet"
    assert _fronts(kit) == [9, 9]
    _, pages = read(kit / "cards.pdf")
    for page, info in zip(pages, _cards(kit)["pages"], strict=True):
        [fold] = [ln for ln in page.lines if ln.dashed]
        axis = fold.y1 / PT_PER_MM
        trims = {}
        for placed, item in zip(page.placed, info["items"], strict=True):
            x, y, w, h = trim_of(placed, 0.0)  # the art is the trim: no bleed around it
            assert sorted((w, h)) == pytest.approx([44.0, 63.0], abs=0.01)  # turned or not
            assert [x, y, w, h] == pytest.approx(item["trim_mm"], abs=0.01)
            trims.setdefault((item["id"], item["copy"]), {})[item["side"]] = (x, y, w, h)
        for sides in trims.values():
            (fx, fy, _, fh), (bx, by, _, bh) = sides["front"], sides["back"]
            assert bx == pytest.approx(fx, abs=0.01)
            assert (by + bh / 2) - axis == pytest.approx(axis - (fy + fh / 2), abs=0.01)
        fronts = [s["front"] for s in trims.values()]
        # three columns share their cuts: four cut lines across, not six
        assert len({round(x, 2) for x, _, w, _ in fronts for x in (x, x + w)}) == 4
    flagged = _project(tmp_path / "flags", GAME.replace(PRINT, ""))
    args = ("build", "wallet", "--duplex", "fold", "--bleed", "0", "--out", str(tmp_path / "f"))
    assert pnp(*args, cwd=flagged).returncode == 0
    assert (tmp_path / "f/wallet/cards.pdf").read_bytes() == (kit / "cards.pdf").read_bytes()


def test_the_command_line_overrides_each_setting_it_gives(wallet, tmp_path):
    """--bleed 3mm alone: still folded (the game's), now 6 a sheet; --duplex long --bleed
    3mm: fronts, then their backs on the next page. The command line's own default,
    typed, overrides too."""
    out = tmp_path / "out"
    assert pnp("build", "wallet", "--bleed", "3mm", "--out", str(out), cwd=wallet).returncode == 0
    data = manifest(out / "wallet")
    assert (data["duplex"], data["bleed_mm"]) == ("fold", 3.0)
    assert _fronts(out / "wallet") == [6, 6, 6]
    args = ("build", "wallet", "--duplex", "long", "--bleed", "3mm", "--out", str(out))
    assert pnp(*args, cwd=wallet).returncode == 0
    data = manifest(out / "wallet")
    assert (data["duplex"], data["bleed_mm"]) == ("long", 3.0)
    assert _fronts(out / "wallet") == [12, 0, 6, 0]
    assert data["settings"]["duplex"] == {"value": "long", "from": "command line"}


def test_manifest_and_print_txt_say_where_each_setting_came_from(wallet, tmp_path):
    """manifest.json's `settings`: each print setting's value and its origin, the game
    file's place, the command line or the default; PRINT.txt says those not by default."""
    out = tmp_path / "out"
    args = ("build", "wallet", "--paper", "letter", "--out", str(out))
    assert pnp(*args, cwd=wallet).returncode == 0
    settings = manifest(out / "wallet")["settings"]
    assert settings["duplex"] == {"value": "fold", "from": _setting("fold", PRINT)}
    assert settings["bleed"] == {"value": "0mm", "from": _setting("0}", PRINT)}
    assert settings["paper"] == {"value": "letter", "from": "command line"}
    assert settings["margin"] == {"value": "5mm", "from": "default"}
    assert set(settings) == {
        "paper",
        "duplex",
        "bleed",
        "margin",
        "registration",
        "registration-inset",
        "braille",
        "version-mark",
        "cut",
    }
    guide = (out / "wallet/PRINT.txt").read_text().splitlines()
    assert guide[3] == (
        f"built with: paper letter (--paper), duplex fold ({_setting('fold', PRINT)}),"
        f" bleed 0mm ({_setting('0}', PRINT)})"
    )


BIG = GAME.replace("size: mini", "size: [193mm, 193mm]").replace(PRINT, "")


@pytest.mark.parametrize(
    ("settings", "valid"),
    [("", False), ("print: {paper: letter, bleed: 0}", True), ("print: {paper: letter}", False)],
)
def test_validate_lays_out_with_the_games_settings(tmp_path, settings, valid):
    """A card 193 mm square with its crop marks fits no A4 sheet (190 mm within its margins
    and the marks) and a Letter sheet (195.9 mm) only at no bleed: `pnp validate` proves
    the game as its settings print it."""
    root = _project(tmp_path, BIG + settings + "\n")
    checked = pnp("validate", "wallet", cwd=root)
    assert (checked.returncode == 0) == valid, checked.stderr
    if not valid:
        assert "content/wallet/game.yaml" in checked.stderr and "fit" in checked.stderr


def test_the_preview_starts_from_the_games_settings(wallet):
    """The option bar shows the game's settings; a switch overrides one as the command line
    does; null gives it back to the game; the preview's sheets are the folded ones."""
    from bastelbogen.preview.options import shown, switched
    from bastelbogen.preview.state import Preview

    game = Project(wallet).load("wallet")
    now = shown(BuildOptions(), game)
    assert (now["duplex"], now["bleed"]) == ("fold", 0.0)
    longer = switched(b'{"duplex": "long"}', BuildOptions())
    assert (shown(longer, game)["duplex"], shown(longer, game)["bleed"]) == ("long", 0.0)
    again = switched(b'{"duplex": null}', longer)
    assert shown(again, game)["duplex"] == "fold"
    preview = Preview(Project(wallet), "wallet", BuildOptions())
    snapshot = preview.rebuild()
    assert snapshot.problems == [], snapshot.problems
    assert len([s for s in snapshot.sheets if "cards" in json.dumps(s)]) == 2


WRONG = [
    ("print: {duplex: folded}", "folded", "print: 'duplex' must be one of long, short, fold"),
    ("print: {bleed: 3}", "3", "print: 'bleed' length 3 needs a unit"),
    ("print: {bleed: 12mm}", "12mm", "print: 'bleed' must be from 0 to 10mm, got 12mm"),
    ("print: {registration: maybe}", "maybe", "print: 'registration' must be true or false"),
    ("print: {dupex: fold}", "dupex", "print: unknown option 'dupex'; did you mean 'duplex'?"),
    ("print: {jobs: 2}", "jobs", "print: 'jobs' is not a print setting a game keeps"),
    ("print: {out: kits}", "out", "print: 'out' is not a print setting a game keeps: where a kit"),
    (
        "print: {back-offset: 1mm}",
        "back",
        "print: 'back-offset' is not a print setting a game keeps",
    ),
    (
        "print: {lang: [en]}",
        "lang",
        "print: 'lang' is not a print setting a game keeps: the game's",
    ),
    ("print: {svg: true}", "svg", "print: 'svg' is not a print setting a game keeps: it is the"),
    ("print: fold", "fold", "'print' must be a mapping like {duplex: fold, bleed: 0}"),
    (
        "print: {registration: true, margin: 25mm}",
        "25mm",
        "print: --registration-inset must be at least --margin",
    ),
    (
        "print: {version-mark: version}",
        "version}",
        "print: --version-mark version: game 'wallet' has no version",
    ),
]


@pytest.mark.parametrize(("written", "at", "said"), WRONG, ids=[w[0] for w in WRONG])
def test_a_wrong_setting_is_told_at_its_place(tmp_path, written, at, said):
    """Each wrong `print:` entry: a located error with why (a did-you-mean for a name
    nearly right), exit 1, and nothing written; validate tells it the same."""
    root = _project(tmp_path, GAME.replace(PRINT, written))
    for args in (("build", "wallet", "--out", str(tmp_path / "out")), ("validate", "wallet")):
        told = pnp(*args, cwd=root)
        assert told.returncode == 1, told.stderr
        assert f"content/wallet/{_setting(at, written)}: {said}" in told.stderr, told.stderr
        assert "Traceback" not in told.stderr
    assert not (tmp_path / "out").exists()


def _warned(root: Path, tmp_path: Path, **options) -> list[str]:
    """The warnings of the wallet game's build with the options, each `where: message`."""
    told = []
    out = tmp_path / "out"
    given = replace(BuildOptions.of(**options), given=frozenset(options))  # as if typed
    build_game(Project(root), "wallet", out, given, told.append)
    return [f"{Path(p.loc.file).name}:{p.loc.line}:{p.loc.col}: {p.message}" for p in told]


ONE_SIDED = GAME.replace("    back: wallet/back\n", "").replace(PRINT, "")
PAD = ONE_SIDED.replace("kind: card", "kind: sheet").replace("    safe: 1mm\n", "")
IDLE = [
    (GAME, {"theme": "animals"}, "--theme does nothing here: game 'wallet' has no themes"),
    (
        ONE_SIDED,
        {"duplex": "short"},
        "--duplex does nothing here: game 'wallet' has no piece with a back",
    ),
    (
        GAME,
        {"back_offset": (2.0, 0.0)},
        "--back-offset does nothing here: --duplex fold prints no back page",
    ),
    (
        GAME,
        {"registration": True},
        "--registration does nothing here: every piece of game 'wallet' has a back, printed"
        " on a fold sheet",
    ),
    (PAD, {"registration": True}, "--registration does nothing here: game 'wallet' has no piece"),
    (PAD, {"bleed": 0.0}, "--bleed does nothing here: game 'wallet' has no piece printed with"),
    (PAD, {"cut": "svg"}, "--cut does nothing here: game 'wallet' has no piece to cut out"),
    (
        GAME.replace("size: mini", "size: standard"),
        {"export": ("shop",), "profile": "mpc-63x88", "fit": True},
        "--fit does nothing here: no card of game 'wallet' is within 3 % of profile",
    ),
    (
        PAD,
        {"export": ("tts",)},
        "component 'cards' (sheet) has no Tabletop Simulator deck or die: left out of --export tts",
    ),
]


@pytest.mark.parametrize(("game", "options", "said"), IDLE, ids=[str(i[1]) for i in IDLE])
def test_a_flag_the_game_cannot_honour_is_told_naming_the_game(tmp_path, game, options, said):
    """Each option the game has nothing for: a warning at its game file (or the component
    left out) naming the game and why; the kit is still built."""
    root = _project(tmp_path, game)
    warned = _warned(root, tmp_path, **options)
    assert any(said in w for w in warned), warned
    assert manifest(tmp_path / "out/wallet")["game"] == "wallet"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (GAME, {"registration": True, "duplex": "long"}),
        (GAME, {"back_offset": (2.0, 0.0), "duplex": "short"}),
        (GAME, {"duplex": "none", "bleed": 0.0, "cut": "svg"}),
        (ONE_SIDED, {"registration": True, "export": ("tts",)}),
    ],
)
def test_a_flag_the_game_honours_is_not_told(tmp_path, game, options):
    root = _project(tmp_path, game)
    assert _warned(root, tmp_path, **options) == []


def test_a_setting_the_game_file_gives_for_nothing_is_told_at_it(tmp_path):
    """`registration-inset` in `print:` without the marks: a warning at its value, by the
    build and by validate; given --registration, it acts and nothing is told."""
    written = "print: {duplex: long, registration-inset: 12mm}"
    root = _project(tmp_path, GAME.replace(PRINT, written))
    said = "print: registration-inset does nothing here: the marks come with --registration"
    at = f"{_setting('12mm', written)}: "
    [warned] = _warned(root, tmp_path)
    assert warned.startswith(at) and warned.endswith(said)
    told = []
    check_game(Project(root), "wallet", BuildOptions(), told.append)
    [checked] = [f"game.yaml:{p.loc.line}:{p.loc.col}: {p.message}" for p in told]
    assert checked == warned
    assert _warned(root, tmp_path, registration=True) == []
    kit = tmp_path / "out/wallet"
    assert manifest(kit)["settings"]["registration-inset"]["value"] == "12mm"


def test_fold_sheets_keep_no_room_for_marks_they_never_carry(wallet, tmp_path):
    """A fold sheet is folded before it is cut: it carries no registration marks, so
    --registration leaves its cards where they were (and says it does nothing)."""
    out = tmp_path / "plain"
    build_game(Project(wallet), "wallet", out, BuildOptions())
    marked = tmp_path / "marked"
    build_game(Project(wallet), "wallet", marked, BuildOptions.of(registration=True))
    assert (out / "wallet/cards.pdf").read_bytes() == (marked / "wallet/cards.pdf").read_bytes()


def test_the_game_file_schema_offers_the_print_settings():
    """The editor's schema of `print:` names each setting a game may keep, typed as the
    command line's option, and no other key."""
    from bastelbogen.content.loader import GameFile

    schema = GameFile.schema()["properties"]["print"]
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {
        "paper",
        "duplex",
        "bleed",
        "margin",
        "registration",
        "registration-inset",
        "braille",
        "version-mark",
        "cut",
    }
    check = Draft202012Validator(schema)
    assert check.is_valid({"duplex": "fold", "bleed": 0, "registration-inset": "12mm"})
    for wrong in ({"duplex": "folded"}, {"bleed": 3}, {"jobs": 2}, {"registration": "yes"}):
        assert not check.is_valid(wrong), wrong
