"""Django's Redis cache, with one Redis client kept per connection pool. Django's own makes a new
``redis.Redis`` for every call (and with it the client's table of response callbacks, some 170
entries): about a third of the CPU a live page's poll costs (``games/pages/live.py``). A client
is safe to share between threads; its connections come from the pool as before."""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class KeptClients(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:  # two threads may both make one: the last kept, both work
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClients
