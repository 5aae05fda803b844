"""Each model keeps the lists of columns its hand-written statements name (a deal's insert, the
match's cached state, the summaries the lists read, an idempotency record's insert). A column
added to a model and forgotten in them fails here, naming the lists to put it in, instead of
being silently left out of a write or read one query per deal; a deal's column left out of the
export documents fails here too."""

from __future__ import annotations

import pytest

from games.models import Deal, IdempotencyRecord, Match
from games.services import deal_record, match_create
from games.services.exports import match_body
from games.services.import_checks import DEAL


def columns(model) -> set[str]:
    """Every column of the model but its id, by field name (a foreign key by its relation)."""
    return {f.name for f in model._meta.concrete_fields if not f.primary_key}


# Each model's lists, paired so that every column is in exactly one list of each pair.
PARTITIONS = [
    (Match, ("STATE_FIELDS", "CREATION_FIELDS")),
    (Deal, ("ENTERED_FIELDS", "RECOMPUTED_FIELDS")),
    (Deal, ("SUMMARY_FIELDS", "NOT_IN_SUMMARY")),
    (IdempotencyRecord, ("INSERTED_FIELDS",)),
]


@pytest.mark.parametrize(
    ("model", "lists"), PARTITIONS, ids=[f"{m.__name__}:{'+'.join(n)}" for m, n in PARTITIONS]
)
def test_every_column_is_in_exactly_one_list_of_each_pair(model, lists):
    named = [name for attribute in lists for name in getattr(model, attribute)]

    missing = columns(model) - set(named)
    assert not missing, f"{model.__name__}: put {sorted(missing)} in one of {lists}"
    assert len(named) == len(set(named)), f"{model.__name__}: a column twice in {lists}"
    assert set(named) <= columns(model), f"{model.__name__}: no such column in {lists}"


def test_a_new_deal_inserts_every_column():
    assert set(Deal.INSERTED_FIELDS) == columns(Deal)


def test_an_idempotency_record_is_found_by_its_unique_constraint():
    (constraint,) = IdempotencyRecord._meta.constraints
    assert tuple(constraint.fields) == IdempotencyRecord.UNIQUE_KEY


def test_a_column_left_out_is_named(monkeypatch):
    """The check itself: with ``version`` dropped from the match's state fields, it fails."""
    monkeypatch.setattr(Match, "STATE_FIELDS", ("state", "finished", "last_number", "updated_at"))

    with pytest.raises(AssertionError, match="version"):
        test_every_column_is_in_exactly_one_list_of_each_pair(Match, PARTITIONS[0][1])


# What a match's export document leaves out of each deal: the match it belongs to (the deal
# sits in its match's list) and the state after it (computed again by the import's fold).
NOT_EXPORTED = {"match", "state"}


@pytest.mark.django_db
def test_every_deal_column_travels_in_an_export_and_its_import():
    created = match_create(game="marafon", players=["Anna", "Bruno", "Cora", "Dario"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    (exported,) = match_body(Match.objects.get(pk=created.match.pk))["deals"]

    assert set(exported) == columns(Deal) - NOT_EXPORTED
    assert columns(Deal) - NOT_EXPORTED == DEAL
