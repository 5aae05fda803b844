"""Creating matches and keeping their cached state equal to the fold over their deals."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import polls
from games.models import Deal, Match, Player, Seat, SessionMatch
from games.names import name_problem, normalise_name
from games.permissions import hash_edit_key, players_seatable_by
from games.rules import Errors, Game, RuleViolation, UnknownGame, fold, get_game

from . import rows
from .presets import preset_find
from .ratings import ratings_note_matches

MAX_NAME_LENGTH = 60


@dataclass(frozen=True)
class CreatedMatch:
    match: Match
    edit_key: str  # shown once, never stored


def engine_for(match: Match) -> tuple[Game, Any]:
    game = get_game(match.game)
    return game, game.options_from_data(match.rules)


def _resolve_players(
    players: Sequence[str | int | Player], errors: Errors, *, user: Any = None
) -> list[Player | str]:
    """Known players by id, guests by name; every entry checked, duplicates refused. A known
    player ``user`` may not seat (not a member of their clubs, nor themselves) sits as a guest
    of that name: ids are public, and a stranger's table must not write into a member's
    history or their club's ratings."""
    known_ids = [p for p in players if isinstance(p, int)]
    known = Player.objects.filter(known=True).in_bulk(known_ids)
    seatable = (
        set(players_seatable_by(user).filter(pk__in=known).values_list("pk", flat=True))
        if known
        else set()
    )
    resolved: list[Player | str] = []
    seen: set[str] = set()
    for seat, entry in enumerate(players):
        if isinstance(entry, Player):  # a session's player, known or guest, already checked
            name, value = entry.name, entry
        elif isinstance(entry, int):
            player = known.get(entry)
            if player is None:
                errors.add(("players", seat), _("There is no known player %(id)s.") % {"id": entry})
                continue
            name = player.name
            value = player if player.pk in seatable else name
        else:
            name = normalise_name(entry)
            problem = name_problem(name, max_length=MAX_NAME_LENGTH)
            if problem:
                errors.add(("players", seat), problem)
                continue
            value = name
        folded = name.casefold()
        if folded in seen:
            errors.add(("players", seat), _("Two players with the same name: tell them apart."))
        seen.add(folded)
        resolved.append(value)
    return resolved


def match_create(
    *,
    game: str,
    players: Sequence[str | int | Player],
    rules: Mapping[str, Any] | None = None,
    stake: Decimal | None = None,
    setup: Mapping[str, Any] | None = None,
    owner: Any = None,
    preset: str | int | None = None,
    edit_key: str | None = None,
    stake_for_money_only: bool = False,
) -> CreatedMatch:
    """A new match with its seats, its resolved rules and its initial state.
    ``players`` holds guest names and known players' ids, in seat order; ``rules`` are applied
    over the ``preset``'s, if one is named. ``edit_key`` is given by a tournament table (its
    scoring key, derived so that its card can be printed again); otherwise a new one is made.
    A ``stake`` for a match not played for money is refused, or with ``stake_for_money_only``
    (an evening's stake, for its money matches) left out."""
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise RuleViolation.at("game", str(exc)) from None
    errors = Errors()
    preset_name = ""
    if preset is not None:
        found = preset_find(preset)
        if found is None:
            raise RuleViolation.at(
                "preset", _("There are no house rules %(key)s.") % {"key": repr(preset)}
            )
        if found.game != engine.slug:
            raise RuleViolation.at(
                "preset", _("%(name)s are house rules for another game.") % {"name": found.name}
            )
        rules = {**found.rules, **(rules or {})}
        preset_name = found.name
    problem = engine.check_players(len(players))
    if problem:
        errors.add("players", problem)
    resolved = _resolve_players(players, errors, user=owner)
    if stake is not None and not engine.money and stake_for_money_only:
        stake = None
    if stake is not None and not engine.money:
        errors.add("stake", f"{engine.name} is not played for money: it takes no stake.")
    errors.raise_if_any()
    options = engine.resolve_options(rules, players=len(players))
    if stake is not None and stake_for_money_only and not engine.plays_for_money(options):
        stake = None
    if stake is not None and engine.money and not engine.plays_for_money(options):
        raise RuleViolation.at(
            "stake", _("This match is scored in penalty points, not money: it takes no stake.")
        )
    setup_data = engine.setup(setup or {}, options)
    state = engine.initial_state(options, setup_data)

    edit_key = edit_key or secrets.token_urlsafe(24)
    with transaction.atomic():
        match = Match.objects.create(
            game=engine.slug,
            rules=engine.options_to_data(options),
            setup=setup_data,
            preset=preset_name,
            stake=stake,
            owner=owner if owner is not None and owner.is_authenticated else None,
            edit_key_hash=hash_edit_key(edit_key),
            state=engine.state_to_data(state),
            finished=engine.is_finished(state),
        )
        seats = []
        for number, entry in enumerate(resolved):
            player = entry if isinstance(entry, Player) else Player.objects.create(name=entry)
            seats.append(Seat(match=match, number=number, player=player))
        Seat.objects.bulk_create(seats)
    return CreatedMatch(match, edit_key)


