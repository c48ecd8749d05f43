"""`pnp build --changed-since REF` prints only the pieces whose front or back draws
differently, with their backs behind them, and changes.pdf before and after; a kit can
carry a version mark in a corner of each front. Read back with pypdfium2 (text where it
stands), pypdf (tests/pdfread.py: placed faces) and json, none of which wrote them."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import ROOT, build, manifest, pnp, sides
from tests.pdfread import PT_PER_MM, trim_of

GAME = "muenchhausen"
SETS = "content/muenchhausen/sets.yaml"


@pytest.fixture
def root(tmp_path) -> Path:
    """A project holding a copy of Münchhausen's content (the shipped templates and fonts
    serve it as they serve the project)."""
    shutil.copytree(ROOT / "content" / GAME, tmp_path / "content" / GAME)
    return tmp_path


def _rename_taler(root: Path) -> None:
    """One set's name changed: its eight number cards draw differently, nothing else."""
    path = root / SETS
    text = path.read_text(encoding="utf-8")
    assert "currency: Taler," in text
    path.write_text(text.replace("currency: Taler,", "currency: Thaler,"), encoding="utf-8")


def _texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [page.get_textpage().get_text_range() for page in doc]


def _front_ids(kit: Path, path: str) -> list[str]:
    entry = next(f for f in manifest(kit)["files"] if f["path"] == path)
    return [i["id"] for p in entry["pages"] for i in p["items"] if i["side"] == "front"]


