"""A set of house rules in a few lines: every option that differs from the game's defaults,
by its name for people, and the rows of a club's own table where they differ (the game's page
module words those: ``house_rule_lines``), in the request's language."""

from __future__ import annotations

from typing import Any

from games.pages.games import page_for
from games.rules import RuleViolation, get_game
from games.translation import translated


def house_rule_lines(game: str, rules: dict[str, Any]) -> list[str]:
    engine = get_game(game)
    players = rules.get("players") or engine.Options().players

    def resolved(raw: dict[str, Any]) -> dict[str, Any]:
        return engine.options_to_data(engine.resolve_options(raw, players=players))

    try:
        given = resolved(rules)
        defaults = resolved({})
    except RuleViolation:
        return []

    def usual_of(name: str, value: Any) -> Any:
        """A table (a list) is compared with the default table under the same choices: under
        penalty points every default row carries its default penalty. A list that the other
        choices need (the special games the table chooses from) with the default list."""
        if not isinstance(value, list):
            return defaults.get(name)
        if name not in rules:
            return value
        try:
            return resolved({k: v for k, v in rules.items() if k != name}).get(name)
        except RuleViolation:
            return defaults.get(name)

    worded = page_for(game).house_rule_lines
    described = {option["name"]: option for option in engine.describe_options()}
    lines: list[str] = []
    for name, value in given.items():
        usual = usual_of(name, value)
        if name == "players" or value == usual:
            continue
        special = worded(name, value, usual)
        if special is not None:
            lines += special
        elif not isinstance(value, list | dict):
            lines.append(_line(described[name], value))
    return lines


def _line(option: dict[str, Any], value: Any) -> str:
    """``Match format: single game``: the option's name and the value's, as the rules say them."""
    label = str(translated(option["label"]))
    shown = value
    if isinstance(value, str):
        named = option["choice_labels"].get(value)
        shown = translated(named) if named is not None else value.replace("_", " ")
    # The first letter up and the rest as written: a name in it keeps its capitals.
    return f"{label[:1].upper()}{label[1:]}: {shown}"
