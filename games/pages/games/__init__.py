"""Each game's page, registered by slug like the rules engines: a `GamePage` (contract.py) with
its deal form (drawn by `templates/games/<slug>/entry.html`), its history line (`summary`), its
correction's start (`initial`), its scoreboard (`scoreboard_rows`, `next_roles`) and the hooks
whose defaults say "nothing special". Shared page code finds a game's page here and never names
a game."""

from __future__ import annotations

from typing import Any

from games.pages.games import etori, malilla, marafon, rikken, trionfo
from games.pages.games.contract import GamePage
from games.pages.words import Table
from games.rules import GAMES, UnknownGame, get_game
from games.rules.registry import Registry

# A page for every registered game: a game without one fails the page contract's test.
PAGES: Registry[GamePage] = Registry(error=UnknownGame, refusal=GAMES.refusal)
register = PAGES.register
page_for = PAGES.find

for _page in (marafon.PAGE, trionfo.PAGE, malilla.PAGE, rikken.PAGE, etori.PAGE):
    register(_page)


def table_of(match) -> Table:
    """Who sits at the match, for the page's words."""
    engine = get_game(match.game)
    names = [seat.player.name for seat in match.seats.all()]
    return Table(names=names, teams=engine.teams(engine.options_from_data(match.rules)) or [])


def deal_form_for(match, state: dict[str, Any], data=None, initial=None):
    game = get_game(match.game)
    return PAGES[match.game].deal_form(
        data,
        initial=initial,
        table=table_of(match),
        state=state,
        options=game.options_from_data(match.rules),
        engine=game,
    )


def summary(match_game: str, raw: dict[str, Any], outcome: dict[str, Any], table, options) -> str:
    return PAGES[match_game].summary(raw, outcome, table, options)


def initial(match_game: str, raw: dict[str, Any]) -> dict[str, Any]:
    return PAGES[match_game].initial(raw)
