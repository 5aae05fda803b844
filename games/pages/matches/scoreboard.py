"""Pieces of a scoreboard that the games' page modules put together (games/pages/games/): the
shared shapes, so that each game only says which numbers it shows and which roles come next."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from games.pages.numbers import local_amount, sign_first
from games.rules.settlement import to_money


@dataclass(frozen=True)
class Said:
    """A next deal's role said as one sentence, with ``%(who)s`` where the language puts the
    name ("Battezzante: %(who)s, who names trumps and leads"): the name sits inside the words,
    never beside a label that wraps around it."""

    sentence: str


def role_line(role: Any, who: str) -> dict[str, str]:
    """A role and who has it, as its line reads: a label and the name ("Deals Ana"), or a
    sentence cut where its name goes."""
    if isinstance(role, Said):
        before, _placeholder, after = role.sentence.partition("%(who)s")
        return {"before": before, "who": who, "after": after}
    return {"before": f"{role} ", "who": who, "after": ""}


def team_rows(labels: list[str], values: list[int], extras: list[Any] | None = None) -> list[dict]:
    """One row a partnership: its names, its score, and a word beside it."""
    extras = extras or [None] * len(labels)
    return [
        {"label": label, "value": value, "extra": extra}
        for label, value, extra in zip(labels, values, extras, strict=False)
    ]


def points_rows(names: list[str], points: list[int], leaders: list[int]) -> list[dict]:
    """One row a player of a game where the lowest total wins: the points, the leaders marked."""
    return [
        {
            "label": player,
            "value": str(total),
            "extra": _("leads") if seat in leaders else None,
            "lead": seat in leaders,
        }
        for seat, (player, total) in enumerate(zip(names, points, strict=False))
    ]


def lowest_first(names: list[str], points: list[int]) -> list[dict]:
    """The final ranking of a game where the lowest total wins: equal totals share a place."""
    order = sorted(range(len(names)), key=lambda s: points[s])
    ranking = []
    for index, seat in enumerate(order):
        shared = ranking and ranking[-1]["points"] == points[seat]
        place = ranking[-1]["place"] if shared else index + 1
        ranking.append({"place": place, "name": names[seat], "points": points[seat]})
    for row in ranking:
        row["shared"] = sum(r["place"] == row["place"] for r in ranking) > 1
    return ranking


def balance_rows(names: list[str], balances: list[int], stake: Any) -> list[dict]:
    """One row a player of a money game: units won (+) or lost, and the money at the stake."""
    rows = []
    for player, units in zip(names, balances, strict=False):
        money = (
            None
            if stake is None
            else sign_first(local_amount(f"{to_money(units, Decimal(stake)):.2f}"))
        )
        value = sign_first(f"{units:+d}") if units else "0"
        rows.append({"label": player, "value": value, "extra": money})
    return rows
