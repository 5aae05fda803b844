"""The Redis cache keeps one client per connection pool (scorekeeper/cache.py): Django's own
makes a client for every call, a third of what a live page's poll cost."""

from __future__ import annotations

import os

from scorekeeper.cache import RedisCache
from tests.services import reachable, unavailable

URL = os.environ.get("CELERY_BROKER_URL", "") or "redis://127.0.0.1:6379/0"


def test_one_client_serves_every_call():
    cache = RedisCache(URL, {})
    assert cache._cache.get_client() is cache._cache.get_client()
    assert cache._cache.get_client(write=True) is cache._cache.get_client()


def test_it_stores_and_reads_like_djangos():
    if not URL.startswith("redis://") or not reachable(URL, 6379):
        unavailable("Redis is not running at " + URL)
    cache = RedisCache(URL, {"KEY_PREFIX": "test-kept-clients"})
    cache.set("token", "abc", 5)
    assert cache.get("token") == "abc"
    assert cache.add("token", "other", 5) is False
    cache.delete("token")
    assert cache.get("token") is None
