"""Issue 28: standings that say what decided them. A new pairs event starts with the usual
tie-breaks (shown and changeable on the form, and given by the API when none are named); pairs
still level are listed in a stated order, and the page says which; the public standings carry
every column of the directors' CSV; a knockout's page names its winners once the final is
confirmed."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Tournament
from games.services.tournaments import tournament_create
from games.tournaments.standings import Result, rank
from games.tournaments.tie_breaks import DEFAULT_TIE_BREAKS
from tests.api.test_tournament_draws import draw, pairs_event, play

from .conftest import page_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def td(director, club):
    """The club's director through the API."""
    api = APIClient()
    api.force_login(director)
    return api


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    def call(method, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return method(*args, **kwargs)

    return call


def score(td, run, base: str, this_round: dict, deals: dict[int, list[list[int]]]) -> None:
    """Plays each table of the round (its deals by table number, the first-named pair's card
    points first) and confirms it as a director."""
    for table in this_round["tables"]:
        if table["bye"]:
            continue
        url = f"/api/v1/matches/{table['match']}/deals/"
        extra = {"battezzante": 0}
        for deal in deals[table["number"]]:
            answer = td.post(url, {**extra, "trump": "coins", "points": deal}, format="json")
            assert answer.status_code == 201, answer.json()
            extra = {}
        confirmed = run(
            td.post,
            f"{base}rounds/{this_round['number']}/tables/{table['number']}/confirm/",
            {"by": "Director"},
            format="json",
        )
        assert confirmed.status_code == 200, confirmed.json()


# Two winners of a game to 41: one by 41-3, the other by 41-14.
BY_38 = [[11, 0]] * 3 + [[8, 3]]
BY_27 = [[0, 11]] + [[11, 0]] * 3 + [[8, 3]]


def standings_rows(page: str) -> list[tuple[str, str, list[str]]]:
    """(rank, name, cells) of each line of the standings on a page."""
    body = page[page.index('<table class="history standings">') :]
    body = body[: body.index("</table>")]
    rows = []
    for row in re.findall(r"<tr><td>(.*?)</tr>", body, re.S):
        cells = [
            unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)
        ]
        first = re.sub(r'<span class="sr-only">[^<]*</span>', "", row.split("</td>")[0])
        rank = unescape(re.sub(r"<[^>]+>", "", first))
        rows.append((rank, cells[0], cells[1:]))
    return rows


def headers(page: str) -> list[str]:
    head = page[page.index('<table class="history standings">') :]
    head = head[: head.index("</thead>")]
    return [unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]


# --- the usual tie-breaks ------------------------------------------------------------------------


@pytest.mark.parametrize("format", ["swiss", "round_robin", "knockout"])
def test_a_new_pairs_event_named_no_tie_breaks_gets_the_usual_ones(td, run, format):
    base = pairs_event(td, run, format, pairs=4, rounds=2)

    assert td.get(base).json()["tie_breaks"] == list(DEFAULT_TIE_BREAKS)
    assert DEFAULT_TIE_BREAKS == ("buchholz", "sonneborn_berger", "difference")


def test_a_director_may_still_choose_none_and_an_individual_event_has_none(td, run):
    none = pairs_event(td, run, "swiss", pairs=2, rounds=1, tie_breaks=[])
    individual = td.post(
        "/api/v1/tournaments/",
        {"club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
         "rounds": 2, "round_kind": "deals", "deals_per_round": 4},
        format="json",
    )  # fmt: skip

    assert td.get(none).json()["tie_breaks"] == []
    assert individual.status_code == 201 and individual.json()["tie_breaks"] == []


def test_the_form_shows_the_usual_tie_breaks_to_keep_or_change(director_client, club):
    form = director_client.get("/director/new/").context["form"]

    chosen = [form[f"tie_break_{slot}"].value() for slot in range(1, 5)]
    assert chosen == ["buchholz", "sonneborn_berger", "difference", ""]
    page = page_text(director_client.get("/director/new/"))
    chosen_chip = re.search(r'<input[^>]*name="tie_break_1"[^>]*value="buchholz"[^>]*>', page)
    assert chosen_chip and "checked" in chosen_chip.group(0)


def test_the_form_keeps_what_the_director_chose_and_drops_them_for_an_individual_event(
    director_client, club
):
    new = {
        "club": club.pk, "name": "Pairs night", "game": "marafon", "preset": "",
        "rounds": "3", "round_kind": "game", "deals_per_round": "", "table_size": "",
        "tie_break_1": "buchholz", "tie_break_2": "sonneborn_berger", "tie_break_3": "difference",
    }  # fmt: skip
    changed = director_client.post(
        "/director/new/", {**new, "format": "swiss", "tie_break_1": "head_to_head"}
    )
    individual = director_client.post(
        "/director/new/",
        {**new, "name": "Drive", "game": "rikken", "format": "individual",
         "round_kind": "deals", "deals_per_round": "4"},
    )  # fmt: skip

    assert changed.status_code == individual.status_code == 302
    swiss, drive = Tournament.objects.order_by("pk")
    assert swiss.tie_breaks == ["head_to_head", "sonneborn_berger", "difference"]
    assert drive.tie_breaks == []


