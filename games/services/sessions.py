"""Sessions: an evening at one table. Starting one, adding its next match, settling it (which
closes and freezes it) and marking its transfers paid, one transaction each.

A session's matches are scored with the session's edit key: each match is created with the
session's key hash, so the key that was handed out when the evening began scores every match
of it, on every phone that holds it, and no new key needs to travel round the table."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.audit import refused
from games.models import Club, Match, Player, Session, SessionMatch, SessionPlayer, SessionTransfer
from games.permissions import asked_from_outside, is_club_person, may_edit_session
from games.rules import Errors, RuleViolation, UnknownGame, get_game
from games.rules.base import Game, order_of_play_from
from games.selectors.sessions import session_settlement

from .errors import Conflict, NotFound, Refused, StaleVersion
from .matches import _resolve_players, hash_edit_key, match_create
from .ratings import ratings_note_matches
from .seasons import seasons_note_session

logger = logging.getLogger("games.sessions")

MAX_PLAYERS = 12  # a table, not a tournament
MAX_MATCHES = 200


@dataclass(frozen=True)
class CreatedSession:
    session: Session
    edit_key: str  # shown once, never stored
    match: Match | None


def _check_players(players: Sequence[str | int], errors: Errors, owner: Any) -> list[Player | str]:
    if not players:
        errors.add("players", _("Name the players at the table."))
    elif len(players) > MAX_PLAYERS:
        errors.add("players", _("A session seats at most %(n)d players.") % {"n": MAX_PLAYERS})
    return _resolve_players(players, errors, user=owner)


def _club(club: Club | str | None, errors: Errors, owner: Any) -> Club | None:
    """The club the evening is played for: only its people (its directors, its members' own
    accounts) may name it, since its members' histories and ratings read its evenings."""
    if club is None:
        return None
    found = club if isinstance(club, Club) else Club.objects.filter(slug=club).first()
    if found is None:
        errors.add("club", _("There is no club %(slug)s.") % {"slug": repr(club)})
    elif not is_club_person(found, owner):
        refused(owner, "start an evening in the club's name", found)
        errors.add(
            "club",
            _(
                "Only the directors and members of %(club)s play an evening in its name: sign "
                "in with your account, or leave the club out."
            )
            % {"club": found.name},
        )
    return found


def session_create(
    *,
    players: Sequence[str | int],
    stake: Decimal | None = None,
    club: Club | str | None = None,
    owner: Any = None,
    game: str | None = None,
    rules: Mapping[str, Any] | None = None,
    preset: str | int | None = None,
    setup: Mapping[str, Any] | None = None,
) -> CreatedSession:
    """A new evening with its players (guests by name, known players by id) and, if a game is
    named, its first match with the players seated in the order given."""
    errors = Errors()
    resolved = _check_players(players, errors, owner)
    found_club = _club(club, errors, owner)
    errors.raise_if_any()
    edit_key = secrets.token_urlsafe(24)
    with transaction.atomic():
        session = Session.objects.create(
            owner=owner if owner is not None and owner.is_authenticated else None,
            club=found_club,
            stake=stake,
            edit_key_hash=hash_edit_key(edit_key),
        )
        rows = []
        for number, entry in enumerate(resolved):
            player = entry if isinstance(entry, Player) else Player.objects.create(name=entry)
            rows.append(SessionPlayer(session=session, number=number, player=player))
        SessionPlayer.objects.bulk_create(rows)
        match = None
        if game is not None:
            match = _add_match(
                session,
                [row.player for row in rows],
                game=game,
                rules=rules,
                preset=preset,
                setup=setup,
            )
    logger.info("session started: %s", session.public_id, extra={"session": session.public_id})
    return CreatedSession(session, edit_key, match)


