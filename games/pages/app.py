"""The installable app: the service worker at the root of the site (its scope is every page),
the web app manifest, and the page a phone shows for a page it never opened while offline."""

from __future__ import annotations

import hashlib
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import etag, require_safe


@lru_cache(maxsize=1)
def _worker() -> tuple[bytes, str]:
    path = finders.find("js/sw.js")
    with open(path, "rb") as file:
        body = file.read()
    return body, hashlib.sha256(body).hexdigest()[:16]


@require_safe
@etag(lambda request: _worker()[1])  # the browser's update check: 304 when unchanged
def service_worker(request):
    """static/js/sw.js, served from the root so that it may control every page. Never kept by
    a cache for long: the browser checks it again at each visit and installs a new version."""
    body, _digest = _worker()
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request):
    icon = static("icons/icon.svg")
    data = {
        "name": _("Scorekeeper"),
        "short_name": _("Scores"),
        "lang": getattr(request, "LANGUAGE_CODE", "en"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d4e89",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
def offline_page(request):
    """Kept by the service worker when it is installed; shown for a page not kept."""
    return render(request, "offline.html")
