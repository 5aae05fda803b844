"""Entering, correcting and undoing deals. Each is one transaction that locks the match row, so
concurrent writers queue up and the cached state always equals the fold over the stored deals."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Correction, Deal, Match, Table
from games.rules import MatchOver, RuleViolation, fold
from games.selectors import match_table

from .errors import Conflict, NotFound, StaleVersion
from .matches import engine_for, save_state

logger = logging.getLogger("games.corrections")


def _lock(match: Match, expected_version: int | None) -> Match:
    locked = Match.objects.select_for_update().get(pk=match.pk)
    if expected_version is not None and locked.version != expected_version:
        raise StaleVersion(locked.version)
    return locked


def deal_record(
    *,
    match: Match,
    raw: Mapping[str, Any],
    expected_version: int | None = None,
    by: str = "",
    user: Any = None,
) -> tuple[Match, Deal]:
    """Enters the next deal and folds it into the cached state. At a tournament table whose
    result is already confirmed, a new deal changes that result: it is logged as a correction
    (``by``/``user``: who) and the standings follow."""
    with transaction.atomic():
        match = _lock(match, expected_version)
        engine, options = engine_for(match)
        state = engine.state_from_data(match.state, options)
        try:
            result = engine.record(raw, state=state, options=options)
        except MatchOver as exc:
            raise Conflict(str(exc)) from None
        number = match.deals.count() + 1
        table = match_table(match)
        check_unlocked(table, user)
        _check_round_length(table, number)
        deal = Deal.objects.create(match=match, number=number, input=raw, outcome=result.outcome)
        save_state(match, engine, result.state)
        if table is not None and table.confirmed_at is not None:
            log_correction(
                table=table, number=number, action="add", before=None, after=raw, by=by, user=user
            )
    return match, deal


def check_unlocked(table: Table | None, user: Any) -> None:
    """A confirmed result is locked: the table's own phone can no longer change its deals. A
    director may (and the change is logged), or the table asks to reopen it, which asks the
    other side to confirm again."""
    if table is None or table.confirmed_at is None:
        return
    from .tournaments import is_director

    if not is_director(table.round.tournament.club, user):
        raise Conflict(
            f"This result was confirmed by {table.confirmed_by}: ask a director to change it, "
            "or reopen the table so that the other side confirms again."
        )


def _check_round_length(table: Table | None, number: int) -> None:
    """A tournament round of a number of deals ends there: the table cannot play on."""
    if table is None:
        return
    tournament = table.round.tournament
    if tournament.round_kind == "deals" and number > (tournament.deals_per_round or number):
        raise Conflict(
            f"A round of {tournament.name} is {tournament.deals_per_round} deals, and they have "
            "all been played: confirm the result."
        )


def deal_replace(
    *,
    match: Match,
    number: int,
    raw: Mapping[str, Any],
    expected_version: int | None = None,
    by: str = "",
    user: Any = None,
) -> tuple[Match, Deal]:
    """Replaces deal ``number``'s input and recomputes it and every deal after it. A later deal
    that the correction makes impossible refuses the whole correction."""
    with transaction.atomic():
        match = _lock(match, expected_version)
        check_unlocked(match_table(match), user)
        deals = list(match.deals.order_by("number"))
        if not 1 <= number <= len(deals):
            raise NotFound(f"This match has no deal {number}.")
        target = deals[number - 1]
        if target.input == raw:
            return match, target
        engine, options = engine_for(match)
        inputs = [d.input for d in deals]
        inputs[number - 1] = raw
        try:
            state, steps = fold(engine, options, match.setup, inputs)
        except RuleViolation as exc:
            if exc.deal_number == number:  # type: ignore[attr-defined]
                raise
            raise Conflict(
                f"With this correction deal {exc.deal_number} no longer fits: "  # type: ignore[attr-defined]
                f"{_first_message(exc.errors)} Correct or undo the later deals first."
            ) from None
        except MatchOver as exc:
            raise Conflict(
                f"With this correction the match ends before deal {exc.deal_number}; "  # type: ignore[attr-defined]
                "undo the deals after the end first."
            ) from None
        before = target.input
        target.input = raw
        changed = []
        now = timezone.now()
        for deal, step in zip(deals, steps, strict=True):
            if deal is target or deal.outcome != step.outcome:
                deal.outcome = step.outcome
                deal.updated_at = now  # bulk_update does not apply auto_now
                changed.append(deal)
        Deal.objects.bulk_update(changed, ["input", "outcome", "updated_at"])
        save_state(match, engine, state)
        log_correction(
            table=match_table(match),
            number=number,
            action="replace",
            before=before,
            after=raw,
            by=by,
            user=user,
        )
    return match, target


def deal_undo(
    *,
    match: Match,
    number: int,
    expected_version: int | None = None,
    by: str = "",
    user: Any = None,
) -> Match:
    """Removes the last deal; the state goes back to what it was before it."""
    with transaction.atomic():
        match = _lock(match, expected_version)
        check_unlocked(match_table(match), user)
        last = match.deals.order_by("-number").first()
        if last is None or number > last.number or number < 1:
            raise NotFound(f"This match has no deal {number}.")
        if number != last.number:
            raise Conflict(
                f"Only the last deal ({last.number}) can be undone; correct deal {number} instead."
            )
        before = last.input
        last.delete()
        log_correction(
            table=match_table(match),
            number=number,
            action="undo",
            before=before,
            after=None,
            by=by,
            user=user,
        )
        engine, options = engine_for(match)
        state, _ = fold(
            engine,
            options,
            match.setup,
            match.deals.order_by("number").values_list("input", flat=True),
        )
        save_state(match, engine, state)
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
    that changes makes the standings stale; a friendly match (no table) logs nothing."""
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
    if table.confirmed_at is not None:
        from .tournaments import standings_mark_dirty

        table.amended_at, table.amended_by = timezone.now(), by[:150]
        table.save(update_fields=["amended_at", "amended_by"])
        standings_mark_dirty(tournament=table.round.tournament)
        logger.info(
            "correction at a confirmed table: %s round %s table %s, deal %s %s, by %s",
            table.round.tournament,
            table.round.number,
            table.number,
            number,
            action,
            by,
            extra={
                "tournament_id": table.round.tournament_id,
                "round": table.round.number,
                "table": table.number,
                "deal": number,
                "action": action,
                "by": by,
            },
        )
