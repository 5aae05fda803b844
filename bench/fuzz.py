"""A long schemathesis run by hand: ``python -m bench.fuzz [examples per operation]``.

Runs tests/api/test_schema_fuzz.py (every schemathesis check; with real ids and credentials, as
a stranger, and statefully over the schema's links) with FUZZ_EXAMPLES raised (the suite runs
4; 450 gives about 20,000 requests over the API's operations) and FUZZ_STATEFUL_EXAMPLES to a
third of it, against the database of DATABASE_URL, and prints how many requests were made, how
many answered a server error and how many answered outside the schema. ``python -m
bench.schema_run`` is the other view: schemathesis' own command line against a served app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    examples = sys.argv[1] if len(sys.argv) > 1 else "450"
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "fuzz.json"
        env = {
            **os.environ,
            "FUZZ_EXAMPLES": examples,
            "FUZZ_STATEFUL_EXAMPLES": str(max(6, int(examples) // 3)),
            "FUZZ_REPORT": str(report),
        }
        started = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "tests/api/test_schema_fuzz.py"],
            env=env,
            check=False,
        )  # fmt: skip
        seconds = time.perf_counter() - started
        counts = json.loads(report.read_text()) if report.exists() else {}
    database = "PostgreSQL" if "postgres" in os.environ.get("DATABASE_URL", "") else "SQLite"
    print(
        f"fuzz on {database}: {counts.get('requests', 0)} requests, "
        f"{counts.get('server_errors', 0)} server errors, "
        f"{counts.get('nonconforming', 0)} answers outside the schema, {seconds:.0f} s"
    )
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
