"""Sessions through the API: an evening of several matches with one edit key, its running
totals, the next match in one call, settling (which closes and freezes it) and paid marks;
the same keys, ETags, idempotency and refusals as matches."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
RIK = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
MARAFON = {"battezzante": 0, "trump": "cups", "points": [7, 4]}


def start(client, **body):
    body = {"players": PLAYERS, "game": "rikken", "stake": "0.10", **body}
    response = client.post("/api/v1/sessions/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def deal(client, match_id, key, body):
    return client.post(
        f"/api/v1/matches/{match_id}/deals/", body, format="json", HTTP_X_EDIT_KEY=key
    )


def test_an_evening_of_three_matches_is_totalled_settled_and_paid(api_client):
    created = start(api_client)
    key, url = created["edit_key"], created["links"]["self"]
    first = created["matches"][0]["id"]
    assert deal(api_client, first, key, RIK).status_code == 201  # the session key scores it

    second = api_client.post(f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=key)
    assert second.status_code == 201, second.json()
    assert second["Location"].startswith("/api/v1/matches/")
    second_id = second.json()["matches"][1]["id"]
    assert second.json()["matches"][0]["over"] is True
    assert deal(api_client, second_id, key, RIK).status_code == 201
    third = api_client.post(
        f"{url}matches/", {"game": "marafon"}, format="json", HTTP_X_EDIT_KEY=key
    )
    assert third.status_code == 201, third.json()
    third_id = third.json()["matches"][2]["id"]
    assert deal(api_client, third_id, key, MARAFON).status_code == 201

    read = api_client.get(url)
    body = read.json()
    assert read["ETag"] == f'"{body["version"]}"'
    units = {p["name"]: p["units"] for p in body["players"]}
    assert sum(units.values()) == 0 and units["Bram"] > 0
    assert [m["game"] for m in body["matches"]] == ["rikken", "rikken", "marafon"]
    assert body["matches"][2]["money"] is False
    assert len(body["balances_after"]) == 2

    settled = api_client.post(f"{url}settle/", {}, format="json", HTTP_X_EDIT_KEY=key)
    assert settled.status_code == 200, settled.json()
    transfers = settled.json()["transfers"]
    assert settled.json()["closed"] is True and len(transfers) == 3
    assert all(t["payee_name"] == "Bram" and t["amount"] for t in transfers)
    paid = api_client.post(f"{url}transfers/1/paid/", {}, format="json", HTTP_X_EDIT_KEY=key)
    assert paid.status_code == 200
    assert [t["paid"] for t in paid.json()["transfers"]] == [True, False, False]

    # Frozen: no deal, no match, no second settle-up.
    assert deal(api_client, third_id, key, {"trump": "coins", "points": [6, 5]}).status_code == 409
    again = api_client.post(f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=key)
    assert again.status_code == 409
    assert (
        api_client.post(f"{url}settle/", {}, format="json", HTTP_X_EDIT_KEY=key).status_code == 409
    )


def test_writes_need_the_session_key_and_a_fresh_version(api_client):
    created = start(api_client)
    url = created["links"]["self"]
    other = start(api_client)

    without = api_client.post(f"{url}matches/", {}, format="json")
    wrong = api_client.post(f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=other["edit_key"])
    stale = api_client.post(
        f"{url}matches/",
        {},
        format="json",
        HTTP_X_EDIT_KEY=created["edit_key"],
        HTTP_IF_MATCH='"99"',
    )

    assert without.status_code == 403 and wrong.status_code == 403
    assert stale.status_code == 412
    assert len(api_client.get(url).json()["matches"]) == 1


def test_a_retried_next_match_starts_one_match(api_client):
    created = start(api_client)
    url, key = created["links"]["self"], created["edit_key"]

    answers = [
        api_client.post(
            f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=key, HTTP_IDEMPOTENCY_KEY="k-1"
        )
        for _ in range(2)
    ]

    assert [a.status_code for a in answers] == [201, 201]
    assert answers[1]["Idempotent-Replayed"] == "true"
    assert len(api_client.get(url).json()["matches"]) == 2


def test_refusals_are_at_their_field(api_client):
    created = start(api_client)
    url, key = created["links"]["self"], created["edit_key"]

    twice = api_client.post("/api/v1/sessions/", {"players": ["A", "a"]}, format="json")
    no_club = api_client.post(
        "/api/v1/sessions/", {"players": ["A", "B"], "club": "nope"}, format="json"
    )
    trionfo = api_client.post(
        f"{url}matches/", {"game": "trionfo"}, format="json", HTTP_X_EDIT_KEY=key
    )
    bad_seat = api_client.post(
        f"{url}matches/", {"seats": [0, 1, 2, 9]}, format="json", HTTP_X_EDIT_KEY=key
    )
    unpaid = api_client.post(f"{url}transfers/1/paid/", {}, format="json", HTTP_X_EDIT_KEY=key)

    assert twice.status_code == 400 and "players" in twice.json()
    assert no_club.status_code == 400 and "club" in no_club.json()
    assert trionfo.status_code == 400 and "seats" in trionfo.json()
    assert bad_seat.status_code == 400 and "seats" in bad_seat.json()
    assert unpaid.status_code == 409


def test_a_signed_in_user_lists_their_sessions(api_client, django_user_model):
    user = django_user_model.objects.create_user("ann", password="pw-x-1234")
    api_client.force_authenticate(user)
    mine = start(api_client)
    api_client.force_authenticate(None)
    start(api_client)
    api_client.force_authenticate(user)

    listed = api_client.get("/api/v1/sessions/").json()

    assert [s["id"] for s in listed["results"]] == [mine["id"]]
    # The creator signed in writes without the key.
    assert api_client.post(f"{mine['links']['self']}matches/", {}, format="json").status_code == 201


def test_matches_outside_sessions_keep_working(api_client):
    response = api_client.post(
        "/api/v1/matches/", {"game": "marafon", "players": PLAYERS}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert deal(api_client, body["id"], body["edit_key"], MARAFON).status_code == 201


FIRST_DEALS = {
    "marafon": (4, MARAFON),
    "trionfo": (
        5,
        {"first_speaker": 0, "bid": "maso", "declarer": 0, "trump": "swords", "made": False},
    ),
    "malilla": (4, {"dealer": 0, "turn_up": {"rank": "4", "suit": "coins"}, "totals": [40, 30]}),
    "rikken": (4, RIK),
    "etori": (
        4,
        {
            "trump": "spades",
            "honours": [9, 7],
            "aces": [["hearts"], ["spades", "clubs", "diamonds"]],
        },
    ),
}


@pytest.mark.parametrize("game", sorted(FIRST_DEALS))
def test_every_game_is_played_in_a_session_with_its_results_and_charts(api_client, game):
    seats, first = FIRST_DEALS[game]
    created = start(api_client, players=[f"P{n}" for n in range(seats)], game=game)
    match_id = created["matches"][0]["id"]
    assert deal(api_client, match_id, created["edit_key"], first).status_code == 201

    body = api_client.get(created["links"]["self"]).json()
    page = api_client.get(f"/s/{created['id']}/")
    chart = api_client.get(f"/m/{match_id}/chart/")

    results = body["matches"][0]["results"]
    assert len(results) == seats and any(r["place"] == 1 for r in results)
    assert page.status_code == 200 and chart.status_code == 200
    assert b"<polyline" in chart.content


def test_an_evening_in_penalty_points_totals_them_and_an_empty_match_is_played_by_nobody(
    api_client,
):
    created = start(api_client, preset="rikken-penalty-points", stake=None)
    key, url = created["edit_key"], created["links"]["self"]
    first = created["matches"][0]["id"]
    assert created["matches"][0]["penalty"] is True
    assert deal(api_client, first, key, RIK).status_code == 201  # Anna, Cor, Dirk: 5 each
    nxt = api_client.post(f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=key)
    assert nxt.status_code == 201  # the same house rules, by their name too
    assert nxt.json()["matches"][1]["preset"] == created["matches"][0]["preset"]
    # The second match is abandoned before its first deal: the evening moves on.
    body = api_client.post(f"{url}matches/", {}, format="json", HTTP_X_EDIT_KEY=key).json()

    players = {p["name"]: p for p in body["players"]}
    assert {name: p["points"] for name, p in players.items()} == {
        "Anna": 5,
        "Bram": 0,
        "Cor": 5,
        "Dirk": 5,
    }
    assert {name: (p["won"], p["played"]) for name, p in players.items()} == {
        "Anna": (0, 1),
        "Bram": (1, 1),
        "Cor": (0, 1),
        "Dirk": (0, 1),
    }
    assert body["points_after"] == [{"match": 1, "points": {"0": 5, "1": 0, "2": 5, "3": 5}}]
    assert body["balances_after"] == [] and body["transfers"] == []


def seated(client, match_id):
    return [p["name"] for p in client.get(f"/api/v1/matches/{match_id}/").json()["players"]]


def test_the_next_match_keeps_the_chairs_and_turns_with_the_game(api_client):
    """RULES.md §0: seats follow the order of play, anticlockwise in Marafon and clockwise in
    Rikken; the table keeps its chairs, as it last sat, through a re-seating it chose."""
    created = start(api_client, game="marafon", stake=None)
    key, url = created["edit_key"], created["links"]["self"]

    def nxt(**body):
        answer = api_client.post(f"{url}matches/", body, format="json", HTTP_X_EDIT_KEY=key)
        assert answer.status_code == 201, answer.json()
        return seated(api_client, answer.json()["matches"][-1]["id"])

    assert seated(api_client, created["matches"][0]["id"]) == ["Anna", "Bram", "Cor", "Dirk"]
    # Rikken goes the other way round the same chairs; partners Anna-Cor stay opposite.
    assert nxt(game="rikken") == ["Anna", "Dirk", "Cor", "Bram"]
    assert nxt() == ["Anna", "Dirk", "Cor", "Bram"]  # the same game: as they sat
    # The players re-seat themselves for Marafon (seats given in its order of play) ...
    assert nxt(game="marafon", seats=[0, 2, 1, 3]) == ["Anna", "Cor", "Bram", "Dirk"]
    # ... and the next Rikken reads that table, not the first one, the other way round.
    assert nxt(game="rikken") == ["Anna", "Dirk", "Bram", "Cor"]
    # Malilla goes the same way as Marafon: back to the re-seated table's order.
    assert nxt(game="malilla") == ["Anna", "Cor", "Bram", "Dirk"]
