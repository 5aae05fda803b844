"""The schema of a game's plain data: a deal as entered, its outcome and the match state are
JSON whose fields depend on the game (API.md). Each is an open object; the schema names the
fields a client may rely on, as each game declares them (``Game.deal_schema``,
``outcome_schema``, ``state_schema``), merged here: a field several games share is described
once, in each game's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.rules import GAMES, Game

# What every game's state holds (the shared interface: games.rules.base, state_to_data).
SHARED_STATE = {
    "finished": {"type": "boolean"},
    "winner": {"nullable": True, "description": "A team, a list of teams, or null."},
    "next": {"type": "object", "additionalProperties": {}},
}


def merged(games: Iterable[Game], declared: str) -> dict[str, dict[str, Any]]:
    """The properties the games declare under ``declared`` (``"deal_schema"``...), one per
    field. Games that describe a field alike share one sentence ("Rikken, Trionfo: ..."); a
    field must have the same type in every game that declares it, or the schema could not say
    what a client reads there."""
    said: dict[str, dict[str, list[str]]] = {}  # field -> description -> games
    shapes: dict[str, dict[str, Any]] = {}
    for game in games:
        for field, fragment in getattr(game, declared).items():
            shape = {k: v for k, v in fragment.items() if k != "description"}
            if shapes.setdefault(field, shape) != shape:
                raise ValueError(
                    f"{game.name} declares {field!r} of {declared} as {shape}, "
                    f"another game as {shapes[field]}: one field, one type."
                )
            said.setdefault(field, {}).setdefault(fragment.get("description", ""), [])
            said[field][fragment.get("description", "")].append(game.name)
    return {
        field: {**shapes[field], "description": _described(said[field])}
        if any(said[field])
        else shapes[field]
        for field in shapes
    }


def _described(said: Mapping[str, list[str]]) -> str:
    return " ".join(f"{', '.join(names)}: {text}" for text, names in said.items() if text)


def _object(description: str, properties: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": {},
        "description": description,
        "properties": dict(properties),
    }


DEAL_INPUT = _object(
    "A deal as entered, in the game's own fields (API.md, per game).",
    merged(GAMES.values(), "deal_schema"),
)
DEAL_OUTCOME = _object(
    "What the deal did, in the game's words (API.md, per game).",
    merged(GAMES.values(), "outcome_schema"),
)
MATCH_STATE = _object(
    "The match after its deals (API.md, `state`).",
    {**SHARED_STATE, **merged(GAMES.values(), "state_schema")},
)


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
