"""A known player's history and statistics, and who may read them.

Privacy: a known player's page shows what they (``Player.history``) or their club (``Club.
public_histories``) made public; by default only the members and directors of their clubs read
it, and the player themselves. On it, a guest (a name typed for one match) is named only to
those who hold that match's or session's link (its creator, a phone holding its key) or when
the match was a tournament table, whose pages are public; otherwise they are "a guest", and
the match is listed without its link."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch

from games.models import Club, Deal, Match, Player, Seat, SessionPlayer
from games.rules import GAMES
from games.rules.seat_results import match_results, teams_of

RECENT = 50  # matches listed on the page; the statistics count them all


def player_visible(player: Player, user) -> bool:
    """Whether ``user`` (maybe anonymous) may read the player's history."""
    if not player.known:
        return False
    if user is not None and user.is_authenticated and player.user_id == user.pk:
        return True
    if player.history == "private":
        return False
    if player.history == "public":
        return True
    clubs = Club.objects.filter(members=player)
    if clubs.filter(public_histories=True).exists():
        return True
    if user is None or not user.is_authenticated:
        return False
    return clubs.filter(directors=user).exists() or clubs.filter(members__user=user).exists()


@dataclass(frozen=True)
class _Seat:
    match_id: int
    number: int
    public_id: str
    game: str
    state: dict
    chips: int | None
    stake: Decimal | None
    deals: int
    finished: bool
    created_at: Any
    owner_id: int | None
    seated: int  # the number of players (seats)


def player_history(
    player: Player,
    *,
    user=None,
    held_matches=(),
    held_sessions=(),
    limit: int = RECENT,
    offset: int = 0,
) -> dict[str, Any]:
    """The player's statistics per game and results over time (from every match), their
    sessions, and a page of their matches (``limit`` from ``offset``), newest first. Read as
    plain rows: a player of 1,000 matches is 1,000 seats, and only the page's tables are read
    in full."""
    # Every game's resolved rules hold its number of players: the seats, with no count.
    seats = [
        _Seat(*row)
        for row in Seat.objects.filter(player=player)
        .order_by("-match__created_at", "-match_id")
        .values_list(
            "match_id",
            "number",
            "match__public_id",
            "match__game",
            "match__state",
            "match__rules__chips",
            "match__stake",
            "match__last_number",
            "match__finished",
            "match__created_at",
            "match__owner_id",
            "match__rules__players",
        )
    ]
    stats: dict[str, dict[str, Any]] = {}
    results_of: dict[int, Any] = {}
    money_over_time: dict[str, list[float]] = defaultdict(list)
    form_over_time: dict[str, list[float]] = defaultdict(list)
    # Oldest first for the running totals; the page lists newest first.
    for seat in reversed(seats):
        rules = {} if seat.chips is None else {"chips": seat.chips}
        count = seat.seated or GAMES[seat.game].player_counts[0]
        teams = teams_of(seat.game, count)
        results = match_results(seat.state, teams, count, rules, game=seat.game)
        mine = results_of[seat.match_id] = (
            results[seat.number] if seat.number < len(results) else None
        )
        game = stats.setdefault(
            seat.game,
            {
                "game": seat.game,
                "name": GAMES[seat.game].name,
                "played": 0,
                "won": 0,
                "deals": 0,
                "points": 0,
                "units": 0,
                "money": Decimal(0),
                "money_games": 0,
            },
        )
        game["played"] += 1
        game["won"] += int(bool(mine and mine.won))
        if mine is not None and mine.units is not None:
            game["units"] += mine.units
            game["money_games"] += 1
            if seat.stake is not None:
                game["money"] += mine.units * seat.stake
            money_over_time[seat.game].append(game["units"])
        elif mine is not None:
            game["deals"] += seat.deals
            game["points"] += mine.points or 0
            line = form_over_time[seat.game]
            line.append((line[-1] if line else 0) + (1 if mine.won else -1))
    for game in stats.values():
        game["points_per_deal"] = (
            round(game["points"] / game["deals"], 2) if game["deals"] else None
        )
        game["money"] = f"{game['money']:.2f}" if game["money_games"] else None
        if not game["money_games"]:
            game["units"] = None
    for game in stats:
        if GAMES[game].tells_contracts:
            stats[game]["contracts"] = _contracts(player, game, seats)
    owner = user.pk if user is not None and user.is_authenticated else None
    itself = owner is not None and player.user_id == owner
    page = seats[offset : offset + limit]
    return {
        "player": {"id": player.pk, "name": player.name},
        "matches_count": len(seats),
        "matches": _rows(page, results_of, itself, owner, set(held_matches)),
        "sessions": _sessions(player, itself, set(held_sessions), owner),
        "games": sorted(stats.values(), key=lambda g: -g["played"]),
        # A player's results over time, match by match, a line per game: units won and lost
        # (money games), matches won minus lost (point games).
        "over_time": {"money": dict(money_over_time), "form": dict(form_over_time)},
    }


