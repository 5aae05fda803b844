"""What a stranger gets from the rate limits of a running service, measured over HTTP:

    python -m bench.limits_probe http://127.0.0.1:8000 victim:their-password --probe token
    python -m bench.limits_probe http://127.0.0.1:8000 victim:their-password --proxies 1

- ``--probe DOOR``: 35 wrong passwords at the token endpoint, the pages' sign-in or the
  admin's sign-in, each with another ``X-Forwarded-For`` (for the victim's account, or with
  ``--made-up`` for 35 made-up accounts), 12 sign-ups, or 250 anonymous match creations
  (``writes``, each with a made-up ``X-Edit-Key`` too): how many answers before the first 429;
- with ``--proxies N`` (the service started with ``NUM_PROXIES=N``) the probe plays the proxies,
  writing the client's address where they would, and measures the lockout: 12 wrong passwords
  for the victim from one address, then the victim's right password from another address and
  from the guessing one; with ``--ceiling`` as well, the account's ceiling: the owner signs in
  from home, strangers guess from one address after another until the ceiling holds, then the
  right password from a new address and from home.

The victim's account must exist. Each run leaves counts behind, and the doors share them: give
each run fresh counts (an empty cache, or the limits waited out). The sign-up probe creates up
to 12 accounts ``probe-<random>-N``."""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import re
import secrets
import urllib.error
import urllib.parse
import urllib.request


class Browser:
    """One stranger's cookies; every request may carry its own extra headers."""

    def __init__(self, base: str):
        self.base = base.rstrip("/")
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            NoRedirect(),
        )

    def send(self, method: str, path: str, body: bytes | None, headers: dict) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, body, headers, method=method)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode(errors="replace")
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode(errors="replace")

    def form(self, path: str, fields: dict, headers: dict) -> int:
        _, page = self.send("GET", path, None, {})
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        data = {**fields, "csrfmiddlewaretoken": token.group(1) if token else ""}
        body = urllib.parse.urlencode(data).encode()
        form_headers = {"Content-Type": "application/x-www-form-urlencoded", **headers}
        return self.send("POST", path, body, form_headers)[0]

    def token(self, username: str, password: str, headers: dict) -> int:
        body = json.dumps({"username": username, "password": password}).encode()
        json_headers = {"Content-Type": "application/json", **headers}
        return self.send("POST", "/api/v1/auth/token/", body, json_headers)[0]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a sign-in's 302 is the answer


def before_refusal(statuses: list[int]) -> str:
    first = statuses.index(429) if 429 in statuses else None
    counted = statuses[:first] if first is not None else statuses
    kinds = ", ".join(f"{counted.count(s)}×{s}" for s in sorted(set(counted)))
    if first is None:
        return f"{kinds}, no 429 in {len(statuses)}"
    return f"{kinds} before the first 429 (then {statuses[first:].count(429)}×429)"


def spoofed(n: int) -> dict:
    return {"X-Forwarded-For": f"10.{n // 250}.{n % 250}.1"}


PROBES = ("token", "/accounts/login/", "/admin/login/", "/accounts/signup/", "writes")
MATCH = {"game": "marafon", "players": ["Anna", "Bruno", "Carla", "Dario"]}


def header_probe(base: str, probe: str, victim: str | None) -> None:
    """35 wrong passwords at ``probe``, each with another X-Forwarded-For, for ``victim`` (or
    35 made-up accounts if None); or 12 sign-ups. Run each on fresh counts: the doors share
    them (an address's failures are its failures wherever it tried)."""
    stranger = Browser(base)
    if probe == "writes":
        body = json.dumps(MATCH).encode()
        writes = [
            stranger.send(
                "POST",
                "/api/v1/matches/",
                body,
                {"Content-Type": "application/json", "X-Edit-Key": f"made-up-{n}", **spoofed(n)},
            )[0]
            for n in range(250)
        ]
        print(f"anonymous match creations, 250: {before_refusal(writes)}")
        return
    if probe == "/accounts/signup/":
        prefix, password = f"probe-{secrets.token_hex(3)}", secrets.token_urlsafe(12)
        sign_ups = [
            Browser(base).form(
                probe,
                {"username": f"{prefix}-{n}", "password1": password, "password2": password},
                spoofed(n),
            )
            for n in range(12)
        ]
        print(f"{probe}, 12 accounts: {before_refusal(sign_ups)}")
        return
    answers = []
    for n in range(35):
        username = victim or f"nobody-{secrets.token_hex(4)}"
        if probe == "token":
            answers.append(stranger.token(username, f"guess-{n}", spoofed(n)))
        else:
            fields = {"username": username, "password": f"guess-{n}"}
            answers.append(stranger.form(probe, fields, spoofed(n)))
    whose = f"for {victim}" if victim else "for 35 made-up accounts"
    print(f"{probe}, 35 wrong passwords {whose}: {before_refusal(answers)}")


