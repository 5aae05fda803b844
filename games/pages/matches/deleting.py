"""Deleting a friendly match from its page (issue 31): its edit link's phone or its creator
signed in, asked first ("Delete this match and its 12 deals?")."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseForbidden
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.pages.access import carries_keys, held_edit_key
from games.pages.asking import ask, confirmed, sent_by_script
from games.pages.matches.views import get_match_head
from games.services import Conflict, NotFound, Refused
from games.services.deletions import check_match_delete, match_delete


def may_delete(request, match) -> bool:
    """Whether the match page offers "Delete this match": what the service would allow."""
    try:
        check_match_delete(match, edit_key=held_edit_key(request, match), user=request.user)
    except (Conflict, Refused):
        return False
    return True


def delete_question(deals: int) -> str:
    if not deals:
        return _("Delete this match?")
    return ngettext(
        "Delete this match and its %(n)d deal?", "Delete this match and its %(n)d deals?", deals
    ) % {"n": deals}


@carries_keys
@require_POST
def match_delete_page(request, public_id: str):
    match = get_match_head(public_id)
    key = held_edit_key(request, match)
    try:
        check_match_delete(match, edit_key=key, user=request.user)
    except Refused as exc:
        return HttpResponseForbidden(str(exc))
    except Conflict as exc:
        messages.error(request, str(exc))
        return redirect("pages:match", public_id=public_id)
    if not confirmed(request) or sent_by_script(request):
        return ask(
            request,
            question=delete_question(match.last_number),
            lines=[
                _(
                    "The match, its deals and the names typed for its guests are deleted for "
                    "everyone: its share and edit links stop working."
                ),
                _(
                    "Player histories and club ratings that counted it are worked out again "
                    "without it. An export already taken keeps it: a deletion cannot reach it."
                ),
            ],
            yes=_("Yes, delete it"),
            no=_("No, keep it"),
            back=reverse("pages:match", args=[public_id]),
        )
    try:
        match_delete(match=match, edit_key=key, user=request.user)
    except (Conflict, NotFound, Refused) as exc:
        messages.error(request, str(exc))
        return redirect("pages:match", public_id=public_id)
    messages.success(request, _("The match is deleted."))
    return redirect("pages:home")
