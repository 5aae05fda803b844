"""The database down is an outage, not a bug: every request that needs it answers 503 with a
clear JSON body (API) or page, and ``Retry-After``, instead of a 500 and a stack trace. Nothing
is kept between requests, so service resumes by itself when the database returns (the pool
reconnects).

A view's failure is caught here (``process_exception``); one raised elsewhere (a session saved
after the view) reaches Django's 500 handler, ``server_error``, which gives the same answer."""

from __future__ import annotations

import logging
import sys

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.defaults import server_error as django_server_error

from scorekeeper.error_pages import render_error, server_error_page

logger = logging.getLogger("scorekeeper.unavailable")

MESSAGE = gettext_lazy(
    "The service cannot reach its database just now. Nothing was changed; try again in a moment."
)
RETRY_AFTER = "10"


def is_outage(exc: BaseException | None) -> bool:
    """Lost connections and refused ones; not errors in a query (those are bugs)."""
    return isinstance(exc, OperationalError | InterfaceError) or (
        isinstance(exc, DatabaseError) and "connection" in str(exc).lower()
    )


def unavailable(request) -> HttpResponse:
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": str(MESSAGE)}, status=503)
    else:
        response = HttpResponse(_page(), status=503)
    response["Retry-After"] = RETRY_AFTER
    response["Cache-Control"] = "no-store"
    return response


def _page() -> str:
    # No request context: the context processors would read the session, in the database.
    try:
        return render_error("unavailable.html")
    except Exception:  # an outage page must not fail in its turn (static files not collected)
        logger.exception("the outage page could not be drawn; answering in plain words")
        return f"<!doctype html><title>{_('Back in a moment')}</title><p>{MESSAGE}</p>"


class DatabaseOutage:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_outage(exception):
            return None
        logger.error(
            "database unreachable: %s %s answered 503 (%s)",
            request.method,
            request.path,
            type(exception).__name__,
        )
        return unavailable(request)


def server_error(request, *args, **kwargs):
    if is_outage(sys.exc_info()[1]):
        return unavailable(request)
    try:
        return server_error_page()
    except Exception:  # the page itself failed: Django's own few words
        logger.exception("the error page could not be drawn")
        return django_server_error(request, *args, **kwargs)