def match_recompute(*, match_id: int) -> Match:
    """Rebuilds every outcome, every deal's state after it and the match state from the stored
    inputs. The version moves only if something changed, so a recompute of a consistent match
    is invisible to clients."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        deals = list(match.deals.order_by("number"))
        engine, options = engine_for(match)
        state, steps = fold(engine, options, match.setup, [d.input for d in deals])
        now = timezone.now()
        outcome_changed = False
        changed = []
        for deal, step in zip(deals, steps, strict=True):
            after = engine.state_to_data(step.state)
            if deal.outcome != step.outcome:
                deal.outcome = step.outcome
                deal.updated_at = now  # bulk_update does not apply auto_now
                outcome_changed = True
            elif deal.state == after:
                continue
            deal.state = after
            changed.append(deal)
        deals_write(changed, Deal.RECOMPUTED_FIELDS)
        state_data = engine.state_to_data(state)
        last_number = deals[-1].number if deals else 0
        if outcome_changed or state_data != match.state or last_number != match.last_number:
            was_finished = match.finished
            match.last_number = last_number
            save_state(match, engine, state, data=state_data)
            if counts_in_ratings(match, was_finished=was_finished):
                ratings_note_matches(match_ids=[match.pk])
            polls.match_moved(match.public_id)
    return match


def save_state(
    match: Match, engine: Game, state: Any, *, data: dict | None = None, write: bool = True
) -> None:
    """Caches the state (``data``: its plain form, when the caller has it already); with
    ``write=False`` the caller writes ``Match.STATE_FIELDS`` itself (with the deal, in one
    statement)."""
    match.state = engine.state_to_data(state) if data is None else data
    match.finished = engine.is_finished(state)
    match.version += 1
    if write:
        rows.update(match, Match.STATE_FIELDS)


def counts_in_ratings(match: Match, *, was_finished: bool) -> bool:
    """Whether a change to the match may move its players' club ratings: a friendly match
    counts once finished (or over in its evening), so a change to one that is, or was."""
    return was_finished or match.finished or _over_in_session(match)


def _over_in_session(match: Match) -> bool:
    """A money match its session moved on from counts as finished; asked only when the deal
    services read the session with the match row (no query of its own)."""
    if not Match.session_entry.is_cached(match):
        return False
    try:
        return match.session_entry.over
    except SessionMatch.DoesNotExist:
        return False


WRITE_BATCH = 500


def deals_write(deals: Sequence[Deal], fields: Sequence[str]) -> None:
    """Writes these fields of these deals, one UPDATE … FROM (VALUES …) per 500 deals
    (PostgreSQL and SQLite alike). ``bulk_update`` builds a CASE expression per deal and field,
    which costs more than the fold itself when a correction moves 500 deals' totals."""
    if not deals:
        return
    connection = transaction.get_connection()
    meta = Deal._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    cast = {"JSONField": "jsonb", "DateTimeField": "timestamptz"}
    sets = []
    for index, name in enumerate(fields, start=2):
        kind = cast.get(meta.get_field(name).get_internal_type())
        value = f"v.column{index}"
        if connection.vendor == "postgresql" and kind:
            value = f"CAST({value} AS {kind})"
        sets.append(f"{quote(meta.get_field(name).column)} = {value}")
    row = f"({', '.join(['%s'] * (len(fields) + 1))})"
    with connection.cursor() as cursor:
        for start in range(0, len(deals), WRITE_BATCH):
            batch = deals[start : start + WRITE_BATCH]
            params: list[Any] = []
            for deal in batch:
                params.append(deal.pk)
                for name in fields:
                    field = meta.get_field(name)
                    params.append(field.get_db_prep_save(getattr(deal, field.attname), connection))
            rows = ", ".join([row] * len(batch))
            cursor.execute(
                f"UPDATE {table} SET {', '.join(sets)} FROM (VALUES {rows}) AS v"
                f" WHERE {table}.{quote('id')} = v.column1",
                params,
            )
