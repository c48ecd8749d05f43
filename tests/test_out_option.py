"""`--out` that cannot be written is a usage error naming the option (issue 46): a path too
long or too deep, a name too long, a file or a dangling link where a folder goes, a folder
without permission, a place among the project's sources, a NUL. Each is told before
anything is written: the project and the previous out/ stay exactly as they were. Before, a
folder 2,000 deep ended in a RecursionError's traceback (exit 1), naming no option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bastelbogen.cli import main
from tests.conftest import pnp
from tests.hostile.projects import tree
from tests.test_new import _bound_by_permissions

USAGE = r"^Error: Invalid value for '--out': "
DEEP = "/".join(["a"] * 2000)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A small game, built once into out/: the previous kit every refusal must leave."""
    root = tmp_path_factory.mktemp("outopt") / "project"
    root.mkdir()
    assert pnp("new", "deck", cwd=root).returncode == 0
    built = pnp("build", "deck", "--lang", "en", cwd=root)
    assert built.returncode == 0, built.stderr
    (root / "afile").write_text("not a folder\n")
    (root / "dangling").symlink_to(root / "nowhere")
    return root


# (args after the command, what the message says): for `pnp build deck` and `pnp calibrate`.
CASES = [
    ("build", DEEP, r"'a/a/a.*….*/a' is \d[\d,]* bytes long as a full path"),
    ("build", "/".join(["b"] * 200), r"is \d+ folders deep; at most 128 are made"),
    ("build", "c" * 300, r"the name 'c+…c+' is 300 bytes long"),
    ("build", "afile", r"'afile' is a file, not a folder$"),
    ("build", "afile/kits", r"'afile' is a file, not a folder; 'afile/kits' cannot be made"),
    ("build", "dangling/kits", r"'dangling' is a link that leads nowhere, not a folder"),
    ("build", "content", r"'content' is content/ or lies in it"),
    ("build", "content/deck/out", r"'content/deck/out' is content/ or lies in it"),
    ("build", "templates/deck", r"'templates/deck' is templates/ or lies in it"),
    ("build", "out/../content/deck", r"is content/ or lies in it"),
    ("build", "", r"the path is empty"),
    ("calibrate", DEEP + ".pdf", r"(bytes long as a full path|\d+ folders deep)"),
    ("calibrate", "d" * 300 + ".pdf", r"the name 'd+…d+\.pdf' is 304 bytes long"),
    ("calibrate", "afile/calibrate.pdf", r"'afile' is a file, not a folder"),
    ("calibrate", "content/deck/game.yaml", r"'content/deck' is content/ or lies in it"),
    ("calibrate", "content/", r"'content' is content/ or lies in it"),
    ("calibrate", "dangling", r"'dangling' exists and is not a plain file; it is left alone"),
    ("calibrate", "dangling/cal.pdf", r"'dangling' is a link that leads nowhere"),
]


@pytest.mark.parametrize(
    ("command", "out", "message"),
    CASES,
    ids=[f"{c}-{re.sub(r'[^a-z]+', '-', o[:24]) or 'empty'}" for c, o, _ in CASES],
)
def test_an_unusable_out_is_a_usage_error_and_nothing_is_written(made, command, out, message):
    before = tree(made)
    args = ("build", "deck") if command == "build" else ("calibrate",)
    result = pnp(*args, "--out", out, cwd=made)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert re.search(USAGE + r".*" + message, result.stderr, re.M), result.stderr
    assert len(result.stderr) < 1000  # a 4,000-character path is shortened in the message
    assert tree(made) == before  # the previous out/ and the project, byte for byte


@pytest.mark.parametrize("command", ["build", "calibrate"])
def test_a_folder_without_permission_is_a_usage_error(made, tmp_path, command):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    args = ("build", "deck") if command == "build" else ("calibrate",)
    try:
        result = _bound_by_permissions(*args, "--out", str(locked / "kits"), cwd=made)
    finally:
        locked.chmod(0o755)
    assert result.returncode == 2, result.stderr
    told = r"(no folder can be made in .*locked'|.*locked' cannot be written): permission denied"
    assert re.search(USAGE + told, result.stderr, re.M), result.stderr
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("command", ["build", "calibrate"])
def test_a_nul_in_out_is_a_usage_error(made, command):
    """A NUL never comes from a shell; a program calling main() may pass one."""
    before = tree(made)
    args = ["build", "deck"] if command == "build" else ["calibrate"]
    result = CliRunner().invoke(main, ["--root", str(made), *args, "--out", "kits\0x"])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--out': 'kits\\x00x' holds a NUL character" in result.output
    assert tree(made) == before


def test_a_usable_out_still_builds(made, tmp_path):
    """A deep folder that does not exist yet, below a link to a folder: made and written."""
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    out = tmp_path / "link" / "/".join(["k"] * 40)
    result = pnp("build", "deck", "--lang", "en", "--out", str(out), cwd=made)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "elsewhere" / "/".join(["k"] * 40) / "deck" / "manifest.json").is_file()
    cal = pnp("calibrate", "--out", str(tmp_path / "sheets") + "/", cwd=made)
    assert cal.returncode == 0, cal.stderr
    assert (tmp_path / "sheets" / "calibrate.pdf").is_file()
