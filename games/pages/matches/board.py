"""What the scoreboard shows, worked out once in Python so the template only lays it out."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _

from games.pages.games import page_for
from games.pages.matches.scoreboard import role_line
from games.pages.numbers import LRM
from games.pages.words import isolated
from games.rules import get_game
from games.rules.seat_results import match_results

# The most seats at a table: a rotation goes round in at most as many deals.
MOST_SEATS = 12


def team_labels(teams: list[list[int]] | None, names: list[str]) -> list[str]:
    if not teams:
        return []
    return [" & ".join(isolated(names[s]) for s in team if s < len(names)) for team in teams]


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
        return isolated(names[seat]) if seat < len(names) else _("blind man")

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
    for row in result["rows"]:
        # Totals of four figures and more ("+110", a club's table in tens) are set smaller, so
        # that four of them still fit a phone's row side by side.
        row["long"] = len(str(row["value"]).lstrip(LRM)) > 3
    if state.get("finished"):
        return result
    result.update(page.next_roles(state, name=name, labels=labels))
    # Before the first deal nobody's role is known yet: the entry asks, the board stays short.
    unknown = _("entered with the first deal")
    result["roles"] = [role_line(role, who) for role, who in result["roles"] if who != unknown]

    def roles(upcoming: dict[str, Any]) -> list[str]:
        """Who takes each role of the board (its terms stay), then the reminder if any: short,
        since every match page carries them."""
        shown = page.next_roles({**state, "next": upcoming}, name=name, labels=labels)
        reminder = shown.get("reminder")
        return [who for _role, who in shown["roles"]] + ([reminder] if reminder else [])

    ahead = roles_ahead(game, state, rules, roles)
    if ahead is not None:
        result["ahead"] = json.dumps(ahead, ensure_ascii=False, separators=(",", ":"))
        again = page.dealt_again(get_game(game).options_from_data(rules))
        result["dealt_again"] = json.dumps(again, separators=(",", ":"))
    return result


def roles_ahead(game: str, state: dict[str, Any], rules: dict[str, Any], roles) -> list | None:
    """The next deal's roles, then the roles of each deal after it once round the table, as
    the rotation alone decides them (no scoring): a phone with deals waiting to be sent shows
    who deals after them (waiting.js). None when the rotation alone does not say (who deals
    depends on who won, or who starts is not known yet)."""
    engine = get_game(game)
    options = engine.options_from_data(rules)
    current = engine.state_from_data(state, options)
    cycle = [roles(state["next"])]
    for _turn in range(MOST_SEATS):
        current = engine.turn(current, options)
        if current is None:
            return None
        upcoming = engine.state_to_data(current)["next"]
        if upcoming == state["next"]:
            return cycle
        cycle.append(roles(upcoming))
    return None


def score_line(match) -> str:
    """A match's score in one line, for the start page's list ("Ana & Ciro 2 – 0 Bea & Dino";
    at a table of individuals "Ana 3 · Bea -1 · Cor -2"): units in money games, else points."""
    if not match.state:
        return ""
    engine = get_game(match.game)
    teams = engine.teams(engine.options_from_data(match.rules))
    names = [seat.player.name for seat in match.seats.all()]
    try:
        results = match_results(match.state, teams, len(names), match.rules, game=match.game)
    except (KeyError, TypeError, ValueError):
        return ""  # a state this line cannot read: the match page still shows it in full
    values = {r.seat: r.units if r.units is not None else (r.points or 0) for r in results}

    def shown(value) -> str:
        return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)

    if teams:
        labels = team_labels(teams, names)
        return " – ".join(
            f"{labels[t]} {shown(values.get(team[0], 0))}" for t, team in enumerate(teams)
        )
    return " · ".join(f"{name} {shown(values.get(seat, 0))}" for seat, name in enumerate(names))
