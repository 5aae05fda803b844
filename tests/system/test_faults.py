"""Faults lose nothing and show no error for work that succeeded, measured with real processes:
gunicorn, a Celery worker and beat, a Redis of the test's own (stopped mid-event and started
again) and PostgreSQL behind a relay the test cuts.

- Broker down: confirming a table, a correction at a confirmed table and drawing the next round
  all answer as usual (the writes committed); readiness says "degraded"; once the broker is
  back, the lost draw and the stale standings are caught up by the sweeps (the time is printed).
- Database down: 503 with a clear JSON answer or page, never a stack trace; liveness still
  answers; service resumes by itself when the database returns, and the refused write was not
  recorded."""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

import pytest

from .conftest import make_director
from .harness import Relay, call, celery, gunicorn, manage, production_env, wait_until

pytestmark = pytest.mark.system

DEAL = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


def fresh_standings(env) -> list:
    out = manage(
        "shell",
        "-c",
        "import json; from games.models import Tournament; "
        "from games.services.standings import standings_compute; "
        "print(json.dumps(standings_compute(Tournament.objects.get())))",
        env=env,
    )
    return json.loads(out.strip().splitlines()[-1])


def test_the_broker_and_the_database_go_down_and_nothing_is_lost(
    tmp_path, server_url, database, redis
):
    target = urlsplit(server_url)
    relay = Relay((target.hostname or "127.0.0.1", target.port or 5432))
    relay.mend()
    env = production_env(database.url(relay.port), redis.url)
    username, password = make_director(env)
    web, base = gunicorn("web", env, tmp_path)
    processes = [
        web,
        celery("worker", "worker", env, tmp_path),
        celery("beat", "beat", env, tmp_path),
    ]
    try:
        status, body, _ = call(
            "POST", f"{base}/api/v1/auth/token/", {"username": username, "password": password}
        )
        director = {"Authorization": f"Token {body['token']}"}
        assert call("POST", f"{base}/api/v1/clubs/", {"name": "De Zwaan"}, director)[0] == 201
        status, created, _ = call(
            "POST",
            f"{base}/api/v1/tournaments/",
            {"club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
             "rounds": 2, "round_kind": "deals", "deals_per_round": 2},
            director,
        )  # fmt: skip
        assert status == 201, created
        tour = f"{base}/api/v1/tournaments/{created['id']}/"
        for n in range(1, 9):
            assert call("POST", f"{tour}entrants/", {"name": f"P{n}"}, director)[0] == 201
        assert call("POST", f"{tour}rounds/", None, director)[0] == 202
        drawn = wait_until(
            lambda: [
                r
                for r in call("GET", f"{tour}rounds/", None, director)[1]
                if r["status"] == "ready"
            ],
            30,
            "round 1 to be drawn on the worker",
        )[0]
        tables = drawn["tables"]
        for table in tables:
            key = table["link"].rstrip("/").rsplit("/", 1)[1]
            for n in range(2):
                deal = {**DEAL, "dealer": 0} if n == 0 else DEAL
                answer = call(
                    "POST", f"{base}/api/v1/matches/{table['match']}/deals/", deal,
                    {"X-Edit-Key": key},
                )  # fmt: skip
                assert answer[0] == 201, answer[1]

        def confirm(table) -> tuple[int, float]:
            started = time.monotonic()
            status, body, _ = call(
                "POST",
                f"{tour}rounds/1/tables/{table['number']}/confirm/",
                {"by": table["entrants"][1]["name"]},
                {"X-Table-Key": table["confirm_link"].rstrip("/").rsplit("/", 1)[1]},
            )
            assert status == 200, body
            return status, time.monotonic() - started

        confirm(tables[0])

        # --- the broker goes down mid-event ------------------------------------------------
        redis.stop()
        _, took_confirm = confirm(tables[1])
        started = time.monotonic()
        corrected = call(
            "PUT",
            f"{base}/api/v1/matches/{tables[0]['match']}/deals/2/",
            {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
            director,
        )
        took_correct = time.monotonic() - started
        ready = call("GET", f"{base}/readyz/")
        started = time.monotonic()
        second = call("POST", f"{tour}rounds/", None, director)
        took_draw = time.monotonic() - started

        assert corrected[0] == 200, corrected[1]
        assert second[0] == 202, second[1]
        assert max(took_confirm, took_correct, took_draw) < 5
        assert ready[0] == 200
        assert ready[1]["status"] == "degraded"
        assert ready[1]["components"]["broker"]["status"] == "down"
        assert ready[1]["components"]["database"]["status"] == "up"
        assert call("GET", f"{tour}standings/")[1]["dirty"] is True

        # --- the broker returns: the sweeps catch up -----------------------------------------
        redis.start()
        back = time.monotonic()
        # The sweeps run every 10 s; how soon the worker and beat reconnect depends on the load
        # of the machine: 18-30 s here alone or beside another suite, 43 s on a loaded CI
        # machine, and twice over 90 s while five other sessions' suites shared the two cores
        # (the worker's reconnection waits grow to 30 s apart while the broker is down). So the
        # wait is generous, the time is printed, not asserted (speed targets belong to bench/),
        # and a timeout says where the round and the processes stood.
        try:
            wait_until(
                lambda: call("GET", f"{tour}rounds/")[1][1]["status"] == "ready",
                180,
                "the lost draw to be queued again and drawn",
                every=0.25,
            )
        except AssertionError:
            print("rounds:", call("GET", f"{tour}rounds/", None, director)[1])
            raise
        drawn_after = time.monotonic() - back
        settled = wait_until(
            lambda: (s := call("GET", f"{tour}standings/")[1]) and not s["dirty"] and s,
            90,
            "the standings to be recomputed",
            every=0.25,
        )
        settled_after = time.monotonic() - back
        print(f"broker back: draw ready after {drawn_after:.1f} s, standings {settled_after:.1f} s")
        assert settled["standings"] == fresh_standings(env)
        assert "job not queued, the broker is unreachable" in web.output()

        # --- the database goes down ----------------------------------------------------------
        status, friendly, _ = call(
            "POST",
            f"{base}/api/v1/matches/",
            {"game": "marafon", "players": ["Ana", "Ben", "Cai", "Dai"]},
            {"Idempotency-Key": "friendly-match-" + "x" * 16},
        )
        assert status == 201, friendly
        match, key = friendly["id"], friendly["edit_key"]
        marafon = {"battezzante": 0, "trump": "coins", "points": [6, 5]}
        relay.cut()
        alive = call("GET", f"{base}/healthz/")
        not_ready = call("GET", f"{base}/readyz/")
        api = call("GET", f"{base}/api/v1/matches/{match}/")
        page = call("GET", f"{base}/t/{created['id']}/")
        write = call("POST", f"{base}/api/v1/matches/{match}/deals/", marafon, {"X-Edit-Key": key})

        assert alive[0] == 200
        assert not_ready[0] == 503
        assert not_ready[1]["components"]["database"]["status"] == "down"
        assert api[0] == 503 and "cannot reach its database" in api[1]["detail"]
        assert api[2]["Retry-After"] == "10"
        assert page[0] == 503 and "Back in a moment" in page[1] and "Traceback" not in page[1]
        assert write[0] == 503 and "Nothing was changed" in write[1]["detail"]

        # --- it returns: service resumes without a restart -------------------------------------
        relay.mend()
        wait_until(lambda: call("GET", f"{base}/readyz/")[0] == 200, 20, "readiness again")
        status, state, _ = call("GET", f"{base}/api/v1/matches/{match}/")
        assert status == 200 and state["version"] == friendly["version"] and state["deals"] == []
        again = call("POST", f"{base}/api/v1/matches/{match}/deals/", marafon, {"X-Edit-Key": key})
        assert again[0] == 201 and again[1]["number"] == 1, again[1]
        assert web.process.poll() is None  # the same process, never restarted
    finally:
        for process in processes:
            process.stop()
            print(f"--- {process.name} ---\n{process.output()[-12000:]}")
        relay.cut()