def _lock(
    session: Session | str, *, expected_version: int | None, edit_key: str | None, user: Any
) -> Session:
    """The evening's row, locked; who asks (``edit_key``, ``user``) is checked on it, then the
    version they saw. A call that names neither a key nor a user comes from inside the system
    (a test's set-up): there is nobody to check."""
    sessions = Session.objects.select_for_update()
    try:
        key = {"public_id": session} if isinstance(session, str) else {"pk": session.pk}
        locked = sessions.get(**key)
    except Session.DoesNotExist:
        raise NotFound(_("No session with this id.")) from None
    if asked_from_outside(edit_key=edit_key, user=user) and not may_edit_session(
        locked, edit_key=edit_key, user=user
    ):
        refused(user, "change an evening without its edit key", locked)
        raise Refused(_("Changing this evening needs its edit key, or its creator signed in."))
    if expected_version is not None and locked.version != expected_version:
        raise StaleVersion(locked.version)
    return locked


def _bump(session: Session) -> None:
    session.version += 1
    session.save(update_fields=["version", "closed_at", "updated_at"])


def _check_open(session: Session) -> None:
    if session.closed_at is not None:
        raise Conflict(_("This session is closed: it was settled and nothing in it changes now."))


def _seating(
    session: Session, seats: Sequence[int] | None, last: Match | None, engine: Game
) -> list[Player]:
    """The players of the next match (of ``engine``'s game) in seat order: those given (session
    player numbers, in the order of play), or the last match's table as it sat, or the
    session's players as they sat down."""
    players = {row.number: row.player for row in session.players.select_related("player")}
    if seats is not None:
        errors = Errors()
        for index, number in enumerate(seats):
            if number not in players:
                errors.add(("seats", index), _("The session has no player %(n)s.") % {"n": number})
        if len(set(seats)) != len(seats):
            errors.add("seats", _("A player sits once."))
        errors.raise_if_any()
        return [players[n] for n in seats]
    if last is not None:
        seated = [seat.player for seat in last.seats.select_related("player").order_by("number")]
        # The table keeps its chairs; a game going the other way round reads them the other way.
        return order_of_play_from(seated, was=get_game(last.game).direction, now=engine.direction)
    return [players[n] for n in sorted(players)]


def _add_match(
    session: Session,
    players: list[Player],
    *,
    game: str,
    rules: Mapping[str, Any] | None,
    preset: str | int | None,
    setup: Mapping[str, Any] | None,
) -> Match:
    """Inside the caller's transaction: the match, seated, scored with the session's key."""
    try:
        get_game(game)
    except UnknownGame as exc:
        raise RuleViolation.at("game", str(exc)) from None
    created = match_create(
        game=game,
        players=players,
        rules=rules,
        stake=session.stake,
        stake_for_money_only=True,  # a match in penalty points of a staked evening: none
        setup=setup,
        owner=session.owner,
        preset=preset,
    )
    match = created.match
    Match.objects.filter(pk=match.pk).update(edit_key_hash=session.edit_key_hash)
    match.edit_key_hash = session.edit_key_hash
    number = session.entries.count() + 1
    if number > MAX_MATCHES:
        raise Conflict(
            _("A session holds at most %(n)d matches: start another.") % {"n": MAX_MATCHES}
        )
    SessionMatch.objects.create(session=session, number=number, match=match)
    return match


