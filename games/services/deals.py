"""Entering, correcting and undoing deals. Each is one transaction that locks the match row, so
concurrent writers queue up and the cached state always equals the fold over the stored deals.

Each service reads top to bottom: it takes plain facts (the match, what was entered, the key and
the user of whoever asks, the version they saw, the key against doing it twice), locks the row,
asks ``games.permissions`` who may write on that row, asks the rules, writes, and ends with what
the change means beyond the match (a confirmed result's standings, a club's ratings)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.answers import deal_recorded
from games.audit import refused
from games.models import Correction, Deal, IdempotencyRecord, Match, SessionMatch, Table
from games.permissions import asked_from_outside, is_director, may_edit_match
from games.rules import MatchOver, RuleViolation, fold
from games.rules.base import FoldStep

from . import rows
from .errors import Conflict, KeyTaken, NotFound, Refused, StaleVersion, inside_transaction
from .idempotency import Idempotency, idempotency_record
from .matches import counts_in_ratings, deals_write, engine_for, save_state
from .ratings import ratings_note_matches
from .sessions import check_session_open
from .tournaments import live_pages_moved, standings_mark_dirty

logger = logging.getLogger("games.corrections")


@contextmanager
def _one_transaction() -> Iterator[None]:
    """A transaction of its own, or the caller's when there is one (an Idempotency-Key's, a
    resent form's): a savepoint there would cost two more statements per deal. Nothing is
    written before every check has passed, so a refusal leaves nothing behind either way."""
    if transaction.get_connection().in_atomic_block:
        yield
    else:
        with transaction.atomic():
            yield


def _lock(match: Match | str) -> Match:
    """The match row, locked: all a write needs to read. The number of the last deal is a
    column of the row, not a count of the deals: a writer that waited for the lock reads the
    row as the other one left it, where a subquery would still see the deals as they were when
    the statement began. Its tournament table (with round, tournament and club) and its
    session are read only when the match has them."""
    by_public_id = isinstance(match, str)  # a public id: the caller has not read the row
    connection = transaction.get_connection()
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(by_public_id), [match if by_public_id else match.pk])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(_("No match with this id."))
    *values, table_pk, session_entry_pk = row
    locked = Match.from_db(connection.alias, _match_attnames(), _from_db(connection, values))
    table = None
    if table_pk is not None:
        table = Table.objects.select_related("round__tournament__club").get(pk=table_pk)
    Match.table.related.set_cached_value(locked, table)
    entry = None
    if session_entry_pk is not None:
        entry = SessionMatch.objects.select_related("session").get(pk=session_entry_pk)
    Match.session_entry.related.set_cached_value(locked, entry)
    return locked


def _check_writer(
    match: Match, *, edit_key: str | None, user: Any, expected_version: int | None
) -> None:
    """Who may write, asked of ``games.permissions`` on the row as locked, then the version
    they saw (a stranger learns no version). A call that names neither a key nor a user comes
    from inside the system (an import, a test's set-up): there is nobody to check."""
    if asked_from_outside(edit_key=edit_key, user=user) and not may_edit_match(
        match, edit_key=edit_key, user=user
    ):
        refused(user, "change the deals of a match without its edit key", match)
        raise Refused(
            _(
                "Changing this match's deals needs its edit key, or its creator or a director "
                "of its tournament signed in."
            )
        )
    if expected_version is not None and match.version != expected_version:
        raise StaleVersion(match.version)


@functools.cache
def _match_attnames() -> tuple[str, ...]:
    return tuple(field.attname for field in Match._meta.concrete_fields)


@functools.cache
def _match_converters(vendor: str) -> tuple[tuple[int, Any, tuple[Callable, ...]], ...]:
    """The columns of the match row that the ORM converts when reading (a JSON field's
    decoding, say), with their converters: asked of the fields and the backend once, not on
    every deal as a raw query set does (its column resolution cost more than the reading)."""
    connection = transaction.get_connection()
    found = []
    for index, field in enumerate(Match._meta.concrete_fields):
        column = field.get_col(Match._meta.db_table)
        converters = (
            *connection.ops.get_db_converters(column),
            *column.get_db_converters(connection),
        )
        if converters:
            found.append((index, column, converters))
    return tuple(found)


def _from_db(connection, values: list) -> list:
    for index, column, converters in _match_converters(connection.vendor):
        for convert in converters:
            values[index] = convert(values[index], column, connection)
    return values


@functools.cache
def _lock_sql(by_public_id: bool) -> str:
    """SELECT … FOR UPDATE of the match row, with the id of its table if it has one. Written
    once: the ORM would build this statement again for every deal, and with the table's joins
    that cost more than the database took to answer it."""
    connection = transaction.get_connection()
    quote = connection.ops.quote_name
    columns = ", ".join(f"m.{quote(f.column)}" for f in Match._meta.concrete_fields)
    entries = quote(SessionMatch._meta.db_table)
    key = "public_id" if by_public_id else "id"
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {columns}, t.{quote('id')} AS table_pk, e.{quote('id')} AS session_entry_pk "
        f"FROM {quote(Match._meta.db_table)} m "
        f"LEFT JOIN {quote(Table._meta.db_table)} t ON t.{quote('match_id')} = m.{quote('id')} "
        f"LEFT JOIN {entries} e ON e.{quote('match_id')} = m.{quote('id')} "
        f"WHERE m.{quote(key)} = %s{lock}"
    )


