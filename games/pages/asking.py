"""What cannot be taken back is asked first. The button that does it posts its form as before;
without ``confirm`` the view answers with a page that says what will happen and asks "Yes"
(the same form again, with ``confirm=1``) or "No" (a link back). It works without a script, as
a correction and an undo are asked (templates/games/confirm.html).

tests/games/pages/test_asked_first.py lists every form the pages post, each either undone by
another button, adding only, or asked first here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

CONFIRM = "confirm"


def confirmed(request) -> bool:
    """The form was sent from the page that asked."""
    return request.POST.get(CONFIRM) == "1"


def sent_by_script(request) -> bool:
    """Posted by a phone's script rather than a person's tap: a form kept without signal and
    sent when it returned (static/js/offline.js). Nobody saw the question then."""
    return request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate"


def ask(
    request,
    *,
    question: str,
    lines: Iterable[str],
    yes: str,
    back: str,
    no: str | None = None,
    template: str = "games/confirm.html",
    extra: dict[str, Any] | None = None,
    seen: dict[str, Any] | None = None,
) -> HttpResponse:
    """The page that asks: the question, what will happen, and the form sent again (every field
    as posted, and ``confirm``) behind "Yes". ``seen``: fields to send as this page saw them
    (the version its figures are of), in place of the posted ones."""
    seen = {name: str(value) for name, value in (seen or {}).items()}
    kept = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", CONFIRM, *seen)
        for value in values
    ]
    kept += list(seen.items())
    context = {
        "question": question,
        "lines": list(lines),
        "fields": [*kept, (CONFIRM, "1")],
        "yes": yes,
        "no": no or _("No, go back"),
        "back": back,
        **(extra or {}),
    }
    return render(request, template, context)
