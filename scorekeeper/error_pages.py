"""The error pages that Django draws without the request's context (a 400, a 500, the outage's
503): in the request's language all the same, with ``<html lang dir>`` right. Their context is
only the language: the request's other context (the user, the session) may need the database,
which a failing request must not count on."""

from __future__ import annotations

from django.http import HttpResponseBadRequest, HttpResponseServerError
from django.template import loader
from django.utils.translation import get_language, get_language_bidi


def language_context() -> dict:
    return {"LANGUAGE_CODE": get_language(), "LANGUAGE_BIDI": get_language_bidi()}


def render_error(template_name: str) -> str:
    return loader.get_template(template_name).render(language_context())


def bad_request(request, exception=None):
    return HttpResponseBadRequest(render_error("400.html"))


def server_error_page() -> HttpResponseServerError:
    return HttpResponseServerError(render_error("500.html"))
