"""CSV downloads are safe to open in a spreadsheet; a corrected deal shows when it changed."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from api.spreadsheets import safe_cell
from games.models import Deal
from games.services import deal_record, deal_replace, match_create, match_recompute

from .test_tournaments import RIKKEN_DRIVE

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("-12", "-12"),  # a score stays a number
        (-12, -12),
        ("Anna", "Anna"),
    ],
)
def test_cells_that_a_spreadsheet_would_run_are_escaped(value, written):
    assert safe_cell(value) == written


def test_a_formula_as_a_player_name_is_text_in_the_standings_csv(
    director, django_capture_on_commit_callbacks
):
    event = director.post("/api/v1/tournaments/", RIKKEN_DRIVE, format="json").json()
    base = f"/api/v1/tournaments/{event['id']}/"
    names = ['=HYPERLINK("http://evil","x")', "@cmd", "Bram", "Cor"]
    for name in names:
        assert director.post(f"{base}entrants/", {"name": name}, format="json").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/", format="json")
    table = director.get(f"{base}rounds/1/").json()["tables"][0]
    director.post(
        f"/api/v1/matches/{table['match']}/deals/",
        {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        format="json",
    )
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"{base}rounds/1/tables/1/confirm/", {}, format="json")

    standings = director.get(f"{base}standings/?download=csv").content.decode()
    results = director.get(f"{base}results/?download=csv").content.decode()

    cells = [cell for row in csv.reader(io.StringIO(standings)) for cell in row]
    assert '\'=HYPERLINK("http://evil","x")' in cells and "'@cmd" in cells
    assert not any(cell.startswith(("=", "@")) for cell in cells)
    result_cells = [cell for row in csv.reader(io.StringIO(results)) for cell in row]
    assert not any(cell.startswith(("=", "@", "+")) for cell in result_cells)


def test_a_corrected_or_recomputed_deal_moves_its_updated_at():
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    match = created.match
    match, _ = deal_record(match=match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    match, _ = deal_record(match=match, raw={"trump": "cups", "points": [6, 5]})
    long_ago = timezone.now() - timedelta(days=1)
    Deal.objects.update(updated_at=long_ago)

    deal_replace(match=match, number=1, raw={"battezzante": 0, "trump": "cups", "points": [8, 3]})
    corrected = Deal.objects.get(number=1).updated_at
    Deal.objects.filter(number=2).update(outcome={"stale": True}, updated_at=long_ago)
    match_recompute(match_id=match.pk)

    assert corrected > long_ago
    assert Deal.objects.get(number=2).updated_at > long_ago  # its outcome was rebuilt
