"""Deleting an evening from its page (issue 31): its edit link's phone or its creator signed
in, asked first with what goes (its matches and their deals)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.pages.access import carries_keys
from games.pages.asking import ask, confirmed, sent_by_script
from games.pages.sessions.views import can_edit, held_session_key
from games.selectors import sessions as reads
from games.services import NotFound, Refused
from games.services.deletions import session_counts, session_delete


def delete_question(matches: int) -> str:
    return ngettext(
        "Delete this evening and its %(n)d match?",
        "Delete this evening and its %(n)d matches?",
        matches,
    ) % {"n": matches}


def deals_line(deals: int) -> str:
    return ngettext("Its matches hold %(n)d deal.", "Its matches hold %(n)d deals.", deals) % {
        "n": deals
    }


@carries_keys
@require_POST
def session_delete_page(request, public_id: str):
    session = reads.session_head(public_id)
    if session is None:
        raise Http404(_("No session with this id."))
    if not can_edit(request, session):
        return HttpResponseForbidden(
            _("Deleting this evening needs its edit key, or its creator signed in.")
        )
    if not confirmed(request) or sent_by_script(request):
        counts = session_counts(session)
        return ask(
            request,
            question=delete_question(counts.matches),
            lines=[
                deals_line(counts.deals),
                _(
                    "The evening, its matches, their deals, its settle-up and the names typed "
                    "for its guests are deleted for everyone: its links stop working."
                ),
                _(
                    "Player histories and club ratings that counted its matches are worked out "
                    "again without them. An export already taken keeps them."
                ),
            ],
            yes=_("Yes, delete it"),
            no=_("No, keep it"),
            back=reverse("pages:session", args=[public_id]),
        )
    try:
        session_delete(
            session=session, edit_key=held_session_key(request, session), user=request.user
        )
    except (NotFound, Refused) as exc:
        messages.error(request, str(exc))
        return redirect("pages:session", public_id=public_id)
    messages.success(request, _("The evening is deleted."))
    return redirect("pages:home")
