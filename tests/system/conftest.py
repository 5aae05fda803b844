"""System tests need PostgreSQL (``DATABASE_URL``) and the ``redis-server`` program: CI has
both and runs them; elsewhere they are skipped with the reason (in CI a missing part fails)."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.services import reachable, unavailable

from .harness import Database, OwnRedis, manage, production_env


@pytest.fixture(scope="module")
def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        unavailable("System tests need PostgreSQL: set DATABASE_URL")
    if not reachable(url, 5432):
        unavailable(f"PostgreSQL at {url.rsplit('@', 1)[-1].split('/')[0]} is down: start it")
    if not (shutil.which("redis-server") or os.path.exists("/usr/bin/redis-server")):
        unavailable("System tests need redis-server")
    return url


@pytest.fixture(scope="module")
def redis():
    own = OwnRedis()
    own.start()
    yield own
    own.stop()


@pytest.fixture(scope="module")
def database(server_url, redis):
    db = Database(server_url)
    db.create(production_env(db.url(), redis.url))
    yield db
    db.drop()


def make_director(env: dict[str, str], username: str = "td", password: str = "pw-x-1234-long"):
    manage(
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user({username!r}, password={password!r})",
        env=env,
    )
    return username, password
