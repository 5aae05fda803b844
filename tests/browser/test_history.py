"""The history reads on a 360 x 740 phone (issue 27, 1; issue 28, 6): every deal's number, its
contract in words, who played it with whom, the result, the totals after it and Edit/Undo show
without a sideways swipe, for 4, 5 and 6 players and in every game; the last deal's line is
never cut with "…". A correction is asked with its before and after, as an undo is (issue 27,
3), and the director's corrections log says each correction in words."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from games.services import deal_record, deal_replace, match_create
from games.services.tables import Confirmer, table_confirm, table_reopen
from tests.factories import director_user, drawn_table

from .phone import Taps, history_row

pytestmark = pytest.mark.django_db(transaction=True)


def rik(declarer: int, partner: int, tricks: int, contract: str = "rik_beter") -> dict:
    return {
        "contract": contract,
        "declarer": declarer,
        "partner": partner,
        "trump": "hearts",
        "tricks": tricks,
    }


def rikken_evening():
    """Eight deals of four players, the walk-through's names: "Spel 8: Rik beter Willem met
    Sanne: …" was cut, and the deals table was 623 px wide in a 336 px box."""
    players = ["Joost", "Marieke", "Sanne", "Willem"]
    deals = [{"dealer": 0, "contracts": [rik(0, 2, 9, "rik")]}]
    pairs = [(3, 2), (2, 1), (0, 2), (1, 0), (3, 1), (2, 0), (3, 2)]
    deals += [{"contracts": [rik(d, p, 8 + n % 3)]} for n, (d, p) in enumerate(pairs)]
    return "rikken", players, {}, Decimal("0.10"), deals


def trionfo_five():
    players = ["Alejandro", "Beatriz", "Carmen", "Domingo", "Esperanza"]
    deals = [
        {
            "bid": "chiamo",
            "declarer": n,
            "trump": "coins",
            "partner": (n + 2) % 5 if n != 3 else 3,  # deal 4: a chiamata in mano
            "called_card": {"rank": "3", "suit": "cups"},
            "points": 5 + n,
        }
        for n in range(5)
    ]
    deals[0]["first_speaker"] = 0
    return "trionfo", players, {}, Decimal("0.50"), deals


def etori_six():
    players = ["さくら", "由美", "健太郎", "大輔", "美咲", "翔太"]
    deals = [
        {
            "trump": "spades",
            "honours": [9, 7, None],
            "aces": [["spades", "hearts"], ["clubs", "diamonds"], None],
        },
        {
            "trump": "hearts",
            "honours": [10, None, 6],
            "aces": [["spades"], None, ["hearts", "clubs", "diamonds"]],
        },
        {
            "trump": "clubs",
            "honours": [12, 4, None],
            "aces": [["spades", "hearts", "clubs"], ["diamonds"], None],
        },
    ]
    return "etori", players, {"players": 6}, None, deals


def marafon_game():
    players = ["Anastasia", "Bea", "Ciro", "Dario"]
    deals = [{"battezzante": 0, "trump": "cups", "points": [10, 1]}]
    deals += [{"trump": "cups", "points": [11, 0]} for _ in range(3)]
    return "marafon", players, {"match_format": "best_of_three"}, None, deals


def malilla_hands():
    players = ["آرش", "بهار", "کاوه", "دریا"]
    deals = [
        {"dealer": 0, "turn_up": {"rank": "K", "suit": "cups"}, "totals": [43, 27]},
        {"turn_up": {"rank": "4", "suit": "coins"}, "totals": [30, 40]},
        {"turn_up": {"rank": "7", "suit": "swords"}, "totals": [50, 20]},
    ]
    return "malilla", players, {}, None, deals


def scored_in(page, live_server, language: str, game, players, rules, stake, deals):
    created = match_create(game=game, players=players, rules=rules, stake=stake)
    for raw in deals:
        deal_record(match=created.match, raw=raw)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    return created.match


