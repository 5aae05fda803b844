"""A link from elsewhere cannot take a phone's key away: a key is checked before the phone
keeps it, a wrong one leaves the phone as it was (with a clear page saying so), and keys are
kept per match, table and evening. The pages that carry a key are kept by no cache and send
their address to no other site."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from games.models import Deal, Table
from games.services import match_create
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db

FIRST_DEAL = {"battezzante": "2", "trump": "cups", "points": "7"}
RIKKEN_DEAL = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def scorer(match_id: str, key: str) -> Client:
    phone = Client()
    assert phone.get(f"/m/{match_id}/edit/{key}/").status_code == 302
    return phone


def scores(phone: Client, match_id: str) -> bool:
    """The phone's match page has the deal form, and a deal it posts is recorded."""
    page = phone.get(f"/m/{match_id}/").content.decode()
    before = Deal.objects.filter(match__public_id=match_id).count()
    posted = phone.post(f"/m/{match_id}/deals/", FIRST_DEAL)
    after = Deal.objects.filter(match__public_id=match_id).count()
    return f'action="/m/{match_id}/deals/"' in page and posted.status_code == 302 and after > before


@pytest.fixture
def friendly():
    return match_create(game="marafon", players=["A", "B", "C", "D"])


@pytest.fixture
def other():
    return match_create(game="marafon", players=["E", "F", "G", "H"])


@pytest.fixture
def table(django_capture_on_commit_callbacks) -> Table:
    return drawn_table(django_capture_on_commit_callbacks, first_deal=RIKKEN_DEAL)


def wrong_keys(key: str, other_key: str) -> list[str]:
    return [
        key[:-1] + ("A" if key[-1] != "A" else "B"),  # a typo
        other_key,  # another match's key
        "x" * 32,  # a link on some other site
        "y" * 3000,  # a long one
        "%3Cscript%3E",
    ]


# --- the edit link -----------------------------------------------------------------------------


def test_a_wrong_link_for_the_same_match_leaves_the_phone_scoring(friendly, other):
    match_id = friendly.match.public_id
    for wrong in wrong_keys(friendly.edit_key, other.edit_key):
        phone = scorer(match_id, friendly.edit_key)

        refused = phone.get(f"/m/{match_id}/edit/{wrong}/")

        assert refused.status_code == 403
        html = refused.content.decode()
        assert "This edit link is not valid for this match." in html
        assert "Nothing changed on this phone" in html and f'href="/m/{match_id}/"' in html
        assert phone.session["edit_keys"] == {match_id: friendly.edit_key}
        assert scores(phone, match_id), wrong[:40]


def test_a_wrong_link_keeps_nothing_on_a_fresh_phone(friendly):
    phone = Client()

    refused = phone.get(f"/m/{friendly.match.public_id}/edit/{'x' * 32}/")

    assert refused.status_code == 403
    assert "edit_keys" not in phone.session
    assert phone.post(f"/m/{friendly.match.public_id}/deals/", FIRST_DEAL).status_code == 403


def test_two_matches_keep_their_keys(friendly, other):
    a, b = friendly.match.public_id, other.match.public_id
    phone = scorer(a, friendly.edit_key)
    assert phone.get(f"/m/{b}/edit/{other.edit_key}/").status_code == 302
    # Each match's link opened at the other match opens nothing, and costs nothing.
    assert phone.get(f"/m/{a}/edit/{other.edit_key}/").status_code == 403
    assert phone.get(f"/m/{b}/edit/{friendly.edit_key}/").status_code == 403

    assert phone.session["edit_keys"] == {a: friendly.edit_key, b: other.edit_key}
    assert scores(phone, a) and scores(phone, b)