def _rows(page: list[_Seat], results_of, itself: bool, owner, held: set[str]) -> list[dict]:
    """The page's matches, with who else sat at each (a guest named only with the link)."""
    ids = [seat.match_id for seat in page]
    others: dict[int, list[tuple[int, str, bool]]] = defaultdict(list)
    for match_id, number, name, known in (
        Seat.objects.filter(match_id__in=ids)
        .order_by("match_id", "number")
        .values_list("match_id", "number", "player__name", "player__known")
    ):
        others[match_id].append((number, name, known))
    tables = set(Match.objects.filter(pk__in=ids, table__isnull=False).values_list("pk", flat=True))
    rows = []
    for seat in page:
        mine = results_of[seat.match_id]
        open_link = itself or seat.match_id in tables or seat.public_id in held
        open_link = open_link or (owner is not None and seat.owner_id == owner)
        rows.append(
            {
                "id": seat.public_id if open_link else None,
                "game": seat.game,
                "game_name": GAMES[seat.game].name,
                "date": seat.created_at,
                "tournament": seat.match_id in tables,
                "finished": seat.finished,
                "deals": seat.deals,
                "won": bool(mine and mine.won),
                "place": mine.place if mine else None,
                "units": mine.units if mine else None,
                "points": mine.points if mine else None,
                "with": [
                    name if (known or open_link) else None
                    for number, name, known in others[seat.match_id]
                    if number != seat.number
                ],
            }
        )
    return rows


def _contracts(player: Player, game: str, seats: list[_Seat]) -> list[dict[str, Any]]:
    """A game played from a table of contracts: how often each contract was played and made,
    as declarer and as partner (the game reads each deal's outcome: ``contracts_played``)."""
    engine = GAMES[game]
    seat_of = {s.match_id: s.number for s in seats if s.game == game}
    tally: dict[str, dict[str, int]] = {}
    deals = Deal.objects.filter(match__seats__player=player, match__game=game).values_list(
        "match_id", "outcome"
    )
    for match_id, outcome in deals:
        for played in engine.contracts_played(outcome or {}, seat_of[match_id]):
            row = tally.setdefault(
                played.contract,
                {"declarer": 0, "declarer_made": 0, "partner": 0, "partner_made": 0},
            )
            row[played.role] += 1
            row[f"{played.role}_made"] += int(played.made)
    return [{"contract": name, **counts} for name, counts in sorted(tally.items())]


def _sessions(player: Player, itself: bool, held: set[str], owner: int | None) -> list[dict]:
    rows = (
        SessionPlayer.objects.filter(player=player)
        .select_related("session")
        .prefetch_related(
            Prefetch(
                "session__players",
                queryset=SessionPlayer.objects.select_related("player").order_by("number"),
            )
        )
        .order_by("-session__created_at")
    )
    result = []
    for row in rows:
        session = row.session
        open_link = (
            itself or session.public_id in held or (owner is not None and session.owner_id == owner)
        )
        result.append(
            {
                "id": session.public_id if open_link else None,
                "date": session.created_at,
                "closed": session.closed_at is not None,
                "with": [
                    other.player.name if (other.player.known or open_link) else None
                    for other in session.players.all()
                    if other.player_id != player.pk
                ],
            }
        )
    return result
