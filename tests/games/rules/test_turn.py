"""Game.turn: the rotation moved on by one deal without scoring it (a phone shows who deals
after the deals waiting on it). Checked against the rules themselves: the next deal's roles
after turning are those after a deal played the usual way, and the scores stay."""

from __future__ import annotations

import pytest

from games.rules import get_game

# A game, its players, a first deal (which names who starts), and a deal played the usual way
# (or what makes one from the next deal's roles).
PLAIN = [
    (
        "marafon",
        4,
        {"battezzante": 2, "trump": "cups", "points": [6, 5]},
        {"trump": "coins", "points": [3, 8]},
    ),
    (
        "rikken",
        4,
        {"dealer": 3, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        {
            "contracts": [
                {"contract": "rik", "declarer": 1, "partner": 2, "trump": "hearts", "tricks": 9}
            ]
        },
    ),
    (
        "rikken",
        5,
        {"dealer": 4, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        # The dealer sits out at five: the player after them declares.
        lambda upcoming: {
            "contracts": [{"contract": "misere", "declarer": upcoming["leader"], "tricks": 1}]
        },
    ),
    (
        "rikken",
        3,
        {"dealer": 2, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        {"contracts": [{"contract": "misere", "declarer": 0, "tricks": 0}]},
    ),
    (
        "trionfo",
        5,
        {"bid": "pass", "first_speaker": 3},
        {"bid": "pass"},
    ),
    (
        "malilla",
        4,
        {"dealer": 3, "turn_up": {"rank": "4", "suit": "cups"}, "totals": [43, 27]},
        {"turn_up": {"rank": "4", "suit": "cups"}, "totals": [30, 40]},
    ),
]


def without_next(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "next"}


@pytest.mark.parametrize(("slug", "players", "first", "plain"), PLAIN)
def test_turning_moves_the_rotation_as_a_deal_played_the_usual_way(slug, players, first, plain):
    engine = get_game(slug)
    options = engine.resolve_options({"players": players}, players=players)
    state = engine.record(first, state=engine.initial_state(options, {}), options=options).state
    for _deal in range(players + 1):
        raw = plain(engine.state_to_data(state)["next"]) if callable(plain) else plain
        played = engine.record(raw, state=state, options=options).state
        turned = engine.turn(state, options)
        assert turned is not None
        assert engine.state_to_data(turned)["next"] == engine.state_to_data(played)["next"]
        assert without_next(engine.state_to_data(turned)) == without_next(
            engine.state_to_data(state)
        )
        state = played


@pytest.mark.parametrize(("slug", "players"), [("marafon", 4), ("rikken", 4), ("trionfo", 5)])
def test_before_anyone_starts_the_rotation_says_nothing(slug, players):
    engine = get_game(slug)
    options = engine.resolve_options({"players": players}, players=players)
    assert engine.turn(engine.initial_state(options, {}), options) is None


def test_at_etori_the_losers_deal_next_so_the_rotation_alone_says_nothing():
    engine = get_game("etori")
    options = engine.resolve_options({}, players=4)
    assert engine.turn(engine.initial_state(options, {}), options) is None
