"""Rikken's built-in house rules (RULES.md §4), as Dutch clubs keep the game, each holding only
the options that differ from the defaults."""

from __future__ import annotations

from ..base import Preset
from ..messages import msg
from .contracts import DEFAULT_TABLE

# A club's table in tens (RULES.md §4, "Further house rules"): rik, troela and the solos 10
# and 5 a trick, the first trick short costing only the 10; the fixed contracts in tens too.
# The all-tricks bonus goes to rik and troela only; a troela's partner pays where a rik's
# does not.
TENS = {"base": 10, "per_trick": 5}
NO_BONUS = {**TENS, "all_tricks_bonus": 0}
TABLE_IN_TENS = [
    {"slug": "rik", **TENS},
    {"slug": "rik_beter", **TENS},
    {"slug": "solo_8", **NO_BONUS},
    {"slug": "misere", "base": 30},
    {"slug": "piek", "base": 30},
    *({"slug": f"solo_{n}", **NO_BONUS} for n in range(9, 13)),
    {"slug": "open_misere", "base": 60},
    {"slug": "open_piek", "base": 60},
    {"slug": "troela", **TENS, "partner_pays": "always"},
    {"slug": "open_misere_praatje", "base": 90},
    {"slug": "open_piek_praatje", "base": 90},
    {"slug": "solo_13", "base": 70, "per_trick": 5},
    {"slug": "open_solo_13", "base": 140, "per_trick": 5},
]


PRESETS: tuple[Preset, ...] = (
    Preset(
        "rikken-schuppen-mie",
        "rikken",
        msg("Rikken with schuppen mie"),
        msg("When all pass: avoid the queen of spades and the last trick."),
        {"all_pass": "schuppen_mie"},
    ),
    Preset(
        "rikken-mie-en",
        "rikken",
        msg("Rikken with mie en"),
        msg("When all pass: avoid the queens."),
        {"all_pass": "mie_en"},
    ),
    Preset(
        "rikken-een-vijf-elf",
        "rikken",
        msg("Rikken with één-vijf-elf"),
        msg("When all pass: take exactly 1, 5 or 11 tricks."),
        {"all_pass": "one_five_eleven"},
    ),
    Preset(
        "rikken-solo-7",
        "rikken",
        msg("Rikken with 7 alleen"),
        msg("Adds 7 alleen between rik beter and 8 alleen."),
        {
            # The usual table with 7 alleen after rik beter.
            "contracts": [*DEFAULT_TABLE[:2], "solo_7", *DEFAULT_TABLE[2:]]
        },
    ),
    Preset(
        "rikken-partner-never-pays",
        "rikken",
        msg("Rikken: the partner never pays"),
        msg("When a rik fails the declarer pays double and the partner nothing."),
        {"partner_pays": "never"},
    ),
    Preset(
        "rikken-penalty-points",
        "rikken",
        msg("Rikken in penalty points"),
        msg(
            "Nobody pays: made contracts give points to the opponents, failed ones to the "
            "declaring side (a solo three times), a deal may be doubled, and the lowest total "
            "wins. Every contract gives 5 made, 1 an overtrick, 10 failed, 1 a trick short."
        ),
        {"scoring": "penalty_points"},
    ),
    Preset(
        "rikken-in-tens",
        "rikken",
        msg("Rikken in tens, the table's special games"),
        msg(
            "Rik, troela and the solos 10 and 5 a trick, the first trick short only the 10; "
            "misère and piek 30, open 60, with a praatje 90, 13 alleen 70; all 13 tricks in "
            "rik or troela 35 more. A failed rik's partner pays nothing, a troela's does. "
            "Several misères settle with those who declared nothing. When all pass the table "
            "chooses schuppen mie, mie en or 1-5-11 (a stake of 10, each loser paying each "
            "winner), or deals again."
        ),
        {
            "contracts": TABLE_IN_TENS,
            "partner_pays": "never",
            "all_tricks_bonus": 35,
            "undertricks": "from_second",
            "simultaneous": "defenders_only",
            "all_pass": "choice",
            "special_games": ["schuppen_mie", "mie_en", "one_five_eleven"],
            "one_five_eleven_pays": "per_pair",
        },
    ),
    Preset(
        "rikken-penalty-points-schuppen-mie",
        "rikken",
        msg("Rikken in penalty points, schuppen mie or a new deal"),
        msg(
            "Penalty points as in Rikken in penalty points, the lowest total winning; when "
            "all pass the table chooses: schuppen mie (5 to each taker, 20 to one who took "
            "both) or a new deal."
        ),
        {"scoring": "penalty_points", "all_pass": "choice", "special_games": ["schuppen_mie"]},
    ),
)
