"""One log line per request, as an operator reads them afterwards: method, path, status and
duration, with the request id every other line of the request carries (django-guid sets it
just before). Paths are redacted like every log line (scorekeeper.logfilters); static files and
health probes are left out, as they would drown the rest."""

from __future__ import annotations

import logging
import time

from django.conf import settings

from scorekeeper.logfilters import redact

logger = logging.getLogger("scorekeeper.requests")


class RequestLog:
    def __init__(self, get_response):
        self.get_response = get_response
        self.quiet = ("/" + settings.STATIC_URL.lstrip("/"), "/favicon.ico")

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        if not request.path.startswith(self.quiet):
            duration = round((time.perf_counter() - started) * 1000, 1)
            level = logging.WARNING if response.status_code >= 500 else logging.INFO
            logger.log(
                level,
                "%s %s %s %.1f ms",
                request.method,
                request.path,
                response.status_code,
                duration,
                extra={
                    "method": request.method,
                    "path": redact(request.path),
                    "status": response.status_code,
                    "duration_ms": duration,
                },
            )
        return response
