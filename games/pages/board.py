"""What the scoreboard shows, worked out once in Python so the template only lays it out."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from .games import page_for
from .scoreboard import role_line


def team_labels(teams: list[list[int]] | None, names: list[str]) -> list[str]:
    if not teams:
        return []
    return [" & ".join(names[s] for s in team if s < len(names)) for team in teams]


def _winner_text(winner: Any, labels: list[str]) -> str:
    if isinstance(winner, list):
        return _("Shared win: %(teams)s") % {"teams": ", ".join(labels[w] for w in winner)}
    return _("Winner: %(team)s") % {"team": labels[winner]}


def board(
    game: str, state: dict[str, Any], names: list[str], teams, stake, rules: dict[str, Any]
) -> dict[str, Any]:
    """The scoreboard of a match: the rows and the next deal's roles come from the game's page
    module (``scoreboard``), the rest is the same for every game."""
    labels = team_labels(teams, names)

    def name(seat):
        if seat is None:
            return _("entered with the first deal")
        return names[seat] if seat < len(names) else _("blind man")

    result: dict[str, Any] = {
        "rows": [],
        "roles": [],
        "reminder": None,
        "banner": None,
        "labels": [],
    }
    if state.get("finished") and state.get("winner") is not None:
        result["banner"] = _winner_text(state["winner"], labels)
    page = page_for(game)
    result["rows"] = page.scoreboard_rows(state, names=names, labels=labels, stake=stake)
    if state.get("finished"):
        return result
    result.update(page.next_roles(state, name=name, labels=labels))
    # Before the first deal nobody's role is known yet: the entry asks, the board stays short.
    unknown = _("entered with the first deal")
    result["roles"] = [role_line(role, who) for role, who in result["roles"] if who != unknown]
    return result
