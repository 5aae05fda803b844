"""Real processes for the system tests: a Redis of the test's own on a spare port (stopped and
started by the test), a fresh PostgreSQL database reached through a TCP relay the test can cut,
gunicorn servers and Celery workers and beat, each with the production settings. Everything
listens on 127.0.0.1 and is stopped by the test that started it."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import selectors
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(check, seconds: float, what: str, every: float = 0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            value = check()
            if value:
                return value
        time.sleep(every)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


class OwnRedis:
    """A Redis of this test's own, on a spare port: stopping it touches nobody else's."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        server = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self.ping, 10, "Redis to start")

    def ping(self) -> bool:
        with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class Relay:
    """A TCP relay in front of PostgreSQL: ``cut()`` closes it and every open connection, as a
    database that went away; ``mend()`` listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._open: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self._lock = threading.Lock()

    def mend(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            listener, self._listener = self._listener, None
            sockets, self._open = self._open, []
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    server.close()
                    return
                self._open += [client, server]
            threading.Thread(target=self._pipe, args=(client, server), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        sel = selectors.DefaultSelector()
        sel.register(a, selectors.EVENT_READ, b)
        sel.register(b, selectors.EVENT_READ, a)
        try:
            while True:
                for key, _ in sel.select():
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    key.data.sendall(data)
        except OSError:
            return
        finally:
            for sock in (a, b):
                with contextlib.suppress(OSError):
                    sock.close()


class Database:
    """A fresh PostgreSQL database on the server of ``DATABASE_URL``, migrated; dropped after."""

    def __init__(self, server_url: str) -> None:
        self.parts = urlsplit(server_url)
        self.name = f"sk_system_{secrets.token_hex(4)}"

    def url(self, port: int | None = None) -> str:
        host = self.parts.hostname or "127.0.0.1"
        netloc = self.parts.netloc.rsplit("@", 1)
        user = netloc[0] + "@" if len(netloc) == 2 else ""
        return urlunsplit(
            (self.parts.scheme, f"{user}{host}:{port or self.parts.port or 5432}",
             f"/{self.name}", "", "")
        )  # fmt: skip

    def _admin(self, sql: str) -> None:
        import psycopg

        admin = urlunsplit(self.parts._replace(path="/postgres"))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql)

    def create(self, env: dict[str, str]) -> None:
        self._admin(f'CREATE DATABASE "{self.name}"')
        manage("migrate", "--noinput", env=env)
        # As make serve does: the production pages name their files through the manifest.
        manage("collectstatic", "--noinput", "--verbosity", "0", env=env)

    def drop(self) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def production_env(database_url: str, broker_url: str, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "CELERY_", "DATABASE_", "PYTEST", "HYPOTHESIS"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="scorekeeper.settings.production",
        SECRET_KEY="system-test-" + "k" * 50,
        HTTPS="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        LOG_FORMAT="json",
        DB_POOL_TIMEOUT="2",
        WEB_CONCURRENCY="1",
        THREADS="4",
        THROTTLE_WRITE_CLIENT="100000/min",
        THROTTLE_WRITE_ADDRESS="100000/min",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def manage(*args: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


class Process:
    """A server process with its output in a file, for the test to read after."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], logs: Path) -> None:
        self.name = name
        self.log = logs / f"{name}.log"
        self._out = self.log.open("wb")
        self.process = subprocess.Popen(
            argv, cwd=REPO, env=env, stdout=self._out, stderr=subprocess.STDOUT
        )

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self._out.close()

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def gunicorn(name: str, env: dict[str, str], logs: Path) -> tuple[Process, str]:
    port = free_port()
    process = Process(
        name,
        [str(BIN / "gunicorn"), "scorekeeper.wsgi", "--config", "scorekeeper/gunicorn.py"],
        {**env, "HOST": "127.0.0.1", "PORT": str(port)},
        logs,
    )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: call("GET", f"{base}/healthz/")[0] == 200, 30, f"{name} to answer")
    return process, base


def celery(name: str, kind: str, env: dict[str, str], logs: Path) -> Process:
    if kind == "worker":
        argv = [str(BIN / "celery"), "-A", "scorekeeper", "worker", "--loglevel=INFO",
                "--concurrency=2", "--pool=threads", "--without-mingle", "--without-gossip",
                "-n", f"{name}@%h"]  # fmt: skip
    else:
        argv = [str(BIN / "celery"), "-A", "scorekeeper", "beat", "--loglevel=INFO",
                f"--schedule={logs / 'celerybeat-schedule'}"]  # fmt: skip
    return Process(name, argv, env, logs)


def call(
    method: str, url: str, body: dict | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict | str, dict[str, str]]:
    """One HTTP request; the status, the JSON (or text) answer and the headers."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, raw, got = answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        status, raw, got = error.code, error.read(), dict(error.headers)
    text = raw.decode(errors="replace")
    try:
        return status, json.loads(text), got
    except ValueError:
        return status, text, got
