"""A club document's evenings and seasons, rebuilt inside the import's transaction
(games.services.imports calls in once the club's players and tournaments are made).

* **Evenings** come back with their players in their order, their matches (folded again before
  anything is written, as every match of a document is), which of them are over, and once
  settled their transfers and which were paid. An evening gets a new edit key, returned once
  (``Imported.evenings``); its matches are scored with it, as an evening's are.
* **Seasons** come back with their dates, scheme and options, counting rules and prizes, read
  through the checks a director's form is refused by (games.services.seasons.season_check),
  each problem at its path. Their events are named by their ids in the document: a tournament
  or an evening of the same document, one season each at most. Their standing is a cache: it is
  worked out again from the events just written.

Ids are kept (``new_ids`` asks for new ones), and one taken here refuses the import."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any, Protocol

from games.models import (
    Club,
    Match,
    Player,
    Season,
    SeasonEvent,
    Session,
    SessionMatch,
    SessionPlayer,
    SessionTransfer,
    Tournament,
)
from games.models.matches import new_public_id

from .import_checks import ImportRefused, Node, first_message, plain, public_id
from .matches import hash_edit_key
from .ratings import ratings_mark_dirty
from .season_standing import season_recompute
from .seasons import SEASON_NAME_LENGTH, season_check
from .sessions import MAX_MATCHES, MAX_PLAYERS


class ImportJob(Protocol):
    """What the import under way (``games.services.imports``) gives this module: the
    document's players as made here, its accounts, a match folded and made, what it reports
    (``Imported``, whose ``tournaments`` and ``evenings`` this reads and adds to), and whether
    ids are renewed. A protocol, so that this module needs nothing of the one that calls it."""

    new_ids: bool
    players: dict[int, Player]
    result: Any

    def username(self, node: Node, key: str) -> str | None: ...

    def account(self, username: str | None) -> Any: ...

    def match(self, node: Node, *, edit_key: str) -> Match: ...


# A count a season's rules hold (best N, drop K, the minimums): a small whole number.
MOST = 32767


def evening_match_nodes(root: Node) -> list[Node]:
    """The matches of a club document's evenings, to be folded before anything is written."""
    if root.value.get("kind") != "club" or "evenings" not in root.node("club").value:
        return []
    evenings = root.node("club").nodes("evenings")
    return [entry.node("match") for e in evenings for entry in e.nodes("matches")]


def evenings_and_seasons(job: ImportJob, node: Node, club: Club) -> None:
    """The club's evenings, then its seasons (which name them), then each season's standing;
    and the club's ratings of every game it played, queued to be worked out once the import
    commits (a cache, like the standings). Inside the import's transaction: a refusal writes
    nothing."""
    tournaments = _tournaments(job, node)
    evenings = {}
    if "evenings" in node.value:
        rows = node.nodes("evenings")
        _free(job, rows, Session, "an evening")
        for row in rows:
            evenings[public_id(row)] = _evening(job, row, club)
    played = {t.game for t in tournaments.values()}
    played |= set(
        Match.objects.filter(session_entry__session__club=club).values_list("game", flat=True)
    )
    for game in sorted(played):
        ratings_mark_dirty(club_id=club.pk, game=game)
    if "seasons" not in node.value:
        return
    rows = node.nodes("seasons")
    _free(job, rows, Season, "a season")
    counted: set[tuple[str, str]] = set()
    made = [_season(job, row, club, tournaments, evenings, counted) for row in rows]
    for season in made:
        season_recompute(season_id=season.pk)


def _tournaments(job: ImportJob, node: Node) -> dict[str, Tournament]:
    """The club's tournaments just imported, by their ids in the document (in the order made)."""
    documented = [public_id(row) for row in node.nodes("tournaments")]
    made = Tournament.objects.in_bulk(job.result.tournaments, field_name="public_id")
    return {key: made[pk] for key, pk in zip(documented, job.result.tournaments, strict=True)}


def _free(job: ImportJob, rows: list[Node], model: Any, what: str) -> None:
    ids = [public_id(row) for row in rows]
    if len(set(ids)) != len(ids):
        raise ImportRefused(f"The document holds {what} id twice.")
    taken = model.objects.filter(public_id__in=ids).values_list("public_id", flat=True)
    if taken and not job.new_ids:
        raise ImportRefused(
            f"There is already {what} {sorted(taken)[0]} here: delete it first to restore it, "
            "or import a copy under new ids (--new-ids)."
        )


# --- evenings ----------------------------------------------------------------------------------


