"""Malilla's built-in house rules: the Spanish and Macau games (RULES.md §3)."""

from __future__ import annotations

from ..base import Preset
from ..messages import msg

PRESETS: tuple[Preset, ...] = (
    Preset(
        "spanish-manilla",
        "malilla",
        msg("Spanish Manilla"),
        msg("48 cards, 12 tricks, 72 a deal, the excess over 36 scores, first to 40."),
        {"variant": "spanish"},
    ),
    Preset(
        "macau-manilla",
        "malilla",
        msg("Macau Manilla"),
        msg("French pack, the difference between the teams scores, first to 70."),
        {"variant": "macau"},
    ),
)
