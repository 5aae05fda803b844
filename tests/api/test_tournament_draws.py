"""Pairs events through the API: Swiss, round robin and knockout draws, walkovers, byes, the
results and the standings with their tie-breaks. Celery runs eagerly on commit here; the
simulated tournaments in tests/test_tournament_simulation.py use a real worker."""

import csv
import io
from itertools import combinations

import pytest
from rest_framework.test import APIClient

from games.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    """Runs a request and the Celery jobs it queues on commit."""

    def call(method, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return method(*args, **kwargs)

    return call


def pairs_event(director, run, format: str, pairs: int, rounds: int, **extra) -> str:
    created = director.post(
        "/api/v1/tournaments/",
        {
            "club": "de-zwaan",
            "name": f"{format} night",
            "game": "marafon",
            "format": format,
            "rounds": rounds,
            "round_kind": "game",
            **extra,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    base = f"/api/v1/tournaments/{created.json()['id']}/"
    for n in range(1, pairs + 1):
        entry = {"name": f"North {n}", "partner_name": f"South {n}"}
        assert director.post(f"{base}entrants/", entry, format="json").status_code == 201
    return base


def draw(director, run, base: str) -> dict:
    answer = run(director.post, f"{base}rounds/", format="json")
    assert answer.status_code == 202, answer.json()
    return director.get(f"{base}rounds/").json()[-1]


def play(director, run, base: str, this_round: dict, winner=lambda table: 0) -> None:
    """Plays every table of the round to 41 (four deals of 11) and confirms it as a director;
    ``winner`` picks the winning side (0: the first-named pair)."""
    for table in this_round["tables"]:
        if table["bye"]:
            continue
        side = winner(table)
        points = [11, 0] if side == 0 else [0, 11]
        deals = f"/api/v1/matches/{table['match']}/deals/"
        first = director.post(
            deals, {"battezzante": 0, "trump": "coins", "points": points}, format="json"
        )
        assert first.status_code == 201, first.json()
        for _ in range(3):
            director.post(deals, {"trump": "coins", "points": points}, format="json")
        confirmed = run(
            director.post,
            f"{base}rounds/{this_round['number']}/tables/{table['number']}/confirm/",
            {"by": "Director"},
            format="json",
        )
        assert confirmed.status_code == 200


def sides(this_round: dict) -> tuple[list[frozenset[int]], list[int]]:
    games = [
        frozenset(e["id"] for e in t["entrants"]) for t in this_round["tables"] if not t["bye"]
    ]
    byes = [t["entrants"][0]["id"] for t in this_round["tables"] if t["bye"]]
    return games, byes


def test_a_round_robin_meets_everybody_once_with_one_bye_each(director, run):
    base = pairs_event(director, run, "round_robin", pairs=5, rounds=5)
    met, byes = [], []

    for _ in range(5):
        this_round = draw(director, run, base)
        games, bye = sides(this_round)
        met += games
        byes += bye
        everyone = [e for game in games for e in game] + bye
        assert len(everyone) == len(set(everyone)) == 5
        play(director, run, base, this_round)

    entrants = {e["id"] for e in director.get(f"{base}entrants/").json()}
    assert sorted(map(sorted, met)) == sorted(map(sorted, combinations(entrants, 2)))
    assert sorted(byes) == sorted(entrants)
    assert "Berger" in this_round["report"]["notes"][0]


def test_a_withdrawn_pairs_round_robin_opponents_get_a_bye(director, run):
    base = pairs_event(director, run, "round_robin", pairs=4, rounds=3)
    first = draw(director, run, base)
    play(director, run, base, first)
    leaving = first["tables"][0]["entrants"][0]["id"]

    director.patch(f"{base}entrants/{leaving}/", {"status": "withdrawn"}, format="json")
    second = draw(director, run, base)

    games, byes = sides(second)
    assert len(games) == 1 and len(byes) == 1
    assert any("withdrew" in note for note in second["report"]["notes"])
    assert leaving not in byes


def test_a_knockout_gives_byes_to_the_top_seeds_and_ends_with_a_final(director, run):
    base = pairs_event(director, run, "knockout", pairs=6, rounds=4)
    entrants = [e["id"] for e in director.get(f"{base}entrants/").json()]

    first = draw(director, run, base)
    games, byes = sides(first)
    assert sorted(byes) == sorted(entrants[:2])  # seeds 1 and 2
    assert len(games) == 2
    assert "2 byes" in " ".join(first["report"]["notes"])
    play(director, run, base, first, winner=lambda table: 1)  # the lower seeds win

    semis = draw(director, run, base)
    games, byes = sides(semis)
    assert byes == [] and len(games) == 2
    winners_so_far = {t["entrants"][1]["id"] for t in first["tables"] if not t["bye"]}
    assert {e for game in games for e in game} == set(entrants[:2]) | winners_so_far
    play(director, run, base, semis)

    final = draw(director, run, base)
    assert len(final["tables"]) == 1
    assert "final" in " ".join(final["report"]["notes"])
    play(director, run, base, final)
    over = director.post(f"{base}rounds/", format="json")
    assert over.status_code == 409
    assert "over" in str(over.json())
    assert director.get(base).json()["status"] == "finished"
    assert [r["status"] for r in director.get(f"{base}rounds/").json()] == ["finished"] * 3


@pytest.mark.slow
@pytest.mark.parametrize("offset", range(4))
def test_an_odd_swiss_field_gives_each_bye_to_a_new_pair_and_avoids_rematches(
    director, run, offset
):
    # The draw depends on the ids (its seed is the tournament's, equal standings keep the
    # entrants' order): earlier events shift them, as other tests do.
    for _ in range(offset):
        pairs_event(director, run, "swiss", pairs=offset % 3, rounds=1)
    base = pairs_event(
        director, run, "swiss", pairs=5, rounds=4, tie_breaks=["buchholz", "head_to_head"]
    )
    met, byes = set(), []

    for _ in range(4):
        this_round = draw(director, run, base)
        games, bye = sides(this_round)
        assert not set(games) & met
        met |= set(games)
        byes += bye
        assert this_round["report"]["rematches"] == 0
        assert any(note.startswith("Bye: ") for note in this_round["report"]["notes"])
        play(director, run, base, this_round, winner=lambda table: table["number"] % 2)

    assert len(byes) == len(set(byes)) == 4
    standings = APIClient().get(f"{base}standings/").json()["standings"]
    assert sum(row["match_points"] for row in standings) == 2 * (2 * 4 + 4)  # games and byes
    assert all(set(row["tie_breaks"]) == {"buchholz", "head_to_head"} for row in standings)


def test_the_swiss_second_round_pairs_winners_with_winners(director, run):
    base = pairs_event(director, run, "swiss", pairs=8, rounds=3)
    first = draw(director, run, base)
    play(director, run, base, first)
    winners = {t["entrants"][0]["id"] for t in first["tables"]}

    second = draw(director, run, base)

    for game in sides(second)[0]:
        assert len(game & winners) in (0, 2)  # winners meet winners, losers meet losers


def test_results_and_standings_export_only_count_confirmed_tables(director, run):
    base = pairs_event(director, run, "swiss", pairs=4, rounds=2, tie_breaks=["difference"])
    this_round = draw(director, run, base)
    played, waiting = this_round["tables"]
    deals = f"/api/v1/matches/{played['match']}/deals/"
    for n in range(4):
        extra = {"battezzante": 0} if n == 0 else {}
        director.post(deals, {**extra, "trump": "cups", "points": [8, 3]}, format="json")
    run(
        director.post,
        f"{base}rounds/1/tables/{played['number']}/confirm/",
        {"by": "Director"},
        format="json",
    )
    director.post(
        f"/api/v1/matches/{waiting['match']}/deals/",
        {"battezzante": 0, "trump": "cups", "points": [11, 0]},
        format="json",
    )

    results = APIClient().get(f"{base}results/").json()["results"]
    standings = APIClient().get(f"{base}standings/").json()["standings"]
    exported = APIClient().get(f"{base}results/?download=csv")
    table = list(csv.reader(io.StringIO(exported.content.decode())))
    standings_csv = APIClient().get(f"{base}standings/?download=csv").content.decode()

    assert [r["counts"] for r in results] == [True, False]
    assert results[0]["points"] == [32, 12] and results[0]["winner"] == 0
    assert results[1]["deals"] == 1
    top = standings[0]
    assert top["name"] == played["entrants"][0]["name"]
    assert (top["match_points"], top["points"], top["played"]) == (2, 20, 1)
    assert sum(row["played"] for row in standings) == 2  # the unconfirmed table does not count
    assert exported["Content-Type"].startswith("text/csv")
    assert table[0] == ["round", "table", "entrants", "points", "confirmed", "confirmed_by"]
    assert table[2][4] == "no"
    assert standings_csv.splitlines()[0] == "rank,name,match_points,difference,played,byes"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tie_breaks": ["buchholz", "buchholz"]}, "listed twice"),
        ({"format": "individual", "tie_breaks": ["buchholz"]}, "Individual events"),
        ({"format": "knockout", "round_kind": "deals", "deals_per_round": 8}, "needs a winner"),
    ],
)
def test_inconsistent_tie_breaks_and_formats_are_refused(director, change, message):
    answer = director.post(
        "/api/v1/tournaments/",
        {
            "club": "de-zwaan",
            "name": "Bad",
            "game": "marafon",
            "format": "swiss",
            "rounds": 3,
            "round_kind": "game",
            **change,
        },
        format="json",
    )

    assert answer.status_code == 400
    assert message in str(answer.json())


def test_a_draw_that_cannot_be_made_fails_with_its_reason(director, run):
    base = pairs_event(director, run, "swiss", pairs=1, rounds=2)

    this_round = draw(director, run, base)

    assert this_round["status"] == "failed"
    assert "at least 2 pairs" in this_round["report"]["error"]
    assert Round.objects.get().tables.count() == 0


def test_once_anybody_checks_in_only_those_present_are_drawn(director, run):
    base = pairs_event(director, run, "swiss", pairs=5, rounds=3)
    entrants = director.get(f"{base}entrants/").json()
    for entrant in entrants[:4]:
        director.patch(f"{base}entrants/{entrant['id']}/", {"status": "checked_in"}, format="json")

    first = draw(director, run, base)
    late = director.post(
        f"{base}entrants/", {"name": "Late", "partner_name": "Comer"}, format="json"
    ).json()

    games, byes = sides(first)
    assert len(games) == 2 and byes == []
    assert entrants[4]["id"] not in {e for game in games for e in game}
    assert first["report"]["notes"][-1] == (
        f"Not checked in, so left out of this round: {entrants[4]['name']}."
    )
    assert late["joined_round"] == 2
    play(director, run, base, first)
    second = draw(director, run, base)
    drawn = {e["id"] for t in second["tables"] for e in t["entrants"]}
    assert late["id"] in drawn  # a late arrival registered at the door is present
    assert entrants[4]["id"] not in drawn
