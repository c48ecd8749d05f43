"""Told once: preflight warnings grouped by cause and component. A cause found at many
places of one component is one line, located at its first place (`file:line:col:`, as an
editor and the preview read it), with how many places, how many times it was found, and
its first places; `--verbose` tells every place. Builds with --jobs tell the same lines;
--strict makes the same lines errors; validate and the preview tell them as the build."""

from __future__ import annotations

import re

import pytest

from bastelbogen.checks.preflight import Preflight
from bastelbogen.core import limits
from bastelbogen.core.errors import Loc
from tests.conftest import pnp

FACE = "templates/muenchhausen/number.yaml"
BARON = "templates/muenchhausen/baron.yaml"
LOCATED = re.compile(r"^(templates/[\w/]+\.yaml):(\d+):(\d+): ")


class _Box:
    def __init__(self, name: str, line: int) -> None:
        self.name, self.loc = name, Loc("t/track.yaml", line, 5)

    def loc_of(self, key: str) -> Loc:
        return self.loc


def test_fifty_squares_are_one_line_naming_the_first_places():
    found = Preflight()
    for n in range(50):  # a score track's squares, each a box of its own, lettered small
        found.text(_Box(f"square-{n}", 10 + n), 5.5 - n % 3 * 0.5, "item 'board' (front)", "board")
    found.text(_Box("square-0", 10), 5.5, "item 'board' (back)", "board")  # found again
    (told,) = found.problems()
    text = str(told)
    assert text.startswith("t/track.yaml:10:5: preflight: text is set as small as 4.5 pt;")
    assert "(component 'board': 50 places, found 51 times; first at" in text
    first = [f"t/track.yaml:{line}:5" for line in range(10, 10 + limits.MAX_PLACES_TOLD)]
    assert f"first at {', '.join(first)} and 47 more; --verbose lists every place)" in text
    every = found.problems(verbose=True)
    assert [p.loc.line for p in every] == list(range(10, 60))
    assert str(every[0]).endswith(
        "is set at 5.5 pt (item 'board' (front)); under 6 pt is hard"
        " to read in print (and 1 more like it)"
    )


def test_causes_and_components_are_told_apart():
    found = Preflight()
    for n in range(4):
        found.text(_Box(f"a{n}", 10 + n), 5, "item 'x' (front)", "cards")
        found.text(_Box(f"b{n}", 20 + n), 5, "item 'y' (front)", "tokens")
    found.contrast(_Box("c", 30), "#eeeeee", (0, 0, 10, 10), (), "item 'x' (front)", "cards")
    found.contrast(_Box("d", 31), "#eeeeee", (0, 0, 10, 10), (), "item 'x' (front)", "cards")
    told = [str(p) for p in found.problems()]
    assert len(told) == 3
    assert "component 'cards': 4 places" in told[0] and told[0].startswith("t/track.yaml:10:5:")
    assert "component 'tokens': 4 places" in told[1] and told[1].startswith("t/track.yaml:20:5:")
    assert "contrast as low as 1.2:1" in told[2] and "2 places, found 2 times; at " in told[2]
    assert "first at" not in told[2] and " more;" not in told[2]
    # --strict: the same lines, less the contrast, which stays advice
    assert [str(p) for p in found.problems(strict=True)] == told[:2]


def test_the_findings_of_a_worker_are_told_as_if_found_here():
    mine, worker = Preflight(), Preflight()
    for n in range(5):
        (mine if n % 2 else worker).text(_Box(f"s{n}", 10 + n), 5, "item 'b' (front)", "board")
    mine.merge(worker.found())
    alone = Preflight()
    for n in range(5):
        alone.text(_Box(f"s{n}", 10 + n), 5, "item 'b' (front)", "board")
    assert [str(p) for p in mine.problems()] == [str(p) for p in alone.problems()]


def _small(path, boxes: int, y: float) -> None:
    """`boxes` text boxes of their own lines, each lettered at 4 pt."""
    with open(path, "a") as face:
        for n in range(boxes):
            face.write(
                f'  - {{name: dot{n}, painter: text, box: [{5 + n}, {y}, 1, 3], text: "x",'
                " size: 4, min-size: 4}\n"
            )


