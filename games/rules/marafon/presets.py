"""Marafon-Beccaccino's built-in house rules (RULES.md §1's variants), each holding only the
options that differ from the defaults."""

from __future__ import annotations

from ..base import Preset
from ..messages import msg

PRESETS: tuple[Preset, ...] = (
    Preset(
        "marafon-31",
        "marafon",
        msg("Marafon to 31"),
        msg("Every game to 31 points."),
        {"target": 31},
    ),
    Preset(
        "marafon-31-31-41",
        "marafon",
        msg("Marafon 31/31/41"),
        msg("Two games to 31; la bella, if needed, to 41."),
        {"target": 31, "bella_target": 41},
    ),
    Preset(
        "marafon-strict-claims",
        "marafon",
        msg("Marafon with strict claims"),
        msg("A claim needs the target and a third, and the marafona does not count in it."),
        {"claim_needs_extra_third": True, "claim_counts_marafona": False},
    ),
    Preset(
        "marafon-battezzante-marafona",
        "marafon",
        msg("Marafona by the battezzante only"),
        msg("Only the battezzante may declare a marafona."),
        {"marafona_declarer": "battezzante"},
    ),
    Preset(
        "marafon-mandare-a-monte",
        "marafon",
        msg("Marafon with mandare a monte"),
        msg("A battezzante with a worthless hand may annul the deal."),
        {"mandare_a_monte": True},
    ),
)
