"""The queries each deal operation costs, at deal 1 and at deal 500: the same budget at both,
so a long match costs no more per deal than a new one (issue 13). Times are the bench's."""

import uuid

import pytest
from django.test import Client

from games.services import deal_record, match_create

RIKKEN = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
FAILED = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]}
# A write: the locked match row, the deal with the match and the answer to replay (one statement
# on PostgreSQL), and the transaction's BEGIN and COMMIT where the database reports them.
WRITE_BUDGET = 8
READ_BUDGET = 6


def _deal(number):
    return {**RIKKEN, "dealer": 0} if number == 1 else dict(RIKKEN)


def _match(deals: int):
    created = match_create(game="rikken", players=["Anna", "Bram", "Cor", "Dirk"])
    match = created.match
    for number in range(1, deals + 1):
        match, _ = deal_record(match=match, raw=_deal(number))
    return match, created.edit_key


@pytest.fixture(params=[0, 499], ids=["deal 1", "deal 500"])
def table(request, db):
    """A Rikken match with 0 or 499 deals: the next one is deal 1 or deal 500."""
    match, key = _match(request.param)
    return match, key, request.param


def test_recording_a_deal(table, api_client, django_assert_max_num_queries):
    match, key, played = table
    with django_assert_max_num_queries(WRITE_BUDGET):
        response = api_client.post(
            f"/api/v1/matches/{match.public_id}/deals/",
            _deal(played + 1),
            format="json",
            HTTP_X_EDIT_KEY=key,
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
    assert response.status_code == 201
    assert response.json()["number"] == played + 1


def test_correcting_a_deal(table, api_client, django_assert_max_num_queries):
    match, key, played = table
    if not played:
        deal_record(match=match, raw=_deal(1))
    with django_assert_max_num_queries(WRITE_BUDGET):
        response = api_client.put(
            f"/api/v1/matches/{match.public_id}/deals/1/",
            {**FAILED, "dealer": 0},
            format="json",
            HTTP_X_EDIT_KEY=key,
        )
    assert response.status_code == 200


def test_undoing_the_last_deal(table, api_client, django_assert_max_num_queries):
    match, key, played = table
    if not played:
        deal_record(match=match, raw=_deal(1))
    last = max(played, 1)
    with django_assert_max_num_queries(WRITE_BUDGET):
        response = api_client.delete(
            f"/api/v1/matches/{match.public_id}/deals/{last}/",
            HTTP_X_EDIT_KEY=key,
        )
    assert response.status_code == 200
    assert "deals" not in response.json()


def test_reading_the_match(table, api_client, django_assert_max_num_queries):
    match, _key, played = table
    with django_assert_max_num_queries(READ_BUDGET):
        response = api_client.get(f"/api/v1/matches/{match.public_id}/")
    assert len(response.json()["deals"]) == played
    with django_assert_max_num_queries(READ_BUDGET):
        one = api_client.get(f"/api/v1/matches/{match.public_id}/deals/?limit=10")
    assert one.json()["count"] == played


@pytest.mark.parametrize("scorer", [False, True], ids=["viewer", "scorer"])
def test_the_match_page(table, scorer, django_assert_max_num_queries):
    match, key, played = table
    client = Client()
    if scorer:
        client.get(f"/m/{match.public_id}/edit/{key}/")
    with django_assert_max_num_queries(READ_BUDGET + 2):  # the session, read and saved
        page = client.get(f"/m/{match.public_id}/")
    assert page.status_code == 200
    if played > 30:
        assert b"Earlier deals (1\xe2\x80\x93469)" in page.content


def test_the_earlier_deals_page_shows_a_page_of_them(db):
    match, _key = _match(120)
    page = Client().get(f"/m/{match.public_id}/history/?upto=90")
    assert page.status_code == 200
    assert b"Deals 41 to 90" in page.content
    assert b"?upto=40" in page.content and b"?upto=120" in page.content


@pytest.mark.django_db
def test_the_answer_to_keep_goes_in_the_deals_own_statement(api_client):
    """With an Idempotency-Key, the deal, the match's state and the answer to replay are one
    statement on PostgreSQL (two round trips fewer than one each), and a replay still finds it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    match, key = _match(3)
    idempotency_key = uuid.uuid4().hex
    with CaptureQueriesContext(connection) as captured:
        first = api_client.post(
            f"/api/v1/matches/{match.public_id}/deals/",
            _deal(4),
            format="json",
            HTTP_X_EDIT_KEY=key,
            HTTP_IDEMPOTENCY_KEY=idempotency_key,
        )
    assert first.status_code == 201
    writes = [q["sql"] for q in captured.captured_queries if "games_idempotencyrecord" in q["sql"]]
    if connection.vendor == "postgresql":
        assert len(writes) == 1 and "games_deal" in writes[0] and "games_match" in writes[0]
    else:
        assert len(writes) == 1
    again = api_client.post(
        f"/api/v1/matches/{match.public_id}/deals/",
        _deal(4),
        format="json",
        HTTP_X_EDIT_KEY=key,
        HTTP_IDEMPOTENCY_KEY=idempotency_key,
    )
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    match.refresh_from_db()
    assert match.last_number == 4


def test_a_phones_later_writes_skip_reading_whether_its_key_opens_the_match(
    db, monkeypatch, django_assert_num_queries
):
    """The rate limits ask whether a deal's key opens its match; a key that does is remembered a
    minute (games.permissions), so a phone's later deals skip the read. A wrong key is never
    remembered, and a remembered one is read again once its minute is over."""
    from games import permissions

    match, key = _match(0)
    monkeypatch.setattr(permissions, "_OPENED", {})
    clock = [1000.0]
    monkeypatch.setattr(permissions.time, "monotonic", lambda: clock[0])
    opens = lambda k: permissions.key_opens_match(k, public_id=match.public_id)  # noqa: E731

    with django_assert_num_queries(1):
        assert opens(key)
    with django_assert_num_queries(0):
        assert opens(key)
    for _ in range(2):
        with django_assert_num_queries(1):
            assert not opens("not-" + key)
    assert key not in repr(permissions._OPENED)  # its digest only
    clock[0] += permissions.OPENED_FOR + 1
    with django_assert_num_queries(1):
        assert opens(key)
