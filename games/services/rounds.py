"""Drawing a tournament's rounds: asking for a draw (queued as a Celery job on commit), the draw
itself (seats or pairs, a match and two keys a table), a draw that failed, and taking one back."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import polls
from games.audit import refused, who
from games.models import Entrant, Match, Player, Round, Table, Tournament
from games.permissions import is_director
from games.rules import RuleViolation, get_game
from games.rules.messages import msg
from games.tournaments.formats import get_format
from games.translation import stored_note

from .draws import draw_plan
from .errors import Conflict
from .jobs import DRAW_ROUND, queue_on_commit
from .matches import hash_edit_key, match_create
from .table_keys import keys_for_salt, new_key_salt

logger = logging.getLogger("games.rounds")


def round_draw_request(*, tournament: Tournament, user: Any) -> Round:
    """Opens the next round and queues its draw (a Celery job, on commit)."""
    if not is_director(tournament.club, user):
        refused(user, "draw a round", tournament)
        raise RuleViolation.at("tournament", _("Only the club's directors draw rounds."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        drawn = list(tournament.round_set.all())
        if tournament.status == Tournament.Status.FINISHED:
            raise Conflict(_("The tournament is over."))
        if len(drawn) >= tournament.rounds:
            raise Conflict(
                ngettext(
                    "The tournament has %(n)s round, and it has been drawn.",
                    "The tournament has %(n)s rounds, and all have been drawn.",
                    tournament.rounds,
                )
                % {"n": tournament.rounds}
            )
        if drawn and drawn[-1].status == Round.Status.DRAWING:
            raise Conflict(_("Round %(n)s is still being drawn.") % {"n": drawn[-1].number})
        if (
            drawn
            and drawn[-1].status == Round.Status.READY
            and drawn[-1].tables.filter(match__isnull=False, confirmed_at__isnull=True).exists()
        ):
            raise Conflict(
                _("Round %(n)s has tables whose result is not confirmed.") % {"n": drawn[-1].number}
            )
        if drawn and drawn[-1].status == Round.Status.FAILED:
            drawn[-1].delete()
            drawn.pop()
        number = len(drawn) + 1
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        new_round = Round.objects.create(tournament=tournament, number=number)
        queue_on_commit(DRAW_ROUND, new_round.pk, what=f"draw of {tournament} round {number}")
        polls.tournament_moved(tournament.public_id)
    logger.info(
        "draw requested: %s round %s, by %s",
        tournament,
        new_round.number,
        who(user),
        extra={"tournament_id": tournament.pk, "round": new_round.number},
    )
    return new_round


def _active_entrants(tournament: Tournament, number: int) -> tuple[list[Entrant], list[Entrant]]:
    """Who plays round ``number``, and who is left out for not having checked in: once the
    director checks anybody in, only those checked in are present (the others have not
    arrived), and late arrivals, who registered at the door; without check-ins everybody
    registered plays."""
    active = [
        e
        for e in tournament.entrants.select_related("player", "partner").order_by("seed", "id")
        if e.status != Entrant.Status.WITHDRAWN and e.joined_round <= number
    ]
    if not any(e.status == Entrant.Status.CHECKED_IN for e in active):
        return active, []

    def here(e: Entrant) -> bool:
        return e.status == Entrant.Status.CHECKED_IN or e.joined_round > 1

    return [e for e in active if here(e)], [e for e in active if not here(e)]


def _table_rules(tournament: Tournament, players: int) -> dict[str, Any]:
    rules = {**tournament.rules, "players": players}
    if tournament.round_kind == "game":
        rules = get_game(tournament.game).one_game_rules(rules)
    return rules


def round_draw_run(*, round_id: int, seed: int | None = None) -> Round:
    """Draws a round: seats or pairs the entrants, and gives every table its match and link.
    A draw that cannot be made marks the round failed with the reason, for the director."""
    with transaction.atomic():
        # The sweep may queue a draw again while a slow one still runs: the second copy finds
        # the round locked and leaves it to the first, instead of holding a worker waiting.
        this_round = (
            Round.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("tournament")
            .filter(pk=round_id)
            .first()
        )
        if this_round is None:
            return Round.objects.get(pk=round_id)
        if this_round.status != Round.Status.DRAWING:
            return this_round
        tournament = this_round.tournament
        entrants, absent = _active_entrants(tournament, this_round.number)
        try:
            result = draw_plan(
                tournament=tournament,
                number=this_round.number,
                entrants=entrants,
                seed=seed if seed is not None else tournament.pk * 1000,
            )
        except ValueError as exc:
            this_round.status = Round.Status.FAILED
            # A reason the draw marks as a message is kept to be said in the reader's language.
            reason = exc.args[0] if exc.args else str(exc)
            this_round.report = {"error": stored_note(reason)}
            this_round.save(update_fields=["status", "report"])
            polls.tournament_moved(this_round.tournament.public_id)
            _log_draw_failed(this_round, str(reason))
            return this_round
        by_id = {e.pk: e for e in entrants}
        for number, seating in enumerate(result.tables, start=1):
            players = seat_players(tournament, [by_id[e] for e in seating])
            salt = new_key_salt()
            keys = keys_for_salt(salt)
            created = match_create(
                game=tournament.game,
                # The entrants' own records: the club's directors drew the round.
                players=players,
                rules=_table_rules(tournament, len(players)),
                edit_key=keys.scoring,
            )
            Table.objects.create(
                round=this_round,
                number=number,
                match=created.match,
                seating=list(seating),
                key_salt=salt,
                confirm_key_hash=hash_edit_key(keys.confirmation),
                # The side drawn first (seat 0's) holds the scoring link; the card says so and
                # the table may swap once (games.services.tables.table_swap_sides).
                scoring_side=0,
            )
        for offset, entrant_id in enumerate(result.byes, start=len(result.tables) + 1):
            Table.objects.create(
                round=this_round,
                number=offset,
                seating=[entrant_id],
                confirmed_at=timezone.now(),
                confirmed_by="bye",
            )
        this_round.status = Round.Status.READY
        this_round.report = result.report
        if absent:
            names = ", ".join(e.name for e in absent)
            this_round.report["notes"] = [
                *result.report.get("notes", []),
                stored_note(
                    msg("Not checked in, so left out of this round: %(names)s.", names=names)
                ),
            ]
        this_round.drawn_at = timezone.now()
        this_round.save(update_fields=["status", "report", "drawn_at"])
        polls.tournament_moved(tournament.public_id)
    logger.info(
        "round drawn: %s round %s, %s tables, %s byes, %.0f ms after it was asked for",
        tournament,
        this_round.number,
        len(result.tables),
        len(result.byes),
        (this_round.drawn_at - this_round.requested_at).total_seconds() * 1000,
        extra={"tournament_id": tournament.pk, "round": this_round.number},
    )
    return this_round


def _log_draw_failed(this_round: Round, reason: str) -> None:
    logger.warning(
        "draw failed: %s round %s: %s",
        this_round.tournament,
        this_round.number,
        reason,
        extra={"tournament_id": this_round.tournament_id, "round": this_round.number},
    )


def round_cancel(*, tournament: Tournament, number: int, user: Any) -> None:
    """Takes back the latest round's draw while nothing has been played at it (a player
    arrived late, or was checked in by mistake): its tables and their matches go, and the
    director draws the round again."""
    if not is_director(tournament.club, user):
        refused(user, f"take back round {number}", tournament)
        raise RuleViolation.at("tournament", _("Only the club's directors draw rounds."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        latest = tournament.round_set.order_by("-number").first()
        if latest is None or latest.number != number:
            raise Conflict(_("Only the latest round's draw can be taken back."))
        if latest.status == Round.Status.DRAWING:
            raise Conflict(_("Round %(n)s is still being drawn.") % {"n": number})
        played = (
            latest.tables.filter(match__deals__isnull=False)
            .order_by("number")
            .values_list("number", flat=True)
            .first()
        )
        if played is not None:
            raise Conflict(
                _(
                    "Round %(n)s has started (table %(table)s has deals): "
                    "its draw can no longer be taken back."
                )
                % {"n": number, "table": played}
            )
        matches = list(latest.tables.exclude(match=None).values_list("match", flat=True))
        latest.delete()  # its tables go with it
        Match.objects.filter(pk__in=matches).delete()
        # Whoever registered after this draw joins its redraw.
        tournament.entrants.filter(joined_round=number + 1).update(joined_round=number)
        if number == 1:
            tournament.status = Tournament.Status.REGISTRATION
            tournament.save(update_fields=["status"])
        polls.tournament_moved(tournament.public_id)


def round_draw_fail(*, round_id: int, reason: str) -> Round:
    """Marks a draw that could not finish as failed, with the reason for the director; the
    director draws the round again."""
    with transaction.atomic():
        this_round = Round.objects.select_for_update().get(pk=round_id)
        if this_round.status == Round.Status.DRAWING:
            this_round.status = Round.Status.FAILED
            this_round.report = {"error": stored_note(reason)}
            this_round.save(update_fields=["status", "report"])
            _log_draw_failed(this_round, str(reason))
    return this_round


def seat_players(tournament: Tournament, seating: list[Entrant]) -> list[Player]:
    """Players in seat order. Pairs sit opposite each other: seats 0 and 2 for the first pair,
    1 and 3 for the second (teams {0, 2} and {1, 3})."""
    if get_format(tournament.format).pairs:
        first, second = seating
        return [first.player, second.player, first.partner, second.partner]
    return [e.player for e in seating]
