"""A tournament table's two keys: the scoring key enters deals and cannot confirm; the
confirmation key confirms or disputes and cannot score; neither is stored in plain text."""

from __future__ import annotations

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Deal, Table

from .test_tournaments import RIKKEN_DRIVE, register

pytestmark = pytest.mark.django_db

MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def last_segment(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[1]


@pytest.fixture
def drawn(director, django_capture_on_commit_callbacks):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, [f"P{n}" for n in range(8)])
    base = f"/api/v1/tournaments/{tournament['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    tables = director.get(f"{base}rounds/1/").json()["tables"]
    return base, tables


def test_each_table_has_a_scoring_and_a_confirmation_link_for_directors_only(drawn, director):
    base, tables = drawn

    public = APIClient().get(f"{base}rounds/1/").json()["tables"]

    for table in tables:
        scoring, confirmation = last_segment(table["link"]), last_segment(table["confirm_link"])
        assert f"/m/{table['match']}/edit/" in table["link"]
        assert f"/m/{table['match']}/confirm/" in table["confirm_link"]
        assert scoring != confirmation and len(scoring) >= 32 and len(confirmation) >= 32
        assert table["dispute"] is None
    assert all("link" not in t and "confirm_link" not in t for t in public)
    # Printing the cards again gives the same keys: they are derived, not drawn anew.
    assert director.get(f"{base}rounds/1/").json()["tables"] == tables


def test_the_confirmation_key_cannot_score(drawn):
    _, tables = drawn
    table = tables[0]
    confirmation = last_segment(table["confirm_link"])
    deals = f"/api/v1/matches/{table['match']}/deals/"
    scorer = APIClient(HTTP_X_EDIT_KEY=last_segment(table["link"]))
    assert scorer.post(deals, MISERE, format="json").status_code == 201
    other_side = APIClient(HTTP_X_EDIT_KEY=confirmation)

    posted = other_side.post(deals, MISERE, format="json")
    replaced = other_side.put(f"{deals}1/", {**MISERE, "dealer": 1}, format="json")
    undone = other_side.delete(f"{deals}1/")

    assert [posted.status_code, replaced.status_code, undone.status_code] == [403, 403, 403]
    assert Deal.objects.count() == 1
    assert Deal.objects.get().input["dealer"] == 0


def test_the_other_side_disputes_and_a_director_settles(
    drawn, director, django_capture_on_commit_callbacks
):
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    APIClient(HTTP_X_EDIT_KEY=last_segment(table["link"])).post(
        f"/api/v1/matches/{table['match']}/deals/", MISERE, format="json"
    )
    url = f"{base}rounds/1/tables/{table['number']}/"
    other_side = APIClient(HTTP_X_TABLE_KEY=last_segment(table["confirm_link"]))
    scorer = APIClient(HTTP_X_TABLE_KEY=last_segment(table["link"]))

    by_scorer = scorer.post(f"{url}dispute/", {"by": seated[0], "reason": "x"}, format="json")
    no_reason = other_side.post(f"{url}dispute/", {"by": seated[0]}, format="json")
    disputed = other_side.post(
        f"{url}dispute/", {"by": seated[0], "reason": "Deal 1: 1 trick"}, format="json"
    )
    twice = other_side.post(f"{url}dispute/", {"by": seated[2], "reason": "y"}, format="json")
    shown = director.get(f"{base}rounds/1/").json()["tables"][0]
    with django_capture_on_commit_callbacks(execute=True):
        settled = director.post(f"{url}confirm/", {}, format="json")
    after = director.get(f"{base}rounds/1/").json()["tables"][0]
    standings = APIClient().get(f"{base}standings/").json()["standings"]

    assert by_scorer.status_code == 403
    assert no_reason.status_code == 400 and "reason" in no_reason.json()
    assert disputed.status_code == 200
    assert disputed.json() == {"disputed": True, "by": seated[0], "reason": "Deal 1: 1 trick"}
    assert twice.status_code == 409
    assert shown["confirmed"] is False
    assert shown["dispute"]["by"] == seated[0] and shown["dispute"]["settled"] is False
    assert settled.status_code == 200 and settled.json()["by"] == "dir (director)"
    assert after["confirmed"] is True and after["dispute"]["settled"] is True
    assert sum(row["played"] for row in standings) == 4  # the settled table counts


