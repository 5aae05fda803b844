"""The address the rate limits count (scorekeeper.addresses): the socket's with no proxy,
the Nth X-Forwarded-For entry from the right behind N proxies, an IPv6 client's /64."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import RequestFactory, override_settings

from scorekeeper.addresses import client_address


def address(xff: str | None, remote: str = "192.0.2.9", proxies: int | None = None) -> str:
    meta = {"REMOTE_ADDR": remote}
    if xff is not None:
        meta["HTTP_X_FORWARDED_FOR"] = xff
    request = RequestFactory().post("/", **meta)
    if proxies is None:
        return client_address(request)
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}):
        return client_address(request)


def test_with_no_proxy_configured_the_header_is_ignored():
    # The suite's settings, as the environment leaves them: no NUM_PROXIES.
    assert address("203.0.113.1") == "192.0.2.9"
    assert address("203.0.113.1, 203.0.113.2") == "192.0.2.9"
    assert address("203.0.113.1", proxies=0) == "192.0.2.9"


@pytest.mark.parametrize(
    ("xff", "proxies", "client"),
    [
        ("203.0.113.7", 1, "203.0.113.7"),
        ("1.2.3.4, 203.0.113.7", 1, "203.0.113.7"),  # the left entry is the client's own word
        ("1.2.3.4, 203.0.113.7, 10.0.0.2", 2, "203.0.113.7"),
        ("203.0.113.7:51000", 1, "203.0.113.7"),
        ("[2001:db8:1:2::7]:443", 1, "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", 1, "203.0.113.7"),
        ("203.0.113.7", 2, "192.0.2.9"),  # fewer entries than proxies: not through ours
        ("", 1, "192.0.2.9"),
        ("not-an-address", 1, "192.0.2.9"),
        (None, 1, "192.0.2.9"),
    ],
)
def test_behind_proxies_the_entry_the_outermost_proxy_wrote_counts(xff, proxies, client):
    assert address(xff, proxies=proxies) == client


def test_an_ipv6_client_counts_as_its_64():
    one = address(None, remote="2001:db8:aa:bb::1")
    same_network = address(None, remote="2001:db8:aa:bb:ffff:1:2:3")
    next_network = address(None, remote="2001:db8:aa:bc::1")

    assert one == same_network == "2001:db8:aa:bb::/64"
    assert next_network != one
