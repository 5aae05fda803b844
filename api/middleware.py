"""Every answer under ``/api/`` is JSON, and the API reads JSON only.

A body in any other encoding is refused with a 415 before a view runs: a form cannot carry a
nested deal, and a view that never reads its body would otherwise ignore it silently. An error
answered by Django itself rather than by a view (a path that matches no route, such as
``/api/v1/matches/x/deals/null/``, Django's 400 and 500 pages) is HTML: it is answered again
as JSON, ``{"detail": ...}``, with the same status and headers (``Allow``, ``Retry-After``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from scorekeeper.middleware import API_PREFIX, refusal

JSON = "application/json"
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
NOT_JSON = gettext_lazy(
    "The API reads JSON only: send the body as application/json (Content-Type: application/json)."
)
MESSAGES = {
    400: gettext_lazy("The request cannot be read."),
    403: gettext_lazy("This request is refused."),
    404: gettext_lazy("There is nothing at this address of the API."),
    500: gettext_lazy("The server failed to answer this request."),
}
OTHER = gettext_lazy("This request cannot be answered (HTTP %(code)d).")
# The headers of the first answer that the JSON one has no use for.
REPLACED_HEADERS = ("content-type", "content-length", "content-language")


def carries_other_than_json(request) -> bool:
    if request.method not in BODY_METHODS:
        return False
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False  # refused as unreadable (scorekeeper.middleware)
    return length > 0 and (request.content_type or "").lower() != JSON


def is_json(response) -> bool:
    media_type = response.get("Content-Type", "").split(";")[0].strip().lower()
    return media_type == JSON or media_type.endswith("+json")


def as_json(request, response):
    status = response.status_code
    answer = refusal(request, status, MESSAGES.get(status, OTHER), code=status)
    for header, value in response.items():
        if header.lower() not in REPLACED_HEADERS:
            answer[header] = value
    answer.cookies = response.cookies
    return answer


class JsonOnly:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        if carries_other_than_json(request):
            return refusal(request, 415, NOT_JSON)
        response = self.get_response(request)
        if response.status_code >= 400 and not is_json(response):
            return as_json(request, response)
        return response
