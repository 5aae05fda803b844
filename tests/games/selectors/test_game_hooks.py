"""Shared code asks the game, never a field of its data: a player's contract statistics come
from ``Game.tells_contracts`` and ``contracts_played``, an evening's totals and a settle-up from
``Game.seat_totals``. A game defined here, with a contract and a score of its own, is counted
as the registered games are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.models import Player
from games.rules import GAMES, register
from games.rules.base import ContractPlayed, DealResult, SeatTotals
from games.rules.seat_results import match_results
from games.selectors.history import player_history
from games.services import deal_record, match_create
from tests.games.extra_game.rules import Tens

pytestmark = pytest.mark.django_db


class Called(Tens):
    """Tens where the dealer calls six before each deal: made when the dealer's partnership
    takes six points or more. Its outcome says so under a name of its own."""

    slug = "called"
    name = "Called Tens"
    tells_contracts = True

    def play(self, state, deal, options) -> DealResult:
        result = super().play(state, deal, options)
        made = deal.points[state.dealer % 2] >= 6
        call = {"by": state.dealer, "made": made}
        return DealResult({**result.outcome, "call": call}, result.state)

    def contracts_played(self, outcome: Mapping[str, Any], seat: int) -> list[ContractPlayed]:
        call = outcome["call"]
        return [ContractPlayed("six", "declarer", call["made"])] if call["by"] == seat else []


class Purse(Tens):
    """Tens kept as a purse per player: each partner is paid the partnership's points, less
    five (a money game scored one by one, its state's fields of its own)."""

    slug = "purse"
    name = "Purse Tens"

    def teams(self, options):
        return None

    def state_to_data(self, state) -> dict[str, Any]:
        purse = [state.scores[s % 2] - 5 * (s % 2) for s in range(4)]
        return {**super().state_to_data(state), "purse": purse}

    def seat_totals(self, state: Mapping[str, Any]) -> SeatTotals:
        return SeatTotals(tuple(state["purse"]), money=True)


@pytest.fixture
def game(request):
    engine = register(request.param())
    yield engine
    GAMES.pop(engine.slug)


@pytest.mark.parametrize("game", [Called], indirect=True)
def test_a_game_that_tells_its_contracts_has_them_counted(game):
    created = match_create(game=game.slug, players=["Ana", "Ben", "Cai", "Dai"])
    for points in ([7, 3], [2, 8], [9, 1], [4, 6]):  # dealers Ana, Ben, Cai, Dai
        deal_record(match=created.match, raw={"points": points})

    history = player_history(Player.objects.get(name="Ana"))

    (stats,) = history["games"]
    assert stats["contracts"] == [
        {"contract": "six", "declarer": 1, "declarer_made": 1, "partner": 0, "partner_made": 0}
    ]


@pytest.mark.parametrize("game", [Purse], indirect=True)
def test_a_games_own_totals_rank_its_players(game):
    created = match_create(game=game.slug, players=["Ana", "Ben", "Cai", "Dai"])
    match, _deal = deal_record(match=created.match, raw={"points": [7, 3]})

    results = match_results(match.state, None, 4, match.rules, game=game.slug)

    assert match.state["purse"] == [7, -2, 7, -2]
    assert [(r.place, r.units) for r in results] == [(1, 7), (3, -2), (1, 7), (3, -2)]
