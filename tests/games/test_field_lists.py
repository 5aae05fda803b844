"""Each model keeps the lists of columns its hand-written statements name (a deal's insert, the
match's cached state, the summaries the lists read, an idempotency record's insert). A column
added to a model and forgotten in them fails here, naming the lists to put it in, instead of
being silently left out of a write or read one query per deal; a deal's column left out of the
export documents fails here too."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from django.db import models
from django.utils import timezone

from games.models import Deal, IdempotencyRecord, Match
from games.services import deal_record, match_create
from games.services.exports import document_export
from games.services.import_checks import DEAL
from games.services.imports import document_import


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
# The columns every deal has had since exports began; any other is given a value of its own
# before the round trip below, so that a new column left at its default cannot travel unseen.
FIRST_COLUMNS = {"match", "number", "input", "outcome", "state", "created_at", "updated_at"}


def distinct(field) -> Any:
    """A value of ``field``'s type that its default is not."""
    kind = field.get_internal_type()
    if kind in ("CharField", "TextField", "SlugField"):
        return "distinct"[: field.max_length or 8]
    if kind.endswith("IntegerField"):
        return 7 if field.default != 7 else 8
    if kind == "BooleanField":
        return not field.default
    if kind == "JSONField":
        return {"distinct": 7}
    if kind == "DateTimeField":
        return datetime(2001, 2, 3, 4, 5, 6, tzinfo=UTC)
    if kind == "DecimalField":
        return Decimal("7")
    raise AssertionError(f"Teach distinct() a value for a {kind} (Deal.{field.name}).")


@pytest.mark.django_db
def test_every_deal_column_travels_in_an_export_and_its_import():
    created = match_create(game="marafon", players=["Anna", "Bruno", "Cora", "Dario"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    public_id = created.match.public_id
    extra = {
        f.name: distinct(f)
        for f in Deal._meta.concrete_fields
        if not f.primary_key and f.name not in FIRST_COLUMNS
    }
    Deal.objects.filter(match=created.match).update(**extra)
    original = Deal.objects.get(match=created.match)
    document = document_export("match", public_id, now=timezone.now())

    (exported,) = document["match"]["deals"]
    Match.objects.filter(pk=created.match.pk).delete()
    document_import(json.loads(json.dumps(document, default=str)))
    again = Deal.objects.get(match__public_id=public_id, number=1)

    assert set(exported) == columns(Deal) - NOT_EXPORTED
    assert columns(Deal) - NOT_EXPORTED == DEAL
    # And the import writes each back: the deal comes back column by column.
    kept = columns(Deal) - {"match"}
    assert {c: getattr(again, c) for c in kept} == {c: getattr(original, c) for c in kept}


def test_the_round_trip_gives_a_new_columns_type_a_value_of_its_own():
    assert distinct(models.CharField(max_length=200, default="")) != ""
    assert distinct(models.BooleanField(default=False)) is True
    assert distinct(models.PositiveIntegerField(default=7)) != 7
