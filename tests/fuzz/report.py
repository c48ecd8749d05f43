"""`python -m tests.fuzz.report FILE`: what a long fuzz found (make fuzz), grouped by where
it came from, with the smallest reproducer of each; exits 1 if anything was found."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path


def main(path: str) -> int:
    runs: dict[str, int] = defaultdict(int)
    ends: dict[str, int] = defaultdict(int)
    found: dict[str, list[dict]] = defaultdict(list)
    file = Path(path)
    for line in file.read_text().splitlines() if file.exists() else []:
        record = json.loads(line)
        if "runs" in record:
            for target, n in record["runs"].items():
                runs[target] += n
            for end, n in record.get("ends", {}).items():
                ends[end] += n
        else:
            found[record["signature"]].append(record)
    total = sum(runs.values())
    print(f"{total} runs: " + ", ".join(f"{t} {n}" for t, n in sorted(runs.items())))
    print("ended: " + ", ".join(f"{e} {n}" for e, n in sorted(ends.items())))
    print(f"{sum(len(v) for v in found.values())} findings, {len(found)} distinct")
    for signature, records in sorted(found.items(), key=lambda kv: -len(kv[1])):
        smallest = min(records, key=lambda r: len(r["data"]))
        print(f"\n{len(records)} x {signature}")
        print(f"  e.g. {smallest['target']}: {smallest['game']}, {smallest['file']}")
        if not smallest["binary"]:
            print("  " + smallest["data"][:600].replace("\n", "\n  "))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
