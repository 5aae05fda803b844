"""Rikken's deals explained (games/rules/rikken/explain.py), one example or more of every kind of
outcome, the figures from RULES.md §4 where it has them: the payments' examples, the Kapoen
table of the further house rules, the penalty points' worked example and its pot. Several
examples of a kind where a house rule changes the words."""

from __future__ import annotations

from typing import Any

# The Kapoen table (RULES.md §4, "Further house rules"): rik base 10, per trick 5, the partner
# never pays, undertricks from the second trick short; its troela's partner pays all the same.
KAPOEN = {
    "partner_pays": "never",
    "undertricks": "from_second",
    "contracts": [
        {"slug": "rik", "base": 10, "per_trick": 5},
        {"slug": "troela", "base": 10, "per_trick": 5, "partner_pays": "always"},
        {"slug": "solo_13", "base": 70, "per_trick": 5},
    ],
}
# Club penalty points with schuppen mie when all pass (the worked example's rules).
PENALTY = {"scoring": "penalty_points", "all_pass": "schuppen_mie"}
# A club's own contract, lowest in its table.
SIX_ALONE = {
    "contracts": [
        {
            "slug": "six",
            "name": "6 alleen",
            "side": "alone",
            "tricks": {"at_least": 6},
            "trumps": "declarer",
            "base": 1,
            "per_trick": 1,
        },
        "rik",
    ]
}


def rik(tricks: int, **more: Any) -> dict[str, Any]:
    """Rik by seat 0, who called the ace of hearts, with seat 2, its holder; spades trumps."""
    called = {"rank": "A", "suit": "hearts"}
    entry = {"contract": "rik", "declarer": 0, "partner": 2, "trump": "spades", "called": called}
    return {**entry, "tricks": tricks, **more}


def example(
    kind: str,
    deal: dict[str, Any],
    lines: list[str],
    *,
    rules: dict[str, Any] | None = None,
    players: int = 4,
    before: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "kind": kind,
        "rules": rules or {},
        "players": players,
        "setup": {},
        "before": before or [],
        "deal": deal,
        "lines": lines,
    }


