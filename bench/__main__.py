"""Measures the figures the README promises, on a throwaway SQLite database:
- server time of the match page of a 100-deal match (target: under 50 ms),
- the match page with its CSS and JS (target: under 60 KB uncompressed);
- a 1,000-player tournament's standings: recomputed, and served from the cache by the API
  (``bench/tournament_standings.py``);
and first, without Django, the tournament draws and standings (see ``bench/tournaments.py``).
Prints one line per figure and exits non-zero when a target is missed."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    # Plain Python, measured before (and whatever happens in) the Django set-up below.
    sys.path.insert(0, str(ROOT))
    from bench import tournaments

    rows = tournaments.run()
    print("\n".join(tournaments.lines(rows)), flush=True)
    failed = not all(row[-1] for row in rows)
    return max(int(failed), _pages())


def _pages() -> int:
    data_dir = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    os.environ.pop("DATABASE_URL", None)
    os.environ["SCOREKEEPER_DATA_DIR"] = data_dir
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings.local"
    os.environ["DEBUG"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from games.services import deal_record, match_create

    call_command("migrate", verbosity=0)
    results = []
    for game, players, deal in (
        ("marafon", ["Anna", "Bruno", "Carla", "Dario"], {"trump": "cups", "points": [6, 5]}),
        (
            "rikken",
            ["Anna", "Bram", "Cor", "Dirk"],
            {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
        ),
    ):
        rules = {"target": 100000} if game == "marafon" else {}
        created = match_create(game=game, players=players, rules=rules)
        match = created.match
        for number in range(100):
            raw = dict(deal)
            if number == 0:
                raw["battezzante" if game == "marafon" else "dealer"] = 0
            match, _ = deal_record(match=match, raw=raw)
        client = Client()
        client.get(f"/m/{match.public_id}/edit/{created.edit_key}/")
        url = f"/m/{match.public_id}/"
        page = client.get(url)
        assert page.status_code == 200, page.status_code
        timings = []
        for _ in range(40):
            start = time.perf_counter()
            client.get(url)
            timings.append((time.perf_counter() - start) * 1000)
        median = statistics.median(timings)
        weight = (
            len(page.content)
            + (ROOT / "static/css/app.css").stat().st_size
            + (ROOT / "static/js/app.js").stat().st_size
        ) / 1024
        results.append(
            (f"{game} match page, 100 deals: server time (median of 40)", median, "ms", 50)
        )
        results.append((f"{game} match page, 100 deals: page + CSS + JS", weight, "KB", 60))
    from bench.tournament_standings import measure

    results += measure()
    failed = False
    for label, value, unit, target in results:
        ok = value < target
        failed |= not ok
        print(f"{'ok  ' if ok else 'MISS'} {label}: {value:.2f} {unit} (target < {target})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
