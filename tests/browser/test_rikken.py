"""A Rikken evening on a phone: a rik, a misère and a piek played at once, an ordinary deal within
its tap budget, and the settle-up with money."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .phone import expect_next_deal, extras, history_row, start_match, totals

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
ORDINARY_DEAL_TAPS = 5  # docs/architecture.md, the tap budgets: 5 for a rik, within 6


def rik(taps, declarer: int, partner: int, trump: str, tricks: int) -> int:
    taps.choose("contract", "rik")
    taps.choose("declarer", declarer)
    taps.choose("partner", partner)
    taps.choose("trump", trump)
    taps.enter("tricks", tricks)
    return taps.reset()


def test_rikken_evening_and_settle_up(page, live_server, taps):
    start_match(page, live_server, "rikken", PLAYERS, stake="0.10")
    expect(page.locator(".board .total .label")).to_have_text(PLAYERS)
    assert totals(page) == ["0", "0", "0", "0"]

    # Deal 1: Anna deals; Anna's rik with Cor, spades, 9 tricks: each of them +2.
    taps.choose("dealer", 0)
    first = rik(taps, declarer=0, partner=2, trump="spades", tricks=9)
    # The dealer too, in the first deal; the tricks keys are on the screen all the same.
    assert first <= ORDINARY_DEAL_TAPS + 1
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("Rik Anna with Cor: 9 tricks, made")
    assert totals(page) == ["+2", "-2", "+2", "-2"]
    assert extras(page) == ["0.20", "-0.20", "0.20", "-0.20"]
    expect(page.locator("#f-dealer")).to_have_count(0)
    expect(page.locator(".board .next")).to_contain_text("Bram")  # deals now

    # Deal 2: Bram's misère (no trick) and Dirk's piek (one trick) at the same time.
    taps.choose("contract", "misere")
    taps.choose("declarer", 1)
    taps.open("A second misère or piek")
    taps.choose("contract_2", "piek")
    taps.choose("declarer_2", 3)
    taps.type("tricks_2", 1)
    taps.enter("tricks", 0)
    simultaneous = taps.reset()
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text(
        "Misère Bram: 0 tricks, made · Piek Dirk: 1 trick, made"
    )
    # Each declarer +15 from their contract and -5 from the other's: +10, the others -10.
    assert totals(page) == ["-8", "+8", "-8", "+8"]

    # Deal 3, an ordinary deal within budget: Cor's rik with Bram fails with 7 tricks.
    ordinary = rik(taps, declarer=2, partner=1, trump="hearts", tricks=7)
    assert ordinary <= ORDINARY_DEAL_TAPS
    expect_next_deal(page, 4)
    expect(history_row(page, 3)).to_contain_text("Rik Cor with Bram: 7 tricks, failed")
    assert totals(page) == ["-6", "+6", "-10", "+10"]
    assert extras(page) == ["-0.60", "0.60", "-1.00", "1.00"]

    # Settle up.
    taps.link("Settle up")
    expect(page.locator("h1")).to_have_text("Settle up")
    expect(page.locator("main")).to_contain_text("0.10 a unit")
    rows = page.locator("table.history tbody tr")
    expect(rows).to_have_count(4)
    for row, cells in zip(
        rows.all(),
        [
            ["Anna", "-6", "-0.60"],
            ["Bram", "6", "0.60"],
            ["Cor", "-10", "-1.00"],
            ["Dirk", "10", "1.00"],
        ],
        strict=True,
    ):
        expect(row.locator("td")).to_have_text(cells)
    transfers = page.locator("ul.transfers li")
    expect(transfers).to_have_count(2)
    assert sorted(transfers.all_inner_texts()) == [
        "Anna pays Bram 6 units (0.60)",
        "Cor pays Dirk 10 units (1.00)",
    ]
    print(f"Rikken taps: rik in deal 1 {first}, misère + piek {simultaneous}, rik {ordinary}")
