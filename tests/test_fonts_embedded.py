"""Every font embedded, everywhere (issue 52): a standard PDF font named in a layout or in text
markup is drawn in its Liberation replacement, embedded, with the standard font's widths, and
said once where it is named; Symbol and ZapfDingbats, and names that are no font, are refused
at their place; no PDF we write has a font it does not carry (read back by pikepdf and by
poppler's pdffonts, neither of them the writer); and every subset in a file has its own tag
(ISO 32000-1, 9.6.4), the same bytes from the same input."""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pikepdf
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.core.errors import ContentError
from bastelbogen.render import standardfonts, vector
from bastelbogen.render.pdf import Meta, new_canvas
from bastelbogen.render.pdfimport import unembedded
from bastelbogen.render.style import register_font
from tests.conftest import FONTS, ROOT, build, pnp

EXAMPLES = ROOT / "examples"
TAG = re.compile(r"^([A-Z]{6})\+")
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
# Western text, as the shipped games write it: letters, digits, punctuation, umlauts.
WESTERN = "The quick brown fox jumps over the lazy dog. ÄÖÜ äöüß 0123456789 (x, y; z!) – «€»?"


# --- reading a PDF's fonts back (pikepdf, and poppler as a second reader) -------------------


def _streams_of(annotation: pikepdf.Object) -> list[pikepdf.Object]:
    """An annotation's appearance streams (/AP: /N, /R, /D, each a stream or a dict of them)."""
    found = []
    for key in ("/N", "/R", "/D"):
        ap = annotation.get("/AP", {}).get(key)
        if isinstance(ap, pikepdf.Stream):
            found.append(ap)
        elif isinstance(ap, pikepdf.Dictionary):
            found += [v for v in ap.values() if isinstance(v, pikepdf.Stream)]
    return found


def fonts_of(path: Path) -> list[dict]:
    """Every font object the file's pages draw with, each once: its BaseFont, subtype,
    whether its program is embedded (a composite font's in its descendant), and a digest
    of that program. Resources are walked through forms, patterns, Type 3 glyphs and
    annotations' appearances."""
    out, seen = [], set()
    with pikepdf.open(path) as pdf:
        pending = []
        for page in pdf.pages:
            pending.append(page.obj.get("/Resources"))
            for annotation in page.obj.get("/Annots", []):
                pending += [s.get("/Resources") for s in _streams_of(annotation)]
        while pending:
            resources = pending.pop()
            if not isinstance(resources, pikepdf.Dictionary):
                continue
            key = resources.objgen if resources.is_indirect else id(resources)
            if key in seen:
                continue
            seen.add(key)
            for font in resources.get("/Font", {}).values():
                if font.objgen in seen:
                    continue
                seen.add(font.objgen)
                out.append(_font(font))
                if font.get("/Subtype") == "/Type3":
                    pending.append(font.get("/Resources"))
            for category in ("/XObject", "/Pattern"):
                for thing in resources.get(category, {}).values():
                    pending.append(thing.get("/Resources"))
    return out


def _font(font: pikepdf.Object) -> dict:
    subtype = str(font.get("/Subtype"))
    program = font
    if subtype == "/Type0":
        program = font["/DescendantFonts"][0]
    descriptor = program.get("/FontDescriptor", {})
    files = [descriptor[k] for k in FONT_FILES if k in descriptor]
    digest = hashlib.sha256(files[0].read_bytes()).hexdigest() if files else None
    return {
        "name": str(font.get("/BaseFont", "")).lstrip("/"),
        "subtype": subtype,
        "embedded": bool(files),
        "program": digest,
    }


