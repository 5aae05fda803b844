"""Swiss pairs: each round pairs the pairs level on match points, or as near as can be, without
rematches or a second bye (games.tournaments.pairing.swiss_round)."""

from __future__ import annotations

from games.rules.messages import msg
from games.tournaments.pairing import swiss_round

from .base import Drawn, DrawRequest, Format, Named


class Swiss(Format):
    slug = "swiss"
    label = msg("Pairs, Swiss")
    pairs = True
    table_sizes = (4,)
    needs_standings = True

    def draw(self, request: DrawRequest) -> Drawn:
        named = {e.pk: e for e in request.entrants}
        standings = request.standings
        # Standings order (tie-breaks applied), so that the draw's ranks are the table's ranks.
        ordered = sorted(
            request.entrants,
            key=lambda e: standings[e.pk]["rank"] if e.pk in standings else 0,
        )
        history, byes = [], []
        for seating in (t for tables in request.earlier for t in tables):
            if len(seating) == 2:
                history.append(tuple(named.get(pk, Named(pk, "?")) for pk in seating))
            elif seating and seating[0] in named:
                byes.append(named[seating[0]])
        drawn = swiss_round(
            pairs=ordered,
            scores={
                e: standings.get(e.pk, {}).get("match_points", 0) or 0 for e in request.entrants
            },
            history=history,
            byes=byes,
            seed=request.seed + request.number,
            # The rounds still to draw after this one: the draw keeps them possible without
            # rematches or second byes.
            rounds_after=max(request.rounds - request.number, 0),
        )
        return Drawn(
            tables=[(a.pk, b.pk) for a, b in drawn.pairings],
            byes=[] if drawn.bye is None else [drawn.bye.pk],
            report={
                "rematches": len(drawn.rematches),
                "rematched": [[a.name, b.name] for a, b in drawn.rematches],
                "bye": None if drawn.bye is None else drawn.bye.name,
            },
            notes=list(drawn.explanation),
        )


FORMAT = Swiss()
