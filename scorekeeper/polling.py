"""The live pages' poll, answered in front of Django (``scorekeeper/wsgi.py`` wraps Django's
application in ``PollApplication``), as ``/healthz/`` is answered first of all the middleware
(``scorekeeper.health``). The full answer is ``games.pages.live``'s; this is its fast path."""

from __future__ import annotations

import json

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from games import polls
from games.polls import POLL, POLL_HEADERS


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
