"""The sign-in forms of the pages and the admin: each tells the rate limits how a checked
password went (``scorekeeper.throttling``), so that only failures count."""

from __future__ import annotations

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError

from .throttling import sign_in_failed, sign_in_succeeded


class CountsFailures:
    """For an ``AuthenticationForm``: a password checked and refused counts as a failure, a
    matching one clears this address's failures for the account. A form missing its username
    or password checked nothing, and counts as nothing."""

    def clean(self):
        try:
            cleaned = super().clean()
        except ValidationError:
            # An account that exists but may not sign in here (an admin form asked by someone
            # who is not staff) had its password right: that is no guess.
            if self.user_cache is None:
                sign_in_failed(self.request)
            raise
        if self.user_cache is not None:
            sign_in_succeeded(self.request)
        return cleaned


class SignInForm(CountsFailures, AuthenticationForm):
    pass


class AdminSignInForm(CountsFailures, AdminAuthenticationForm):
    pass
