"""The bench's environment, shared by ``python -m bench`` and the benches that also run on their
own (``python -m bench.history``)."""

from __future__ import annotations

import os
import secrets
import tempfile

NO_LIMIT = "1000000/min"


def environment() -> str:
    """Sets the environment for a run; returns which database it uses."""
    if not os.environ.get("DATABASE_URL"):
        os.environ["SCOREKEEPER_DATA_DIR"] = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # this run's only
    # A line per request would bury the table (and cost the floor and the deals alike): the
    # bench's own level, whatever the Makefile exports for make serve.
    os.environ["LOG_LEVEL"] = os.environ.get("BENCH_LOG_LEVEL", "WARNING")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        DEBUG="false",
        HTTPS="false",
        ALLOWED_HOSTS="testserver,127.0.0.1,localhost",
        # One client posts thousands of deals here: the rate limits would measure themselves.
        THROTTLE_WRITE_CLIENT=NO_LIMIT,
        THROTTLE_WRITE_ADDRESS=NO_LIMIT,
    )
    # Tasks run eagerly and the rate limits count in this process's memory: no broker needed.
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("CACHE_URL", None)
    url = os.environ.get("DATABASE_URL", "")
    return "PostgreSQL" if url.startswith("postgres") else "SQLite"
