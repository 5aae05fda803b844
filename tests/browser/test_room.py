"""Issue 27, "the room": the director's page on a wide screen, and the phones around it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import club_create
from tests.factories import DIRECTOR_PASSWORD as PASSWORD
from tests.factories import director_user, drawn_event, drawn_table

from .conftest import keep_screenshot

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1280, "height": 800}


def test_the_director_sees_the_current_round_first_on_a_wide_screen(
    browser, live_server, django_user_model
):
    tournament = drawn_event(
        director=director_user("jan"), name="Thursday drive", rounds=3,
        entrants=[f"Player {n}" for n in range(1, 17)],
    )  # fmt: skip

    context = browser.new_context(viewport=DESK)
    try:
        desk = context.new_page()
        desk.goto(f"{live_server.url}/accounts/login/?next=/director/t/{tournament.public_id}/")
        desk.fill('input[name="username"]', "jan")
        desk.fill('input[name="password"]', PASSWORD)
        desk.get_by_role("button", name="Sign in").click()
        expect(desk.locator("h1")).to_have_text("Thursday drive")
        keep_screenshot(desk, "room-director-desk")

        # The page uses the screen, and round 1's four tables and their status are in view.
        assert desk.locator("main").evaluate("m => m.getBoundingClientRect().width") > 1000
        for n in range(1, 5):
            expect(desk.locator(f"#r1-t{n} .head")).to_be_in_viewport(ratio=1)
        # Drawing round 2 is not the main action while round 1's tables are unconfirmed.
        draw = desk.get_by_role("button", name="Draw round 2")
        expect(draw).not_to_have_class("button big primary")
        expect(draw.locator("xpath=..")).to_contain_text(
            "4 tables of the last round are not confirmed yet"
        )
    finally:
        context.close()


def test_a_dispute_without_a_reason_shows_its_error_in_view(page, live_server, django_user_model):
    from games.services.deals import deal_record
    from games.services.table_keys import table_keys

    table = drawn_table(
        director=director_user("jan"), name="Thursday drive", deals_per_round=2,
        entrants=[f"Player {n}" for n in range(1, 9)],
    )  # fmt: skip
    deal_record(
        match=table.match,
        raw={"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    )
    keys = table_keys(table)
    page.goto(f"{live_server.url}/m/{table.match.public_id}/confirm/{keys.confirmation}/")
    dispute = page.locator("#dispute")
    dispute.locator("label").filter(has_text="Player").first.click()
    dispute.get_by_role("button", name="Dispute the result").click()

    error = page.locator("#dispute .error").first
    expect(error).to_be_visible()
    expect(error).to_be_in_viewport(ratio=1)


def test_the_marafon_chart_marks_where_each_game_ends(page, live_server):
    from games.services.deals import deal_record
    from games.services.matches import match_create

    created = match_create(game="marafon", players=["Ana", "Bea", "Ciro", "Dino"])
    match = created.match
    for n in range(5):  # game 1 goes to Ana & Ciro, then one deal of game 2
        deal_record(match=match, raw={"battezzante": n % 4, "trump": "cups", "points": [11, 0]})
    match.refresh_from_db()
    assert match.state["games"], "game 1 should be over"
    page.goto(f"{live_server.url}/m/{match.public_id}/chart/")

    ends = page.locator("svg.chart .game-end")
    expect(ends).to_have_count(1)
    expect(page.locator(".game-ends")).to_contain_text("Game 1 won by Ana & Ciro")


def test_a_finished_match_offers_play_again_with_its_players_and_rules(page, live_server):
    from games.models import Match
    from games.services.deals import deal_record
    from games.services.matches import match_create

    created = match_create(
        game="marafon", players=["Ana", "Bea", "Ciro", "Dino"],
        rules={"match_format": "single_game", "target": 31},
    )  # fmt: skip
    match = created.match
    for n in range(3):
        deal_record(match=match, raw={"battezzante": n % 4, "trump": "cups", "points": [11, 0]})
    match.refresh_from_db()
    assert match.finished
    page.goto(f"{live_server.url}/m/{match.public_id}/")
    page.get_by_role("link", name="Play again").click()

    for seat, name in enumerate(["Ana", "Bea", "Ciro", "Dino"]):
        expect(page.locator(f'input[name="player_{seat}"]')).to_have_value(name)
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("h1")).to_contain_text("Marafon")
    again = Match.objects.exclude(pk=match.pk).get()
    assert [s.player.name for s in again.seats.order_by("number")] == ["Ana", "Bea", "Ciro", "Dino"]
    assert again.rules["match_format"] == "single_game"
    assert again.rules["target"] == 31


def test_the_start_page_lists_each_match_once_with_its_score_and_status(page, live_server):
    from games.services.deals import deal_record
    from games.services.matches import match_create

    created = match_create(game="marafon", players=["Ana", "Bea", "Ciro", "Dino"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    page.goto(f"{live_server.url}/m/{created.match.public_id}/edit/{created.edit_key}/")
    expect(page.locator("h1")).to_contain_text("Marafon")
    page.goto(f"{live_server.url}/")

    links = page.locator(f'main a[href="/m/{created.match.public_id}/"]:visible')
    expect(links).to_have_count(1)
    item = links.first.locator("xpath=..")
    expect(item).to_contain_text("playing")
    expect(item.locator(".score")).to_contain_text("Ana & Ciro")
    expect(item.locator(".score")).to_contain_text("Bea & Dino")


def test_a_club_writes_its_house_rules_on_its_page(page, live_server, django_user_model):
    from games.models import RulePreset

    director = django_user_model.objects.create_user("jan", password=PASSWORD)
    club = club_create(name="De Zwaan", director=director)
    page.goto(f"{live_server.url}/accounts/login/?next=/director/c/{club.slug}/")
    page.fill('input[name="username"]', "jan")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    rules = page.locator("#house-rules")
    rules.get_by_role("link", name="Marafon-Beccaccino").click()
    form = page.locator("form.club-rules")
    form.locator('input[name="name"]').fill("Zwaan Marafon")
    form.locator('input[name="rule_target"]').fill("31")
    form.get_by_role("button", name="Save").click()

    expect(page.locator("#house-rules")).to_contain_text("Zwaan Marafon")
    preset = RulePreset.objects.get(club=club)
    assert (preset.game, preset.name, preset.rules["target"]) == ("marafon", "Zwaan Marafon", 31)
