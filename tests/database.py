"""What the tests read of the database as a whole."""

import hashlib

from django.db import connection


def snapshot() -> str:
    """A digest of every row of every table, to show that a refused or unasked write changed
    nothing (Django's sessions aside: a page visit or a sign-in writes one)."""
    digest = hashlib.sha256()
    with connection.cursor() as cursor:
        for name in _tables(connection.settings_dict["NAME"]):
            if name == "django_session":
                continue
            cursor.execute(f'SELECT * FROM "{name}"')  # our own tables' names
            rows = sorted(repr(row) for row in cursor.fetchall())
            digest.update(f"{name}:{rows}".encode())
    return digest.hexdigest()


_TABLES: dict[str, list[str]] = {}


def _tables(database: str) -> list[str]:
    """The test database's tables, read once: the tests make no tables."""
    if database not in _TABLES:
        _TABLES[database] = sorted(connection.introspection.table_names())
    return _TABLES[database]
