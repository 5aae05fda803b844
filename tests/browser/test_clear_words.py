"""Clear words at the table, on a 360 x 740 phone: teams by their players' names, errors at the
field they concern (highlighted, in view, naming players), a correction that changes who won
says so, won games announced, and long rows of choices that fold to the one tapped."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import deal_record, match_create

from .phone import expect_next_deal, field_errors, history_row, radio_label

pytestmark = pytest.mark.django_db(transaction=True)


def open_match(page, live_server, game, players, rules=None, deals=()):
    created = match_create(game=game, players=players, rules=rules or {})
    for raw in deals:
        deal_record(match=created.match, raw=raw)
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    return page


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740


def test_six_player_etori_names_every_team(page, live_server, taps):
    players = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"]
    open_match(page, live_server, "etori", players, rules={"players": 6})

    expect(page.locator(".board .total .label")).to_have_text(
        ["Aki & Dai", "Ben & Eri", "Chie & Fumi"]
    )
    expect(page.locator("#f-honours_0 label")).to_have_text("Honours taken by Aki & Dai")
    taps.type("honours_0", 8)
    expect(page.locator("#f-rensho_dealt_to label")).to_have_text(["Aki & Dai", "Ben & Eri"])
    expect(page.locator(".deal-form")).not_to_contain_text("Team 1")
    taps.enter("winners_aces", "plain_aces")
    # Left out: the error sits at its field, says what to tap, and is on the screen.
    expect(field_errors(page, "rensho_dealt_to")).to_have_text(["Tap the team dealt the rensho."])
    expect(page.locator("#f-rensho_dealt_to")).to_have_class("field radios invalid")

    taps.choose("rensho_dealt_to", 1)
    taps.enter("winners_aces", "plain_aces")
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("Aki & Dai win")


def test_rikken_errors_sit_at_their_field_and_name_the_player(page, live_server, taps):
    players = ["Anna", "Bram", "Cor", "Dirk", "Eva"]
    open_match(page, live_server, "rikken", players, rules={"players": 5})

    taps.choose("dealer", 0)
    taps.choose("contract", "rik")
    taps.choose("declarer", 0)
    taps.choose("trump", "hearts")
    taps.enter("tricks", 8)

    expect(field_errors(page, "partner")).to_have_text(["Tap the partner."])
    expect(field_errors(page, "declarer")).to_have_text(["Anna deals this deal and sits it out."])
    expect(page.locator("#f-partner")).to_have_class("field radios invalid")
    expect(page.locator("main")).not_to_contain_text("Seat 0")
    expect(page.locator("main")).not_to_contain_text("This field is required.")


def test_the_contract_row_folds_to_the_one_tapped_and_unfolds_on_a_tap(page, live_server, taps):
    open_match(page, live_server, "rikken", ["Anna", "Bram", "Cor", "Dirk"])
    contracts = page.locator("#f-contract label")
    count = contracts.count()
    assert count > 8

    assert not in_view(page, "#f-trump")
    taps.choose("contract", "rik")
    expect(page.locator("#f-contract label:visible")).to_have_text(["Rik"])
    # The rest of the deal comes up under the thumb: declarer, partner and trumps, no swipe.
    assert in_view(page, "#f-trump")

    radio_label(page, "contract", "rik").click()
    expect(page.locator("#f-contract label:visible")).to_have_count(count)
    taps.choose("contract", "misere")
    expect(page.locator("#f-contract label:visible")).to_have_text(["Misère"])


def test_a_won_game_is_announced_and_a_correction_that_undoes_it_says_so(page, live_server):
    deals = [{"battezzante": 0, "trump": "cups", "points": [11, 0]}]
    deals += [{"trump": "cups", "points": [11, 0]} for _ in range(3)]
    open_match(
        page,
        live_server,
        "marafon",
        ["Anna", "Bruno", "Cora", "Dario"],
        rules={"match_format": "best_of_three"},
        deals=deals,
    )

    expect(page.locator(".last-deal .game-won")).to_have_text("Game 1 won by Anna & Cora, 44 – 0")
    expect(page.locator("#history tr.game-end")).to_have_text("Game 1 won by Anna & Cora, 44 – 0")

    history_row(page, 4).get_by_role("link", name="Edit").click()
    radio_label(page, "trump", "cups").click()
    page.locator('button.key[value="0"]').click()
    page.get_by_role("button", name="Yes, correct it").click()

    expect(page.locator(".messages")).to_contain_text("Deal 4 corrected.")
    expect(page.locator(".messages")).to_contain_text(
        "This correction changes who won game 1: Anna & Cora before, nobody yet now."
    )
    expect(page.locator("#history tr.game-end")).to_have_count(0)
