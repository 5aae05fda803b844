"""Reads of sessions (an evening at one table), shaped for the API and the session page: each
player's running total over the evening's matches, each match's result, the settle-up."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Prefetch, QuerySet

from games.models import Seat, Session, SessionMatch, SessionPlayer
from games.rules import GAMES
from games.rules.seat_results import match_results, match_score, teams_of
from games.settlements import _settle

ENTRIES = Prefetch(
    "entries",
    queryset=SessionMatch.objects.select_related("match")
    .prefetch_related(
        Prefetch("match__seats", queryset=Seat.objects.select_related("player").order_by("number"))
    )
    .order_by("number"),
)
PLAYERS = Prefetch(
    "players", queryset=SessionPlayer.objects.select_related("player").order_by("number")
)


def session_get(public_id: str) -> Session | None:
    """The session with its players, its matches (with their seats) and its transfers."""
    return (
        Session.objects.filter(public_id=public_id)
        .select_related("club")
        .prefetch_related(PLAYERS, ENTRIES, "transfers")
        .first()
    )


def session_head(public_id: str) -> Session | None:
    return Session.objects.filter(public_id=public_id).first()


def sessions_visible_to(user, public_ids: list[str] | None = None) -> QuerySet[Session]:
    """A signed-in user's own sessions, plus any whose ids the client holds."""
    sessions = Session.objects.none()
    if user is not None and user.is_authenticated:
        sessions = Session.objects.filter(owner=user)
    if public_ids:
        sessions = sessions | Session.objects.filter(public_id__in=public_ids[:100])
    return sessions.prefetch_related(PLAYERS).order_by("-created_at", "-id")


def _is_money(match) -> bool:
    """Settled in money: each player's own total is units won or lost (the game says)."""
    totals = GAMES[match.game].seat_totals(match.state)
    return totals is not None and totals.money


def _in_penalty_points(match) -> bool:
    """Kept in penalty points: each player's own total, the lowest the best (the game says)."""
    engine = GAMES[match.game]
    return engine.lowest_wins(engine.options_from_data(match.rules))


def match_lines(session: Session) -> list[dict[str, Any]]:
    """Each match of the evening with each seat's result, by session player number."""
    numbers = {row.player_id: row.number for row in session.players.all()}
    lines = []
    for entry in session.entries.all():
        match = entry.match
        seats = list(match.seats.all())
        results = match_results(
            match.state, teams_of(match.game, len(seats)), len(seats), match.rules, game=match.game
        )
        winners = [seats[r.seat].player.name for r in results if r.won]
        score = match_score(match.state, len(seats), match.rules, game=match.game)
        lines.append(
            {
                "number": entry.number,
                "id": match.public_id,
                "game": match.game,
                "game_name": match.game_name,
                "preset": match.preset,
                "deals": match.last_number,
                "finished": match.finished,
                "over": entry.over,
                "money": _is_money(match),
                "penalty": _in_penalty_points(match),
                "winners": winners,
                # Each side's result in the unit the game is decided in (the page's line).
                "unit": score.unit,
                "score": [
                    {"names": [seats[s].player.name for s in side], "value": value}
                    for side, value in score.sides
                ],
                "results": [
                    {
                        "player": numbers.get(seats[r.seat].player_id),
                        "name": seats[r.seat].player.name,
                        "place": r.place,
                        "won": r.won,
                        "units": r.units,
                        "points": r.points,
                    }
                    for r in results
                ],
            }
        )
    return lines


def session_settlement(session: Session, lines: list[dict] | None = None) -> dict[str, Any]:
    """The evening's settle-up over its money matches: each player's units and money and the
    fewest transfers; ``from`` and ``to`` are session player numbers."""
    lines = match_lines(session) if lines is None else lines
    players = list(session.players.all())
    units = {row.number: 0 for row in players}
    for line in lines:
        if line["money"]:
            for result in line["results"]:
                if result["player"] is not None:
                    units[result["player"]] += result["units"]
    people = [{"player": row.number, "name": row.player.name} for row in players]
    stake = session.stake
    values = [units[row.number] for row in players]
    money = None if stake is None else [Decimal(u) * stake for u in values]
    result = _settle(people, values, money)
    for transfer in result["transfers"]:
        transfer["from"] = players[transfer["from"]].number
        transfer["to"] = players[transfer["to"]].number
    return result


def session_summary(session: Session) -> dict[str, Any]:
    """Everything the session page and the API tell: players with their running totals (units
    over the money matches, penalty points over the matches kept in them), matches with their
    results, the balances and the penalty points after each match (for the charts), and the
    settle-up (live while the session is open; the fixed transfers once it is closed). A match
    with no deal (abandoned, or not begun) counts as played by nobody."""
    lines = match_lines(session)
    players = list(session.players.all())
    settlement = session_settlement(session, lines)
    totals = {row.number: {"played": 0, "won": 0, "points": None} for row in players}
    running = {row.number: 0 for row in players}
    points = {row.number: 0 for row in players}
    balances_after = []
    points_after = []
    for line in lines:
        if not line["deals"]:
            continue
        for result in line["results"]:
            number = result["player"]
            if number is None:
                continue
            totals[number]["played"] += 1
            totals[number]["won"] += int(result["won"])
            if line["money"]:
                running[number] += result["units"]
            if line["penalty"]:
                points[number] += result["points"]
                totals[number]["points"] = points[number]
        if line["money"]:
            balances_after.append({"match": line["number"], "units": dict(running)})
        if line["penalty"]:
            points_after.append({"match": line["number"], "points": dict(points)})
    by_number = {b["player"]: b for b in settlement["balances"]}
    closed = session.closed_at is not None
    if closed:
        transfers = [
            {
                "number": t.number,
                "from": _number(players, t.payer_id),
                "to": _number(players, t.payee_id),
                "units": t.units,
                "amount": None if t.amount is None else f"{t.amount:.2f}",
                "paid": t.paid_at is not None,
                "paid_at": t.paid_at,
            }
            for t in session.transfers.all()
        ]
    else:
        transfers = [
            {**t, "number": index, "paid": False, "paid_at": None}
            for index, t in enumerate(settlement["transfers"], start=1)
        ]
    names = {row.number: row.player.name for row in players}
    for transfer in transfers:
        transfer["payer_name"] = names.get(transfer["from"], "?")
        transfer["payee_name"] = names.get(transfer["to"], "?")
    return {
        "players": [
            {
                "number": row.number,
                "name": row.player.name,
                "id": row.player_id if row.player.known else None,
                "units": by_number[row.number]["units"],
                "amount": by_number[row.number]["amount"],
                "played": totals[row.number]["played"],
                "won": totals[row.number]["won"],
                # Penalty points over the evening's matches kept in them; None: played none.
                "points": totals[row.number]["points"],
            }
            for row in players
        ],
        "matches": lines,
        "balances_after": balances_after,
        "points_after": points_after,
        "transfers": transfers,
        "rounding_difference": settlement["rounding_difference"],
        "closed": closed,
    }


def _number(players: list[SessionPlayer], player_id: int) -> int | None:
    return next((row.number for row in players if row.player_id == player_id), None)


def session_entry_of(match) -> SessionMatch | None:
    """The session a match is played in, with its number there (most matches have none)."""
    return SessionMatch.objects.filter(match=match).select_related("session").first()
