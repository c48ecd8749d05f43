"""An earlier build of a game, as `--changed-since REF` names it: a kit's folder (or the out
folder holding it), or a label a build was given (`--label`), whose kit is kept beside the
kits (out/.<game>.labels/<label>/: its manifest and its PDFs). What it drew is read from its
manifest.json: each piece's fingerprints (layout/fingerprints.py) and where each side was
placed, so that the old face can be shown beside the new one.

REF is a stranger's folder as much as ours: anything that is not an earlier build of this
game (another game's kit, a folder without a manifest, a manifest that does not read as
one, a file it names outside its folder) is a usage error naming the option, told before
anything is written."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
from pathlib import Path

from bastelbogen.content.optiontypes import Label
from bastelbogen.core import limits
from bastelbogen.core.errors import OptionError
from bastelbogen.core.remembered import read_regular
from bastelbogen.layout.fingerprints import Recorded
from bastelbogen.layout.imposition import BuildOptions
from bastelbogen.output.changes import Placed

OPTION = "--changed-since"
LABEL = re.compile(Label().pattern + r"\Z")  # the option's own words
SIDES = ("front", "back")


class Earlier:
    """An earlier build read: what it is called, its folder, its pieces' fingerprints and
    where it placed each side (by language, component, piece and side)."""

    def __init__(self, told: str, folder: Path, manifest: dict[str, object]) -> None:
        self.told, self.folder = told, folder
        self.faces: Recorded = _faces(manifest.get("faces"), told)
        self.langs = tuple(self.faces)
        bleed = manifest.get("bleed_mm", 0.0)
        self.bleed = float(bleed) if isinstance(bleed, int | float) else 0.0
        # Where it drew each side: its own files, then (a kit of the changed pieces kept
        # under a label) the sheets of the builds before it that drew the others.
        earlier = manifest.get("earlier", [])
        files = manifest.get("files")
        listed = (
            [*files, *earlier] if isinstance(files, list) and isinstance(earlier, list) else None
        )
        self.placed = _placements(listed, folder, told, self.langs)


def labels(out: Path, game: str) -> Path:
    """Where the kits of a game's labelled builds are kept."""
    return out / f".{game}.labels"


def since(out: Path, game_id: str, options: BuildOptions) -> Earlier | None:
    """The earlier build --changed-since names, read (OptionError when it is none); None
    when not asked, or validating (which compares nothing)."""
    label_place(out, game_id, options.label)
    if options.changed_since is None or options.dry:
        return None
    if options.export:
        raise OptionError(
            f"--changed-since prints only the pieces changed; --export {options.export[0]}"
            " exports a whole game: build it without --changed-since"
        )
    return earlier(out, game_id, options.changed_since)


def earlier(out: Path, game: str, ref: str) -> Earlier:
    """The build `ref` names, read; OptionError (naming the option) when it is not an
    earlier build of `game` that can be read."""
    folder = _folder(out, game, ref)
    data = read_regular(folder / "manifest.json", limits.MAX_MANIFEST_BYTES)
    if data is None:
        raise _refused(ref, "its manifest.json is not a file that can be read")
    try:
        manifest = json.loads(data)
    except (ValueError, RecursionError):
        raise _refused(ref, "its manifest.json is not JSON: the kit is damaged") from None
    if not isinstance(manifest, dict):
        raise _refused(ref, "its manifest.json is not a kit's: the kit is damaged")
    built = manifest.get("game")
    if built != game:
        what = f"a build of '{built}'" if isinstance(built, str) else "no game's build"
        raise _refused(ref, f"it is {what}, not of '{game}'")
    return Earlier(ref, folder, manifest)


def _folder(out: Path, game: str, ref: str) -> Path:
    """The kit's folder REF names: a kit, an out folder with the game's kit, or a label."""
    path = Path(ref)
    for kit in (path, path / game):
        if os.path.isdir(kit) and os.path.lexists(kit / "manifest.json"):
            return kit
    if os.path.isdir(path):
        raise _refused(ref, f"it holds no kit (no manifest.json, nor {game}/manifest.json)")
    kept = labels(out, game) / ref
    if LABEL.match(ref) and os.path.isdir(kept):
        return kept
    known = sorted(p.name for p in _listed(labels(out, game)))
    told = (
        f"labels of {game} in {out}: {', '.join(known)}"
        if known
        else f"no labelled build of {game} in {out}"
    )
    raise _refused(
        ref, f"it is neither a kit's folder nor a label an earlier build recorded ({told})"
    )


