"""Etori's hands explained (games/rules/etori_explain.py), one example or more of every kind of
outcome, by RULES.md §5's chip rule: the winners dealt no ace (4), one or two plain aces (2),
otherwise their honours (fewer than 12: 1; 12-15: 2; all 16: 4); 8 honours each; losers who
cannot pay in full. Entered with each team's aces (as the API takes them) and with the winners'
aces alone (as the phone's keys enter them), which the words tell apart."""

from __future__ import annotations

from typing import Any


def example(
    kind: str,
    deal: dict[str, Any],
    lines: list[str],
    *,
    rules: dict[str, Any] | None = None,
    players: int = 4,
) -> dict[str, Any]:
    return {
        "kind": kind,
        "rules": rules or {},
        "players": players,
        "setup": {},
        "before": [],
        "deal": deal,
        "lines": lines,
    }


EXAMPLES = [
    # The winners were dealt no ace: 4.
    example(
        "no_ace",
        {"honours": [10, 6], "aces": [[], ["spades", "hearts", "diamonds", "clubs"]]},
        [
            "Team 0 took 10 honours and Team 1 the other 6: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            "Team 0 were dealt no ace: the losers pay 4 chips.",
            "Team 1 pay Team 0 4 chips.",
        ],
    ),
    # The same, entered with the phone's key; hearts trumps.
    example(
        "no_ace",
        {"trump": "hearts", "honours": [4, 12], "winners_aces": "no_ace"},
        [
            "Team 1 took 12 honours and Team 0 the other 4: 9 or more win the hand.",
            "Trumps: hearts; the rensho, the ace of spades, beats every trump.",
            "Team 1 were dealt no ace: the losers pay 4 chips.",
            "Team 0 pay Team 1 4 chips.",
        ],
    ),
    # Two plain aces: 2.
    example(
        "plain_aces",
        {"honours": [10, 6], "aces": [["hearts", "clubs"], ["spades", "diamonds"]]},
        [
            "Team 0 took 10 honours and Team 1 the other 6: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the ace of hearts and the ace of clubs, neither the rensho "
                "nor the ace of trumps: the losers pay 2 chips."
            ),
            "Team 1 pay Team 0 2 chips.",
        ],
    ),
    example(
        "plain_aces",
        {"honours": [6, 10], "winners_aces": "plain_aces"},
        [
            "Team 1 took 10 honours and Team 0 the other 6: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 1 were dealt one or two aces, neither the rensho nor the ace of trumps: "
                "the losers pay 2 chips."
            ),
            "Team 0 pay Team 1 2 chips.",
        ],
    ),
    # Six players, the ace of clubs the rensho with spades trumps (a house rule): the ace of
    # spades is a plain ace.
    example(
        "plain_aces",
        {"honours": [9, 7, None], "aces": [["hearts"], ["spades", "clubs", "diamonds"], None]},
        [
            "Team 2 dealt and sat the hand out.",
            "Team 0 took 9 honours and Team 1 the other 7: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of clubs, beats every trump.",
            (
                "House rule (rensho: clubs if spades trump): with spades trumps, the rensho is "
                "the ace of clubs."
            ),
            (
                "Team 0 were dealt the ace of hearts, neither the rensho nor the ace of trumps:"
                " the losers pay 2 chips."
            ),
            "Team 1 pay Team 0 2 chips.",
        ],
        rules={"players": 6, "rensho": "clubs_if_spades_trump"},
        players=6,
    ),
    # The rensho alone: by honours, 12 to 15 give 2.
    example(
        "honours",
        {"honours": [12, 4], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]},
        [
            "Team 0 took 12 honours and Team 1 the other 4: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            "Team 0 were dealt the rensho, so the chips follow the honours taken.",
            "Honours taken: 12, from 12 to 15: the losers pay 2 chips.",
            "Team 1 pay Team 0 2 chips.",
        ],
    ),
    # The rensho among two aces: by honours.
    example(
        "honours",
        {"honours": [13, 3], "aces": [["spades", "clubs"], ["hearts", "diamonds"]]},
        [
            "Team 0 took 13 honours and Team 1 the other 3: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the ace of spades and the ace of clubs, the rensho among "
                "them, so the chips follow the honours taken."
            ),
            "Honours taken: 13, from 12 to 15: the losers pay 2 chips.",
            "Team 1 pay Team 0 2 chips.",
        ],
    ),
    # The ace of trumps alone: by honours, fewer than 12 give 1.
    example(
        "honours",
        {
            "trump": "hearts",
            "honours": [10, 6],
            "aces": [["hearts"], ["spades", "diamonds", "clubs"]],
        },
        [
            "Team 0 took 10 honours and Team 1 the other 6: 9 or more win the hand.",
            "Trumps: hearts; the rensho, the ace of spades, beats every trump.",
            "Team 0 were dealt the ace of trumps, so the chips follow the honours taken.",
            "Honours taken: 10, fewer than 12: the losers pay 1 chip.",
            "Team 1 pay Team 0 1 chip.",
        ],
    ),
    # The ace of trumps among two aces.
    example(
        "honours",
        {
            "trump": "hearts",
            "honours": [11, 5],
            "aces": [["hearts", "clubs"], ["spades", "diamonds"]],
        },
        [
            "Team 0 took 11 honours and Team 1 the other 5: 9 or more win the hand.",
            "Trumps: hearts; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the ace of hearts and the ace of clubs, the ace of trumps "
                "among them, so the chips follow the honours taken."
            ),
            "Honours taken: 11, fewer than 12: the losers pay 1 chip.",
            "Team 1 pay Team 0 1 chip.",
        ],
    ),
    # Three aces, neither the rensho nor the ace of trumps.
    example(
        "honours",
        {
            "trump": "spades",
            "honours": [11, 5],
            "aces": [["hearts", "clubs", "diamonds"], ["spades"]],
        },
        [
            "Team 0 took 11 honours and Team 1 the other 5: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the ace of hearts, the ace of clubs and the ace of diamonds,"
                " more than two, so the chips follow the honours taken."
            ),
            "Honours taken: 11, fewer than 12: the losers pay 1 chip.",
            "Team 1 pay Team 0 1 chip.",
        ],
    ),
    # Entered with the phone's key, "others".
    example(
        "honours",
        {"honours": [9, 7], "winners_aces": "other"},
        [
            "Team 0 took 9 honours and Team 1 the other 7: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the rensho, the ace of trumps or more than two aces, so the "
                "chips follow the honours taken."
            ),
            "Honours taken: 9, fewer than 12: the losers pay 1 chip.",
            "Team 1 pay Team 0 1 chip.",
        ],
    ),
    # All 16 honours: 4.
    example(
        "all_honours",
        {"honours": [0, 16], "winners_aces": "other"},
        [
            "Team 1 took 16 honours and Team 0 the other 0: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 1 were dealt the rensho, the ace of trumps or more than two aces, so the "
                "chips follow the honours taken."
            ),
            "All 16 honours: the losers pay 4 chips.",
            "Team 0 pay Team 1 4 chips.",
        ],
    ),
    # 8 each: the team not dealt the rensho wins.
    example(
        "eight_all",
        {"honours": [8, 8], "aces": [["spades", "clubs"], ["hearts", "diamonds"]]},
        [
            "8 honours each: Team 0 were dealt the rensho, so Team 1 win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            (
                "Team 1 were dealt the ace of hearts and the ace of diamonds, neither the "
                "rensho nor the ace of trumps: the losers pay 2 chips."
            ),
            "Team 0 pay Team 1 2 chips.",
        ],
    ),
    # 8 each, entered with the phone's keys: the rensho's team, and the winners' aces.
    example(
        "eight_all",
        {"trump": "hearts", "honours": [8, 8], "winners_aces": "other", "rensho_dealt_to": 1},
        [
            "8 honours each: Team 1 were dealt the rensho, so Team 0 win the hand.",
            "Trumps: hearts; the rensho, the ace of spades, beats every trump.",
            (
                "Team 0 were dealt the ace of trumps or more than two aces, so the chips follow"
                " the honours taken."
            ),
            "Honours taken: 8, fewer than 12: the losers pay 1 chip.",
            "Team 1 pay Team 0 1 chip.",
        ],
    ),
    # The losers have 1 chip of the 4 they owe: they pay it, the winners are credited 4.
    example(
        "short_of_chips",
        {"honours": [3, 13], "winners_aces": "no_ace"},
        [
            "Team 1 took 13 honours and Team 0 the other 3: 9 or more win the hand.",
            "Trumps: spades; the rensho, the ace of spades, beats every trump.",
            "Team 1 were dealt no ace: the losers pay 4 chips.",
            (
                "Team 0 had only 1 chip left and pay it; Team 1 are credited all 4, and the "
                "game is over."
            ),
        ],
        rules={"chips": 1},
    ),
]
