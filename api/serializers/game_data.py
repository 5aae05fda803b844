"""The schema of a game's plain data: a deal as entered, its outcome and the match state are
JSON whose fields depend on the game (API.md). Each is an open object, and the schema names the
fields a client may rely on, Rikken's penalty points among them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

SEATS = {"type": "array", "items": {"type": "integer"}}

DEAL_INPUT = {
    "type": "object",
    "additionalProperties": {},
    "description": "A deal as entered, in the game's own fields (API.md, per game).",
    "properties": {
        "doubled": {
            "type": "boolean",
            "description": 'Rikken under `scoring: "penalty_points"`: the deal was doubled, '
            "so it counts twice.",
        },
        "doubled_by": {
            "type": "integer",
            "nullable": True,
            "description": "Rikken, a doubled deal: the seat that doubled (shown in the history).",
        },
    },
}

DEAL_OUTCOME = {
    "type": "object",
    "additionalProperties": {},
    "description": "What the deal did, in the game's words (API.md, per game).",
    "properties": {
        "payments": {**SEATS, "description": "Money games: units per seat, summing to zero."},
        "points": {
            **SEATS,
            "description": "Points of the deal: per team (Marafon, Malilla), or for Rikken in "
            "penalty points what each seat got in this deal (never negative).",
        },
        "doubled": {"type": "boolean", "description": "Rikken in penalty points: doubled."},
        "doubled_by": {
            "type": "integer",
            "nullable": True,
            "description": "Rikken in penalty points: the seat that doubled.",
        },
    },
}

MATCH_STATE = {
    "type": "object",
    "additionalProperties": {},
    "description": "The match after its deals (API.md, `state`).",
    "properties": {
        "finished": {"type": "boolean"},
        "winner": {"nullable": True, "description": "A team, a list of teams, or null."},
        "next": {"type": "object", "additionalProperties": {}},
        "balances": {**SEATS, "description": "Money games: units won (+) or lost (-) per seat."},
        "scores": {**SEATS, "description": "Partnership games: the current game's totals."},
        "points": {
            **SEATS,
            "description": "Rikken in penalty points: each seat's total (never negative); the "
            "lowest wins.",
        },
        "leaders": {
            **SEATS,
            "description": "Rikken in penalty points: the seats with the lowest total.",
        },
    },
}


@extend_schema_field(DEAL_INPUT)
class DealInputField(serializers.JSONField):
    pass


@extend_schema_field(DEAL_OUTCOME)
class DealOutcomeField(serializers.JSONField):
    pass


@extend_schema_field(MATCH_STATE)
class MatchStateField(serializers.JSONField):
    pass


# A deal's request body: JSON, the only body the API reads.
DEAL_REQUEST = {"application/json": DEAL_INPUT}
