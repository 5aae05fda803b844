import pytest
from rest_framework.test import APIClient

from games.models import Entrant, Tournament

pytestmark = pytest.mark.django_db


RIKKEN_DRIVE = {
    "club": "de-zwaan",
    "name": "Thursday drive",
    "game": "rikken",
    "format": "individual",
    "rounds": 4,
    "round_kind": "deals",
    "deals_per_round": 20,
}
MARAFON_SWISS = {
    "club": "de-zwaan",
    "name": "Marafon pairs",
    "game": "marafon",
    "format": "swiss",
    "rounds": 5,
    "round_kind": "game",
    "tie_breaks": ["buchholz", "difference"],
    "preset": "marafon-31",
}


def test_a_director_creates_a_rikken_drive(director):
    response = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "registration"
    assert body["table_size"] == 4
    assert body["rules"]["players"] == 4


def test_a_pairs_swiss_from_house_rules(director):
    body = director.post("/api/v1/tournaments/", MARAFON_SWISS, format="json").json()

    assert body["rules"]["target"] == 31
    assert body["tie_breaks"] == ["buchholz", "difference"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "swiss", "game": "rikken"}, "format"),
        ({"round_kind": "game", "deals_per_round": None}, "round_kind"),
        ({"deals_per_round": None}, "deals_per_round"),
        ({"club": "nowhere"}, "club"),
        ({"tie_breaks": ["coin_toss"]}, "tie_breaks"),
        ({"rules": {"partner_pays": "sometimes"}}, "rules"),
        ({"table_size": 7}, "table_size"),
        ({"game": "etori", "table_size": 6}, "table_size"),
        ({"game": "rikken", "table_size": 3}, "table_size"),
    ],
)
def test_bad_tournament_input_is_400_and_nothing_is_stored(director, change, field):
    response = director.post("/api/v1/tournaments/", {**RIKKEN_DRIVE, **change}, format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert Tournament.objects.count() == 0


def test_only_directors_create_tournaments(django_user_model, director):
    other = APIClient()
    other.force_authenticate(django_user_model.objects.create_user("x", password="pw-x-1234"))

    response = other.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json")

    assert response.status_code == 400
    assert "club" in response.json()


def test_registration_check_in_and_withdrawal(director):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    url = f"/api/v1/tournaments/{tournament['id']}/entrants/"

    anna = director.post(url, {"name": "Anna"}, format="json")
    again = director.post(url, {"player": anna.json()["player"]}, format="json")
    checked = director.patch(f"{url}{anna.json()['id']}/", {"status": "checked_in"}, format="json")

    assert anna.status_code == 201
    assert again.status_code == 400
    assert checked.json()["status"] == "checked_in"
    assert Entrant.objects.count() == 1


def test_pairs_events_register_pairs(director):
    tournament = director.post("/api/v1/tournaments/", MARAFON_SWISS, format="json").json()
    url = f"/api/v1/tournaments/{tournament['id']}/entrants/"

    alone = director.post(url, {"name": "Anna"}, format="json")
    pair = director.post(url, {"name": "Anna", "partner_name": "Carla"}, format="json")

    assert alone.status_code == 400
    assert "partner" in alone.json()
    assert pair.json()["name"] == "Anna & Carla"


def register(director, tournament, names):
    url = f"/api/v1/tournaments/{tournament['id']}/entrants/"
    for name in names:
        assert director.post(url, {"name": name}, format="json").status_code == 201


def test_a_director_draws_an_individual_round_with_table_links(
    director, django_capture_on_commit_callbacks
):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, [f"Player {n}" for n in range(1, 10)])  # 9: a table of 5
    rounds_url = f"/api/v1/tournaments/{tournament['id']}/rounds/"

    with django_capture_on_commit_callbacks(execute=True):
        drawn = director.post(rounds_url, format="json")
    rounds = director.get(rounds_url).json()

    assert drawn.status_code == 202
    assert drawn.json()["status"] == "drawing"
    first = rounds[0]
    assert first["status"] == "ready"
    assert sorted(len(t["entrants"]) for t in first["tables"]) == [4, 5]
    seated = [e["id"] for t in first["tables"] for e in t["entrants"]]
    assert len(seated) == len(set(seated)) == 9
    assert all("/edit/" in t["link"] for t in first["tables"])
    assert first["report"]["repeats"] == 0


