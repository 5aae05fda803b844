"""Scoring without signal (issue 17): deals entered offline wait on the phone and are sent once
the connection returns, each exactly once, in order; a clash with another phone is shown and the
players choose; the page opens offline; the start page lists what this phone opened."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.models import Deal
from games.services import deal_record, match_create

from .phone import Taps

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]
FIRST = {"battezzante": 0, "trump": "cups", "points": [6, 5]}
TRUMPS = ["coins", "swords", "clubs", "cups", "coins"]


def marafon_match():
    created = match_create(game="marafon", players=PLAYERS)
    deal_record(match=created.match, raw=FIRST)  # so that no deal asks the battezzante
    return created.match, created.edit_key


def open_to_score(page, live_server, match, key) -> None:
    """The edit link, then wait until the service worker controls the page and keeps it."""
    page.goto(f"{live_server.url}/m/{match.public_id}/edit/{key}/")
    expect(page.locator("body")).to_have_attribute("data-offline-ready", "")
    page.reload()  # now under the service worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expect(page.locator("body")).to_have_attribute("data-offline-ready", "")


def offline_deal(page, trump: str, points: int) -> None:
    taps = Taps(page)
    taps.choose("trump", trump)
    taps.key(points)


def points_on_server(match) -> list[int]:
    return [d.input["points"][0] for d in Deal.objects.filter(match=match).order_by("number")]


def test_five_deals_offline_survive_a_reload_and_are_sent_once_in_order(page, live_server):
    match, key = marafon_match()
    open_to_score(page, live_server, match, key)
    page.context.set_offline(True)
    # How long from the tap to the deal in the history, measured in the page.
    page.evaluate(
        """() => {
          window.tapTimes = [];
          window.shownTimes = [];
          document.addEventListener('click', (e) => {
            if (e.target.closest('button.key')) window.tapTimes.push(performance.now());
          }, true);
          new MutationObserver(() => {
            const n = document.querySelectorAll('#queue li.waiting').length;
            while (window.shownTimes.length < n) window.shownTimes.push(performance.now());
          }).observe(document.getElementById('queue'), {childList: true, subtree: true});
        }"""
    )
    for n in range(5):
        offline_deal(page, TRUMPS[n], n + 1)
        expect(page.locator("#queue li.waiting")).to_have_count(n + 1)
        expect(page.locator("#entry-title")).to_have_text(f"Deal {n + 3}")
    delays = page.evaluate("window.shownTimes.map((t, i) => t - window.tapTimes[i])")
    assert len(delays) == 5 and max(delays) < 100, delays
    expect(page.locator("#queue .queue-state")).to_contain_text("No connection")
    expect(page.locator("#queue .queue-state")).to_contain_text("5 waiting to send")
    newest = page.locator("#queue li.waiting").first
    expect(newest).to_contain_text("Deal 6")
    expect(newest).to_contain_text("Waiting to send")
    expect(newest).to_contain_text("Totals once sent")
    assert points_on_server(match) == [6]

    page.reload()  # still offline: the kept page, and the deals still waiting
    expect(page.locator("#queue li.waiting")).to_have_count(5)
    expect(page.locator("#entry-title")).to_have_text("Deal 7")
    assert points_on_server(match) == [6]

    page.context.set_offline(False)
    expect(page.locator("#queue .queue-state")).to_contain_text("5 sent", timeout=15_000)
    assert points_on_server(match) == [6, 1, 2, 3, 4, 5]
    expect(page.locator("#history tbody tr:not(.game-end)")).to_have_count(6)
    expect(page.locator("#entry-title")).to_have_text("Deal 7")


def other_phone_scores(other_phone, live_server, match, key, trump: str, points: int) -> None:
    other_phone.goto(f"{live_server.url}/m/{match.public_id}/edit/{key}/")
    offline_deal(other_phone, trump, points)
    expect(other_phone.locator("#entry-title")).to_have_text("Deal 3")


@pytest.mark.parametrize("choice", ["Send mine after theirs", "Drop mine"])
def test_another_phone_scored_meanwhile_the_players_choose(page, other_phone, live_server, choice):
    match, key = marafon_match()
    open_to_score(page, live_server, match, key)
    page.context.set_offline(True)
    offline_deal(page, "coins", 1)
    offline_deal(page, "swords", 2)
    expect(page.locator("#queue li.waiting")).to_have_count(2)

    # Meanwhile the other phone, with signal, enters deal 2: 9 for Anna & Cora.
    other_phone_scores(other_phone, live_server, match, key, "clubs", 9)
    assert points_on_server(match) == [6, 9]

    page.context.set_offline(False)
    clash = page.locator("#queue .clash")
    expect(clash).to_be_visible(timeout=15_000)
    expect(clash).to_contain_text("Another phone scored this match meanwhile")
    expect(clash.locator("ul.theirs")).to_contain_text("Deal 2: 9 – 2")
    expect(page.locator("#queue li.waiting").last).to_contain_text("another phone scored")
    expect(page.locator("#queue li.waiting")).to_have_count(2)
    assert points_on_server(match) == [6, 9]  # nothing sent until the players choose

    page.get_by_role("button", name=choice).click()
    if choice == "Drop mine":
        expect(page.locator("#queue .queue-state")).to_contain_text("Dropped from this phone")
        assert points_on_server(match) == [6, 9]
    else:
        expect(page.locator("#queue .queue-state")).to_contain_text("2 sent", timeout=15_000)
        assert points_on_server(match) == [6, 9, 1, 2]
    expect(page.locator("#queue li.waiting")).to_have_count(0)


def test_double_taps_and_lost_answers_record_each_deal_once(page, live_server):
    match, key = marafon_match()
    open_to_score(page, live_server, match, key)
    page.context.set_offline(True)
    page.locator("label:has(> input[name=trump][value=coins])").click()
    page.locator('button.key[value="3"]').dblclick()  # a double tap
    expect(page.locator("#queue li.waiting")).to_have_count(1)
    offline_deal(page, "swords", 4)
    expect(page.locator("#queue li.waiting")).to_have_count(2)

    # The first answer is lost on the way back: the deal is recorded, the phone does not know.
    page.evaluate(
        """() => {
          const real = window.fetch;
          let lost = 0;
          window.fetch = (url, init) => real(url, init).then((answer) => {
            if (init && init.method === 'POST' && lost++ === 0) throw new TypeError('lost');
            return answer;
          });
        }"""
    )
    page.context.set_offline(False)
    expect(page.locator("#queue .queue-state")).to_contain_text("2 sent", timeout=20_000)
    assert points_on_server(match) == [6, 3, 4]
