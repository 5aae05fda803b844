"""A club season through the database: 40 tournaments of the club's 200 members, attached to
one season (best 30 of them, the two lowest dropped, a minimum of 10, prizes and a booby prize).
Measures the recompute (the Celery job's work: read the 40 events' standings, rank, explain,
write the cache) and serving the season page, with its 200 explained lines and its chart, from
the cache. Runs inside the bench's Django set-up (``bench/__main__.py``)."""

from __future__ import annotations

import random
import uuid
from datetime import date

MEMBERS = 200
EVENTS = 40


def build_season():
    """The season as its events' standings caches would leave it, written in bulk: each event
    ranks a random 150 to 200 of the members (ties included)."""
    from django.contrib.auth import get_user_model

    from games.models import Club, Entrant, Player, Season, SeasonEvent, Tournament

    rng = random.Random(32)
    director = get_user_model().objects.create_user(f"bench-director-{uuid.uuid4().hex[:8]}")
    club = Club.objects.create(name="Bench club", slug=f"bench-season-{uuid.uuid4().hex[:8]}")
    club.directors.add(director)
    players = Player.objects.bulk_create(
        Player(name=f"Member {n}", known=True) for n in range(MEMBERS)
    )
    club.members.add(*players)
    season = Season.objects.create(
        club=club,
        name="Bench season",
        starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1),
        public=True,
        scheme="field_size",
        scheme_options={"per_place": 1, "base": 1},
        best=30,
        drop=2,
        min_events=10,
        prizes=[1, 2, 3, 4, 8, 12, 16],
        booby=True,
    )
    for number in range(EVENTS):
        tournament = Tournament.objects.create(
            club=club,
            name=f"Drive {number + 1}",
            game="rikken",
            rules={},
            format="individual",
            rounds=5,
            round_kind="deals",
            deals_per_round=8,
        )
        field = rng.sample(players, rng.randint(150, MEMBERS))
        entrants = Entrant.objects.bulk_create(
            Entrant(tournament=tournament, player=p, seed=n) for n, p in enumerate(field, 1)
        )
        points = sorted((rng.randint(-40, 40) for _ in entrants), reverse=True)
        rows = []
        for n, (entrant, total) in enumerate(zip(entrants, points, strict=True)):
            rank = 1 + next(i for i, p in enumerate(points) if p == total)
            rows.append(
                {"rank": rank, "entrant": entrant.pk, "name": entrant.player.name,
                 "points": total, "played": 5, "shared": points.count(total) > 1, "order": n}
            )  # fmt: skip
        tournament.standings = rows
        tournament.save(update_fields=["standings"])
        SeasonEvent.objects.create(season=season, tournament=tournament)
    return season


def measure() -> list[tuple[str, float, str, float]]:
    from bench.report import median_page_ms, median_seconds
    from games.services.season_standing import season_recompute

    season = build_season()
    recompute = median_seconds(lambda: season_recompute(season_id=season.pk), 5)
    season.refresh_from_db()
    assert len(season.standing) == MEMBERS
    assert len(season.chart["events"]) == EVENTS
    served = median_page_ms(f"/season/{season.public_id}/")
    label = f"season, {EVENTS} events x {MEMBERS} members"
    return [
        (f"{label}: recompute (median of 5)", recompute, "s", 1),
        (f"{label}: season page from cache (median of 20)", served, "ms", 50),
    ]


if __name__ == "__main__":  # python -m bench.seasons: this bench alone
    from bench.environment import environment

    environment()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for label, value, unit, target in measure():
        print(f"{'ok  ' if value < target else 'MISS'} {label}: {value:.3f} {unit} (< {target})")
