"""Findings of the fuzzer that are being fixed on another branch at the time of writing
(issue 25's table mistakes): `make test` tells them and goes on, `make fuzz` counts them
like any other. Each entry: a regular expression over a finding's signature (runner.py)
and what it is; remove an entry once its fix has landed, and the fuzzer holds it."""

from __future__ import annotations

import re

KNOWN = {
    # A table whose id header is blank or renamed, read with `as:` (content/rows.py).
    r"^traceback: KeyError at rows\.py:\d+ in _data: 'id'": "blank or renamed id cell, as:",
    # `distinguishable` over a table with no colours (checks/colours.py).
    r"^traceback: ValueError at colours\.py:\d+ in distances": "distinguishable, zero colours",
    # `painter:` given a list or a mapping (core/registry.py).
    r"^traceback: TypeError at registry\.py:\d+ in __contains__: unhashable": "painter: list",
    # A colour cell holding a number: 0.5 (core/params.py read_colour).
    r"^traceback: AttributeError at params\.py:\d+ in read_colour": "colour: 0.5",
}


def known(signature: str) -> str | None:
    """What a finding is, if it is one of the known ones."""
    return next((what for pattern, what in KNOWN.items() if re.search(pattern, signature)), None)
