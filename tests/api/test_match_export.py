"""GET /api/v1/matches/{id}/export/: the match's export document, to anyone with its share id,
the same as ``manage.py export match`` writes, and never a key or a key's hash."""

import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Match, Table
from games.services import deal_record
from games.services.exports import document_export
from games.services.table_keys import table_keys
from tests.routes import make_world

pytestmark = pytest.mark.django_db


def secrets_of(world) -> list[str]:
    """Every key of the world and every hash and salt the database keeps of one."""
    found = [world["edit_key"], world["confirm_key"]]
    for table in Table.objects.exclude(match=None).select_related("match"):
        keys = table_keys(table)
        found += [keys.scoring, keys.confirmation, table.key_salt, table.confirm_key_hash]
    found += list(Match.objects.values_list("edit_key_hash", flat=True))
    return found


@pytest.fixture
def world(django_user_model, django_capture_on_commit_callbacks):
    return make_world(django_user_model, django_capture_on_commit_callbacks)


def without_time(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "exported_at"}


def test_anyone_with_the_share_id_gets_the_document(api_client, world):
    public_id = world["public_id"]

    answer = api_client.get(f"/api/v1/matches/{public_id}/export/")

    assert answer.status_code == 200
    body = answer.json()
    assert (body["format"], body["version"], body["kind"]) == ("scorekeeper-export", 1, "match")
    written = json.loads(json.dumps(document_export("match", public_id, now=timezone.now())))
    assert without_time(body) == without_time(written)
    assert body["match"]["deals"][0]["input"] == {
        "battezzante": 0,
        "trump": "cups",
        "points": [7, 4],
    }
    assert answer["ETag"] == f'"{body["match"]["version"]}"'


def test_the_command_writes_the_same_document(api_client, world, tmp_path):
    public_id = world["public_id"]
    out = tmp_path / "match.json"

    call_command("export", "match", public_id, "-o", str(out))

    served = api_client.get(f"/api/v1/matches/{public_id}/export/").json()
    assert without_time(json.loads(out.read_text())) == without_time(served)


def test_no_export_holds_a_key_or_a_hash(api_client, world):
    table_match = Table.objects.exclude(match=None).first().match
    deal_record(
        match=table_match,
        raw={"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    )
    texts = [
        api_client.get(f"/api/v1/matches/{world['public_id']}/export/").content.decode(),
        api_client.get(f"/api/v1/matches/{table_match.public_id}/export/").content.decode(),
        json.dumps(document_export("club", world["slug"], now=timezone.now())),
        json.dumps(document_export("tournament", world["tournament"], now=timezone.now())),
    ]

    for text in texts:
        for secret in secrets_of(world):
            assert secret not in text
        for word in ("edit_key", "key_salt", "key_hash", "token", "password"):
            assert word not in text


def test_a_match_document_names_no_account(api_client, world):
    match = Match.objects.get(public_id=world["public_id"])
    match.owner = world["director"]
    match.save()

    text = api_client.get(f"/api/v1/matches/{world['public_id']}/export/").content.decode()

    assert '"dir"' not in text and "owner" not in text and "account" not in text


def test_an_unknown_match_is_404(api_client, db):
    assert api_client.get("/api/v1/matches/nope/export/").status_code == 404


def test_the_schema_documents_the_export(api_client, db):
    schema = api_client.get("/api/v1/schema/?format=json").json()

    operation = schema["paths"]["/api/v1/matches/{public_id}/export/"]["get"]
    reference = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert reference.endswith("/MatchExport")
