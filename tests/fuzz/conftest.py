"""The fuzzer's settings: "ci" (what `make test` runs: derandomized, a few hundred runs in
all, each target its share) and "long" (`make fuzz`: at least 10,000 runs, seeded by
--hypothesis-seed, every finding collected in a report instead of stopping at the first).
FUZZ_PROFILE chooses; FUZZ_REPORT names the report's file (JSON lines)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
# Runs per target, scaled by the target's weight (tests/fuzz/test_fuzz.py): the weights add
# up to 8.25, so "ci" makes some 130 runs and "long" (FUZZ_EXAMPLES) some 12,000.
settings.register_profile(
    "ci",
    max_examples=16,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=_QUIET,
)
settings.register_profile(
    "long",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 1_500)),
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=_QUIET,
)
PROFILE = os.environ.get("FUZZ_PROFILE", "ci")
settings.load_profile(PROFILE)

RUNS: Counter = Counter()
ENDS: Counter = Counter()  # how the runs ended: "target: ok", "target: content" …
FINDINGS: Counter = Counter()


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/fuzz/" in str(item.fspath):
            item.add_marker(pytest.mark.fuzz)


def pytest_sessionfinish(session, exitstatus):
    report = os.environ.get("FUZZ_REPORT")
    if report and RUNS:
        path = Path(report)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            f.write(
                json.dumps({"runs": dict(RUNS), "ends": dict(ENDS), "findings": dict(FINDINGS)})
                + "\n"
            )
