"""Knockout of pairs: the bracket is drawn from the seeds in the first round
(games.tournaments.pairing.knockout) and each later round pairs the winners of the one before;
the event ends with its final. A knockout match needs a winner, so a round is never a number of
deals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.rules.messages import Message, msg
from games.tournaments.pairing import KnockoutMatch, KnockoutRound, knockout, knockout_next

from .base import ROUND_KINDS, Drawn, DrawRequest, Format, Named


class Knockout(Format):
    slug = "knockout"
    label = msg("Pairs, knockout")
    pairs = True
    table_sizes = (4,)
    round_kinds = ROUND_KINDS - {"deals"}
    has_final = True
    needs_results = True

    def round_kind_refusal(self) -> Message:
        return msg("A knockout match needs a winner: a round is a game or a match.")

    def is_final(self, report: Mapping[str, Any]) -> bool:
        return len(report.get("bracket", [])) == 1

    def report_entrants(
        self, report: Mapping[str, Any], entrant: Callable[[Any], int | None]
    ) -> dict[str, Any]:
        """The bracket names its pairs by entrant id."""
        if "bracket" not in report:
            return dict(report)
        bracket = report["bracket"]
        if not isinstance(bracket, list) or not all(isinstance(m, list) for m in bracket):
            raise ValueError("the bracket must be a list of pairs of entrants.")
        return {**report, "bracket": [[entrant(pk) for pk in match] for match in bracket]}

    def draw(self, request: DrawRequest) -> Drawn:
        active = {e.pk for e in request.entrants}
        if request.number == 1:
            drawn = knockout(pairs=list(request.entrants))
        else:
            everyone = {e.pk: e for e in request.everyone}
            drawn = knockout_next(**_so_far(request, everyone, active))
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
        return Drawn(
            tables=tables,
            byes=byes,
            report={"bracket": [[m.a.pk, None if m.b is None else m.b.pk] for m in drawn.matches]},
            notes=notes,
        )


def _so_far(request: DrawRequest, named: dict[int, Named], active: set[int]) -> dict[str, Any]:
    """The previous round as drawn (its bracket order) and the pairs that won it; a pair whose
    opponents withdrew goes through."""

    def who(pk: int | None) -> Named | None:
        return None if pk is None else named.get(pk, Named(pk, "?"))

    matches = tuple(
        KnockoutMatch(a=who(a), b=who(b)) for a, b in request.previous_report["bracket"]
    )
    winners = []
    for match in matches:
        if match.b is None:
            continue
        result = request.results.get((match.a.pk, match.b.pk))
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
        "previous": KnockoutRound(number=request.number - 1, matches=matches, explanation=()),
        "winners": winners,
    }


FORMAT = Knockout()
