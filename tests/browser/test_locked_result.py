"""A confirmed result stays confirmed only while it is unchanged, on a 360 x 740 phone: once the
other side confirms, the table's phone cannot change a deal; it reopens the result, corrects
the deal, and the other side confirms again; the public pages say the result was changed after
confirmation, and by whom."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.services.table_keys import table_keys
from games.services.tables import Confirmer, table_confirm
from tests.factories import director_user, drawn_table

from .phone import CORRECTION_LINKS, history_row, radio_label

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def confirmed(django_user_model):
    misere = {"contract": "misere", "declarer": 1, "tricks": 0}
    table = drawn_table(
        director=director_user("jan"), deals_per_round=2,
        entrants=["Anna", "Bram", "Cor", "Dirk"], first_deal={"dealer": 0, "contracts": [misere]},
    )  # fmt: skip
    tournament = table.round.tournament
    seats = [s.player.name for s in table.match.seats.order_by("number")]
    table_confirm(table=table, by=seats[0], confirmer=Confirmer())
    return tournament, table, seats


def test_a_confirmed_result_is_locked_until_reopened_and_the_change_is_shown(
    page, other_phone, live_server, confirmed
):
    tournament, table, seats = confirmed
    match_url = f"{live_server.url}/m/{table.match.public_id}/"
    page.goto(f"{match_url}edit/{table_keys(table).scoring}/")

    # Locked: the confirmation in view, no entry, no corrections; only "reopen".
    expect(page.locator(".confirmed")).to_contain_text(f"Result confirmed by {seats[0]}")
    expect(page.locator("form.deal-form")).to_have_count(0)
    expect(history_row(page, 1).locator(CORRECTION_LINKS)).to_have_count(0)
    reopen = page.get_by_role("button", name="Reopen to correct")
    expect(reopen).to_be_in_viewport()

    # The correction form, reached by its address, is refused and changes nothing.
    page.goto(f"{match_url}deals/1/edit/")
    radio_label(page, "contract", "misere").click()
    page.locator('button[name="tricks"][value="1"]').click()
    expect(page.locator(".deal-form .error").first).to_contain_text(
        f"This result was confirmed by {seats[0]}"
    )
    page.goto(match_url)
    expect(history_row(page, 1)).to_contain_text("0 tricks, made")

    # The table reopens it, asked first; reopening alone marks nothing as changed.
    page.get_by_role("button", name="Reopen to correct").click()
    expect(page.locator("h1")).to_have_text("Reopen the result of round 1, table 1?")
    expect(page.locator(".asked")).to_contain_text(
        f"The result confirmed by {seats[0]} stops counting until another player at the table"
    )
    expect(page.locator(".confirmed")).to_have_count(0)  # asked, not done
    page.get_by_role("button", name="Yes, reopen it").click()
    expect(page.locator(".messages")).to_contain_text("Reopened: correct the deals")
    expect(page.locator(".confirmed")).to_have_count(0)
    expect(page.locator(".amended")).to_have_count(0)
    # It corrects the deal, and the other side must confirm again.
    history_row(page, 1).get_by_role("link", name="Edit").click()
    page.locator('button[name="tricks"][value="1"]').click()
    page.get_by_role("button", name="Yes, correct it").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 corrected.")
    expect(history_row(page, 1)).to_contain_text("1 trick, failed")
    expect(page.locator(".amended")).to_have_count(0)  # not confirmed yet: nothing to mark
    other_phone.goto(f"{match_url}confirm/{table_keys(table).confirmation}/")
    radio_label(other_phone.locator("#confirm"), "by", seats[2]).click()
    other_phone.get_by_role("button", name="Confirm the result").click()
    expect(other_phone.locator(".confirmed")).to_contain_text(f"Result confirmed by {seats[2]}")

    # The public pages: the tournament's table list and the shared match page say so.
    other_phone.goto(f"{live_server.url}/t/{tournament.public_id}/")
    expect(other_phone.locator("main")).to_contain_text("changed after confirmation by the table")
    expect(other_phone.locator("main")).not_to_contain_text(f"Confirmed by {seats[0]}")
    other_phone.goto(match_url)
    expect(other_phone.locator(".amended")).to_contain_text(
        re.compile(r"Changed after confirmation by the table at \d\d:\d\d")
    )
