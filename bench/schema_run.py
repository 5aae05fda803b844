"""An outside scanner's view of the API: ``python -m bench.schema_run [examples per operation]``.

Serves the app on a fresh SQLite database (the test settings: no throttling in the way) and runs
the schemathesis command line against its /api/v1/schema/ with every check, every phase
(examples, coverage, fuzzing, stateful over the schema's links) and a fixed seed, as a stranger:
no credentials, no ids it did not get from the API itself. Prints schemathesis' summary; the
full report goes to bench/results/schema_run.txt. 25 examples per operation take about 3 minutes
on 2 busy cores."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "data" / "schema_run.txt"  # data/ is kept out of git


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    examples = sys.argv[1] if len(sys.argv) > 1 else "25"
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings.test",
            "SCOREKEEPER_DATA_DIR": data,
        }
        env.pop("DATABASE_URL", None)
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "-v0"], env=env, check=True)
        server = subprocess.Popen(
            [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(120):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.5)
            OUTPUT.parent.mkdir(exist_ok=True)
            with OUTPUT.open("w") as report:
                result = subprocess.run(
                    [str(Path(sys.executable).with_name("schemathesis")), "run",
                     f"http://127.0.0.1:{port}/api/v1/schema/?format=json",
                     "--checks", "all", "--max-examples", examples, "--seed", "1",
                     "--workers", "1", "--no-color"],
                    stdout=report,
                    stderr=subprocess.STDOUT,
                    check=False,
                )  # fmt: skip
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = OUTPUT.read_text()
    print(text[text.find("SUMMARY") :] if "SUMMARY" in text else text[-3000:])
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