def _snapshot(out: Path) -> dict[str, bytes]:
    """Every file below out/, by its path: what a refused build must leave as it was."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_every_manifest_records_what_each_side_draws(root, tmp_path):
    """Each piece of each language has a fingerprint of its front and back (None: no back)
    and its copies; a common back has one fingerprint throughout."""
    kit = build(GAME, tmp_path / "out", project=root)
    faces = manifest(kit)["faces"]
    assert sorted(faces) == ["de", "en"]
    cards = faces["de"]["number-cards"]
    assert len(cards) == 64 and all(copies == 1 for _, _, copies in cards.values())
    assert len({back for _, back, _ in cards.values()}) == 1  # one back for the deck
    assert len({front for front, _, _ in cards.values()}) == 64
    assert faces["de"]["baron"]["baron"][1] is None  # a standee's one art
    assert faces["de"]["player-aids"]["aid"][2] == 8


def test_only_the_changed_pieces_are_printed_backs_behind_and_before_after(root):
    out = root / "out"
    build(GAME, out, project=root, label="v1")
    _rename_taler(root)
    kit = build(GAME, out, project=root, **{"changed-since": "v1"})
    m = manifest(kit)
    assert m["changed_since"] == "v1"
    # The eight Taler cards alone, each once, in the deck's own file; no rules, no aids.
    assert sorted(f["path"] for f in m["files"]) == ["changes.pdf", "number-cards.pdf"]
    assert sorted(_front_ids(kit, "number-cards.pdf")) == [f"taler-{n}" for n in range(1, 9)]
    placed = sides(kit, "number-cards")
    assert len(placed) == 8
    for front, back, *_ in placed:  # each back mirrored behind its front (long-edge flip)
        assert back is not None
        x, y, w, h = trim_of(front, 3 * PT_PER_MM)
        bx, by, _, _ = trim_of(back, 3 * PT_PER_MM)
        assert (bx, by) == pytest.approx((210 - x - w, y), abs=0.01)
    sheets = " ".join(_texts(kit / "number-cards.pdf"))
    assert sheets.count("Thaler") >= 8 and "Gulden" not in sheets
    # changes.pdf: each changed card before (the old kit's drawing) and after, shown once
    # for both languages (the deck has no words of theirs).
    shown = " ".join(_texts(kit / "changes.pdf"))
    for n in range(1, 9):
        assert f"number-cards / taler-{n} (front)" in shown
        assert f"{n} Taler" in shown and f"{n} Thaler" in shown
    assert "(back)" not in shown and "[de, en]" in shown
    # The manifest records the whole kit as it is now: the next build compares with all.
    assert len(m["faces"]["de"]["number-cards"]) == 64


def test_the_before_is_the_earlier_kits_drawing_where_it_stood(root):
    """The old face is shown through a window onto that piece alone: the old sheet's
    other cards do not show (read in pixels: the strip between two pairs stays white)."""
    out = root / "out"
    build(GAME, out, project=root, label="v1")
    _rename_taler(root)
    kit = build(GAME, out, project=root, **{"changed-since": "v1"})
    picture = pdfium.PdfDocument(kit / "changes.pdf")[0].render(scale=1).to_pil().convert("L")
    gap = [picture.getpixel((round(105 * PT_PER_MM), y)) for y in range(60, 780)]
    assert min(gap) > 250  # nothing of the old sheet beside the window
    middle = [picture.getpixel((round(30 * PT_PER_MM), y)) for y in range(80, 300)]
    assert min(middle) < 100  # and the old face itself inside it


def test_a_folder_ref_and_nothing_changed(root):
    """REF as the out folder of an earlier build; content touched and lines moved but
    drawn alike is no change: told, exit 0, nothing written."""
    first = root / "first"
    assert pnp("build", GAME, "--out", str(first), cwd=root).returncode == 0
    path = root / SETS
    path.write_text("# moved down a line\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    for p in (root / "content").rglob("*"):
        os.utime(p, (1e9, 1e9))  # dates say nothing
    out = root / "out"
    before = _snapshot(root)
    told = pnp("build", GAME, "--out", str(out), "--changed-since", str(first), cwd=root)
    assert told.returncode == 0, told.stderr
    assert "nothing changed since" in told.stderr and "no sheets written" in told.stderr
    assert _snapshot(root) == before and not out.exists()


def test_a_new_piece_is_printed_and_a_kit_folder_is_a_ref(root, tmp_path):
    """A piece REF did not have is new: printed, its before said to be new. English added:
    its sheets with words are new, the pieces without (the deck, the baron) printed then.
    A piece is chosen for every language the kit is built in (a file per language holds
    it in each)."""
    out = root / "out"
    kit = build(GAME, out, project=root, lang=("de",))
    shutil.copytree(kit, tmp_path / "v1")
    again = build(GAME, out, project=root, **{"changed-since": str(tmp_path / "v1")})
    shown = " ".join(_texts(again / "changes.pdf"))
    assert "new [en]" in shown  # English was not built then: each English sheet is new
    files = {f["path"] for f in manifest(again)["files"]}
    assert files == {
        "changes.pdf",
        *(f"{lang}/{name}.pdf" for lang in ("de", "en") for name in ("player-aids", "score-sheet")),
    }


def _corner_marks(kit: Path, path: str, mark: str) -> tuple[int, int]:
    """How many fronts of the file show `mark` inside their trim, near a corner; how many
    fronts it has."""
    entry = next(f for f in manifest(kit)["files"] if f["path"] == path)
    doc = pdfium.PdfDocument(kit / path)
    found = fronts = 0
    for info in entry["pages"]:
        text = doc[info["number"] - 1].get_textpage()
        for item in info["items"]:
            if item["side"] != "front":
                continue
            fronts += 1
            x, y, w, h = (v * PT_PER_MM for v in item["trim_mm"])
            inside = text.get_text_bounded(x, y, x + w, y + h)
            corners = [
                text.get_text_bounded(cx, cy, cx + 14 * PT_PER_MM, cy + 14 * PT_PER_MM)
                for cx in (x, x + w - 14 * PT_PER_MM)
                for cy in (y, y + h - 14 * PT_PER_MM)
            ]
            found += mark in inside and any(mark in c for c in corners)
    return found, fronts


def test_a_version_mark_in_a_corner_of_each_front_only_when_asked(root, tmp_path):
    marked = build(GAME, tmp_path / "a", project=root, **{"version-mark": "v7-test"})
    found, fronts = _corner_marks(marked, "number-cards.pdf", "v7-test")
    assert found == fronts == 64
    backs = _texts(marked / "number-cards.pdf")[1::2]
    assert not any("v7-test" in page for page in backs)  # a back tells no card apart
    assert manifest(marked)["options"]["version-mark"] == "v7-test"
    plain = build(GAME, tmp_path / "b", project=root)
    assert _corner_marks(plain, "number-cards.pdf", "v7-test")[0] == 0
    # The mark is no change of a piece: a later build compares what the design draws.
    assert manifest(marked)["faces"] == manifest(plain)["faces"]


def test_the_mark_can_be_the_games_own_version(root, tmp_path):
    """`--version-mark version` prints the game file's `version:`; a game without one is a
    usage error naming the option and the file to write it in, and nothing is written."""
    game_file = root / "content" / GAME / "game.yaml"
    plain = game_file.read_text()
    out = tmp_path / "out"
    refused = pnp("build", GAME, "--version-mark", "version", "--out", str(out), cwd=root)
    assert refused.returncode == 2 and "--version-mark version" in refused.stderr
    assert "game.yaml" in refused.stderr and not out.exists()
    game_file.write_text(plain.replace("\nplayers:", "\nversion: v7-file\nplayers:", 1))
    marked = build(GAME, tmp_path / "a", project=root, **{"version-mark": "version"})
    assert _corner_marks(marked, "number-cards.pdf", "v7-file")[0] == 64
    game_file.write_text(plain.replace("\nplayers:", "\nversion: " + "v" * 25 + "\nplayers:", 1))
    long = pnp("build", GAME, "--out", str(out), cwd=root)
    assert long.returncode == 1 and "game.yaml:" in long.stderr and "24" in long.stderr


def _hostile(root: Path, tmp_path: Path) -> dict[str, str]:
    """REFs that are no earlier build of the game, each by what it is."""
    other = tmp_path / "other"
    shutil.copytree(ROOT / "content" / "mytown", root / "content" / "mytown")
    assert pnp("build", "mytown", "--out", str(other), cwd=root).returncode == 0
    good = json.loads((root / "out" / GAME / "manifest.json").read_text())
    cases = {
        "another game's kit": str(other / "mytown"),
        "a missing folder": str(tmp_path / "nowhere"),
        "an unknown label": "playtest-9",
    }
    for name, manifest_text in {
        "no manifest": None,
        "bad JSON": "{not json",
        "wrong types": json.dumps({**good, "faces": {"de": {"number-cards": {"x": [1, 2]}}}}),
        "no fingerprints": json.dumps({k: v for k, v in good.items() if k != "faces"}),
        "a file outside": json.dumps({**good, "files": [{"path": "../../../etc/passwd"}]}),
        "a list": "[]",
        **{
            f"a piece {what}": _placed_as(good, key, value)
            for what, key, value in (
                ("of no width", 2, 0),
                ("placed at infinity", 0, "Infinity"),
                ("of a size past any float", 3, 10**400),
                ("turned 45 degrees", "rotation", 45),
            )
        },
    }.items():
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        if manifest_text is not None:
            (folder / "manifest.json").write_text(manifest_text)
        cases[name] = str(folder)
    return cases


def test_a_ref_that_is_no_earlier_build_is_a_usage_error(root, tmp_path):
    """Each refused before anything is written: exit 2, the option named, out/ as it was."""
    assert pnp("build", GAME, "--out", "out", cwd=root).returncode == 0
    cases = _hostile(root, tmp_path)
    before = _snapshot(root / "out")
    for name, ref in cases.items():
        told = pnp("build", GAME, "--out", "out", "--changed-since", ref, cwd=root)
        assert told.returncode == 2, (name, told.stderr)
        assert "--changed-since" in told.stderr and "Traceback" not in told.stderr, name
        assert _snapshot(root / "out") == before, name


def _placed_as(manifest: dict, key: int | str, value: object) -> str:
    """The manifest with every placed piece's trim number `key` (or its `rotation`) set to
    `value`, written as JSON (Infinity as Python's json writes it)."""
    changed = json.loads(json.dumps(manifest))
    for entry in changed["files"]:
        for page in entry.get("pages", []):
            for item in page.get("items", []):
                if "component" not in item:
                    continue
                if key == "rotation":
                    item["rotation"] = value
                else:
                    item["trim_mm"][key] = float("inf") if value == "Infinity" else value
    return json.dumps(changed)


def test_a_label_is_never_written_through_a_link_or_in_place_of_a_file(root, tmp_path):
    """--label keeps the kit in out/.<game>.labels/NAME: a link in that place (to a folder
    elsewhere) or a file where the folder belongs is a usage error before anything is
    written; nothing reaches the link's target and out/ stays as it was."""
    out = root / "out"
    assert pnp("build", GAME, "--out", "out", cwd=root).returncode == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / f".{GAME}.labels").mkdir()
    (out / f".{GAME}.labels" / "x").symlink_to(elsewhere)
    before = _snapshot(out)
    linked = pnp("build", GAME, "--out", "out", "--label", "x", cwd=root)
    assert linked.returncode == 2 and "--label x" in linked.stderr, linked.stderr
    assert not list(elsewhere.iterdir()) and _snapshot(out) == before
    shutil.rmtree(out / f".{GAME}.labels")
    (out / f".{GAME}.labels").write_text("not a folder")
    before = _snapshot(out)
    filed = pnp("build", GAME, "--out", "out", "--label", "y", cwd=root)
    assert filed.returncode == 2 and "--label y" in filed.stderr, filed.stderr
    assert _snapshot(out) == before


