"""Individual events: every player for themselves, re-seated every round so as to meet as many
others as possible (games.tournaments.seating); ranked by total, without tie-breaks."""

from __future__ import annotations

from games.rules.messages import Message, msg
from games.tournaments.seating import SEARCH_EFFORT, seat_rounds

from .base import Drawn, DrawRequest, Format

# The seating search is bounded below the Celery job's soft time limit, with room to write; its
# effort is ten times the default, which hard small fields need to reach zero repeats and which
# costs seconds only when repeats cannot be avoided.
SEATING_TIME_LIMIT = 20.0
SEATING_EFFORT = 10 * SEARCH_EFFORT


class Individual(Format):
    slug = "individual"
    label = msg("Individual, re-seated every round")
    pairs = False
    # Tables of 6 where the event says so (Rikken with the dealer and the player across
    # sitting out), in a game without partnerships: the seating keeps partners at tables of 4.
    table_sizes = (4, 5, 6)
    tie_breaks = False
    default_tie_breaks = ()

    def seats_tables_of(self, size: int, *, partners: bool) -> bool:
        return size in self.table_sizes and not (partners and size == 6)

    def table_size_refusal(self, size: int) -> Message:
        return msg(
            "Individual events are seated at tables of 4 or 5, or of 6 in a game without "
            "partnerships, not %(n)s.",
            n=size,
        )

    def tie_breaks_refusal(self) -> Message:
        return msg("Individual events rank by total; tie-breaks apply to pairs events.")

    def draw(self, request: DrawRequest) -> Drawn:
        plan = seat_rounds(
            players=[e.pk for e in request.entrants],
            rounds=1,
            table_size=request.table_size,
            allow_five=request.sits_out_at_five and request.table_size == 4,
            partners=request.partners,
            seed=request.seed + request.number,
            history=[
                [list(seating) for seating in tables if len(seating) > 1]
                for tables in request.earlier
            ],
            time_limit=SEATING_TIME_LIMIT,
            effort=SEATING_EFFORT,
        )
        report = plan.report
        names = {e.pk: e.name for e in request.entrants}
        return Drawn(
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
            },
            notes=list(report.notes),
        )


FORMAT = Individual()