def test_a_signed_in_owner_with_a_wrong_link_still_scores(friendly, django_user_model, client):
    owner = django_user_model.objects.create_user("own", password="pw-x-1234-long")
    created = match_create(game="marafon", players=["A", "B", "C", "D"], owner=owner)
    client.force_login(owner)

    refused = client.get(f"/m/{created.match.public_id}/edit/{friendly.edit_key}/")

    assert refused.status_code == 403
    assert scores(client, created.match.public_id)


def test_a_wrong_link_is_said_in_the_phones_language(friendly):
    phone = Client(HTTP_ACCEPT_LANGUAGE="it")

    refused = phone.get(f"/m/{friendly.match.public_id}/edit/{'x' * 32}/")

    html = refused.content.decode()
    assert refused.status_code == 403
    assert "Questo link di modifica non vale per questo incontro." in html
    assert "Link non valido" in html and "non è cambiato nulla" in html


def test_a_link_to_no_match_is_not_found(friendly):
    phone = scorer(friendly.match.public_id, friendly.edit_key)

    assert phone.get(f"/m/nope/edit/{friendly.edit_key}/").status_code == 404
    assert phone.get(f"/m/nope/confirm/{friendly.edit_key}/").status_code == 404
    assert phone.get(f"/s/nope/edit/{friendly.edit_key}/").status_code == 404
    assert phone.session["edit_keys"] == {friendly.match.public_id: friendly.edit_key}


# --- a table's two links -----------------------------------------------------------------------


def test_the_confirmation_key_is_checked_before_it_is_kept(table, friendly):
    match_id = table.match.public_id
    keys = table_keys(table)
    phone = Client()
    assert phone.get(f"/m/{match_id}/confirm/{keys.confirmation}/").status_code == 302
    assert phone.get(f"/m/{match_id}/confirm/").status_code == 200

    for wrong in wrong_keys(keys.confirmation, keys.scoring):
        refused = phone.get(f"/m/{match_id}/confirm/{wrong}/")

        assert refused.status_code == 403
        assert "This confirmation link is not valid for this table." in refused.content.decode()
        assert phone.session["confirm_keys"] == {match_id: keys.confirmation}
        assert phone.get(f"/m/{match_id}/confirm/").status_code == 200
    # At a match that is no table's, nothing is kept either.
    not_a_table = phone.get(f"/m/{friendly.match.public_id}/confirm/{keys.confirmation}/")
    assert not_a_table.status_code == 404
    assert phone.session["confirm_keys"] == {match_id: keys.confirmation}
    confirmed = phone.post(f"/m/{match_id}/confirm/", {"by": table.match.seats.first().player.name})
    assert confirmed.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None


def test_a_fresh_phone_keeps_no_wrong_confirmation_key(table):
    phone = Client()

    refused = phone.get(f"/m/{table.match.public_id}/confirm/{table_keys(table).scoring}/")

    assert refused.status_code == 403
    assert "confirm_keys" not in phone.session


def test_the_scoring_phone_keeps_its_key_when_a_confirmation_link_is_opened_as_an_edit_link(
    table,
):
    match_id = table.match.public_id
    keys = table_keys(table)
    phone = scorer(match_id, keys.scoring)

    assert phone.get(f"/m/{match_id}/edit/{keys.confirmation}/").status_code == 403

    page = phone.get(f"/m/{match_id}/").content.decode()
    assert f'action="/m/{match_id}/deals/"' in page


# --- an evening's link -------------------------------------------------------------------------


