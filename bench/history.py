"""Sessions, players' histories and club ratings, through the database (issue 16 targets):
- the page of a known player with 1,000 matches (every game, real states from the rules
  engines, 6 deals each; Rikken's deals read for the contract statistics), server time;
- a session page with 20 matches, server time;
- a club's ratings recomputed from scratch from 10,000 friendly matches between its 40
  members (the Celery job's work: read, fold with openskill, write the list and the history).
Runs inside the bench's Django set-up (``bench/__main__.py``); ``python -m bench.history``
runs it alone."""

from __future__ import annotations

import random
import statistics
import time
import uuid
from decimal import Decimal

PLAYER_MATCHES = 1000
SESSION_MATCHES = 20
RATED_MATCHES = 10_000
MEMBERS = 40
DEALS = 6

RIK = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
FOUR = {"rank": "4", "suit": "coins"}
MARAFON = {"trump": "coins", "points": [6, 5]}
MALILLA = {"turn_up": FOUR, "totals": [40, 30]}
MASO = {"bid": "maso", "declarer": 0, "trump": "swords", "made": False}
ETORI = {
    "trump": "spades",
    "honours": [9, 7],
    "aces": [["hearts"], ["spades", "clubs", "diamonds"]],
}
# Each game's deals as a table enters them: the first names who deals or leads.
SAMPLES = {
    "marafon": [{**MARAFON, "battezzante": 0}] + [MARAFON] * (DEALS - 1),
    "trionfo": [{**MASO, "first_speaker": 0}] + [MASO] * (DEALS - 1),
    "malilla": [{**MALILLA, "dealer": 0}] + [MALILLA] * (DEALS - 1),
    "rikken": [{**RIK, "dealer": 0}] + [RIK] * (DEALS - 1),
    "etori": [ETORI] * DEALS,
}


def _sample(game: str, seats: int):
    """A real match of the game with its deals, from the services, to clone in bulk."""
    from games.models import Deal
    from games.services import Conflict, deal_record, match_create

    match = match_create(game=game, players=[f"S{n}" for n in range(seats)]).match
    for raw in SAMPLES[game]:
        try:
            match, _deal = deal_record(match=match, raw=raw)
        except Conflict:  # the match is over
            break
    return match, list(Deal.objects.filter(match=match).order_by("number"))


def _clone(sample, deals, players, count: int, rng, **extra):
    """``count`` copies of ``sample`` seated by ``players(i)``, written in bulk."""
    from games.models import Deal, Match, Seat

    matches = Match.objects.bulk_create(
        Match(
            game=sample.game,
            rules=sample.rules,
            setup=sample.setup,
            version=len(deals),
            last_number=len(deals),
            state=sample.state,
            finished=sample.finished,
            edit_key_hash="bench",
            **extra,
        )
        for _ in range(count)
    )
    Seat.objects.bulk_create(
        Seat(match=m, number=n, player=p)
        for i, m in enumerate(matches)
        for n, p in enumerate(players(i))
    )
    Deal.objects.bulk_create(
        (
            Deal(match=m, number=d.number, input=d.input, outcome=d.outcome, state=d.state)
            for m in matches
            for d in deals
        ),
        batch_size=2000,
    )
    return matches


def build_player():
    from games.models import Club, Player

    rng = random.Random(3)
    club = Club.objects.create(name="Bench club", slug=f"bench-h-{uuid.uuid4().hex[:8]}")
    me = Player.objects.create(name="Bench player", known=True, history="public")
    club.members.add(me)
    others = Player.objects.bulk_create(Player(name=f"Other {n}", known=True) for n in range(20))
    per_game = {"marafon": 4, "trionfo": 5, "malilla": 4, "rikken": 4, "etori": 4}
    share = PLAYER_MATCHES // len(per_game)
    for game, seats in per_game.items():
        sample, deals = _sample(game, seats)
        _clone(
            sample,
            deals,
            lambda i, seats=seats: [me, *rng.sample(others, seats - 1)],
            share,
            rng,
            stake=Decimal("0.10") if game in ("trionfo", "rikken") else None,
        )
    return me


