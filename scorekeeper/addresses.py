"""The address a request comes from, as every rate limit counts it.

``X-Forwarded-For`` is written by whoever sends the request: a client may put anything in it,
and each proxy on the way appends the address it was reached from. So it names the client only
as far as our own proxies wrote it:

- no proxy configured (``NUM_PROXIES=0``, the default): the connecting socket's address, the
  header ignored;
- behind N proxies: the Nth entry from the right, the one our outermost proxy appended; the
  entries left of it are the client's own words. A request with fewer entries did not come
  through our proxies, and its socket's address counts.

An IPv6 client usually holds a whole /64 and may pick any address in it, so its /64 counts."""

from __future__ import annotations

import ipaddress

from rest_framework.settings import api_settings

IPV6_CLIENT_PREFIX = 64


def _parsed(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "203.0.113.7:51000"
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _as_client(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        network = ipaddress.IPv6Network((address, IPV6_CLIENT_PREFIX), strict=False)
        return str(network)
    return str(address)


def trusted_proxies() -> int:
    return max(0, int(api_settings.NUM_PROXIES or 0))


def client_address(request) -> str:
    """The client's address (an IPv6 client's /64) for ``request``, a Django or DRF request."""
    meta = request.META
    socket_address = meta.get("REMOTE_ADDR", "") or ""
    proxies = trusted_proxies()
    if proxies:
        entries = (meta.get("HTTP_X_FORWARDED_FOR") or "").split(",")
        if len(entries) >= proxies:
            forwarded = _parsed(entries[-proxies])
            if forwarded is not None:
                return _as_client(forwarded)
    parsed = _parsed(socket_address)
    return _as_client(parsed) if parsed is not None else socket_address
