from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """A token for ``Authorization: Token <key>``, made by ``POST /api/v1/auth/token/``. Only a
    SHA-256 digest of the key is stored (the key is 256 random bits, so no stretching is
    needed): the key is shown once, to whoever signed in, and a database dump holds none."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"token of {self.user} ({self.created_at:%Y-%m-%d})"