def session_match_add(
    *,
    session: Session | str,
    game: str | None = None,
    rules: Mapping[str, Any] | None = None,
    preset: str | int | None = None,
    setup: Mapping[str, Any] | None = None,
    seats: Sequence[int] | None = None,
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
) -> tuple[Session, Match]:
    """The next match of the evening: by default the same game and house rules as the last
    one, with the players seated as they sat (the table does not move between matches; a game
    going the other way round reads its chairs in the other order; the first dealer is then
    found as the game's rules say: from the cards dealt, or entered with the first deal). The
    matches before it are over."""
    with transaction.atomic():
        session = _lock(session, expected_version=expected_version, edit_key=edit_key, user=user)
        _check_open(session)
        last_entry = session.entries.select_related("match").order_by("-number").first()
        last = last_entry.match if last_entry else None
        if game is None:
            if last is None:
                raise RuleViolation.at("game", _("Name the game of the first match."))
            game = last.game
        same_game = last is not None and last.game == game
        again = rules is None and preset is None and same_game
        if again:
            rules = last.rules
        try:
            engine = get_game(game)
        except UnknownGame as exc:
            raise RuleViolation.at("game", str(exc)) from None
        players = _seating(session, seats, last if same_game or seats is None else None, engine)
        if seats is None and engine.check_players(len(players)):
            raise RuleViolation.at(
                "seats",
                _("%(game)s is not played by %(n)d: say who plays (seats).")
                % {"game": engine.name, "n": len(players)},
            )
        if rules is not None and "players" in rules and not same_game:
            rules = {k: v for k, v in rules.items() if k != "players"}
        match = _add_match(session, players, game=game, rules=rules, preset=preset, setup=setup)
        if again and last.preset:
            # The same house rules again, under their name too (an evening in penalty points
            # reads so on every match of it).
            match.preset = last.preset
            match.save(update_fields=["preset"])
        ended = list(
            session.entries.filter(over=False)
            .exclude(match=match)
            .values_list("match_id", flat=True)
        )
        SessionMatch.objects.filter(match_id__in=ended).update(over=True)
        _bump(session)
        if ended:  # matches that ended with the evening moving on may now count in ratings
            ratings_note_matches(match_ids=ended)
    return session, match


def session_settle(
    *,
    session: Session | str,
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
) -> Session:
    """Closes the evening: the settle-up of its money matches is fixed as the transfers to pay,
    and nothing in the session changes afterwards (no match added, no deal entered)."""
    with transaction.atomic():
        session = _lock(session, expected_version=expected_version, edit_key=edit_key, user=user)
        _check_open(session)
        settlement = session_settlement(session)
        by_number = {row.number: row.player_id for row in session.players.all()}
        SessionTransfer.objects.bulk_create(
            SessionTransfer(
                session=session,
                number=index,
                payer_id=by_number[t["from"]],
                payee_id=by_number[t["to"]],
                units=t["units"],
                amount=None if t["amount"] is None else Decimal(t["amount"]),
            )
            for index, t in enumerate(settlement["transfers"], start=1)
        )
        session.closed_at = timezone.now()
        ended = list(session.entries.filter(over=False).values_list("match_id", flat=True))
        SessionMatch.objects.filter(match_id__in=ended).update(over=True)
        _bump(session)
        if ended:  # the evening's last matches are over: they may now count in ratings
            ratings_note_matches(match_ids=ended)
        # A settled evening counts in its club's season (only settled ones do: they never
        # change again).
        seasons_note_session(session=session)
    logger.info("session settled: %s", session.public_id, extra={"session": session.public_id})
    return session


def session_transfer_paid(
    *,
    session: Session | str,
    number: int,
    paid: bool = True,
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
) -> Session:
    """Marks a transfer of a settled session paid (or not paid after all)."""
    with transaction.atomic():
        session = _lock(session, expected_version=expected_version, edit_key=edit_key, user=user)
        if session.closed_at is None:
            raise Conflict(_("Settle the session first: its transfers are fixed when it closes."))
        transfer = session.transfers.filter(number=number).first()
        if transfer is None:
            raise NotFound(_("This session has no transfer %(n)s.") % {"n": number})
        if (transfer.paid_at is not None) != paid:
            transfer.paid_at = timezone.now() if paid else None
            transfer.save(update_fields=["paid_at"])
            _bump(session)
    return session


def check_session_open(match: Match) -> None:
    """A settled session is frozen: its matches take no deal, correction or undo. For the
    deal services, on the match row they locked (its session came along with it)."""
    try:
        entry = match.session_entry
    except SessionMatch.DoesNotExist:
        return
    if entry.session.closed_at is not None:
        raise Conflict(_("This match's session was settled and closed: its deals are final."))
