"""Tens's example deals, as every game has them (tests/games/rules/examples.py): the target,
then deals of ten points shared between the partnerships, to the end of the match at most."""

from __future__ import annotations

from hypothesis import strategies as st

from .rules import GAME


@st.composite
def matches(draw):
    """Rule options, no set-up, and valid deals each drawn against the state before it."""
    options = GAME.resolve_options({"target": draw(st.sampled_from([10, 30, 50]))}, players=4)
    state = GAME.initial_state(options, {})
    deals = []
    for _ in range(draw(st.integers(1, 12))):
        if GAME.is_finished(state):
            break
        first = draw(st.integers(0, 10))
        raw = {"points": [first, 10 - first]}
        state = GAME.record(raw, state=state, options=options).state
        deals.append(raw)
    return options, deals
