"""The deal write reads top to bottom: the services take plain facts (the key and the user of
whoever asks, the key against doing it twice), check who may write on the row they lock, and
keep the answer that the API replies and a page's resent form finds (games.answers)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.test import Client

from games.answers import Answer, deal_body, deal_recorded
from games.models import Deal, IdempotencyRecord, Session
from games.services import (
    Idempotency,
    IdempotencyKey,
    KeyTaken,
    Refused,
    StaleVersion,
    deal_record,
    deal_replace,
    deal_undo,
    idempotency_kept,
    idempotency_store,
    match_create,
)
from games.services.sessions import (
    session_create,
    session_match_add,
    session_settle,
    session_transfer_paid,
)

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]
FIRST = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
SECOND = {"trump": "coins", "points": [6, 5]}
STRANGER = AnonymousUser()


@pytest.fixture
def created():
    created = match_create(game="marafon", players=PLAYERS)
    deal_record(match=created.match, raw=FIRST)
    return created


# --- who may write, asked by the service on the locked row -------------------------------------


@pytest.mark.parametrize(
    "write",
    [
        lambda m, **who: deal_record(match=m, raw=SECOND, **who),
        lambda m, **who: deal_replace(match=m, number=1, raw={**FIRST, "points": [9, 2]}, **who),
        lambda m, **who: deal_undo(match=m, number=1, **who),
    ],
    ids=["record", "replace", "undo"],
)
def test_a_stranger_is_refused_by_the_service_and_nothing_is_written(created, write, caplog):
    before = list(Deal.objects.values_list("number", "input"))

    with pytest.raises(Refused):
        write(created.match, edit_key="not-the-key", user=STRANGER)
    with pytest.raises(Refused):
        write(created.match.public_id, edit_key=None, user=STRANGER)

    assert list(Deal.objects.values_list("number", "input")) == before
    assert "refused: change the deals of a match without its edit key" in caplog.text
    assert "not-the-key" not in caplog.text  # a key is never logged


def test_the_edit_key_or_the_creator_may_write(created, django_user_model):
    owner = django_user_model.objects.create_user("anna", password="pw-x-1234-long")
    owned = match_create(game="marafon", players=PLAYERS, owner=owner).match

    match, deal = deal_record(
        match=created.match.public_id, raw=SECOND, edit_key=created.edit_key, user=STRANGER
    )
    mine, _deal = deal_record(match=owned, raw=FIRST, user=owner)

    assert deal.number == 2 and match.last_number == 2
    assert mine.last_number == 1


def test_a_stranger_learns_no_version(created):
    """Who may write is asked before the version: a stale version from a stranger is a 403."""
    with pytest.raises(Refused):
        deal_record(match=created.match, raw=SECOND, expected_version=99, user=STRANGER)
    with pytest.raises(StaleVersion):
        deal_record(
            match=created.match,
            raw=SECOND,
            expected_version=99,
            edit_key=created.edit_key,
            user=STRANGER,
        )


@pytest.mark.parametrize(
    "write",
    [
        lambda s, **who: session_match_add(session=s, **who),
        lambda s, **who: session_settle(session=s, **who),
        lambda s, **who: session_transfer_paid(session=s, number=1, **who),
    ],
    ids=["next match", "settle", "paid"],
)
def test_an_evening_is_changed_only_with_its_key_or_by_its_creator(write):
    evening = session_create(players=PLAYERS, game="marafon")
    version = evening.session.version

    with pytest.raises(Refused):
        write(evening.session, edit_key="not-the-key", user=STRANGER)

    assert Session.objects.get(pk=evening.session.pk).version == version


def test_the_evenings_key_changes_it():
    evening = session_create(players=PLAYERS, game="marafon")

    _session, match = session_match_add(
        session=evening.session.public_id, edit_key=evening.edit_key, user=STRANGER
    )
    settled = session_settle(session=evening.session, edit_key=evening.edit_key, user=STRANGER)

    assert match.game == "marafon"
    assert settled.closed_at is not None


# --- the answer, kept by the deal's own write ---------------------------------------------------


def key(raw: str = "k" * 24) -> Idempotency:
    return Idempotency(
        scope="POST /somewhere/", key=IdempotencyKey(raw=raw, caller="c"), fingerprint="f"
    )


def test_the_answer_kept_with_a_deal_is_the_answer_replied(created):
    match, deal = deal_record(match=created.match, raw=SECOND, idempotency=key())

    kept = idempotency_kept(key())

    assert kept.same_request
    assert kept.answer == deal_recorded(match, deal)
    assert kept.answer.body == deal_body(match, deal)
    assert kept.answer.status == 201 and kept.answer.headers == {"ETag": f'"{match.version}"'}


@pytest.mark.django_db(transaction=True)
def test_a_key_taken_rolls_the_second_deal_back(created):
    deal_record(match=created.match, raw=SECOND, idempotency=key())

    with pytest.raises(KeyTaken), transaction.atomic():
        deal_record(match=created.match, raw=SECOND, idempotency=key())

    assert Deal.objects.filter(match=created.match).count() == 2
    assert IdempotencyRecord.objects.count() == 1


def test_a_page_form_and_the_api_keep_the_same_answer(created):
    """A resent page form finds the deal's answer as the API replies it, not a page's own."""
    phone = Client()
    phone.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    page = phone.get(f"/m/{created.match.public_id}/").content.decode()
    form_key = re.search(r'name="form_key" value="([^"]+)"', page).group(1)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)

    sent = phone.post(
        f"/m/{created.match.public_id}/deals/",
        {"form_key": form_key, "version": version, "trump": "coins", "points": "6"},
    )
    kept = idempotency_kept(
        Idempotency(
            scope=f"PAGE /m/{created.match.public_id}/deals/",
            key=IdempotencyKey(raw=form_key, caller="page"),
            fingerprint="",
        )
    )

    assert sent.status_code == 302
    match = created.match
    match.refresh_from_db()
    deal = Deal.objects.get(match=match, number=2)
    assert kept.answer.body == deal_body(match, deal)


@pytest.mark.django_db(transaction=True)  # the page's deal is a transaction of its own
def test_a_form_whose_key_was_taken_meanwhile_records_nothing_and_says_so(created):
    """The same form sent twice at once, without the version it was drawn at: the second
    records its deal, finds the key taken by the first at its own statement, is rolled back,
    and says the first one's deal."""
    phone = Client()
    phone.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    form_key = "f" * 24
    path = f"/m/{created.match.public_id}/deals/"
    first = Idempotency(
        scope=f"PAGE {path}", key=IdempotencyKey(raw=form_key, caller="page"), fingerprint=""
    )
    with transaction.atomic():  # as the first form's deal left it
        idempotency_store(idempotency=first, answer=Answer(201, {"number": 7}))

    sent = phone.post(path, {"form_key": form_key, "trump": "coins", "points": "6"}, follow=True)

    assert Deal.objects.filter(match=created.match).count() == 1
    assert "Deal 7 was recorded." in sent.content.decode()