def _listed(folder: Path) -> list[Path]:
    try:
        return [p for p in folder.iterdir() if p.is_dir() and LABEL.match(p.name)]
    except OSError:
        return []


def _refused(ref: str, why: str) -> OptionError:
    return OptionError(f"{OPTION} {ref[:200]!r}: {why}")


def _faces(value: object, ref: str) -> Recorded:
    """The fingerprints, each checked for its type: a manifest written otherwise (by hand,
    by an older Bastelbogen that recorded none) is refused, never half read."""
    if value is None:
        raise _refused(ref, "its manifest records no fingerprints (built by an older pnp?)")
    broken = _refused(ref, "its manifest's fingerprints are damaged")
    if not isinstance(value, dict):
        raise broken
    for components in value.values():
        if not isinstance(components, dict):
            raise broken
        for pieces in components.values():
            if not isinstance(pieces, dict) or not all(_piece(p) for p in pieces.values()):
                raise broken
    return value


def _piece(value: object) -> bool:
    """[front, back, copies]: two fingerprints (or None) and a count."""
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(v is None or (isinstance(v, str) and len(v) <= 64) for v in value[:2])
        and type(value[2]) is int
    )


def _placements(
    files: object, folder: Path, ref: str, langs: tuple[str, ...]
) -> dict[tuple[str, str, str, str], Placed]:
    """Where each piece's side (its first copy) was placed: by language, component, piece
    and side. A file named outside the kit's folder is refused."""
    broken = _refused(ref, "its manifest's list of files is damaged")
    if not isinstance(files, list):
        raise broken
    found: dict[tuple[str, str, str, str], Placed] = {}
    root = folder.resolve()
    for entry in files:
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise broken
        path = (folder / entry["path"]).resolve()
        if root not in path.parents:
            raise _refused(
                ref, f"its manifest names a file outside its folder: {entry['path'][:100]}"
            )
        lang = entry.get("lang")
        if not entry["path"].endswith(".pdf") or not isinstance(entry.get("pages", []), list):
            continue
        for page in entry.get("pages", []):
            for placed, key in _on_page(page, path, broken):
                for one in [lang] if isinstance(lang, str) else langs:
                    found.setdefault((one, *key), placed)
    return found


def _on_page(
    page: object, path: Path, broken: OptionError
) -> list[tuple[Placed, tuple[str, str, str]]]:
    """The pieces' sides a page of the manifest lists, each where it was placed."""
    if not isinstance(page, dict):
        raise broken
    number = page.get("number")
    # a page of a kit: at most a page for each side of each piece
    if type(number) is not int or not 1 <= number <= 2 * limits.MAX_ITEMS:
        raise broken
    items = page.get("items", [])
    if not isinstance(items, list):
        raise broken
    out = []
    for item in items:
        if not isinstance(item, dict):
            raise broken
        if "component" not in item:  # a page of the rules, no piece
            continue
        if not _placed(item):
            raise broken
        if item.get("copy", 1) != 1:  # a piece's first copy shows it
            continue
        key = (str(item["component"]), str(item["id"]), str(item["side"]))
        corner = tuple(float(v) for v in item["trim_mm"])
        out.append((Placed(path, number, corner, int(item["rotation"])), key))
    return out


def _placed(item: dict[str, object]) -> bool:
    """Whether a placed item is written as output.listed writes one: its names of their
    types, its trim on a page in finite millimetres (a size above 0, nothing past the
    longest length content may have, limits.MAX_LENGTH_MM) and its turn a quarter's
    multiple: a stranger's manifest names no infinite or negative piece for the page of
    changes to draw."""
    trim = item.get("trim_mm")
    return (
        isinstance(trim, list)
        and len(trim) == 4
        and all(_millimetres(v) for v in trim)
        and all(v > 0 for v in trim[2:])
        and item.get("rotation") in (0, 90, 180, 270)
        and type(item.get("rotation")) is int
        and all(isinstance(item.get(k), str) for k in ("component", "id", "side"))
    )


