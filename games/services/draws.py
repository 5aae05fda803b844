"""Drawing a tournament round: which entrants sit together, by the tournament's format, and the
director's explanation of why the draw came out as it did. Called from the ``draw_round`` Celery
job; a draw that cannot be made raises ``ValueError`` with the message for the director."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.models import Entrant, Round, Tournament
from games.rules import get_game
from games.rules.messages import msg, nmsg
from games.tournaments.pairing import (
    KnockoutMatch,
    KnockoutRound,
    knockout,
    knockout_next,
    round_robin,
    swiss_round,
)
from games.tournaments.results import fixed_teams, pairs_result
from games.tournaments.seating import SEARCH_EFFORT, seat_rounds
from games.translation import stored_note

from .standings import confirmed_tables, standings_compute

# The seating search is bounded below the Celery job's soft time limit, with room to write; its
# effort is ten times the default, which hard small fields need to reach zero repeats and which
# costs seconds only when repeats cannot be avoided.
SEATING_TIME_LIMIT = 20.0
SEATING_EFFORT = 10 * SEARCH_EFFORT


@dataclass(frozen=True)
class DrawResult:
    tables: list[tuple[int, ...]]  # entrant ids in seat order (pairs: the two pairs)
    byes: list[int]
    report: dict[str, Any]


@dataclass(frozen=True)
class _Named:
    """An entrant as the pure draws see it: compared by id, shown by name in explanations."""

    pk: int
    name: str = field(compare=False)

    def __repr__(self) -> str:
        return self.name


def draw_plan(
    *, tournament: Tournament, number: int, entrants: list[Entrant], seed: int
) -> DrawResult:
    """Picks the draw for the tournament's format and explains it."""
    drawer = {
        "individual": _individual,
        "swiss": _swiss,
        "round_robin": _round_robin,
        "knockout": _knockout,
    }[tournament.format]
    return drawer(tournament, number, entrants, seed)


def _earlier_seatings(tournament: Tournament, number: int) -> list[list[list[int]]]:
    """Each earlier round's tables as entrant ids in seat order (a bye: one entrant)."""
    return [
        [list(t.seating) for t in r.tables.all()]
        for r in tournament.round_set.filter(number__lt=number).prefetch_related("tables")
    ]


def _individual(tournament, number, entrants, seed) -> DrawResult:
    plan = seat_rounds(
        players=[e.pk for e in entrants],
        rounds=1,
        table_size=tournament.table_size,
        allow_five=get_game(tournament.game).sits_out_at_five and tournament.table_size == 4,
        partners=fixed_teams(tournament) is not None,
        seed=seed + number,
        history=[
            [seating for seating in tables if len(seating) > 1]
            for tables in _earlier_seatings(tournament, number)
        ],
        time_limit=SEATING_TIME_LIMIT,
        effort=SEATING_EFFORT,
    )
    report = plan.report
    names = {e.pk: e.name for e in entrants}
    return DrawResult(
        tables=[tuple(table) for table in plan.rounds[0]],
        byes=[],
        report={
            "repeats": report.repeats,
            "repeated_pairs": [
                {"players": [names.get(p, p) for p in pair.players], "times": pair.times}
                for pair in report.repeated_pairs
            ],
            "unavoidable_repeats": report.unavoidable_repeats,
            "partner_repeats": report.partner_repeats,
            "seat_spread": report.seat_spread,
            "notes": [stored_note(note) for note in report.notes],
        },
    )


def _swiss(tournament, number, entrants, seed) -> DrawResult:
    named = {e.pk: _Named(e.pk, e.name) for e in entrants}
    standings = {row["entrant"]: row for row in standings_compute(tournament)}
    # Standings order (tie-breaks applied), so that the draw's ranks are the table's ranks.
    ordered = sorted(entrants, key=lambda e: standings[e.pk]["rank"] if e.pk in standings else 0)
    history, byes = [], []
    for seating in (t for tables in _earlier_seatings(tournament, number) for t in tables):
        if len(seating) == 2:
            history.append(tuple(named.get(pk, _Named(pk, "?")) for pk in seating))
        elif seating and seating[0] in named:
            byes.append(named[seating[0]])
    drawn = swiss_round(
        pairs=[named[e.pk] for e in ordered],
        scores={named[e.pk]: standings.get(e.pk, {}).get("match_points", 0) or 0 for e in entrants},
        history=history,
        byes=byes,
        seed=seed + number,
        # The rounds still to draw after this one: the draw keeps them possible without
        # rematches or second byes.
        rounds_after=max(tournament.rounds - number, 0),
    )
    return DrawResult(
        tables=[(a.pk, b.pk) for a, b in drawn.pairings],
        byes=[] if drawn.bye is None else [drawn.bye.pk],
        report={
            "rematches": len(drawn.rematches),
            "rematched": [[a.name, b.name] for a, b in drawn.rematches],
            "bye": None if drawn.bye is None else drawn.bye.name,
            "notes": [stored_note(note) for note in drawn.explanation],
        },
    )