def table_of(match: Match) -> Table | None:
    """The tournament table of a match read by ``_lock`` (no query: it came along)."""
    try:
        return match.table
    except Table.DoesNotExist:
        return None


def deal_record(
    *,
    match: Match | str,
    raw: Mapping[str, Any],
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
    by: str = "",
    idempotency: Idempotency | None = None,
) -> tuple[Match, Deal]:
    """Enters the next deal and folds it into the cached state. ``match``: the row, or its
    public id (the caller has not read it). Who asks (``edit_key``, ``user``) is checked on the
    locked row, then the version they saw. At a tournament table whose result is already
    confirmed, a new deal changes that result: it is logged as a correction (``by``/``user``:
    who) and the standings follow. With ``idempotency``, the answer (``deal_recorded``) is
    stored by the deal's own statement; KeyTaken when a retry stored it first (the caller's
    transaction is then rolled back)."""
    with _one_transaction():
        match = _lock(match)
        _check_writer(match, edit_key=edit_key, user=user, expected_version=expected_version)
        engine, options = engine_for(match)
        state = engine.state_from_data(match.state, options)
        try:
            result = engine.record(raw, state=state, options=options)
        except MatchOver as exc:
            raise Conflict(str(exc)) from None
        number = match.last_number + 1
        table = table_of(match)
        check_unlocked(table, user)
        check_session_open(match)
        _check_round_length(table, number)
        state_data = engine.state_to_data(result.state)
        deal = Deal(match=match, number=number, input=raw, outcome=result.outcome, state=state_data)
        was_finished = match.finished
        match.last_number = number
        save_state(match, engine, result.state, data=state_data, write=False)
        # The deal, the match's new state and the answer kept for a retry: one statement.
        kept = None
        if idempotency is not None:
            record = idempotency_record(idempotency, deal_recorded(match, deal))
            kept = (record, IdempotencyRecord.INSERTED_FIELDS, IdempotencyRecord.UNIQUE_KEY)
        written = rows.insert_then_update(
            deal, Deal.INSERTED_FIELDS, match, Match.STATE_FIELDS, also=kept
        )
        if not written:
            raise KeyTaken
        if _confirmed(table):
            log_correction(
                table=table, number=number, action="add", before=None, after=raw, by=by, user=user
            )
            standings_mark_dirty(tournament=table.round.tournament)
        if counts_in_ratings(match, was_finished=was_finished):
            ratings_note_matches(match_ids=[match.pk])
        live_pages_moved(match, table)
    return match, deal


def _confirmed(table: Table | None) -> bool:
    return table is not None and table.confirmed_at is not None


def check_unlocked(table: Table | None, user: Any) -> None:
    """A confirmed result is locked: the table's own phone can no longer change its deals. A
    director may (and the change is logged), or the table asks to reopen it, which asks the
    other side to confirm again."""
    if table is None or table.confirmed_at is None:
        return
    if not is_director(table.round.tournament.club, user):
        raise Conflict(
            _(
                "This result was confirmed by %(who)s: ask a director to change it, "
                "or reopen the table so that the other side confirms again."
            )
            % {"who": table.confirmed_by}
        )


