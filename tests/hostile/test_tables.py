"""Spreadsheets from strangers: MiniPilo's action cards come from problems.csv, so each
case swaps that table for a hostile one. Every case ends within the bound, exit 1, no
traceback, the place named, out/ as it was and nothing written outside."""

from __future__ import annotations

import io
import zipfile

import pytest

from tests.hostile.builders import GAME, MP
from tests.hostile.edits import Replace, Write
from tests.hostile.harness import Case, run_case

CSV = "content/minipilo/problems.csv"
XLSX = "content/minipilo/problems.xlsx"


def _to_xlsx() -> Replace:
    return Replace(GAME[MP], "file: problems.csv", "file: problems.xlsx", at="problems.xlsx")


def zip_bomb() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"<" * (400 * 2**20))
    return out.getvalue()


def vast_grid() -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    book.active["A1"] = "id"
    book.active["XFD1048576"] = "far"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


CASES = [
    Case(
        "minipilo-table-outside",
        MP,
        (Replace(GAME[MP], "file: problems.csv", "file: ../../../../etc/passwd.csv", at="../../"),),
        pattern=r"^{line}: .*leaves the content folder",
    ),
    Case(
        "minipilo-table-is-a-folder",
        MP,
        (Replace(GAME[MP], "file: problems.csv", "file: ../minipilo", at="../minipilo"),),
        pattern=r"^{line}: .*(folder|not a table file)",
    ),
    Case(
        "minipilo-csv-field-of-a-megabyte",
        MP,
        (
            Replace(
                CSV, "a01,wissen;humor,", 'a01,wissen;humor,"' + "x" * 1_000_000 + '"x,', at="a01,"
            ),
        ),
        pattern=r"^content/minipilo/problems\.csv:\d+:1: broken CSV",
    ),
    Case(
        "minipilo-csv-nul-byte",
        MP,
        (Replace(CSV, "a01,wissen;humor,", "a01,wissen;hu\x00mor,", at="hu\x00"),),
        pattern=r"^content/minipilo/problems\.csv:2:\d+: .*control character U\+0000",
    ),
    Case(
        "minipilo-csv-latin1",
        MP,
        (
            Write(
                CSV,
                "id,symbols,text.de,text.en\na01,wissen;humor,Gr\xfc\xdfe,Hi\n".encode("latin-1"),
            ),
        ),
        pattern=r"^content/minipilo/problems\.csv:2:\d+: not UTF-8",
    ),
    Case(
        "minipilo-xlsx-zip-bomb",
        MP,
        (_to_xlsx(), Write(XLSX, zip_bomb)),
        pattern=r"^content/minipilo/problems\.xlsx:1:1: the workbook unpacks to 400 MiB",
    ),
    Case(
        "minipilo-xlsx-vast-grid",
        MP,
        (_to_xlsx(), Write(XLSX, vast_grid)),
        pattern=r"^content/minipilo/problems\.xlsx:1:1: a sheet of the workbook spans",
    ),
    Case(
        "minipilo-xlsx-not-a-workbook",
        MP,
        (_to_xlsx(), Write(XLSX, b"%PDF-1.4 not a zip")),
        pattern=r"^content/minipilo/problems\.xlsx:1:1: not a xlsx workbook",
    ),
    Case(
        "minipilo-csv-200k-rows",
        MP,
        (
            Write(
                CSV,
                lambda: (
                    "id,symbols,text.de,text.en\n"
                    + "".join(f"a{i},wissen;humor,T,T\n" for i in range(200_001))
                ),
            ),
        ),
        pattern=r"^content/minipilo/problems\.csv:\d+:1: more than 100000 rows",
    ),
]


def new_from(cid: str, table: str, data: str | bytes, pattern: str) -> Case:
    """`pnp new deck --from-table TABLE` on a stranger's table the game could not take: told
    at its place, and nothing written (the project stays as it was)."""
    args = ("new", "deck", "--from-table", table)
    return Case(cid, MP, (Write(table, data),), args=args, pattern=pattern, prebuilt=False)


CASES += [
    # Before, each of these wrote a game that `pnp validate` refused.
    new_from(
        "new-from-ids-no-game-takes",
        "cards.csv",
        "id,atk\nDark Knight,1\nfox,2\n,3\nfox,4\n",
        r"^cards\.csv:2:1: id 'Dark Knight'.*\n^cards\.csv:4:1: each row needs an 'id'"
        r".*\n^cards\.csv:5:1: duplicate id 'fox'",
    ),
    new_from(
        "new-from-name-and-its-languages",
        "heroes.csv",
        "name,name.de,name.en\nfox,Fuchs,Fox\n",
        r"^heroes\.csv:1:1: the table needs a column that names each row",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hostile_tables(case, tmp_path, hostile_kits):
    run_case(case, tmp_path, hostile_kits)
