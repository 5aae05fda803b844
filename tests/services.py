"""What a test does when a service it needs is down: says so in one line, and is skipped, except
in CI (``CI=true``), where a missing service fails the run instead of hiding a whole part of it."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def unavailable(reason: str):
    if in_ci():
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def reachable(url: str, default_port: int, timeout: float = 1.0) -> bool:
    """Whether something listens at the host and port of ``url``."""
    parts = urlsplit(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or default_port), timeout=timeout
        ):
            return True
    except OSError:
        return False


def broker_url() -> str:
    """The real broker of ``CELERY_BROKER_URL``, or the test is skipped (failed in CI)."""
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url:
        unavailable("needs a Celery broker: set CELERY_BROKER_URL (CI: Redis)")
    if not reachable(url, 6379):
        unavailable(f"the Celery broker at {urlsplit(url).netloc} is down: start Redis")
    return url
