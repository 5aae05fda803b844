"""How each deal's numbers came about, in plain words: the rules engine's explanation of a deal
(``Game.explain``, from the deal as entered and its stored outcome) said in the request's
language, each seat and team it names said by the players' names. The one place the pages and
the API turn a deal's explanation into text; a game that names no kinds of outcome explains
nothing, and its deals have no explanation."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from games.models import Match
from games.rules import get_game
from games.translation import Refer, by_names, translated

logger = logging.getLogger(__name__)


def explains(match: Match) -> bool:
    """Whether the match's game explains its deals."""
    return bool(get_game(match.game).outcome_kinds)


def names_refer(match: Match, *, name: Callable[[str], str] = str) -> Refer:
    """The match's players for the explanation's words (``by_names``), from its seats
    (prefetched where a page lists many)."""
    engine = get_game(match.game)
    teams = engine.teams(engine.options_from_data(match.rules)) or []
    return by_names([seat.player.name for seat in match.seats.all()], teams, name=name)


def deal_explanations(
    match: Match, deals: Iterable[Any], *, name: Callable[[str], str] = str
) -> dict[int, list[str]]:
    """Each deal's explanation by its number, line by line in the active language, seats and
    teams said by the players' names (each passed through ``name``); empty for a game that
    does not explain its deals."""
    engine = get_game(match.game)
    if not engine.outcome_kinds:
        return {}
    options = engine.options_from_data(match.rules)
    refer = names_refer(match, name=name)
    explained = {}
    for deal in deals:
        try:
            lines = engine.explain(deal.input, deal.outcome, options)
        except (KeyError, IndexError, TypeError, ValueError):
            # A deal stored in a shape its game no longer reads is shown without its
            # explanation rather than not at all; the operator hears of it.
            logger.warning(
                "deal %s of %s not explained",
                deal.number,
                match.public_id,
                extra={"match": match.public_id, "deal": deal.number, "game": match.game},
                exc_info=True,
            )
            lines = []
        explained[deal.number] = [translated(line, refer=refer) for line in lines]
    return explained