def _millimetres(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and abs(value) <= limits.MAX_LENGTH_MM  # first: an int past a float's range compares
        and math.isfinite(value)
    )


def label_place(out: Path, game: str, label: str | None) -> None:
    """Asked before anything is written: the place a label's kit is kept (out/.<game>.labels
    and the label's folder in it) is a folder of ours or not there yet; a link or a file in
    its place is an OptionError naming --label (nothing is written through it)."""
    if label is None:
        return
    place = labels(out, game)
    for path in (place, place / label):
        if os.path.islink(path) or (os.path.lexists(path) and not os.path.isdir(path)):
            raise OptionError(
                f"--label {label}: {path} is a link or a file, not a folder of kept builds;"
                " move it away, or choose another --out"
            )


def prepare_label(
    out: Path, game: str, label: str | None, kit: Path, before: Earlier | None = None
) -> Path | None:
    """A labelled build's kit made ready to keep, in a folder of its own beside the kept
    ones (its manifest and PDFs, linked where the file system can: the next build writes
    new files and never changes these); placed by `keep` once the kit is published. A kit
    of the pieces changed since `before` keeps the sheets `before` drew the others on too,
    so that a later build finds every piece's face of then."""
    if label is None:
        return None
    label_place(out, game, label)  # again, under the game's lock
    place = labels(out, game)
    place.mkdir(exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{label}.new-", dir=place))  # no label's name
    for source in [kit / "manifest.json", *sorted(kit.rglob("*.pdf"))]:
        relative = source.relative_to(kit)
        if relative.parts[0] == "export" or source.is_symlink():
            continue
        copy = fresh / relative
        copy.parent.mkdir(parents=True, exist_ok=True)
        _linked(source, copy)
    if before is not None:
        _keep_earlier(fresh, before)
    return fresh


def _linked(source: Path, copy: Path) -> None:
    try:
        os.link(source, copy, follow_symlinks=False)
    except OSError:
        shutil.copyfile(source, copy, follow_symlinks=False)


def _keep_earlier(fresh: Path, before: Earlier) -> None:
    """The sides `before` placed that the kit kept in `fresh` did not print: their sheets
    linked into fresh/earlier/, and listed under the manifest's "earlier", as files are."""
    manifest = json.loads((fresh / "manifest.json").read_text(encoding="utf-8"))
    printed = _placements(manifest.get("files"), fresh, before.told, before.langs)
    sheets: dict[Path, str] = {}
    entries: dict[tuple[str, str], dict[int, list[dict[str, object]]]] = {}
    for (lang, component, piece, side), placed in before.placed.items():
        if (lang, component, piece, side) in printed or not placed.path.is_file():
            continue
        if placed.path not in sheets:
            sheets[placed.path] = f"earlier/{len(sheets) + 1}.pdf"
            (fresh / "earlier").mkdir(exist_ok=True)
            _linked(placed.path, fresh / sheets[placed.path])
        item = {"component": component, "id": piece, "side": side, "copy": 1}
        item |= {"trim_mm": list(placed.trim), "rotation": placed.rotation}
        pages = entries.setdefault((sheets[placed.path], lang), {})
        pages.setdefault(placed.page, []).append(item)
    manifest["earlier"] = [
        {"path": path, "lang": lang, "pages": [{"number": n, "items": i} for n, i in pages.items()]}
        for (path, lang), pages in entries.items()
    ]
    (fresh / "manifest.json").unlink()  # a link to the kit's own: written anew, not through it
    (fresh / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def keep(prepared: Path | None, label: str | None) -> None:
    """The prepared kit put under its label, replacing one kept under it before."""
    if prepared is None or label is None:
        return
    target = prepared.parent / label
    if os.path.lexists(target):
        shutil.rmtree(target)  # a folder: label_place refused a link or a file
    os.rename(prepared, target)
