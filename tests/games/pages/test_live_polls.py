"""Issue 33: the live pages' poll costs no database query and no session while the cache holds
the token, answers 304 to a phone that already has it, falls back to the database when the
cache does not answer, and moves with every change a live page shows."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from games import polls
from games.models import Entrant, Table
from games.services import deal_record, deal_replace, deal_undo
from games.services.rounds import round_cancel, round_draw_request
from games.services.standings import standings_recompute
from games.services.tables import (
    Confirmer,
    seated_names,
    table_confirm,
    table_dispute,
    table_reopen,
    table_scorer_set,
    table_swap_sides,
)
from games.services.tournaments import entrant_register, entrant_set_status, tournament_update
from tests.factories import MISERE, director_user, drawn_table

FIRST = {"dealer": 0, **MISERE}
MADE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]}

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(django_capture_on_commit_callbacks):
    return drawn_table(django_capture_on_commit_callbacks, director=director_user("jan"))


def poll(client, url: str, token: str | None = None):
    headers = {"HTTP_IF_NONE_MATCH": f'"{token}"'} if token else {}
    return client.get(url, **headers)


def test_a_poll_the_cache_answers_reads_no_database_and_opens_no_session(
    table, django_assert_num_queries
):
    client = Client()
    url = f"/m/{table.match.public_id}/version/"
    token = poll(client, url).json()["version"]  # the first poll makes the token

    with django_assert_num_queries(0):
        fresh = poll(client, url)
        same = poll(client, url, token)

    assert fresh.status_code == 200 and fresh.json() == {"version": token}
    assert fresh["ETag"] == f'"{token}"'
    assert same.status_code == 304 and same.content == b""
    assert same["ETag"] == f'"{token}"'
    assert "private" in same["Cache-Control"] and "no-cache" in same["Cache-Control"]
    for answer in (fresh, same):
        assert not answer.cookies  # no session made, none renewed
        assert "Cookie" not in answer.get("Vary", "")


def test_a_tournaments_poll_is_answered_the_same_way(table, django_assert_num_queries):
    url = f"/t/{table.round.tournament.public_id}/version/"
    token = poll(Client(), url).json()["version"]
    with django_assert_num_queries(0):
        assert poll(Client(), url, token).status_code == 304


def test_a_miss_reads_the_database_once_and_fills_the_cache(table, django_assert_num_queries):
    url = f"/m/{table.match.public_id}/version/"
    cache.delete(f"poll:m:{table.match.public_id}")
    with django_assert_num_queries(1):
        token = poll(Client(), url).json()["version"]
    with django_assert_num_queries(0):
        assert poll(Client(), url).json()["version"] == token


def test_an_unknown_id_is_a_404_and_fills_nothing():
    for url in ("/m/nosuchmatch/version/", "/t/nosuchevent/version/"):
        answer = Client().get(url)
        assert answer.status_code == 404
        assert answer["Content-Type"] == "application/json"
    assert cache.get("poll:m:nosuchmatch") is None


def test_a_write_to_the_poll_is_refused():
    assert Client().post("/m/whatever/version/").status_code == 405


class DownCache:
    def __getattr__(self, name):
        def down(*args, **kwargs):
            raise ConnectionError("cache down")

        return down


def test_a_cache_that_is_down_means_the_database_never_an_error(
    table, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(polls, "cache", DownCache())
    url = f"/m/{table.match.public_id}/version/"
    tournament_url = f"/t/{table.round.tournament.public_id}/version/"
    before = poll(Client(), url)
    event_before = poll(Client(), tournament_url).json()["version"]
    with django_capture_on_commit_callbacks(execute=True):
        deal_record(match=table.match, raw=FIRST)  # moving the token fails quietly

    after = poll(Client(), url)
    assert before.status_code == after.status_code == 200
    assert before.json()["version"] == f"db:{table.match.version}"
    assert after.json()["version"] == f"db:{table.match.version + 1}"
    assert poll(Client(), url, after.json()["version"]).status_code == 304
    assert poll(Client(), tournament_url).json()["version"] != event_before
    assert Client().get(f"/m/{table.match.public_id}/").status_code == 200


def test_a_page_carries_the_token_its_poll_answers(table, django_capture_on_commit_callbacks):
    client = Client()
    match_page = client.get(f"/m/{table.match.public_id}/").content.decode()
    token = poll(client, f"/m/{table.match.public_id}/version/").json()["version"]
    assert f'data-poll-token="{token}"' in match_page

    tournament = table.round.tournament
    public = client.get(f"/t/{tournament.public_id}/").content.decode()
    projector = client.get(f"/t/{tournament.public_id}/live/").content.decode()
    event_token = poll(client, f"/t/{tournament.public_id}/version/").json()["version"]
    assert f'data-poll-token="{event_token}"' in public
    assert f'data-poll-token="{event_token}"' in projector
    assert 'data-poll-every="5"' in projector


def tokens(table) -> tuple[str, str]:
    return (
        poll(Client(), f"/m/{table.match.public_id}/version/").json()["version"],
        poll(Client(), f"/t/{table.round.tournament.public_id}/version/").json()["version"],
    )


def test_every_change_a_live_page_shows_moves_its_tokens(table, django_capture_on_commit_callbacks):
    """Each write a match page or a tournament's pages show, one after the other: the tokens
    before and after differ (the match's where its page shows it, the tournament's always)."""
    director = table.round.tournament.club.directors.get()
    tournament = table.round.tournament
    names = seated_names(table)
    entrant = Entrant.objects.filter(tournament=tournament).first()

    def refreshed() -> Table:
        return Table.objects.select_related("match", "round__tournament").get(pk=table.pk)

    t, by, ev, td = refreshed, Confirmer(director=director), tournament, director
    n0 = names[0]
    changes = [
        ("a deal", True, lambda: deal_record(match=t().match, raw=FIRST)),
        ("a correction", True, lambda: deal_replace(match=t().match, number=1, raw=MADE)),
        ("an undo", True, lambda: deal_undo(match=t().match, number=1)),
        ("a deal again", True, lambda: deal_record(match=t().match, raw=FIRST)),
        ("the scorer", True, lambda: table_scorer_set(table=t(), seat=1, key=None, user=director)),
        ("a dispute", True, lambda: table_dispute(table=t(), by=n0, reason="?", confirmer=by)),
        ("a confirmation", True, lambda: table_confirm(table=t(), by=n0, confirmer=by)),
        ("a reopening", True, lambda: table_reopen(table=t(), by="", confirmer=by)),
        ("the standings", False, lambda: standings_recompute(tournament_id=tournament.pk)),
        ("the tie-breaks", False, lambda: tournament_update(tournament=ev, user=td, tie_breaks=[])),
        ("a withdrawal", False, lambda: entrant_set_status(entrant=entrant, status="withdrawn")),
        ("a late entry", False, lambda: entrant_register(tournament=tournament, name="Late")),
    ]  # fmt: skip
    for what, on_match_page, change in changes:
        match_before, event_before = tokens(table)
        with django_capture_on_commit_callbacks(execute=True):
            change()
        match_after, event_after = tokens(table)
        assert event_after != event_before, what
        if on_match_page:
            assert match_after != match_before, what


def test_drawing_and_taking_back_a_round_move_the_tournaments_token(
    django_capture_on_commit_callbacks,
):
    table = drawn_table(django_capture_on_commit_callbacks, director=director_user("jan"))
    tournament, director = table.round.tournament, table.round.tournament.club.directors.get()
    url = f"/t/{tournament.public_id}/version/"
    seen = [poll(Client(), url).json()["version"]]
    with django_capture_on_commit_callbacks(execute=True):
        round_cancel(tournament=tournament, number=1, user=director)
    seen.append(poll(Client(), url).json()["version"])
    with django_capture_on_commit_callbacks(execute=True):
        round_draw_request(tournament=tournament, user=director)  # asked, then drawn
    seen.append(poll(Client(), url).json()["version"])
    assert len(set(seen)) == 3


def test_swapping_a_pairs_tables_sides_moves_both_tokens(django_capture_on_commit_callbacks):
    table = drawn_table(
        django_capture_on_commit_callbacks, director=director_user("jan"), game="marafon",
        format="swiss", entrants=[("Ana", "Bea"), ("Cor", "Dai")],
    )  # fmt: skip
    before = tokens(table)
    with django_capture_on_commit_callbacks(execute=True):
        table_swap_sides(table=table, confirmer=Confirmer())
    after = tokens(table)
    assert before[0] != after[0] and before[1] != after[1]