def test_nothing_changed_still_keeps_the_label_and_a_removal_is_told(root, tmp_path):
    """With nothing changed the label is kept all the same (it names the kit as it was),
    so a later build compares with it; a piece gone since is a change: the page of
    changes lists it, though no sheet is printed."""
    assert pnp("build", GAME, "--out", "out", "--label", "a", cwd=root).returncode == 0
    same = pnp("build", GAME, "--out", "out", "--changed-since", "a", "--label", "b", cwd=root)
    assert same.returncode == 0 and "nothing changed since a" in same.stderr
    again = pnp("build", GAME, "--out", "out", "--changed-since", "b", cwd=root)
    assert again.returncode == 0 and "nothing changed since b" in again.stderr, again.stderr


def test_a_piece_gone_is_a_change_told_on_the_page(tmp_path):
    """A piece gone since the earlier build is a change: no sheet is printed, and the page
    of changes lists it by name (it was told "nothing changed")."""
    root = tmp_path / "project"
    for part in ("content", "templates"):
        shutil.copytree(ROOT / "examples" / part / "squib-tutorial", root / part / "squib-tutorial")
    args = ("build", "squib-tutorial", "--out", "out")
    assert pnp(*args, "--label", "a", cwd=root).returncode == 0
    game, deck = (root / "content" / "squib-tutorial" / n for n in ("game.yaml", "deck.csv"))
    deck.write_text("".join(x for x in deck.read_text().splitlines(True) if "Sage" not in x))
    game.write_text(game.read_text().replace("equals: 10}", "equals: 9}"))
    gone = pnp(*args, "--changed-since", "a", cwd=root)
    assert gone.returncode == 0 and "nothing changed" not in gone.stderr, gone.stderr
    kit = root / "out" / "squib-tutorial"
    # no sheet of pieces; the rulebook, which counts one card fewer, is not printed again
    # (a reprint is of pieces): the page of changes says so, and a whole build prints it
    assert sorted(p.name for p in kit.glob("*.pdf")) == ["changes.pdf"]
    page = pdfium.PdfDocument(kit / "changes.pdf")[0].get_textpage().get_text_range()
    assert "Gone since then" in page and "Sage" in page
    assert "Not printed again: the cheat sheet and the rulebook" in " ".join(page.split())
    assert pnp(*args, cwd=root).returncode == 0
    book = pdfium.PdfDocument(kit / "rulebook.pdf")[1].get_textpage().get_text_range()
    assert "9 Cards" in book