EXAMPLES = [
    # Issue 32's own example: rik with 9 tricks, ±2 (RULES.md: 9: ±2).
    example(
        "rik_made",
        {"dealer": 3, "contracts": [rik(9)]},
        [
            "Rik by seat 0 with seat 2: 9 tricks, 8 or more needed: made.",
            "Each payment: base 1 + 1 overtrick = 2 units.",
            "Seat 1 pays seat 0 2 units.",
            "Seat 3 pays seat 2 2 units.",
        ],
    ),
    # Rik with all 13: 1 + 5 + 1 = 7 each.
    example(
        "rik_made",
        {"dealer": 3, "contracts": [rik(13)]},
        [
            "Rik by seat 0 with seat 2: 13 tricks, 8 or more needed: made.",
            "Each payment: base 1 + 5 overtricks + all-tricks bonus 1 = 7 units.",
            "Seat 1 pays seat 0 7 units.",
            "Seat 3 pays seat 2 7 units.",
        ],
    ),
    # Three players: the blind man (seat 3) is the partner; his opponent's payment is not made.
    example(
        "rik_made",
        {"dealer": 2, "contracts": [rik(8, partner=3)]},
        [
            "Rik by seat 0 with seat 3: 8 tricks, 8 or more needed: made.",
            "Each payment: the base, 1 unit.",
            "Seat 1 pays seat 0 1 unit.",
            "The blind man pays and receives nothing.",
        ],
        players=3,
    ),
    # Penalty points, the worked example's first deal: seats 1 and 3 get 5 + 1·2 = 7 each.
    example(
        "rik_made",
        {"dealer": 3, "contracts": [rik(10)]},
        [
            "Rik by seat 0 with seat 2: 10 tricks, 8 or more needed: made.",
            "Seat 1 and seat 3 each get 5 for the contract + 2 overtricks = 7 penalty points.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
    ),
    # Rik with 7 tricks: each pays 2.
    example(
        "rik_failed",
        {"dealer": 3, "contracts": [rik(7)]},
        [
            "Rik by seat 0 with seat 2: 7 tricks, 8 or more needed: failed.",
            "Each payment: base 1 + 1 trick short = 2 units.",
            "Seat 0 pays seat 1 2 units.",
            "Seat 2 pays seat 3 2 units.",
        ],
    ),
    # Kapoen, 7 tricks: the declarer pays 10 to each opponent, [-20, 10, 0, 10].
    example(
        "rik_failed",
        {"dealer": 3, "contracts": [rik(7)]},
        [
            "Rik by seat 0 with seat 2: 7 tricks, 8 or more needed: failed.",
            "Each payment: the base, 10 units.",
            "Seat 0 pays seat 1 and seat 3 10 units each.",
            "House rule (undertricks: from second): the first trick short costs only the base.",
            (
                "House rule (partner pays: never): the partner pays nothing, and the declarer "
                "pays both opponents."
            ),
        ],
        rules=KAPOEN,
    ),
    # Kapoen, 5 tricks: [-40, 20, 0, 20].
    example(
        "rik_failed",
        {"dealer": 3, "contracts": [rik(5)]},
        [
            "Rik by seat 0 with seat 2: 5 tricks, 8 or more needed: failed.",
            "Each payment: base 10 + 2 tricks short × 5 = 20 units.",
            "Seat 0 pays seat 1 and seat 3 20 units each.",
            "House rule (undertricks: from second): the first trick short costs only the base.",
            (
                "House rule (partner pays: never): the partner pays nothing, and the declarer "
                "pays both opponents."
            ),
        ],
        rules=KAPOEN,
    ),
    # The partner pays under two tricks of their own: with 1 they pay.
    example(
        "rik_failed",
        {"dealer": 3, "contracts": [rik(6, partner_tricks=1)]},
        [
            "Rik by seat 0 with seat 2: 6 tricks, 8 or more needed: failed.",
            "Each payment: base 1 + 2 tricks short = 3 units.",
            "Seat 0 pays seat 1 3 units.",
            "Seat 2 pays seat 3 3 units.",
            (
                "House rule (partner pays: under two tricks): the partner took 1 trick of their"
                " own, fewer than 2, and pays their share too."
            ),
        ],
        rules={"partner_pays": "under_two_tricks"},
    ),
    # ...and with 3 the declarer pays both opponents.
    example(
        "rik_failed",
        {"dealer": 3, "contracts": [rik(6, partner_tricks=3)]},
        [
            "Rik by seat 0 with seat 2: 6 tricks, 8 or more needed: failed.",
            "Each payment: base 1 + 2 tricks short = 3 units.",
            "Seat 0 pays seat 1 and seat 3 3 units each.",
            (
                "House rule (partner pays: under two tricks): the partner took 3 tricks of "
                "their own, so the declarer pays both opponents."
            ),
        ],
        rules={"partner_pays": "under_two_tricks"},
    ),
    # Troela with 9 tricks: 3.
    example(
        "troela_made",
        {
            "dealer": 0,
            "contracts": [
                {"contract": "troela", "declarer": 1, "partner": 3, "trump": "clubs", "tricks": 9}
            ],
        },
        [
            "Troela by seat 1 with seat 3: 9 tricks, 8 or more needed: made.",
            "Each payment: base 2 + 1 overtrick = 3 units.",
            "Seat 2 pays seat 1 3 units.",
            "Seat 0 pays seat 3 3 units.",
        ],
    ),
    # Troela with 7 tricks pays 3.
    example(
        "troela_failed",
        {
            "dealer": 0,
            "contracts": [
                {"contract": "troela", "declarer": 1, "partner": 3, "trump": "clubs", "tricks": 7}
            ],
        },
        [
            "Troela by seat 1 with seat 3: 7 tricks, 8 or more needed: failed.",
            "Each payment: base 2 + 1 trick short = 3 units.",
            "Seat 1 pays seat 2 3 units.",
            "Seat 3 pays seat 0 3 units.",
        ],
    ),
    # Kapoen's troela, whose partner pays: 6 tricks, [-15, 15, -15, 15].
    example(
        "troela_failed",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "troela", "declarer": 0, "partner": 2, "trump": "clubs", "tricks": 6}
            ],
        },
        [
            "Troela by seat 0 with seat 2: 6 tricks, 8 or more needed: failed.",
            "Each payment: base 10 + 1 trick short × 5 = 15 units.",
            "Seat 0 pays seat 1 15 units.",
            "Seat 2 pays seat 3 15 units.",
            "House rule (undertricks: from second): the first trick short costs only the base.",
            "House rule for Troela only (partner pays: always): the partner pays their share too.",
        ],
        rules=KAPOEN,
    ),
    # Solo 12 with all 13 tricks: 3 from each.
    example(
        "solo_made",
        {
            "dealer": 0,
            "contracts": [
                {"contract": "solo_12", "declarer": 1, "trump": "diamonds", "tricks": 13}
            ],
        },
        [
            "12 alleen by seat 1: 13 tricks, 12 or more needed: made.",
            "Each payment: base 1 + 1 overtrick + all-tricks bonus 1 = 3 units.",
            "Seat 0, seat 2 and seat 3 each pay seat 1 3 units.",
        ],
    ),
    # The all-tricks bonus (35) for rik and troela only: solo 8 (base 10, per trick 5) with all
    # 13, [105, -35, -35, -35].
    example(
        "solo_made",
        {
            "dealer": 3,
            "contracts": [{"contract": "solo_8", "declarer": 0, "trump": "diamonds", "tricks": 13}],
        },
        [
            "8 alleen by seat 0: 13 tricks, 8 or more needed: made.",
            "Each payment: base 10 + 5 overtricks × 5 = 35 units.",
            "Seat 1, seat 2 and seat 3 each pay seat 0 35 units.",
            (
                "House rule for 8 alleen only (all tricks bonus: 0): no bonus for taking all 13"
                " tricks."
            ),
        ],
        rules={
            "all_tricks_bonus": 35,
            "contracts": [
                "rik",
                {"slug": "solo_8", "base": 10, "per_trick": 5, "all_tricks_bonus": 0},
            ],
        },
    ),
    # Six players: the dealer and the player three seats on sit out.
    example(
        "solo_failed",
        {
            "dealer": 1,
            "contracts": [{"contract": "solo_9", "declarer": 2, "trump": "spades", "tricks": 8}],
        },
        [
            "Seat 1 dealt and sat this deal out, with seat 4, three seats on.",
            "9 alleen by seat 2: 8 tricks, 9 or more needed: failed.",
            "Each payment: base 1 + 1 trick short = 2 units.",
            "Seat 2 pays seat 0, seat 3 and seat 5 2 units each.",
        ],
        rules={"players": 6},
        players=6,
    ),
    # Kapoen's solo 13 with 12 tricks costs 70 to each opponent, not 75.
    example(
        "solo_failed",
        {
            "dealer": 3,
            "contracts": [{"contract": "solo_13", "declarer": 0, "trump": "spades", "tricks": 12}],
        },
        [
            "13 alleen by seat 0: 12 tricks, exactly 13 needed: failed.",
            "Each payment: the base, 70 units.",
            "Seat 0 pays seat 1, seat 2 and seat 3 70 units each.",
            (
                "House rule (undertricks: from second): a contract needing an exact number of "
                "tricks costs only the base when it fails."
            ),
        ],
        rules=KAPOEN,
    ),
    # Penalty points, the worked example's second deal: 9 alleen with 7, 3·(10 + 1·2) = 36.
    example(
        "solo_failed",
        {"contracts": [{"contract": "solo_9", "declarer": 1, "trump": "hearts", "tricks": 7}]},
        [
            "9 alleen by seat 1: 7 tricks, 9 or more needed: failed.",
            "Seat 1 gets (10 for the contract + 2 tricks short) × 3 = 36 penalty points.",
            "A contract played alone and failed counts three times.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
        before=[{"dealer": 3, "contracts": [rik(10)]}],
    ),
    # Five players: the dealer sits out.
    example(
        "misere_made",
        {"dealer": 4, "contracts": [{"contract": "misere", "declarer": 2, "tricks": 0}]},
        [
            "Seat 4 dealt and sat this deal out.",
            "Misère by seat 2: 0 tricks, exactly 0 needed: made.",
            "Each payment: the base, 5 units.",
            "Seat 0, seat 1 and seat 3 each pay seat 2 5 units.",
        ],
        rules={"players": 5},
        players=5,
    ),
    example(
        "misere_failed",
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 2, "tricks": 1}]},
        [
            "Misère by seat 2: 1 trick, exactly 0 needed: failed.",
            "Each payment: the base, 5 units.",
            "Seat 2 pays seat 0, seat 1 and seat 3 5 units each.",
        ],
    ),
    # Penalty points, doubled: a misère failed, 3 · 10 · 2 (no undertricks in an exact contract).
    example(
        "misere_failed",
        {
            "dealer": 0,
            "doubled": True,
            "doubled_by": 1,
            "contracts": [{"contract": "misere", "declarer": 2, "tricks": 2}],
        },
        [
            "Misère by seat 2: 2 tricks, exactly 0 needed: failed.",
            "Seat 2 gets 10 for the contract × 3 × 2 = 60 penalty points.",
            "A contract played alone and failed counts three times.",
            "Doubled by seat 1: every figure counts twice.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
    ),
    example(
        "piek_made",
        {"dealer": 0, "contracts": [{"contract": "piek", "declarer": 3, "tricks": 1}]},
        [
            "Piek by seat 3: 1 trick, exactly 1 needed: made.",
            "Each payment: the base, 5 units.",
            "Seat 0, seat 1 and seat 2 each pay seat 3 5 units.",
        ],
    ),
    example(
        "piek_failed",
        {"dealer": 0, "contracts": [{"contract": "piek", "declarer": 3, "tricks": 0}]},
        [
            "Piek by seat 3: 0 tricks, exactly 1 needed: failed.",
            "Each payment: the base, 5 units.",
            "Seat 3 pays seat 0, seat 1 and seat 2 5 units each.",
        ],
    ),
    example(
        "open_misere_made",
        {"dealer": 1, "contracts": [{"contract": "open_misere", "declarer": 0, "tricks": 0}]},
        [
            "Open misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Each payment: the base, 10 units.",
            "Seat 1, seat 2 and seat 3 each pay seat 0 10 units.",
        ],
    ),
    # The praatje form is an open misère too.
    example(
        "open_misere_failed",
        {
            "dealer": 1,
            "contracts": [{"contract": "open_misere_praatje", "declarer": 0, "tricks": 1}],
        },
        [
            "Open misère met een praatje by seat 0: 1 trick, exactly 0 needed: failed.",
            "Each payment: the base, 15 units.",
            "Seat 0 pays seat 1, seat 2 and seat 3 15 units each.",
        ],
    ),
    example(
        "open_piek_made",
        {"dealer": 1, "contracts": [{"contract": "open_piek_praatje", "declarer": 2, "tricks": 1}]},
        [
            "Open piek met een praatje by seat 2: 1 trick, exactly 1 needed: made.",
            "Each payment: the base, 15 units.",
            "Seat 0, seat 1 and seat 3 each pay seat 2 15 units.",
        ],
    ),
    example(
        "open_piek_failed",
        {"dealer": 1, "contracts": [{"contract": "open_piek", "declarer": 2, "tricks": 3}]},
        [
            "Open piek by seat 2: 3 tricks, exactly 1 needed: failed.",
            "Each payment: the base, 10 units.",
            "Seat 2 pays seat 0, seat 1 and seat 3 10 units each.",
        ],
    ),
    # A club's own contract, said by the club's own name.
    example(
        "own_contract_made",
        {
            "dealer": 1,
            "contracts": [{"contract": "six", "declarer": 3, "trump": "hearts", "tricks": 7}],
        },
        [
            "6 alleen by seat 3: 7 tricks, 6 or more needed: made.",
            "Each payment: base 1 + 1 overtrick = 2 units.",
            "Seat 0, seat 1 and seat 2 each pay seat 3 2 units.",
        ],
        rules=SIX_ALONE,
    ),
    example(
        "own_contract_failed",
        {
            "dealer": 1,
            "contracts": [{"contract": "six", "declarer": 3, "trump": "hearts", "tricks": 4}],
        },
        [
            "6 alleen by seat 3: 4 tricks, 6 or more needed: failed.",
            "Each payment: base 1 + 2 tricks short = 3 units.",
            "Seat 3 pays seat 0, seat 1 and seat 2 3 units each.",
        ],
        rules=SIX_ALONE,
    ),
    # Misère and piek both made: each declarer +10, the other two -10 each.
    example(
        "several_contracts",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "piek", "declarer": 1, "tricks": 1},
            ],
        },
        [
            "2 contracts at once, each settled on its own with all three others.",
            "Misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Each payment: the base, 5 units.",
            "Seat 1, seat 2 and seat 3 each pay seat 0 5 units.",
            "Piek by seat 1: 1 trick, exactly 1 needed: made.",
            "Each payment: the base, 5 units.",
            "Seat 0, seat 2 and seat 3 each pay seat 1 5 units.",
            "In all, for the deal:",
            "Seat 0 and seat 1 receive 10 units each.",
            "Seat 2 and seat 3 pay 10 units each.",
        ],
    ),
    # One made, one failed: the failed declarer pays the other 20 in all; the others net 0.
    example(
        "several_contracts",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "piek", "declarer": 1, "tricks": 2},
            ],
        },
        [
            "2 contracts at once, each settled on its own with all three others.",
            "Misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Each payment: the base, 5 units.",
            "Seat 1, seat 2 and seat 3 each pay seat 0 5 units.",
            "Piek by seat 1: 2 tricks, exactly 1 needed: failed.",
            "Each payment: the base, 5 units.",
            "Seat 1 pays seat 0, seat 2 and seat 3 5 units each.",
            "In all, for the deal:",
            "Seat 0 receives 20 units.",
            "Seat 1 pays 20 units.",
            "Even: seat 2 and seat 3.",
        ],
    ),
    # Settled with the defenders only (misère base 3): [6, -6, 0, 0].
    example(
        "several_contracts",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "misere", "declarer": 1, "tricks": 1},
            ],
        },
        [
            "2 contracts at once, each settled on its own.",
            (
                "House rule (simultaneous: defenders only): each declarer settles only with the"
                " players who declared nothing."
            ),
            "Misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Each payment: the base, 3 units.",
            "Seat 2 and seat 3 each pay seat 0 3 units.",
            "Misère by seat 1: 1 trick, exactly 0 needed: failed.",
            "Each payment: the base, 3 units.",
            "Seat 1 pays seat 2 and seat 3 3 units each.",
            "In all, for the deal:",
            "Seat 0 receives 6 units.",
            "Seat 1 pays 6 units.",
            "Even: seat 2 and seat 3.",
        ],
        rules={
            "simultaneous": "defenders_only",
            "contracts": ["rik", {"slug": "misere", "base": 3}, "piek"],
        },
    ),
    # Penalty points, the pot: two misères made, the two others get 15 each.
    example(
        "several_contracts",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "misere", "declarer": 1, "tricks": 0},
            ],
        },
        [
            "2 contracts at once share a pot.",
            "Misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Misère by seat 1: 0 tricks, exactly 0 needed: made.",
            "Each contract made puts 3 × 5 = 15 penalty points in the pot.",
            (
                "The pot, 30 penalty points, is shared by those who made no contract: 15 each, "
                "rounded, halves up."
            ),
            "In all, for the deal:",
            "Seat 2 and seat 3 each get 15 penalty points.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
    ),
    # ...one made and one failed: the failed declarer gets 15 + 5 = 20, the two others 5 each.
    example(
        "several_contracts",
        {
            "dealer": 3,
            "contracts": [
                {"contract": "misere", "declarer": 0, "tricks": 0},
                {"contract": "piek", "declarer": 1, "tricks": 3},
            ],
        },
        [
            "2 contracts at once share a pot.",
            "Misère by seat 0: 0 tricks, exactly 0 needed: made.",
            "Piek by seat 1: 3 tricks, exactly 1 needed: failed.",
            "Each contract made puts 3 × 5 = 15 penalty points in the pot.",
            (
                "The pot, 15 penalty points, is shared by those who made no contract: 5 each, "
                "rounded, halves up."
            ),
            "A declarer who failed also gets 3 × 5 = 15 penalty points.",
            "In all, for the deal:",
            "Seat 1 gets 20 penalty points.",
            "Seat 2 and seat 3 each get 5 penalty points.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
    ),
    # All pass: the same dealer deals again.
    example(
        "redeal",
        {"dealer": 2, "contracts": [], "all_pass": True},
        [
            "All passed: seat 2 deals again, and the deal counts for nothing.",
        ],
    ),
    # The table chooses, and deals again.
    example(
        "redeal",
        {"dealer": 2, "contracts": [], "all_pass": True},
        [
            "All passed: seat 2 deals again, and the deal counts for nothing.",
            (
                "House rule (all pass: choice): the table chose to deal again rather than play "
                "a special game."
            ),
        ],
        rules={"all_pass": "choice", "special_games": ["schuppen_mie", "mie_en"]},
    ),
    # Schuppen mie: the two losers pay 10 each, the other two receive 10.
    example(
        "schuppen_mie",
        {
            "dealer": 0,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 3},
        },
        [
            "All passed: Schuppen mie, played without trumps.",
            "House rule (all pass: schuppen mie): this special game is played whenever all pass.",
            (
                "Seat 2 took the queen of spades and seat 3 the last trick: each of them pays "
                "the stake, and each of the other two receives it."
            ),
            "Seat 0 and seat 1 receive 10 units each.",
            "Seat 2 and seat 3 pay 10 units each.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "schuppen_mie"},
    ),
    # One player took both: pays 30, the other three receive 10 (five players, the dealer out).
    example(
        "schuppen_mie",
        {
            "dealer": 0,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 1, "last_trick": 1},
        },
        [
            "Seat 0 dealt and sat this deal out.",
            "All passed: Schuppen mie, played without trumps.",
            "House rule (all pass: schuppen mie): this special game is played whenever all pass.",
            (
                "Seat 1 took the queen of spades and the last trick, and pays the stake to each"
                " of the others."
            ),
            "Seat 2, seat 3 and seat 4 receive 10 units each.",
            "Seat 1 pays 30 units.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "schuppen_mie", "players": 5},
        players=5,
    ),
    # Penalty points, the worked example's third deal: 5 each to the two takers.
    example(
        "schuppen_mie",
        {
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 2, "last_trick": 0},
        },
        [
            "All passed: Schuppen mie, played without trumps.",
            "House rule (all pass: schuppen mie): this special game is played whenever all pass.",
            "Seat 2 took the queen of spades and seat 0 the last trick.",
            "Seat 0 and seat 2 each get 5 penalty points.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
        before=[
            {"dealer": 3, "contracts": [rik(10)]},
            {"contracts": [{"contract": "solo_9", "declarer": 1, "trump": "hearts", "tricks": 7}]},
        ],
    ),
    # Penalty points, one player took both, doubled: 4 · 5 · 2.
    example(
        "schuppen_mie",
        {
            "dealer": 1,
            "doubled": True,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "schuppen_mie", "queen_of_spades": 3, "last_trick": 3},
        },
        [
            "All passed: Schuppen mie, played without trumps.",
            "House rule (all pass: schuppen mie): this special game is played whenever all pass.",
            "Seat 3 took the queen of spades and the last trick: four times the points.",
            "Seat 3 gets 5 × 4 × 2 = 40 penalty points.",
            "Doubled: every figure counts twice.",
            (
                "House rule (scoring: penalty points): nobody pays; each player collects "
                "points, and the lowest total wins."
            ),
        ],
        rules=PENALTY,
    ),
    # Mie en: 5 a queen, the 20 units to the one player without.
    example(
        "mie_en",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "mie_en", "queens": [2, 1, 1, 0]},
        },
        [
            "All passed: Mie en, played without trumps.",
            "House rule (all pass: mie en): this special game is played whenever all pass.",
            "Queens taken: 2 by seat 0, 1 by seat 1, 1 by seat 2 and 0 by seat 3.",
            "Each queen costs half the stake, 5 units, paid to whoever took none.",
            "Seat 3 receives 20 units.",
            "Seat 0 pays 10 units.",
            "Seat 1 and seat 2 pay 5 units each.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "mie_en"},
    ),
    # ...split between the two players without a queen.
    example(
        "mie_en",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "mie_en", "queens": [3, 1, 0, 0]},
        },
        [
            "All passed: Mie en, played without trumps.",
            "House rule (all pass: mie en): this special game is played whenever all pass.",
            "Queens taken: 3 by seat 0, 1 by seat 1, 0 by seat 2 and 0 by seat 3.",
            "Each queen costs half the stake, 5 units, paid to whoever took none.",
            "Seat 2 and seat 3 receive 10 units each.",
            "Seat 0 pays 15 units.",
            "Seat 1 pays 5 units.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "mie_en"},
    ),
    # All four queens to one player, who receives the stake (20 here) from each other player.
    example(
        "mie_en",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "mie_en", "queens": [0, 4, 0, 0]},
        },
        [
            "All passed: Mie en, played without trumps.",
            "House rule (all pass: choice): the table chose this special game.",
            "Queens taken: 0 by seat 0, 4 by seat 1, 0 by seat 2 and 0 by seat 3.",
            "Seat 1 took all four queens and receives the stake from each of the others.",
            "Seat 1 receives 60 units.",
            "Seat 0, seat 2 and seat 3 pay 20 units each.",
            "House rule (special stake: 20): the special games are played for 20 units.",
        ],
        rules={"all_pass": "choice", "special_games": ["mie_en"], "special_stake": 20},
    ),
    # All four took a queen: nobody pays.
    example(
        "mie_en",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "mie_en", "queens": [1, 1, 1, 1]},
        },
        [
            "All passed: Mie en, played without trumps.",
            "House rule (all pass: mie en): this special game is played whenever all pass.",
            "Queens taken: 1 by seat 0, 1 by seat 1, 1 by seat 2 and 1 by seat 3.",
            "Every player took a queen: nobody pays.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "mie_en"},
    ),
    # 1-5-11, two losers: each pays 10, each winner receives 10.
    example(
        "one_five_eleven",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_five_eleven", "tricks": [1, 5, 4, 3]},
        },
        [
            "All passed: 1-5-11, played without trumps.",
            (
                "House rule (all pass: one five eleven): this special game is played whenever "
                "all pass."
            ),
            "Tricks taken: 1 by seat 0, 5 by seat 1, 4 by seat 2 and 3 by seat 3.",
            "Exactly 1 or 5 or 11 wins: seat 0 and seat 1.",
            "Two losers: each pays the stake, and each winner receives it.",
            "Seat 0 and seat 1 receive 10 units each.",
            "Seat 2 and seat 3 pay 10 units each.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "one_five_eleven"},
    ),
    # Per pair: tricks [1, 5, 4, 3] give [20, 20, -20, -20].
    example(
        "one_five_eleven",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_five_eleven", "tricks": [1, 5, 4, 3]},
        },
        [
            "All passed: 1-5-11, played without trumps.",
            (
                "House rule (all pass: one five eleven): this special game is played whenever "
                "all pass."
            ),
            "Tricks taken: 1 by seat 0, 5 by seat 1, 4 by seat 2 and 3 by seat 3.",
            "Exactly 1 or 5 or 11 wins: seat 0 and seat 1.",
            (
                "House rule (one five eleven pays: per pair): each loser pays the stake to each"
                " winner."
            ),
            "Seat 0 and seat 1 receive 20 units each.",
            "Seat 2 and seat 3 pay 20 units each.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "one_five_eleven", "one_five_eleven_pays": "per_pair"},
    ),
    # Three losers each pay 10 to the winner (six players, two sitting out).
    example(
        "one_five_eleven",
        {
            "dealer": 2,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_five_eleven", "tricks": [11, 0, None, 2, 0, None]},
        },
        [
            "Seat 2 dealt and sat this deal out, with seat 5, three seats on.",
            "All passed: 1-5-11, played without trumps.",
            (
                "House rule (all pass: one five eleven): this special game is played whenever "
                "all pass."
            ),
            "Tricks taken: 11 by seat 0, 0 by seat 1, 2 by seat 3 and 0 by seat 4.",
            "Exactly 1 or 5 or 11 wins: seat 0.",
            "Three losers: each pays the stake to the winner.",
            "Seat 0 receives 30 units.",
            "Seat 1, seat 3 and seat 4 pay 10 units each.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "one_five_eleven", "players": 6},
        players=6,
    ),
    # All lose: nothing.
    example(
        "one_five_eleven",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_five_eleven", "tricks": [2, 4, 4, 3]},
        },
        [
            "All passed: 1-5-11, played without trumps.",
            (
                "House rule (all pass: one five eleven): this special game is played whenever "
                "all pass."
            ),
            "Tricks taken: 2 by seat 0, 4 by seat 1, 4 by seat 2 and 3 by seat 3.",
            "Nobody took exactly 1 or 5 or 11: nobody pays.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "one_five_eleven"},
    ),
    # 1-3-5, one loser: pays 10 to each winner.
    example(
        "one_three_five",
        {
            "dealer": 1,
            "contracts": [],
            "all_pass": True,
            "special": {"game": "one_three_five", "tricks": [1, 3, 5, 4]},
        },
        [
            "All passed: 1-3-5, played without trumps.",
            "House rule (all pass: one three five): this special game is played whenever all pass.",
            "Tricks taken: 1 by seat 0, 3 by seat 1, 5 by seat 2 and 4 by seat 3.",
            "Exactly 1 or 3 or 5 wins: seat 0, seat 1 and seat 2.",
            "One loser: pays the stake to each winner.",
            "Seat 0, seat 1 and seat 2 receive 10 units each.",
            "Seat 3 pays 30 units.",
            "The stake of a special game: 10 units.",
        ],
        rules={"all_pass": "one_three_five"},
    ),
]
