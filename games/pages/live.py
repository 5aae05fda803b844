"""The live pages' poll, answered before the rest of the middleware (as ``/healthz/`` is): no
session, no user, no request log line, and no database query while the cache holds the token
(``games.polls``). ``GET /m/<id>/version/`` and ``/t/<id>/version/`` answer the token as JSON with
an ``ETag``; a phone that sends it back in ``If-None-Match`` gets a 304 with an empty body.

The pages poll every 2 s for a minute after a change (a page loads after each change), then
less often, up to every 10 s; not at all while hidden, and at once when shown again; the
projector every 5 s (``static/js/app.js``)."""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.http.request import split_domain_port, validate_host
from django.views.decorators.http import require_safe

from games import polls
from games.selectors import match_poll_token, tournament_poll_token

POLL = re.compile(r"^/(m|t)/([A-Za-z0-9_-]{1,64})/version/$")
TOKENS = {"m": match_poll_token, "t": tournament_poll_token}


# Every poll asks again (no cache may answer for us), and only this browser keeps it; and, as
# the poll is answered before the security middleware, the headers it would add to JSON.
POLL_HEADERS = (
    ("Cache-Control", "private, no-cache"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
)


def poll_answer(request, kind: str, public_id: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    token = TOKENS[kind](public_id)
    if token is None:
        return JsonResponse({"detail": "Not found."}, status=404)
    etag = f'"{token}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": token})
    response["ETag"] = etag
    for header, value in POLL_HEADERS:
        response[header] = value
    return response


class PollApplication:
    """The poll's fast path, in front of Django's WSGI application (scorekeeper/wsgi.py): a poll
    whose token the cache holds is answered from the WSGI environ, before Django makes a request
    object, runs its middleware or sends its request signals, so a poll costs less than
    ``/healthz/``. Anything else (another path or method, a host to check, a token the cache
    lacks, a cache that is down) goes to Django, whose ``PollMiddleware`` answers it in full."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        found = POLL.match(environ.get("PATH_INFO", ""))
        method = environ.get("REQUEST_METHOD")
        if found is not None and method in ("GET", "HEAD") and _host_served(environ):
            token = polls.cached(*found.groups())
            if token is not None:
                return _fast_answer(environ, start_response, token, head=method == "HEAD")
        return self.application(environ, start_response)


def _host_served(environ) -> bool:
    """Whether Django would serve this Host (``ALLOWED_HOSTS``, as ``request.get_host()``
    checks it); a host it would refuse is left to Django's 400."""
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in environ:
        host = environ["HTTP_X_FORWARDED_HOST"]
    else:
        host = environ.get("HTTP_HOST", "")
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def _fast_answer(environ, start_response, token: str, *, head: bool):
    etag = f'"{token}"'
    headers = [("ETag", etag), *POLL_HEADERS]
    if etag in environ.get("HTTP_IF_NONE_MATCH", ""):
        start_response("304 Not Modified", headers)
        return [b""]
    body = json.dumps({"version": token}).encode()
    headers += [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    start_response("200 OK", headers)
    return [b"" if head else body]


class PollMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = POLL.match(request.path_info)
        if found is None:
            return self.get_response(request)
        request.get_host()  # a host this service does not serve is refused (400), as elsewhere
        return poll_answer(request, *found.groups())


@require_safe
def match_version(request, public_id: str) -> HttpResponse:
    """The URL the pages name (``pages:version``); the middleware answers it first."""
    return poll_answer(request, "m", public_id)


@require_safe
def tournament_version(request, public_id: str) -> HttpResponse:
    return poll_answer(request, "t", public_id)