def build_session():
    from games.services import deal_record
    from games.services.sessions import session_create, session_match_add

    created = session_create(players=["An", "Bo", "Cy", "Di"], game="rikken", stake=Decimal("0.1"))
    session, match = created.session, created.match
    for number in range(SESSION_MATCHES):
        for raw in SAMPLES["rikken"] if number % 2 == 0 else SAMPLES["marafon"]:
            match, _ = deal_record(match=match, raw=raw)
        if number < SESSION_MATCHES - 1:
            session, match = session_match_add(
                session=session, game="marafon" if number % 2 == 0 else "rikken"
            )
    return session


def build_club():
    from django.contrib.auth import get_user_model

    from games.models import Club, Player, RatingList
    from games.services import deal_record, match_create

    rng = random.Random(5)
    club = Club.objects.create(
        name="Rated club", slug=f"bench-r-{uuid.uuid4().hex[:8]}", rate_friendly_matches=True
    )
    members = Player.objects.bulk_create(
        Player(name=f"Member {n}", known=True) for n in range(MEMBERS)
    )
    club.members.add(*members)
    # A friendly match counts when one of the club's people created it (issue 26).
    director = get_user_model().objects.create_user(f"bench-{club.slug}")
    club.directors.add(director)
    # Two finished Marafon matches, one won by each side, cloned 5,000 times each.
    samples = []
    for winner in (0, 1):
        sample = match_create(
            game="marafon", players=["A", "B", "C", "D"], rules={"target": 21}
        ).match
        points = [11, 0] if winner == 0 else [0, 11]
        first = True
        while not sample.finished:
            raw = {"trump": "cups", "points": points}
            if first:
                raw["battezzante"] = 0
                first = False
            sample, _ = deal_record(match=sample, raw=raw)
        samples.append(sample)
    for sample in samples:
        _clone(
            sample, [], lambda i: rng.sample(members, 4), RATED_MATCHES // 2, rng, owner=director
        )
    return RatingList.objects.create(club=club, game="marafon", dirty=True)


def _page_time(url: str, runs: int) -> tuple[float, float]:
    """The median server time of a page through Django's test client, and the median CPU
    time of this process for it (the part a busy shared machine does not stretch)."""
    from django.test import Client

    client = Client()
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        client.get(url)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def _row(label: str, url: str, runs: int, target: float) -> tuple[str, float, str, float]:
    wall, cpu = _page_time(url, runs)
    return (f"{label} (median of {runs}; CPU here {cpu:.1f} ms)", wall, "ms", target)


def measure() -> list[tuple[str, float, str, float]]:
    from games.models import Rating
    from games.services.ratings import ratings_recompute

    player = build_player()
    session = build_session()
    rating_list = build_club()
    rows = [
        _row(f"player page, {PLAYER_MATCHES} matches", f"/p/{player.pk}/", 20, 100),
        _row(f"player API, {PLAYER_MATCHES} matches", f"/api/v1/players/{player.pk}/", 20, 100),
        _row(f"session page, {SESSION_MATCHES} matches", f"/s/{session.public_id}/", 40, 50),
    ]
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        ratings_recompute(list_id=rating_list.pk, from_scratch=True)
        timings.append(time.perf_counter() - start)
    assert Rating.objects.filter(list=rating_list).count() == MEMBERS
    rows.append(
        (
            f"ratings recomputed from scratch, {RATED_MATCHES:,} matches (median of 3)",
            statistics.median(timings),
            "s",
            10,
        )
    )
    return rows


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.environment import environment

    environment()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    failed = False
    for label, value, unit, target in measure():
        ok = value < target
        failed |= not ok
        print(f"{'ok  ' if ok else 'MISS'} {label}: {value:.2f} {unit} (target < {target})")
    sys.exit(1 if failed else 0)
