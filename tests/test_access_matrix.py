"""Nobody reaches what is not theirs: every write of the API and of the pages, tried with each
kind of wrong credentials, is refused and stores nothing.

The credentials tried: none; another match's edit key; another table's keys; a table's scoring
key where confirming is asked (and its confirmation key where scoring is asked); a director of
another club; and on the pages, a POST without its CSRF token (with the right credentials).
A route that is added without a place here fails ``test_every_write_is_in_the_matrix``.

The open writes that make a new evening or match are tried too (issue 26): by a stranger they
name no club and seat none of its members (``test_only_the_clubs_people_name_it_or_seat_its_members``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import RulePreset, Table
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_create, session_settle
from games.services.table_keys import table_keys
from games.services.tables import Confirmer, table_confirm
from tests.database import snapshot
from tests.factories import drawn_event
from tests.routes import routes

pytestmark = pytest.mark.django_db

MARAFON_DEAL = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
RIKKEN_DEAL = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
PASSWORD = "pw-x-1234"

# Writes anyone may make, since they make something new of the caller's own: a match, a club,
# their own house rules or token, an account, a settle-up computed and not stored, the language
# of their own pages (a cookie: nothing stored).
OPEN_API = {"match-list", "club-list", "preset-list", "settlements", "auth-token", "session-list"}
OPEN_PAGES = {
    "new", "login", "logout", "signup", "club-new", "edit-link", "confirm-link", "session-new",
    "session-edit-link", "set_language",
}  # fmt: skip
# Routes that only read.
READ_ONLY = {
    "schema", "docs", "redoc", "match-detail", "match-settlement", "match-export", "results", "corrections",
    "tournament-standings", "club-detail", "home", "match", "version", "settlement",
    "tournaments", "tournament", "tournament-live", "tournament-version", "tournament-results",
    "director", "club", "director-tournament", "table-cards", "history",
    "service-worker", "manifest", "offline",
    "session-detail", "club-ratings", "rating-history", "session", "match-chart", "player",
    "glossary", "season", "season-member", "season-standing", "privacy", "deal",
}  # fmt: skip
# Reads for one person only (a player's own data, a club's export for its directors), tried
# with wrong credentials in tests/test_access_matrix_reads.py.
RESTRICTED_READS = {"player-data", "club-export"}


@dataclass
class World:
    club: object
    rival_director: object
    director: object
    match: object  # a friendly match, with its edit key
    edit_key: str
    other_edit_key: str
    tournament: object
    table: Table  # table 1, with a deal
    other_table: Table
    seated: list
    preset: RulePreset
    session: object  # an open session (a Rikken match with a deal), with its edit key
    session_key: str
    settled: object  # a settled session, its transfers not paid yet
    settled_key: str
    member: object  # a known player with an account of their own
    clubmate: object  # another member of the club with an account: not the player, no director
    season: object  # the club's season, the tournament attached to it
    season_event: object


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks) -> World:
    director = django_user_model.objects.create_user("dir", password=PASSWORD)
    rival = django_user_model.objects.create_user("rival", password=PASSWORD)
    club = club_create(name="De Zwaan", director=director)
    club_create(name="Het Anker", director=rival)
    member = club_member_add(club=club, name="Anna")
    clubmate = club_member_add(club=club, name="Anna B.")
    tournament = drawn_event(
        django_capture_on_commit_callbacks,
        director=director,
        club=club,
        entrants=[member, *(f"P{n}" for n in range(7))],
        rounds=3,
    )
    table, other_table = Table.objects.select_related("match").order_by("number")
    deal_record(match=table.match, raw=RIKKEN_DEAL)
    # Table 2 is confirmed: the target of a reopening (table 1, then, is "another table").
    deal_record(match=other_table.match, raw=RIKKEN_DEAL)
    other_table = table_confirm(
        table=other_table, by=other_table.match.seats.first().player.name, confirmer=Confirmer()
    )
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=created.match, raw=MARAFON_DEAL)
    other = match_create(game="marafon", players=["E", "F", "G", "H"])
    preset = RulePreset.objects.create(
        name="Zwaan", game="rikken", rules={}, owner=director, club=club
    )
    session = session_create(players=["S1", "S2", "S3", "S4"], game="rikken", stake=Decimal("1"))
    deal_record(match=session.match, raw=RIKKEN_DEAL)
    settled = session_create(players=["T1", "T2", "T3", "T4"], game="rikken", stake=Decimal("1"))
    deal_record(match=settled.match, raw=RIKKEN_DEAL)
    session_settle(session=settled.session)
    member.user = django_user_model.objects.create_user("anna", password=PASSWORD)
    member.save()
    clubmate.user = django_user_model.objects.create_user("annab", password=PASSWORD)
    clubmate.save()
    season = season_create(
        club=club, user=director, name="Spring", starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1),
    )  # fmt: skip
    season_event = season_event_add(season=season, user=director, tournament=tournament.public_id)
    return World(
        club=club,
        rival_director=rival,
        director=director,
        match=created.match,
        edit_key=created.edit_key,
        other_edit_key=other.edit_key,
        tournament=tournament,
        table=table,
        other_table=other_table,
        seated=[s.player.name for s in table.match.seats.order_by("number")],
        preset=preset,
        session=session.session,
        session_key=session.edit_key,
        settled=settled.session,
        settled_key=settled.edit_key,
        member=member,
        clubmate=clubmate,
        season=season,
        season_event=season_event,
    )


def api_writes(w: World) -> list[tuple[str, str, str, dict | None, str]]:
    """(route name, method, path, body, what it writes into)."""
    m, t = w.match.public_id, w.tournament.public_id
    s = w.session.public_id
    table_match = w.table.match.public_id
    entrant = w.tournament.entrants.first()
    base = f"/api/v1/tournaments/{t}/"
    table = f"{base}rounds/1/tables/{w.table.number}/"
    club = f"/api/v1/clubs/{w.club.slug}/"
    season = f"/api/v1/seasons/{w.season.public_id}/"
    members = list(w.club.members.order_by("id"))
    new_event = {
        "club": w.club.slug, "name": "X", "game": "rikken", "format": "individual",
        "rounds": 1, "round_kind": "deals", "deals_per_round": 4,
    }  # fmt: skip
    return [
        ("deal-list", "post", f"/api/v1/matches/{m}/deals/", {"trump": "cups", "points": [6, 5]}, "match"),
        ("deal-detail", "put", f"/api/v1/matches/{m}/deals/1/", {**MARAFON_DEAL, "points": [8, 3]}, "match"),
        ("deal-detail", "delete", f"/api/v1/matches/{m}/deals/1/", None, "match"),
        ("deal-list", "post", f"/api/v1/matches/{table_match}/deals/", RIKKEN_DEAL, "table-match"),
        ("table-confirm", "post", f"{table}confirm/", {"by": w.seated[0]}, "table"),
        ("table-dispute", "post", f"{table}dispute/", {"by": w.seated[0], "reason": "no"}, "table"),
        ("tournament-list", "post", "/api/v1/tournaments/", new_event, "club"),
        ("tournament-detail", "patch", base, {"name": "Renamed"}, "club"),
        ("entrant-list", "post", f"{base}entrants/", {"name": "Zed"}, "club"),
        ("entrant-detail", "patch", f"{base}entrants/{entrant.pk}/", {"status": "withdrawn"}, "club"),
        ("round-list", "post", f"{base}rounds/", {}, "club"),
        ("round-detail", "delete", f"{base}rounds/1/", None, "club"),
        ("club-members", "post", f"{club}members/", {"name": "Quinten"}, "club"),
        ("club-merge", "post", f"{club}members/merge/", {"keep": members[0].pk, "duplicate": members[1].pk}, "club"),
        ("club-directors", "post", f"{club}directors/", {"username": "rival"}, "club"),
        ("preset-detail", "delete", f"/api/v1/presets/{w.preset.pk}/", None, "club"),
        ("table-reopen", "post", f"{base}rounds/1/tables/{w.other_table.number}/reopen/", None, "reopen"),
        ("table-swap", "post", f"{table}swap/", None, "swap"),
        ("session-matches", "post", f"/api/v1/sessions/{s}/matches/", {}, "session"),
        ("session-settle", "post", f"/api/v1/sessions/{s}/settle/", {}, "session"),
        ("session-transfer-paid", "post", f"/api/v1/sessions/{w.settled.public_id}/transfers/1/paid/", {}, "settled"),
        ("player-detail", "patch", f"/api/v1/players/{w.member.pk}/", {"history": "public"}, "player"),
        ("club-options", "patch", f"{club}options/", {"rate_friendly_matches": True}, "club"),
        ("season-list", "post", "/api/v1/seasons/", {"club": w.club.slug, "name": "X", "starts_on": "2000-01-01", "ends_on": "2000-12-31"}, "club"),
        ("season-detail", "patch", f"{season}", {"name": "Renamed"}, "club"),
        ("season-events", "post", f"{season}events/", {"session": w.settled.public_id}, "club"),
        ("season-event-detail", "delete", f"{season}events/{w.season_event.pk}/", None, "club"),
        # Issue 31: deleting, exporting a club (which lets it be deleted), erasing a player.
        ("match-detail", "delete", f"/api/v1/matches/{m}/", None, "match"),
        ("match-detail", "delete", f"/api/v1/matches/{table_match}/", None, "table-match"),
        ("session-detail", "delete", f"/api/v1/sessions/{s}/", None, "session"),
        ("session-detail", "delete", f"/api/v1/sessions/{w.settled.public_id}/", None, "settled"),
        ("tournament-detail", "delete", base, None, "club"),
        ("club-detail", "delete", club, None, "club"),
        ("club-export", "get", f"{club}export/", None, "club"),
        ("player-erase", "post", f"/api/v1/players/{w.member.pk}/erase/", {"erase": True}, "player"),
    ]  # fmt: skip


def page_writes(w: World) -> list[tuple[str, str, dict, str]]:
    """(route name, path, form data, what it writes into)."""
    m, t = w.match.public_id, w.tournament.public_id
    table_match = w.table.match.public_id
    director = f"/director/t/{t}/"
    entrant = w.tournament.entrants.first()
    members = list(w.club.members.order_by("id"))
    return [
        ("deal-new", f"/m/{m}/deals/", {"trump": "cups", "points": "6"}, "match"),
        ("deal-edit", f"/m/{m}/deals/1/edit/", {"trump": "coins", "points": "8"}, "match"),
        ("deal-undo", f"/m/{m}/deals/1/undo/", {}, "match"),
        ("deal-new", f"/m/{table_match}/deals/", {"contract": "misere", "declarer": "1", "tricks": "0"}, "table-match"),
        ("table-confirm", f"/m/{table_match}/confirm/", {"by": w.seated[0]}, "table"),
        ("table-dispute", f"/m/{table_match}/dispute/", {"by": w.seated[0], "reason": "no"}, "table"),
        ("table-scorer", f"/m/{table_match}/scorer/", {"scorer": "0"}, "table-match"),
        ("tournament-new", "/director/new/", {"club": w.club.pk, "name": "X", "game": "rikken", "format": "individual", "rounds": "1", "round_kind": "deals", "deals_per_round": "4"}, "club"),
        ("entrants-add", f"{director}entrants/", {"player": "Zed"}, "club"),
        ("entrants-all", f"{director}entrants/all/members/", {}, "club"),
        ("entrants-all", f"{director}entrants/all/check-in/", {}, "club"),
        ("entrant-status", f"{director}entrants/{entrant.pk}/", {"status": "withdrawn"}, "club"),
        ("round-draw", f"{director}draw/", {}, "club"),
        ("tournament-rounds", f"{director}rounds/", {"rounds": "5"}, "club"),
        ("round-take-back", f"{director}rounds/1/take-back/", {}, "club"),
        ("director-confirm", f"{director}rounds/1/tables/{w.table.number}/confirm/", {}, "club"),
        ("club-director-add", f"/director/c/{w.club.slug}/directors/", {"username": "rival"}, "club"),
        ("club-members-add", f"/director/c/{w.club.slug}/members/", {"names": "Quinten"}, "club"),
        ("club-members-merge", f"/director/c/{w.club.slug}/merge/", {"keep": members[0].pk, "duplicate": members[1].pk}, "club"),
        ("club-rules-add", f"/director/c/{w.club.slug}/rules/marafon/", {"name": "Zwaan", "rule_target": "31"}, "club"),
        ("table-reopen", f"/m/{w.other_table.match.public_id}/reopen/", {}, "reopen"),
        ("table-swap", f"/m/{table_match}/swap/", {}, "swap"),
        ("session-next", f"/s/{w.session.public_id}/next/", {"choice": "again"}, "session"),
        ("session-settle", f"/s/{w.session.public_id}/settle/", {}, "session"),
        ("session-paid", f"/s/{w.settled.public_id}/transfers/1/paid/", {"paid": "1"}, "settled"),
        ("player-privacy", f"/p/{w.member.pk}/privacy/", {"history": "public"}, "player"),
        ("club-options", f"/c/{w.club.slug}/options/", {"rate_friendly_matches": "on"}, "club"),
        ("club-seasons", f"/director/c/{w.club.slug}/seasons/", {"name": "X", "starts_on": "2000-01-01", "ends_on": "2000-12-31", "scheme": "field_size", "drop": "0", "min_events": "0", "min_prize_events": "0"}, "club"),
        ("season-director", f"/director/season/{w.season.public_id}/", {"name": "Y", "starts_on": "2000-01-01", "ends_on": "2000-12-31", "scheme": "field_size", "drop": "0", "min_events": "0", "min_prize_events": "0"}, "club"),
        ("season-event-attach", f"/director/season/{w.season.public_id}/events/", {"session": w.settled.public_id}, "club"),
        ("season-event-detach", f"/director/season/{w.season.public_id}/events/{w.season_event.pk}/detach/", {}, "club"),
        ("match-delete", f"/m/{m}/delete/", {"confirm": "1"}, "match"),
        ("match-delete", f"/m/{table_match}/delete/", {"confirm": "1"}, "table-match"),
        ("session-delete", f"/s/{w.session.public_id}/delete/", {"confirm": "1"}, "session"),
        ("session-delete", f"/s/{w.settled.public_id}/delete/", {"confirm": "1"}, "settled"),
        ("tournament-delete", f"{director}delete/", {"confirm": "1"}, "club"),
        ("club-delete", f"/director/c/{w.club.slug}/delete/", {"confirm": "1"}, "club"),
        ("player-erase", f"/p/{w.member.pk}/erase/", {"confirm": "1"}, "player"),
    ]  # fmt: skip


def api_cases(w: World, kind: str) -> dict[str, dict]:
    """Each wrong credential, as the headers (and the signed-in user) of an API call."""
    other = table_keys(w.other_table)
    own = table_keys(w.table)
    if kind == "reopen":  # its target is table 2
        own, other = other, own
    cases = {
        "no credentials": {},
        "another match's edit key": {"HTTP_X_EDIT_KEY": w.other_edit_key},
        "another table's scoring key": {
            "HTTP_X_EDIT_KEY": other.scoring,
            "HTTP_X_TABLE_KEY": other.scoring,
        },
        "another table's confirmation key": {
            "HTTP_X_EDIT_KEY": other.confirmation,
            "HTTP_X_TABLE_KEY": other.confirmation,
        },
        "a director of another club": {"user": w.rival_director},
        "another member of the club, signed in": {"user": w.clubmate.user},
    }
    if kind in ("session", "settled"):
        other_session = w.settled_key if kind == "session" else w.session_key
        cases["another session's edit key"] = {"HTTP_X_EDIT_KEY": other_session}
    if kind == "table":
        cases["the scoring key where confirming is asked"] = {
            "HTTP_X_TABLE_KEY": own.scoring,
            "HTTP_X_EDIT_KEY": own.scoring,
        }
    if kind in ("table-match", "reopen"):
        cases["the confirmation key where scoring is asked"] = {
            "HTTP_X_EDIT_KEY": own.confirmation,
            "HTTP_X_TABLE_KEY": own.confirmation,
        }
    return cases


def refused(response) -> bool:
    if response.status_code == 302:
        return response["Location"].startswith("/accounts/login/")
    return response.status_code >= 400


def test_every_write_of_the_api_refuses_wrong_credentials_and_stores_nothing(world):
    crossed = []
    tried = 0
    before = snapshot()
    for name, method, path, body, kind in api_writes(world):
        for case, credentials in api_cases(world, kind).items():
            credentials = dict(credentials)
            client = APIClient()
            user = credentials.pop("user", None)
            if user is not None:
                client.force_authenticate(user)
            response = getattr(client, method)(path, body, format="json", **credentials)
            tried += 1
            # The state after a refusal is the state before the next try: one digest a try.
            after = snapshot()
            if not refused(response) or after != before:
                crossed.append((name, method, case, response.status_code))
                before = after
    assert crossed == []
    assert tried >= 16 * 5


def page_client(w: World, case: str, kind: str) -> Client | None:
    """A browser holding the credentials of ``case`` (None: the case does not apply)."""
    client = Client(enforce_csrf_checks=case == "a POST without its CSRF token")
    own, other = table_keys(w.table), table_keys(w.other_table)
    target = w.table.match.public_id
    if kind == "reopen":  # its target is table 2
        own, other, target = other, own, w.other_table.match.public_id
    if case == "no credentials":
        return client
    if case == "another match's edit key":
        client.get(f"/m/{w.match.public_id}/edit/{w.other_edit_key}/")
        client.get(f"/m/{w.table.match.public_id}/edit/{w.other_edit_key}/")
        # and another session's key, at each session
        client.get(f"/s/{w.session.public_id}/edit/{w.settled_key}/")
        client.get(f"/s/{w.settled.public_id}/edit/{w.session_key}/")
    elif case == "another table's keys":
        for match_id in (w.match.public_id, target):
            client.get(f"/m/{match_id}/edit/{other.scoring}/")
            client.get(f"/m/{match_id}/confirm/{other.confirmation}/")
    elif case == "the scoring key where confirming is asked":
        if kind != "table":
            return None
        client.get(f"/m/{w.table.match.public_id}/edit/{own.scoring}/")
    elif case == "the confirmation key where scoring is asked":
        if kind not in ("table-match", "reopen"):
            return None
        client.get(f"/m/{target}/confirm/{own.confirmation}/")
    elif case == "a director of another club":
        client.force_login(w.rival_director)
    elif case == "another member of the club, signed in":
        client.force_login(w.clubmate.user)
    elif case == "a POST without its CSRF token":
        # and every key: only the missing token is wrong
        client.force_login(w.member.user if kind == "player" else w.director)
        client.get(f"/m/{w.match.public_id}/edit/{w.edit_key}/")
        client.get(f"/s/{w.session.public_id}/edit/{w.session_key}/")
        client.get(f"/s/{w.settled.public_id}/edit/{w.settled_key}/")
        client.get(f"/m/{target}/edit/{own.scoring}/")
        client.get(f"/m/{target}/confirm/{own.confirmation}/")
    return client


PAGE_CASES = [
    "no credentials",
    "another match's edit key",
    "another table's keys",
    "the scoring key where confirming is asked",
    "the confirmation key where scoring is asked",
    "a director of another club",
    "another member of the club, signed in",
    "a POST without its CSRF token",
]


@pytest.mark.slow
def test_every_write_of_the_pages_refuses_wrong_credentials_and_stores_nothing(world):
    crossed = []
    tried = 0
    # One browser a case and kind, its keys visited once (a refused write leaves them as they
    # were); the state after a refusal is the state before the next try: one digest a try.
    clients: dict[tuple[str, str], Client | None] = {}
    before = None
    for name, path, data, kind in page_writes(world):
        for case in PAGE_CASES:
            if (case, kind) not in clients:
                clients[case, kind] = page_client(world, case, kind)
                before = None  # a sign-in stamps the account: digest again after it
            if (client := clients[case, kind]) is None:
                continue
            before = before or snapshot()
            response = client.post(path, data)
            tried += 1
            after = snapshot()
            if not refused(response) or after != before:
                crossed.append((name, case, response.status_code))
            before = after
    assert crossed == []
    assert tried >= 16 * 5


def test_every_write_is_in_the_matrix(world):
    """A new route must be placed: open, read-only, or a write tried above."""
    tried_api = {name for name, *_ in api_writes(world)}
    tried_pages = {name for name, *_ in page_writes(world)}
    placed = OPEN_API | OPEN_PAGES | READ_ONLY | RESTRICTED_READS | tried_api | tried_pages
    assert {name for name, _ in routes()} - placed == set()


# --- issue 26: only a club's people write into its members' seats and its ratings ------------


def club_reach(w: World) -> tuple[int, int]:
    """What a write reached of the club: its members' seats, and evenings in its name."""
    from games.models import Seat, Session

    seats = Seat.objects.filter(player__clubs=w.club).count()
    return seats, Session.objects.filter(club=w.club).count()


