"""Every game explains every deal: each kind of outcome it names has an example whose English
explanation is written out (tests/games/rules/explanations/<slug>.py), and any deal of a random
match is explained, in a kind the game names, in every language without a fault."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import Game, fold

from .examples import EVERY_GAME, EXAMPLES

LANGUAGES = ("en", "it", "es", "nl", "ja", "fa")

# The games that explain their deals: every game, once each names its kinds of outcome.
EXPLAINING = [game for game in EVERY_GAME if game.outcome_kinds]


def examples_of(game: Game) -> list[dict[str, Any]]:
    return importlib.import_module(f"tests.games.rules.explanations.{game.slug}").EXAMPLES


def explained(game: Game, example: dict[str, Any]) -> tuple[str, list[str]]:
    players = example["players"]
    options = game.resolve_options(example["rules"], players=players)
    setup = game.setup(example["setup"], options)
    state, _ = fold(game, options, setup, example["before"])
    outcome = game.record(example["deal"], state=state, options=options).outcome
    lines = game.explain(example["deal"], outcome, options)
    return game.outcome_kind(example["deal"], outcome), [str(line) for line in lines]


CASES = [
    pytest.param(game, example, id=f"{game.slug}-{number}-{example['kind']}")
    for game in EXPLAINING
    for number, example in enumerate(examples_of(game))
]


@pytest.mark.parametrize(("game", "example"), CASES)
def test_a_deal_is_explained_in_the_games_words(game: Game, example: dict[str, Any]) -> None:
    kind, lines = explained(game, example)
    assert kind == example["kind"]
    assert lines == example["lines"]


@pytest.mark.parametrize("game", EXPLAINING, ids=lambda game: game.slug)
def test_every_kind_of_outcome_has_an_explained_example(game: Game) -> None:
    assert {example["kind"] for example in examples_of(game)} == set(game.outcome_kinds)


@pytest.mark.parametrize("game", EXPLAINING, ids=lambda game: game.slug)
@settings(deadline=None)
@given(data=st.data())
def test_any_deal_is_explained_in_every_language(game: Game, data: st.DataObject) -> None:
    example = data.draw(EXAMPLES[game.slug])
    state = game.initial_state(example.options, example.setup)
    for raw in example.deals:
        result = game.record(raw, state=state, options=example.options)
        assert game.outcome_kind(raw, result.outcome) in game.outcome_kinds
        lines = game.explain(raw, result.outcome, example.options)
        assert lines, f"deal {raw} has no explanation"
        for language in LANGUAGES:
            with translation.override(language):
                assert all(line.render(translation) for line in lines)
        state = result.state
