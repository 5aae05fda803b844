"""House-rule presets: built-in variants and the ones players save."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.models import Club, RulePreset
from games.rules import Errors, RuleViolation, UnknownGame, get_game
from games.rules.presets import PRESETS_BY_KEY


@dataclass(frozen=True)
class PresetRules:
    key: str
    game: str
    name: str
    rules: Mapping[str, Any]


def preset_find(key: str | int) -> PresetRules | None:
    """A built-in preset by its key, or a saved one by its id."""
    builtin = PRESETS_BY_KEY.get(str(key))
    if builtin is not None:
        return PresetRules(builtin.key, builtin.game, builtin.name, builtin.rules)
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        saved = RulePreset.objects.filter(pk=int(key)).first() if int(key) < 2**63 else None
        if saved is not None:
            return PresetRules(saved.key, saved.game, saved.name, saved.rules)
    return None


def check_preset_rules(game: str, rules: Mapping[str, Any]) -> None:
    """Refuses rules that no match of ``game`` could be created with."""
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise RuleViolation.at("game", str(exc)) from None
    if not isinstance(rules, Mapping):
        raise RuleViolation.at("rules", _("Must be an object of rule options."))
    players = rules.get("players")
    if players not in engine.player_counts:
        players = engine.Options().players
    engine.resolve_options(rules, players=players)


def preset_create(
    *,
    owner: Any,
    game: str,
    name: str,
    rules: Mapping[str, Any],
    description: str = "",
    club: Club | None = None,
) -> RulePreset:
    """Saves house rules for ``owner``, or for a club that ``owner`` directs."""
    check_preset_rules(game, rules)
    errors = Errors()
    name = name.strip()
    if not name:
        errors.add("name", _("Give the house rules a name."))
    if club is not None and not club.directors.filter(pk=owner.pk).exists():
        errors.add("club", _("Only the club's directors keep its house rules."))
    errors.raise_if_any()
    try:
        with transaction.atomic():
            return RulePreset.objects.create(
                owner=owner,
                club=club,
                game=game,
                name=name,
                description=description.strip(),
                rules=dict(rules),
            )
    except IntegrityError:
        raise RuleViolation.at(
            "name", _("You already have house rules of that name for this game.")
        ) from None


def preset_delete(*, preset: RulePreset) -> None:
    preset.delete()