def test_an_impossible_draw_fails_with_its_reason(director, django_capture_on_commit_callbacks):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, ["A", "B", "C"])
    rounds_url = f"/api/v1/tournaments/{tournament['id']}/rounds/"

    with django_capture_on_commit_callbacks(execute=True):
        director.post(rounds_url, format="json")

    drawn = director.get(rounds_url).json()[0]
    assert drawn["status"] == "failed"
    assert "cannot" in drawn["report"]["error"]


def test_the_public_sees_no_table_links(director, django_capture_on_commit_callbacks):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, [f"P{n}" for n in range(8)])
    rounds_url = f"/api/v1/tournaments/{tournament['id']}/rounds/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(rounds_url, format="json")

    public = APIClient().get(rounds_url).json()[0]

    assert all("link" not in t for t in public["tables"])


def test_a_rikken_round_played_confirmed_and_ranked(director, django_capture_on_commit_callbacks):
    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, [f"P{n}" for n in range(8)])
    base = f"/api/v1/tournaments/{tournament['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    tables = director.get(f"{base}rounds/").json()[0]["tables"]
    table_phone, other_side = APIClient(), APIClient()
    first = tables[0]
    key = first["link"].rstrip("/").rsplit("/", 1)[1]
    confirmation_key = first["confirm_link"].rstrip("/").rsplit("/", 1)[1]
    seated = [e["name"] for e in first["entrants"]]

    dealt = table_phone.post(
        f"/api/v1/matches/{first['match']}/deals/",
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        format="json",
        HTTP_X_EDIT_KEY=key,
    )
    unconfirmed = APIClient().get(f"{base}standings/").json()
    confirm_url = f"{base}rounds/1/tables/{first['number']}/confirm/"
    by_scorer = table_phone.post(
        confirm_url, {"by": seated[2]}, format="json", HTTP_X_TABLE_KEY=key
    )
    outsider = other_side.post(
        confirm_url, {"by": "P9"}, format="json", HTTP_X_TABLE_KEY=confirmation_key
    )
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = other_side.post(
            confirm_url, {"by": seated[2]}, format="json", HTTP_X_TABLE_KEY=confirmation_key
        )
    refused = APIClient().post(f"{base}rounds/1/tables/2/confirm/", {"by": "x"}, format="json")
    again = other_side.post(
        confirm_url, {"by": seated[3]}, format="json", HTTP_X_TABLE_KEY=confirmation_key
    )
    standings = APIClient().get(f"{base}standings/").json()

    assert dealt.status_code == 201
    assert unconfirmed["standings"] == []
    assert by_scorer.status_code == 403  # the side that scored does not confirm
    assert outsider.status_code == 400 and seated[0] in str(outsider.json()["by"])
    assert confirmed.status_code == 200
    assert refused.status_code == 403
    assert again.status_code == 409
    assert f"already confirmed by {seated[2]}" in str(again.json())
    assert standings["dirty"] is False
    top = standings["standings"][0]
    assert top["points"] == 15
    assert top["name"] == first["entrants"][1]["name"]
    assert top["rank"] == 1
    csv_text = APIClient().get(f"{base}standings/?download=csv").content.decode()
    assert csv_text.splitlines()[1].startswith(f"1,{top['name']},")


