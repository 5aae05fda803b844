"""One deal's page, ``/m/<id>/deals/<n>/``: its line, the totals after it, and how it was scored
in plain words (the rules engine's explanation, in the reader's language and the players'
names). Public to whoever may read the match, as the match page is.

Why a page of its own: the match page lists its latest 30 deals and must stay under its weight
budget (60 KB with the longest match the budget names, tests/games/pages/test_offline_app.py),
which 30 explanations written into it would break. So each deal's line links here, with a link of a
few bytes, and an explanation costs the match page nothing until it is asked for."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games import selectors
from games.pages.access import can_score
from games.pages.matches.board import team_labels
from games.pages.matches.history import history
from games.pages.matches.views import get_match_head
from games.pages.words import isolated
from games.rules import get_game
from games.selectors.explanations import deal_explanations


@require_safe
def deal_page(request, public_id: str, number: int):
    match = get_match_head(public_id)
    found = selectors.deals_with_totals(match, upto=number, count=1)
    if not found or found[-1].number != number:
        raise Http404
    deal = found[-1]
    engine = get_game(match.game)
    names = [seat.player.name for seat in match.seats.all()]
    last = selectors.last_deal_number(match)
    return render(
        request,
        "games/deal.html",
        {
            "match": match,
            "game": engine,
            "names": names,
            "number": number,
            "row": history(match, [deal])[0],
            "explanation": deal_explanations(match, [deal], name=isolated).get(number, []),
            "team_labels": team_labels(engine.teams(engine.options_from_data(match.rules)), names),
            "earlier": number - 1 if number > 1 else None,
            "later": number + 1 if last is not None and number < last else None,
            "can_score": can_score(request, match),
        },
    )
