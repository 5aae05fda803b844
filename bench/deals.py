"""The deal budgets, in this process, through Django's test client (server time, no network):
the bare insert (the floor), a Rikken deal at deals 1-100 and 501-600, the queries per write,
a correction of deal 3 of 500, undo at 10 and at 500 deals, and reads of a 500-deal match (the
API and the pages, and the page's weight). ``measure()`` returns rows for ``bench.report``."""

from __future__ import annotations

import statistics
import time
import uuid
from pathlib import Path

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import permissions
from games.services import deal_record, match_create
from games.services import rows as row_sql

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]
RIKKEN = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
# Deal 3 corrected back and forth: a failed misère moves every later total.
CORRECTIONS = (
    {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
    {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
)
MARAFON = {"trump": "cups", "points": [6, 5]}
PAGE_FILES = ("css/app.css", "js/app.js", "js/offline.js", "js/sw.js")


def _ms(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def stats(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), p99(values)


def rikken_deal(number: int) -> dict:
    return {**RIKKEN, "dealer": 0} if number == 1 else dict(RIKKEN)


def new_match(game: str = "rikken", deals: int = 0):
    """A match with ``deals`` deals entered through the service (quick to set up)."""
    players = PLAYERS
    # Marafon to 500 points a game: 100 deals are a game won and the next one under way.
    rules = {"target": 500} if game == "marafon" else {}
    created = match_create(game=game, players=players, rules=rules)
    match = created.match
    for number in range(1, deals + 1):
        if game == "marafon":
            raw = {**MARAFON, "battezzante": 0} if number == 1 else dict(MARAFON)
        else:
            raw = rikken_deal(number)
        match, _deal = deal_record(match=match, raw=raw)
    return match, created.edit_key


class Api:
    """A phone's API client for one match."""

    def __init__(self, match, edit_key: str):
        self.client = Client()
        self.url = f"/api/v1/matches/{match.public_id}/"
        self.headers = {"HTTP_X_EDIT_KEY": edit_key}

    def post_deal(self, number: int):
        response = self.client.post(
            f"{self.url}deals/",
            rikken_deal(number),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
            **self.headers,
        )
        assert response.status_code == 201, response.content[:300]
        return response


def floor(client: Client, count: int) -> list[float]:
    def post():
        response = client.post("/bench/floor/", {}, content_type="application/json")
        assert response.status_code == 201, response.status_code

    post()
    return [_ms(post) for _ in range(count)]


def deal_costs(api: Api, first: int, count: int) -> list[float]:
    return [_ms(lambda n=n: api.post_deal(n)) for n in range(first, first + count)]


def queries_of(fn) -> int:
    with CaptureQueriesContext(connection) as captured:
        fn()
    return len(captured.captured_queries)


def measure(repeat: int = 300) -> list[tuple]:
    """(operation, median ms, p99 ms, floor ms or None, ratio or None, target, ok) rows."""
    client = Client()
    # Warm up first (imports, the pool's connections, the first-request paths of both views).
    warm, warm_key = new_match()
    deal_costs(Api(warm, warm_key), 1, 30)
    floor(client, 30)
    # The floor, deals 1-100 of one match and deals 501-600 of another, taken in turns so that
    # the machine's load (2 cores, shared) weighs on all of them alike; and deals 1-100 of a
    # third match written as separate statements (the deal, its match, the answer kept), to
    # weigh the single statement (games/services/rows.py) against what it replaces.
    match, key = new_match()
    young = Api(match, key)
    long_match, long_key = new_match(deals=500)
    api = Api(long_match, long_key)
    split = Api(*new_match())
    floor_times, early, late, separate = [], [], [], []
    for n in range(1, repeat + 1):
        floor_times += floor(client, 1)
        if n <= 100:
            early += deal_costs(young, n, 1)
            late += deal_costs(api, 500 + n, 1)
            row_sql.ONE_STATEMENT = False
            try:
                separate += deal_costs(split, n, 1)
            finally:
                row_sql.ONE_STATEMENT = True
    floor_median, floor_p99 = stats(floor_times)
    rows: list[tuple] = [("bare insert (the floor)", floor_median, floor_p99, None, None, "", True)]

    def against_floor(label, times, limit, goal=""):
        median, high = stats(times)
        ratio = median / floor_median
        target = f"≤ {limit}× the floor" + (f" (goal {goal}×)" if goal else "")
        rows.append((label, median, high, floor_median, ratio, target, ratio <= limit))

    against_floor("record a Rikken deal, deals 1-100", early, 2, "1.3")
    against_floor("record a Rikken deal, deals 501-600", late, 2, "1.3")
    saved = statistics.median(separate) / statistics.median(early)
    rows.append(
        (
            "the same deals as separate statements, against the single one (ratio of medians)",
            statistics.median(separate),
            p99(separate),
            None,
            saved,
            "the single statement earns its place (> 1×)",
            saved > 1,
        )
    )
    growth = statistics.median(late) / statistics.median(early)
    rows.append(
        (
            "deals 501-600 against deals 1-100 (ratio of medians)",
            None,
            None,
            None,
            growth,
            "within 10%",
            growth <= 1.10,
        )
    )

    fresh, fresh_key = new_match()
    # A phone's first write reads whether its key opens the match; later ones skip that read
    # (games.permissions remembers it a minute): both counted as a first write.
    permissions._OPENED.clear()
    at_one = queries_of(lambda: Api(fresh, fresh_key).post_deal(1))
    permissions._OPENED.clear()
    at_601 = queries_of(lambda: api.post_deal(601))
    rows.append(
        (
            f"queries per deal write (deal 1: {at_one}, deal 601: {at_601})",
            None,
            None,
            None,
            None,
            "≤ 8, the same at both",
            at_one <= 8 and at_one == at_601,
        )
    )

    # A correction of deal 3 of a 500-deal match: every later total moves.
    corrected, corrected_key = new_match(deals=500)
    phone = Api(corrected, corrected_key)

    def correct(body):
        response = phone.client.put(
            f"{phone.url}deals/3/", body, content_type="application/json", **phone.headers
        )
        assert response.status_code == 200, response.content[:300]

    times = [_ms(lambda n=n: correct(CORRECTIONS[n % 2])) for n in range(20)]
    median, high = stats(times)
    rows.append(("correct deal 3 of 500", median, high, None, None, "< 150 ms", median < 150))

    undoers = {size: Api(*new_match(deals=size)) for size in (10, 500)}
    # Undo answers the match without its deals (Prefer: return=representation for all of
    # them): its cost must not grow with the match.
    costs = {10: [], 500: []}

    def undo(size):
        undoer = undoers[size]
        response = undoer.client.delete(f"{undoer.url}deals/{size}/", **undoer.headers)
        assert response.status_code == 200, response.content[:300]

    for _ in range(30):  # in turns, like the deals above
        for size in (10, 500):
            costs[size].append(_ms(lambda size=size: undo(size)))
            undoers[size].post_deal(size)
    median, high = stats(costs[500])
    ratio = median / statistics.median(costs[10])
    rows.append(
        (
            "undo the last deal at 500 deals, against at 10 deals",
            median,
            high,
            None,
            ratio,
            "independent of the deals (≤ 1.1×)",
            ratio <= 1.1,
        )
    )

    reader = Client()
    for label, url in (
        ("read a 500-deal match (API)", f"{api.url}"),
        ("read its latest deals page (API)", f"{api.url}deals/?offset=550&limit=50"),
        ("read deal 300 (API)", f"{api.url}deals/300/"),
    ):
        assert reader.get(url).status_code == 200
        median, high = stats([_ms(lambda url=url: reader.get(url)) for _ in range(50)])
        rows.append((label, median, high, None, None, "< 50 ms", median < 50))
    rows += _pages()
    return rows


def _pages() -> list[tuple]:
    rows = []
    # Everything a phone fetches for the page: its CSS and scripts, the service worker and
    # the manifest (issue 17) too, though a phone fetches those two once, not with each page.
    assets = sum((ROOT / "static" / name).stat().st_size for name in PAGE_FILES)
    assets += len(Client().get("/manifest.webmanifest").content)
    offline = (ROOT / "static/js/offline.js").stat().st_size / 1024
    rows.append(
        (f"offline script {offline:.1f} KB", None, None, None, None, "<= 15 KB", offline <= 15)
    )
    # A money game plays on for ever; a Marafon match is at most three games (to 500 points at
    # most), so its page is measured at 100 deals, as the first page budget was
    # (docs/architecture.md, Budgets).
    for game, size in (("rikken", 500), ("marafon", 100)):
        match, key = new_match(game, deals=size)
        url = f"/m/{match.public_id}/"
        viewer, scorer = Client(), Client()
        scorer.get(f"/m/{match.public_id}/edit/{key}/")
        for who, client in (("viewer", viewer), ("scorer", scorer)):
            page = client.get(url)
            assert page.status_code == 200, page.status_code
            median, high = stats([_ms(lambda c=client, u=url: c.get(u)) for _ in range(40)])
            label = f"{game} match page at {size} deals, {who}"
            rows.append((label, median, high, None, None, "< 50 ms", median < 50))
            weight = (len(page.content) + assets) / 1024
            rows.append(
                (
                    f"{label}: page + CSS + JS {weight:.1f} KB",
                    None,
                    None,
                    None,
                    None,
                    "< 60 KB",
                    weight < 60,
                )
            )
    return rows
