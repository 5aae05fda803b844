"""``make bench``: the budgets docs/architecture.md promises, one table of figures.

First, without Django, the tournament draws and standings (``bench/tournaments.py``). Then,
with the bench's settings (production's, with the floor view in the bench's own URLs; on
PostgreSQL when DATABASE_URL is set, which the bench migrates and fills with its matches: give
it a database of its own; otherwise a throwaway SQLite file):
- the deal budgets in this process, against the bare insert measured in the same run
  (``bench/deals.py``),
- the load figures through gunicorn on a spare loopback port (``bench/load.py``),
- a 1,000-player tournament's standings (``bench/tournament_standings.py``),
- the room following live: 1,500 phones polling as the pages do while 300 tables write deals
  (``bench/room.py``),
- a player's page with 1,000 matches, a session page with 20 matches, club ratings from 10,000
  matches (``bench/history.py``),
- a club season of 40 events and 200 members: its recompute and its page (``bench/seasons.py``).
Prints each operation with its median and p99, the floor, the ratio and the target, and exits
non-zero when a target is missed."""

from __future__ import annotations

import sys
from pathlib import Path

from bench.environment import environment

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    # Plain Python, measured before (and whatever happens in) the Django set-up below.
    sys.path.insert(0, str(ROOT))
    from bench import tournaments

    rows = tournaments.run()
    print("\n".join(tournaments.lines(rows)), flush=True)
    failed = not all(row[-1] for row in rows)
    return max(int(failed), _django())


def _django() -> int:
    database = environment()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench import deals, load
    from bench.report import lines

    print(f"\nDeals ({database}, production settings)", flush=True)
    rows = deals.measure()
    print("\n".join(lines(rows)), flush=True)
    print("\nThrough gunicorn (2 workers x 4 threads, gthread)", flush=True)
    load_rows = load.measure()
    print("\n".join(lines(load_rows)), flush=True)
    failed = not all(row[-1] for row in rows + load_rows)
    from bench import history, room, seasons
    from bench.tournament_standings import measure

    print("\nThe room following live (1,500 phones, 300 tables, gunicorn, Redis)", flush=True)
    for label, value, unit, target in room.measure():
        ok = value <= target if unit == "x" else value < target
        failed |= not ok
        print(f"{'ok  ' if ok else 'MISS'} {label}: {value:.2f} {unit} (target < {target})")
    print()
    for label, value, unit, target in [*measure(), *history.measure(), *seasons.measure()]:
        ok = value < target
        failed |= not ok
        print(f"{'ok  ' if ok else 'MISS'} {label}: {value:.2f} {unit} (target < {target})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
