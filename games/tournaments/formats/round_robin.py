"""Round robin of pairs: every pair meets every other once, by the Berger tables
(games.tournaments.pairing.round_robin); more rounds than a full round robin play it again, home
and away swapped. The tables are fixed by the first round, so no late arrivals."""

from __future__ import annotations

from games.rules.messages import Message, msg, nmsg
from games.tournaments.pairing import round_robin

from .base import Drawn, DrawRequest, Format


class RoundRobin(Format):
    slug = "round_robin"
    label = msg("Pairs, round robin")
    pairs = True
    table_sizes = (4,)
    late_arrivals = False

    def late_arrival_refusal(self) -> Message:
        return msg("A round robin cannot take late arrivals: its rounds are fixed.")

    def draw(self, request: DrawRequest) -> Drawn:
        # The Berger tables are fixed by the first round: the pairs present then, in seed order;
        # a pair that withdraws later leaves its opponents a bye.
        if request.number == 1:
            field = list(request.entrants)
        else:
            seated = {pk for seating in request.earlier[0] for pk in seating}
            field = [e for e in request.everyone if e.pk in seated]
        schedule = round_robin(pairs=field)
        cycle, index = divmod(request.number - 1, len(schedule))
        this_round = schedule[index]
        playing = {e.pk for e in request.entrants}
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
        return Drawn(tables=tables, byes=byes, report={}, notes=notes)


FORMAT = RoundRobin()
