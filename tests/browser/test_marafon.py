"""Marafon-Beccaccino on a phone: a whole best-of-three match by tapping, with claims, the tap
budget of a deal, an invalid card count, a correction and an undo."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .phone import (
    expect_next_deal,
    extras,
    field_errors,
    history_row,
    radio,
    start_match,
    totals,
)

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]  # teams: Anna & Cora, Bruno & Dario


def points_deal(taps, trump: str, points: int, marafona: int | None = None) -> int:
    """A usual deal: trumps, maybe a marafona, then one key. Returns the taps it took."""
    taps.choose("trump", trump)
    if marafona is not None:
        taps.choose("marafona", marafona)
    taps.key(points)
    return taps.reset()


def claim(taps, trump: str, seat: int, aces: int, figures: int) -> None:
    taps.choose("trump", trump)
    taps.open("Claim")
    taps.choose("claim_seat", seat)
    taps.type("claim_aces", aces)
    taps.type("claim_figures", figures)
    taps.tap('button[name="action"][value="claim"]')
    taps.reset()


def test_whole_match_with_claims_and_tap_budget(page, live_server, taps):
    start = start_match(page, live_server, "marafon", PLAYERS)
    assert start.count == 6  # the game, four names, start
    expect(page.locator("#entry-title")).to_have_text("Deal 1")
    expect(page.locator(".board .total .label")).to_have_text(["Anna & Cora", "Bruno & Dario"])

    # Deal 1: the battezzante (who was dealt the 4 of coins) is asked once: 3 taps.
    taps.choose("battezzante", 1)
    first = points_deal(taps, "coins", 11)
    assert first == 3
    expect_next_deal(page, 2)
    assert totals(page) == ["11", "0"]
    expect(page.locator("#f-battezzante")).to_have_count(0)
    # From now on the board names the roles and reminds the battezzante's partner.
    expect(page.locator(".board .next")).to_contain_text("Bruno")
    expect(page.locator(".board .next")).to_contain_text("Cora")
    expect(page.locator(".board .reminder")).to_have_text(
        "Anna must not look at their cards until trumps are named."
    )

    # Deal 2: a marafona is one extra tap: 3 taps, 14 points.
    assert points_deal(taps, "cups", 11, marafona=0) == 3
    expect_next_deal(page, 3)
    assert totals(page) == ["25", "0"]
    expect(history_row(page, 2)).to_contain_text("14 – 0")
    expect(history_row(page, 2)).to_contain_text("marafona by Anna")

    # A usual deal: trumps and the points key, 2 taps.
    assert points_deal(taps, "swords", 11) == 2
    expect_next_deal(page, 4)
    assert totals(page) == ["36", "0"]
    assert points_deal(taps, "clubs", 5) == 2  # 41 – 6: the first game
    expect_next_deal(page, 5)
    assert totals(page) == ["0", "0"]
    assert extras(page) == ["games won: 1", "games won: 0"]
    # The game's end is announced, and ruled off in the history.
    expect(page.locator(".last-deal .game-won")).to_have_text("Game 1 won by Anna & Cora, 41 – 6")
    expect(page.locator("#history tr.game-end")).to_have_text("Game 1 won by Anna & Cora, 41 – 6")

    # Game 2: three deals to 33, then a wrong claim by Cora loses it.
    for number, trump in ((5, "coins"), (6, "cups"), (7, "swords")):
        assert points_deal(taps, trump, 11) == 2
        expect_next_deal(page, number + 1)
    assert totals(page) == ["33", "0"]
    claim(taps, "clubs", seat=2, aces=2, figures=6)  # 33 + 4: not 41
    expect_next_deal(page, 9)
    expect(history_row(page, 8)).to_contain_text("Claim by Cora: wrong")
    assert extras(page) == ["games won: 1", "games won: 1"]
    assert totals(page) == ["0", "0"]

    # La bella: to 33 again, and Anna claims right with 3 aces and 15 figures (33 + 8 = 41).
    for number, trump in ((9, "coins"), (10, "cups"), (11, "swords")):
        assert points_deal(taps, trump, 11) == 2
        expect_next_deal(page, number + 1)
    assert totals(page) == ["33", "0"]
    claim(taps, "clubs", seat=0, aces=3, figures=15)

    expect(page.locator(".board .banner")).to_have_text("Winner: Anna & Cora")
    assert extras(page) == ["games won: 2", "games won: 1"]
    assert totals(page) == ["33", "0"]  # the last game's totals before the claim
    expect(history_row(page, 12)).to_contain_text("Claim by Anna: right")
    expect(page.locator("#history tbody tr:not(.game-end)")).to_have_count(12)
    # The match is over: no more deals to enter.
    expect(page.locator("form.deal-form")).to_have_count(0)
    expect(page.locator("#entry-title")).to_have_count(0)


def test_invalid_card_count_correction_and_undo(page, live_server, taps):
    start_match(page, live_server, "marafon", PLAYERS)
    taps.choose("battezzante", 0)
    points_deal(taps, "coins", 7)
    expect_next_deal(page, 2)
    assert totals(page) == ["7", "4"]

    # Deal 2 by card counts, with one ace too few: the error is next to the aces, nothing is
    # lost of what was typed.
    taps.choose("trump", "swords")
    taps.open("Count the cards instead")
    taps.type("aces_0", 2)
    taps.type("aces_1", 1)
    taps.type("figures_0", 12)
    taps.type("figures_1", 8)
    taps.choose("last_trick", 0)
    taps.button("Enter card counts")
    expect(field_errors(page, "aces_0")).to_have_text(
        ["The teams' aces must add up to the 4 aces of the pack."]
    )
    expect(page.locator("#f-aces_0")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#id_aces_0")).to_be_visible()  # its <details> is open
    expect(page.locator("#id_aces_0")).to_have_value("2")
    expect(page.locator("#id_aces_1")).to_have_value("1")
    expect(page.locator("#id_figures_0")).to_have_value("12")
    expect(page.locator("#id_figures_1")).to_have_value("8")
    expect(radio(page, "last_trick", 0)).to_be_checked()
    expect(radio(page, "trump", "swords")).to_be_checked()
    expect(page.locator("#entry-title")).to_have_text("Deal 2")
    assert totals(page) == ["7", "4"]  # nothing was recorded

    # Fixed: 2 + 2 aces. Team 1: 6 + 12 + 3 thirds = 7 points; team 2: 6 + 8 = 4.
    taps.type("aces_1", 2)
    taps.button("Enter card counts")
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text("7 – 4")
    assert totals(page) == ["14", "8"]

    # Deal 1 was really 9 – 2: correct it. The form starts from what was entered.
    history_row(page, 1).get_by_role("link", name="Edit").click()
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    expect(radio(page, "battezzante", 0)).to_be_checked()
    expect(radio(page, "trump", "coins")).to_be_checked()
    expect(radio(page, "marafona", "")).to_be_checked()
    taps.key(9)
    page.get_by_role("button", name="Yes, correct it").click()
    expect(page.locator(".messages")).to_have_text("Deal 1 corrected.")
    expect(history_row(page, 1)).to_contain_text("9 – 2")
    assert totals(page) == ["16", "6"]  # everything after deal 1 recomputed

    # Undo the last deal: only the last one has Undo; first keep it, then undo it.
    expect(history_row(page, 1).get_by_role("link", name="Undo")).to_have_count(0)
    history_row(page, 2).get_by_role("link", name="Undo").click()
    expect(page.locator("h1")).to_have_text("Undo deal 2?")
    expect(page.locator("main")).to_contain_text("7 – 4")
    page.get_by_role("link", name="No, keep it").click()
    expect_next_deal(page, 3)
    history_row(page, 2).get_by_role("link", name="Undo").click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator(".messages")).to_have_text("Deal 2 undone.")
    expect_next_deal(page, 2)
    expect(page.locator("#history tbody tr")).to_have_count(1)
    assert totals(page) == ["9", "2"]
    # The next deal is asked again with the same battezzante (the rotation went back).
    expect(page.locator("#f-battezzante")).to_have_count(0)
    expect(page.locator(".board .next")).to_contain_text("Bruno")


# The correction form starts from what was entered (views._initial), whatever way the deal was
# entered. Card counts and claims are not carried over: these two fail on the app as it is.


def test_correction_starts_from_the_card_counts(page, live_server, taps):
    start_match(page, live_server, "marafon", PLAYERS)
    taps.choose("battezzante", 0)
    taps.choose("trump", "coins")
    taps.open("Count the cards instead")
    for name, value in (("aces_0", 2), ("aces_1", 2), ("figures_0", 12), ("figures_1", 8)):
        taps.type(name, value)
    taps.choose("last_trick", 0)
    taps.button("Enter card counts")
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("7 – 4")

    history_row(page, 1).get_by_role("link", name="Edit").click()
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    expect(radio(page, "last_trick", 0)).to_be_checked()
    for name, value in (("aces_0", 2), ("aces_1", 2), ("figures_0", 12), ("figures_1", 8)):
        expect(page.locator(f"#id_{name}")).to_have_value(str(value), timeout=1_000)


def test_correction_starts_from_the_claim(page, live_server, taps):
    start_match(page, live_server, "marafon", PLAYERS)
    taps.choose("battezzante", 0)
    points_deal(taps, "coins", 7)
    claim(taps, "cups", seat=1, aces=1, figures=2)  # Bruno's wrong claim: game to Anna & Cora
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text("Claim by Bruno: wrong")

    history_row(page, 2).get_by_role("link", name="Edit").click()
    expect(page.locator("h1")).to_have_text("Correct deal 2")
    expect(radio(page, "trump", "cups")).to_be_checked()
    expect(radio(page, "claim_seat", 1)).to_be_checked(timeout=1_000)
    expect(page.locator("#id_claim_aces")).to_have_value("1", timeout=1_000)
    expect(page.locator("#id_claim_figures")).to_have_value("2", timeout=1_000)


def on_screen(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_after_a_deal_the_score_the_deal_and_the_next_entry_are_on_the_screen(
    page, live_server, taps
):
    start_match(page, live_server, "marafon", PLAYERS)
    taps.choose("battezzante", 1)
    points_deal(taps, "coins", 7)
    expect_next_deal(page, 2)

    assert page.url.endswith("#board")
    assert totals(page) == ["7", "4"]
    assert on_screen(page, "#board")
    expect(page.locator(".last-deal.fresh")).to_contain_text("Deal 1")
    assert on_screen(page, ".last-deal")
    assert on_screen(page, "#entry-title")
    # The next usual deal is two taps, every target already on the screen: no swipe.
    assert points_deal(taps, "cups", 11) == 2 and taps.swipes == 0


def test_a_double_tap_records_one_deal_and_no_error(page, live_server, taps):
    start_match(page, live_server, "marafon", PLAYERS)
    taps.choose("battezzante", 1)
    taps.choose("trump", "coins")

    page.locator('button.key[value="7"]').dblclick()
    expect_next_deal(page, 2)
    page.reload()  # and the player reloads, unsure whether it went

    expect_next_deal(page, 2)
    assert totals(page) == ["7", "4"]
    expect(page.locator(".history tbody tr")).to_have_count(1)
    expect(page.get_by_text("This field is required.")).to_have_count(0)
