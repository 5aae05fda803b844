"""The live pages' poll, answered before the rest of the middleware (as ``/healthz/`` is): no
session, no user, no request log line, and no database query while the cache holds the token
(``games.polls``). ``GET /m/<id>/version/`` and ``/t/<id>/version/`` answer the token as JSON with
an ``ETag``; a phone that sends it back in ``If-None-Match`` gets a 304 with an empty body.

The pages poll every 2 s for a minute after a change (a page loads after each change), then
less often, up to every 10 s; not at all while hidden, and at once when shown again; the
projector every 5 s (``static/js/app.js``)."""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.views.decorators.http import require_safe

from games.polls import POLL, POLL_HEADERS
from games.selectors import match_poll_token, tournament_poll_token

TOKENS = {"m": match_poll_token, "t": tournament_poll_token}


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
