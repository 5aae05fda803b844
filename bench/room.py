"""A room that follows live (issue 33), through gunicorn with production's settings and the poll
tokens in Redis (``CACHE_URL``; the bench is skipped without a Redis at 127.0.0.1:6379):

- 1,500 phones on 300 tables (5 a table), each polling as the pages do: every 2 s for a minute
  after its page loaded, then 1.5 times longer each time up to 10 s, with the token of its page
  in ``If-None-Match``; a phone whose poll answers a new token loads its match page again (as
  the page reloads) and takes the new token from it;
- first the polls alone, for the CPU they cost the server (its processes' CPU time over the
  wall time, as a share of the node's cores);
- then the polls with the 300 tables each writing a deal every 2 minutes (``ROOM_SECONDS`` of
  them, 60 by default: half the tables write once): each deal's time, and how long after it
  every phone of its table saw the change;
- then ``/healthz/`` and the poll (a 304), each as fast as 8 clients can ask, three times in
  turn (the median of each): requests a second as the clients see them, and per second of the
  server's CPU, which the budget reads (the clients share the 2 cores and, once the server
  outruns them, set the first figure themselves).
Every request has a timeout; the phones are served by a pool of threads, each with its own
kept-alive connection, as a browser keeps one."""

from __future__ import annotations

import heapq
import os
import random
import re
import socket
import statistics
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def request(*args, **kwargs):
    # bench.load reads Django's models: imported once Django is set up.
    from bench.load import request as kept_alive

    return kept_alive(*args, **kwargs)


TABLES = 300
PHONES_PER_TABLE = 5
THREADS = 48
POLLS_ALONE = 20.0  # seconds
DEAL_EVERY = 120.0  # seconds, each table
TOKEN = re.compile(rb'data-poll-token="([^"]*)"')
BURST = 3000  # requests each of /healthz/ and the poll, for the throughput
STATUSES: dict[int, int] = {}  # the polls' answers, for the report


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def _cpu_seconds(pids: list[int]) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


class Phone:
    def __init__(self, table: int, public_id: str, token: str, loaded: float):
        self.table, self.public_id, self.token = table, public_id, token
        self.loaded, self.delay = loaded, 2.0

    def next_delay(self, now: float) -> float:
        if now - self.loaded > 60:
            self.delay = min(10.0, self.delay * 1.5)
        return self.delay


def _poll(port: int, phone: Phone) -> bool:
    """One poll; True when it saw a change (then the page is loaded again, with its token)."""
    path = f"/m/{phone.public_id}/version/"
    status, _ = request(port, "GET", path, headers={"If-None-Match": f'"{phone.token}"'})
    STATUSES[status] = STATUSES.get(status, 0) + 1
    if status != 200:
        return False
    conn = _page(port, f"/m/{phone.public_id}/")
    found = TOKEN.search(conn)
    phone.token = found.group(1).decode() if found else ""
    phone.loaded, phone.delay = time.monotonic(), 2.0
    return True


def _page(port: int, path: str) -> bytes:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        return conn.getresponse().read()
    finally:
        conn.close()


def _run_phones(port, phones, seconds, changed_at, seen_after, stop_deals=None) -> int:
    """Polls as the pages do for ``seconds``; returns the number of polls made. A change seen
    is timed against ``changed_at`` (the moment its deal was answered), with whether the phone
    was active then."""
    start = time.monotonic()
    queue = [
        (start + random.uniform(0, phone.next_delay(start)), n) for n, phone in enumerate(phones)
    ]
    heapq.heapify(queue)
    lock = threading.Lock()
    count = 0

    def worker():
        nonlocal count
        while True:
            with lock:
                if not queue:
                    return
                when, n = heapq.heappop(queue)
            now = time.monotonic()
            if when > start + seconds:
                return
            if when > now:
                time.sleep(when - now)
            phone = phones[n]
            loaded = phone.loaded
            try:
                if _poll(port, phone):
                    changed = changed_at.get(phone.table)
                    if changed is not None:
                        # Active: its page loaded within the minute before the change, so it
                        # was polling every 2 s; the others had backed off towards 10 s.
                        active = changed - loaded <= 60
                        seen_after.append((time.monotonic() - changed, active))
            except OSError:
                pass
            done = time.monotonic()
            with lock:
                count += 1
                heapq.heappush(queue, (done + phone.next_delay(done), n))

    with ThreadPoolExecutor(THREADS) as pool:
        for _ in range(THREADS):
            pool.submit(worker)
    return count


def _throughput(port: int, path: str, headers: dict, pids: list[int]) -> tuple[float, float]:
    """Requests a second as 8 clients see them, and requests a second of the server's CPU (the
    gunicorn processes' CPU time during the burst). The clients are threads of this process on
    the same 2 cores: once the server answers faster than they ask, the first figure is theirs,
    and only the second still tells what each answer costs the server."""
    per = BURST // 8

    def client():
        for _ in range(per):
            request(port, "GET", path, headers=headers)

    cpu = _cpu_seconds(pids)
    start = time.perf_counter()
    with ThreadPoolExecutor(8) as pool:
        for future in [pool.submit(client) for _ in range(8)]:
            future.result()
    wall = time.perf_counter() - start
    return BURST / wall, BURST / max(_cpu_seconds(pids) - cpu, 1e-3)


