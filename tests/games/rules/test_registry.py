"""Every game through the shared interface (the contract every engine keeps), the game that
exists only in the tests included: its options, its state, its example deals replayed, and
what shared code asks of it."""

from __future__ import annotations

import copy
import json
from contextlib import contextmanager

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import GAMES, UnknownGame, fold, get_game
from games.rules.base import Game, MatchOver, RuleViolation
from games.rules.seat_results import match_results

from .examples import EVERY_GAME, EXAMPLES, Example

EACH_GAME = pytest.mark.parametrize("game", EVERY_GAME, ids=[g.slug for g in EVERY_GAME])


def test_the_registry_holds_the_games_by_slug():
    assert {"marafon", "trionfo"} <= set(GAMES)
    assert all(GAMES[slug].slug == slug for slug in GAMES)


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="Unknown game 'scopa'"):
        get_game("scopa")


def test_every_game_has_its_example_deals():
    assert set(EXAMPLES) == {game.slug for game in EVERY_GAME}


@EACH_GAME
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


@EACH_GAME
def test_every_game_refuses_unknown_options_naming_them(game: Game):
    with pytest.raises(RuleViolation) as caught:
        game.resolve_options({"no_such_option": 1}, players=game.player_counts[0])

    assert "no_such_option" in caught.value.errors["rules"]


@EACH_GAME
def test_every_game_refuses_an_empty_deal_without_raising_anything_else(game: Game):
    options = game.resolve_options({}, players=game.player_counts[0])
    state = game.initial_state(options, {})

    with pytest.raises(RuleViolation) as caught:
        game.record({}, state=state, options=options)

    assert caught.value.errors


# --- the example deals, replayed --------------------------------------------------------------


def through_json(data):
    """As the database keeps it: a state or an outcome, written and read back."""
    return json.loads(json.dumps(data))


@EACH_GAME
@given(data=st.data())
def test_entering_the_deals_one_by_one_equals_the_recompute(game: Game, data):
    """What the services do, deal by deal, from the state kept in the match row, is what a
    recompute (match_recompute, a fold over the deals as entered) finds again."""
    example: Example = data.draw(EXAMPLES[game.slug])
    options, setup = example.options, example.setup
    state = game.initial_state(options, setup)
    outcomes = []
    for raw in example.deals:
        kept = through_json(game.state_to_data(state))
        result = game.record(raw, state=game.state_from_data(kept, options), options=options)
        state = result.state
        outcomes.append(through_json(result.outcome))

    folded, steps = fold(game, options, setup, example.deals)

    assert state == folded
    assert game.state_to_data(state) == game.state_to_data(folded)
    assert outcomes == [through_json(step.outcome) for step in steps]
    if game.is_finished(folded):
        with pytest.raises(MatchOver):
            fold(game, options, setup, [*example.deals, example.deals[-1]])


@EACH_GAME
@given(data=st.data())
def test_a_recompute_from_the_state_kept_before_a_deal_equals_the_whole(game: Game, data):
    """A correction or an undo folds from the state kept with the deal before it (through
    JSON): the same deals from there give what a recompute from the start gives."""
    example: Example = data.draw(EXAMPLES[game.slug])
    options, setup, deals = example.options, example.setup, example.deals
    at = data.draw(st.integers(0, len(deals) - 1))
    whole, steps = fold(game, options, setup, deals)

    before = None
    if at:
        before = game.state_from_data(
            through_json(game.state_to_data(steps[at - 1].state)), options
        )
    again, later = fold(game, options, setup, copy.deepcopy(deals[at:]), start=before, first=at + 1)

    assert game.state_to_data(again) == game.state_to_data(whole)
    assert [s.number for s in later] == list(range(at + 1, len(deals) + 1))
    assert [s.outcome for s in later] == [s.outcome for s in steps[at:]]


# --- what shared code asks of every game --------------------------------------------------------


