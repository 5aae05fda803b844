"""Issue 31: a player's own data as one JSON document, their erasure ("Former player N",
numbered within each club; the account, tokens and sessions deleted; logged without the name),
and guests' names forgotten after GUEST_NAME_RETENTION_DAYS."""

from __future__ import annotations

import io
import json
import logging
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.contrib.sessions.models import Session as WebSession
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from api.models import ApiToken
from games.models import Match, Player, Round, Table
from games.selectors.polls import tournament_poll_token
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.erasure import player_erase
from games.services.retention import guest_names_forget
from games.services.rounds import round_draw_request
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_create
from games.services.tables import Confirmer, table_confirm, table_dispute
from tests.database import snapshot
from tests.factories import (
    FIRST_DEALS,
    club_tournament,
    director_user,
    drawn_table,
    site_with_everything,
)

pytestmark = pytest.mark.django_db

PASSWORD = "pw-x-1234-long"


@pytest.fixture
def member(django_user_model):
    """Anna: a member of De Zwaan with an account, a friendly match and a token."""
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    anna = club_member_add(club=club, name="Anna Verhoeven")
    anna.user = django_user_model.objects.create_user("anna", password=PASSWORD)
    anna.save()
    created = match_create(
        game="marafon", players=[anna.pk, "Bruno", "Carla", "Dario"], owner=anna.user
    )
    deal_record(match=created.match, raw=FIRST_DEALS["marafon"])
    return {"anna": anna, "club": club, "director": director, "match": created.match}


def test_the_player_takes_everything_as_one_document_and_nobody_else_does(member, api_client):
    anna = member["anna"]
    url = f"/api/v1/players/{anna.pk}/data/"
    client = APIClient()
    client.force_authenticate(anna.user)
    director = APIClient()
    director.force_authenticate(member["director"])

    mine = client.get(url)
    body = mine.json()

    assert mine.status_code == 200 and mine["Cache-Control"] == "no-store"
    assert body["format"] == "scorekeeper-own-data"
    assert body["player"]["name"] == "Anna Verhoeven"
    assert body["account"]["username"] == "anna"
    assert body["clubs"] == [{"slug": member["club"].slug, "name": "De Zwaan"}]
    assert [m["id"] for m in body["matches"]] == [member["match"].public_id]
    assert body["matches"][0]["with"] == ["Bruno", "Carla", "Dario"]
    assert api_client.get(url).status_code == 403
    assert director.get(url).status_code == 403
    page = Client()
    page.force_login(anna.user)
    download = page.get(f"/p/{anna.pk}/data/")
    assert download.status_code == 200
    assert json.loads(download.content)["player"]["id"] == anna.pk
    assert "attachment" in download["Content-Disposition"]


