"""A director deletes a tournament or a club, and takes the club's export first (issue 31).
Both deletions are asked first, saying what goes and what stays."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games import selectors
from games.audit import refused
from games.models import Club
from games.pages.access import directed_tournament
from games.pages.asking import ask, confirmed
from games.pages.words import isolated
from games.permissions import is_director
from games.services import Conflict, NotFound, Refused
from games.services.deletions import (
    check_club_delete,
    club_delete,
    club_exported,
    tournament_delete,
)
from games.services.exports import club_export
from scorekeeper.shortcuts import found_or_404


def _directed_club(request, slug: str) -> Club:
    club = found_or_404(selectors.club_find(slug), Club)
    if not is_director(club, request.user):
        refused(request.user, f"{request.method} {request.path}", club)
        raise PermissionDenied(_("Only the club's directors see its page."))
    return club


@login_required
@require_POST
def tournament_delete_page(request, public_id: str):
    tournament = directed_tournament(request, public_id)
    if not confirmed(request):
        said = {"name": isolated(tournament.name)}
        return ask(
            request,
            question=_("Delete the tournament %(name)s?") % said,
            lines=[
                _(
                    "Its entrants, rounds, tables and every deal played at them are deleted, "
                    "with its corrections log; printed table cards stop working."
                ),
                _(
                    "The club's ratings are worked out again without its results. An export "
                    "already taken keeps them."
                ),
            ],
            yes=_("Yes, delete it"),
            no=_("No, keep it"),
            back=reverse("pages:director-tournament", args=[public_id]),
        )
    try:
        tournament_delete(tournament=tournament, user=request.user)
    except (NotFound, Refused) as exc:
        messages.error(request, str(exc))
        return redirect("pages:director-tournament", public_id=public_id)
    messages.success(request, _("The tournament is deleted."))
    return redirect("pages:club", slug=tournament.club.slug)


@login_required
@require_safe
def club_export_page(request, slug: str):
    """The club's record as one JSON document, downloaded; taking it lets the club be deleted."""
    club = _directed_club(request, slug)
    document = club_export(club, now=timezone.now())
    if request.method == "GET":  # a HEAD receives no document: nothing was taken
        club_exported(club=club, document=document)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="club-{club.slug}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def club_delete_page(request, slug: str):
    club = _directed_club(request, slug)
    back = reverse("pages:club", args=[slug])
    try:
        check_club_delete(club, user=request.user)
    except Conflict as exc:
        messages.error(request, str(exc))
        return redirect(back + "#delete")
    if not confirmed(request):
        said = {"name": isolated(club.name)}
        return ask(
            request,
            question=_("Delete the club %(name)s?") % said,
            lines=[
                _(
                    "Its tournaments and every deal played at them, its house rules and its "
                    "ratings are deleted for everyone."
                ),
                _(
                    "Its members stay as players (some belong to other clubs or have an "
                    "account), and its evenings stay their players' own, without the club. The "
                    "export you took keeps the club's record."
                ),
            ],
            yes=_("Yes, delete the club"),
            no=_("No, keep it"),
            back=back,
        )
    try:
        club_delete(club=club, user=request.user)
    except (Conflict, NotFound, Refused) as exc:
        messages.error(request, str(exc))
        return redirect(back + "#delete")
    messages.success(request, _("The club is deleted."))
    return redirect("pages:director")