def club_writes(w: World, client) -> list[tuple[str, str, str, dict]]:
    """(route name, api or page, path, body): a new evening or match that names the club or
    seats its members by id (an id is public: the club's member list shows it)."""
    members = list(w.club.members.filter(name__startswith="Anna").order_by("id"))
    ids = [{"id": p.pk} for p in members]
    names = "\n".join([*(p.name for p in members), "Xavier", "Yara"])
    form = client.get("/new/rikken/").context["form"]
    setup = {
        f.name: ("on" if f.initial is True else f.initial)
        for f in form
        if f.initial not in (None, False) and not f.name.startswith("player_")
    }
    typed = {f"player_{n}": name for n, name in enumerate(names.splitlines())}
    return [
        ("session-list", "api", "/api/v1/sessions/", {"players": [*ids, "X", "Y"], "game": "rikken", "club": w.club.slug}),
        ("session-list", "api", "/api/v1/sessions/", {"players": [*ids, "X", "Y"], "game": "rikken"}),
        ("match-list", "api", "/api/v1/matches/", {"game": "rikken", "players": [*ids, "X", "Y"]}),
        ("session-new", "page", "/s/new/", {"players": names, "game": "rikken", "club": w.club.slug}),
        ("session-new", "page", "/s/new/", {"players": names, "game": "rikken"}),
        ("new", "page", "/new/rikken/", {**setup, **typed}),
    ]  # fmt: skip


