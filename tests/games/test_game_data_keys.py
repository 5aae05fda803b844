"""Shared code never reads a game's data by its keys: a deal as entered, its outcome, the match
state, its set-up and its rule options are the game's to read, and shared code asks the game's
hooks (games/rules/base.py) or its page (games/pages/games/contract.py) instead. Only the keys
every game's data has (``finished``, ``winner``, ``next``; the rule option ``players``) may be
read anywhere."""

from __future__ import annotations

import inspect
import re
from importlib import import_module
from pathlib import Path

import pytest

from games.rules import GAMES, fold

ROOT = Path(__file__).resolve().parents[2]
SHARED_KEYS = {"finished", "winner", "next", "players"}
# Where data of any game is held: what a game's data is named in shared code.
HOLDERS = r"(?:state|outcome|after|before|raw|input|rules|setup|options)"


def game_keys() -> set[str]:
    """The keys of every registered game's data: its options', its set-up's, those its schema
    fragments name, and those of the deals, outcomes and states of its explanation examples
    (tests/games/rules/explanations/: a deal of every kind of outcome)."""
    keys = set()
    for game in GAMES.values():
        keys |= set(game.setup_fields)
        keys |= {option["name"] for option in game.describe_options()}
        for fragment in (game.deal_schema, game.outcome_schema, game.state_schema):
            keys |= set(fragment)
        examples = import_module(f"tests.games.rules.explanations.{game.slug}").EXAMPLES
        for example in examples:
            options = game.resolve_options(example["rules"], players=example["players"])
            deals = [*example["before"], example["deal"]]
            state, steps = fold(game, options, game.setup(example["setup"], options), deals)
            keys |= set(game.state_to_data(state)) | set(example["deal"])
            keys |= {key for step in steps for key in step.outcome}
    return keys - SHARED_KEYS


def reading(keys: set[str]) -> re.Pattern:
    named = "|".join(sorted(map(re.escape, keys)))
    return re.compile(
        rf"\b{HOLDERS}\s*(?:\[|\.get\()\s*[\"']({named})[\"']"
        rf"|[\"']({named})[\"']\s+(?:not\s+)?in\s+{HOLDERS}\b"
        rf"|\boptions\.({named})\b"
    )


def game_places() -> set[Path]:
    """Each game's own modules: its rules (a module, or its package) and its page."""
    places = {ROOT / "games" / "pages" / "games"}
    for game in GAMES.values():
        source = Path(inspect.getfile(type(game)))
        if source.name == "game.py":  # a package: game.py and its parts
            places.add(source.parent)
        else:  # a module, and those beside it named after it (etori_explain.py)
            places |= set(source.parent.glob(f"{source.stem}*.py"))
    return places


def shared_files() -> list[Path]:
    own = game_places()
    files = []
    for top in ("games", "api", "scorekeeper"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" in path.parts or any(p == path or p in path.parents for p in own):
                continue
            files.append(path)
    games_templates = {ROOT / "templates" / "games" / slug for slug in GAMES}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if not any(t in path.parents for t in games_templates):
            files.append(path)
    return files


def test_the_games_data_has_keys_to_look_for():
    assert {"balances", "scores", "chips", "claim", "albur"} <= game_keys()


def test_shared_code_never_reads_a_games_data_by_its_keys():
    pattern = reading(game_keys())
    found = {}
    for path in shared_files():
        lines = [
            line.strip()
            for line in path.read_text().splitlines()
            if pattern.search(line) and not line.strip().startswith("#")
        ]
        if lines:
            found[str(path.relative_to(ROOT))] = lines

    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        'if "balances" in state:',
        'values = after.get("scores") or after.get("chips") or []',
        'won = deal.outcome.get("game")',
        'claim = outcome["claim"]',
        'setup={"albur": data["albur"]} if setup.get("albur") is not None else {}',
        "if options.match_format == 'best_of_three':",
    ],
)
def test_the_check_would_catch_a_key_read(line):
    assert reading(game_keys()).search(line)


def test_the_check_lets_the_shared_keys_and_the_hooks_be():
    pattern = reading(game_keys())

    assert not pattern.search('if state.get("finished") and state["winner"] is not None:')
    assert not pattern.search("totals = engine.seat_totals(after)")
    assert not pattern.search('players = rules.get("players")')