def _evening(job: ImportJob, node: Node, club: Club) -> Session:
    players = node.ids("players")
    if not 0 < len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise node.refuse(f"must name 1 to {MAX_PLAYERS} players once each.", "players")
    for pk in players:
        if pk not in job.players:
            raise node.refuse(f"there is no player {pk} in the document.", "players")
    owner = job.account(job.username(node, "owner"))
    closed_at = node.when("closed_at", null=True)
    edit_key = secrets.token_urlsafe(24)
    session = Session.objects.create(
        public_id=new_public_id() if job.new_ids else public_id(node),
        owner=owner,
        club=club,
        stake=node.decimal("stake"),
        edit_key_hash=hash_edit_key(edit_key),
        version=node.integer("version"),
        closed_at=closed_at,
    )
    # auto_now and auto_now_add stamp every save: the exported times go in by update(). The
    # day matters: a season that takes every evening of a game counts those within its dates.
    Session.objects.filter(pk=session.pk).update(
        created_at=node.when("created_at"), updated_at=node.when("updated_at")
    )
    SessionPlayer.objects.bulk_create(
        SessionPlayer(session=session, number=n, player=job.players[pk])
        for n, pk in enumerate(players)
    )
    entries = node.nodes("matches")
    if len(entries) > MAX_MATCHES:
        raise node.refuse(f"an evening holds at most {MAX_MATCHES} matches.", "matches")
    for number, entry in enumerate(entries, start=1):
        if entry.integer("number") != number:
            raise entry.refuse(f"must be {number}: matches are numbered from 1.", "number")
        seats = entry.node("match").ids("seats")
        if not set(seats) <= set(players):
            raise entry.refuse("must seat players of the evening only.", "match")
        match = job.match(entry.node("match"), edit_key=edit_key)
        # An evening's matches are its owner's, as when they were started (the club's ratings
        # count a friendly match that one of the club's people started).
        Match.objects.filter(pk=match.pk).update(owner=owner)
        SessionMatch.objects.create(
            session=session, number=number, match=match, over=entry.flag("over")
        )
    _transfers(job, node, session, players)
    job.result.evenings.append((session.public_id, edit_key))
    return session


def _transfers(job: ImportJob, node: Node, session: Session, players: list[int]) -> None:
    rows = node.nodes("transfers")
    if rows and session.closed_at is None:
        raise node.refuse("an evening has transfers once it is settled (closed_at).", "transfers")
    made = []
    for number, row in enumerate(rows, start=1):
        if row.integer("number") != number:
            raise row.refuse(f"must be {number}: transfers are numbered from 1.", "number")
        ends = {}
        for key in ("payer", "payee"):
            pk = row.integer(key, low=1, high=2**63 - 1)
            if pk not in players:
                raise row.refuse("must be a player of the evening.", key)
            ends[key] = job.players[pk]
        if ends["payer"] == ends["payee"]:
            raise row.refuse("a player does not pay themselves.", "payee")
        made.append(
            SessionTransfer(
                session=session,
                number=number,
                units=row.integer("units", low=1, null=True),
                amount=row.decimal("amount"),
                paid_at=row.when("paid_at", null=True),
                **ends,
            )
        )
    SessionTransfer.objects.bulk_create(made)


# --- seasons -----------------------------------------------------------------------------------


def _day(node: Node, key: str) -> date:
    value = node.text(key, max_length=10, blank=False)
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise node.refuse("must be a day (YYYY-MM-DD).", key) from None


def _season(
    job: ImportJob,
    node: Node,
    club: Club,
    tournaments: dict[str, Tournament],
    evenings: dict[str, Session],
    counted: set[tuple[str, str]],
) -> Season:
    prizes = node.items("prizes")
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in prizes):
        raise node.refuse("must be a list of places.", "prizes")
    season = Season(
        public_id=new_public_id() if job.new_ids else public_id(node),
        club=club,
        name=node.name("name", max_length=SEASON_NAME_LENGTH),
        starts_on=_day(node, "starts_on"),
        ends_on=_day(node, "ends_on"),
        public=node.flag("public"),
        scheme=node.text("scheme", max_length=30, blank=False),
        scheme_options=node.obj("scheme_options"),
        best=node.integer("best", low=1, high=MOST, null=True),
        drop=node.integer("drop", high=MOST),
        min_events=node.integer("min_events", high=MOST),
        min_prize_events=node.integer("min_prize_events", high=MOST),
        prizes=prizes,
        booby=node.flag("booby"),
        ladder=node.flag("ladder"),
        evenings_of=node.text("evenings_of", max_length=20),
        version=node.integer("version"),
        created_by=job.account(job.username(node, "created_by")),
    )
    exported = plain(season.scheme_options)
    _refuse_any(node, season_check(season))
    if plain(season.scheme_options) != exported:
        raise node.refuse("must hold the scheme's every option, as exported.", "scheme_options")
    season.save()
    Season.objects.filter(pk=season.pk).update(created_at=node.when("created_at"))
    for row in node.nodes("events"):
        _season_event(row, season, tournaments, evenings, counted)
    # With its events: a scheme of one game counts one game only.
    _refuse_any(node, season_check(season))
    return season


def _season_event(
    row: Node,
    season: Season,
    tournaments: dict[str, Tournament],
    evenings: dict[str, Session],
    counted: set[tuple[str, str]],
) -> None:
    tournament, evening = row.data("tournament"), row.data("evening")
    if (tournament is None) == (evening is None):
        raise row.refuse("names one tournament or one evening of the document.")
    key, found = ("tournament", tournaments) if tournament is not None else ("evening", evenings)
    reference = row.text(key, max_length=32, blank=False)
    if reference not in found:
        raise row.refuse(f"there is no {key} {reference!r} in the club's document.", key)
    if (key, reference) in counted:
        raise row.refuse(f"the {key} {reference} counts in one season at most.", key)
    counted.add((key, reference))
    field = "tournament" if key == "tournament" else "session"  # an evening is a session
    event = SeasonEvent.objects.create(season=season, **{field: found[reference]})
    SeasonEvent.objects.filter(pk=event.pk).update(added_at=row.when("added_at"))


def _refuse_any(node: Node, errors: Any) -> None:
    """The first problem the season's checks found, at its path in the document."""
    if errors:
        raise ImportRefused(f"{node.path}.{first_message(errors.as_dict())}")