def test_a_confirmed_result_cannot_be_disputed(drawn, django_capture_on_commit_callbacks):
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    APIClient(HTTP_X_EDIT_KEY=last_segment(table["link"])).post(
        f"/api/v1/matches/{table['match']}/deals/", MISERE, format="json"
    )
    url = f"{base}rounds/1/tables/{table['number']}/"
    other_side = APIClient(HTTP_X_TABLE_KEY=last_segment(table["confirm_link"]))
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            other_side.post(f"{url}confirm/", {"by": seated[1]}, format="json").status_code == 200
        )

    late = other_side.post(f"{url}dispute/", {"by": seated[1], "reason": "oops"}, format="json")

    assert late.status_code == 409
    assert Table.objects.get(number=table["number"], round__number=1).disputed_at is None


def test_no_table_key_is_stored_in_plain_text(drawn):
    _, tables = drawn
    keys = {last_segment(t[link]) for t in tables for link in ("link", "confirm_link")}
    assert len(keys) == 4

    with connection.cursor() as cursor:
        dumped = []
        for model_table in connection.introspection.table_names():
            cursor.execute(f'SELECT * FROM "{model_table}"')  # our own tables' names
            dumped.extend(str(row) for row in cursor.fetchall())
    everything = "\n".join(dumped)

    assert not [key for key in keys if key in everything]


