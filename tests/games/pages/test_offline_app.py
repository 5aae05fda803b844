"""The installable app (issue 17): the service worker is served from the root with the header
that lets it control every page, the manifest names its icons, the CSP lets both load, the
offline script stays small, and a deal replayed from the phone's queue records once, in order,
or is refused as stale when another phone scored meanwhile."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games.models import Deal
from games.services import match_create

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ["Anna", "Bruno", "Cora", "Dario"]


def test_the_service_worker_is_served_from_the_root_for_every_page():
    answer = Client().get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"
    assert answer.content == (ROOT / "static/js/sw.js").read_bytes()
    policy = answer["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_the_manifest_makes_the_app_installable_with_its_icons():
    answer = Client().get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (ROOT / "static" / icon["src"].removeprefix("/static/")).is_file()
    page = Client().get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert "js/offline.js" in page and 'id="recent"' in page


def test_the_offline_page_is_there_to_keep():
    page = Client().get("/offline/")
    assert page.status_code == 200
    assert "No connection" in page.content.decode()


def test_the_offline_script_stays_at_or_under_15_kb():
    assert (ROOT / "static/js/offline.js").stat().st_size <= 15 * 1024


def test_every_word_of_the_offline_script_comes_from_the_page():
    """The script says nothing of its own: each word it shows is a data attribute the server
    renders with {% translate %}, so the page's language is the words' language."""
    script = (ROOT / "static/js/offline.js").read_text()
    template = (ROOT / "templates/_offline_words.html").read_text()
    rendered = {
        re.sub(r"-(\w)", lambda m: m.group(1).upper(), name)
        for name in re.findall(r"data-([\w-]+)=", template)
    }
    asked = set(re.findall(r'say\("(\w+)"', script))
    asked |= set(re.findall(r':\s*"(\w+)"', "".join(re.findall(r"say\(\{([^}]*)\}", script))))
    # Said by name from a variable: the kinds of what waits, and the states of a waiting line.
    asked |= {"deal", "confirm", "dispute", "reopen", "conflict", "sending", "waiting"}
    # What shows only while deals wait (waiting.js) says the same words.
    asked |= set(re.findall(r'say\("(\w+)"', (ROOT / "static/js/waiting.js").read_text()))
    assert asked <= rendered, asked - rendered
    assert "{% translate" in template


def test_deals_replayed_from_the_queue_record_once_in_order_or_refuse_a_stale_version():
    created = match_create(game="marafon", players=PLAYERS)
    match = created.match
    phone = Client()
    phone.get(f"/m/{match.public_id}/edit/{created.edit_key}/")
    url = f"/m/{match.public_id}/deals/"
    queued = [
        {"form_key": f"offline-key-{n}-padded-to-22", "version": str(n), "trump": "cups",
         "points": str(n + 1), **({"battezzante": "0"} if n == 0 else {})}
        for n in range(3)
    ]  # fmt: skip
    for form in queued + queued:  # every one sent twice: the answer was lost
        assert phone.post(url, form).status_code == 302
    assert [d.input["points"][0] for d in Deal.objects.filter(match=match)] == [1, 2, 3]

    stale = {"form_key": "offline-key-stale-padded-22", "version": "1", "trump": "coins",
             "points": "5"}  # fmt: skip
    answer = phone.post(url, stale)
    assert answer.status_code == 409
    assert Deal.objects.filter(match=match).count() == 3
    # The players chose to send it after the other phone's: the same key, the current version.
    assert phone.post(url, {**stale, "version": "3"}).status_code == 302
    assert Deal.objects.filter(match=match).count() == 4


@pytest.mark.parametrize(("game", "deals"), [("marafon", 100), ("rikken", 500)])
def test_the_match_page_with_everything_stays_under_60_kb(game, deals):
    """The scorer's page (the heavier: it has the entry form and the edit link) with its CSS,
    both scripts, the service worker and the manifest: the bench's figure, as a test."""
    from bench.deals import PAGE_FILES, new_match

    match, key = new_match(game, deals=deals)
    phone = Client()
    phone.get(f"/m/{match.public_id}/edit/{key}/")
    page = phone.get(f"/m/{match.public_id}/")
    weight = len(page.content) + len(phone.get("/manifest.webmanifest").content)
    weight += sum((ROOT / "static" / name).stat().st_size for name in PAGE_FILES)
    print(f"{game} at {deals} deals, scorer: {weight / 1024:.1f} KB")
    assert weight < 60 * 1024
