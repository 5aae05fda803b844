"""Malilla's deals explained (RULES.md §3): card points and tricks (70 a deal), the excess over
35 (36 in the Spanish game's 72) or Macau's difference, the dealer's turn-up bonus (7 = 5,
A = 4, K = 3, H = 2, J = 1) counted at once or held back at the target, capote, zapato, the
albur's 5 points, and the irregularities. RULES.md's worked examples: 43 to 27 scores 8 to 0;
both teams on 33 and a king turned up: 37 for the others voids the bonus, 36 lets it win."""

from __future__ import annotations

NOTHING_TURNED_UP = {"rank": "4", "suit": "cups"}  # a card that counts nothing
KING = {"rank": "K", "suit": "cups"}


def hand(first: int, second: int, turn_up: dict = NOTHING_TURNED_UP, **more) -> dict:
    return {"turn_up": turn_up, "totals": [first, second], **more}


# Both teams on 33: team 0 deals the third hand.
BOTH_ON_33 = [hand(68, 2, dealer=0), hand(2, 68)]
NO_BONUS = "The dealer's turned-up card counts nothing: no bonus."
HELD = (
    "The dealer's turned-up card counts 3 for Team 0, which would have brought them to 35: the "
    "bonus was held back until the hand was scored."
)


def example(kind: str, deal: dict, lines: list[str], **more) -> dict:
    return {
        "kind": kind,
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": deal,
        "lines": lines,
        **more,
    }


