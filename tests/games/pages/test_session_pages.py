"""The evening's pages: starting it, the next match in one tap, the running totals and the
balances chart, settling and marking paid; the score chart of a match."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Match, Session

from .conftest import asked_then_confirmed, page_text

pytestmark = pytest.mark.django_db

RIK = {"contract": "misere", "declarer": "1", "tricks": "0", "dealer": "0"}


def start(client: Client, game="rikken", players="Anna\nBram\nCor\nDirk", stake="0.10", **more):
    response = client.post("/s/new/", {"players": players, "game": game, "stake": stake, **more})
    assert response.status_code == 302, page_text(response)[:2000]
    return Session.objects.latest("pk"), response["Location"]


def test_an_evening_is_started_scored_settled_and_paid_on_the_pages():
    client = Client()
    session, location = start(client)
    match_url = location.split("#")[0]
    first = client.get(match_url)
    assert b"Match 1 of the evening" in first.content and b"Next match" in first.content
    match_id = match_url.strip("/").split("/")[-1]
    assert client.post(f"/m/{match_id}/deals/", RIK).status_code == 302

    nxt = client.post(f"/s/{session.public_id}/next/", {"choice": "again"})
    assert nxt.status_code == 302
    second_id = nxt["Location"].split("#")[0].strip("/").split("/")[-1]
    assert client.post(f"/m/{second_id}/deals/", RIK).status_code == 302
    third = client.post(f"/s/{session.public_id}/next/", {"choice": "game:marafon"})
    assert third.status_code == 302

    page = client.get(f"/s/{session.public_id}/")
    html = page_text(page)
    assert page.status_code == 200
    assert '<svg class="chart"' in html and "style=" not in html
    assert html.count("Bram pays") == 0 and "pays Bram" in html
    assert "Settle and close" in html

    asked, settled = asked_then_confirmed(client, f"/s/{session.public_id}/settle/", follow=False)
    assert "Settle and close the evening?" in page_text(asked) and "pays Bram" in page_text(asked)
    assert settled.status_code == 302
    closed = page_text(client.get(f"/s/{session.public_id}/"))
    assert "closed" in closed and "Mark paid" in closed
    assert (
        client.post(f"/s/{session.public_id}/transfers/1/paid/", {"paid": "1"}).status_code == 302
    )
    paid = page_text(client.get(f"/s/{session.public_id}/"))
    assert paid.count("Mark paid") == 2 and "Not paid" in paid

    # A stranger with the share link reads it and cannot change it.
    stranger = Client()
    assert stranger.get(f"/s/{session.public_id}/").status_code == 200
    assert stranger.post(f"/s/{session.public_id}/transfers/2/paid/", {}).status_code == 403


def test_the_edit_link_lets_another_phone_score_every_match():
    client = Client()
    session, _location = start(client)
    html = page_text(client.get(f"/s/{session.public_id}/"))
    edit = re.search(r'href="http://testserver(/s/[^"]+/edit/[^"]+/)"', html).group(1)
    other = Client()

    assert other.get(edit).status_code == 302
    match = session.entries.get().match
    assert other.post(f"/m/{match.public_id}/deals/", RIK).status_code == 302


def test_a_game_for_another_number_of_players_asks_who_plays():
    client = Client()
    session, _location = start(client, players="A\nB\nC\nD\nE", game="trionfo")

    refused = client.post(f"/s/{session.public_id}/next/", {"choice": "game:marafon"})
    chosen = client.post(
        f"/s/{session.public_id}/next/", {"choice": "game:marafon", "plays": ["0", "1", "2", "3"]}
    )

    assert refused.status_code == 400 and b"say who plays" in refused.content
    assert chosen.status_code == 302


def test_the_score_chart_of_a_match_is_inline_svg():
    client = Client()
    _session, location = start(client)
    match_id = location.split("#")[0].strip("/").split("/")[-1]
    client.post(f"/m/{match_id}/deals/", RIK)

    chart = client.get(f"/m/{match_id}/chart/")

    assert chart.status_code == 200
    assert b"<polyline" in chart.content and b"style=" not in chart.content


def test_the_phone_keeps_the_evening_among_what_it_opened():
    """offline.js records a page that names itself in data-recent: the start page lists it,
    and the service worker keeps it for a room without signal (issue 17)."""
    client = Client()
    session, _location = start(client)

    page = page_text(client.get(f"/s/{session.public_id}/"))

    assert 'data-recent="Session: Anna, Bram, Cor, Dirk"' in page


def test_the_evening_form_offers_each_games_house_rules_and_starts_with_them(
    django_user_model,
):
    from games.services.presets import preset_create

    user = django_user_model.objects.create_user("anna", password="pw-x-1234-long")
    saved = preset_create(
        owner=user, game="rikken", name="Zwaan rules", rules={"all_pass": "mie_en"}
    )
    client = Client()
    client.force_login(user)
    form = page_text(client.get("/s/new/"))
    assert 'data-show-when="game=rikken"' in form
    assert 'name="rules_rikken" value="rikken-penalty-points"' in form
    assert f'name="rules_rikken" value="{saved.key}"' in form  # the account's own
    assert 'name="rules_marafon" value="marafon-31"' in form

    session, _location = start(
        client, players="Anna\nBram\nCor\nDirk", stake="", rules_rikken="rikken-penalty-points"
    )
    match = session.entries.get().match
    assert match.rules["scoring"] == "penalty_points"
    assert match.preset == "Rikken in penalty points"
    # The rules of a game not chosen are not read.
    other, _location = start(client, stake="", rules_marafon="marafon-31")
    assert other.entries.get().match.rules["scoring"] == "payments"


def test_house_rules_that_are_not_offered_are_refused_at_their_row():
    response = Client().post(
        "/s/new/",
        {"players": "Anna\nBram\nCor\nDirk", "game": "rikken", "rules_rikken": "marafon-31"},
    )
    assert response.status_code == 400
    assert 'id="f-rules_rikken"' in page_text(response)
    assert Session.objects.count() == 0


def test_an_evening_of_money_and_penalty_points_shows_both():
    client = Client()
    session, location = start(client)  # money Rikken first
    match_id = location.split("#")[0].strip("/").split("/")[-1]
    assert client.post(f"/m/{match_id}/deals/", RIK).status_code == 302
    nxt = client.post(f"/s/{session.public_id}/next/", {"choice": "preset:rikken-penalty-points"})
    second_id = nxt["Location"].split("#")[0].strip("/").split("/")[-1]
    # The evening's stake is for its money matches: this one takes none (it was refused).
    assert Match.objects.get(public_id=second_id).stake is None
    assert client.post(f"/m/{second_id}/deals/", RIK).status_code == 302

    html = page_text(client.get(f"/s/{session.public_id}/"))
    assert "Units" in html and "Penalty points" in html
    assert "Settle up" in html and "Final ranking" in html and "Settle and close" in html
    assert "pays Bram" in html  # the money match's settle-up
    assert html.count('<svg class="chart"') == 2


def test_a_match_abandoned_before_its_first_deal_is_played_by_nobody():
    from games.selectors.sessions import session_summary
    from games.services import deal_record
    from games.services.sessions import session_create, session_match_add

    created = session_create(players=["Anna", "Bram", "Cor", "Dirk"], game="rikken")
    session_match_add(session=created.session)  # the first match abandoned, empty
    _session, second = session_match_add(session=created.session, game="marafon")
    deal_record(match=second, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    summary = session_summary(created.session)
    assert [(p["won"], p["played"]) for p in summary["players"]] == [(1, 1), (0, 1), (1, 1), (0, 1)]
    assert summary["balances_after"] == []  # the empty money match moved nobody's balance


def test_a_rikken_match_after_marafon_deals_and_leads_the_other_way_round():
    """RULES.md §0: Marafon goes anticlockwise, Rikken clockwise. The table keeps its chairs,
    so after Ana deals Rikken passes to her left, to Dea (Marafon's next player was Ben)."""
    client = Client()
    session, _location = start(client, game="marafon", players="Ana\nBen\nCid\nDea", stake="")

    nxt = client.post(f"/s/{session.public_id}/next/", {"choice": "game:rikken"})
    assert nxt.status_code == 302, nxt.content.decode()[:2000]
    match = Match.objects.get(public_id=nxt["Location"].split("#")[0].strip("/").split("/")[-1])
    assert client.post(f"/m/{match.public_id}/deals/", RIK).status_code == 302
    html = client.get(f"/m/{match.public_id}/").content.decode()

    seated = [s.player.name for s in match.seats.select_related("player").order_by("number")]
    assert seated == ["Ana", "Dea", "Cid", "Ben"]
    roles = re.sub(r"<[^>]+>|\s+", " ", html)
    assert re.search(r"Deals\s+Dea\b", roles) and re.search(r"Leads\s+Cid\b", roles)
    assert not re.search(r"Deals\s+Ben\b", roles)