@pytest.fixture
def noisy(project_copy):
    """Münchhausen with 12 boxes lettered small on its number cards and 3 on the baron."""
    _small(project_copy / FACE, 12, y=80)
    _small(project_copy / BARON, 3, y=50)
    return project_copy


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": warning: preflight:" in line]


@pytest.mark.heavy
def test_a_build_tells_each_cause_once_a_component(tmp_path, noisy):
    result = pnp("build", "muenchhausen", "--out", str(tmp_path / "a"), cwd=noisy)
    assert result.returncode == 0, result.stderr
    told = _warnings(result.stderr)
    assert len(told) == 2, result.stderr
    lines = (noisy / FACE).read_text().splitlines()
    first = next(n for n, line in enumerate(lines, 1) if "name: dot0," in line)
    for line, component, places in zip(told, ("number-cards", "baron"), (12, 3), strict=True):
        where = LOCATED.match(line)
        assert where, line  # the first place, as an editor opens it
        assert f"component '{component}': {places} places" in line
        assert re.findall(r"templates/muenchhausen/\w+\.yaml:\d+:\d+", line)[1:] == [
            f"{where[1]}:{int(where[2]) + n}:{where[3]}" for n in range(3)
        ]
    assert LOCATED.match(told[0]).groups()[:2] == (FACE, str(first))
    assert "and 9 more; --verbose lists every place)" in told[0]
    # --jobs: the same lines, word for word
    jobs = pnp("build", "muenchhausen", "--jobs", "2", "--out", str(tmp_path / "b"), cwd=noisy)
    assert _warnings(jobs.stderr) == told
    # --verbose: each place, as it is told alone
    every = pnp("build", "muenchhausen", "--verbose", "--out", str(tmp_path / "c"), cwd=noisy)
    each = _warnings(every.stderr)
    assert len(each) == 15 and all(LOCATED.match(line) for line in each)
    assert all(re.search(r"text in box 'dot\d+' is set at 4 pt", line) for line in each)
    verbose_jobs = pnp(
        "build", "muenchhausen", "--verbose", "--jobs", "2", "--out", str(tmp_path / "d"), cwd=noisy
    )
    assert _warnings(verbose_jobs.stderr) == each
    # validate tells what the build tells, once for all the variants it tries
    checked = pnp("validate", "muenchhausen", cwd=noisy)
    assert checked.returncode == 0 and _warnings(checked.stderr) == told, checked.stderr


@pytest.mark.heavy
def test_strict_errors_are_the_same_lines_located(tmp_path, noisy):
    result = pnp("build", "muenchhausen", "--strict", "--out", str(tmp_path), cwd=noisy)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    errors = [ln for ln in result.stderr.splitlines() if ": preflight: " in ln]
    assert len(errors) == 2 and all(LOCATED.match(line) for line in errors), result.stderr
    assert "2 problems; not built: muenchhausen" in result.stderr
    every = pnp("validate", "muenchhausen", "--strict", "--verbose", cwd=noisy)
    assert every.returncode == 1
    assert len([ln for ln in every.stderr.splitlines() if LOCATED.match(ln)]) == 15


def test_the_preview_tells_the_grouped_line_at_its_first_place(noisy):
    from bastelbogen.content.project import Project
    from bastelbogen.pipeline.build import BuildOptions
    from bastelbogen.preview.state import Preview

    state = Preview(Project(noisy), "muenchhausen", BuildOptions()).rebuild()
    assert state.problems == []
    grouped = [w for w in state.warnings if "places" in w["message"]]
    assert grouped and all(w["file"] in (FACE, BARON) and w["line"] > 0 for w in grouped)
    assert all(w["text"].startswith(f"{w['file']}:{w['line']}:{w['col']}: ") for w in grouped)
    assert all("--verbose lists every place" in w["message"] for w in grouped)
