"""Issue 28: the evening's page tells each match's result in the unit the game decides it in,
as the game says (``Game.result_unit``): a Marafon match of three games in games won ("2 games
· 1 game"), not its card points summed over the three; a money game in units, Etori in chips."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from games.pages.numbers import COUNTED
from games.rules import GAMES
from games.rules.seat_results import match_score
from games.services import deal_record
from games.services.sessions import session_create

from .conftest import page_text

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Ben", "Cid", "Dea"]  # Marafon's partners sit opposite: Ana & Cid, Ben & Dea


def evening_line(session) -> str:
    page = page_text(Client().get(f"/s/{session.public_id}/")).replace("&amp;", "&")
    start = page.index('<ol class="matches session-matches">')
    return page[start : page.index("</ol>", start)]


def test_a_marafon_match_of_three_games_is_told_in_games():
    created = session_create(players=PLAYERS, game="marafon")
    match = created.match
    games = [[11, 0]] * 4 + [[0, 11]] * 4  # 44-0, then 0-44: a game each
    for number, points in enumerate(games):
        first = {"battezzante": 0} if number == 0 else {}
        deal_record(match=match, raw={**first, "trump": "cups", "points": points})
    while not Match.objects.get(pk=match.pk).finished:  # the bella: Ana & Cid take it
        deal_record(match=match, raw={"trump": "cups", "points": [11, 0]})
    match.refresh_from_db()

    line = evening_line(created.session)

    assert match.state["games_won"] == [2, 1]
    assert "Ana & Cid 2 games · Ben & Dea 1 game" in line
    summed = sum(g["scores"][0] for g in match.state["games"])
    assert str(summed) not in line  # the points over three games are no result


def test_an_unfinished_three_game_match_counts_its_games_so_far():
    created = session_create(players=PLAYERS, game="marafon")
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    assert "Ana & Cid 0 games · Ben & Dea 0 games" in evening_line(created.session)


def test_a_single_game_of_marafon_is_told_in_points():
    created = session_create(players=PLAYERS, game="marafon", rules={"match_format": "single_game"})
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    assert "Ana & Cid 7 points · Ben & Dea 4 points" in evening_line(created.session)


def test_a_money_game_is_told_in_units_each_player_by_name():
    created = session_create(players=PLAYERS, game="rikken")
    deal_record(
        match=created.match,
        raw={"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    )
    state = Match.objects.get(pk=created.match.pk).state

    line = evening_line(created.session)

    for name, units in zip(PLAYERS, state["balances"], strict=True):
        assert f"{name} {units:+d} units" in line


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_decides_in_a_unit_the_pages_can_say(slug):
    engine = GAMES[slug]
    options = engine.resolve_options({}, players=engine.Options().players)
    unit = engine.result_unit(options)
    state = engine.state_to_data(engine.initial_state(options, {}))

    score = match_score(state, options.players, engine.options_to_data(options), game=slug)

    assert unit in COUNTED
    assert score.unit == unit
    assert sorted(s for side, _value in score.sides for s in side) == list(range(options.players))
