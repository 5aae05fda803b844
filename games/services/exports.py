"""A match, a tournament or a whole club as one versioned JSON document, to back it up or move
it to another server (``manage.py export``, ``GET /api/v1/matches/{id}/export/``);
``games.services.imports`` rebuilds it.

The document holds what was entered (every deal's input, the rules, the seats, the corrections
log, the entrants, the draws, the confirmations and disputes; a club's evenings and their
transfers, its seasons and the events each counts) and, beside it, the cached outcomes and
states, which the import folds again from the inputs and must find equal; a season's standing
is worked out again. It never holds a
secret: no edit key, table key, key salt, token nor any of their hashes. That is why a match
imported elsewhere gets a new edit key and a tournament's table cards must be printed again.

Players are listed once under ``players`` and referred to by their ``id`` there (the exporting
server's ids: they only link the document's parts to each other). Accounts are named by their
username, and only in club and tournament documents: a friendly match's document is public to
anyone with its share link, as the match is, and never names its owner."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Prefetch

from games.models import (
    Club,
    Correction,
    Deal,
    Match,
    Player,
    Round,
    Season,
    Seat,
    Session,
    Table,
    Tournament,
)

from .errors import NotFound

FORMAT = "scorekeeper-export"
VERSION = 1
KINDS = ("match", "tournament", "club")


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _header(kind: str, now: datetime) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "kind": kind, "exported_at": _when(now)}


def _players(players: Iterable[Player], *, accounts: bool, members: set[int] = frozenset()):
    rows = []
    for player in sorted(set(players), key=lambda p: p.pk):
        row: dict[str, Any] = {
            "id": player.pk,
            "name": player.name,
            "known": player.known,
            "created_at": _when(player.created_at),
        }
        if accounts:
            row["account"] = _username(player.user)
            row["member"] = player.pk in members
        rows.append(row)
    return rows


def _matches(ids: Iterable[int]) -> dict[int, Match]:
    return (
        Match.objects.filter(pk__in=list(ids))
        .prefetch_related(
            Prefetch(
                "seats", queryset=Seat.objects.select_related("player__user").order_by("number")
            ),
            Prefetch("deals", queryset=Deal.objects.order_by("number")),
        )
        .in_bulk()
    )


def match_body(match: Match) -> dict[str, Any]:
    """One match (its seats, deals and cached state); its players are listed apart."""
    return {
        "id": match.public_id,
        "game": match.game,
        "rules": match.rules,
        "setup": match.setup,
        "preset": match.preset,
        "stake": None if match.stake is None else str(match.stake),
        "version": match.version,
        "created_at": _when(match.created_at),
        "updated_at": _when(match.updated_at),
        "seats": [seat.player_id for seat in match.seats.all()],
        "deals": [
            {
                "number": deal.number,
                "input": deal.input,
                "outcome": deal.outcome,
                "created_at": _when(deal.created_at),
                "updated_at": _when(deal.updated_at),
            }
            for deal in match.deals.all()
        ],
        "state": match.state,
        "finished": match.finished,
    }


def match_export(match: Match, *, now: datetime) -> dict[str, Any]:
    """The document of one match, as ``manage.py export match`` writes it and the API serves
    it to anyone with the share link: no key, no account."""
    match = _matches([match.pk])[match.pk]
    players = [seat.player for seat in match.seats.all()]
    return {
        **_header("match", now),
        "players": _players(players, accounts=False),
        "match": match_body(match),
    }


def _table_body(table: Table, match: Match | None, corrections: list[Correction]):
    return {
        "number": table.number,
        "seating": table.seating,
        "match": None if match is None else match_body(match),
        "scorer": table.scorer,
        "confirmed_at": _when(table.confirmed_at),
        "confirmed_by": table.confirmed_by,
        "disputed_at": _when(table.disputed_at),
        "disputed_by": table.disputed_by,
        "dispute_reason": table.dispute_reason,
        "amended_at": _when(table.amended_at),
        "amended_by": table.amended_by,
        "corrections": [
            {
                "deal_number": c.deal_number,
                "action": c.action,
                "by": c.by,
                "user": _username(c.user),
                "at": _when(c.at),
                "before": c.before,
                "after": c.after,
            }
            for c in corrections
        ],
    }


def _tournament_body(tournament: Tournament) -> tuple[dict[str, Any], list[Player]]:
    """One tournament and the players it names (entrants and every seat at its tables)."""
    entrants = list(tournament.entrants.select_related("player__user", "partner__user"))
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("number"))
    matches = _matches(t.match_id for t in tables if t.match_id)
    corrections: dict[int, list[Correction]] = {}
    logged = Correction.objects.filter(table__in=tables).select_related("user").order_by("at", "id")
    for correction in logged:
        corrections.setdefault(correction.table_id, []).append(correction)
    players = [e.player for e in entrants] + [e.partner for e in entrants if e.partner]
    players += [s.player for m in matches.values() for s in m.seats.all()]
    body = {
        "id": tournament.public_id,
        "club": tournament.club.slug,
        "name": tournament.name,
        "game": tournament.game,
        "rules": tournament.rules,
        "preset": tournament.preset,
        "format": tournament.format,
        "rounds": tournament.rounds,
        "round_kind": tournament.round_kind,
        "deals_per_round": tournament.deals_per_round,
        "table_size": tournament.table_size,
        "tie_breaks": tournament.tie_breaks,
        "status": tournament.status,
        "created_by": _username(tournament.created_by),
        "created_at": _when(tournament.created_at),
        "entrants": [
            {
                "id": e.pk,
                "player": e.player_id,
                "partner": e.partner_id,
                "status": e.status,
                "seed": e.seed,
                "joined_round": e.joined_round,
                "created_at": _when(e.created_at),
            }
            for e in sorted(entrants, key=lambda e: e.pk)
        ],
        "rounds_drawn": [
            {
                "number": r.number,
                "status": r.status,
                "report": r.report,
                "requested_at": _when(r.requested_at),
                "drawn_at": _when(r.drawn_at),
                "tables": [
                    _table_body(t, matches.get(t.match_id), corrections.get(t.pk, []))
                    for t in tables
                    if t.round_id == r.pk
                ],
            }
            for r in rounds
        ],
    }
    return body, players


def tournament_export(tournament: Tournament, *, now: datetime) -> dict[str, Any]:
    body, players = _tournament_body(tournament)
    members = set(tournament.club.members.values_list("pk", flat=True))
    return {
        **_header("tournament", now),
        "players": _players(players, accounts=True, members=members),
        "tournament": body,
    }


def _evening_body(session: Session) -> tuple[dict[str, Any], list[Player]]:
    """One of the club's evenings (a session): its players in their order, its matches, and
    once it is settled, its transfers and which were paid; and the players it names."""
    seated = list(session.players.select_related("player__user").order_by("number"))
    entries = list(session.entries.order_by("number"))
    matches = _matches(entry.match_id for entry in entries)
    transfers = list(session.transfers.order_by("number"))
    body = {
        "id": session.public_id,
        "stake": None if session.stake is None else str(session.stake),
        "owner": _username(session.owner),
        "version": session.version,
        "closed_at": _when(session.closed_at),
        "created_at": _when(session.created_at),
        "updated_at": _when(session.updated_at),
        "players": [row.player_id for row in seated],
        "matches": [
            {"number": e.number, "over": e.over, "match": match_body(matches[e.match_id])}
            for e in entries
        ],
        "transfers": [
            {
                "number": t.number,
                "payer": t.payer_id,
                "payee": t.payee_id,
                "units": t.units,
                "amount": None if t.amount is None else str(t.amount),
                "paid_at": _when(t.paid_at),
            }
            for t in transfers
        ],
    }
    players = [row.player for row in seated]
    players += [seat.player for match in matches.values() for seat in match.seats.all()]
    return body, players


def _season_body(season: Season) -> dict[str, Any]:
    """A season: its dates, scheme and counting rules, and its events, named by their ids in
    the document (a tournament's or an evening's). Its standing is a cache: the import works it
    out again."""
    events = season.events.select_related("tournament", "session").order_by("added_at", "pk")
    return {
        "id": season.public_id,
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "public": season.public,
        "scheme": season.scheme,
        "scheme_options": season.scheme_options,
        "best": season.best,
        "drop": season.drop,
        "min_events": season.min_events,
        "min_prize_events": season.min_prize_events,
        "prizes": season.prizes,
        "booby": season.booby,
        "ladder": season.ladder,
        "evenings_of": season.evenings_of,
        "version": season.version,
        "created_by": _username(season.created_by),
        "created_at": _when(season.created_at),
        "events": [
            {
                "tournament": event.tournament.public_id if event.tournament_id else None,
                "evening": event.session.public_id if event.session_id else None,
                "added_at": _when(event.added_at),
            }
            for event in events
        ],
    }


def club_export(club: Club, *, now: datetime) -> dict[str, Any]:
    """The club, its directors, members, house rules, every tournament it ran, its evenings
    and its seasons."""
    members = list(club.members.select_related("user").order_by("pk"))
    players = list(members)
    tournaments = []
    for tournament in club.tournaments.order_by("created_at", "pk"):
        body, named = _tournament_body(tournament)
        del body["club"]  # the document's club
        tournaments.append(body)
        players += named
    evenings = []
    for session in club.sessions.select_related("owner").order_by("created_at", "pk"):
        body, named = _evening_body(session)
        evenings.append(body)
        players += named
    seasons = club.seasons.select_related("created_by").order_by("created_at", "pk")
    presets = club.presets.select_related("owner").order_by("pk")
    return {
        **_header("club", now),
        "players": _players(players, accounts=True, members={p.pk for p in members}),
        "club": {
            "name": club.name,
            "slug": club.slug,
            "created_at": _when(club.created_at),
            "directors": sorted(u.get_username() for u in club.directors.all()),
            "members": [p.pk for p in members],
            "presets": [
                {
                    "game": p.game,
                    "name": p.name,
                    "description": p.description,
                    "rules": p.rules,
                    "owner": _username(p.owner),
                    "created_at": _when(p.created_at),
                    "updated_at": _when(p.updated_at),
                }
                for p in presets
            ],
            "tournaments": tournaments,
            "evenings": evenings,
            "seasons": [_season_body(season) for season in seasons],
        },
    }


def document_export(kind: str, key: str, *, now: datetime) -> dict[str, Any]:
    """The document of the match or tournament with public id ``key``, or of the club with slug
    ``key``; NotFound if there is none."""
    if kind == "match":
        match = Match.objects.filter(public_id=key).first()
        if match is None:
            raise NotFound(f"There is no match {key!r}.")
        return match_export(match, now=now)
    if kind == "tournament":
        tournament = Tournament.objects.select_related("club").filter(public_id=key).first()
        if tournament is None:
            raise NotFound(f"There is no tournament {key!r}.")
        return tournament_export(tournament, now=now)
    club = Club.objects.filter(slug=key).first()
    if club is None:
        raise NotFound(f"There is no club {key!r}.")
    return club_export(club, now=now)
