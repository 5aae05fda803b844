"""A Python client generated from /api/v1/schema/ by openapi-python-client scores a match
unchanged: no hand-written request, only the generated functions and models, through the WSGI
app (httpx's WSGI transport, no server). Until the schema offered JSON only, the generated
client sent a new match as multipart form data and got a 400.

The client is generated once per test session (about 2 s of CPU), into a temporary folder,
offline: openapi-python-client reads the schema from a file and runs no formatter
(``post_hooks: []``)."""

from __future__ import annotations

import importlib
import json
import sys

import httpx
import pytest
from django.test import Client as DjangoClient

from scorekeeper.wsgi import application

PACKAGE = "scorekeeper_client"


@pytest.fixture(scope="session")
def generated(tmp_path_factory, django_db_setup, django_db_blocker):
    from openapi_python_client import generate
    from openapi_python_client.config import Config, ConfigFile, MetaType

    folder = tmp_path_factory.mktemp("client")
    with django_db_blocker.unblock():
        schema = DjangoClient().get("/api/v1/schema/?format=json").json()
    document = folder / "openapi.json"
    document.write_text(json.dumps(schema))
    config = Config.from_sources(
        ConfigFile(post_hooks=[], package_name_override=PACKAGE, project_name_override=PACKAGE),
        MetaType.NONE,
        document,
        "utf-8",
        True,
        folder / PACKAGE,
    )
    problems = generate(config=config)
    # A warning about an operation it could not read would leave that operation out.
    assert [p.header for p in problems] == []
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


@pytest.mark.django_db
def test_a_generated_client_scores_a_match_unchanged(generated, keep_connection):
    api = importlib.import_module(f"{PACKAGE}.api.matches")
    models = importlib.import_module(f"{PACKAGE}.models")
    for name in ("matches_create", "matches_deals_create", "matches_retrieve"):
        importlib.import_module(f"{PACKAGE}.api.matches.{name}")
    client = generated.Client(
        base_url="http://testserver",
        httpx_args={"transport": httpx.WSGITransport(app=application)},
    )

    created = api.matches_create.sync_detailed(
        client=client,
        body=models.MatchCreateRequest(
            game=models.GameEnum.MARAFON, players=["Anna", "Bruno", "Carla", "Dario"]
        ),
    )
    # Before the schema offered JSON only, the client sent multipart form data here: a 400.
    assert created.status_code == 201, created.content
    match = created.parsed
    deals = [
        api.matches_deals_create.sync_detailed(
            match.id,
            client=client,
            body=models.MatchesDealsCreateBody.from_dict(raw),
            x_edit_key=match.edit_key,
        )
        for raw in (
            {"battezzante": 0, "trump": "cups", "points": [7, 4]},
            {"trump": "coins", "points": [5, 6]},
        )
    ]
    read = api.matches_retrieve.sync_detailed(match.id, client=client)

    assert [d.status_code for d in deals] == [201, 201], [d.content for d in deals]
    assert read.status_code == 200
    assert isinstance(read.parsed, models.Match)
    assert read.parsed.version == 2
    assert read.parsed.state.to_dict()["scores"] == [12, 10]
