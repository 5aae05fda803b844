"""Tens, the game that lives only in the tests (tests/games/extra_game/), explains its deals as
every game does: its two kinds of outcome, each with an example and its lines in English."""

from __future__ import annotations

EXAMPLES = [
    {
        "kind": "shared",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {"points": [7, 3]},
        "lines": ["Team 0 took 7 of the ten points and Team 1 3."],
    },
    {
        # 21 to 9 after three deals; 9 more make 30, the target.
        "kind": "won",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [{"points": [7, 3]}] * 3,
        "deal": {"points": [9, 1]},
        "lines": [
            "Team 0 took 9 of the ten points and Team 1 1.",
            "Team 0 reached 30 and won.",
        ],
    },
]
