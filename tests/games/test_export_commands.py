"""``manage.py export`` and ``manage.py import``: thin commands over the services, with clear
refusals (a CommandError that says nothing was imported) and what the operator needs to know."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.models import Match
from games.services import deal_record, match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(tmp_path):
    created = match_create(game="marafon", players=["Anna", "Bruno", "Carla", "Dario"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    path = tmp_path / "match.json"
    call_command(
        "export", "match", "-o", str(path), "--", created.match.public_id, stderr=io.StringIO()
    )
    return created.match, path


def test_export_writes_to_stdout_by_default(exported):
    match, path = exported
    out = io.StringIO()

    call_command("export", "match", "--", match.public_id, stdout=out)  # ids may begin with "-"

    assert json.loads(out.getvalue())["match"] == json.loads(path.read_text())["match"]


def test_import_restores_and_prints_the_new_edit_link(exported):
    match, path = exported
    match.delete()
    out = io.StringIO()

    call_command("import", str(path), stdout=out)

    restored = Match.objects.get(public_id=match.public_id)
    assert f"Imported match {match.public_id}." in out.getvalue()
    assert f"/m/{match.public_id}/edit/" in out.getvalue()
    assert restored.deals.count() == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "Not a JSON document"),
        ('{"format": "scorekeeper-export", "version": 9}', "version 9"),
        ("[]", "Not a scorekeeper export"),
    ],
)
def test_import_refuses_clearly(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)

    with pytest.raises(CommandError, match=f"Nothing was imported. .*{message}"):
        call_command("import", str(path))

    assert not Match.objects.exists()


def test_import_of_a_match_that_exists_says_what_to_do(exported):
    _, path = exported

    with pytest.raises(CommandError, match="--new-ids"):
        call_command("import", str(path))
    call_command("import", str(path), "--new-ids", stdout=io.StringIO())

    assert Match.objects.count() == 2


def test_unknown_ids_and_missing_files_are_clear(tmp_path, db):
    with pytest.raises(CommandError, match="There is no club 'nope'"):
        call_command("export", "club", "nope")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import", str(tmp_path / "missing.json"))


def test_import_of_a_club_prints_each_evenings_new_edit_link(tmp_path):
    from games.models import Club, Match, Session, Table
    from tests.factories import rated_club

    club = rated_club()["club"]
    path = tmp_path / "club.json"
    call_command("export", "club", "-o", str(path), club.slug, stderr=io.StringIO())
    evenings = list(Session.objects.filter(club=club).values_list("public_id", flat=True))
    Session.objects.filter(club=club).delete()
    Table.objects.all().delete()
    Match.objects.all().delete()
    Club.objects.all().delete()
    out = io.StringIO()

    call_command("import", str(path), stdout=out)

    (evening,) = evenings
    assert f"evening {evening}: share /s/{evening}/" in out.getvalue()
    assert f"new edit link for its matches (shown once): /s/{evening}/edit/" in out.getvalue()
    assert Club.objects.get().seasons.count() == 0
