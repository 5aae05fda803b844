"""Fewer taps, no swipe, on a 360 x 740 phone (issue 27, part 2): a Rikken deal and an Etori
hand counted tap by tap (a target off the screen costs a swipe, counted as one tap more), only
the rows a Rikken contract needs, every field left out flagged at once, and a closed evening's
match without a deal form. The tap budgets of docs/architecture.md (Budgets, The pages) give
these figures."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Deal

from .phone import Taps, expect_next_deal, field_errors, history_row, radio_label, start_match

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]  # Etori's teams: Anna & Cor, Bram & Dirk

# The budgets of issue 27 (docs/architecture.md, the pages' budgets): swipes counted as taps.
RIK, FIRST_RIK, MISERE, SOLO, ALL_PASS = 5, 6, 3, 4, 1
ETORI_HAND, ETORI_EIGHT_ALL = 2, 3  # plus the digits of one team's honours (typed: one tap)


class Deal_:
    """Taps and swipes of one deal."""

    def __init__(self, taps: Taps):
        self.taps = taps
        self.swiped = taps.swipes
        taps.reset()

    def done(self) -> tuple[int, int]:
        return self.taps.reset(), self.taps.swipes - self.swiped


def rik(taps: Taps, declarer: int, partner: int, trump: str, tricks: int, dealer=None):
    deal = Deal_(taps)
    if dealer is not None:
        taps.choose("dealer", dealer)
    taps.choose("contract", "rik")
    taps.choose("declarer", declarer)
    taps.choose("partner", partner)
    taps.choose("trump", trump)
    taps.enter("tricks", tricks)
    return deal.done()


def visible(page, field: str) -> bool:
    return page.locator(f"#f-{field}").is_visible()


def test_a_rikken_deal_within_its_taps_and_without_a_swipe(page, live_server, taps):
    start_match(page, live_server, "rikken", PLAYERS, stake="0.10")

    # The first deal asks the dealer too: one tap more, and still no swipe to the tricks keys.
    assert rik(taps, 0, 2, "spades", 9, dealer=0) == (FIRST_RIK, 0)
    expect_next_deal(page, 2)
    assert rik(taps, 1, 3, "hearts", 8) == (RIK, 0)
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text("Rik Bram with Dirk: 8 tricks, made")

    # A misère: contract, declarer, tricks key. Partner, trumps and the called ace are gone.
    deal = Deal_(taps)
    taps.choose("contract", "misere")
    for row in ("partner", "trump", "called_suit"):
        assert not visible(page, row), row
    taps.choose("declarer", 2)
    taps.enter("tricks", 0)
    assert deal.done() == (MISERE, 0)
    expect_next_deal(page, 4)
    expect(history_row(page, 3)).to_contain_text("Misère Cor: 0 tricks, made")

    # A piek the same.
    deal = Deal_(taps)
    taps.choose("contract", "piek")
    taps.choose("declarer", 3)
    taps.enter("tricks", 1)
    assert deal.done() == (MISERE, 0)
    expect_next_deal(page, 5)

    # A solo: contract, declarer, trumps, tricks key; no partner, no called ace.
    deal = Deal_(taps)
    taps.choose("contract", "solo_9")
    assert not visible(page, "partner") and not visible(page, "called_suit")
    taps.choose("declarer", 0)
    taps.choose("trump", "clubs")
    taps.enter("tricks", 10)
    assert deal.done() == (SOLO, 0)
    expect_next_deal(page, 6)
    expect(history_row(page, 5)).to_contain_text("9 alleen Anna: 10 tricks, made")

    # All passed: one tap, right under the contracts.
    deal = Deal_(taps)
    taps.button("All passed: deal again")
    assert deal.done() == (ALL_PASS, 0)
    expect_next_deal(page, 7)
    expect(history_row(page, 6)).to_contain_text("All passed: redeal")

    # A rik beter: its trumps are hearts, not asked.
    deal = Deal_(taps)
    taps.choose("contract", "rik_beter")
    assert not visible(page, "trump")
    taps.choose("declarer", 1)
    taps.choose("partner", 2)
    taps.enter("tricks", 8)
    assert deal.done() == (RIK - 1, 0)
    expect_next_deal(page, 8)
    assert Deal.objects.get(number=7).input["contracts"][0]["trump"] == "hearts"


def test_a_partner_tapped_before_the_contract_changed_is_not_sent(page, live_server, taps):
    start_match(page, live_server, "rikken", PLAYERS)
    taps.choose("dealer", 0)
    taps.choose("contract", "rik")
    taps.choose("declarer", 1)
    taps.choose("partner", 3)
    taps.choose("trump", "spades")
    # The players change their minds: it was a misère. Partner and trumps go, and are not sent.
    radio_label(page, "contract", "rik").click()  # unfolds the row
    taps.choose("contract", "misere")
    assert not visible(page, "partner") and not visible(page, "trump")
    taps.enter("tricks", 0)
    expect_next_deal(page, 2)
    assert Deal.objects.get().input["contracts"] == [
        {"contract": "misere", "declarer": 1, "tricks": 0}
    ]


def test_every_field_left_out_is_flagged_at_once(page, live_server, taps):
    start_match(page, live_server, "rikken", PLAYERS)
    # No dealer, no partner, no trumps: all three at their fields after one try.
    taps.choose("contract", "rik")
    taps.choose("declarer", 1)
    taps.enter("tricks", 8)
    expect(field_errors(page, "dealer")).to_have_text(["Tap the dealer."])
    expect(field_errors(page, "partner")).to_have_text(["Tap the partner."])
    expect(field_errors(page, "trump")).to_have_text(["Tap the trumps."])
    for row in ("dealer", "partner", "trump"):
        expect(page.locator(f"#f-{row}")).to_have_class(re.compile(r"\binvalid\b"))
    assert Deal.objects.count() == 0

    # The rows flagged are the rows the contract needs: tapped, the deal goes in.
    taps.choose("dealer", 0)
    taps.choose("partner", 3)
    taps.choose("trump", "hearts")
    taps.enter("tricks", 8)
    expect_next_deal(page, 2)


def test_an_etori_hand_is_two_taps_and_the_digits(page, live_server, taps):
    start_match(page, live_server, "etori", PLAYERS)

    # Anna & Cor take 10 honours and were dealt one plain ace: 2 chips.
    hand = Deal_(taps)
    taps.type("honours_0", 10)
    taps.enter("winners_aces", "plain_aces")
    assert hand.done() == (ETORI_HAND, 0)
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("Anna & Cor win 2 chips · Spades")

    # 8 to 8: the team not dealt the rensho wins; its row shows at 8 only.
    hand = Deal_(taps)
    assert not visible(page, "rensho_dealt_to")
    taps.type("honours_1", 8)
    expect(page.locator("#id_honours_0")).to_have_value("8")
    taps.choose("rensho_dealt_to", 0)
    taps.enter("winners_aces", "no_ace")
    assert hand.done() == (ETORI_EIGHT_ALL, 0)
    expect_next_deal(page, 3)
    expect(history_row(page, 2)).to_contain_text("Bram & Dirk win 4 chips · Spades")
    assert Deal.objects.get(number=2).input == {
        "trump": "spades",
        "honours": [8, 8],
        "winners_aces": "no_ace",
        "rensho_dealt_to": 0,
    }

    # New trumps are one tap more.
    hand = Deal_(taps)
    taps.choose("trump", "hearts")
    taps.type("honours_0", 12)
    taps.enter("winners_aces", "other")
    assert hand.done() == (ETORI_HAND + 1, 0)
    expect_next_deal(page, 4)
    expect(history_row(page, 3)).to_contain_text("Anna & Cor win 2 chips · Hearts")


def test_the_keyboards_go_does_not_enter_the_hand_with_the_first_key(page, live_server, taps):
    start_match(page, live_server, "etori", PLAYERS)
    taps.type("honours_0", 10)
    honours = page.locator("#id_honours_0")
    honours.press("Enter")  # the phone keyboard's Go: the keyboard closes, nothing is sent
    expect(honours).not_to_be_focused()
    expect(honours).to_have_value("10")
    taps.enter("winners_aces", "plain_aces")
    expect_next_deal(page, 2)
    assert [d.input["winners_aces"] for d in Deal.objects.all()] == ["plain_aces"]


def test_an_etori_hand_left_out_is_flagged_at_once(page, live_server, taps):
    start_match(page, live_server, "etori", PLAYERS)
    taps.enter("winners_aces", "other")
    expect(field_errors(page, "honours_0")).to_have_text(
        ["Enter the honours taken by Anna & Cor or by Bram & Dirk."]
    )
    # 8 to 8 without the rensho's team: asked at its row, shown with the honours kept.
    taps.type("honours_0", 8)
    taps.enter("winners_aces", "other")
    expect(field_errors(page, "rensho_dealt_to")).to_have_text(["Tap the team dealt the rensho."])
    expect(page.locator("#id_honours_1")).to_have_value("8")
    assert Deal.objects.count() == 0
    taps.choose("rensho_dealt_to", 1)
    taps.enter("winners_aces", "other")
    expect_next_deal(page, 2)
    expect(history_row(page, 1)).to_contain_text("Anna & Cor win 1")


def test_a_closed_evenings_match_shows_no_deal_form(page, live_server, taps):
    page.goto(live_server.url + "/")
    taps.link("An evening of several matches")
    page.locator('textarea[name="players"]').fill("\n".join(PLAYERS))
    taps.choose("game", "rikken")
    taps.button("Start the evening")
    page.wait_for_url(re.compile(r"/m/[^/]+/(#board)?$"))
    match_url = page.url.split("#")[0]
    rik(taps, 0, 2, "spades", 9, dealer=0)
    expect_next_deal(page, 2)

    taps.link("Match 1 of the evening")
    taps.button("Settle and close")
    taps.button("Yes, settle and close")
    expect(page.locator("h1 .tag")).to_have_text("closed")

    page.goto(match_url)
    expect(page.locator("form.deal-form")).to_have_count(0)
    expect(page.locator("#entry-title")).to_have_count(0)
    expect(page.locator("main")).to_contain_text(
        "This match's session was settled and closed: its deals are final."
    )
    expect(history_row(page, 1).get_by_role("link", name=re.compile("Edit|Undo"))).to_have_count(0)
