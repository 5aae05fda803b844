"""Helpers of the rate-limit tests: the suite's own limits are out of reach, so each test sets
the ones it meets, and counts afresh."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.settings import api_settings

# The production defaults (scorekeeper.settings.base), whatever the environment says.
DEFAULTS = {
    "sign_in_account_address": "10/hour",
    "sign_in_address": "30/hour",
    "sign_in_account": "300/day",
    "sign_up": "10/hour",
    "write_client": "240/min",
    "write_address": "2400/min",
}


def rates(*, proxies: int | None = None, **low) -> dict:
    """Settings with some limits lowered, and ``proxies`` reverse proxies in front (by default
    as the settings read the environment: none)."""
    lowered = {**api_settings.DEFAULT_THROTTLE_RATES, **low}
    rest = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": lowered}
    if proxies is not None:
        rest["NUM_PROXIES"] = proxies
    return {"REST_FRAMEWORK": rest}


def answered_before_refusal(statuses: list[int]) -> int:
    """How many answers came before the first 429 (all of them if none was refused)."""
    return statuses.index(429) if 429 in statuses else len(statuses)


@pytest.fixture
def fresh_counts():
    cache.clear()
    yield
    cache.clear()
