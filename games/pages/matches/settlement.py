"""A match's settle-up page: who pays whom for a money match, or the final ranking where the
lowest total wins and nobody pays."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.pages.matches.scoreboard import lowest_first
from games.pages.matches.views import get_match
from games.rules import RuleViolation, get_game
from games.settlements import match_settlement


def _ranking_page(request, match, engine):
    """Where the lowest total wins nobody pays: the final ranking, a podium for the first
    three."""
    names = [seat.player.name for seat in match.seats.all()]
    totals = engine.seat_totals(match.state).values
    ranking = lowest_first(names, [totals[s] for s in range(len(names))])
    return render(
        request,
        "games/ranking.html",
        {
            "match": match,
            "game": engine,
            "ranking": ranking,
            "podium": [row for row in ranking if row["place"] <= 3],
        },
    )


@require_safe
def settlement_page(request, public_id: str):
    match = get_match(public_id)
    engine = get_game(match.game)
    if engine.lowest_wins(engine.options_from_data(match.rules)):
        return _ranking_page(request, match, engine)
    try:
        settlement = match_settlement(match)
    except RuleViolation:
        raise Http404(_("This game is not played for money.")) from None
    names = {seat.number: seat.player.name for seat in match.seats.all()}
    for transfer in settlement["transfers"]:
        transfer["payer_name"] = names[transfer["from"]]
        transfer["payee_name"] = names[transfer["to"]]
    return render(
        request,
        "games/settlement.html",
        {
            "match": match,
            "game": get_game(match.game),
            "settlement": settlement,
        },
    )