def test_a_confirmed_result_is_locked_until_the_table_reopens_it(
    drawn, django_capture_on_commit_callbacks
):
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    scoring = last_segment(table["link"])
    scorer = APIClient(HTTP_X_EDIT_KEY=scoring)
    other_side = APIClient(HTTP_X_TABLE_KEY=last_segment(table["confirm_link"]))
    deals = f"/api/v1/matches/{table['match']}/deals/"
    url = f"{base}rounds/1/tables/{table['number']}/"
    scorer.post(deals, MISERE, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        other_side.post(f"{url}confirm/", {"by": seated[2]}, format="json")

    changed = scorer.put(f"{deals}1/", {**MISERE, "dealer": 1}, format="json")
    by_other_side = other_side.post(f"{url}reopen/", format="json")
    with django_capture_on_commit_callbacks(execute=True):
        reopened = APIClient(HTTP_X_TABLE_KEY=scoring).post(f"{url}reopen/", format="json")
    corrected = scorer.put(
        f"{deals}1/",
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
        format="json",
    )
    shown = APIClient().get(f"{base}rounds/1/").json()["tables"][0]
    with django_capture_on_commit_callbacks(execute=True):
        again = other_side.post(f"{url}confirm/", {"by": seated[3]}, format="json")
    results = APIClient().get(f"{base}results/").json()["results"]

    assert changed.status_code == 409 and "reopen" in changed.json()["detail"]
    assert by_other_side.status_code == 403
    assert reopened.status_code == 200 and reopened.json()["by"] == "the table"
    # Reopened is not changed: the mark waits for a confirmation of other deals.
    assert shown["confirmed"] is False and shown["amended"] is None
    assert corrected.status_code == 200
    assert again.status_code == 200
    assert results[0]["counts"] is True and results[0]["amended_by"] == "the table"


def test_a_tables_keys_make_its_caller_and_a_made_up_key_does_not(
    drawn, django_capture_on_commit_callbacks
):
    """A table key is the caller of an Idempotency-Key (a short one is enough); a made-up one
    opens nothing, so the caller is anonymous and the short key is refused."""
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    APIClient(HTTP_X_EDIT_KEY=last_segment(table["link"])).post(
        f"/api/v1/matches/{table['match']}/deals/", MISERE, format="json"
    )
    url = f"{base}rounds/1/tables/{table['number']}/"
    confirmation = {"HTTP_X_TABLE_KEY": last_segment(table["confirm_link"])}
    made_up = {"HTTP_X_TABLE_KEY": "made-up"}

    with django_capture_on_commit_callbacks(execute=True):
        confirmed = [
            APIClient().post(
                f"{url}confirm/", {"by": seated[1]}, HTTP_IDEMPOTENCY_KEY="c-1", **confirmation
            )
            for _ in range(2)
        ]
    stranger = APIClient().post(
        f"{url}confirm/", {"by": seated[1]}, HTTP_IDEMPOTENCY_KEY="c-1", **made_up
    )

    assert [c.status_code for c in confirmed] == [200, 200]
    assert confirmed[1]["Idempotent-Replayed"] == "true"
    assert stranger.status_code == 403 and "Idempotency-Key" in stranger.json()
    assert "Idempotent-Replayed" not in stranger


def test_a_confirmation_replayed_after_a_reopen_does_not_say_confirmed(
    drawn, django_capture_on_commit_callbacks
):
    """Issue 26: the confirming phone retries with the same Idempotency-Key after the scoring
    side reopened the result. The stored {"confirmed": true} would contradict the table: the
    retry is told it was reopened (409), and confirms nothing."""
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    scoring = last_segment(table["link"])
    scorer = APIClient(HTTP_X_EDIT_KEY=scoring)
    idempotency = {"HTTP_IDEMPOTENCY_KEY": "confirm-table-1-from-the-other-side"}
    other_side = APIClient(HTTP_X_TABLE_KEY=last_segment(table["confirm_link"]), **idempotency)
    url = f"{base}rounds/1/tables/{table['number']}/"
    scorer.post(f"/api/v1/matches/{table['match']}/deals/", MISERE, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        first = other_side.post(f"{url}confirm/", {"by": seated[2]}, format="json")
        retried = other_side.post(f"{url}confirm/", {"by": seated[2]}, format="json")
        APIClient(HTTP_X_TABLE_KEY=scoring).post(f"{url}reopen/", format="json")

        replayed = other_side.post(f"{url}confirm/", {"by": seated[2]}, format="json")

    shown = APIClient().get(f"{base}rounds/1/").json()["tables"][0]
    assert first.json() == retried.json() == {"confirmed": True, "by": seated[2]}
    assert replayed.status_code == 409 and "reopened" in replayed.json()["detail"]
    assert shown["confirmed"] is False
    assert Table.objects.get(match__public_id=table["match"]).confirmed_at is None


def test_a_reopening_replayed_after_a_new_confirmation_does_not_say_reopened(
    drawn, django_capture_on_commit_callbacks
):
    base, tables = drawn
    table = tables[0]
    seated = [e["name"] for e in table["entrants"]]
    scoring = last_segment(table["link"])
    other_side = APIClient(HTTP_X_TABLE_KEY=last_segment(table["confirm_link"]))
    reopener = APIClient(HTTP_X_TABLE_KEY=scoring, HTTP_IDEMPOTENCY_KEY="reopen-table-1")
    url = f"{base}rounds/1/tables/{table['number']}/"
    APIClient(HTTP_X_EDIT_KEY=scoring).post(
        f"/api/v1/matches/{table['match']}/deals/", MISERE, format="json"
    )
    with django_capture_on_commit_callbacks(execute=True):
        other_side.post(f"{url}confirm/", {"by": seated[2]}, format="json")
        reopened = reopener.post(f"{url}reopen/", format="json")
        other_side.post(f"{url}confirm/", {"by": seated[3]}, format="json")

        replayed = reopener.post(f"{url}reopen/", format="json")

    assert reopened.status_code == 200
    assert replayed.status_code == 409 and seated[3] in replayed.json()["detail"]
    assert Table.objects.get(match__public_id=table["match"]).confirmed_at is not None
