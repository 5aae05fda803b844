"""A six-player Rikken evening on a phone (360 x 740), issue 30: started from the club table in
tens (the table chooses the special game), the board says who sits out, the special game is one
chip of the club's list, a redeal is one tap, and nothing scrolls sideways."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from games.models import Match

from .phone import Taps, expect_next_deal, history_row, radio_label, totals

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk", "Eef", "Fien"]


def sitting_out(page) -> str:
    return page.locator(".board .next li", has_text="Sit out").inner_text()


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def totals_apart(page) -> bool:
    """Every total's number keeps clear of its neighbours' on the same row (six at the table:
    two rows of three)."""
    boxes = [b.bounding_box() for b in page.locator(".board .total .big").all()]
    rows: dict[int, list[dict]] = {}
    for box in boxes:
        rows.setdefault(round(box["y"]), []).append(box)
    return len(rows) == 2 and all(
        left["x"] + left["width"] <= right["x"]
        for row in rows.values()
        for left, right in pairwise(row)
    )


def test_a_six_player_evening_with_the_tables_special_games(page, live_server):
    taps = Taps(page)
    page.goto(live_server.url + "/s/new/")
    page.locator('textarea[name="players"]').fill("\n".join(PLAYERS))
    taps.choose("game", "rikken")
    taps.tap(radio_label(page, "rules_rikken", "rikken-in-tens"))
    taps.button("Start the evening")
    page.wait_for_url(re.compile(r"/m/[^/]+/(#board)?$"))
    match = Match.objects.get(public_id=re.search(r"/m/([^/]+)/", page.url).group(1))
    assert match.rules["players"] == 6 and match.rules["all_pass"] == "choice"
    expect(page.locator(".board .total .label")).to_have_text(PLAYERS)
    assert no_sideways_scroll(page)
    taps.reset()

    # Deal 1: Anna deals, so Anna and Dirk (three seats on) sit out; Bram's misère (30) is
    # made: +90, and Cor, Eef and Fien pay 30 each.
    taps.choose("dealer", 0)
    taps.choose("contract", "misere")
    taps.choose("declarer", 1)
    taps.enter("tricks", 0)
    assert taps.reset() <= 4  # the dealer, the contract, the declarer, the tricks key
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("Misère Bram: 0 tricks, made")
    assert totals(page) == ["0", "+90", "-30", "0", "-30", "-30"]
    expect(page.locator(".board .next")).to_contain_text("Sit out")
    assert "Bram and Eef" in sitting_out(page)

    # Deal 2: all pass and the table chooses mie en, one chip of the club's three; Anna took
    # two queens, Cor and Dirk one each, Fien none: 5 a queen, the 20 to Fien.
    taps.open("All passed: a special game")
    chips = page.locator('input[name="special_game"]')
    expect(chips).to_have_count(3)
    taps.choose("special_game", "mie_en")
    expect(page.locator("#f-queen_of_spades")).to_be_hidden()
    for seat, queens in ((0, 2), (2, 1), (3, 1), (5, 0)):
        taps.type(f"count_{seat}", queens)
    taps.button("Enter the special game")
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text("Mie en")
    assert totals(page) == ["-10", "+90", "-35", "-5", "-30", "-10"]
    assert "Cor and Fien" in sitting_out(page)

    # Deal 3: all pass again and the table deals again: one tap, Cor deals once more.
    taps.reset()
    taps.button("All passed: deal again")
    assert taps.reset() == 1
    expect_next_deal(page, 4)
    expect(history_row(page, 3)).to_contain_text("All passed: redeal")
    assert "Cor and Fien" in sitting_out(page)

    # Deal 4: 1-5-11, each loser paying each winner: Anna (1) and Bram (5) win 20 each from
    # Dirk and Eef.
    taps.open("All passed: a special game")
    taps.choose("special_game", "one_five_eleven")
    for seat, tricks in ((0, 1), (1, 5), (3, 4), (4, 3)):
        taps.type(f"count_{seat}", tricks)
    taps.button("Enter the special game")
    expect_next_deal(page, 5)
    expect(history_row(page, 4)).to_contain_text("1-5-11")
    assert totals(page) == ["+10", "+110", "-35", "-25", "-50", "-10"]
    assert "Dirk and Anna" in sitting_out(page)
    assert no_sideways_scroll(page)
    assert totals_apart(page)
    assert [d.input.get("special", {}).get("game") for d in match.deals.order_by("number")] == [
        None,
        "mie_en",
        None,
        "one_five_eleven",
    ]
