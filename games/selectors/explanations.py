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
from games.translation import Refer, translated

logger = logging.getLogger(__name__)


def explains(match: Match) -> bool:
    """Whether the match's game explains its deals."""
    return bool(get_game(match.game).outcome_kinds)


def names_refer(match: Match, *, name: Callable[[str], str] = str) -> Refer:
    """Says seat n by its player's name and team n by its players' names ("Ana & Cora"), each
    name passed through ``name`` (the pages isolate a name in a right-to-left sentence). Reads
    the match's seats (prefetched where a page lists many)."""
    engine = get_game(match.game)
    names = [name(seat.player.name) for seat in match.seats.all()]
    teams = engine.teams(engine.options_from_data(match.rules)) or []

    def refer(kind: str, number: int) -> str | None:
        if kind == "seat" and 0 <= number < len(names):
            return names[number]
        if kind == "team" and 0 <= number < len(teams):
            return " & ".join(names[s] for s in teams[number] if s < len(names)) or None
        return None

    return refer


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