def pdffonts(path: Path) -> list[tuple[str, str, bool]]:
    """poppler's list of the file's fonts: (name, type, embedded)."""
    text = subprocess.run(
        ["pdffonts", str(path)], capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in text.splitlines()[2:]:
        # name, then type words, encoding, emb sub uni, object id: read from the right
        parts = line.split()
        emb = parts[-5]
        kind = " ".join(parts[1:-6])
        rows.append((parts[0], kind, emb == "yes"))
    return rows


def assert_all_embedded(path: Path) -> list[dict]:
    """Every font of the file embedded (Type 3 fonts draw their glyphs as content), by
    both readers; and each subset tag standing for one font program."""
    fonts = fonts_of(path)
    bare = [f["name"] for f in fonts if f["subtype"] != "/Type3" and not f["embedded"]]
    assert not bare, f"{path}: fonts not embedded: {bare}"
    poppler = [name for name, kind, emb in pdffonts(path) if not emb and kind != "Type 3"]
    assert not poppler, f"{path}: pdffonts says not embedded: {poppler}"
    programs: dict[str, set] = defaultdict(set)
    for f in fonts:
        if match := TAG.match(f["name"]):
            programs[match.group(1)].add((f["name"], f["program"]))
    shared = {tag: names for tag, names in programs.items() if len(names) > 1}
    assert not shared, f"{path}: one tag for different subsets: {shared}"
    return fonts


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


# --- the shipped kits, as other tests build them ---------------------------------------------


@pytest.mark.parametrize("game", ["muenchhausen", "mytown"])
def test_every_font_of_a_kit_is_embedded_with_its_own_tag(kits, game):
    kit = kits(game)
    files = pdfs(kit)
    assert files
    for path in files:
        fonts = assert_all_embedded(path)
        assert fonts, f"{path}: no fonts read at all"
        assert all(TAG.match(f["name"]) for f in fonts if f["subtype"] != "/Type3")
        # reportlab tagged every font's first subset AAAAAA+ (60 files of the issue)
        assert sum(f["name"].startswith("AAAAAA+") for f in fonts) <= 1


# --- a designer's standard font: replaced, said, or refused ------------------------------------


CARD = "examples/templates/squib-tutorial/card.yaml"
HELVETICA_TEXT = 'text: "<font face=\\"Helvetica\\">{{ text }}</font>"}'


def _squib(tmp_path: Path, text: str, box_font: str = "", rules: str = "") -> Path:
    """A copy of the Squib-shaped example whose rules text box shows `text` (a YAML value
    written for it), whose ATK label is set in `box_font`, and whose rules' first paragraph
    starts with `rules` (markup)."""
    root = tmp_path / "project"
    shutil.copytree(EXAMPLES / "content" / "squib-tutorial", root / "content" / "squib-tutorial")
    shutil.copytree(
        EXAMPLES / "templates" / "squib-tutorial", root / "templates" / "squib-tutorial"
    )
    card = root / "templates" / "squib-tutorial" / "card.yaml"
    layout = card.read_text()
    assert 'text: "{{ text }}"}' in layout and "text: ATK, size: 7," in layout
    layout = layout.replace('text: "{{ text }}"}', text)
    if box_font:
        layout = layout.replace("text: ATK, size: 7,", f"text: ATK, size: 7, font: {box_font},")
    card.write_text(layout)
    if rules:
        rules_file = root / "content" / "squib-tutorial" / "rules.yaml"
        source = rules_file.read_text()
        goal = "text: Be the last player"
        assert goal in source
        rules_file.write_text(
            source.replace(goal, f"text: '{rules}Be the last player", 1).replace(
                "in front of you.\n    - heading: A turn",
                "in front of you.'\n    - heading: A turn",
                1,
            )
        )
    return root


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_markup_helvetica_is_drawn_in_liberation_sans_embedded_and_said_once(tmp_path):
    root = _squib(tmp_path, HELVETICA_TEXT, box_font="Helvetica-Bold")
    out = tmp_path / "out"
    result = pnp(
        *("--root", str(root), "build", "squib-tutorial", "--out", str(out)),
        *("--export", "shop", "--profile", "dtc-poker"),
        cwd=root,
    )
    assert result.returncode == 0, result.stderr
    card = root / "templates" / "squib-tutorial" / "card.yaml"
    told = [line for line in result.stderr.splitlines() if "standard PDF font" in line]
    # once per place it is named (the text box's markup, the ATK box's font key), however
    # many cards show it
    assert len(told) == 2, result.stderr
    text_line, key_line = _line_of(card, "<font face"), _line_of(card, "text: ATK")
    said = {int(re.match(r"^.*card\.yaml:(\d+):\d+: warning", t).group(1)): t for t in told}
    assert set(said) == {text_line, key_line}, told
    assert "'Helvetica'" in said[text_line] and "Liberation Sans" in said[text_line]
    assert "'Helvetica-Bold'" in said[key_line] and "Liberation Sans Bold" in said[key_line]
    kit = out / "squib-tutorial"
    shop = kit / "export" / "shop" / "dtc-poker"
    for path in [kit / "cards.pdf", *pdfs(shop)]:
        names = {f["name"].split("+")[-1] for f in assert_all_embedded(path)}
        assert {"LiberationSans", "LiberationSans-Bold"} <= names, (path, names)
        assert not any(n.startswith(("Helvetica", "Times", "Courier")) for n in names)
    # the text is there, as text, in the replacement (poppler reads it back)
    text = subprocess.run(
        ["pdftotext", str(kit / "cards.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "ATK" in text


def test_strict_makes_a_standard_font_an_error(tmp_path):
    root = _squib(tmp_path, HELVETICA_TEXT)
    out = tmp_path / "out"
    args = ("--root", str(root), "build", "squib-tutorial", "--out", str(out), "--strict")
    result = pnp(*args, cwd=root)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    line = _line_of(root / "templates" / "squib-tutorial" / "card.yaml", "<font face")
    assert re.search(rf"card\.yaml:{line}:\d+: .*font 'Helvetica'", result.stderr)
    assert not (out / "squib-tutorial" / "cards.pdf").exists()


@pytest.mark.parametrize(
    ("standard", "family", "bold", "italic"),
    [
        ("Helvetica", "Sans", False, False),
        ("Helvetica-BoldOblique", "Sans", True, True),
        ("Times-Roman", "Serif", False, False),
        ("Times-Italic", "Serif", False, True),
        ("Courier-Bold", "Mono", True, False),
    ],
)
def test_the_replacement_has_the_standard_fonts_widths(standard, family, bold, italic):
    """Metric-compatible: western text measures the same in both (reportlab's widths of the
    standard font are Adobe's AFM; the replacement's are read from its TrueType file)."""
    replacement = standardfonts.registered(family, bold, italic)
    for size in (7, 9.5, 12):
        ours, theirs = stringWidth(WESTERN, replacement, size), stringWidth(WESTERN, standard, size)
        assert ours == pytest.approx(theirs, rel=2e-3), (standard, size)
    for ch in WESTERN:
        assert stringWidth(ch, replacement, 1000) == pytest.approx(
            stringWidth(ch, standard, 1000), abs=0.6
        ), (standard, ch)


def test_symbol_in_markup_is_refused_at_its_place(tmp_path):
    root = _squib(tmp_path, 'text: "<font name=\\"Symbol\\">{{ text }}</font>"}')
    result = pnp(
        *("--root", str(root), "build", "squib-tutorial", "--out", str(tmp_path / "out")),
        cwd=root,
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    line = _line_of(root / "templates" / "squib-tutorial" / "card.yaml", "<font name")
    assert re.search(
        rf"card\.yaml:{line}:\d+: .*font 'Symbol' is a standard PDF font of symbols",
        result.stderr,
    ), result.stderr
    assert not (tmp_path / "out" / "squib-tutorial" / "cards.pdf").exists()


def test_zapf_dingbats_as_a_box_font_is_refused_at_its_key(tmp_path):
    root = _squib(tmp_path, 'text: "{{ text }}"}', box_font="ZapfDingbats")
    result = pnp(
        *("--root", str(root), "build", "squib-tutorial", "--out", str(tmp_path / "out")),
        cwd=root,
    )
    assert result.returncode != 0 and "Traceback" not in result.stderr
    line = _line_of(root / "templates" / "squib-tutorial" / "card.yaml", "text: ATK")
    assert re.search(rf"card\.yaml:{line}:\d+: font 'ZapfDingbats'", result.stderr), result.stderr


@pytest.mark.parametrize(
    ("written", "meant"),
    [("Helvtica", "Helvetica"), ("bld", "bold"), ("Times-Romn", "Times-Roman")],
)
def test_an_unknown_face_is_an_error_with_the_nearest_name(tmp_path, written, meant):
    root = _squib(tmp_path, f'text: "<font face=\\"{written}\\">{{{{ text }}}}</font>"}}')
    result = pnp(
        *("--root", str(root), "build", "squib-tutorial", "--out", str(tmp_path / "out")),
        cwd=root,
    )
    assert result.returncode != 0 and "Traceback" not in result.stderr
    line = _line_of(root / "templates" / "squib-tutorial" / "card.yaml", "<font face")
    assert re.search(
        rf"card\.yaml:{line}:\d+: .*no font '{written}'.*did you mean '{meant}'\?",
        result.stderr,
    ), result.stderr


def test_roles_in_markup_are_the_games_fonts(tmp_path):
    """`<font face="bold">` is the game's bold file, not a font reportlab knows by a name."""
    root = _squib(tmp_path, 'text: "<font face=\\"italic\\">{{ text }}</font> <b>b</b>"}')
    out = tmp_path / "out"
    result = pnp(*("--root", str(root), "build", "squib-tutorial", "--out", str(out)), cwd=root)
    assert result.returncode == 0, result.stderr
    assert "standard PDF font" not in result.stderr
    names = {
        f["name"].split("+")[-1] for f in assert_all_embedded(out / "squib-tutorial" / "cards.pdf")
    }
    assert "BitstreamVeraSans-Oblique" in names


def test_a_standard_font_in_the_rules_is_replaced_and_said(tmp_path):
    root = _squib(tmp_path, 'text: "{{ text }}"}', rules='<font face="Courier">code</font> ')
    out = tmp_path / "out"
    result = pnp(*("--root", str(root), "build", "squib-tutorial", "--out", str(out)), cwd=root)
    assert result.returncode == 0, result.stderr
    told = [line for line in result.stderr.splitlines() if "standard PDF font" in line]
    assert len(told) == 1 and re.search(r"rules\.yaml:\d+:\d+: warning", told[0]), told
    assert "Liberation Mono" in told[0]
    names = {
        f["name"].split("+")[-1] for f in assert_all_embedded(out / "squib-tutorial" / "rules.pdf")
    }
    assert "LiberationMono" in names


# --- a converted picture that would carry a font it does not embed ---------------------------


def _helvetica_pdf() -> bytes:
    """A one-page PDF naming Helvetica without embedding it, as reportlab writes one."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(40, 20))
    c.setFont("Helvetica", 9)
    c.drawString(2, 6, "Hi")
    c.showPage()
    c.save()
    return buffer.getvalue()


def test_unembedded_reads_what_pikepdf_reads():
    pdf = _helvetica_pdf()
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        names = [str(f["/BaseFont"]) for f in doc.pages[0].Resources.Font.values()]
    assert names == ["/Helvetica"]
    assert unembedded(pdf) == ["Helvetica"]


def test_a_picture_whose_font_is_not_embedded_is_refused_at_its_box(tmp_path, monkeypatch):
    svg2pdf = pytest.importorskip("svg2pdf_py")
    project = tmp_path / "project"
    shutil.copytree(EXAMPLES / "content" / "wappen", project / "content" / "wappen")
    shutil.copytree(EXAMPLES / "templates" / "wappen", project / "templates" / "wappen")
    monkeypatch.setattr(svg2pdf, "svg_to_pdf", lambda *a, **k: _helvetica_pdf())
    vector._converted.cache_clear()
    try:
        with pytest.raises(ContentError) as raised:
            build("wappen", tmp_path / "out", project=project)
    finally:
        vector._converted.cache_clear()
    said = [str(p) for p in raised.value.problems]
    assert any(
        re.search(
            r"\.svg cannot be drawn: its text is in fonts the converter did not embed"
            r" \(Helvetica\)",
            s,
        )
        and re.search(r"\.yaml:\d+:\d+: ", s)
        for s in said
    ), said


# --- subset tags ------------------------------------------------------------------------------


def _two_fonts_pdf() -> bytes:
    """Vera, and Liberation Sans with more than 256 characters (so two subsets of it)."""
    vera = register_font(FONTS / "Vera.ttf", ROOT)
    sans = standardfonts.registered("Sans", False, False)
    many = [*range(0x21, 0x7F), *range(0xA1, 0x180), *range(0x391, 0x3A2), *range(0x410, 0x450)]
    buffer = io.BytesIO()
    c = new_canvas(buffer, Meta("tags", "", ""), (400, 400), vera)
    c.setFont(vera, 8)
    c.drawString(5, 380, "Bitstream Vera")
    c.setFont(sans, 4)
    for row in range(0, len(many), 80):
        c.drawString(5, 360 - row / 8, "".join(chr(n) for n in many[row : row + 80]))
    c.showPage()
    c.save()
    return buffer.getvalue()


def test_every_subset_has_its_own_tag_and_the_same_input_the_same_bytes(tmp_path):
    first, second = _two_fonts_pdf(), _two_fonts_pdf()
    assert first == second  # made from content, not chance
    path = tmp_path / "tags.pdf"
    path.write_bytes(first)
    fonts = assert_all_embedded(path)
    tags = [TAG.match(f["name"]).group(1) for f in fonts]
    assert len(fonts) >= 3 and len(set(tags)) == len(tags), fonts
    assert "AAAAAA" not in tags and "AAAAAB" not in tags
    assert sum("LiberationSans" in f["name"] for f in fonts) == 2  # two subsets of one font


# --- every shipped game and example, every output that writes a PDF ---------------------------


def _shop_takes(game: str, root: Path) -> bool:
    """Whether the game has cards dtc-poker takes (else --export shop is a usage error)."""
    return game in (
        "muenchhausen",
        "museo",
        "squib-tutorial",
        "vehicles",
        "vogelquartett",
        "wappen",
    )


SHIPPED = ["muenchhausen", "museo", "mytown", "minipilo"]
EXAMPLE_GAMES = sorted(p.name for p in (EXAMPLES / "content").iterdir() if p.is_dir())


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "root"),
    [(g, ROOT) for g in SHIPPED] + [(g, EXAMPLES) for g in EXAMPLE_GAMES],
)
def test_no_pdf_of_any_game_or_example_has_a_font_it_does_not_carry(tmp_path, game, root):
    runs = [
        ("--export", "png", "--export", "contact", "--export", "tts", "--dpi", "72"),
        ("--pdfx", "--profile", "dtc-poker"),
        ("--registration", "--cut", "svg", "--duplex", "fold"),
    ]
    if _shop_takes(game, root):
        runs.append(("--export", "shop", "--profile", "dtc-poker", "--fit"))
    checked = 0
    for n, extra in enumerate(runs):
        out = tmp_path / f"out{n}"
        result = pnp("--root", str(root), "build", game, "--out", str(out), *extra, cwd=root)
        assert result.returncode == 0, (extra, result.stderr)
        for path in pdfs(out):
            assert_all_embedded(path)
            checked += 1
    assert checked >= len(runs)


@pytest.mark.slow
def test_the_calibration_sheet_embeds_its_fonts(tmp_path):
    result = pnp("calibrate", "--out", str(tmp_path / "calibrate.pdf"), cwd=tmp_path)
    if result.returncode != 0:  # the sheet is written where the command says
        result = pnp("calibrate", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = pdfs(tmp_path)
    assert written
    for path in written:
        assert assert_all_embedded(path)


@pytest.mark.parametrize(
    ("text", "embedded"),
    [
        ('text: "<font fontName=Courier>{{ text }}</font>"}', "LiberationMono"),
        ('text: "<span FONTNAME=\\"Times-Bold\\">{{ text }}</span>"}', "LiberationSerif-Bold"),
    ],
)
def test_every_spelling_reportlab_reads_as_a_font_is_resolved(tmp_path, text, embedded):
    """reportlab reads `fontName` (in any case) as a font as well as face and name: the
    standard font it names is drawn in its replacement, embedded, and said."""
    root = _squib(tmp_path, text)
    out = tmp_path / "out"
    result = pnp("--root", str(root), "build", "squib-tutorial", "--out", str(out), cwd=root)
    assert result.returncode == 0, result.stderr
    assert "standard PDF font" in result.stderr
    names = {
        f["name"].split("+")[-1] for f in assert_all_embedded(out / "squib-tutorial" / "cards.pdf")
    }
    assert embedded in names, names


def test_a_font_named_past_every_check_stops_the_file_unwritten(tmp_path):
    """The last guard: text set in a standard font by a way no check knows (here, drawn
    straight on our canvas) stops the PDF before a byte is written, with a message, not an
    unembedded font."""
    from bastelbogen.core.errors import ContentError
    from bastelbogen.render.pdf import Meta, new_canvas

    path = tmp_path / "slipped.pdf"
    c = new_canvas(path, Meta("t", "a", "s"), (200, 200), _vera())
    c.setFont("Helvetica", 10)
    c.drawString(10, 10, "x")
    with pytest.raises(ContentError, match="'Helvetica' would be named in this PDF"):
        c.save()
    assert not path.exists() or path.stat().st_size == 0


def _vera() -> str:
    from bastelbogen.core.errors import Loc
    from bastelbogen.render.style import register_font

    return register_font(ROOT / "fonts" / "Vera.ttf", Loc("Vera.ttf"))
