"""The My Town kit, read back from the written PDFs and rendered pages."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from bastelbogen.content.kinds import stand
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import PAPERS
from tests.conftest import ROOT, manifest, pnp, printed, sides, validate_fails
from tests.pdfread import PT_PER_MM, read, trim_of
from tests.render import Rendered, close

BUILDINGS = {"E": 2, "F": 2, "G": 2, "H": 2, "I": 2, "K": 3, "L": 3, "M": 3, "N": 3, "O": 3, "P": 3}


def _fronts(kit):
    """Each tile's first front: page number and placement matrix, by item id (of the pages
    of tiles.pdf), and every tile's size wherever it is printed."""
    where, sizes = {}, []
    for front, _back, path, n, item in sides(kit, "tiles"):
        sizes.append(trim_of(front, 3 * PT_PER_MM))
        if path == "tiles.pdf":
            where.setdefault(item["id"], (n, front.matrix))
    return where, sizes


@pytest.mark.parametrize("theme", ["town", "animals"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short", "fold", "none"])
def test_86_tiles_of_50_by_20(kits, paper, duplex, theme):
    kit = kits("mytown", paper=paper, duplex=duplex, theme=theme)
    _, sizes = _fronts(kit)
    assert len(sizes) == 86
    for _x, _y, w, h in sizes:
        assert sorted((w, h)) == pytest.approx([20.0, 50.0], abs=0.01)
    ids = Counter(item["id"] for *_, item in sides(kit, "tiles"))
    assert ids["A"] == 5 and ids["E1"] == ids["E2"] == 3 and ids["K2"] == 2 and "J1" not in ids


@pytest.mark.parametrize("theme", ["town", "animals"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_sit_behind_their_fronts(kits, theme, duplex):
    kit = kits("mytown", duplex=duplex, theme=theme, offset="0.5mm,-1mm")
    _, pages = read(kit / "tiles.pdf")
    pw, ph = (v / PT_PER_MM for v in pages[0].size)
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        assert len({p.name for p in back.placed}) == 1  # one back for all tiles
        for f, b in zip(front.placed, back.placed, strict=True):
            x, y, w, h = trim_of(f, 3 * PT_PER_MM)
            bx, by, _, _ = trim_of(b, 3 * PT_PER_MM)
            expect = (pw - x - w + 0.5, y - 1) if duplex == "long" else (x + 0.5, ph - y - h - 1)
            assert (bx, by) == pytest.approx(expect, abs=0.01)


def _column(renders, kit, where, iid, x_mm):
    n, matrix = where[iid]
    if n not in renders:
        renders[n] = Rendered(kit / "tiles.pdf", n, 300)
    # The picture's height: from the label band (8 mm up) to the top edge.
    return [renders[n].at_local(matrix, x_mm, 9 + k * 0.5) for k in range(80)]


def _difference(a, b) -> float:
    return sum(
        abs(p - q) for pa, pb in zip(a, b, strict=True) for p, q in zip(pa, pb, strict=True)
    ) / (3 * len(a))


@pytest.mark.parametrize("theme", ["town", "animals"])
def test_building_parts_continue_each_other_and_strangers_do_not(kits, theme):
    """Rendered at 300 dpi: the pixel column at the right edge of part k against the left
    edge of every tile that could be laid beside it."""
    kit = kits("mytown", duplex="none", theme=theme)
    where, _ = _fronts(kit)
    renders: dict = {}
    for t, parts in BUILDINGS.items():
        for k in range(1, parts + 1):
            right = _column(renders, kit, where, f"{t}{k}", 19.96)
            if k < parts:
                fits = _difference(right, _column(renders, kit, where, f"{t}{k + 1}", 0.04))
                assert fits < 5, (t, k, fits)
            # Any other part, of this building or another, shows a step at the seam.
            for u, other_parts in BUILDINGS.items():
                for j in range(1, other_parts + 1):
                    if (u, j) != (t, k + 1):
                        stranger = _column(renders, kit, where, f"{u}{j}", 0.04)
                        assert _difference(right, stranger) > 6, (t, k, u, j)


def test_the_two_themes_look_different(kits):
    town = Rendered(kits("mytown", duplex="none", theme="town") / "tiles.pdf", 0, 40).image
    animals = Rendered(kits("mytown", duplex="none", theme="animals") / "tiles.pdf", 0, 40).image
    grey = ImageChops.difference(town, animals).convert("L")
    histogram = grey.histogram()
    differing = sum(histogram[20:])  # pixels that changed by more than a shade
    assert differing / (grey.width * grey.height) > 0.3


def test_labels_say_type_and_part(kits):
    text = PdfReader(str(kits("mytown", duplex="none") / "tiles.pdf")).pages[1].extract_text()
    labels = set(re.findall(r"\b([A-P])(?: ([123])/([23]))?\b", text))
    assert ("K", "2", "3") in labels or ("E", "1", "2") in labels
    for letter, part, parts in labels:
        if part:
            assert BUILDINGS[letter] == int(parts) and 1 <= int(part) <= int(parts)


def test_the_bench_holds_a_row_of_ten_with_room(kits):
    kit = kits("mytown")
    strips = [item for *_, item in sides(kit, "benches")]
    assert len(strips) == 4 and {i["kind"] for i in strips} == {"stand"}
    plan = stand.plan((mm(20), mm(50)), 10, mm(1))
    length, depth = (v / PT_PER_MM for v in plan.size)
    # Ten 20 mm tiles with 1 mm to spare beside each: 211 mm, read back from the PDF.
    for strip in strips:
        assert sorted(strip["trim_mm"][2:]) == pytest.approx(sorted([211.0, depth]), abs=0.01)
    assert length >= 10 * 20 + 11 * 1 - 1e-6
    assert plan.ledge / PT_PER_MM >= 2.0  # a tile glued on card stands in it


def test_bench_cut_and_fold_lines_have_their_own_styles(kits):
    _, pages = read(printed(kits("mytown"), "benches.pdf"), forms=True)
    lines = [ln for ln in pages[0].lines if ln.in_form]
    styles = Counter(ln.dash for ln in lines)
    plan = stand.plan((mm(20), mm(50)), 10, mm(1))
    folds = Counter(kind for _, kind in plan.folds)
    benches = len(pages[0].placed)
    assert styles[()] >= 4 * benches  # the outlines, solid
    assert styles[(3.0, 2.0)] == folds["valley"] * benches
    assert styles[(4.0, 1.5, 1.0, 1.5)] == folds["mountain"] * benches >= 2
    widths = {ln.dash: ln.width for ln in lines}
    assert widths[()] > widths[(3.0, 2.0)]  # cuts are heavier than folds


def test_score_pad_columns(kits):
    text = PdfReader(str(kits("mytown") / "de/score-pad.pdf")).pages[0].extract_text()
    for word in ("2er ×4", "3er ×9", "1er 1/3/6/10", "1er doppelt −5", "Summe", "Spiel 5"):
        assert word in text
    # Four players a game: the grid has 20 rows under its header.
    _, pages = read(kits("mytown") / "de/score-pad.pdf", forms=True)
    rows = {round(ln.y1, 1) for ln in pages[0].lines if abs(ln.y1 - ln.y2) < 0.01}
    assert len(rows) >= 22


# Bad content: (file, old, new, what the message must say)
BAD = {
    "85_tiles": (
        "content/mytown/game.yaml",
        "{type: A, parts: 1, part: 1, count: 5}",
        "{type: A, parts: 1, part: 1, count: 4}",
        r"^content/mytown/game\.yaml:\d+:\d+: component 'tiles' has 85 items, but this"
        r" check asks for exactly 86",
    ),
    "building_missing_a_part": (
        "content/mytown/game.yaml",
        "{type: M, parts: 3, each: {part: [1, 2, 3]}",
        "{type: M, parts: 3, each: {part: [1, 3]}",
        r"^content/mytown/game\.yaml:\d+:\d+: type 'M' of component 'tiles' has part 1/3, 3/3"
        r" but no part 2/3",
    ),
    "fifth_single": (
        "content/mytown/types.yaml",
        "- {id: E, kind: building",
        "- {id: Q, kind: single, name: {de: Bank, en: Bench}}\n- {id: E, kind: building",
        r"^content/mytown/types\.yaml:\d+:\d+: table 'types' where kind is 'single': id 'Q' is"
        r" not allowed; the rules allow exactly 'A', 'B', 'C', 'D'",
    ),
    "label_twice": (
        "content/mytown/game.yaml",
        "{type: P, parts: 3, each: {part: [1, 2, 3]}, count: 2}",
        "{type: P, parts: 3, each: {part: [1, 2, 3]}, count: 2}\n      - {type: P, parts: 3,"
        " part: 2}",
        r"^content/mytown/game\.yaml:\d+:\d+: duplicate id 'P2' in component 'tiles'",
    ),
    "theme_parameter_misspelt": (
        "content/mytown/themes/town.yaml",
        'roof: gable, roof-colour: "#b5523b"',
        'roof: gable, roof-color: "#b5523b"',
        r"^content/mytown/themes/town\.yaml:\d+:\d+: theme 'town', 'E': motif 'building' has"
        r" no parameter 'roof-color'",
    ),
    "theme_unknown_roof": (
        "content/mytown/themes/town.yaml",
        'roof: gable, roof-colour: "#b5523b"',
        'roof: pagoda, roof-colour: "#b5523b"',
        r"^content/mytown/themes/town\.yaml:\d+:\d+: theme 'town', 'E': 'roof' must be one of"
        r" gable, .* got 'pagoda'",
    ),
    "theme_value_of_wrong_type": (
        "content/mytown/themes/town.yaml",
        "floors: 8,",
        "floors: eight,",
        r"^content/mytown/themes/town\.yaml:\d+:\d+: theme 'town', 'L': 'floors' must be a whole"
        r" number, got 'eight'",
    ),
    "theme_features_not_a_list": (
        "content/mytown/themes/town.yaml",
        "features: [timber, chimney]",
        "features: timber",
        r"^content/mytown/themes/town\.yaml:\d+:\d+: theme 'town', 'E': 'features' must be a"
        r" list",
    ),
    "theme_unknown_motif": (
        "content/mytown/themes/animals.yaml",
        "motif: crocodile",
        "motif: alligator",
        r"^content/mytown/themes/animals\.yaml:\d+:\d+: theme 'animals', 'K': unknown motif"
        r" 'alligator'",
    ),
    "theme_picture_missing": (
        "content/mytown/themes/town.yaml",
        'A: {motif: tree, colour: "#3f8f3a"}',
        "A: {image: pictures/oak.png}",
        r"^content/mytown/themes/town\.yaml:\d+:\d+: theme 'town', 'A': image file not found:"
        r" pictures/oak\.png",
    ),
    "bench_holds_nothing": (
        "content/mytown/game.yaml",
        "holds: {component: tiles,",
        "holds: {component: tile,",
        r"^content/mytown/game\.yaml:\d+:\d+: stand 'benches' holds component 'tile', which"
        r" does not exist",
    ),
    "parts_disagree_with_type": (
        "content/mytown/types.yaml",
        "{id: E, kind: building, parts: 2",
        "{id: E, kind: building, parts: 3",
        r"^content/mytown/game\.yaml:\d+:\d+: type 'E' has 3 part\(s\) in types\.yaml, but this"
        r" entry says parts: 2",
    ),
    "unknown_kind": (
        "content/mytown/types.yaml",
        "{id: F, kind: building",
        "{id: F, kind: buildin",
        r"^content/mytown/types\.yaml:\d+:\d+: table 'types': kind 'buildin' is not allowed",
    ),
    "no_tile_of_a_single": (
        "content/mytown/game.yaml",
        "- {type: D, parts: 1, part: 1, count: 5}",
        "- {type: C, parts: 1, part: 1, count: 5}",
        r"^content/mytown/game\.yaml:\d+:\d+: component 'tiles' where parts is 1 has no type"
        r" 'D'",
    ),
    "theme_missing_a_motif": (
        "content/mytown/themes/animals.yaml",
        '  K: {motif: crocodile, colour: "#3f8f3a"}\n',
        "",
        r"^content/mytown/themes/animals\.yaml:\d+:\d+: theme 'animals' has no motif for 'K'",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_validate_names_what_is_wrong(project_copy, case):
    validate_fails(project_copy, "mytown", BAD[case])


def test_own_pictures_are_cut_across_the_building(project_copy, tmp_path):
    """A theme may give its own picture: made here, red on the left, blue on the right."""
    pictures = project_copy / "content/mytown/pictures"
    pictures.mkdir()
    image = Image.new("RGB", (600, 420), (230, 40, 40))
    image.paste((40, 60, 220), (300, 0, 600, 420))
    image.save(pictures / "hall.png")
    (pictures / "tree.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="42" viewBox="0 0 20 42">'
        '<rect width="20" height="42" fill="#20a040"/></svg>'
    )
    theme = project_copy / "content/mytown/themes/town.yaml"
    text = theme.read_text()
    text = re.sub(
        r"  K: \{motif: building.*?\n(  L:)",
        "  K: {image: pictures/hall.png}\n\\1",
        text,
        flags=re.S,
    )
    text = text.replace('A: {motif: tree, colour: "#3f8f3a"}', "A: {image: pictures/tree.svg}")
    theme.write_text(text)
    kit = build_in(project_copy, tmp_path)
    where, _ = _fronts(kit)
    renders: dict = {}
    left = _column(renders, kit, where, "K1", 5)
    right = _column(renders, kit, where, "K3", 15)
    assert all(close(px, "#e62828", tol=30) for px in left)
    assert all(close(px, "#283cdc", tol=30) for px in right)
    seam = _difference(
        _column(renders, kit, where, "K1", 19.96), _column(renders, kit, where, "K2", 0.04)
    )
    assert seam < 5
    tree = _column(renders, kit, where, "A", 10)
    assert all(close(px, "#20a040", tol=30) for px in tree)
    # The picture runs on into the bleed, outside the first part's left edge and above.
    n, matrix = where["K1"]
    assert close(renders[n].at_local(matrix, -1.5, 30), "#e62828", tol=30)
    assert close(renders[n].at_local(matrix, 10, 51.5), "#e62828", tol=30)


def test_a_sign_the_font_cannot_write(project_copy):
    theme = project_copy / "content/mytown/themes/town.yaml"
    theme.write_text(theme.read_text().replace("sign: BÄCKEREI", 'sign: "BÄCKEREI ★"'))
    result = pnp("validate", "mytown", cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"^templates/mytown/tile\.yaml:\d+:\d+: item 'F1' \(front\): the font has"
        r" no glyph for '★'",
        result.stderr,
        re.M,
    ), result.stderr


def build_in(root, out):
    from bastelbogen.layout.imposition import PrintSettings
    from bastelbogen.pipeline.build import BuildOptions, Project, build_game

    return build_game(
        Project(root), "mytown", out, BuildOptions(settings=PrintSettings(duplex="none"))
    )


def test_kit_contents(kits):
    m = manifest(kits("mytown"))
    assert m["theme"] == "town"
    fronts = Counter()
    for f in m["files"]:
        for page in f["pages"]:
            fronts[f["path"]] += sum(i["side"] == "front" for i in page["items"])
    # The benches carry words: once per language; on A4 nothing shares a sheet. The
    # rulebook's files hold no pieces (+ drops their zero counts); they are read below.
    assert +fronts == {
        "tiles.pdf": 86,
        "de/benches.pdf": 4,
        "en/benches.pdf": 4,
        "de/score-pad.pdf": 1,
        "en/score-pad.pdf": 1,
        "de/rules.pdf": 1,
        "en/rules.pdf": 1,
    }
    books = {f["path"]: len(f["pages"]) for f in m["files"] if "rulebook" in f["path"]}
    for lang in ("de", "en"):
        pages = books[f"{lang}/rulebook.pdf"]
        assert pages >= 4
        assert books[f"{lang}/rulebook-pages.pdf"] == pages
        # the booklet: two sides a sheet, four A5 pages a sheet, padded to four
        assert books[f"{lang}/rulebook-booklet.pdf"] == 2 * -(-pages // 4)
    assert len(books) == 6


def test_unknown_theme(tmp_path):
    result = pnp("build", "mytown", "--theme", "robots", "--out", str(tmp_path), cwd=ROOT)
    assert (
        result.returncode == 2
        and "no theme 'robots' (themes: town, animals)" in result.stderr
        and "Traceback" not in result.stderr
    )


def test_print_guide_says_which_files_go_double_sided(kits):
    guide = (kits("mytown") / "PRINT.txt").read_text()
    lines = {ln.split()[0]: ln for ln in guide.splitlines() if ".pdf" in ln}
    assert "double-sided, flip on the long edge" in lines["tiles.pdf"]
    for name in ("de/benches.pdf", "en/benches.pdf", "de/score-pad.pdf", "de/rules.pdf"):
        assert "one-sided" in lines[name] and "double" not in lines[name]


def test_the_cheat_sheet_says_what_the_seed_says(kits):
    """After the first draw the four tiles received are passed on (no new draw each
    time), and the −5 rule is the seed's: a single may not be owned twice at the end."""
    rules = " ".join(
        PdfReader(str(printed(kits("mytown"), "rules.pdf"))).pages[0].extract_text().split()
    )
    assert "mit den 4 Plättchen, die er vom rechten Nachbarn bekommt, wieder genau eins" in rules
    assert (
        "Einzelplättchen (A–D) darf man am Spielende nicht doppelt besitzen: für jedes"
        " verbotene zweite gibt es 5 Strafpunkte"
    ) in rules


def test_lines_mean_one_thing_in_the_cut_files_and_the_guide(kits):
    """A bench folds three times away from its print (mountain, dash-dotted in the PDF) and
    twice toward it (valley, dashed), in the SVG each kind in its own score group; PRINT.txt
    says so."""
    import xml.etree.ElementTree as ET

    kit = kits("mytown", svg=True)
    ns = {"s": "http://www.w3.org/2000/svg"}
    root = ET.parse(kit / "cut/benches-1.svg").getroot()
    benches = len(root.findall(".//s:g[@id='cut']/s:rect", ns))
    valley = root.findall(".//s:g[@id='score-valley']/s:line", ns)
    mountain = root.findall(".//s:g[@id='score-mountain']/s:line", ns)
    assert benches >= 1 and len(valley) == 2 * benches and len(mountain) == 3 * benches
    # Solid in the cut file, to score: a machine set to cut would cut a dashed line through.
    assert root.find(".//s:g[@id='score-mountain']", ns).get("stroke-dasharray") is None
    guide = (kit / "PRINT.txt").read_text()
    assert "strichpunktiert: nach hinten falten (Berg)" in guide
    assert "dash-dotted: fold away (mountain)" in guide


@pytest.mark.parametrize(
    "theme,present,absent",
    [
        ("town", ("Stadt", "Gebäude"), ("Tierreihe",)),
        ("animals", ("Tierreihe", "2er-Tiere"), ("Stadt", "Gebäude")),
    ],
)
def test_the_cheat_sheet_follows_the_theme(kits, theme, present, absent):
    rules = " ".join(
        PdfReader(str(printed(kits("mytown", theme=theme), "rules.pdf")))
        .pages[0]
        .extract_text()
        .split()
    )
    assert all(word in rules for word in present) and not any(w in rules for w in absent)


def test_a_term_a_theme_lacks_is_located(project_copy):
    theme = project_copy / "content" / "mytown" / "themes" / "animals.yaml"
    theme.write_text(theme.read_text().replace("{town: Tierreihe, ", "{", 1))
    result = pnp("validate", "mytown", cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    # the rulebook's terms are checked against every theme first, each at its line
    assert re.search(
        r"rulebook/de\.md:\d+:\d+: \{\{term:town\}\}: theme 'animals' has no term 'town'"
        r" in 'de' \(themes/animals\.yaml\)",
        result.stderr,
    ), result.stderr
    game = project_copy / "content" / "mytown" / "game.yaml"
    game.write_text(re.sub(r"(?m)^rulebook:.*\n", "", game.read_text()))
    result = pnp("validate", "mytown", cwd=project_copy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(
        r"rules\.yaml:\d+:\d+: in '.*terms\.town.*': 'dict object' has no"
        r" attribute 'town'",
        result.stderr,
    ), result.stderr


def test_every_component_has_cut_files(tmp_path):
    """--cut svg: a cut file for every sheet of every component cut out, the benches (cut by
    their own drawn lines, no crop marks) too: each bench one closed rectangle at its trim, and its
    three mountain and two valley folds in their own groups, where the manifest puts them."""
    import xml.etree.ElementTree as ET

    from tests.conftest import build

    kit = build("mytown", tmp_path, svg=True)
    m = manifest(kit)
    ns = {"s": "http://www.w3.org/2000/svg"}
    sheets = {
        f["path"]
        for f in m["files"]
        if f["path"].endswith(".pdf")
        and f.get("lang") in (None, "de")
        and not f["path"].endswith("rules.pdf")
    }
    cut = {f["path"] for f in m["files"] if f["path"].startswith("cut/")}
    # The score pad is a page to write on, not cut out: no cut file.
    assert "de/score-pad.pdf" in sheets and not any(c.startswith("cut/score-pad") for c in cut)
    sheets.discard("de/score-pad.pdf")
    for pdf in sheets:
        pages = next(f for f in m["files"] if f["path"] == pdf)["pages"]
        fronts = [p for p in pages if any(i["side"] == "front" for i in p["items"])]
        stem = pdf.removesuffix(".pdf").removeprefix("de/")  # one cut file for all languages
        assert {f"cut/{stem}-{n}.svg" for n in range(1, len(fronts) + 1)} <= cut, pdf
    benches = next(f for f in m["files"] if f["path"] == "de/benches.pdf")["pages"][0]
    root = ET.parse(kit / "cut/benches-1.svg").getroot()
    page_h = float(root.get("viewBox").split()[3])
    rects = sorted(
        (
            float(r.get("x")),
            round(page_h - float(r.get("y")) - float(r.get("height")), 3),
            float(r.get("width")),
            float(r.get("height")),
        )
        for r in root.iterfind(".//s:g[@id='cut']/s:rect", ns)
    )
    trims = sorted(tuple(i["trim_mm"]) for i in benches["items"] if i["side"] == "front")
    assert len(rects) == len(trims)
    for got, want in zip(rects, trims, strict=True):
        assert list(got) == pytest.approx(list(want), abs=0.01)
    mountains = root.findall(".//s:g[@id='score-mountain']/s:line", ns)
    valleys = root.findall(".//s:g[@id='score-valley']/s:line", ns)
    assert len(mountains) == 3 * len(trims) and len(valleys) == 2 * len(trims)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_two_benches_to_a_sheet(kits, paper):
    """A bench strip is shallow enough to lie twice across the printable width: the four
    benches come on two sheets, two on each, in each language's file that the manifest says
    holds them (benches.pdf on A4; on Letter the shared parts.pdf, where a pair of benches
    leaves room for the two tiles left over), read back from the PDF too (two of each
    panel's words on each of those pages)."""
    kit = kits("mytown", paper=paper)
    for lang, rest in (("de", "Lehne: hier lehnen"), ("en", "Rest: the 10 tiles lean")):
        on = [
            (f["path"], page["number"], n)
            for f in manifest(kit)["files"]
            if f["path"].startswith(f"{lang}/")
            for page in f.get("pages", [])
            for n in [sum(i.get("component") == "benches" for i in page["items"])]
            if n
        ]
        assert [n for *_, n in on] == [2, 2], (lang, paper, on)
        assert len({path for path, *_ in on}) == 1, on  # the benches stay in one file
        for path, number, _ in on:
            text = PdfReader(str(kit / path)).pages[number - 1].extract_text()
            assert " ".join(text.split()).count(rest) == 2, (path, number)


STEP_WORDS = {
    "de": ("1 Ausschneiden", "2 Lasche hochklappen", "3 Ablage und Rand"),
    "en": ("1 Cut out", "2 Fold the tab up", "3 Fold the ledge"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_folding_steps_are_drawn_on_every_bench(kits, lang):
    """Each bench carries its three numbered steps in words, and beside each a drawing:
    ink of the strip and the glue tab's ochre in the step's picture, read in pixels from the
    base panel (whose place follows from the stand's own plan)."""
    kit = kits("mytown")
    text = " ".join(PdfReader(str(kit / lang / "benches.pdf")).pages[0].extract_text().split())
    for words in STEP_WORDS[lang]:
        assert text.count(words) == 2, words
    _, pages = read(kit / lang / "benches.pdf")
    page = Rendered(kit / lang / "benches.pdf", 0, 200)
    panels = {name: (y0, y1) for name, y0, y1 in stand.plan((mm(20), mm(50)), 10, mm(1)).panels}
    b0, b1 = (v / PT_PER_MM for v in panels["base"])
    cell = (211 - 8 - 30) / 3
    for placed in pages[0].placed:
        matrix = placed.matrix
        for n in range(3):
            x0 = 4 + 30 + n * cell
            pixels = [
                page.at_local(matrix, x0 + i * 0.25, b0 + 1.5 + j * 0.25)
                for i in range(int(min(24, cell * 0.45) / 0.25))
                for j in range(int((b1 - b0 - 3) / 0.25))
            ]
            assert sum(close(px, "#b08d3c", tol=40) for px in pixels) >= 4, n  # the tab
            assert sum(max(px) < 140 for px in pixels) >= 20, n  # the strip's line


@pytest.mark.parametrize("theme", ["town", "animals"])
def test_one_sky_runs_across_a_building(kits, theme):
    """Printed without bleed, the sky at the right edge of part k and the left edge of part
    k+1 (0.16 mm apart) differ no more than two columns 0.4 mm apart inside one tile: the
    sky is one gradient across the building, with no seam at the cut."""
    kit = kits("mytown", duplex="none", bleed="0mm", theme=theme)
    files = manifest(kit)["files"]
    where = {}
    for n, page in enumerate(next(f for f in files if f["path"] == "tiles.pdf")["pages"]):
        for item in page["items"]:
            where.setdefault(item["id"], (n, item["trim_mm"]))
    renders: dict = {}

    def sky(iid: str, x: float) -> list:
        n, (tx, ty, _w, th) = where[iid]
        if n not in renders:
            renders[n] = Rendered(kit / "tiles.pdf", n, 300)
        return [renders[n].at_pt(mm(tx + x), mm(ty + th - 0.4 - k * 0.4)) for k in range(6)]

    def step(a, b) -> int:
        return max(
            sum(abs(p - q) for p, q in zip(pa, pb, strict=True))
            for pa, pb in zip(a, b, strict=True)
        )

    for t, parts in BUILDINGS.items():
        inside = max(step(sky(f"{t}{k}", 5), sky(f"{t}{k}", 5.4)) for k in range(1, parts + 1))
        for k in range(1, parts):
            seam = step(sky(f"{t}{k}", 19.92), sky(f"{t}{k + 1}", 0.08))
            assert seam <= max(inside, 3) + 3, (theme, t, k, seam, inside)


@pytest.mark.parametrize(
    "lang,sentence",
    [
        ("de", "Ein J gibt es nicht, damit I und J nie verwechselt werden."),
        ("en", "There is no J, so that I and J are never confused."),
    ],
)
def test_the_cheat_sheet_says_why_there_is_no_j(kits, lang, sentence):
    kit = kits("mytown")
    text = " ".join(PdfReader(str(kit / lang / "rules.pdf")).pages[0].extract_text().split())
    assert sentence in text
    assert "dieses Kit" not in text and "this kit" not in text
    assert ("Variante:" if lang == "de" else "Variant:") in text
