"""The load figures, through gunicorn with production's settings (2 workers x 4 threads,
gthread) on a spare loopback port, started and stopped here:
- 300 tables posting a deal at once (each its own match, sent by a pool of 32 threads),
- 8 clients on 8 matches against 8 clients on the floor view: requests per second,
- the workers' resident memory afterwards.
Every loop is bounded (a number of requests, and a timeout on each)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.deals import new_match, p99, rikken_deal

ROOT = Path(__file__).resolve().parent.parent
TABLES = 300
POOL = 32
CLIENTS = 8
PER_CLIENT = 150
TIMEOUT = 30  # seconds, each request


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """gunicorn serving bench.wsgi; stopped (and its workers with it) on exit."""

    def __init__(self):
        self.port = _free_port()
        gunicorn = Path(sys.executable).with_name("gunicorn")
        # The production configuration (scorekeeper/gunicorn.py), as make web runs it.
        self.process = subprocess.Popen(
            [str(gunicorn), "bench.wsgi", "--config", "scorekeeper/gunicorn.py"],
            cwd=ROOT,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "bench.settings",
                "HOST": "127.0.0.1",
                "PORT": str(self.port),
                "WEB_CONCURRENCY": "2",
                "THREADS": "4",
                "LOG_LEVEL": "warning",
                "MALLOC_ARENA_MAX": os.environ.get("MALLOC_ARENA_MAX", "2"),
                # No recycling of workers here: their memory is measured after the whole run.
                "MAX_REQUESTS": "0",
            },
        )

    def __enter__(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                status, _ = request(self.port, "GET", "/api/v1/presets/")
                if status == 200:
                    return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("gunicorn did not answer within 30 s")

    def __exit__(self, *exc):
        self.stop()

    def workers(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


_local = threading.local()


def request(port: int, method: str, path: str, body=None, headers=None) -> tuple[int, float]:
    """One request on this thread's kept-alive connection: (status, milliseconds)."""
    conn = getattr(_local, "conn", None)
    if conn is None or getattr(_local, "port", None) != port:
        conn = _local.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        _local.port = port
    payload = None if body is None else json.dumps(body)
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    start = time.perf_counter()
    try:
        conn.request(method, path, body=payload, headers=all_headers)
        response = conn.getresponse()
        response.read()
    except (OSError, http.client.HTTPException):
        conn.close()
        _local.conn = None
        raise
    return response.status, (time.perf_counter() - start) * 1000


def _post_deal(port: int, match, key: str, number: int) -> tuple[int, float]:
    return request(
        port,
        "POST",
        f"/api/v1/matches/{match.public_id}/deals/",
        rikken_deal(number),
        {"X-Edit-Key": key, "Idempotency-Key": uuid.uuid4().hex},
    )


def _safe(fn):
    try:
        return fn()
    except (OSError, http.client.HTTPException):
        return 0, float(TIMEOUT * 1000)


def measure() -> list[tuple]:
    tables = [new_match(deals=1) for _ in range(TABLES)]
    eight = [new_match(deals=1) for _ in range(CLIENTS)]
    rows: list[tuple] = []
    with Server() as server:
        port = server.port
        # Warm both workers (imports, the pool's connections) before anything is timed.
        with ThreadPoolExecutor(POOL) as pool:
            list(
                pool.map(
                    lambda _: _safe(lambda: request(port, "POST", "/bench/floor/", {})), range(64)
                )
            )
        with ThreadPoolExecutor(POOL) as pool:
            results = list(
                pool.map(lambda t: _safe(lambda: _post_deal(port, t[0], t[1], 2)), tables)
            )
        errors = sum(1 for status, _ms in results if status != 201)
        high = p99([ms for _status, ms in results])
        rows.append(
            (
                f"{TABLES} tables post a deal at once (pool of {POOL}), {errors} errors",
                sorted(ms for _s, ms in results)[len(results) // 2],
                high,
                None,
                None,
                "p99 < 300 ms, 0 errors",
                high < 300 and errors == 0,
            )
        )

        def throughput(send) -> tuple[float, int]:
            def client(index: int) -> int:
                failures = 0
                for n in range(PER_CLIENT):
                    status, _ms = _safe(lambda index=index, n=n: send(index, n))
                    failures += status not in (200, 201)
                return failures

            start = time.perf_counter()
            with ThreadPoolExecutor(CLIENTS) as pool:
                failures = sum(pool.map(client, range(CLIENTS)))
            return CLIENTS * PER_CLIENT / (time.perf_counter() - start), failures

        floor_rate, floor_failures = throughput(
            lambda i, n: request(port, "POST", "/bench/floor/", {})
        )
        deal_rate, deal_failures = throughput(
            lambda i, n: _post_deal(port, eight[i][0], eight[i][1], n + 2)
        )
        ratio = deal_rate / floor_rate
        rows.append(
            (
                f"{CLIENTS} clients on {CLIENTS} matches: {deal_rate:.0f} deals/s against "
                f"{floor_rate:.0f} inserts/s, {deal_failures + floor_failures} errors",
                None,
                None,
                None,
                ratio,
                "≥ 0.5× the floor's throughput",
                ratio >= 0.5 and deal_failures + floor_failures == 0,
            )
        )
        rss = [rss_mib(pid) for pid in server.workers()]
        rows.append(
            (
                "gunicorn worker RSS after the bench, MiB: "
                + ", ".join(f"{value:.0f}" for value in rss),
                max(rss, default=0),
                None,
                None,
                None,
                "< 100 MiB",
                bool(rss) and max(rss) < 100,
            )
        )
    return rows