# --- ties in a stated order ----------------------------------------------------------------------


def test_entrants_level_on_everything_are_listed_by_difference():
    results = [
        Result("A", "D", 41, 40),  # A and B both won: level on match points, A by 1 point
        Result("B", "C", 41, 11),  # and B by 30
    ]

    standings = rank(entrants=["A", "B", "C", "D"], results=results)

    assert [(s.rank, s.entrant, s.shared) for s in standings] == [
        (1, "B", True),
        (1, "A", True),
        (3, "D", True),
        (3, "C", True),
    ]


def test_a_new_swiss_event_separates_its_winners_and_says_what_ordered_the_rows(td, run, client):
    base = pairs_event(td, run, "swiss", pairs=4, rounds=3)
    first = draw(td, run, base)
    score(td, run, base, first, {1: BY_38, 2: BY_27})
    public_id = base.rstrip("/").rsplit("/", 1)[-1]

    page = page_text(client.get(f"/t/{public_id}/"))

    rows = standings_rows(page)
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]  # nobody "1= shared"
    differences = [int(r[2][1]) for r in rows]
    assert differences == sorted(differences, reverse=True)
    assert "Ranked by match points, then Buchholz, then Sonneborn-Berger, then difference." in page
    assert "Pairs still level share a place (=), listed by difference, then by name." in page


def test_without_tie_breaks_the_shared_rows_follow_the_difference_then_the_name(td, run, client):
    base = pairs_event(td, run, "swiss", pairs=4, rounds=3, tie_breaks=[])
    first = draw(td, run, base)
    score(td, run, base, first, {1: BY_38, 2: BY_27})
    public_id = base.rstrip("/").rsplit("/", 1)[-1]

    page = page_text(client.get(f"/t/{public_id}/"))

    rows = standings_rows(page)
    assert [r[0] for r in rows] == ["1=", "1=", "3=", "3="]
    differences = [int(r[2][1]) for r in rows]
    assert differences == sorted(differences, reverse=True)
    assert "Ranked by match points." in page


def test_an_individual_event_says_its_ties_are_listed_by_name(club, director, client):
    drive = tournament_create(
        club=club, user=director, name="Drive", game="rikken", format="individual",
        rounds=2, round_kind="deals", deals_per_round=2,
    )  # fmt: skip
    rows = [
        {"rank": 1, "name": name, "points": 5, "played": 1, "rounds": [5], "shared": True}
        for name in ("Bram", "Anna")
    ]
    Tournament.objects.filter(pk=drive.pk).update(standings=rows)

    page = page_text(client.get(f"/t/{drive.public_id}/"))

    assert "Ranked by total, the highest first." in page
    assert "Players level on total share a place (=), listed by name." in page


# --- every column --------------------------------------------------------------------------------


def test_the_public_standings_have_every_column_of_the_directors_csv(td, run, client):
    base = pairs_event(td, run, "swiss", pairs=3, rounds=2)
    first = draw(td, run, base)
    play(td, run, base, first)
    public_id = base.rstrip("/").rsplit("/", 1)[-1]
    csv_head = td.get(f"{base}standings/?download=csv").content.decode().splitlines()[0]
    # An older cache without the byes: the column is there all the same.
    Tournament.objects.filter(public_id=public_id).update(
        standings=[
            {k: v for k, v in row.items() if k != "byes"}
            for row in Tournament.objects.get(public_id=public_id).standings
        ]
    )

    page = page_text(client.get(f"/t/{public_id}/"))

    assert csv_head.split(",") == [
        "rank", "name", "match_points", "difference", "buchholz", "sonneborn_berger",
        "played", "byes",
    ]  # fmt: skip
    assert headers(page) == ["#", "Pair", "MP", "Diff.", "Bh", "SB", "Pl.", "Byes"]
    assert all(len(cells) == 6 for _rank, _name, cells in standings_rows(page))
    assert "Bh: Buchholz · SB: Sonneborn-Berger · Pl.: played" in page
    assert '<abbr title="Sonneborn-Berger">SB</abbr>' in page


# --- the knockout's winners ----------------------------------------------------------------------


def test_the_knockout_page_names_the_winners_once_the_final_is_confirmed(td, run):
    base = pairs_event(td, run, "knockout", pairs=4, rounds=2)
    public_id = base.rstrip("/").rsplit("/", 1)[-1]
    pages = [f"/t/{public_id}/", f"/t/{public_id}/live/", f"/t/{public_id}/results/"]
    semis = draw(td, run, base)
    play(td, run, base, semis)  # the first-named pairs win
    final = draw(td, run, base)
    table = final["tables"][0]
    winners = table["entrants"][0]["name"]
    before = [page_text(Client().get(url)) for url in pages]

    play(td, run, base, final)

    after = [page_text(Client().get(url)) for url in pages]
    assert all("Won by" not in page for page in before)
    for page in after:
        assert f"Won by {winners}".replace("&", "&amp;") in page
    reopened = run(
        td.post,
        f"{base}rounds/{final['number']}/tables/{table['number']}/reopen/",
        {"by": "Director"},
        format="json",
    )
    assert reopened.status_code == 200, reopened.json()
    assert "Won by" not in page_text(Client().get(pages[0]))  # a reopened final decides nothing