# Everything of each deal inside the screen's width, and nothing wider than its own box.
OFF_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const table = document.querySelector('#history table');
  if (table.scrollWidth > table.clientWidth + 1) {
    found.push(`the table is ${table.scrollWidth} px wide in ${table.clientWidth}`);
  }
  for (const box of document.querySelectorAll('#history, #history :not(.sr-only)')) {
    if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
      found.push(`${box.tagName}.${box.className} scrolls sideways`);
    }
  }
  for (const tr of document.querySelectorAll('#history tbody tr:not(.game-end)')) {
    const number = tr.cells[0].textContent.trim();
    for (const part of [...tr.cells, ...tr.querySelectorAll('a')]) {
      const r = part.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5 || part.scrollWidth > part.clientWidth + 1) {
        found.push(`deal ${number}: ${part.textContent.trim().slice(0, 30)} ends at ${r.right}`);
      }
    }
  }
  return found;
}"""

# The last deal's line holds its whole text: nothing cut at its end.
CUT = """() => [...document.querySelectorAll('.last-deal, .last-deal *')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1
    || getComputedStyle(e).textOverflow === 'ellipsis')
  .map((e) => e.textContent.trim())"""


@pytest.mark.parametrize(
    ("language", "match"),
    [
        ("nl", rikken_evening),
        ("es", trionfo_five),
        ("ja", etori_six),
        ("it", marafon_game),
        ("fa", malilla_hands),
    ],
    ids=["rikken-4-nl", "trionfo-5-es", "etori-6-ja", "marafon-it", "malilla-fa"],
)
def test_every_line_of_the_history_shows_without_a_sideways_swipe(
    page, live_server, language, match
):
    game, players, rules, stake, deals = match()
    scored_in(page, live_server, language, game, players, rules, stake, deals)
    last = len(deals)

    page.locator("#history").scroll_into_view_if_needed()
    assert page.evaluate(OFF_SCREEN) == []
    assert page.evaluate(CUT) == []
    for number in range(1, last + 1):
        row = history_row(page, number)
        expect(row.locator("td")).to_have_count(4)
        for cell in row.locator("td").all():
            expect(cell).not_to_be_empty()
        # The totals name every player of a money game, each with their number.
        if stake is not None:
            for name in players:
                expect(row.locator("td").nth(2)).to_contain_text(name)
    # The last cell corrects: Edit and Undo, then Edit alone (the line links its explanation).
    expect(history_row(page, last).locator("td").nth(3).locator("a")).to_have_count(2)
    expect(history_row(page, 1).locator("td").nth(3).locator("a")).to_have_count(1)


def test_the_history_page_of_earlier_deals_fits_too(page, live_server):
    game, players, rules, stake, deals = trionfo_five()
    match = scored_in(page, live_server, "es", game, players, rules, stake, deals)

    page.goto(f"{live_server.url}/m/{match.public_id}/history/?upto=4")

    assert page.evaluate(OFF_SCREEN) == []
    expect(history_row(page, 4)).to_contain_text("chiamata in mano")


@pytest.mark.parametrize(
    ("language", "match", "words"),
    [
        ("nl", rikken_evening, "Spel 8: Rik beter Willem met Sanne: 8 slagen, gehaald"),
        ("ja", etori_six, "さくら & 大輔がチップ2枚獲得"),
        ("it", marafon_game, "Partita 1 vinta da Anastasia & Ciro, 43 – 1"),
    ],
    ids=["nl", "ja", "it"],
)
def test_the_last_deals_line_is_never_cut(page, live_server, language, match, words):
    scored_in(page, live_server, language, *match())

    line = page.locator(".last-deal")
    expect(line).to_contain_text(words)
    assert page.evaluate(CUT) == []
    box = line.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_a_correction_shows_the_deal_as_it_stands_and_is_asked_before_and_after(page, live_server):
    match = scored_in(page, live_server, "en", *marafon_game())
    history_row(page, 4).get_by_role("link", name="Edit").click()

    # The deal as it stands, its key marked.
    expect(page.locator(".as-it-stands")).to_have_text("As it stands: 11 – 0 · cappotto")
    expect(page.locator("button.key.chosen")).to_have_count(1)
    expect(page.locator("button.key.chosen")).to_have_attribute("value", "11")

    # A stray tap on 0: asked, with before and after and who won; nothing changes on "No".
    Taps(page).key(0)
    expect(page.locator("h1")).to_have_text("Correct deal 4?")
    asked = page.locator(".asked")
    expect(asked).to_contain_text("Deal 4: 11 – 0 · cappotto → 0 – 11 · cappotto")
    expect(asked).to_contain_text("Totals after it: 43 – 1 → 32 – 12")
    expect(asked).to_contain_text(
        "This correction changes who won game 1: Anastasia & Ciro before, nobody yet now."
    )
    yes = page.get_by_role("button", name="Yes, correct it")
    expect(yes).to_be_in_viewport(ratio=1)  # no swipe to confirm
    page.get_by_role("link", name="No, keep it").click()
    expect(history_row(page, 4)).to_contain_text("11 – 0")
    expect(page.locator("#history tr.game-end")).to_have_count(1)
    assert [d.input["points"] for d in match.deals.order_by("number")][-1] == [11, 0]

    # Meant: corrected, once confirmed.
    history_row(page, 4).get_by_role("link", name="Edit").click()
    Taps(page).key(0)
    page.get_by_role("button", name="Yes, correct it").click()
    expect(page.locator(".messages")).to_contain_text("Deal 4 corrected.")
    expect(history_row(page, 4)).to_contain_text("0 – 11")
    expect(page.locator("#history tr.game-end")).to_have_count(0)


def test_the_corrections_log_says_each_correction_in_words(page, live_server):
    misere = {"contract": "misere", "declarer": 1, "tricks": 0}
    table = drawn_table(
        director=director_user("jan"), entrants=["Joost", "Marieke", "Sanne", "Willem"],
        first_deal={"dealer": 0, "contracts": [misere]},
    )  # fmt: skip
    tournament = table.round.tournament
    seats = [s.player.name for s in table.match.seats.order_by("number")]
    table_confirm(table=table, by=seats[0], confirmer=Confirmer())
    table_reopen(table=table, by="", confirmer=Confirmer())
    deal_replace(
        match=table.match, number=1, raw={"dealer": 0, "contracts": [{**misere, "tricks": 1}]}
    )

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', "pw-x-1234-long")
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server.url}/director/t/{tournament.public_id}/#corrections")

    log = page.locator("#corrections tbody")
    expect(log).to_contain_text(
        f"corrected: Misère {seats[1]}: 0 tricks, made → Misère {seats[1]}: 1 trick, failed"
    )
    expect(log).to_contain_text(f"reopened to correct: confirmed by {seats[0]} before")
    expect(log).not_to_contain_text("deal 0")
    expect(log).not_to_contain_text("{")
    expect(log).not_to_contain_text("contracts")
