"""Findings of the fuzzer that are being fixed on another branch at the time of writing
(issue 25's table mistakes): `make test` tells them and goes on, `make fuzz` counts them
like any other. Each entry: a regular expression over a finding's signature (runner.py)
and what it is; remove an entry once its fix has landed, and the fuzzer holds it."""

from __future__ import annotations

import re

KNOWN: dict[str, str] = {}  # the table mistakes listed here were fixed (tests/test_mistakes.py)


def known(signature: str) -> str | None:
    """What a finding is, if it is one of the known ones."""
    return next((what for pattern, what in KNOWN.items() if re.search(pattern, signature)), None)
