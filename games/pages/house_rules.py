"""A set of house rules in a few lines: every option that differs from the game's defaults,
by name, and the rows of a club's own table where they differ (the game's page module words
those: ``house_rule_lines``)."""

from __future__ import annotations

from typing import Any

from games.rules import RuleViolation, get_game

from .games import page_for


def house_rule_lines(game: str, rules: dict[str, Any]) -> list[str]:
    engine = get_game(game)
    players = rules.get("players") or engine.Options().players

    def resolved(raw: dict[str, Any]) -> dict[str, Any]:
        return engine.options_to_data(engine.resolve_options(raw, players=players))

    try:
        given = resolved(rules)
        defaults = resolved({})
        # A table (a list) is compared with the default table under the same choices: under
        # penalty points every default row carries its default penalty.
        tables = resolved({k: v for k, v in rules.items() if not isinstance(v, list | dict)})
    except RuleViolation:
        return []
    worded = getattr(page_for(game), "house_rule_lines", None)
    lines: list[str] = []
    for name, value in given.items():
        usual = (tables if isinstance(value, list) else defaults).get(name)
        if name == "players" or value == usual:
            continue
        special = worded(name, value, usual) if worded else None
        if special is not None:
            lines += special
        elif not isinstance(value, list | dict):
            shown = value.replace("_", " ") if isinstance(value, str) else value
            lines.append(f"{name.replace('_', ' ').capitalize()}: {shown}")
    return lines
