"""Issue 28: a reopened result is "changed after confirmation" only when it is confirmed again
with other deals than the ones first confirmed. Reopening alone marks nothing; deals corrected
and put back as they were mark nothing."""

from __future__ import annotations

import pytest

from games.models import Table
from games.services import deal_record, deal_replace, deal_undo
from games.services.tables import Confirmer, confirming_names, table_confirm, table_reopen
from tests.factories import drawn_table

pytestmark = pytest.mark.django_db

MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
PIEK = {"contracts": [{"contract": "piek", "declarer": 2, "tricks": 1}]}
MISERE_LOST = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]}


@pytest.fixture
def table(django_capture_on_commit_callbacks) -> Table:
    """A table of an individual Rikken event with two deals, its result confirmed."""
    found = drawn_table(
        django_capture_on_commit_callbacks, entrants=["Anna", "Bram", "Cor", "Dirk"]
    )
    deal_record(match=found.match, raw=MISERE)
    deal_record(match=found.match, raw=PIEK)
    confirm(found)
    return found


def confirm(table: Table) -> Table:
    return table_confirm(table=table, by=confirming_names(table)[-1], confirmer=Confirmer())


def reopen(table: Table) -> Table:
    return table_reopen(table=table, by="", confirmer=Confirmer())


def fresh(table: Table) -> Table:
    return Table.objects.select_related("match", "round__tournament__club").get(pk=table.pk)


# What the table's phone does between reopening and the next confirmation, and whether the
# result is then marked as changed after confirmation.
CORRECTIONS = {
    "nothing": ([], False),
    "a deal corrected and put back": (
        [("replace", 1, MISERE_LOST), ("replace", 1, MISERE)],
        False,
    ),
    "the last deal undone and entered again as it was": ([("undo", 2), ("add", PIEK)], False),
    "a deal corrected": ([("replace", 1, MISERE_LOST)], True),
    "the last deal undone": ([("undo", 2)], True),
    "a deal added": ([("add", PIEK)], True),
}


@pytest.mark.parametrize("case", list(CORRECTIONS))
def test_a_reopened_result_is_marked_changed_only_if_its_deals_differ(table, case):
    steps, changed = CORRECTIONS[case]

    reopened = fresh(reopen(table))
    for step in steps:
        match = fresh(table).match
        if step[0] == "replace":
            deal_replace(match=match, number=step[1], raw=step[2])
        elif step[0] == "undo":
            deal_undo(match=match, number=step[1])
        else:
            deal_record(match=match, raw=step[1])
    confirmed = fresh(confirm(fresh(table)))

    # Reopening alone marks nothing, whatever follows.
    assert reopened.amended_at is None and reopened.amended_by == ""
    assert confirmed.confirmed_at is not None
    assert (confirmed.amended_at is not None) == changed
    if changed:
        assert confirmed.amended_by == "the table"


def test_a_mark_stays_once_made_and_a_later_unchanged_reopening_adds_none(table):
    reopen(table)
    deal_replace(match=fresh(table).match, number=1, raw=MISERE_LOST)
    first = fresh(confirm(fresh(table)))
    reopen(fresh(table))
    second = fresh(confirm(fresh(table)))

    assert first.amended_at is not None
    assert second.amended_at == first.amended_at


def test_a_directors_correction_of_a_confirmed_result_is_marked_at_once(table, django_user_model):
    director = django_user_model.objects.get(username="dir")

    deal_replace(match=fresh(table).match, number=1, raw=MISERE_LOST, by="dir", user=director)

    assert fresh(table).amended_by == "dir"


def test_the_deals_confirmed_are_kept_with_the_reopening(table):
    confirmed_by = fresh(table).confirmed_by
    reopen(table)

    logged = fresh(table).corrections.get(action="reopen")

    assert logged.before == {"confirmed_by": confirmed_by, "deals": [MISERE, PIEK]}
