"""``make screenshots``: the documentation's pictures (docs/img/), taken again from the pages as
they are.

A throwaway SQLite database in a temporary folder is migrated and seeded through the services
and the test factories (a club, two Rikken drives of 16 players, a season, a Marafon match and a
Rikken evening), ``manage.py runserver`` serves it on a spare loopback port, and Debian's
Chromium (never a downloaded browser) takes the pictures through Playwright: phone pages at
360×740, the projector at 1280×720. The server and the folder are gone afterwards. A picture
over 100 KB fails the run, since the pictures are kept in git (the one generated file there).

Run from the repository's root: ``make screenshots`` (or ``.venv/bin/python docs/screenshots.py``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date
from decimal import Decimal
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
IMAGES = REPO / "docs" / "img"
LIMIT = 100 * 1024  # bytes: each picture, as tests/test_docs.py checks
SITE = "scores.example.org"
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1280, "height": 720}
# OpenCV's WebP encoder at this quality is lossless: a page's flat colours and text come out
# a third of Chromium's PNG (the projector's 97 KB PNG, for one).
WEBP_LOSSLESS = 101
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]

PLAYERS = [
    "Joost", "Marieke", "Sanne", "Willem", "Anouk", "Bram", "Cor", "Dirk",
    "Eva", "Femke", "Gert", "Hanna", "Ineke", "Jan", "Kees", "Lotte",
]  # fmt: skip
# Four deals of a Rikken table, the dealer named in the first: a made rik, a failed misère,
# a rik one trick short and a made piek.
TABLE_DEALS = [
    {"dealer": 0, "contracts": [{"contract": "rik", "declarer": 1, "partner": 3,
     "trump": "hearts", "called": {"rank": "A", "suit": "spades"}, "tricks": 9}]},
    {"contracts": [{"contract": "misere", "declarer": 2, "tricks": 1}]},
    {"contracts": [{"contract": "rik", "declarer": 3, "partner": 0, "trump": "clubs",
     "called": {"rank": "A", "suit": "diamonds"}, "tricks": 7}]},
    {"contracts": [{"contract": "piek", "declarer": 0, "tricks": 1}]},
]  # fmt: skip
MARAFON_DEALS = [
    {"battezzante": 0, "trump": "cups", "points": [7, 4]},
    {"trump": "coins", "points": [3, 8]},
    {"trump": "swords", "points": [6, 5]},
    {"trump": "clubs", "points": [9, 2], "marafona": 2},
    {"trump": "cups", "points": [4, 7]},
]


def table_deals(turn: int) -> list[dict]:
    """TABLE_DEALS with the declarers and partners moved ``turn`` seats on and the tricks of the
    first two deals changed with it, so that the tables' results differ (the dealer stays)."""
    moved = []
    for number, raw in enumerate(TABLE_DEALS):
        contracts = []
        for contract in raw["contracts"]:
            contract = {**contract}
            for role in ("declarer", "partner"):
                if role in contract:
                    contract[role] = (contract[role] + turn) % 4
            if number == 0:
                contract["tricks"] = 9 - turn % 3  # 9 and 8 make the rik, 7 fails
            elif number == 1:
                contract["tricks"] = turn % 2  # the misère made or failed
            contracts.append(contract)
        moved.append({**raw, "contracts": contracts})
    return moved


def spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def chromium() -> str:
    """Debian's Chromium, as the browser tests use it (tests/browser/conftest.py)."""
    for found in ("/usr/bin/chromium", shutil.which("chromium")):
        if found and Path(found).exists():
            return found
    sys.exit("make screenshots needs Chromium: apt-get install chromium")


