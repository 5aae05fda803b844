"""A player's own data (issue 31): the whole of it as one JSON download from their page, and
their erasure, asked first with what will happen (the player signed in, or a director of each
of their clubs on the player's request)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games import selectors
from games.audit import refused
from games.models import Player
from games.pages.asking import ask, confirmed, sent_by_script
from games.pages.words import isolated
from games.selectors.own_data import player_own_data
from games.services import Conflict, NotFound, Refused
from games.services.erasure import check_erase, player_erase


def _player(player_id: int) -> Player:
    player = selectors.known_player(player_id)
    if player is None:
        raise Http404(_("No known player with this id."))
    return player


@require_safe
def player_data_page(request, player_id: int):
    player = _player(player_id)
    user = request.user
    if not (user.is_authenticated and player.user_id == user.pk):
        refused(user, "read a player's own data", f"player {player.pk}")
        return HttpResponseForbidden(_("Only the player themselves takes their own data."))
    document = player_own_data(player, now=timezone.now())
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="my-data-{player.pk}.json"'
    response["Cache-Control"] = "no-store"
    return response


def _what_happens(player: Player, itself: bool) -> list[str]:
    clubs = [isolated(c.name) for c in selectors.clubs_of_player(player)]
    lines = [
        _(
            "The name %(name)s becomes “Former player” with a number, in every match, evening, "
            "tournament and rating of the service. The number is new within each club, so the "
            "standings stay readable."
        )
        % {"name": isolated(player.name)},
        _("Results, totals, standings and ratings keep their numbers: only the name goes."),
    ]
    if player.user_id:
        lines.append(
            _(
                "The account, its API tokens, its house rules and every phone signed in to it "
                "are deleted; it cannot sign in again."
            )
            if itself
            else _(
                "The player's account, its API tokens, its house rules and every phone signed "
                "in to it are deleted."
            )
        )
    if clubs:
        lines.append(_("Clubs: %(clubs)s.") % {"clubs": ", ".join(clubs)})
    alone = [isolated(c.name) for c in selectors.clubs_directed_alone(player.user)]
    if alone:
        # Its directorships go with the account: a club it directs alone is left with none.
        lines.append(
            _(
                "The account is the only director of %(clubs)s, which will then have no "
                "director: make someone else a director there first if the club goes on."
            )
            % {"clubs": ", ".join(alone)}
        )
    lines.append(
        _(
            "It cannot be undone. Take the data first if it is wanted: an export taken before "
            "keeps the name."
        )
    )
    return lines


@require_http_methods(["GET", "HEAD", "POST"])
def player_erase_page(request, player_id: int):
    player = _player(player_id)
    user = request.user
    try:
        check_erase(player, user=user)
    except Refused as exc:
        return HttpResponseForbidden(str(exc))
    except (Conflict, NotFound) as exc:
        messages.error(request, str(exc))
        return redirect("pages:player", player_id=player.pk)
    itself = user.is_authenticated and player.user_id == user.pk
    if request.method != "POST" or not confirmed(request) or sent_by_script(request):
        return ask(
            request,
            question=_("Erase %(name)s for good?") % {"name": isolated(player.name)},
            lines=_what_happens(player, itself),
            yes=_("Yes, erase"),
            no=_("No, keep everything"),
            back=reverse("pages:player", args=[player.pk]),
        )
    try:
        erased = player_erase(player=player, user=user)
    except (Conflict, NotFound, Refused) as exc:
        messages.error(request, str(exc))
        return redirect("pages:player", player_id=player.pk)
    if itself:
        logout(request)
        messages.success(request, _("You are erased. Your account is deleted."))
        return redirect("pages:home")
    messages.success(
        request, _("Erased: the player's results now read “%(name)s”.") % {"name": erased.name}
    )
    return redirect("pages:player", player_id=player.pk)
