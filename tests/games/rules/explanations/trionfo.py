"""Trionfo's deals explained (RULES.md §2): the contract and who won the bidding, the partner
(the holder of the called card), the card points against the 6 of 11 a chiamo or di più needs,
and the payments of the table: chiamo with a partner ±2, ±1 and ∓1 for each of the three
others; chiamata in mano and di più ±8 and ∓2; maso ±16 and ∓4; maso dei masi ±32 and ∓8."""

from __future__ import annotations


def deal(bid: str, **more) -> dict:
    return {"first_speaker": 0, "bid": bid, **more}


def example(kind: str, raw: dict, lines: list[str]) -> dict:
    return {
        "kind": kind,
        "rules": {},
        "players": 5,
        "setup": {},
        "before": [],
        "deal": raw,
        "lines": lines,
    }


EXAMPLES = [
    example(
        "all_pass",
        deal("pass"),
        ["Everyone passed: the hand is thrown in (va a monte) and nobody pays."],
    ),
    example(
        # API.md's example deal: 7 of 11 for the side of seat 1 and seat 4.
        "chiamo",
        deal(
            "chiamo",
            declarer=1,
            trump="coins",
            called_card={"rank": "3", "suit": "cups"},
            partner=4,
            points=7,
        ),
        [
            "Seat 1 won the bidding with chiamo and called a card: its holder, seat 4, was the "
            "partner.",
            "The declaring side took 7 card points of the 11: 6 or more wins, so it won.",
            "Seat 1 wins 2 units.",
            "Seat 4 wins 1 unit.",
            "Seat 0, seat 2 and seat 3 pay 1 unit each.",
        ],
    ),
    example(
        "chiamo",
        deal("chiamo", declarer=3, trump="swords", partner=0, points=5),
        [
            "Seat 3 won the bidding with chiamo and called a card: its holder, seat 0, was the "
            "partner.",
            "The declaring side took 5 card points of the 11: 6 were needed, so it lost.",
            "Seat 3 pays 2 units.",
            "Seat 0 pays 1 unit.",
            "Seat 1, seat 2 and seat 4 win 1 unit each.",
        ],
    ),
    example(
        # The signore called a card of their own hand: alone, paid as a di più.
        "chiamata_in_mano",
        deal("chiamo", declarer=2, trump="cups", partner=2, points=6),
        [
            "Seat 2 won the bidding with chiamo and called a card of their own hand: alone "
            "against four, paid as a di più.",
            "The declaring side took 6 card points of the 11: 6 or more wins, so it won.",
            "Seat 2 wins 8 units.",
            "Seat 0, seat 1, seat 3 and seat 4 pay 2 units each.",
        ],
    ),
    example(
        "di_piu",
        deal("di_piu", declarer=3, trump="clubs", points=1),
        [
            "Seat 3 won the bidding with di più: alone against four, the side with more card "
            "points wins.",
            "The declaring side took 1 card point of the 11: 6 were needed, so it lost.",
            "Seat 3 pays 8 units.",
            "Seat 0, seat 1, seat 2 and seat 4 win 2 units each.",
        ],
    ),
    example(
        "maso",
        deal("maso", declarer=0, trump="coins", made=True),
        [
            "Seat 0 won the bidding with maso, alone against four, and made it: 6 card points "
            "before the others took 1.",
            "Seat 0 wins 16 units.",
            "Seat 1, seat 2, seat 3 and seat 4 pay 4 units each.",
        ],
    ),
    example(
        "maso",
        deal("maso", declarer=1, trump="coins", made=False),
        [
            "Seat 1 won the bidding with maso, alone against four, and failed: the others took "
            "1 card point before they had 6.",
            "Seat 1 pays 16 units.",
            "Seat 0, seat 2, seat 3 and seat 4 win 4 units each.",
        ],
    ),
    example(
        "maso_dei_masi",
        deal("maso_dei_masi", declarer=4, trump="cups", made=True),
        [
            "Seat 4 won the bidding with maso dei masi, alone against four, and took every trick.",
            "Seat 4 wins 32 units.",
            "Seat 0, seat 1, seat 2 and seat 3 pay 8 units each.",
        ],
    ),
    example(
        "maso_dei_masi",
        deal("maso_dei_masi", declarer=2, trump="swords", made=False),
        [
            "Seat 2 won the bidding with maso dei masi, alone against four, and failed: the "
            "others took a trick.",
            "Seat 2 pays 32 units.",
            "Seat 0, seat 1, seat 3 and seat 4 win 8 units each.",
        ],
    ),
]
