"""Every registered game through the shared interface (the contract every engine keeps)."""

import pytest

from games.rules import GAMES, UnknownGame, get_game
from games.rules.base import Game, RuleViolation


def test_the_registry_holds_the_games_by_slug():
    assert {"marafon", "trionfo"} <= set(GAMES)
    assert all(GAMES[slug].slug == slug for slug in GAMES)


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="Unknown game 'scopa'"):
        get_game("scopa")


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_game_keeps_the_interface(game: Game):
    players = game.player_counts[0]
    options = game.resolve_options({}, players=players)
    state = game.initial_state(options, {})
    data = game.state_to_data(state)

    assert isinstance(game.name, str) and game.name
    assert data["finished"] is False
    assert data["winner"] is None
    assert "next" in data
    assert game.state_from_data(data, options) == state
    assert game.options_from_data(game.options_to_data(options)) == options
    assert {o["name"] for o in game.describe_options()} == set(game.options_to_data(options))
    assert all(o["help"] for o in game.describe_options())


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_game_refuses_unknown_options_naming_them(game: Game):
    with pytest.raises(RuleViolation) as caught:
        game.resolve_options({"no_such_option": 1}, players=game.player_counts[0])

    assert "no_such_option" in caught.value.errors["rules"]


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_game_refuses_an_empty_deal_without_raising_anything_else(game: Game):
    options = game.resolve_options({}, players=game.player_counts[0])
    state = game.initial_state(options, {})

    with pytest.raises(RuleViolation) as caught:
        game.record({}, state=state, options=options)

    assert caught.value.errors
