"""Rate limits, shared by the API and the pages through Django's cache (Redis in production, so
every web process counts together; local memory for ``make run``). Every one counts by the
client's address as ``scorekeeper.addresses`` reads it, never by what a header claims.

- Signing in (the pages, the admin and ``POST /api/v1/auth/token/``): failed attempts only,
  per account and address and per address, so a stranger's guesses never lock the owner out
  from elsewhere; and a slower ceiling per account over every address, against guessing from
  many addresses, which does not hold an address the account signed in from lately.
- Signing up: per address, every attempt.
- API writes (POST, PUT, PATCH, DELETE): per client (the signed-in user, else the edit or
  table key sent when it opens what the request names, else the address:
  ``scorekeeper.callers``), and a wider limit per address; reads are never limited.

Rates come from the environment (``THROTTLE_SIGN_IN_ACCOUNT=300/day`` and so on, see
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

from .addresses import client_address
from .callers import caller_of

logger = logging.getLogger("scorekeeper.throttling")

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# An address an account signed in from is not held by the account's ceiling for this long.
KNOWN_ADDRESS_SECONDS = 30 * 86400


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:32]


def _unreachable(scope: str, exc: Exception) -> None:
    # The counts live in Redis, with the broker. With Redis down the service still serves
    # (writes commit, jobs are caught up later), so the limits open rather than fail every
    # request; the outage is logged, and the limits count again once it is back.
    logger.warning(
        "rate limit not counted, the cache is unreachable: %s (%s)", scope, type(exc).__name__
    )


class _Throttle(SimpleRateThrottle):
    def allow_request(self, request, view):
        try:
            return self.allows(request, view)
        except (RedisError, OSError) as exc:
            _unreachable(self.scope, exc)
            return True

    def allows(self, request, view) -> bool:
        return super().allow_request(request, view)

    def get_rate(self):
        # Read at each request, not at import, so a change of settings takes effect.
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def get_ident(self, request):
        return client_address(request)

    def key_for(self, request, view) -> str | None:
        raise NotImplementedError

    def get_cache_key(self, request, view):
        ident = self.key_for(request, view)
        return None if ident is None else self.cache_format % {"scope": self.scope, "ident": ident}

    def retry_after(self) -> int:
        return max(1, math.ceil(self.wait() or 1))


# --- signing in: failures counted -------------------------------------------------------------


def _account(request) -> str | None:
    """The digest of the account a sign-in names, or None for a request that names none."""
    if request.method != "POST":
        return None
    data = getattr(request, "data", None) or request.POST
    if not isinstance(data, Mapping):
        return None  # not a sign-in at all: the view refuses it
    username = str(data.get("username") or "").strip().casefold()
    return _digest(username) if username else None


class _Failures(_Throttle):
    """Counts failed sign-ins, not requests: asking only looks (a right password costs
    nothing), and ``sign_in_failed`` adds the failure once the password was checked."""

    def allows(self, request, view) -> bool:
        self.key = self.get_cache_key(request, view)
        if self.rate is None or self.key is None:
            return True
        self.history = self._recent(self.key)
        return len(self.history) < self.num_requests

    def _recent(self, key: str) -> list[float]:
        self.now = self.timer()
        return [at for at in self.cache.get(key, []) if at > self.now - self.duration]

    def wait(self):
        # Until enough failures are old enough for one more try.
        if len(self.history) < self.num_requests:
            return None
        oldest_kept = self.history[self.num_requests - 1]
        return oldest_kept + self.duration - self.now

    def add(self, request) -> None:
        key = self.get_cache_key(request, None)
        if self.rate is None or key is None:
            return
        history = self._recent(key)
        history.insert(0, self.now)
        self.cache.set(key, history, self.duration)


class SignInAccountAddressThrottle(_Failures):
    scope = "sign_in_account_address"

    def key_for(self, request, view):
        account = _account(request)
        return None if account is None else f"{account}:{self.get_ident(request)}"


class SignInAddressThrottle(_Failures):
    scope = "sign_in_address"

    def key_for(self, request, view):
        return self.get_ident(request) if request.method == "POST" else None


class SignInAccountThrottle(_Failures):
    """The ceiling over every address. It can be reached from many addresses only, the other
    two limits stopping any one address long before: then it holds every address, save those
    the account signed in from lately, so its owner still signs in from home or the club."""

    scope = "sign_in_account"

    def key_for(self, request, view):
        return _account(request)

    def allows(self, request, view) -> bool:
        return super().allows(request, view) or self.cache.get(_known_key(request)) is not None


def _known_key(request) -> str:
    return f"sign_in_known_{_account(request)}:{client_address(request)}"


SIGN_IN_FAILURES = (SignInAccountAddressThrottle, SignInAddressThrottle, SignInAccountThrottle)


def sign_in_failed(request) -> None:
    """A sign-in's password was checked and did not match: it counts against every limit."""
    for throttle_class in SIGN_IN_FAILURES:
        throttle = throttle_class()
        try:
            throttle.add(request)
        except (RedisError, OSError) as exc:
            _unreachable(throttle.scope, exc)


def sign_in_succeeded(request) -> None:
    """The account's owner (or whoever has the password) is in: this address's failures for
    the account are forgiven, and the account's ceiling does not hold the address for a while."""
    if _account(request) is None:
        return
    throttle = SignInAccountAddressThrottle()
    try:
        throttle.cache.delete(throttle.get_cache_key(request, None))
        throttle.cache.set(_known_key(request), 1, KNOWN_ADDRESS_SECONDS)
    except (RedisError, OSError) as exc:
        _unreachable(throttle.scope, exc)


# --- signing up and writing: every request counted --------------------------------------------


class SignUpThrottle(_Throttle):
    scope = "sign_up"

    def key_for(self, request, view):
        return self.get_ident(request) if request.method == "POST" else None


class WriteClientThrottle(_Throttle):
    scope = "write_client"

    def key_for(self, request, view):
        if request.method in SAFE_METHODS:
            return None
        caller = caller_of(request, view)
        if caller.startswith("user:"):
            return caller
        if caller:  # a key that opens what the request names: a secret, never kept as such
            return f"key:{_digest(caller)}"
        return f"address:{self.get_ident(request)}"


class WriteAddressThrottle(_Throttle):
    scope = "write_address"

    def key_for(self, request, view):
        return None if request.method in SAFE_METHODS else self.get_ident(request)


SIGN_IN = SIGN_IN_FAILURES


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
