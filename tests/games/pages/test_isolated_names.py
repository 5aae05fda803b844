"""Issue 26: every name people typed is isolated in the pages, so that a name in another script,
or a direction override kept from before names refused them, never turns the words around it
backwards: in page text inside ``<bdi>`` (or between FSI and PDI, in a sentence made in
Python), and between FSI and PDI in the ``<title>``, where markup cannot go.

The names here carry U+202E (RIGHT-TO-LEFT OVERRIDE), written to the database as data kept
from before: each of their occurrences in each page's text must be isolated."""

from __future__ import annotations

from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.test import Client

from games.models import Club, Player, Table, Tournament
from games.names import FSI, PDI
from games.services import club_create, club_member_add, deal_record
from games.services.club_options import club_set_options
from games.services.sessions import session_create, session_settle
from games.services.tables import Confirmer, table_confirm
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db

OVERRIDE = "\u202e"
RIK = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def legacy(name: str) -> str:
    """A name with a right-to-left override inside, as a document or an old version stored."""
    return f"Q{name[:2]}{OVERRIDE}{name}"


class Occurrences(HTMLParser):
    """Each occurrence of the names in the page's text (attributes aside), isolated or not."""

    def __init__(self, names: list[str]):
        super().__init__()
        self.names, self.open, self.found = names, [], []

    def handle_starttag(self, tag, attrs):
        if tag not in ("br", "input", "meta", "link", "img", "hr", "source"):
            self.open.append((tag, dict(attrs).get("class") or ""))

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        where = self.open[-1][0] if self.open else ""
        # A chip's label is isolated by the style sheet (unicode-bidi: plaintext): the deal
        # forms' chips name the players, one a chip.
        chip = where == "label" and any(
            set(css.split()) & {"radios", "checks"} for _tag, css in self.open
        )
        tags = [tag for tag, _css in self.open]
        for name in self.names:
            start = data.find(name)
            while start >= 0:
                end = start + len(name)
                by_marks = data[start - 1 : start] == FSI and data[end : end + 1] == PDI
                by_bdi = where == "bdi" and data == name and "title" not in tags
                by_style = chip and data.strip() == name
                self.found.append((where, name, by_marks or by_bdi or by_style, data))
                start = data.find(name, end)


def occurrences(html: str, names: list[str]) -> list[tuple]:
    parser = Occurrences(names)
    parser.feed(html)
    return parser.found


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks):
    director = django_user_model.objects.create_user("jan")
    club = club_create(name="De Zwaan", director=director)
    club_set_options(club=club, rate_friendly_matches=True, public_histories=True)
    members = [club_member_add(club=club, name=n) for n in ("Anna", "Bram", "Cor", "Dirk")]
    with django_capture_on_commit_callbacks(execute=True):
        evening = session_create(
            players=[m.pk for m in members], game="rikken", stake=Decimal("0.5"), owner=director
        )
        deal_record(match=evening.match, raw={**RIK, "dealer": 0})
        deal_record(match=evening.match, raw=RIK)
        session_settle(session=evening.session)
    table = drawn_table(
        django_capture_on_commit_callbacks,
        director=director,
        club=club,
        entrants=["Eva", "Fenna", "Gijs", "Hugo", "Ivo", "Joke", "Kees", "Lot"],
        deals_per_round=2,
    )
    tournament = table.round.tournament
    deal_record(match=table.match, raw={**RIK, "dealer": 0})
    deal_record(match=table.match, raw=RIK)
    table_confirm(table=table, by=table.match.seats.first().player.name, confirmer=Confirmer())
    # The names as they might have been stored before issue 26: each with an override.
    for player in Player.objects.all():
        Player.objects.filter(pk=player.pk).update(name=legacy(player.name))
    Table.objects.filter(pk=table.pk).update(confirmed_by=legacy(table.confirmed_by))
    Club.objects.filter(pk=club.pk).update(name=legacy("De Zwaan"))
    Tournament.objects.filter(pk=tournament.pk).update(name=legacy("Drive"))
    names = [p.name for p in Player.objects.all()] + [legacy("De Zwaan"), legacy("Drive")]
    return {
        "director": director, "club": club, "members": members, "evening": evening,
        "tournament": tournament, "table": Table.objects.get(pk=table.pk), "names": names,
    }  # fmt: skip


def pages(world) -> dict[str, str]:
    match = world["evening"].match.public_id
    event, club = world["tournament"].public_id, world["club"].slug
    anna = world["members"][0].pk
    return {
        "match, scoring": f"/m/{match}/edit/{world['evening'].edit_key}/",
        "match": f"/m/{match}/",
        "history": f"/m/{match}/history/",
        "chart": f"/m/{match}/chart/",
        "settle-up": f"/m/{match}/settle/",
        "evening": f"/s/{world['evening'].session.public_id}/",
        "player": f"/p/{anna}/",
        "ratings": f"/c/{club}/ratings/?game=rikken",
        "rating history": f"/c/{club}/ratings/rikken/{anna}/",
        "tournament": f"/t/{event}/",
        "projector": f"/t/{event}/live/",
        "results": f"/t/{event}/results/",
        "table": f"/m/{world['table'].match.public_id}/",
        "director": f"/director/t/{event}/",
        "table cards": f"/director/t/{event}/rounds/1/cards/",
        "club": f"/director/c/{club}/",
        "tournaments": "/tournaments/",
    }


def test_every_name_in_every_page_is_isolated(world):
    client = Client()
    client.force_login(world["director"])
    loose = {}
    seen = {}
    for what, path in pages(world).items():
        response = client.get(path, follow=True)
        assert response.status_code == 200, what
        found = occurrences(response.content.decode(), world["names"])
        seen[what] = len(found)
        loose[what] = [(where, data) for where, _name, isolated, data in found if not isolated]

    assert all(seen.values()), seen
    assert {what: rows for what, rows in loose.items() if rows} == {}


def test_the_title_isolates_the_names_with_unicode_marks(world):
    html = Client().get(f"/m/{world['evening'].match.public_id}/").content.decode()
    title = html[html.index("<title>") + 7 : html.index("</title>")]

    anna, bram = legacy("Anna"), legacy("Bram")
    assert title.startswith(f"Rikken: {FSI}{anna}{PDI}, {FSI}{bram}{PDI}, ")
