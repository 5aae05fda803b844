"""Points by a formula on the field size: ``per_place × (field − place) + base``, never below
0. With the defaults (1 and 1) that is field − place + 1: the last of 14 earns 1, the winner
14, so a win in a big field is worth more than one in a small field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.messages import Message, msg

from .base import EventResult, Number, PointsScheme, whole


class FieldSize(PointsScheme):
    slug = "field_size"
    label = msg("Points by the field size: field − place + 1")
    default_options = {"per_place": 1, "base": 1}
    option_labels = {
        "per_place": msg("Points for each place up the field"),
        "base": msg("Points of the last place"),
    }

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Message]:
        problems = super().check_options(options)
        resolved = self.resolve(options)
        if not whole(resolved["per_place"], low=1, high=100):
            problems["per_place"] = msg("A whole number from 1 to 100.")
        if not whole(resolved["base"], low=0, high=1000):
            problems["base"] = msg("A whole number from 0 to 1000.")
        return problems

    def points(self, result: EventResult, options: Mapping[str, Any]) -> Number:
        return max(0, options["per_place"] * (result.field - result.place) + options["base"])

    def explain(self, result: EventResult, options: Mapping[str, Any]) -> Message:
        return msg(
            "place %(place)s of %(field)s: %(per_place)s × (%(field)s − %(place)s) + %(base)s "
            "= %(points)s",
            place=result.place,
            field=result.field,
            per_place=options["per_place"],
            base=options["base"],
            points=self.points(result, options),
        )


SCHEME = FieldSize()
