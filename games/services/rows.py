"""Rows written on the hot path of every deal, with their SQL built once per model and fields.

The ORM builds an INSERT or an UPDATE anew for every call: for a deal (its insert, the match's
update, the idempotency answer) that cost more than the database took to run them (measured
with ``make bench``). These few statements are plain, portable SQL (PostgreSQL and SQLite),
their values prepared by the model's own fields, so they store exactly what the ORM would."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.db import models, transaction


@functools.cache
def _insert_sql(model: type[models.Model], fields: tuple[str, ...], unique: tuple[str, ...]) -> str:
    quote = transaction.get_connection().ops.quote_name
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in fields)
    conflict = f" ON CONFLICT ({', '.join(map(quote, unique))}) DO NOTHING" if unique else ""
    return (
        f"INSERT INTO {quote(model._meta.db_table)} ({columns}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}){conflict} RETURNING {quote('id')}"
    )


def _values(obj: models.Model, fields: Sequence[str], *, add: bool) -> list:
    """The fields' values as the database takes them; ``auto_now`` fields (and, when ``add``,
    ``auto_now_add`` ones) are stamped first, as save() would."""
    connection = transaction.get_connection()
    values = []
    for name in fields:
        field = obj._meta.get_field(name)
        if isinstance(field, models.DateTimeField) and (
            field.auto_now or (add and field.auto_now_add)
        ):
            field.pre_save(obj, add=add)
        values.append(field.get_db_prep_save(getattr(obj, field.attname), connection))
    return values


def _inserted(obj: models.Model, pk: int) -> None:
    obj.pk = pk
    obj._state.adding = False
    obj._state.db = transaction.get_connection().alias


def insert(obj: models.Model, fields: Sequence[str], *, unless: Sequence[str] = ()) -> bool:
    """Inserts ``obj`` (these fields) and sets its id; with ``unless`` (the columns of a unique
    constraint), inserts nothing and returns False when a row holds those values already."""
    connection = transaction.get_connection()
    values = _values(obj, fields, add=True)
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(type(obj), tuple(fields), tuple(unless)), values)
        row = cursor.fetchone()
    if row is None:
        return False
    _inserted(obj, row[0])
    return True


# A deal and its match in one statement on PostgreSQL. ``make bench`` turns this off for one
# series of deals, taken in turns with the others, to weigh what the one statement saves.
ONE_STATEMENT = True


@functools.cache
def _update_sql(model: type[models.Model], fields: tuple[str, ...]) -> str:
    quote = transaction.get_connection().ops.quote_name
    sets = ", ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in fields)
    return f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {quote('id')} = %s"


def update(obj: models.Model, fields: Sequence[str]) -> None:
    """Writes these fields of a saved ``obj`` (an ``auto_now`` field among them is stamped)."""
    values = _values(obj, fields, add=False)
    with transaction.get_connection().cursor() as cursor:
        cursor.execute(_update_sql(type(obj), tuple(fields)), [*values, obj.pk])


@functools.cache
def _insert_then_update_sql(
    new: type[models.Model],
    new_fields: tuple[str, ...],
    old: type[models.Model],
    old_fields: tuple,
    also: tuple | None = None,
) -> str:
    quote = transaction.get_connection().ops.quote_name
    kept, counted = "", ""
    if also is not None:
        model, fields, unique = also
        kept = f", kept AS ({_insert_sql(model, fields, unique)})"
        counted = ", (SELECT count(*) FROM kept)"
    return (
        f"WITH inserted AS ({_insert_sql(new, new_fields, ())}){kept} "
        f"{_update_sql(old, old_fields)} RETURNING (SELECT {quote('id')} FROM inserted){counted}"
    )


def insert_then_update(
    new: models.Model,
    new_fields: Sequence[str],
    old: models.Model,
    old_fields: Sequence[str],
    *,
    also: tuple[models.Model, Sequence[str], Sequence[str]] | None = None,
) -> bool:
    """Inserts ``new`` and updates ``old``: one statement on PostgreSQL (a data-modifying WITH),
    two elsewhere. A deal and its match's cached state go in together this way. ``also``: one
    more row (the object, its fields, the columns of its unique constraint) inserted by the
    same statement unless a row holds those values already; False then (nothing else is
    undone here: the caller's transaction is)."""
    connection = transaction.get_connection()
    if (
        not ONE_STATEMENT
        or not connection.features.can_return_rows_from_bulk_insert
        or connection.vendor != "postgresql"
    ):
        insert(new, new_fields)
        update(old, old_fields)
        return True if also is None else insert(also[0], also[1], unless=also[2])
    values = [*_values(new, new_fields, add=True)]
    spec = None
    if also is not None:
        extra, extra_fields, unique = also
        spec = (type(extra), tuple(extra_fields), tuple(unique))
        values += _values(extra, extra_fields, add=True)
    values += [*_values(old, old_fields, add=False), old.pk]
    sql = _insert_then_update_sql(type(new), tuple(new_fields), type(old), tuple(old_fields), spec)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        row = cursor.fetchone()
    _inserted(new, row[0])
    return also is None or row[1] == 1