EXAMPLES = [
    example(
        "hand",
        hand(43, 27, dealer=1),
        [
            "Totals entered, card points and tricks together: Team 0 43, Team 1 27.",
            "Team 0 took 43 of 70, 8 over half (35): 8 points for Team 0, and nothing for the "
            "other team.",
            NO_BONUS,
        ],
    ),
    example(
        # Card entry: 36 card points and 7 tricks make 43. The dealer (seat 1, team 1) turned
        # up a king: 3 for team 1 at once, 3 being far from 35.
        "bonus_counted",
        {
            "dealer": 1,
            "turn_up": KING,
            "cards": [{"points": 36, "tricks": 7}, {"points": 24, "tricks": 3}],
        },
        [
            "Team 0 took 36 card points and 7 tricks, one point each: 43.",
            "Team 1 took 24 card points and 3 tricks, one point each: 27.",
            "Team 0 took 43 of 70, 8 over half (35): 8 points for Team 0, and nothing for the "
            "other team.",
            "The dealer's turned-up card counts 3: a bonus for Team 1, scored at once.",
        ],
    ),
    example(
        "even",
        hand(35, 35, dealer=2),
        [
            "Totals entered, card points and tricks together: Team 0 35, Team 1 35.",
            "Both teams took 35, half the deal's 70: nobody scores.",
            NO_BONUS,
        ],
    ),
    example(
        # RULES.md: the non-dealers take 37, score 2 and reach 35: the bonus is void.
        "bonus_void",
        hand(33, 37, KING),
        [
            "Totals entered, card points and tricks together: Team 0 33, Team 1 37.",
            "Team 1 took 37 of 70, 2 over half (35): 2 points for Team 1, and nothing for the "
            "other team.",
            HELD,
            "The hand brought a team to 35, so the bonus is void.",
            "Team 1 reached the target of 35 and won the game.",
        ],
        before=BOTH_ON_33,
    ),
    example(
        # RULES.md: they take only 36, score 1 (34); the dealer's team adds its 3 and wins.
        "bonus_added",
        hand(34, 36, KING),
        [
            "Totals entered, card points and tricks together: Team 0 34, Team 1 36.",
            "Team 1 took 36 of 70, 1 over half (35): 1 point for Team 1, and nothing for the "
            "other team.",
            HELD,
            "The hand brought nobody to 35, so the bonus is added now.",
            "Team 0 reached the target of 35 and won the game.",
        ],
        before=BOTH_ON_33,
    ),
    example(
        # Every trick: all 70, so 35 at once; the dealer's horse (2) went to the others first.
        "capote",
        {
            "dealer": 1,
            "turn_up": {"rank": "H", "suit": "cups"},
            "cards": [{"points": 60, "tricks": 10}, {"points": 0, "tricks": 0}],
        },
        [
            "Team 0 took 60 card points and 10 tricks, one point each: 70.",
            "Team 1 took 0 card points and 0 tricks, one point each: 0.",
            "Team 0 took 70 of 70, 35 over half (35): 35 points for Team 0, and nothing for the "
            "other team.",
            "The dealer's turned-up card counts 2: a bonus for Team 1, scored at once.",
            "Team 0 took every trick: capote, a name only, with no extra score.",
            "Team 0 reached the target of 35 and won the game.",
        ],
    ),
    example(
        # 25 after the first hand, then 31 more: 56 over 35, the others still on 0 (zapato).
        "game",
        hand(66, 4),
        [
            "Totals entered, card points and tricks together: Team 0 66, Team 1 4.",
            "Team 0 took 66 of 70, 31 over half (35): 31 points for Team 0, and nothing for the "
            "other team.",
            NO_BONUS,
            "Team 0 reached the target of 35 and won the game.",
            "The other team was still on 0: zapato, a name only, with no extra score.",
        ],
        before=[hand(60, 10, dealer=0)],
    ),
    example(
        # The albur: team 1 starts on 5 and leads, team 0 deals the first hand; its 7 counts 5.
        "bonus_counted",
        hand(30, 40, {"rank": "7", "suit": "cups"}, dealer=0),
        [
            "Team 1 won the albur: they started on 5 points and led the first deal.",
            "Totals entered, card points and tricks together: Team 0 30, Team 1 40.",
            "Team 1 took 40 of 70, 5 over half (35): 5 points for Team 1, and nothing for the "
            "other team.",
            "The dealer's turned-up card counts 5: a bonus for Team 0, scored at once.",
        ],
        setup={"albur": 1},
    ),
    example(
        # Macau Manilla: the difference, and no turn-up bonus by default.
        "hand",
        hand(43, 27, {"rank": "K", "suit": "hearts"}, dealer=0),
        [
            "Totals entered, card points and tricks together: Team 0 43, Team 1 27.",
            "Team 0 took 43 to 27: in Macau Manilla the difference, 16 points, goes to Team 0, "
            "and nothing to the other team.",
            "The dealer's turned-up card counts 3, but this match's rules give no bonus for it.",
        ],
        rules={"variant": "macau"},
    ),
    example(
        # Spanish Manilla: 72 a deal, half 36; no bonus by default.
        "hand",
        hand(40, 32, {"rank": "A", "suit": "cups"}, dealer=0),
        [
            "Totals entered, card points and tricks together: Team 0 40, Team 1 32.",
            "Team 0 took 40 of 72, 4 over half (36): 4 points for Team 0, and nothing for the "
            "other team.",
            "The dealer's turned-up card counts 4, but this match's rules give no bonus for it.",
        ],
        rules={"variant": "spanish"},
    ),
    example(
        "misdeal",
        {"dealer": 0, "misdeal": True},
        [
            "A misdeal: the cards are collected and the deal passes to the next player; nothing "
            "is scored."
        ],
    ),
    example(
        "abandoned",
        {"dealer": 3, "abandoned": True},
        [
            "A player with 7 or more cards of one suit threw the hand in with their partner's "
            "consent, as this match's rules allow: nothing is scored and the deal passes on."
        ],
        rules={"abandon_long_suit": True},
    ),
    example(
        "renege",
        {"dealer": 0, "renege": {"team": 1}},
        ["Team 1 reneged (a revoke): the game goes to Team 0."],
    ),
    example(
        "challenge_upheld",
        {"dealer": 0, "challenge": {"team": 0, "upheld": True}},
        ["Team 0 challenged a revoke and the tricks showed one: the game goes to Team 0."],
    ),
    example(
        "challenge_failed",
        {"dealer": 0, "challenge": {"team": 0, "upheld": False}},
        ["Team 0 challenged a revoke, but the tricks showed none: the game goes to Team 1."],
    ),
]
