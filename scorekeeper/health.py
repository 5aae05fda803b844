"""Health answers for proxies, orchestrators and ``make serve``.

- ``/healthz/``: the process is up and answers (no database, no broker): 200.
- ``/readyz/``: can it serve? The database and the broker are checked separately, each with its
  status and latency in milliseconds. 503 when the database is down (nothing can be served);
  200 with ``"status": "degraded"`` when only the broker is down (every write still commits,
  and the jobs are caught up by the sweeps once it is back).

They are answered by a middleware placed first, before the host check and the HTTPS redirect:
a proxy probes a node by its address over plain HTTP, and must get the answer, not a 400 or a
301. Neither says anything a stranger could use."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connections
from django.http import JsonResponse

from scorekeeper.celery import app

HEALTH = "/healthz/"
READY = "/readyz/"
BROKER_TIMEOUT = 2.0  # seconds: a probe must answer well within a proxy's own timeout


def _timed(check) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        status = check()
    except Exception as exc:  # any failure of a component is its status, never a 500
        return {
            "status": "down",
            "latency_ms": round((time.perf_counter() - started) * 1000, 1),
            "error": type(exc).__name__,
        }
    return {"status": status, "latency_ms": round((time.perf_counter() - started) * 1000, 1)}


def _database() -> str:
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "up"


def _broker() -> str:
    if not settings.CELERY_BROKER_URL:
        return "eager"  # no broker configured: jobs run in the web process (make run)
    with app.connection_for_write() as connection:
        connection.ensure_connection(max_retries=1, interval_start=0, timeout=BROKER_TIMEOUT)
    return "up"


def readiness() -> tuple[int, dict[str, Any]]:
    """The readiness answer and its HTTP status."""
    components = {"database": _timed(_database), "broker": _timed(_broker)}
    if components["database"]["status"] == "down":
        overall, code = "down", 503
    elif components["broker"]["status"] == "down":
        overall, code = "degraded", 200
    else:
        overall, code = "up", 200
    return code, {"status": overall, "components": components}


class HealthMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == HEALTH:
            return _no_store(JsonResponse({"status": "up"}))
        if request.path == READY:
            code, body = readiness()
            response = _no_store(JsonResponse(body, status=code))
            if code == 503:
                response["Retry-After"] = "5"
            return response
        return self.get_response(request)


def _no_store(response):
    response["Cache-Control"] = "no-store"
    return response
