"""Built-in house-rule presets: the variants RULES.md names, ready to start a match from. Each
game keeps its own (``Game.presets``, in the game's place); here they are listed together, in
the order of the games, for the pages, the API and the services that find one by its key."""

from __future__ import annotations

from . import GAMES
from .base import Preset

BUILTIN_PRESETS: tuple[Preset, ...] = tuple(
    preset for game in GAMES.values() for preset in game.presets
)

PRESETS_BY_KEY = {preset.key: preset for preset in BUILTIN_PRESETS}

__all__ = ["BUILTIN_PRESETS", "PRESETS_BY_KEY", "Preset"]
