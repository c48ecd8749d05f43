"""The page's files: a fixed table made once from the package's page folder. The page is ES
modules (no build step), one per part of the page, each served by its own name; no part of
a URL is ever a file path."""

from __future__ import annotations

import re
from importlib import resources

KINDS = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}


def _static() -> dict[str, tuple[str, str]]:
    """The page's files, a fixed table made once from the package's page folder: the page
    is ES modules (no build step), one per part of the page, each served by its own name."""
    page = resources.files("bastelbogen.preview").joinpath("page")
    table = {"/": ("index.html", KINDS[".html"])}
    for entry in page.iterdir():
        suffix = entry.name[entry.name.rfind(".") :]
        if re.fullmatch(r"[a-z][a-z0-9-]*\.(js|css)", entry.name) and suffix in KINDS:
            table[f"/{entry.name}"] = (entry.name, KINDS[suffix])
    return table


STATIC = _static()


def read(name: str) -> bytes:
    """One of the table's files, as the package holds it now."""
    return resources.files("bastelbogen.preview").joinpath("page", name).read_bytes()
