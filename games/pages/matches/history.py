"""The deals of a match as the page tells them: one line per deal in the game's words, the
totals after it, a line where a game was won, what a correction changed of who won, and where
each line links to its deal's explanation (``deal_link_base``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.pages.games import summary, table_of
from games.pages.numbers import isolated, sign_first
from games.pages.words import Table
from games.rules import get_game


def _game_won(number: int, winner: int, scores: Sequence[int], by: str, table: Table) -> str:
    text = _("Game %(n)d won by %(team)s") % {"n": number, "team": table.team(winner)}
    if scores and by == "points":
        text += ", " + " – ".join(str(s) for s in scores)
    elif by == "claim":
        text += _(" on a right claim")
    elif by == "failed_claim":
        text += _(" after a wrong claim")
    return text


# A line of totals wraps between players, never inside one: "Joost +3" and the dot after it
# stay together (no-break spaces), so a narrow phone never reads "Sanne" on one line and "-2"
# on the next.
_NBSP = "\u00a0"
_BETWEEN = _NBSP + "· "


def totals_of(engine, options, after: dict[str, Any], table: Table) -> str:
    """The totals a state holds, in a line, as its game reads them: each player's by name, or
    the sides' numbers."""
    if not after:
        return ""  # a deal stored before the states were kept
    totals = engine.seat_totals(after)
    if totals is not None:
        # Each player's money or points: names, or a row of numbers says nothing.
        return _BETWEEN.join(
            isolated(f"{table.who(seat)}{_NBSP}{_signed(value) if totals.money else value}")
            for seat, value in enumerate(totals.values)
        )
    return _sides(engine.side_totals(after, options))


def _signed(value: int) -> str:
    return sign_first(f"{value:+d}") if value else "0"


def _sides(values) -> str:
    return (" – " if len(values) == 2 else _BETWEEN).join(str(v) for v in values)


def history(match, deals) -> list[dict[str, Any]]:
    """The given deals (in order, each read with the state after it) with their lines and the
    totals after them, as stored: no fold. A deal that won a game says which game and who won
    it, numbered by the games finished so far."""
    engine = get_game(match.game)
    options = engine.options_from_data(match.rules)
    table = table_of(match)
    rows = []
    for deal in deals:
        after = deal.state
        row = {
            "number": deal.number,
            "summary": summary(match.game, deal.input, deal.outcome, table, options),
            "outcome": deal.outcome,
            "game_end": None,
        }
        won = engine.game_won(deal.outcome)
        ended = engine.games_won(after) if won else []
        if ended:
            # The deal won a game: its final totals, not the next game's 0-0.
            scores = ended[-1].scores
            row["game_end"] = _game_won(len(ended), won.winner, scores, won.by, table)
            row["totals"] = _sides(scores)
        else:
            row["totals"] = totals_of(engine, options, after, table)
        rows.append(row)
    return rows


def verdicts(match, outcomes, state: dict | None = None) -> dict[tuple, tuple[str, str]]:
    """Who won each game and the match, and whether each claim was right: what a correction
    must not change silently. ``outcomes``: every deal's (number, outcome), in order;
    ``state``: the match's state after them (default: as stored). Key -> (what it is, its
    verdict)."""
    engine = get_game(match.game)
    table = table_of(match)
    found: dict[tuple, tuple[str, str]] = {}
    games = 0
    for number, outcome in outcomes:
        won = engine.game_won(outcome)
        if won:
            games += 1
            found[("game", games)] = (
                _("who won game %(n)d") % {"n": games},
                table.team(won.winner),
            )
        claim = engine.claim_made(outcome)
        if claim:
            found[("claim", number)] = (
                _("whether the claim of deal %(n)d by %(who)s was right")
                % {"n": number, "who": table.who(claim.seat)},
                _("right") if claim.correct else _("wrong"),
            )
    state = match.state if state is None else state
    if state.get("finished") and state.get("winner") is not None:
        winner = state["winner"]
        if isinstance(winner, list):
            who = ", ".join(table.team(w) or table.who(w) for w in winner)
        else:
            who = table.team(winner) or table.who(winner)
        found[("match",)] = (_("who won the match"), who)
    return found


def changes(before: dict[tuple, tuple[str, str]], after: dict[tuple, tuple[str, str]]) -> list:
    """The verdicts a correction changed, in words: 'who won game 1: Ana & Cora before,
    Bruno & Dario now'."""
    nobody = _("nobody yet")
    lines = []
    for key in sorted(set(before) | set(after), key=str):
        old = before.get(key, (None, nobody))
        new = after.get(key, (None, nobody))
        if old[1] != new[1]:
            what = new[0] or old[0]
            lines.append(
                _("This correction changes %(what)s: %(before)s before, %(after)s now.")
                % {"what": what, "before": old[1], "after": new[1]}
            )
    return lines


def deal_link_base(request, match) -> str:
    """The start of a deal's addresses (``…/deals/``: its explanation, its correction, its
    undo) for the links of the page ``request`` asked for, as short as that page allows:
    ``deals/`` on the match page (30 deals link three pages each there, within its weight
    budget, tests/games/pages/test_offline_app.py), ``./`` on the page a refused deal is shown
    again at (``…/deals/`` itself), the whole path elsewhere."""
    deals = reverse("pages:deal-new", args=[match.public_id])
    here = request.path[: request.path.rfind("/") + 1]
    return (deals[len(here) :] or "./") if deals.startswith(here) else deals