def _check_round_length(table: Table | None, number: int) -> None:
    """A tournament round of a number of deals ends there: the table cannot play on."""
    if table is None:
        return
    tournament = table.round.tournament
    if tournament.round_kind == "deals" and number > (tournament.deals_per_round or number):
        deals = tournament.deals_per_round
        raise Conflict(
            ngettext(
                "A round of %(tournament)s is %(deals)s deal, and it has been played: "
                "confirm the result.",
                "A round of %(tournament)s is %(deals)s deals, and they have all been "
                "played: confirm the result.",
                deals,
            )
            % {"tournament": tournament.name, "deals": deals}
        )


@dataclass(frozen=True)
class Replacement:
    """What a correction does, worked out before anything is written: the deal as it stands,
    every deal from it on as stored (``deals``, the corrected one first) and their recomputed
    steps (``steps``: outcome and state, in the same order), and the match's state after the
    last of them. No steps when the entry is the one already stored."""

    target: Deal
    deals: list[Deal]
    steps: list[FoldStep]
    state: Any

    @property
    def unchanged(self) -> bool:
        return not self.steps


def check_deal_replace(
    *, match: Match, number: int, raw: Mapping[str, Any], user: Any = None
) -> Replacement:
    """Every check of a correction, and what it would change, without writing: the page
    shows the players its before and after to confirm, and ``deal_replace`` runs it on the
    locked row. A later deal that the correction makes impossible refuses the whole
    correction (Conflict); the corrected deal's own fault is a RuleViolation."""
    check_unlocked(table_of(match), user)
    check_session_open(match)
    if not 1 <= number <= match.last_number:
        raise NotFound(_("This match has no deal %(n)s.") % {"n": number})
    deals = list(match.deals.filter(number__gte=number - 1).order_by("number"))
    previous = deals.pop(0) if deals[0].number < number else None
    target = deals[0]
    if target.input == raw:
        return Replacement(target=target, deals=deals, steps=[], state=None)
    engine, options = engine_for(match)
    inputs = [raw, *(d.input for d in deals[1:])]
    try:
        state, steps = fold(
            engine,
            options,
            match.setup,
            inputs,
            start=_state_before(match, engine, options, previous),
            first=number,
        )
    except RuleViolation as exc:
        if exc.deal_number == number:  # type: ignore[attr-defined]
            raise
        raise Conflict(
            _(
                "With this correction deal %(n)s no longer fits: "
                "%(why)s Correct or undo the later deals first."
            )
            % {"n": exc.deal_number, "why": _first_message(exc.errors)}  # type: ignore[attr-defined]
        ) from None
    except MatchOver as exc:
        raise Conflict(
            _(
                "With this correction the match ends before deal %(n)s; "
                "undo the deals after the end first."
            )
            % {"n": exc.deal_number}  # type: ignore[attr-defined]
        ) from None
    return Replacement(target=target, deals=deals, steps=steps, state=state)


def deal_replace(
    *,
    match: Match | str,
    number: int,
    raw: Mapping[str, Any],
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
    by: str = "",
) -> tuple[Match, Deal]:
    """Replaces deal ``number``'s input and recomputes it and every deal after it, from the
    state stored with the deal before it (``check_deal_replace``, on the locked row, after who
    asks and the version they saw)."""
    with _one_transaction():
        match = _lock(match)
        _check_writer(match, edit_key=edit_key, user=user, expected_version=expected_version)
        plan = check_deal_replace(match=match, number=number, raw=raw, user=user)
        target = plan.target
        if plan.unchanged:
            return match, target
        engine, _options = engine_for(match)
        before = target.input
        target.input = raw
        changed = []
        now = timezone.now()
        for deal, step in zip(plan.deals, plan.steps, strict=True):
            after = engine.state_to_data(step.state)
            if deal is target or deal.outcome != step.outcome:
                deal.outcome = step.outcome
                deal.updated_at = now  # bulk_update does not apply auto_now
            elif deal.state == after:
                continue
            deal.state = after  # the running totals moved, the deal itself did not change
            changed.append(deal)
        deals_write(changed, ("input", *Deal.RECOMPUTED_FIELDS))
        was_finished = match.finished
        save_state(match, engine, plan.state)
        table = table_of(match)
        log_correction(
            table=table, number=number, action="replace", before=before, after=raw, by=by, user=user
        )
        if _confirmed(table):
            standings_mark_dirty(tournament=table.round.tournament)
        if counts_in_ratings(match, was_finished=was_finished):
            ratings_note_matches(match_ids=[match.pk])
        live_pages_moved(match, table)
    return match, target


