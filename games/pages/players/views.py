"""Pages of history and statistics: a match's score over its deals, a known player's page
(their matches and sessions, statistics per game, charts), and their privacy choice."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games import selectors
from games.charts import Series, legend, line_chart
from games.models import Player
from games.pages.access import held_match_ids
from games.pages.games import page_for
from games.pages.matches.board import team_labels
from games.pages.matches.views import get_match_head
from games.pages.sessions.views import held_session_ids
from games.rules import GAMES, get_game
from games.rules.seat_results import match_results
from games.selectors.history import RECENT, player_history, player_visible
from games.services.players import player_set_history


def match_series(match) -> list[Series]:
    """Each side's score after every deal, from the state stored with each deal (no fold)."""
    engine = get_game(match.game)
    teams = engine.teams(engine.options_from_data(match.rules))
    names = [seat.player.name for seat in match.seats.all()]
    states = selectors.deal_states(match)
    lines: list[list[float]] = []
    for state in states:
        if not state:
            continue
        results = match_results(state, teams, len(names), match.rules, game=match.game)
        lines.append([r.units if r.units is not None else (r.points or 0) for r in results])
    if teams:
        labels = team_labels(teams, names)
        return [Series(labels[t], [row[team[0]] for row in lines]) for t, team in enumerate(teams)]
    return [Series(name, [row[seat] for row in lines]) for seat, name in enumerate(names)]


def game_ends(match) -> list[tuple[int, str]]:
    """Where each game of a match of several games ends (Marafon's best of three), as the
    scoreboard tells them apart: (index of the deal that ended it, "Game n won by ...")."""
    engine = get_game(match.game)
    teams = engine.teams(engine.options_from_data(match.rules))
    labels = team_labels(teams, [seat.player.name for seat in match.seats.all()])
    ends: list[tuple[int, str]] = []
    index = 0
    for state in selectors.deal_states(match):
        if not state:
            continue
        for game in engine.games_won(state)[len(ends) :]:
            winner = game.winner
            team = labels[winner] if isinstance(winner, int) and winner < len(labels) else ""
            ends.append(
                (index, _("Game %(n)d won by %(team)s") % {"n": len(ends) + 1, "team": team})
            )
        index += 1
    return ends


@require_safe
def match_chart(request, public_id: str):
    match = get_match_head(public_id)
    series = match_series(match)
    title = _("Score after each deal")
    ends = game_ends(match)
    return render(
        request,
        "players/match_chart.html",
        {
            "match": match,
            "game": get_game(match.game),
            "chart": line_chart(series, title=title, x_label=_("deal"), marks=ends),
            "legend": legend(series),
            "game_ends": [text for _index, text in ends],
            "title": title,
        },
    )


def _player(player_id: int) -> Player:
    player = selectors.known_player(player_id)
    if player is None:
        raise Http404(_("No known player with this id."))
    return player


def player_charts(over_time: dict[str, dict[str, list[int]]]) -> list[dict]:
    charts = []
    for title, lines in (
        (_("Units won and lost, match by match (money games)"), over_time["money"]),
        (_("Matches won minus lost (point games)"), over_time["form"]),
    ):
        series = [Series(GAMES[g].name, values) for g, values in lines.items()]
        if series:
            charts.append(
                {
                    "title": title,
                    "svg": line_chart(series, title=title, x_label=_("match")),
                    "legend": legend(series),
                }
            )
    return charts


@require_safe
def player_page(request, player_id: int):
    player = _player(player_id)
    if not player_visible(player, request.user):
        return render(request, "players/hidden.html", {"player": player}, status=403)
    history = player_history(
        player,
        user=request.user,
        held_matches=held_match_ids(request),
        held_sessions=held_session_ids(request),
    )
    itself = request.user.is_authenticated and player.user_id == request.user.pk
    for game in history["games"]:
        # Contracts are counted by slug; the page says each by its name.
        label = page_for(game["game"]).contract_label
        for row in game.get("contracts") or ():
            row["label"] = label(row["contract"])
    return render(
        request,
        "players/player.html",
        {
            "player": player,
            "history": history,
            "recent": history["matches"],
            "more": max(0, history["matches_count"] - RECENT),
            "itself": itself,
            "charts": player_charts(history["over_time"]),
        },
    )


@require_POST
def player_privacy(request, player_id: int):
    player = _player(player_id)
    if not (request.user.is_authenticated and player.user_id == request.user.pk):
        return HttpResponseForbidden(
            _("Only the player themselves chooses who reads their history.")
        )
    player_set_history(player=player, history=request.POST.get("history", ""))
    messages.success(request, _("Saved."))
    return redirect("pages:player", player_id=player.pk)
