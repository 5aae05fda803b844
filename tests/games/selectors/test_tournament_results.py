"""A tournament's results as the API and its CSV read them (games.selectors.tournament_results):
every table of every round with what it scored so far, and whether it counts yet (only
confirmed tables count); read in a fixed number of queries, whatever the size of the field."""

from __future__ import annotations

import pytest

from games.models import Table
from games.selectors import tournament_results
from games.services import deal_record
from games.services.tables import Confirmer, table_confirm
from tests.factories import FIRST_DEALS, director_user, drawn_table

pytestmark = pytest.mark.django_db


def scored_event(capture, *, entrants: int):
    director = director_user()
    table = drawn_table(
        capture, director=director, entrants=entrants, first_deal={**FIRST_DEALS["rikken"]}
    )
    with capture(execute=True):
        table_confirm(table=table, by="td", confirmer=Confirmer(director=director))
    return table.round.tournament, table


def test_every_table_is_listed_and_only_the_confirmed_one_counts(
    django_capture_on_commit_callbacks,
):
    tournament, confirmed = scored_event(django_capture_on_commit_callbacks, entrants=12)
    other = Table.objects.filter(round=confirmed.round).exclude(pk=confirmed.pk).first()
    deal_record(match=other.match, raw={**FIRST_DEALS["rikken"]})

    rows = tournament_results(tournament)

    assert [(row["round"], row["table"]) for row in rows] == [(1, 1), (1, 2), (1, 3)]
    by_table = {row["table"]: row for row in rows}
    assert by_table[confirmed.number]["counts"] is True
    assert by_table[confirmed.number]["confirmed_by"] == "td (director dir)"
    assert by_table[other.number]["counts"] is False  # scored, not confirmed
    assert by_table[other.number]["deals"] == 1
    assert all(len(row["entrants"]) == 4 and not row["bye"] for row in rows)
    assert {e["name"] for row in rows for e in row["entrants"]} == {f"P{n}" for n in range(12)}


@pytest.mark.parametrize("entrants", [8, 40])
def test_the_results_are_read_in_the_same_queries_for_any_field(
    entrants, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    tournament, _ = scored_event(django_capture_on_commit_callbacks, entrants=entrants)
    with django_assert_max_num_queries(4):
        rows = tournament_results(tournament)
    assert len(rows) == entrants // 4
