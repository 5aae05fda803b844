from django.db import models

# The key a record is found by: a caller's key on one path.
UNIQUE_KEY = ("scope", "key_digest")


class IdempotencyRecord(models.Model):
    """The first answer to a POST that carried an ``Idempotency-Key``, written in the same
    transaction as what the POST created, so a retry gets that answer and creates nothing.

    A record belongs to its caller: ``key_digest`` hashes the key together with who sent it
    (the signed-in user, or the edit or table key used), so another caller with the same key
    finds nothing. The answer is kept sealed (encrypted with a key derived from the raw
    Idempotency-Key, its caller and ``SECRET_KEY``): a match's new edit key is in it, and the
    database holds neither that nor the Idempotency-Key in plain text."""

    scope = models.CharField(max_length=300, help_text="Method and path of the request.")
    key_digest = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request body.")
    status = models.PositiveSmallIntegerField(null=True)
    sealed_body = models.TextField(blank=True)
    headers = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    # Every column but the id, inserted at once (tests/games/test_field_lists.py fails for a
    # column left out): with the answer, beside the write it answers (INSERT ... ON CONFLICT
    # DO NOTHING on UNIQUE_KEY).
    INSERTED_FIELDS = (
        "scope",
        "key_digest",
        "fingerprint",
        "status",
        "sealed_body",
        "headers",
        "created_at",
    )
    UNIQUE_KEY = UNIQUE_KEY

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=list(UNIQUE_KEY), name="idempotency_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key_digest[:12]}"