def test_erasure_renames_everywhere_deletes_the_account_and_logs_no_name(member, caplog):
    anna = member["anna"]
    client = APIClient()
    client.force_authenticate(anna.user)
    token = client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": PASSWORD}, format="json"
    ).json()["token"]
    phone, old_phone = Client(), Client()
    phone.force_login(anna.user)
    old_phone.force_login(anna.user)  # a session since expired still names the account
    WebSession.objects.filter(session_key=old_phone.session.session_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    joined = anna.user.date_joined
    assert WebSession.objects.count() == 2

    unsaid = client.post(f"/api/v1/players/{anna.pk}/erase/", {}, format="json")
    with caplog.at_level(logging.INFO):
        erased = client.post(f"/api/v1/players/{anna.pk}/erase/", {"erase": True}, format="json")

    assert unsaid.status_code == 400 and "erase" in unsaid.json()
    assert erased.status_code == 200
    assert erased.json() == {"id": anna.pk, "name": "Former player 1", "account_deleted": True}
    anna.refresh_from_db()
    assert anna.name == "Former player 1"
    account = anna.user  # an empty row: no name, no password, no sign-in
    assert account.username == f"erased-{account.pk}" and account.email == ""
    assert not account.has_usable_password() and not account.is_active
    assert account.date_joined > joined and account.last_login is None
    assert not client.login(username="anna", password=PASSWORD)
    assert not ApiToken.objects.exists() and WebSession.objects.count() == 0
    match = APIClient().get(f"/api/v1/matches/{member['match'].public_id}/").json()
    assert match["players"][0]["name"] == "Former player 1"
    by_token = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    assert by_token.get(f"/api/v1/players/{anna.pk}/data/").status_code in (401, 403)
    logged = "\n".join(r.getMessage() + json.dumps(r.__dict__, default=str) for r in caplog.records)
    assert "player erased" in logged
    assert "Anna" not in logged and "anna" not in logged
    # It cannot be done twice.
    again = APIClient()
    again.force_authenticate(member["director"])
    twice = again.post(f"/api/v1/players/{anna.pk}/erase/", {"erase": True}, format="json")
    assert twice.status_code == 409


def test_former_players_are_numbered_within_each_club(member):
    director = member["director"]
    club = member["club"]
    other = club_create(name="Het Anker", director=director)
    ben = club_member_add(club=club, name="Ben")
    cai = club_member_add(club=club, name="Cai")
    both = club_member_add(club=club, name="Dai")
    other.members.add(both)  # one person, a member of both clubs
    elsewhere = club_member_add(club=other, name="Eva")
    client = APIClient()
    client.force_authenticate(director)

    names = [
        client.post(f"/api/v1/players/{p.pk}/erase/", {"erase": True}, format="json").json()["name"]
        for p in (ben, elsewhere, cai, both)
    ]

    # Ben 1 and Cai 2 at De Zwaan; Eva 1 at Het Anker; Dai, in both, the first free in both: 3.
    assert names == ["Former player 1", "Former player 1", "Former player 2", "Former player 3"]


def test_former_players_who_sat_at_one_evening_take_different_numbers():
    """An evening seats members of two clubs: each club's first former player would be "Former
    player 1", so the second to be erased takes the next number free at their table too."""
    director = director_user()
    zwaan = club_create(name="De Zwaan", director=director)
    anker = club_create(name="Het Anker", director=director)
    anna, bram = club_member_add(club=zwaan, name="Anna"), club_member_add(club=anker, name="Bram")
    session_create(
        players=[anna.pk, bram.pk, "Cor", "Dirk"], game="rikken", stake=Decimal("1"), owner=director
    )

    first, second = player_erase(player=anna), player_erase(player=bram)

    assert (first.name, second.name) == ("Former player 1", "Former player 2")


def test_only_the_player_or_a_director_of_each_of_their_clubs_erases(member, django_user_model):
    anna = member["anna"]
    url = f"/api/v1/players/{anna.pk}/erase/"
    rival = django_user_model.objects.create_user("rival", password=PASSWORD)
    other = club_create(name="Het Anker", director=rival)
    other.members.add(anna)
    clients = {}
    for name, user in (("director of one club", member["director"]), ("rival", rival)):
        clients[name] = APIClient()
        clients[name].force_authenticate(user)
    before = snapshot()

    for client in (APIClient(), *clients.values()):
        assert client.post(url, {"erase": True}, format="json").status_code in (401, 403)

    assert snapshot() == before
    member["club"].directors.add(rival)  # now the rival directs both of Anna's clubs
    assert clients["rival"].post(url, {"erase": True}, format="json").status_code == 200


def test_tables_confirmations_and_standings_lose_the_name(django_capture_on_commit_callbacks):
    director = director_user()
    table = drawn_table(
        django_capture_on_commit_callbacks,
        director=director,
        entrants=["Willemijn", "Xander", "Yara", "Zeno"],
        first_deal=FIRST_DEALS["rikken"],
    )
    willemijn = Player.objects.get(name="Willemijn")
    club = table.round.tournament.club
    club_member_add(club=club, player_id=willemijn.pk)
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by="Willemijn", confirmer=Confirmer())
    client = APIClient()
    client.force_authenticate(director)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/v1/players/{willemijn.pk}/erase/", {"erase": True}, format="json"
        )

    assert response.status_code == 200
    table = Table.objects.get(pk=table.pk)
    assert table.confirmed_by == "Former player 1"
    tournament = table.round.tournament
    tournament.refresh_from_db()
    assert "Willemijn" not in json.dumps(tournament.standings)
    assert "Former player 1" in json.dumps(tournament.standings)