def seed() -> dict[str, str]:
    """Everything the pictures show, written through the services; returns their addresses."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

    from games.models import Table
    from games.services import club_create, club_member_add, deal_record, match_create
    from games.services.rounds import round_draw_request
    from games.services.season_standing import season_recompute
    from games.services.seasons import season_create, season_event_add
    from games.services.sessions import session_create, session_match_add
    from games.services.table_keys import table_keys
    from games.services.tables import Confirmer, table_confirm
    from games.services.tournaments import entrant_register
    from tests.factories import club_tournament, director_user

    director = director_user("td_anna")
    club = club_create(name="De Zwaan", director=director)
    members = [club_member_add(club=club, name=name).pk for name in PLAYERS]
    drives = []
    for turn, (name, confirmed) in enumerate((("Autumn drive", 4), ("Winter drive", 3))):
        drive = club_tournament(
            director=director, club=club, name=name, entrants=[], rounds=3, deals_per_round=4
        )
        for member in members:
            entrant_register(tournament=drive, player_id=member)
        round_draw_request(tournament=drive, user=director)  # Celery runs eagerly here
        tables = Table.objects.select_related("match").filter(round__tournament=drive)
        for n, table in enumerate(tables.order_by("number")):
            for raw in table_deals(turn=n + turn):
                deal_record(match=table.match, raw=raw)
            if n < confirmed:
                table_confirm(table=table, by="", confirmer=Confirmer(director=director))
        drives.append(drive)
    winter = drives[-1]
    last_table = Table.objects.filter(round__tournament=winter).order_by("number").last()
    year = date.today().year  # the drives were played today
    season = season_create(
        club=club, user=director, name=f"Season {year}", starts_on=date(year, 1, 1),
        ends_on=date(year, 12, 31), public=True, scheme="place_table", prizes=[1, 2, 3],
        booby=True,
    )  # fmt: skip
    for drive in drives:
        season_event_add(season=season, user=director, tournament=drive.public_id)
    season_recompute(season_id=season.pk)

    friendly = match_create(game="marafon", players=["Anna", "Bruno", "Carla", "Dario"])
    for raw in MARAFON_DEALS:
        deal_record(match=friendly.match, raw=raw)
    evening = session_create(
        players=["Anna", "Bram", "Cor", "Dirk"], game="rikken", stake=Decimal("0.10")
    )
    for raw in TABLE_DEALS:
        deal_record(match=evening.match, raw=raw)
    _, second = session_match_add(session=evening.session)
    for raw in ({**TABLE_DEALS[1], "dealer": 1}, TABLE_DEALS[2]):
        deal_record(match=second, raw=raw)

    match = friendly.match.public_id
    return {
        "scorer": f"/m/{match}/edit/{friendly.edit_key}/",
        "correction": f"/m/{match}/deals/4/edit/",
        "evening": f"/s/{evening.session.public_id}/",
        "confirm": f"/m/{last_table.match.public_id}/confirm/"
        f"{table_keys(last_table).confirmation}/",
        "projector": f"/t/{winter.public_id}/live/",
        "season": f"/season/{season.public_id}/",
    }


def wait_until_up(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit("manage.py runserver stopped before it answered")
        try:
            with urllib.request.urlopen(url + "/healthz/", timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"manage.py runserver did not answer within {seconds:.0f} s")


def lossless_webp(png: bytes) -> bytes:
    """Chromium's PNG as a lossless WebP, through OpenCV (a dev dependency, for the QR tests)."""
    import cv2
    import numpy

    image = cv2.imdecode(numpy.frombuffer(png, numpy.uint8), cv2.IMREAD_COLOR)
    ok, encoded = cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, WEBP_LOSSLESS])
    if not ok:
        sys.exit("OpenCV could not write a WebP")
    return encoded.tobytes()


def take(port: int, pages: dict[str, str]) -> list[Path]:
    """Each picture: (file, viewport, address); a phone's pages in one context (one session),
    so that the scorer's edit link opens the correction page too. The browser reaches the
    server as SITE, so that the pages' own addresses (the projector's "Follow on your phone")
    show a club's address rather than a loopback port."""
    from playwright.sync_api import sync_playwright

    shots = [
        ("match.webp", PHONE, pages["scorer"]),
        ("correction.webp", PHONE, pages["correction"]),
        ("evening.webp", PHONE, pages["evening"]),
        ("confirm.webp", PHONE, pages["confirm"]),
        ("season.webp", PHONE, pages["season"]),
        ("projector.webp", PROJECTOR, pages["projector"]),
    ]
    IMAGES.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium(),
            headless=True,
            args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {SITE}:80 127.0.0.1:{port}"],
        )
        contexts = {}
        try:
            for name, viewport, address in shots:
                key = (viewport["width"], viewport["height"])
                if key not in contexts:
                    contexts[key] = browser.new_context(viewport=viewport, locale="en-GB")
                page = contexts[key].new_page()
                page.goto(f"http://{SITE}{address}", wait_until="networkidle")
                path = IMAGES / name
                path.write_bytes(lossless_webp(page.screenshot()))
                page.close()
                written.append(path)
        finally:
            browser.close()
    return written


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-screenshots-") as folder:
        os.environ.update(
            DJANGO_SETTINGS_MODULE="scorekeeper.settings.local",
            DATABASE_URL=f"sqlite:///{folder}/screenshots.sqlite3",
            LOG_LEVEL="warning",
            ALLOWED_HOSTS=SITE,
        )
        # No broker and no shared cache: Celery runs in the process that queues, as under
        # make run, so the draws, standings and season are ready when seeding ends.
        for name in ("CELERY_BROKER_URL", "CACHE_URL"):
            os.environ.pop(name, None)
        sys.path.insert(0, str(REPO))
        import django

        django.setup()
        pages = seed()
        port = spare_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(f"http://127.0.0.1:{port}", server)
            written = take(port, pages)
        finally:
            server.terminate()
            server.wait(timeout=10)
    too_large = []
    for path in written:
        size = path.stat().st_size
        print(f"{path.relative_to(REPO)}: {size / 1024:.1f} KB")
        if size > LIMIT:
            too_large.append(path.name)
    if too_large:
        print(f"Over {LIMIT // 1024} KB: {', '.join(too_large)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