def test_only_the_clubs_people_name_it_or_seat_its_members(world, django_user_model):
    """A stranger's evening or match may be created (their own table), but it names no club
    and seats none of its members: a member named by id or by name sits as a guest, and naming
    the club is refused at its field (400). The club's director and a member's own account
    reach both: the check can see a write that reaches the club."""
    ster = django_user_model.objects.create_user("ster", password=PASSWORD)
    outsider = club_member_add(club=club_create(name="De Ster", director=ster), name="Otto")
    outsider.user = django_user_model.objects.create_user("otto", password=PASSWORD)
    outsider.save()
    strangers = {
        "no credentials": None,
        "a director of another club": world.rival_director,
        "a member of another club": outsider.user,
    }
    people = {"the club's director": world.director, "a member's own account": world.member.user}
    reached = {}
    for case, user in {**strangers, **people}.items():
        for name, kind, path, body in club_writes(world, Client()):
            if kind == "api":
                client = APIClient()
                if user is not None:
                    client.force_authenticate(user)
                before = club_reach(world)
                response = client.post(path, body, format="json")
            else:
                client = Client()
                if user is not None:
                    client.force_login(user)
                before = club_reach(world)
                response = client.post(path, body)
            named = "club" in body
            after = club_reach(world)
            reached[(case, name, kind, named)] = (response.status_code, after != before)
    for (case, name, kind, named), (status, reach) in reached.items():
        if case in strangers:
            assert not reach, (case, name, kind, named)
            if named and kind == "api":
                assert status == 400, (case, name)
        else:
            assert reach and status < 400, (case, name, kind, named, status)
