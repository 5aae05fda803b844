from django.db import models


class IdempotencyRecord(models.Model):
    """The first answer to a POST that carried an ``Idempotency-Key``, written in the same
    transaction as what the POST created, so a retry gets that answer and creates nothing."""

    scope = models.CharField(max_length=300, help_text="Method and path of the request.")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request body.")
    status = models.PositiveSmallIntegerField(null=True)
    body = models.JSONField(null=True)
    headers = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"
