"""Idempotency keys, one way for the API and the pages: the write is done first, and its answer
stored in the same transaction (by the write's own statement, for a deal); a concurrent request
with the same key waits on the unique index, finds the key taken, rolls its work back and serves
the stored answer. A refused write looks the key up: it may be a retry of one that was done.

A record is found only by the caller who made it (``IdempotencyKey`` digests the raw key with
the caller's identity), and its answer is sealed with Fernet under a key derived from the raw
Idempotency-Key, the caller and ``SECRET_KEY``: a database dump shows no edit key."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings
from django.utils import timezone

from games.answers import Answer
from games.models import IdempotencyRecord
from games.selectors import idempotency_lookup

from . import rows
from .errors import inside_transaction


@dataclass(frozen=True)
class IdempotencyKey:
    """A raw Idempotency-Key as sent by one caller (``caller``: who they are, e.g. the
    signed-in user or a hash of the edit key they used; empty for an anonymous caller)."""

    raw: str
    caller: str

    def _material(self, purpose: str) -> bytes:
        message = f"scorekeeper.idempotency.{purpose}:{self.caller}\n{self.raw}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()

    @property
    def digest(self) -> str:
        return self._material("lookup").hex()

    def fernet(self) -> Fernet:
        return Fernet(base64.urlsafe_b64encode(self._material("seal")))


@dataclass(frozen=True)
class Idempotency:
    """A write's key against doing it twice, as plain facts: where it was sent (``scope``: the
    method and path), the key with its caller, and the request's ``fingerprint`` (a hash of its
    body). The API's Idempotency-Key and a page's form key alike: the write's service stores
    its answer under it in the write's own transaction, and a retry finds that answer."""

    scope: str
    key: IdempotencyKey
    fingerprint: str


def idempotency_record(idempotency: Idempotency, answer: Answer) -> IdempotencyRecord:
    """The record of an answer, sealed and not yet saved: for a service that inserts it with
    its own write (``IdempotencyRecord.INSERTED_FIELDS``, on ``UNIQUE_KEY``), one round trip
    fewer than storing it after."""
    return IdempotencyRecord(
        scope=idempotency.scope,
        key_digest=idempotency.key.digest,
        fingerprint=idempotency.fingerprint,
        status=answer.status,
        sealed_body=_seal(idempotency.key, answer.body),
        headers=answer.headers,
        created_at=timezone.now(),
    )


def idempotency_store(*, idempotency: Idempotency, answer: Answer) -> bool:
    """Stores the answer of a write that did its work, in the transaction of that work, with
    one INSERT … ON CONFLICT DO NOTHING (PostgreSQL and SQLite alike). False when the key was
    taken meanwhile (a retry that ran beside the original, having waited on the unique index
    for it to commit): the caller then rolls its work back and serves the stored answer."""
    inside_transaction("Storing an idempotency answer")
    record = idempotency_record(idempotency, answer)
    return rows.insert(
        record, IdempotencyRecord.INSERTED_FIELDS, unless=IdempotencyRecord.UNIQUE_KEY
    )


@dataclass(frozen=True)
class Kept:
    """What an earlier write under the same key answered. ``same_request``: it was asked with
    the same body (else this is another request under a used key); ``answer`` is None when it
    can no longer be unsealed (``SECRET_KEY`` changed since)."""

    answer: Answer | None
    same_request: bool


def idempotency_kept(idempotency: Idempotency) -> Kept | None:
    """The answer kept under this key, when a write under it finished; looked up only once a
    write was refused or found its key taken (a new write costs no lookup)."""
    record = idempotency_lookup(scope=idempotency.scope, key_digest=idempotency.key.digest)
    if record is None or record.status is None:
        return None
    if record.fingerprint != idempotency.fingerprint:
        return Kept(answer=None, same_request=False)
    body = idempotency_unseal(record=record, key=idempotency.key)
    return Kept(answer=Answer(record.status, body, record.headers), same_request=True)


def _seal(key: IdempotencyKey, body: Any) -> str:
    plain = json.dumps(body, separators=(",", ":"), default=str).encode()
    return key.fernet().encrypt(plain).decode()


def idempotency_unseal(*, record: IdempotencyRecord, key: IdempotencyKey) -> Any:
    """The stored answer; None if it cannot be opened (``SECRET_KEY`` changed since)."""
    if not record.sealed_body:
        return None
    try:
        return json.loads(key.fernet().decrypt(record.sealed_body.encode()))
    except InvalidToken:
        return None
