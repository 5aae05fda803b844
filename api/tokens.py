"""API tokens, stored hashed: ``Authorization: Token <key>`` finds its user through the key's
digest. A token is made at each sign-in through the API (several devices, several tokens) and
revoked by ``DELETE /api/v1/auth/token/`` with it."""

from __future__ import annotations

import hashlib
import secrets

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from .models import ApiToken

# A token that nobody used for this long stops working; signing in again makes a new one.
UNUSED_DAYS = 90


def digest_of(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def token_issue(*, user) -> str:
    """A new token for ``user``: the key, shown once; only its digest is kept."""
    key = secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, digest=digest_of(key))
    return key


class HashedTokenAuthentication(TokenAuthentication):
    """DRF's ``Token`` scheme, looked up by digest."""

    def authenticate_credentials(self, key):
        token = ApiToken.objects.select_related("user").filter(digest=digest_of(key)).first()
        if token is None or not token.user.is_active:
            raise AuthenticationFailed(_("Invalid token."))
        now = timezone.now()
        last = token.last_used_at or token.created_at
        if (now - last).days > UNUSED_DAYS:
            token.delete()
            raise AuthenticationFailed(_("This token expired: sign in again for a new one."))
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 3600:
            ApiToken.objects.filter(pk=token.pk).update(
                last_used_at=now
            )  # an hour is precise enough
        return token.user, token