def test_the_erase_page_asks_first_and_the_player_is_signed_out(member):
    anna = member["anna"]
    phone = Client()
    phone.force_login(anna.user)

    asked = phone.get(f"/p/{anna.pk}/erase/")
    untouched = Player.objects.get(pk=anna.pk).name
    done = phone.post(f"/p/{anna.pk}/erase/", {"confirm": "1"})

    assert asked.status_code == 200
    assert "Erase" in asked.content.decode() and "cannot be undone" in asked.content.decode()
    assert untouched == "Anna Verhoeven"
    assert done.status_code == 302
    assert Player.objects.get(pk=anna.pk).name == "Former player 1"
    assert "_auth_user_id" not in phone.session


def test_guest_names_of_friendly_matches_untouched_for_the_retention_time_become_guest(
    settings, django_capture_on_commit_callbacks
):
    settings.GUEST_NAME_RETENTION_DAYS = 30
    old = match_create(game="marafon", players=["Olga", "Otto", "Oona", "Orm"])
    deal_record(match=old.match, raw=FIRST_DEALS["marafon"])
    fresh = match_create(game="marafon", players=["Fay", "Finn", "Flor", "Fritz"])
    director = director_user("host")
    club = club_create(name="De Kroeg", director=director)
    evening = session_create(
        players=["Cleo", "Cas", "Cato", "Coen"],
        game="rikken",
        stake=Decimal("1"),
        club=club,
        owner=director,
    )
    table = drawn_table(django_capture_on_commit_callbacks, entrants=["Tara", "Tim", "Tom", "Tess"])
    long_ago = timezone.now() - timedelta(days=31)
    Match.objects.exclude(pk=fresh.match.pk).update(updated_at=long_ago)
    evening.session.__class__.objects.update(updated_at=long_ago)
    page_before = Client().get(f"/m/{old.match.public_id}/").content.decode()

    forgotten = guest_names_forget(now=timezone.now())

    assert forgotten == 4
    assert [s.player.name for s in Match.objects.get(pk=old.match.pk).seats.all()] == ["Guest"] * 4
    assert Player.objects.filter(name__in=["Fay", "Cleo", "Tara"]).count() == 3
    page = Client().get(f"/m/{old.match.public_id}/").content.decode()
    assert "names were removed" not in page_before
    assert "The guests&#x27; names were removed" in page or "guests' names were removed" in page
    assert table.match.seats.count() == 4


def test_the_seasons_standings_lose_the_name_and_keep_the_numbers(
    django_user_model, django_capture_on_commit_callbacks
):
    """A season's standing is a cache that names its members: erasing one renames her line and
    her place in the chart of the leaders at once, her numbers as they were."""
    site = site_with_everything(django_user_model, django_capture_on_commit_callbacks)
    director, marieke = site["director"], site["members"][1]
    with django_capture_on_commit_callbacks(execute=True):
        season = season_create(
            club=site["club"], user=director, name="Spring", starts_on=date(2000, 1, 1),
            ends_on=date(2100, 1, 1), scheme="field_size", public=True,
        )  # fmt: skip
        season_event_add(season=season, user=director, tournament=site["tournament"].public_id)
    before = APIClient().get(f"/api/v1/seasons/{season.public_id}/standing/").json()["standing"]
    assert "Marieke" in [line["name"] for line in before]

    with django_capture_on_commit_callbacks(execute=True):
        player_erase(player=marieke)

    season.refresh_from_db()
    after = APIClient().get(f"/api/v1/seasons/{season.public_id}/standing/").json()["standing"]
    page = Client().get(f"/season/{season.public_id}/").content.decode()
    assert "Marieke" not in json.dumps([season.standing, season.chart]) + page
    assert [{**line, "name": None} for line in after] == [{**line, "name": None} for line in before]
    assert [line["name"] for line in after if line["member"] == marieke.pk] == ["Former player 1"]
    assert "Former player 1" in page


