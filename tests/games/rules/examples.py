"""One example-deals strategy per game, the test-only game's included: rule options, a set-up
and valid deals, each drawn against the state before it. Each game's strategy lives with its
own tests (which draw from it for the game's own invariants); the shared contract test
(test_registry.py) replays every game's for what every game keeps, such as a recompute equal
to the deals entered one by one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from games.rules import GAMES, Game

from ..extra_game import examples as tens
from ..extra_game.rules import GAME as TENS
from . import test_etori, test_malilla, test_marafon, test_rikken, test_rikken_penalty, test_trionfo


@dataclass(frozen=True)
class Example:
    """A match as a table entered it: its options, its set-up (plain data) and its deals."""

    options: Any
    setup: dict[str, Any]
    deals: list[dict[str, Any]]


def _penalty_evening(raws: list[dict[str, Any]]) -> Example:
    return Example(test_rikken_penalty.opts(), {}, raws)


EXAMPLES: dict[str, st.SearchStrategy[Example]] = {
    "marafon": test_marafon.matches().map(lambda m: Example(m[0], {}, m[1])),
    "trionfo": test_trionfo.matches().map(lambda deals: Example(test_trionfo.OPTIONS, {}, deals)),
    "malilla": test_malilla.matches().map(lambda m: Example(*m)),
    # Money and club penalty points: the two ways Rikken keeps its score.
    "rikken": st.one_of(
        test_rikken.matches().map(lambda m: Example(m[0], {}, m[1])),
        test_rikken_penalty.evenings().map(_penalty_evening),
    ),
    "etori": test_etori.matches().map(lambda m: Example(m[0], {}, m[1])),
    "tens": tens.matches().map(lambda m: Example(m[0], {}, m[1])),
}

# Every registered game, and the game that exists only in the tests.
EVERY_GAME: list[Game] = [*GAMES.values(), TENS]
