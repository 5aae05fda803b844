"""A tournament table's two secrets. One side of the table scores with the **scoring key** (the
table match's edit key); the other side confirms or disputes the result with the
**confirmation key**, which cannot score; the scoring key cannot confirm (Bridgemate's model:
one side enters, the other side confirms).

Neither key is stored. Each is derived from the table's random salt and the server's
``SECRET_KEY`` with HMAC-SHA256, the way Django derives password-reset tokens, so a director can
print the table cards again at any time; the database keeps only SHA-256 hashes (the scoring
key's as the match's ``edit_key_hash``). Changing ``SECRET_KEY`` therefore changes the keys of
cards already printed: print them again."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from enum import StrEnum

from django.conf import settings

from games.models import Table
from games.permissions import edit_key_matches, hash_edit_key


class KeyPurpose(StrEnum):
    SCORING = "scoring"
    CONFIRMATION = "confirmation"


@dataclass(frozen=True)
class TableKeys:
    scoring: str
    confirmation: str


def new_key_salt() -> str:
    return secrets.token_urlsafe(18)


def derive_table_key(salt: str, purpose: KeyPurpose) -> str:
    """192 bits from HMAC(SECRET_KEY, purpose and salt), URL-safe: 32 characters."""
    message = f"scorekeeper.table-key:{purpose}:{salt}".encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def keys_for_salt(salt: str) -> TableKeys:
    return TableKeys(
        scoring=derive_table_key(salt, KeyPurpose.SCORING),
        confirmation=derive_table_key(salt, KeyPurpose.CONFIRMATION),
    )


def table_keys(table: Table) -> TableKeys | None:
    """Both keys of a table, to print on its card; None for a bye."""
    if table.match_id is None or not table.key_salt:
        return None
    return keys_for_salt(table.key_salt)


def confirmation_key_matches(table: Table, key: str | None) -> bool:
    if not key or not table.confirm_key_hash:
        return False
    return hmac.compare_digest(hash_edit_key(key), table.confirm_key_hash)


def scoring_key_matches(table: Table, key: str | None) -> bool:
    return table.match is not None and edit_key_matches(table.match, key)