def test_the_draws_reports_and_a_disputes_reason_lose_the_name(
    django_capture_on_commit_callbacks,
):
    """A Swiss draw's report names the pair with the bye (and its notes say so); the other
    side's dispute names whom it blames. Erasing those players renames both; the live pages of
    the tournament poll a new token."""
    director = director_user()
    with django_capture_on_commit_callbacks(execute=True):
        tournament = club_tournament(
            director=director, entrants=[("Ann", "Bob"), ("Cyd", "Dan"), ("Eve", "Fay")],
            game="marafon", format="swiss", rounds=2, round_kind="deals", deals_per_round=2,
        )  # fmt: skip
        round_draw_request(tournament=tournament, user=director)
    drawn = Round.objects.get(tournament=tournament)
    bye = drawn.report["bye"]
    sitting_out, partner = (Player.objects.get(name=name) for name in bye.split(" & "))
    table = Table.objects.select_related("match").get(round=drawn, match__isnull=False)
    deal_record(match=table.match, raw=FIRST_DEALS["marafon"])
    scorer, blamed = (seat.player for seat in table.match.seats.order_by("number")[:2])
    table_dispute(
        table=table, by=blamed.name, confirmer=Confirmer(),
        reason=f"{scorer.name} wrote 11 for {blamed.name}'s side; {partner.name} saw it.",
    )  # fmt: skip
    token = tournament_poll_token(tournament.public_id)

    with django_capture_on_commit_callbacks(execute=True):
        player_erase(player=sitting_out)
        player_erase(player=scorer)

    drawn.refresh_from_db()
    table.refresh_from_db()
    report = json.dumps(drawn.report)
    assert drawn.report["bye"] == f"Former player 1 & {partner.name}"
    assert f'"pair": "Former player 1 & {partner.name}"' in report
    assert bye not in report and "Bye: %(pair)s" in report  # the note's own words stay
    said = f"Former player 2 wrote 11 for {blamed.name}'s side; {partner.name} saw it."
    assert table.dispute_reason == said
    assert tournament_poll_token(tournament.public_id) != token


def test_a_disputes_reason_keeps_a_table_mates_longer_name_that_holds_the_erased_one(
    django_capture_on_commit_callbacks,
):
    """Anna is erased; Anna B. sat at her table and is named in the dispute too: only Anna's
    own mentions become her new name."""
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    names = ["Anna", "Anna B.", "Cor", "Dirk"]
    members = [club_member_add(club=club, name=name) for name in names]
    table = drawn_table(
        django_capture_on_commit_callbacks, director=director, club=club, entrants=members,
        first_deal=FIRST_DEALS["rikken"],
    )  # fmt: skip
    table_dispute(
        table=table, by="Cor", confirmer=Confirmer(),
        reason="Anna wrote 11 for Anna B., and Anna B. agreed with Anna.",
    )  # fmt: skip

    with django_capture_on_commit_callbacks(execute=True):
        player_erase(player=members[0])

    table.refresh_from_db()
    assert table.dispute_reason == (
        "Former player 1 wrote 11 for Anna B., and Anna B. agreed with Former player 1."
    )


