"""Two nodes on one database and one broker: two gunicorn servers and two Celery workers, with
the production settings. A tournament round is played with the clients alternating between the
servers: every deal's Idempotency-Key retried on the other node, If-Match races across the
nodes, tables confirmed on either. Afterwards nothing is lost or doubled, and the standings the
workers kept equal a recompute from scratch."""

from __future__ import annotations

import json
import threading

import pytest

from .conftest import make_director
from .harness import call, celery, gunicorn, manage, production_env, wait_until

pytestmark = pytest.mark.system

PLAYERS = 16
DEALS = 4  # a round of 4 deals: 3 entered with retries, the 4th raced


def rikken(n: int, declarer: int) -> dict:
    deal = {"contracts": [{"contract": "misere", "declarer": declarer, "tricks": n % 2}]}
    return {**deal, "dealer": 0} if n == 0 else deal


def race(requests: list[tuple[str, dict]], headers: dict[str, str]) -> list[int]:
    """The requests sent at once, one thread each; their statuses."""
    answers: list[int] = []
    start = threading.Barrier(len(requests))

    def post(url: str, body: dict) -> None:
        start.wait(10)
        answers.append(call("POST", url, body, headers)[0])

    racers = [threading.Thread(target=post, args=request) for request in requests]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    return answers


def test_a_round_on_two_nodes_loses_and_doubles_nothing(tmp_path, database, redis):
    env = production_env(database.url(), redis.url)
    username, password = make_director(env)
    processes = []
    try:
        nodes = []
        for name in ("node-a", "node-b"):
            process, base = gunicorn(name, env, tmp_path)
            processes.append(process)
            nodes.append(base)
        processes += [celery(f"worker-{n}", "worker", env, tmp_path) for n in (1, 2)]

        def node(i: int) -> str:
            return nodes[i % 2]

        token = call(
            "POST", f"{node(0)}/api/v1/auth/token/", {"username": username, "password": password}
        )[1]["token"]
        director = {"Authorization": f"Token {token}"}
        assert call("POST", f"{node(1)}/api/v1/clubs/", {"name": "De Zwaan"}, director)[0] == 201
        status, created, _ = call(
            "POST",
            f"{node(0)}/api/v1/tournaments/",
            {"club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
             "rounds": 1, "round_kind": "deals", "deals_per_round": DEALS},
            director,
        )  # fmt: skip
        assert status == 201, created
        path = f"/api/v1/tournaments/{created['id']}/"
        for n in range(PLAYERS):
            answer = call("POST", f"{node(n)}{path}entrants/", {"name": f"P{n}"}, director)
            assert answer[0] == 201
        assert call("POST", f"{node(1)}{path}rounds/", None, director)[0] == 202
        tables = wait_until(
            lambda: next(
                r["tables"]
                for r in call("GET", f"{node(0)}{path}rounds/", None, director)[1]
                if r["status"] == "ready"
            ),
            30,
            "the round to be drawn by a worker",
        )
        assert len(tables) == PLAYERS // 4

        retried, raced = 0, []
        for t, table in enumerate(tables):
            key = table["link"].rstrip("/").rsplit("/", 1)[1]
            deals = f"/api/v1/matches/{table['match']}/deals/"
            for n in range(DEALS - 1):
                headers = {"X-Edit-Key": key, "Idempotency-Key": f"t{t}-deal-{n}-" + "x" * 20}
                first = call("POST", f"{node(n + t)}{deals}", rikken(n, n % 4), headers)
                again = call("POST", f"{node(n + t + 1)}{deals}", rikken(n, n % 4), headers)
                assert first[0] == 201, first[1]
                assert (again[0], again[1]) == (first[0], first[1])
                retried += 1
            # Two phones race for the last deal, one on each node, from the same version.
            etag = call("GET", f"{node(t)}/api/v1/matches/{table['match']}/")[2]["ETag"]
            answers = race(
                [(f"{node(i)}{deals}", rikken(DEALS - 1, i + 1)) for i in (0, 1)],
                {"X-Edit-Key": key, "If-Match": etag},
            )
            raced.append(sorted(answers))
            by = table["entrants"][1]["name"]
            confirm_key = table["confirm_link"].rstrip("/").rsplit("/", 1)[1]
            confirmed = call(
                "POST",
                f"{node(t + 1)}{path}rounds/1/tables/{table['number']}/confirm/",
                {"by": by},
                {"X-Table-Key": confirm_key},
            )
            assert confirmed[0] == 200, confirmed[1]

        # Nothing lost, nothing doubled: every table has exactly its deals, numbered in order.
        for t, table in enumerate(tables):
            match = call("GET", f"{node(t)}/api/v1/matches/{table['match']}/")[1]
            numbers = [deal["number"] for deal in match["deals"]]
            assert numbers == list(range(1, DEALS + 1)), numbers
            assert match["version"] == DEALS
        assert raced == [[201, 412]] * len(tables)
        assert retried == len(tables) * (DEALS - 1)

        # The standings the workers kept equal a recompute from scratch.
        settled = wait_until(
            lambda: (s := call("GET", f"{node(1)}{path}standings/")[1]) and not s["dirty"] and s,
            30,
            "the standings to settle",
        )
        fresh = manage(
            "shell",
            "-c",
            "import json; from games.models import Tournament; "
            "from games.services.standings import standings_compute; "
            "print(json.dumps(standings_compute(Tournament.objects.get())))",
            env=env,
        )
        assert settled["standings"] == json.loads(fresh.strip().splitlines()[-1])
        assert len(settled["standings"]) == PLAYERS
        assert sum(row["points"] for row in settled["standings"]) == 0
    finally:
        for process in processes:
            process.stop()
            print(f"--- {process.name} ---\n{process.output()[-3000:]}")
