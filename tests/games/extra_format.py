"""A fifth tournament format that lives only in the tests, to prove that a format is one module
and one registration: "Fixed draw", pairs that meet in seed order every round (1 v 2, 3 v 4,
...; an odd field's last pair has the bye), one game a round. See docs/adding-a-format.md."""

from __future__ import annotations

from games.tournaments.formats import Drawn, DrawRequest, Format


class FixedDraw(Format):
    slug = "fixed"
    label = "Pairs, on a fixed draw"
    pairs = True
    table_sizes = (4,)
    round_kinds = frozenset({"game"})

    def round_kind_refusal(self) -> str:
        return "A fixed draw plays one game a round."

    def draw(self, request: DrawRequest) -> Drawn:
        seeds = [entrant.pk for entrant in request.entrants]
        odd = len(seeds) % 2
        return Drawn(
            tables=[(seeds[n], seeds[n + 1]) for n in range(0, len(seeds) - odd, 2)],
            byes=seeds[-1:] if odd else [],
            report={"fixed": True},
            notes=["The pairs meet in seed order: 1 v 2, 3 v 4, and so on."],
        )


FORMAT = FixedDraw()