def test_a_rikken_drive_at_tables_of_six_when_the_event_says_so(
    director, django_capture_on_commit_callbacks
):
    """Six at a table: the dealer and the player three seats after sit each deal out; the
    table's special game is one the club chooses from."""
    rules = {"all_pass": "choice", "special_games": ["schuppen_mie", "mie_en"]}
    event = {**RIKKEN_DRIVE, "table_size": 6, "rules": rules}
    tournament = director.post("/api/v1/tournaments/", event, format="json").json()
    register(director, tournament, [f"P{n}" for n in range(12)])
    base = f"/api/v1/tournaments/{tournament['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    drawn = director.get(f"{base}rounds/").json()[0]
    first = drawn["tables"][0]
    deals = f"/api/v1/matches/{first['match']}/deals/"
    mie = {"game": "mie_en", "queens": [None, 4, 0, None, 0, 0]}
    raw = {"dealer": 3, "contracts": [], "all_pass": True, "special": mie}
    dealt = director.post(deals, raw, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        director.post(
            f"{base}rounds/1/tables/{first['number']}/confirm/", {"by": "Dir"}, format="json"
        )
    standings = APIClient().get(f"{base}standings/").json()["standings"]

    assert tournament["table_size"] == 6 and tournament["rules"]["players"] == 6
    assert drawn["status"] == "ready"
    assert [len(t["entrants"]) for t in drawn["tables"]] == [6, 6]
    assert "2 tables of 6" in " ".join(drawn["report"]["notes"])
    assert dealt.status_code == 201, dealt.json()
    # seats 3 (the dealer) and 0 (three seats after) sit out; seat 1 took all four queens
    assert dealt.json()["outcome"]["payments"] == [0, 30, -10, 0, -10, -10]
    assert dealt.json()["state"]["next"] == {"dealer": 4, "leader": 5}
    assert standings[0]["name"] == first["entrants"][1]["name"]
    assert standings[0]["points"] == 30


def test_a_directors_correction_is_logged_and_moves_the_standings(
    director, django_capture_on_commit_callbacks
):
    from games.models import Correction

    tournament = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, tournament, [f"P{n}" for n in range(8)])
    base = f"/api/v1/tournaments/{tournament['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    first = director.get(f"{base}rounds/").json()[0]["tables"][0]
    deals = f"/api/v1/matches/{first['match']}/deals/"
    misere = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
    assert director.post(deals, misere, format="json").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        director.post(
            f"{base}rounds/1/tables/{first['number']}/confirm/", {"by": "Dir"}, format="json"
        )

    with django_capture_on_commit_callbacks(execute=True):
        corrected = director.put(
            f"{deals}1/",
            {**misere, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
            format="json",
        )

    assert corrected.status_code == 200
    log = Correction.objects.get()
    assert (log.action, log.by, log.deal_number) == ("replace", "dir", 1)
    assert log.before["contracts"][0]["tricks"] == 0
    top = APIClient().get(f"{base}standings/").json()["standings"]
    assert max(row["points"] for row in top) == 5  # the three others now win 5 each
    logged = director.get(f"{base}corrections/").json()
    assert [(c["round"], c["deal"], c["action"], c["by"]) for c in logged] == [
        (1, 1, "replace", "dir")
    ]
    assert logged[0]["after"]["contracts"][0]["tricks"] == 1
    assert APIClient().get(f"{base}corrections/").status_code in (401, 403)


def test_the_tournament_list_is_a_summary_read_in_constant_queries(
    director, django_assert_max_num_queries
):
    for n in range(3):
        created = director.post(
            "/api/v1/tournaments/", {**RIKKEN_DRIVE, "name": f"Drive {n}"}, format="json"
        ).json()
        register(director, created, [f"P{n}-{k}" for k in range(n + 1)])

    with django_assert_max_num_queries(2):
        body = APIClient().get("/api/v1/tournaments/?club=de-zwaan").json()
    first_page = APIClient().get("/api/v1/tournaments/?limit=2").json()

    listed = body["results"]
    assert body["count"] == 3
    assert [t["name"] for t in first_page["results"]] == ["Drive 2", "Drive 1"]
    assert first_page["next"] is not None
    assert sorted(t["entrants_count"] for t in listed) == [1, 2, 3]
    assert all("entrants" not in t and t["rounds_drawn"] == 0 for t in listed)


def test_a_table_cannot_play_past_the_rounds_deals(director, django_capture_on_commit_callbacks):
    drive = director.post(
        "/api/v1/tournaments/", {**RIKKEN_DRIVE, "deals_per_round": 2}, format="json"
    ).json()
    register(director, drive, [f"P{n}" for n in range(4)])
    base = f"/api/v1/tournaments/{drive['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    table = director.get(f"{base}rounds/").json()[0]["tables"][0]
    deals = f"/api/v1/matches/{table['match']}/deals/"
    misere = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}

    first = director.post(deals, {**misere, "dealer": 0}, format="json")
    second = director.post(deals, misere, format="json")
    third = director.post(deals, misere, format="json")

    assert (first.status_code, second.status_code, third.status_code) == (201, 201, 409)
    assert "2 deals" in str(third.json())
    assert director.get(deals).json()["count"] == 2