def test_exports_are_of_the_whole_game(root):
    """--export with --changed-since would export a few pieces as if they were the game
    (an upload replacing the deck): a usage error naming both."""
    assert pnp("build", GAME, "--out", "out", "--label", "a", cwd=root).returncode == 0
    told = pnp("build", GAME, "--out", "out", "--changed-since", "a", "--export", "tts", cwd=root)
    assert told.returncode == 2 and "--changed-since" in told.stderr and "--export" in told.stderr


def test_an_earlier_page_naming_a_font_it_lacks_is_not_carried_over(root):
    """The page of changes shows each earlier piece by carrying its earlier sheet over: a
    sheet there that names a font it does not carry (put there by hand, not by us) is shown
    as one that cannot be read, so changes.pdf still carries every font it names."""
    from reportlab.pdfgen.canvas import Canvas as BareCanvas

    from tests.test_fonts_embedded import assert_all_embedded

    assert pnp("build", GAME, "--out", "out", "--label", "a", cwd=root).returncode == 0
    kept = root / "out" / f".{GAME}.labels" / "a" / "number-cards.pdf"
    pages = len(pdfium.PdfDocument(kept))
    kept.unlink()  # a link to the kit's file: the kit keeps its own
    bare = BareCanvas(str(kept))
    for _ in range(pages):
        bare.setFont("Helvetica", 12)
        bare.drawString(100, 100, "Taler")
        bare.showPage()
    bare.save()
    _rename_taler(root)
    assert pnp("build", GAME, "--out", "out", "--changed-since", "a", cwd=root).returncode == 0
    assert_all_embedded(root / "out" / GAME / "changes.pdf")


