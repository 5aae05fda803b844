"""What the scoreboard shows, worked out once in Python so the template only lays it out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from games.rules.settlement import to_money


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
    labels = team_labels(teams, names)
    upcoming = state.get("next", {})

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
    if game in ("marafon", "malilla"):
        for team, label in enumerate(labels):
            extra = None
            if game == "marafon":
                extra = _("games won: %(n)d") % {"n": state["games_won"][team]}
            result["rows"].append({"label": label, "value": state["scores"][team], "extra": extra})
    elif game == "etori":
        for team, label in enumerate(labels):
            result["rows"].append(
                {"label": label, "value": state["chips"][team], "extra": _("chips")}
            )
    else:
        for seat, player in enumerate(names):
            units = state["balances"][seat]
            money = None
            if stake is not None:
                money = f"{to_money(units, Decimal(stake)):.2f}"
            result["rows"].append(
                {"label": player, "value": f"{units:+d}" if units else "0", "extra": money}
            )
    if state.get("finished"):
        return result
    if game == "marafon":
        result["roles"] = [
            (_("Deals"), name(upcoming["dealer"])),
            (_("Battezzante (names trumps, leads)"), name(upcoming["battezzante"])),
        ]
        if upcoming["must_not_look"] is not None:
            result["reminder"] = _(
                "%(who)s must not look at their cards until trumps are named."
            ) % {"who": name(upcoming["must_not_look"])}
    elif game == "trionfo":
        result["roles"] = [
            (_("Deals"), name(upcoming["dealer"])),
            (_("Speaks first and leads"), name(upcoming["first_speaker"])),
        ]
    elif game in ("malilla", "rikken"):
        result["roles"] = [
            (_("Deals"), name(upcoming["dealer"])),
            (_("Leads"), name(upcoming["leader"])),
        ]
        if game == "malilla" and any(state.get("capotes", [])):
            result["labels"].append(
                _("capotes: %(counts)s") % {"counts": " – ".join(str(c) for c in state["capotes"])}
            )
    elif game == "etori":
        result["roles"] = [
            (_("Deal"), labels[upcoming["dealers"]]),
            (_("Lead"), labels[upcoming["leaders"]]),
            (_("Trumps"), upcoming["trump"]),
            (_("May change trumps"), labels[upcoming["trump_changer"]]),
        ]
    # Before the first deal nobody's role is known yet: the entry asks, the board stays short.
    unknown = _("entered with the first deal")
    result["roles"] = [(role, who) for role, who in result["roles"] if who != unknown]
    return result