def test_a_draw_is_taken_back_until_play_starts_and_late_arrivals_join_the_redraw(
    director, django_capture_on_commit_callbacks
):
    from games.models import Match

    drive = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, drive, [f"P{n}" for n in range(8)])
    base = f"/api/v1/tournaments/{drive['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    register(director, drive, [f"Late {n}" for n in range(4)])

    anonymous = APIClient().delete(f"{base}rounds/1/")
    taken_back = director.delete(f"{base}rounds/1/")
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    redrawn = director.get(f"{base}rounds/1/").json()
    table = redrawn["tables"][0]
    director.post(
        f"/api/v1/matches/{table['match']}/deals/",
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        format="json",
    )
    started = director.delete(f"{base}rounds/1/")

    assert anonymous.status_code in (401, 403)
    assert taken_back.status_code == 204
    assert sum(len(t["entrants"]) for t in redrawn["tables"]) == 12
    assert Match.objects.count() == 3  # the first draw's two matches are gone
    assert started.status_code == 409
    assert "has started" in str(started.json())
    assert director.delete(f"{base}rounds/2/").status_code == 404


def test_a_deal_added_after_confirmation_is_logged_and_moves_the_standings(
    director, django_capture_on_commit_callbacks
):
    from games.models import Correction

    drive = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    register(director, drive, [f"P{n}" for n in range(4)])
    base = f"/api/v1/tournaments/{drive['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    table = director.get(f"{base}rounds/1/").json()["tables"][0]
    key = table["link"].rstrip("/").rsplit("/", 1)[1]
    confirmation_key = table["confirm_link"].rstrip("/").rsplit("/", 1)[1]
    phone = APIClient(HTTP_X_EDIT_KEY=key)
    deals = f"/api/v1/matches/{table['match']}/deals/"
    misere = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
    phone.post(deals, {**misere, "dealer": 0}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = APIClient().post(
            f"{base}rounds/1/tables/1/confirm/",
            {"by": "P2"},
            format="json",
            HTTP_X_TABLE_KEY=confirmation_key,
        )
    assert confirmed.status_code == 200
    before = {r["name"]: r["points"] for r in director.get(f"{base}standings/").json()["standings"]}

    locked = phone.post(deals, misere, format="json")  # the table's phone: the result is locked
    with django_capture_on_commit_callbacks(execute=True):
        added = director.post(deals, misere, format="json")

    after = {r["name"]: r["points"] for r in director.get(f"{base}standings/").json()["standings"]}
    shown = APIClient().get(f"{base}rounds/1/").json()["tables"][0]
    assert locked.status_code == 409 and "ask a director" in locked.json()["detail"]
    assert added.status_code == 201
    log = Correction.objects.get()
    assert (log.action, log.deal_number, log.by, log.before) == ("add", 2, "dir", None)
    assert shown["amended"]["by"] == "dir"  # the public answer says who changed it
    assert after != before
    assert sum(after.values()) == 0


def test_a_director_adds_a_round_renames_and_changes_tie_breaks(
    director, django_capture_on_commit_callbacks
):
    swiss = director.post("/api/v1/tournaments/", {**MARAFON_SWISS, "rounds": 1}, format="json")
    base = f"/api/v1/tournaments/{swiss.json()['id']}/"
    url = f"{base}entrants/"
    for n in range(4):
        director.post(url, {"name": f"N{n}", "partner_name": f"S{n}"}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")

    fewer = director.patch(base, {"rounds": 0}, format="json")
    below_drawn = director.patch(base, {"rounds": 1, "name": " "}, format="json")
    unknown = director.patch(base, {"tie_breaks": ["coin_toss"]}, format="json")
    stranger = APIClient().patch(base, {"rounds": 3}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        changed = director.patch(
            base,
            {"rounds": 3, "name": "Marafon pairs, long", "tie_breaks": ["sonneborn_berger"]},
            format="json",
        )
    with django_capture_on_commit_callbacks(execute=True):
        second = director.post(f"{base}rounds/", format="json")

    assert fewer.status_code == 400 and "rounds" in fewer.json()
    assert below_drawn.status_code == 400 and "name" in below_drawn.json()
    assert unknown.status_code == 400 and "tie_breaks" in unknown.json()
    assert stranger.status_code in (401, 403)
    assert changed.status_code == 200
    body = changed.json()
    assert (body["rounds"], body["name"], body["tie_breaks"]) == (
        3,
        "Marafon pairs, long",
        ["sonneborn_berger"],
    )
    assert second.status_code == 409  # round 2 can be drawn once round 1 is confirmed
    assert "not confirmed" in str(second.json())
    standings = director.get(f"{base}standings/").json()["standings"]
    assert all(set(row["tie_breaks"]) == {"sonneborn_berger"} for row in standings)
    assert Tournament.objects.get().rounds == 3


def _pairs_table(director, django_capture_on_commit_callbacks, names):
    tournament = director.post("/api/v1/tournaments/", MARAFON_SWISS, format="json").json()
    url = f"/api/v1/tournaments/{tournament['id']}/entrants/"
    for name, partner in names:
        entered = director.post(url, {"name": name, "partner_name": partner}, format="json")
        assert entered.status_code == 201
    base = f"/api/v1/tournaments/{tournament['id']}/"
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    table = director.get(f"{base}rounds/1/").json()["tables"][0]
    keys = [table[k].rstrip("/").rsplit("/", 1)[1] for k in ("link", "confirm_link")]
    seated = [
        p["name"] for p in APIClient().get(f"/api/v1/matches/{table['match']}/").json()["players"]
    ]
    return base, table, keys, seated


def test_a_pairs_table_is_confirmed_only_by_the_side_that_did_not_score(
    director, django_capture_on_commit_callbacks
):
    base, table, (key, confirmation_key), seated = _pairs_table(
        director, django_capture_on_commit_callbacks, [("Alba", "Carla"), ("Bram", "Dirk")]
    )
    dealt = APIClient().post(
        f"/api/v1/matches/{table['match']}/deals/",
        {"battezzante": 0, "trump": "cups", "points": [7, 4]},
        format="json",
        HTTP_X_EDIT_KEY=key,
    )
    confirm_url = f"{base}rounds/1/tables/{table['number']}/confirm/"
    other = APIClient(HTTP_X_TABLE_KEY=confirmation_key)

    # the draw gave the scoring link to seat 0's pair (seats 0 and 2)
    by_scorers = other.post(confirm_url, {"by": seated[0]}, format="json")
    standings = APIClient().get(f"{base}standings/").json()["standings"]
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = other.post(confirm_url, {"by": seated[1]}, format="json")

    assert dealt.status_code == 201
    assert by_scorers.status_code == 400
    refusal = str(by_scorers.json()["by"])
    assert seated[1] in refusal and seated[3] in refusal and "other side" in refusal
    assert standings == []
    assert confirmed.status_code == 200 and confirmed.json()["by"] == seated[1]


def test_a_pairs_table_swaps_its_sides_once(director, django_capture_on_commit_callbacks):
    base, table, (key, confirmation_key), seated = _pairs_table(
        director, django_capture_on_commit_callbacks, [("Alba", "Carla"), ("Bram", "Dirk")]
    )
    swap_url = f"{base}rounds/1/tables/{table['number']}/swap/"
    confirm_url = f"{base}rounds/1/tables/{table['number']}/confirm/"
    APIClient().post(
        f"/api/v1/matches/{table['match']}/deals/",
        {"battezzante": 0, "trump": "cups", "points": [7, 4]},
        format="json",
        HTTP_X_EDIT_KEY=key,
    )

    stranger = APIClient().post(swap_url, format="json")
    swapped = APIClient().post(swap_url, format="json", HTTP_X_TABLE_KEY=confirmation_key)
    twice = APIClient().post(swap_url, format="json", HTTP_X_EDIT_KEY=key)
    other = APIClient(HTTP_X_TABLE_KEY=confirmation_key)
    by_new_scorers = other.post(confirm_url, {"by": seated[1]}, format="json")
    confirmed = other.post(confirm_url, {"by": seated[2]}, format="json")

    assert stranger.status_code == 403
    assert swapped.status_code == 200, swapped.json()
    assert swapped.json() == {
        "scoring": [seated[1], seated[3]],
        "confirming": [seated[0], seated[2]],
    }
    assert twice.status_code == 409
    assert by_new_scorers.status_code == 400
    assert confirmed.status_code == 200