def measure() -> list[tuple[str, float, str, float]]:
    """(label, value, unit, target): the lower the better, except where the label says."""
    from bench.deals import new_match, p99, rikken_deal
    from bench.load import Server

    if not _redis_up():
        print("room bench skipped: it needs Redis at 127.0.0.1:6379 for the poll tokens")
        return []
    seconds = float(os.environ.get("ROOM_SECONDS", "60"))
    tables = [new_match(deals=1) for _ in range(TABLES)]
    os.environ["CACHE_URL"] = "redis://127.0.0.1:6379/9"
    try:
        with Server() as server:
            port = server.port
            pids = [server.process.pid, *server.workers()]
            now = time.monotonic()
            phones = []
            for t, (match, _key) in enumerate(tables):
                token = TOKEN.search(_page(port, f"/m/{match.public_id}/")).group(1).decode()
                for _ in range(PHONES_PER_TABLE):
                    # The room in its steady state: pages loaded over the last two minutes.
                    phones.append(Phone(t, match.public_id, token, now - random.uniform(0, 120)))

            cpu = _cpu_seconds(pids)
            polls = _run_phones(port, phones, POLLS_ALONE, {}, [])
            alone = dict(STATUSES)
            poll_cores = (_cpu_seconds(pids) - cpu) / POLLS_ALONE
            node = os.cpu_count() or 1

            changed_at: dict[int, float] = {}
            seen_after: list[float] = []
            deal_ms: list[float] = []
            order = list(range(TABLES))
            random.shuffle(order)
            writes = [(t, i * DEAL_EVERY / TABLES) for i, t in enumerate(order)]
            writes = [(t, at) for t, at in writes if at < seconds - 5]

            def write_deals():
                begin = time.monotonic()
                for t, at in writes:
                    delay = begin + at - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                    match, key = tables[t]
                    status, ms = request(
                        port, "POST", f"/api/v1/matches/{match.public_id}/deals/",
                        rikken_deal(2), {"X-Edit-Key": key, "Idempotency-Key": uuid.uuid4().hex},
                    )  # fmt: skip
                    deal_ms.append(ms if status == 201 else 30_000.0)
                    changed_at[t] = time.monotonic()

            writer = threading.Thread(target=write_deals)
            writer.start()
            _run_phones(port, phones, seconds, changed_at, seen_after)
            writer.join()

            # Each measured three times, taking turns, and the median of each: one burst
            # alone swings by a third with whatever else the machine does that second.
            token = phones[0].token
            poll = (f"/m/{phones[0].public_id}/version/", {"If-None-Match": f'"{token}"'})
            rates: dict[str, list[tuple[float, float]]] = {"health": [], "poll": []}
            for _ in range(3):
                rates["health"].append(_throughput(port, "/healthz/", {}, pids))
                rates["poll"].append(_throughput(port, *poll, pids))
            health, poll_rate = (
                statistics.median(seen for seen, _ in rates[k]) for k in ("health", "poll")
            )
            health_cpu, poll_cpu = (
                statistics.median(served for _, served in rates[k]) for k in ("health", "poll")
            )
    finally:
        os.environ.pop("CACHE_URL", None)
    expected = len(writes) * PHONES_PER_TABLE
    active = [lag for lag, was_active in seen_after if was_active]
    slowest_active = max(active) if active else float("inf")
    slowest = max((lag for lag, _ in seen_after), default=float("inf"))
    print(
        f"room: {len(phones)} phones, {polls / POLLS_ALONE:.0f} polls/s alone; "
        f"{len(deal_ms)} deals; {len(seen_after)} of {expected} changes seen by the phones "
        f"({len(active)} of them active, polling every 2 s), the slowest after {slowest:.1f} s; "
        f"/healthz/ {health:.0f}/s, the poll {poll_rate:.0f}/s (a second of the server's CPU: "
        f"{health_cpu:.0f} and {poll_cpu:.0f}); the polls' answers alone "
        f"{alone}, in all {STATUSES}"
    )
    return [
        ("room: polls' share of the node's CPU", 100 * poll_cores / node, "%", 25.0),
        ("room: a deal among the polls, p99", p99(deal_ms), "ms", 300.0),
        ("room: the slowest active phone to see a change", slowest_active, "s", 3.0),
        (
            "room: /healthz/ over the poll, requests a second of the server's CPU",
            health_cpu / poll_cpu,
            "x",
            1.0,
        ),
    ]


if __name__ == "__main__":
    from bench.environment import environment

    environment()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    failed = False
    for label, value, unit, target in measure():
        ok = value <= target if unit == "x" else value < target
        failed |= not ok
        print(f"{'ok  ' if ok else 'MISS'} {label}: {value:.2f} {unit} (target < {target})")
    raise SystemExit(1 if failed else 0)
