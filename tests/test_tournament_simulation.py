"""Whole tournaments driven through the API as a club would run them: the director registers
the field and draws each round, every table scores its deals through its private link, an
opponent confirms, and the standings follow.

With CELERY_BROKER_URL set (CI: Redis, on PostgreSQL) the draws and the standings run on a real
Celery worker through the broker; without one, Celery runs them eagerly."""

import csv
import io
import os
import random
import time
from itertools import combinations, pairwise

import pytest
from celery.contrib.testing.worker import start_worker
from rest_framework.test import APIClient

from games.models import Tournament
from scorekeeper.celery import app
from tests.services import broker_url

BROKER_URL = os.environ.get("CELERY_BROKER_URL")

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def celery_worker_or_eager():
    if not BROKER_URL:
        yield "eager"
        return
    app.conf.update(task_always_eager=False, broker_url=broker_url())
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield "worker"
    finally:
        app.conf.update(task_always_eager=True)


@pytest.fixture
def director(django_user_model):
    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("td", password="pw-x-1234"))
    assert client.post("/api/v1/clubs/", {"name": "De Zwaan"}, format="json").status_code == 201
    return client


def wait_for(check, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting for the worker")


def draw(director, base: str, number: int) -> dict:
    answer = director.post(f"{base}rounds/", format="json")
    assert answer.status_code == 202, answer.json()

    def ready():
        rounds = director.get(f"{base}rounds/").json()
        this = rounds[number - 1] if len(rounds) >= number else None
        return this if this and this["status"] != "drawing" else None

    drawn = wait_for(ready)
    assert drawn["status"] == "ready", drawn["report"]
    return drawn


def settled_standings(base: str) -> list[dict]:
    def fresh():
        body = APIClient().get(f"{base}standings/").json()
        return None if body["dirty"] else body

    return wait_for(fresh)["standings"]


def fresh_standings() -> list[dict]:
    """The standings worked out from scratch now, as JSON would carry them: the cache that the
    worker kept up to date, result after result, must equal them."""
    import json

    from games.services.standings import standings_compute

    return json.loads(json.dumps(standings_compute(Tournament.objects.get())))


def key_of(table: dict, link: str = "link") -> str:
    """The key at the end of a table's scoring ``link`` or its ``confirm_link``."""
    return table[link].rstrip("/").rsplit("/", 1)[1]


def rikken_deal(rng: random.Random, first: bool) -> dict:
    declarer = rng.randrange(4)
    if rng.random() < 0.5:
        contract = {"contract": "misere", "declarer": declarer, "tricks": rng.choice([0, 0, 1])}
    else:
        contract = {
            "contract": "solo_8",
            "declarer": declarer,
            "trump": rng.choice(["clubs", "hearts"]),
            "tricks": rng.randint(6, 10),
        }
    return {**({"dealer": 0} if first else {}), "contracts": [contract]}


# A drive's evening plays about 20 deals a round; 6 a round seat, score and rank the same way.
DRIVE_DEALS = 6


@pytest.mark.slow
def test_a_32_player_rikken_drive_of_4_rounds(director, celery_worker_or_eager):
    rng = random.Random(7)
    created = director.post(
        "/api/v1/tournaments/",
        {
            "club": "de-zwaan",
            "name": "Thursday drive",
            "game": "rikken",
            "format": "individual",
            "rounds": 4,
            "round_kind": "deals",
            "deals_per_round": DRIVE_DEALS,
        },
        format="json",
    ).json()
    base = f"/api/v1/tournaments/{created['id']}/"
    for n in range(1, 33):
        reply = director.post(f"{base}entrants/", {"name": f"Player {n}"}, format="json")
        assert reply.status_code == 201
    met: set[frozenset[int]] = set()

    for number in range(1, 5):
        drawn = draw(director, base, number)
        seated = [e["id"] for t in drawn["tables"] for e in t["entrants"]]
        assert sorted(seated) == sorted(set(seated)) and len(seated) == 32
        for table in drawn["tables"]:
            ids = [e["id"] for e in table["entrants"]]
            pairs = {frozenset(p) for p in combinations(ids, 2)}
            assert not pairs & met, f"round {number} repeats opponents at {table['number']}"
            met |= pairs
            phone = APIClient(HTTP_X_EDIT_KEY=key_of(table))
            for deal in range(DRIVE_DEALS):
                scored = phone.post(
                    f"/api/v1/matches/{table['match']}/deals/",
                    rikken_deal(rng, deal == 0),
                    format="json",
                )
                assert scored.status_code == 201, scored.json()
            # The other side confirms, on its own phone, with the other half of the card.
            confirmed = APIClient().post(
                f"{base}rounds/{number}/tables/{table['number']}/confirm/",
                {"by": table["entrants"][1]["name"].split(" & ")[0]},
                format="json",
                HTTP_X_TABLE_KEY=key_of(table, "confirm_link"),
            )
            assert confirmed.status_code == 200

    standings = settled_standings(base)
    assert standings == fresh_standings()
    assert len(standings) == 32
    assert sum(row["points"] for row in standings) == 0  # Rikken payments sum to zero
    assert all(row["played"] == 4 for row in standings)
    totals = [row["points"] for row in standings]
    assert totals == sorted(totals, reverse=True)
    assert next(row["rank"] for row in standings) == 1
    results = APIClient().get(f"{base}results/").json()["results"]
    assert len(results) == 32 and all(r["counts"] and r["deals"] == DRIVE_DEALS for r in results)
    for row in standings:
        assert row["points"] == sum(p for p in row["rounds"])
    assert director.get(base).json()["status"] == "finished"
    too_many = director.post(f"{base}rounds/", format="json")
    assert too_many.status_code == 409
    exported = list(
        csv.reader(io.StringIO(APIClient().get(f"{base}standings/?download=csv").content.decode()))
    )
    assert exported[0][:4] == ["rank", "name", "points", "played"]
    assert len(exported) == 33


def marafon_game(rng: random.Random, first: bool) -> list[dict]:
    """Deals of one Marafon game to 41 (RULES §1): 11 points a deal, no marafona."""
    deals, scores = [], [0, 0]
    while max(scores) < 41:
        team_one = rng.randint(0, 11)
        deal = {
            "trump": rng.choice(["coins", "cups", "swords", "clubs"]),
            "points": [team_one, 11 - team_one],
        }
        if first and not deals:
            deal["battezzante"] = 0
        deals.append(deal)
        scores = [scores[0] + team_one, scores[1] + 11 - team_one]
        if scores[0] >= 41 and scores[1] >= 41:
            break
    return deals


@pytest.mark.slow
def test_a_16_pair_marafon_swiss(director, celery_worker_or_eager):
    rng = random.Random(11)
    created = director.post(
        "/api/v1/tournaments/",
        {
            "club": "de-zwaan",
            "name": "Marafon pairs",
            "game": "marafon",
            "format": "swiss",
            "rounds": 5,
            "round_kind": "game",
            "tie_breaks": ["buchholz", "sonneborn_berger", "difference", "head_to_head"],
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    base = f"/api/v1/tournaments/{created.json()['id']}/"
    for n in range(1, 17):
        reply = director.post(
            f"{base}entrants/", {"name": f"A{n}", "partner_name": f"B{n}"}, format="json"
        )
        assert reply.status_code == 201
    met: set[frozenset[int]] = set()

    for number in range(1, 6):
        drawn = draw(director, base, number)
        assert len(drawn["tables"]) == 8
        assert drawn["report"]["rematches"] == 0
        for table in drawn["tables"]:
            pair = frozenset(e["id"] for e in table["entrants"])
            assert pair not in met
            met.add(pair)
            phone = APIClient(HTTP_X_EDIT_KEY=key_of(table))
            for deal in marafon_game(rng, True):
                scored = phone.post(f"/api/v1/matches/{table['match']}/deals/", deal, format="json")
                assert scored.status_code == 201, scored.json()
                if scored.json()["state"]["finished"]:
                    break
            # The other side confirms, on its own phone, with the other half of the card.
            confirmed = APIClient().post(
                f"{base}rounds/{number}/tables/{table['number']}/confirm/",
                {"by": table["entrants"][1]["name"].split(" & ")[0]},
                format="json",
                HTTP_X_TABLE_KEY=key_of(table, "confirm_link"),
            )
            assert confirmed.status_code == 200
        if number < 5:
            # The next draw pairs by the standings: wait for them to settle first, as a director
            # watching the live page would.
            settled_standings(base)

    standings = settled_standings(base)
    assert standings == fresh_standings()
    assert len(standings) == 16
    assert sum(row["match_points"] for row in standings) == 2 * 8 * 5
    assert sum(row["points"] for row in standings) == 0  # differences cancel out
    match_points = [row["match_points"] for row in standings]
    assert match_points == sorted(match_points, reverse=True)
    for better, worse in pairwise(standings):
        if better["match_points"] == worse["match_points"] and not worse["shared"]:
            assert better["rank"] < worse["rank"]
            assert better["tie_breaks"]["buchholz"] >= worse["tie_breaks"]["buchholz"]
    assert Tournament.objects.get().standings_dirty is False