def lockout_probe(base: str, victim: str, password: str, proxies: int) -> None:
    def through_proxies(client: str, claimed: str = "10.9.9.9") -> dict:
        # What N proxies write: the client's claim, the address the outermost proxy saw, and
        # the inner proxies' own addresses.
        inner = [f"10.0.0.{n}" for n in range(2, proxies + 1)]
        return {"X-Forwarded-For": ", ".join([claimed, client, *inner])}

    stranger, owner = "198.51.100.66", "203.0.113.5"
    guesses = [
        Browser(base).token(victim, f"guess-{n}", through_proxies(stranger, f"10.1.0.{n}"))
        for n in range(12)
    ]
    print(f"lockout, 12 wrong passwords for {victim} from one address: {before_refusal(guesses)}")
    for door in ("token", "/accounts/login/", "/admin/login/"):
        for name, address in (("another address", owner), ("the guessing address", stranger)):
            browser = Browser(base)
            headers = through_proxies(address)
            if door == "token":
                status = browser.token(victim, password, headers)
            else:
                fields = {"username": victim, "password": password}
                status = browser.form(door, fields, headers)
            print(f"lockout, the right password at {door} from {name}: {status}")


def ceiling_probe(base: str, victim: str, password: str, proxies: int) -> None:
    """The owner signs in from home; then guesses from many addresses, as many as each may make,
    until the account's ceiling holds; then the right password from a new address and from
    home."""
    inner = [f"10.0.0.{n}" for n in range(2, proxies + 1)]

    def at(client: str) -> dict:
        return {"X-Forwarded-For": ", ".join([client, *inner])}

    home = "203.0.113.5"
    print(f"ceiling, the owner from home first: {Browser(base).token(victim, password, at(home))}")
    guesses: list[int] = []
    for address in range(1, 251):
        for n in range(10):
            guesses.append(
                Browser(base).token(victim, f"g{address}-{n}", at(f"100.64.{address}.1"))
            )
        if guesses[-1] == 429 and guesses[-2] == 429:
            break
    print(f"ceiling, guesses from {address} addresses: {before_refusal(guesses)}")
    print(
        f"ceiling, the right password from a new address: "
        f"{Browser(base).token(victim, password, at('192.0.2.200'))}"
    )
    print(
        f"ceiling, the right password from home: {Browser(base).token(victim, password, at(home))}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("victim", help="username:password of an existing account")
    parser.add_argument("--proxies", type=int, default=0, help="the service's NUM_PROXIES")
    parser.add_argument("--probe", choices=PROBES, help="one spoofed-header probe")
    parser.add_argument("--made-up", action="store_true", help="made-up accounts, not the victim")
    parser.add_argument(
        "--ceiling", action="store_true", help="with --proxies: the account's ceiling"
    )
    arguments = parser.parse_args()
    victim, _, password = arguments.victim.partition(":")
    if arguments.proxies and arguments.ceiling:
        ceiling_probe(arguments.base, victim, password, arguments.proxies)
    elif arguments.proxies:
        lockout_probe(arguments.base, victim, password, arguments.proxies)
    else:
        header_probe(arguments.base, arguments.probe, None if arguments.made_up else victim)


if __name__ == "__main__":
    main()
