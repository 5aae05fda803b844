"""Standings of a big individual event, through the database: 1,000 players, 10 rounds of
Rikken at 250 tables, every table a 20-deal match. Measures the recompute (the Celery job's
work: read every confirmed table, rank, write the cache) and serving the cache through the API.
Runs inside the bench's Django set-up (``bench/__main__.py``)."""

from __future__ import annotations

import random
import uuid

PLAYERS = 1000
ROUNDS = 10
DEALS = 20


def build_event():
    """The event as the draw and the tables would leave it, written in bulk: real 20-deal
    Rikken states (from the rules engine), their balances shuffled between tables."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Club, Entrant, Match, Player, Round, Table
    from games.services import deal_record, match_create
    from games.services.tournaments import tournament_create

    rng = random.Random(1)
    director = get_user_model().objects.create_user(f"bench-director-{uuid.uuid4().hex[:8]}")
    club = Club.objects.create(name="Bench club", slug=f"bench-club-{uuid.uuid4().hex[:8]}")
    club.directors.add(director)
    tournament = tournament_create(
        club=club,
        user=director,
        name="Big drive",
        game="rikken",
        format="individual",
        rounds=ROUNDS,
        round_kind="deals",
        deals_per_round=DEALS,
    )
    sample = match_create(game="rikken", players=["A", "B", "C", "D"]).match
    for number in range(DEALS):
        contract = {"contract": "misere", "declarer": number % 4, "tricks": number % 3 // 2}
        raw = {"contracts": [contract], **({"dealer": 0} if number == 0 else {})}
        sample, _ = deal_record(match=sample, raw=raw)
    players = Player.objects.bulk_create(
        Player(name=f"Player {n}", known=True) for n in range(PLAYERS)
    )
    entrants = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, player=p, seed=n) for n, p in enumerate(players, 1)
    )
    ids = [e.pk for e in entrants]
    now = timezone.now()
    for number in range(1, ROUNDS + 1):
        this_round = Round.objects.create(
            tournament=tournament, number=number, status="finished", drawn_at=now
        )
        rng.shuffle(ids)
        matches = Match.objects.bulk_create(
            Match(
                game="rikken",
                rules=sample.rules,
                setup=sample.setup,
                version=DEALS,
                state={**sample.state, "balances": rng.sample(sample.state["balances"], 4)},
            )
            for _ in range(PLAYERS // 4)
        )
        Table.objects.bulk_create(
            Table(
                round=this_round,
                number=t + 1,
                match=match,
                seating=ids[4 * t : 4 * t + 4],
                confirmed_at=now,
                confirmed_by="bench",
            )
            for t, match in enumerate(matches)
        )
    return tournament


def measure() -> list[tuple[str, float, str, float]]:
    from bench.report import median_page_ms, median_seconds
    from games.services.standings import standings_recompute

    tournament = build_event()
    recompute = median_seconds(lambda: standings_recompute(tournament_id=tournament.pk), 5)
    tournament.refresh_from_db()
    assert len(tournament.standings) == PLAYERS
    assert sum(row["points"] for row in tournament.standings) == 0
    served = median_page_ms(f"/api/v1/tournaments/{tournament.public_id}/standings/")
    label = f"standings, {PLAYERS} players x {ROUNDS} rounds"
    return [
        (f"{label}: recompute (median of 5)", recompute, "s", 1),
        (f"{label}: served from cache (median of 20)", served, "ms", 50),
    ]
