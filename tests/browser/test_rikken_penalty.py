"""A Rikken evening of 10 deals in club penalty points on a phone (360 x 740): doubling as one
extra tap, the lowest total leading on the scoreboard, each deal's points in the history, and
the final ranking with its podium instead of a settle-up."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .phone import Taps, expect_next_deal, history_row, totals

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
ORDINARY_DEAL_TAPS = 5  # a rik: contract, declarer, partner, trumps, tricks key
# "Doubled" comes below the tricks keys: an ordinary rik costs what it costs in money Rikken;
# doubling is one tap more, and at 360 x 740 one swipe down to that row (counted as a tap).
DEAL_BUDGET = ORDINARY_DEAL_TAPS


def rik(taps, declarer, partner, trump, tricks, contract="rik", doubled=None) -> int:
    taps.choose("contract", contract)
    taps.choose("declarer", declarer)
    taps.choose("partner", partner)
    taps.choose("trump", trump)
    if doubled is not None:
        taps.choose("doubled", doubled)
    taps.enter("tricks", tricks)
    return taps.reset()


def solo(taps, contract, declarer, tricks, trump=None) -> int:
    taps.choose("contract", contract)
    taps.choose("declarer", declarer)
    if trump:
        taps.choose("trump", trump)
    taps.enter("tricks", tricks)
    return taps.reset()


def start_evening(page, live_server) -> None:
    """The built-in house rules "Rikken in penalty points", schuppen mie when all pass."""
    setup = Taps(page, count_swipes=False)
    page.goto(live_server.url + "/new/rikken/")
    setup.link("Rikken in penalty points")
    for seat, name in enumerate(PLAYERS):
        setup.type(f"player_{seat}", name)
    setup.open("Rules: Rikken in penalty points")
    page.select_option('select[name="rule_all_pass"]', "schuppen_mie")
    setup.button("Start the match")
    expect_next_deal(page, 1)


@pytest.mark.slow
def test_an_evening_of_ten_deals_in_penalty_points(page, live_server, taps):
    start_evening(page, live_server)
    expect(page.locator(".board .total .label")).to_have_text(PLAYERS)
    expect(page.locator("#f-doubled")).to_be_visible()

    # 1: Anna deals; Anna's rik with Cor takes 10: Bram and Dirk get 5 + 2.
    taps.choose("dealer", 0)
    rik(taps, 0, 2, "spades", 10)
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("made: Bram 7, Dirk 7")
    assert totals(page) == ["0", "7", "0", "7"]
    expect(page.locator(".board .total.lead .label")).to_have_text(["Anna", "Cor"])

    # 2: Bram's 9 alleen takes 7: a solo failed counts three times, 3 x (10 + 2).
    solo(taps, "solo_9", 1, 7, trump="clubs")
    expect_next_deal(page, 3)
    assert totals(page) == ["0", "43", "0", "7"]

    # 3: all pass, schuppen mie: Cor takes the queen of spades, Anna the last trick.
    taps.open("All passed")
    taps.choose("queen_of_spades", 2)
    taps.choose("last_trick", 0)
    taps.button("Enter the special game")
    taps.reset()
    expect_next_deal(page, 4)
    expect(history_row(page, 3)).to_contain_text("Schuppen mie: Anna 5, Cor 5")
    assert totals(page) == ["5", "43", "5", "7"]  # RULES.md's worked example

    # 4: Dirk's rik with Bram, 8 tricks, doubled by Anna: one tap more than a rik, and the
    # swipe to the row under the tricks keys.
    doubled = rik(taps, 3, 1, "hearts", 8, doubled=0)
    assert doubled == DEAL_BUDGET + 2
    expect_next_deal(page, 5)
    expect(history_row(page, 4)).to_contain_text("doubled by Anna: Anna 10, Cor 10")
    assert totals(page) == ["15", "43", "15", "7"]

    # 5: Cor's misère, made: each other player 5.
    solo(taps, "misere", 2, 0)
    expect_next_deal(page, 6)
    assert totals(page) == ["20", "48", "15", "12"]

    # 6: Anna's rik with Bram fails with 7: each of them 10 + 1.
    ordinary = rik(taps, 0, 1, "diamonds", 7)
    assert ordinary == DEAL_BUDGET
    expect_next_deal(page, 7)
    assert totals(page) == ["31", "59", "15", "12"]

    # 7: Dirk's 8 alleen takes 9: the others 5 + 1 each.
    solo(taps, "solo_8", 3, 9, trump="spades")
    expect_next_deal(page, 8)
    assert totals(page) == ["37", "65", "21", "12"]

    # 8: Anna's misère and Bram's piek at once, both made: the pot of 30 to Cor and Dirk.
    taps.choose("contract", "misere")
    taps.choose("declarer", 0)
    taps.open("A second misère or piek")
    taps.choose("contract_2", "piek")
    taps.choose("declarer_2", 1)
    taps.type("tricks_2", 1)
    taps.enter("tricks", 0)
    taps.reset()
    expect_next_deal(page, 9)
    assert totals(page) == ["37", "65", "36", "27"]

    # 9: Cor's troela with Dirk, 8 tricks: Anna and Bram 5 each.
    rik(taps, 2, 3, "clubs", 8, contract="troela")
    expect_next_deal(page, 10)
    assert totals(page) == ["42", "70", "36", "27"]

    # 10: Bram's rik with Anna takes 9, doubled: Cor and Dirk 2 x (5 + 1).
    rik(taps, 1, 0, "spades", 9, doubled="yes")
    expect_next_deal(page, 11)
    assert totals(page) == ["42", "70", "48", "39"]
    expect(page.locator(".board .total.lead .label")).to_have_text(["Dirk"])
    expect(page.get_by_role("link", name="Settle up", exact=True)).to_have_count(0)

    # The final ranking: the lowest total wins; a podium, and nobody pays.
    taps.link("Final ranking")
    expect(page.locator("h1")).to_have_text("Final ranking")
    podium = page.locator("ol.podium li")
    expect(podium).to_have_count(3)
    expect(page.locator("ol.podium .place-1")).to_contain_text("Dirk")
    expect(page.locator("ol.podium .place-2")).to_contain_text("Anna")
    expect(page.locator("ol.podium .place-3")).to_contain_text("Cor")
    rows = page.locator("table.ranking tbody tr")
    for row, cells in zip(
        rows.all(),
        [["1", "Dirk", "39"], ["2", "Anna", "42"], ["3", "Cor", "48"], ["4", "Bram", "70"]],
        strict=True,
    ):
        expect(row.locator("td")).to_have_text(cells)
    expect(page.locator("main")).not_to_contain_text("Who pays whom")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360  # never sideways
