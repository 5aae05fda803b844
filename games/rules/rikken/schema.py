"""Rikken's plain data as the API's schema names it (``Game.deal_schema`` and its kind): the
fields of a deal, its outcome and the match state that differ between money scoring and club
penalty points. The words are those of ``game.py``."""

from __future__ import annotations

from typing import Any

from ..base import INTEGERS

DEAL: dict[str, Any] = {
    "doubled": {
        "type": "boolean",
        "description": 'under `scoring: "penalty_points"`, the deal was doubled, so it '
        "counts twice.",
    },
    "doubled_by": {
        "type": "integer",
        "nullable": True,
        "description": "the seat that doubled a doubled deal (shown in the history).",
    },
}
OUTCOME: dict[str, Any] = {
    "dealer": {
        "type": "integer",
        "description": "the seat that dealt this deal (with five or six players it sat the deal "
        "out).",
    },
    "payments": {**INTEGERS, "description": "units per seat, summing to zero."},
    "points": {
        **INTEGERS,
        "description": "in penalty points, what each seat got in this deal (never negative).",
    },
    "doubled": {
        "type": "boolean",
        "description": "in penalty points, whether the deal was doubled.",
    },
    "doubled_by": {
        "type": "integer",
        "nullable": True,
        "description": "in penalty points, the seat that doubled.",
    },
}
STATE: dict[str, Any] = {
    "balances": {**INTEGERS, "description": "units won (+) or lost (-) per seat."},
    "points": {
        **INTEGERS,
        "description": "in penalty points, each seat's total (never negative); the lowest wins.",
    },
    "leaders": {
        **INTEGERS,
        "description": "in penalty points, the seats with the lowest total.",
    },
}
