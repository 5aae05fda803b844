"""Built-in house-rule presets: the variants RULES.md names, ready to start a match from.
Each holds only the options that differ from the game's defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rikken_contracts import DEFAULT_TABLE


@dataclass(frozen=True)
class Preset:
    key: str
    game: str
    name: str
    description: str
    rules: dict[str, Any] = field(default_factory=dict)


BUILTIN_PRESETS: tuple[Preset, ...] = (
    Preset("marafon-31", "marafon", "Marafon to 31", "Every game to 31 points.", {"target": 31}),
    Preset(
        "marafon-31-31-41",
        "marafon",
        "Marafon 31/31/41",
        "Two games to 31; la bella, if needed, to 41.",
        {"target": 31, "bella_target": 41},
    ),
    Preset(
        "marafon-strict-claims",
        "marafon",
        "Marafon with strict claims",
        "A claim needs the target and a third, and the marafona does not count in it.",
        {"claim_needs_extra_third": True, "claim_counts_marafona": False},
    ),
    Preset(
        "marafon-battezzante-marafona",
        "marafon",
        "Marafona by the battezzante only",
        "Only the battezzante may declare a marafona.",
        {"marafona_declarer": "battezzante"},
    ),
    Preset(
        "marafon-mandare-a-monte",
        "marafon",
        "Marafon with mandare a monte",
        "A battezzante with a worthless hand may annul the deal.",
        {"mandare_a_monte": True},
    ),
    Preset(
        "spanish-manilla",
        "malilla",
        "Spanish Manilla",
        "48 cards, 12 tricks, 72 a deal, the excess over 36 scores, first to 40.",
        {"variant": "spanish"},
    ),
    Preset(
        "macau-manilla",
        "malilla",
        "Macau Manilla",
        "French pack, the difference between the teams scores, first to 70.",
        {"variant": "macau"},
    ),
    Preset(
        "rikken-schuppen-mie",
        "rikken",
        "Rikken with schuppen mie",
        "When all pass: avoid the queen of spades and the last trick.",
        {"all_pass": "schuppen_mie"},
    ),
    Preset(
        "rikken-mie-en",
        "rikken",
        "Rikken with mie en",
        "When all pass: avoid the queens.",
        {"all_pass": "mie_en"},
    ),
    Preset(
        "rikken-een-vijf-elf",
        "rikken",
        "Rikken with één-vijf-elf",
        "When all pass: take exactly 1, 5 or 11 tricks.",
        {"all_pass": "one_five_eleven"},
    ),
    Preset(
        "rikken-solo-7",
        "rikken",
        "Rikken with 7 alleen",
        "Adds 7 alleen between rik beter and 8 alleen.",
        {
            # The usual table with 7 alleen after rik beter.
            "contracts": [*DEFAULT_TABLE[:2], "solo_7", *DEFAULT_TABLE[2:]]
        },
    ),
    Preset(
        "rikken-partner-never-pays",
        "rikken",
        "Rikken: the partner never pays",
        "When a rik fails the declarer pays double and the partner nothing.",
        {"partner_pays": "never"},
    ),
    Preset(
        "rikken-penalty-points",
        "rikken",
        "Rikken in penalty points",
        "Nobody pays: made contracts give points to the opponents, failed ones to the declaring "
        "side (a solo three times), a deal may be doubled, and the lowest total wins. Every "
        "contract gives 5 made, 1 an overtrick, 10 failed, 1 a trick short.",
        {"scoring": "penalty_points"},
    ),
)

PRESETS_BY_KEY = {preset.key: preset for preset in BUILTIN_PRESETS}
