"""Rate limits, shared by the API and the pages through Django's cache (Redis in production, so
every web process counts together; local memory for ``make run``).

- Signing in (the pages, the admin and ``POST /api/v1/auth/token/``): per account and per
  address, every attempt counted, so guessing a password is slow whichever way it is tried.
- Signing up: per address.
- API writes (POST, PUT, PATCH, DELETE): per client (the signed-in user, else the edit or
  table key sent), and a wider limit per address; reads are never limited.

Rates come from the environment (``THROTTLE_SIGN_IN_ACCOUNT=5/min`` and so on, see
``THROTTLE_RATES``); an answer over the limit is a 429 with ``Retry-After``."""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Mapping
from functools import wraps

from django.shortcuts import render
from redis.exceptions import RedisError
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

logger = logging.getLogger("scorekeeper.throttling")

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:32]


class _Throttle(SimpleRateThrottle):
    def allow_request(self, request, view):
        # The counts live in Redis, with the broker. With Redis down the service still
        # serves (writes commit, jobs are caught up later), so the limits open rather than
        # fail every write; the outage is logged, and the limits count again once it is back.
        try:
            return super().allow_request(request, view)
        except (RedisError, OSError) as exc:
            logger.warning(
                "rate limit not counted, the cache is unreachable: %s (%s)",
                self.scope,
                type(exc).__name__,
            )
            return True

    def get_rate(self):
        # Read at each request, not at import, so a change of settings takes effect.
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def key_for(self, request) -> str | None:
        raise NotImplementedError

    def get_cache_key(self, request, view):
        ident = self.key_for(request)
        return None if ident is None else self.cache_format % {"scope": self.scope, "ident": ident}

    def retry_after(self) -> int:
        return max(1, math.ceil(self.wait() or 1))


class SignInAddressThrottle(_Throttle):
    scope = "sign_in_address"

    def key_for(self, request):
        return self.get_ident(request) if request.method == "POST" else None


class SignInAccountThrottle(_Throttle):
    scope = "sign_in_account"

    def key_for(self, request):
        if request.method != "POST":
            return None
        data = getattr(request, "data", None) or request.POST
        if not isinstance(data, Mapping):
            return None  # not a sign-in at all: the view refuses it
        username = str(data.get("username") or "").strip().casefold()
        return _digest(username) if username else None


class SignUpThrottle(_Throttle):
    scope = "sign_up"

    def key_for(self, request):
        return self.get_ident(request) if request.method == "POST" else None


class WriteClientThrottle(_Throttle):
    scope = "write_client"

    def key_for(self, request):
        if request.method in SAFE_METHODS:
            return None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"user:{user.pk}"
        for header in ("X-Edit-Key", "X-Table-Key"):
            if request.headers.get(header):
                return _digest(request.headers[header])
        return self.get_ident(request)


class WriteAddressThrottle(_Throttle):
    scope = "write_address"

    def key_for(self, request):
        return None if request.method in SAFE_METHODS else self.get_ident(request)


SIGN_IN = (SignInAccountThrottle, SignInAddressThrottle)


def first_refusal(request, throttles=SIGN_IN) -> int | None:
    """For the pages: the seconds to wait if any of ``throttles`` refuses ``request``."""
    waits = []
    for throttle_class in throttles:
        throttle = throttle_class()
        if not throttle.allow_request(request, None):
            waits.append(throttle.retry_after())
    return max(waits) if waits else None


def throttle_posts(throttles=SIGN_IN):
    """For the pages: a POST over the limit gets a 429 page with ``Retry-After``."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                wait = first_refusal(request, throttles)
                if wait is not None:
                    response = render(request, "throttled.html", {"wait": wait}, status=429)
                    response["Retry-After"] = str(wait)
                    return response
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