def test_a_wrong_session_link_leaves_the_evening_and_its_matches_to_the_phone(friendly):
    evening = session_create(
        players=["S1", "S2", "S3", "S4"], game="marafon", stake=Decimal("1")
    )  # fmt: skip
    other_evening = session_create(players=["T1", "T2", "T3", "T4"], game="marafon")
    sid, match_id = evening.session.public_id, evening.match.public_id
    phone = Client()
    assert phone.get(f"/s/{sid}/edit/{evening.edit_key}/").status_code == 302
    assert phone.get(f"/m/{friendly.match.public_id}/edit/{friendly.edit_key}/").status_code == 302

    for wrong in [*wrong_keys(evening.edit_key, other_evening.edit_key), friendly.edit_key]:
        refused = phone.get(f"/s/{sid}/edit/{wrong}/")

        assert refused.status_code == 403
        assert "This edit link is not valid for this session." in refused.content.decode()
        assert phone.session["session_keys"] == {sid: evening.edit_key}
    assert phone.session["edit_keys"] == {
        match_id: evening.edit_key,
        friendly.match.public_id: friendly.edit_key,
    }
    assert "edit_url" in phone.get(f"/s/{sid}/").context
    assert scores(phone, match_id) and scores(phone, friendly.match.public_id)


# --- the pages that carry a key ----------------------------------------------------------------


def assert_private(response, what: str) -> None:
    """Kept by no cache; a redirect sends no referrer, a page sends its address to this site
    alone (its own forms post with their origin, which the CSRF check asks for)."""
    assert "no-store" in response.get("Cache-Control", ""), what
    policy = "no-referrer" if 300 <= response.status_code < 400 else "same-origin"
    assert response.get("Referrer-Policy") == policy, what


def test_the_pages_that_carry_a_key_are_private(table, friendly, django_user_model):
    match_id, t = friendly.match.public_id, table.round.tournament
    at_table = f"/m/{table.match.public_id}/"
    keys = table_keys(table)
    evening = session_create(players=["S1", "S2", "S3", "S4"], game="marafon")
    sid = evening.session.public_id
    phone = Client()
    director = Client()
    director.force_login(t.club.directors.get())
    pages = {
        "the edit link": (phone, f"/m/{match_id}/edit/{friendly.edit_key}/", 302),
        "a wrong edit link": (phone, f"/m/{match_id}/edit/{'x' * 32}/", 403),
        "an edit link to no match": (phone, f"/m/nope/edit/{friendly.edit_key}/", 404),
        "the scorer's match page": (phone, f"/m/{match_id}/", 200),
        "the confirmation link": (phone, f"{at_table}confirm/{keys.confirmation}/", 302),
        "a wrong confirmation link": (phone, f"{at_table}confirm/{'x' * 32}/", 403),
        "the confirmation page": (phone, f"{at_table}confirm/", 200),
        "the table's scoring link": (phone, f"{at_table}edit/{keys.scoring}/", 302),
        "the table's scoring page": (phone, at_table, 200),
        "the evening's edit link": (phone, f"/s/{sid}/edit/{evening.edit_key}/", 302),
        "a wrong evening link": (phone, f"/s/{sid}/edit/{'x' * 32}/", 403),
        "the evening's editing page": (phone, f"/s/{sid}/", 200),
        "the table cards": (director, f"/director/t/{t.public_id}/rounds/1/cards/", 200),
        "the director's page (its tables' links)": (director, f"/director/t/{t.public_id}/", 200),
    }  # fmt: skip
    for what, (client, url, status) in pages.items():
        response = client.get(url)

        assert response.status_code == status, what
        assert_private(response, what)
    # The scorer's forms, and the match page again when a deal is refused.
    phone.post(f"/m/{match_id}/deals/", FIRST_DEAL)
    assert_private(phone.get(f"/m/{match_id}/deals/1/edit/"), "the deal correction")
    assert_private(phone.get(f"/m/{match_id}/deals/1/undo/"), "the undo page")
    refused_deal = phone.post(f"/m/{match_id}/deals/", {"trump": "cups", "points": "99"})
    assert refused_deal.status_code == 400
    assert_private(refused_deal, "the match page with a refused deal")


def test_a_spectators_pages_stay_cacheable(friendly):
    """The share link carries no key: its page may be kept (and offline) like any other."""
    spectator = Client()

    page = spectator.get(f"/m/{friendly.match.public_id}/")

    assert page.status_code == 200 and "edit_url" not in page.context
    assert "no-store" not in page.get("Cache-Control", "")