def test_the_own_data_holds_the_seasons_and_no_key_nor_an_erased_players_name(
    django_user_model, django_capture_on_commit_callbacks
):
    """Marieke's document: her line of the club's season; her tournament's table-mates as they
    are now (Sanne, erased before, is "Former player 1", her old name nowhere); and none of
    the keys' digests or salts the service keeps for the matches, evenings and tables."""
    site = site_with_everything(django_user_model, django_capture_on_commit_callbacks)
    director = site["director"]
    marieke, sanne = site["members"][1], site["members"][2]
    marieke.user = django_user_model.objects.create_user("marieke", password=PASSWORD)
    marieke.save()
    with django_capture_on_commit_callbacks(execute=True):
        season = season_create(
            club=site["club"], user=director, name="Spring", starts_on=date(2000, 1, 1),
            ends_on=date(2100, 1, 1), scheme="field_size",
        )  # fmt: skip
        season_event_add(season=season, user=director, tournament=site["tournament"].public_id)
        player_erase(player=sanne)
    season.refresh_from_db()
    client = APIClient()
    client.force_authenticate(marieke.user)
    ApiToken.objects.create(user=marieke.user, digest="f" * 64)

    body = client.get(f"/api/v1/players/{marieke.pk}/data/").json()

    text = json.dumps(body)
    mine = next(line for line in season.standing if line["member"] == marieke.pk)
    assert [s["id"] for s in body["seasons"]] == [season.public_id]
    assert body["seasons"][0]["standing"]["total"] == mine["total"]
    assert body["seasons"][0]["events"][0]["event"] == site["tournament"].public_id
    table_mates = next(m for m in body["matches"] if m["tournament"])["with"]
    assert "Former player 1" in table_mates and "Sanne" not in text
    secrets = [*Match.objects.values_list("edit_key_hash", flat=True)]
    secrets += [site["evening"].session.edit_key_hash, site["table"].key_salt, "f" * 64]
    secrets += Table.objects.values_list("confirm_key_hash", flat=True)
    assert [secret for secret in secrets if secret and secret in text] == []
    assert body["account"]["api_tokens"] == 1


def test_the_operator_erases_a_player_nobody_else_can(django_capture_on_commit_callbacks):
    """A member of a club since deleted, without an account: no director and no account can
    erase them any more, so the operator does (``manage.py erase``), asked twice."""
    director = director_user()
    club = club_create(name="De Zwaan", director=director)
    orphan = club_member_add(club=club, name="Gerrit")
    created = match_create(game="marafon", players=[orphan.pk, "B", "C", "D"], owner=director)
    deal_record(match=created.match, raw=FIRST_DEALS["marafon"])
    client = APIClient()
    client.force_authenticate(director)
    assert client.delete(f"/api/v1/clubs/{club.slug}/").status_code == 204
    refused = client.post(f"/api/v1/players/{orphan.pk}/erase/", {"erase": True}, format="json")

    with pytest.raises(CommandError, match="--yes"):
        call_command("erase", str(orphan.pk))
    untouched = Player.objects.get(pk=orphan.pk).name
    call_command("erase", str(orphan.pk), "--yes", stderr=io.StringIO())

    assert refused.status_code == 403 and untouched == "Gerrit"
    assert Player.objects.get(pk=orphan.pk).name == "Former player 1"
    assert created.match.seats.get(number=0).player.name == "Former player 1"
    with pytest.raises(CommandError, match="erased already"):
        call_command("erase", str(orphan.pk), "--yes")


def test_the_question_says_which_clubs_the_account_alone_directs(member, django_user_model):
    """Erasing the account takes its directorships: a club it alone directs would be left with
    no director, and the question says so (and not for a club with another director)."""
    anna = member["anna"]
    club_create(name="Het Anker", director=anna.user)
    shared = club_create(name="De Kroeg", director=anna.user)
    shared.directors.add(member["director"])
    phone = Client()
    phone.force_login(anna.user)

    asked = phone.get(f"/p/{anna.pk}/erase/").content.decode()
    shared.directors.remove(member["director"])
    both = phone.get(f"/p/{anna.pk}/erase/").content.decode()

    assert "the only director of Het Anker, which" in asked and "De Kroeg" not in asked
    assert "the only director of De Kroeg, Het Anker, which" in both
