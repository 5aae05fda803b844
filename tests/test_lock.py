"""Installs that cannot drift (issue 25): uv.lock agrees with pyproject.toml, and what the tests
run on is exactly what the lock says."""

from __future__ import annotations

import os
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

from tests.services import unavailable

REPO = Path(__file__).resolve().parent.parent
LOCK = REPO / "uv.lock"


def uv() -> str:
    path = os.environ.get("SCOREKEEPER_UV") or str(REPO / ".venv" / ".uv" / "bin" / "uv")
    if not Path(path).exists():
        unavailable(f"uv is not at {path}: make sync bootstraps it")
    return path


def locked_versions() -> dict[str, set[str]]:
    """Each package of the lock and its versions (one per Python split, usually one)."""
    lock = tomllib.loads(LOCK.read_text(encoding="utf-8"))
    versions: dict[str, set[str]] = {}
    for package in lock["package"]:
        if package.get("source", {}).get("virtual"):
            continue  # the project itself, never installed
        versions.setdefault(package["name"], set()).add(package["version"])
    return versions


def normalized(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def test_the_lock_agrees_with_pyproject():
    checked = subprocess.run(
        [uv(), "lock", "--check", "--offline"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert checked.returncode == 0, checked.stderr


def test_the_lock_pins_every_package_with_its_hashes():
    lock = tomllib.loads(LOCK.read_text(encoding="utf-8"))
    files = [
        (package["name"], entry)
        for package in lock["package"]
        for entry in [package.get("sdist"), *package.get("wheels", [])]
        if entry
    ]

    assert len(locked_versions()) > 50
    assert files
    assert [name for name, entry in files if not entry.get("hash", "").startswith("sha256:")] == []


def test_what_runs_the_tests_is_exactly_what_the_lock_says():
    locked = locked_versions()
    installed = {
        normalized(dist.metadata["Name"]): dist.version for dist in metadata.distributions()
    }
    strangers = sorted(set(installed) - set(locked))
    moved = {
        name: (version, sorted(locked[name]))
        for name, version in installed.items()
        if name in locked and version not in locked[name]
    }

    assert strangers == []
    assert moved == {}
    assert {"django", "pytest", "babel", "pytest-xdist"} <= set(installed)
