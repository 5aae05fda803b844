"""The tournament pages anyone may open, no account needed: the list of tournaments, the live
view (on a phone, and in large type on the projector) and the printable results.

The standings are a JSON cache written by a Celery job and their shape grows over time, so they
are read defensively: an unknown or missing key shows as a dash, never as an error."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games import selectors
from games.models import Round, Tournament
from games.pages.access import public_tournament
from games.pages.qr import qr_svg
from games.pages.tournaments.display import table_row, table_scores, with_game_names
from games.pages.tournaments.standings import standings_table
from games.permissions import directs_a_club, is_director
from games.rules import GAMES


@require_safe
def tournament_list(request):
    tournaments = selectors.tournaments_recent(100)
    directs = directs_a_club(request.user)
    return render(
        request,
        "tournaments/list.html",
        {"tournaments": with_game_names(tournaments), "directs": directs},
    )


def _live_context(request, tournament: Tournament) -> dict[str, Any]:
    poll_token = selectors.tournament_poll_token(tournament.public_id)  # first: games.polls
    rounds = selectors.tournament_rounds(tournament)
    shown = next((r for r in reversed(rounds) if r.status in ("ready", "finished")), None)
    drawing = rounds[-1] if rounds and rounds[-1].status == Round.Status.DRAWING else None
    tables = []
    if shown is not None:
        names = selectors.entrant_names(tournament)
        tables = [
            table_row(tournament, t, names)
            for t in selectors.tournament_tables(tournament, [shown])
        ]
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game),
        "winner": _winner(tournament),
        "round": shown,
        "drawing": drawing,
        "tables": tables,
        "unconfirmed": sum(1 for t in tables if not t["confirmed"]),
        "standings": standings_table(tournament),
        "poll_token": poll_token or "",
        "is_director": is_director(tournament.club, request.user),
    }


@require_safe
def tournament_page(request, public_id: str):
    tournament = public_tournament(public_id)
    return render(request, "tournaments/public.html", _live_context(request, tournament))


@require_safe
def tournament_live(request, public_id: str):
    """The projector view: the same as the public page in large type, following by itself."""
    tournament = public_tournament(public_id)
    public_url = request.build_absolute_uri(reverse("pages:tournament", args=[public_id]))
    context = _live_context(request, tournament)
    field = max(len(context["standings"].get("rows", [])), len(context["tables"]))
    context.update(
        public_url=public_url,
        public_qr=qr_svg(public_url),
        # The type is sized to the field; what still does not fit is paged through (app.js).
        density="roomy" if field <= 16 else "snug" if field <= 48 else "dense",
    )
    return render(request, "tournaments/live.html", context)


@require_safe
def tournament_results(request, public_id: str):
    tournament = public_tournament(public_id)
    names = selectors.entrant_names(tournament)
    by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in selectors.tournament_tables(tournament, seats=True):
        row = table_row(tournament, table, names)
        row["scores"] = table_scores(tournament, table)
        by_round[table.round_id].append(row)
    rounds = [
        {"round": r, "tables": by_round[r.pk]}
        for r in selectors.tournament_rounds(tournament)
        if r.status in ("ready", "finished")
    ]
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "game": GAMES.get(tournament.game),
            "winner": _winner(tournament, names),
            "rounds": rounds,
            "standings": standings_table(tournament),
            "csv_url": reverse("api:tournament-standings", args=[tournament.public_id])
            + "?download=csv",
            "results_csv_url": reverse("api:results", args=[tournament.public_id])
            + "?download=csv",
        },
    )


def _winner(tournament: Tournament, names: dict[int, str] | None = None) -> str | None:
    """The knockout's winners by name, once the final is confirmed."""
    winner = selectors.knockout_winner(tournament)
    if winner is None:
        return None
    names = selectors.entrant_names(tournament) if names is None else names
    return names.get(winner, "?")