def test_a_mark_the_font_cannot_draw_is_a_usage_error(root):
    """A mark in letters the game's font lacks would print empty boxes: refused, naming
    the option and the letters, before anything is written."""
    told = pnp("build", GAME, "--out", "out", "--version-mark", "\u6f22\u5b57 v2", cwd=root)
    assert told.returncode == 2 and "--version-mark" in told.stderr and "\u6f22" in told.stderr
    assert not (root / "out").exists()


def test_a_chain_of_labelled_reprints_keeps_every_face_of_then(tmp_path):
    """Label each print: p1 the whole kit, p2 a reprint of one card changed since p1. A card
    changed after p2 was printed in p1, not in p2: p2 keeps p1's sheets of it, so the page of
    changes since p2 shows its face of then (it said "cannot be read")."""
    root = tmp_path / "project"
    for part in ("content", "templates"):
        shutil.copytree(ROOT / "examples" / part / "squib-tutorial", root / part / "squib-tutorial")
    args = ("build", "squib-tutorial", "--out", "out")
    deck = root / "content" / "squib-tutorial" / "deck.csv"
    assert pnp(*args, "--label", "p1", cwd=root).returncode == 0
    deck.write_text(deck.read_text().replace("Draw two cards.", "Draw three cards."))
    assert pnp(*args, "--changed-since", "p1", "--label", "p2", cwd=root).returncode == 0
    deck.write_text(deck.read_text().replace("Swap two cards", "Swap any two cards"))
    third = pnp(*args, "--changed-since", "p2", cwd=root)
    assert third.returncode == 0, third.stderr
    kit = root / "out" / "squib-tutorial"
    text = " ".join(
        page.get_textpage().get_text_range() for page in pdfium.PdfDocument(kit / "changes.pdf")
    )
    assert "cannot be read" not in text, text
    assert "Swap two cards" in " ".join(text.split()) and "Swap any two" in " ".join(text.split())
