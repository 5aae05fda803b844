"""A club's rating lists (one per game) and each member's rating history as a chart; the
directors' choices: members' histories public, friendly matches rated."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games import selectors
from games.charts import Series, legend, line_chart
from games.models import Club, Player
from games.permissions import is_director
from games.rules import GAMES
from games.selectors.history import player_visible
from games.selectors.ratings import club_ratings, rating_history
from games.services.club_options import club_set_options
from games.translation import translated, written_number
from scorekeeper.shortcuts import found_or_404

# Results explained on a member's rating history page, the latest first: each is a few
# sentences, and a member of years has hundreds of results (the chart shows them all).
EXPLAINED = 50


def _game(request, default: str | None = None) -> str:
    game = request.GET.get("game") or default or next(iter(GAMES))
    if game not in GAMES:
        raise Http404(_("Unknown game."))
    return game


@require_safe
def ratings_page(request, slug: str):
    club = found_or_404(selectors.club_find(slug), Club)
    game = _game(request)
    return render(
        request,
        "ratings/list.html",
        {
            "club": club,
            "game": GAMES[game],
            "games": GAMES.values(),
            "list": club_ratings(club, game),
            "director": is_director(club, request.user),
        },
    )


@require_safe
def rating_history_page(request, slug: str, game: str, player_id: int):
    club = found_or_404(selectors.club_find(slug), Club)
    if game not in GAMES:
        raise Http404(_("Unknown game."))
    player = found_or_404(selectors.club_member(club, player_id), Player)
    if not player_visible(player, request.user):
        return render(request, "players/hidden.html", {"player": player}, status=403)
    steps = rating_history(club, game, player, explained=EXPLAINED)
    series = [Series(_("rating"), [s["rating"] for s in steps])]
    # Newest first, each opened without a script (<details>): the result, the places, the
    # rating, skill and uncertainty before and after, and what the rating means.
    explained = [
        {
            "summary": _summary(s),
            "lines": translated(s["explain"][1:]),  # the first line is the summary's
        }
        for s in reversed(steps)
        if "explain" in s
    ]
    return render(
        request,
        "ratings/history.html",
        {
            "club": club,
            "game": GAMES[game],
            "player": player,
            "steps": steps,
            "explained": explained,
            "chart": line_chart(series, title=_("Rating after each result"), x_label=_("result")),
            "legend": legend(series),
        },
    )


def _summary(step: dict) -> str:
    """A result in one line: its day, what it was, the rating before and after."""
    before, after = (written_number(f"{step[key]:.2f}") for key in ("before", "rating"))
    change = _("%(before)s → %(after)s") % {"before": before, "after": after}
    return f"{step['day']} · {translated(step['event'])} · {change}"


@require_POST
def club_options_page(request, slug: str):
    club = found_or_404(selectors.club_find(slug), Club)
    if not is_director(club, request.user):
        return HttpResponseForbidden(_("Only the club's directors choose this."))
    club_set_options(
        club=club,
        public_histories=request.POST.get("public_histories") == "on",
        rate_friendly_matches=request.POST.get("rate_friendly_matches") == "on",
    )
    messages.success(request, _("Saved."))
    return redirect(reverse("pages:club-ratings", args=[slug]))