def _state_before(match: Match, engine, options, previous: Deal | None) -> Any:
    """The state before a deal: stored with the deal before it (none: the match's start). A
    deal stored before states were kept (state ``{}``) is replayed from the start instead."""
    if previous is None:
        return engine.initial_state(options, match.setup)
    if previous.state:
        return engine.state_from_data(previous.state, options)
    inputs = match.deals.filter(number__lte=previous.number).order_by("number")
    state, _steps = fold(engine, options, match.setup, inputs.values_list("input", flat=True))
    return state


def deal_undo(
    *,
    match: Match | str,
    number: int,
    expected_version: int | None = None,
    edit_key: str | None = None,
    user: Any = None,
    by: str = "",
) -> Match:
    """Removes the last deal; the state goes back to the one stored with the deal before it.
    Reads the locked match row and those two deals, whatever the length of the match."""
    with _one_transaction():
        match = _lock(match)
        _check_writer(match, edit_key=edit_key, user=user, expected_version=expected_version)
        table = table_of(match)
        check_unlocked(table, user)
        check_session_open(match)
        last_number = match.last_number
        if not last_number or number > last_number or number < 1:
            raise NotFound(_("This match has no deal %(n)s.") % {"n": number})
        if number != last_number:
            raise Conflict(
                _("Only the last deal (%(last)s) can be undone; correct deal %(n)s instead.")
                % {"last": last_number, "n": number}
            )
        pair = list(match.deals.filter(number__gte=number - 1).order_by("number"))
        last = pair.pop()
        previous = pair[0] if pair else None
        before = last.input
        Deal.objects.filter(pk=last.pk).delete()
        match.last_number = number - 1
        engine, options = engine_for(match)
        was_finished = match.finished
        save_state(match, engine, _state_before(match, engine, options, previous))
        log_correction(
            table=table, number=number, action="undo", before=before, after=None, by=by, user=user
        )
        if _confirmed(table):
            standings_mark_dirty(tournament=table.round.tournament)
        if counts_in_ratings(match, was_finished=was_finished):
            ratings_note_matches(match_ids=[match.pk])
        live_pages_moved(match, table)
    return match


def _first_message(errors: Mapping[str, Any]) -> str:
    for value in errors.values():
        if isinstance(value, list) and value:
            return str(value[0])
        if isinstance(value, Mapping):
            return _first_message(value)
    return ""


def log_correction(
    *, table: Table | None, number: int, action: str, before: Any, after: Any, by: str, user: Any
) -> None:
    """A tournament table's corrections are logged (who, when, what), and a confirmed result
    that changes says when and by whom it was amended (its standings are made stale by the
    caller, beside it); a friendly match (no table) logs nothing."""
    inside_transaction("Logging a correction")
    if table is None:
        return
    if not by:
        by = user.get_username() if user is not None and user.is_authenticated else "table"
    Correction.objects.create(
        table=table,
        deal_number=number,
        action=action,
        before=before,
        after=after,
        by=by[:150],
        user=user if user is not None and user.is_authenticated else None,
    )
    if table.confirmed_at is None:
        return
    table.amended_at, table.amended_by = timezone.now(), by[:150]
    table.save(update_fields=["amended_at", "amended_by"])
    # Who corrected is in the corrections log, not the operator's: a name is no log's business.
    by_director = user is not None and user.is_authenticated
    logger.info(
        "correction at a confirmed table: %s round %s table %s, deal %s %s, by %s",
        table.round.tournament,
        table.round.number,
        table.number,
        number,
        action,
        f"user {user.pk}" if by_director else "the table",
        extra={
            "tournament_id": table.round.tournament_id,
            "round": table.round.number,
            "table": table.number,
            "deal": number,
            "action": action,
            "user_id": user.pk if by_director else None,
        },
    )
