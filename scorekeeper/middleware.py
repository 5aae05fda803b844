"""Requests that no view can serve are refused before any view runs, with a clear 4xx: a NUL
byte in the address (PostgreSQL cannot store or compare text holding one) and a body larger
than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (a JSON 413 on the API, instead of Django's HTML 400)."""

from __future__ import annotations

from urllib.parse import unquote_plus

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext_lazy

from games.digits import NATIVE_DIGITS, native_digits_html

API_PREFIX = "/api/"


def refusal(request, status: int, message, **values):
    # This runs before LocaleMiddleware: the request's language is found here.
    with translation.override(translation.get_language_from_request(request)):
        message = str(message) % values if values else str(message)
        if request.path.startswith(API_PREFIX):
            return JsonResponse({"detail": message}, status=status)
        return render(request, "refused.html", {"message": message}, status=status)


class RefuseUnreadableRequests:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        query = unquote_plus(request.META.get("QUERY_STRING", ""))
        if "\x00" in request.path or "\x00" in query:
            request.path = request.path.replace("\x00", "")
            return refusal(
                request, 400, gettext_lazy("An address cannot hold a NUL character (%00).")
            )
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return refusal(request, 400, gettext_lazy("The Content-Length header is not a number."))
        if limit is not None and length > limit:
            too_large = gettext_lazy("The request is too large: at most %(kb)d KB.")
            return refusal(request, 413, too_large, kb=limit // 1024)
        return self.get_response(request)


class FriendlyNotFound:
    """Under ``make run`` (DEBUG) Django answers a 404 with its list of every URL: a player who
    taps Back onto a taken-back match would see it. Pages get the same friendly 404 as in
    production; the API keeps its JSON."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        html = response.get("Content-Type", "").startswith("text/html")
        if (
            settings.DEBUG
            and response.status_code == 404
            and html
            and not request.path.startswith(API_PREFIX)
        ):
            return render(request, "404.html", status=404)
        return response


class NativeDigits:
    """A page in a language whose phones write their own digits (Persian) shows its numbers in
    them: every page, whatever view or template wrote the number (a score, a deal's number in a
    translated sentence, a date, a chart's axis), in one place. Forms keep Western digits in
    their values and read both (games/pages/numbers.py); the API's JSON is left alone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        language = translation.get_language()
        if (
            language in NATIVE_DIGITS
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
        ):
            html = response.content.decode(response.charset)
            response.content = native_digits_html(html, language).encode(response.charset)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response