@contextmanager
def registered(game: Game):
    """The test-only game in the registry for the length of one example, as a test registers
    it (shared code finds a game by its slug)."""
    known = game.slug in GAMES
    GAMES.setdefault(game.slug, game)
    try:
        yield
    finally:
        if not known:
            GAMES.pop(game.slug)


@EACH_GAME
@given(data=st.data())
def test_every_game_says_what_its_match_came_to(game: Game, data):
    """An evening's totals, a player's statistics and club ratings ask the game (seat totals,
    or its partnerships' points), never a field of its state."""
    example: Example = data.draw(EXAMPLES[game.slug])
    options = example.options
    state, steps = fold(game, options, example.setup, example.deals)
    kept = through_json(game.state_to_data(state))
    seats, teams = options.players, game.teams(options)

    with registered(game):
        results = match_results(kept, teams, seats, game.options_to_data(options), game=game.slug)

    assert [r.seat for r in results] == list(range(seats))
    assert all(1 <= r.place <= seats for r in results)
    totals = game.seat_totals(kept)
    if totals is None:  # partners share their side's points
        assert teams and all(r.units is None and r.points is not None for r in results)
    else:
        assert len(totals.values) >= seats
        assert all((r.units is not None) is totals.money for r in results)
    assert all(isinstance(game.seat_points(kept, s, options), int) for s in range(seats))
    for step in steps:
        for seat in range(seats):
            played = game.contracts_played(through_json(step.outcome), seat)
            assert game.tells_contracts or not played
            assert all(p.role in ("declarer", "partner") for p in played)


@EACH_GAME
@given(data=st.data())
def test_every_game_says_the_course_of_its_match(game: Game, data):
    """The history's totals after each deal, the games of a match of several and the claims'
    verdicts are asked of the game (side_totals, game_won, games_won, claim_made), never read
    from a field of its data."""
    example: Example = data.draw(EXAMPLES[game.slug])
    options = example.options
    teams = game.teams(options) or []
    state = game.initial_state(options, example.setup)
    won = []
    for raw in example.deals:
        step = game.record(raw, state=state, options=options)
        state, outcome = step.state, through_json(step.outcome)
        after = through_json(game.state_to_data(state))
        if game.seat_totals(after) is None:
            sides = game.side_totals(after, options)
            assert len(sides) == len(teams) and all(isinstance(v, int) for v in sides)
        this_game = game.game_won(outcome)
        if this_game is not None:
            won.append(this_game)
            assert this_game.winner in range(len(teams))
        claim = game.claim_made(outcome)
        assert claim is None or claim.seat in range(options.players)
        # Each game won is in the state as the deal that won it said, with its final totals.
        ended = game.games_won(after)
        assert [(g.winner, g.by) for g in ended] == [(g.winner, g.by) for g in won]
        assert all(len(g.scores) == len(teams) for g in ended)


def checked(properties) -> dict:
    """The game's schema fragments as JSON Schema (OpenAPI's ``nullable``: null allowed)."""
    out = {}
    for field, fragment in properties.items():
        fragment = {k: v for k, v in fragment.items() if k not in ("description", "nullable")}
        if properties[field].get("nullable"):
            fragment["type"] = [fragment["type"], "null"]
        out[field] = fragment
    return {"type": "object", "properties": out}


@EACH_GAME
@given(data=st.data())
def test_every_games_data_is_as_its_schema_says(game: Game, data):
    """The fields a game declares for the API's schema have the declared shape wherever its
    deals, outcomes and states hold them."""
    example: Example = data.draw(EXAMPLES[game.slug])
    _state, steps = fold(game, example.options, example.setup, example.deals)

    for raw, step in zip(example.deals, steps, strict=True):
        jsonschema.validate(raw, checked(game.deal_schema))
        jsonschema.validate(through_json(step.outcome), checked(game.outcome_schema))
        jsonschema.validate(
            through_json(game.state_to_data(step.state)), checked(game.state_schema)
        )