def _round_robin(tournament, number, entrants, seed) -> DrawResult:
    # The Berger tables are fixed by the first round: the pairs present then, in seed order;
    # a pair that withdraws later leaves its opponents a bye.
    if number == 1:
        field = list(entrants)
    else:
        seated = {pk for seating in _earlier_seatings(tournament, 2)[0] for pk in seating}
        field = [
            e
            for e in tournament.entrants.select_related("player", "partner").order_by("seed", "id")
            if e.pk in seated
        ]
    schedule = round_robin(pairs=[_Named(e.pk, e.name) for e in field])
    cycle, index = divmod(number - 1, len(schedule))
    this_round = schedule[index]
    playing = {e.pk for e in entrants}
    tables, byes = [], []
    notes = [
        msg(
            "Round %(number)s of the Berger tables for %(pairs)s pairs (%(rounds)s).",
            number=index + 1,
            pairs=len(field),
            rounds=nmsg(
                "%(count)s round makes a full round robin",
                "%(count)s rounds make a full round robin",
                len(schedule),
            ),
        )
    ]
    if cycle:
        notes.append(
            msg(
                "Cycle %(cycle)s: the pairs meet again with home and away swapped.",
                cycle=cycle + 1,
            )
        )
    if this_round.bye is not None:
        byes.append(this_round.bye.pk)
        notes.append(
            msg(
                "Bye: %(pair)s (an odd field: one pair sits out each round).",
                pair=this_round.bye.name,
            )
        )
    for home, away in this_round.pairings:
        if cycle % 2:
            home, away = away, home
        missing = [p for p in (home, away) if p.pk not in playing]
        if not missing:
            tables.append((home.pk, away.pk))
            continue
        for present in (p for p in (home, away) if p.pk in playing):
            byes.append(present.pk)
            notes.append(
                msg(
                    "Bye: %(pair)s, whose opponents %(opponents)s withdrew.",
                    pair=present.name,
                    opponents=missing[0].name,
                )
            )
    return DrawResult(
        tables=tables, byes=byes, report={"notes": [stored_note(note) for note in notes]}
    )


def _knockout(tournament, number, entrants, seed) -> DrawResult:
    active = {e.pk for e in entrants}
    if number == 1:
        drawn = knockout(pairs=[_Named(e.pk, e.name) for e in entrants])
    else:
        everyone = {
            e.pk: _Named(e.pk, e.name)
            for e in tournament.entrants.select_related("player", "partner")
        }
        drawn = knockout_next(**_knockout_so_far(tournament, number - 1, everyone, active))
    tables, byes, notes = [], [], list(drawn.explanation)
    for match in drawn.matches:
        present = [p for p in (match.a, match.b) if p is not None and p.pk in active]
        if len(present) == 2:
            tables.append((match.a.pk, match.b.pk))
        elif present:
            byes.append(present[0].pk)
            if match.b is not None:
                notes.append(
                    msg("%(pair)s go through: their opponents withdrew.", pair=repr(present[0]))
                )
    return DrawResult(
        tables=tables,
        byes=byes,
        report={
            "bracket": [[m.a.pk, None if m.b is None else m.b.pk] for m in drawn.matches],
            "notes": [stored_note(note) for note in notes],
        },
    )


def _knockout_so_far(
    tournament: Tournament, number: int, named: dict[int, _Named], active: set[int]
):
    """The previous knockout round as drawn (its bracket order) and the pairs that won it; a
    pair whose opponents withdrew goes through."""
    previous = Round.objects.get(tournament=tournament, number=number)

    def who(pk: int | None) -> _Named | None:
        return None if pk is None else named.get(pk, _Named(pk, "?"))

    matches = tuple(KnockoutMatch(a=who(a), b=who(b)) for a, b in previous.report["bracket"])
    winners = []
    results = {
        tuple(r.entrants): r
        for r in (
            pairs_result(tournament, t)
            for t in confirmed_tables(tournament).filter(round__number=number)
        )
    }
    for match in matches:
        if match.b is None:
            continue
        result = results.get((match.a.pk, match.b.pk))
        if result is None:
            # A walkover: the pair still in the event goes through.
            present = [p for p in (match.a, match.b) if p.pk in active]
            if len(present) == 1:
                winners.append(present[0])
                continue
            raise ValueError(
                msg(
                    "%(home)s v %(away)s has no confirmed result.",
                    home=repr(match.a),
                    away=repr(match.b),
                )
            )
        if result.winner is None:
            raise ValueError(
                msg(
                    "%(home)s v %(away)s is level (%(home_points)s-%(away_points)s): a knockout "
                    "match needs a winner. Correct the result or play a deciding deal.",
                    home=repr(match.a),
                    away=repr(match.b),
                    home_points=result.points[0],
                    away_points=result.points[1],
                )
            )
        winners.append((match.a, match.b)[result.winner])
    return {
        "previous": KnockoutRound(number=number, matches=matches, explanation=()),
        "winners": winners,
    }
