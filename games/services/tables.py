"""A tournament table's result: the side that did not score confirms it with the confirmation
key, or disputes it with a reason; a director may always confirm, which settles a dispute.
Only confirmed results count in the standings."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.audit import refused
from games.models import Correction, Round, Table, Tournament
from games.permissions import is_director
from games.rules import RuleViolation, get_game
from games.tournaments.formats import get_format

from .errors import Conflict, Refused
from .table_keys import confirmation_key_matches, scoring_key_matches
from .tournaments import live_pages_moved, standings_mark_dirty

logger = logging.getLogger(__name__)

MAX_REASON_LENGTH = 500


@dataclass(frozen=True)
class Confirmer:
    """Who speaks for a table's result: a player of the table (holding the confirmation key)
    or a director of the club (``user``)."""

    director: Any = None

    def record(self, by: str) -> str:
        """Who speaks for the result, as the table keeps it: a player's name, or a director's
        name and account ("Anna Smit (director td_anna)"; "td_anna (director)" when the name is
        the account). The pages say it in the reader's language (tournament_display.said_by)."""
        if self.director is None:
            return by
        account = self.director.get_username()
        if by == account:
            return f"{by} (director)"
        return f"{by} (director {account})"


def check_confirmer(*, table: Table, key: str | None, user: Any) -> Confirmer:
    """The confirmation key's holder, or a director; the scoring key is not enough, since the
    side that entered the deals does not confirm them."""
    if confirmation_key_matches(table, key):
        return Confirmer()
    if is_director(table.round.tournament.club, user):
        return Confirmer(director=user)
    refused(user, "confirm or dispute the result without the confirmation key", table)
    raise Refused(
        _(
            "Only the other side, with the table's confirmation key, or a director confirms "
            "or disputes this result."
        )
    )


def seated_names(table: Table) -> list[str]:
    return [seat.player.name for seat in table.match.seats.all()] if table.match else []


def table_sides(table: Table) -> list[list[str]] | None:
    """The names of each side of the table (the game's partnerships, in seat order), or None
    when everybody plays for themselves."""
    if table.match is None:
        return None
    engine = get_game(table.match.game)
    teams = engine.teams(engine.options_from_data(table.match.rules))
    if not teams:
        return None
    names = seated_names(table)
    return [[names[seat] for seat in team if seat < len(names)] for team in teams]


def scoring_names(table: Table) -> list[str]:
    """The players whose side holds the scoring link (none when each plays for themselves)."""
    sides = table_sides(table)
    return sides[table.scoring_side % len(sides)] if sides else []


def confirming_names(table: Table) -> list[str]:
    """Who may confirm or dispute the result: the other side(s) at a table of partnerships; at
    a table where each plays for themselves, every player but the one who entered the deals,
    when the scoring phone said who that is (``table_scorer_set``)."""
    scoring = set(scoring_names(table))
    return [
        name
        for seat, name in enumerate(seated_names(table))
        if name not in scoring and seat != table.scorer
    ]


def _check_by(table: Table, by: str, confirmer: Confirmer) -> str:
    by = (by or "").strip()
    if confirmer.director is not None:
        return by or confirmer.director.get_username()
    names = confirming_names(table)
    folded = {name.casefold(): name for name in names}
    if by.casefold() in {name.casefold() for name in scoring_names(table)}:
        raise RuleViolation.at(
            "by",
            _("%(by)s's side entered the deals; the other side confirms: %(names)s.")
            % {"by": by, "names": ", ".join(names)},
        )
    seated = {name.casefold(): name for name in seated_names(table)}
    if table.scorer is not None and by.casefold() in seated and by.casefold() not in folded:
        raise RuleViolation.at(
            "by",
            _("%(name)s entered the deals: another player at the table confirms.")
            % {"name": seated[by.casefold()]},
        )
    if by.casefold() not in folded:
        raise RuleViolation.at(
            "by",
            _("Pick your name among the players of this table: %(names)s.")
            % {"names": ", ".join(names)},
        )
    return folded[by.casefold()]


def table_scorer_set(*, table: Table, seat: int, key: str | None, user: Any) -> Table:
    """The scoring phone says who enters the deals on it (a seat of the table's match), so
    that another player confirms the result. Asked by the scoring phone (the scoring key) or a
    director, while the result is not confirmed."""
    if not scoring_key_matches(table, key) and not is_director(table.round.tournament.club, user):
        refused(user, "name the scorer without the scoring key", table)
        raise Refused(_("Only the table's scoring phone, or a director, says who scores."))
    with transaction.atomic():
        table = _locked_table(table)
        names = seated_names(table)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise RuleViolation.at(
                "scorer",
                _("Pick your name among the players of this table: %(names)s.")
                % {"names": ", ".join(names)},
            )
        if table.confirmed_at is not None:
            raise Conflict(
                _("This result was already confirmed by %(who)s.") % {"who": table.confirmed_by}
            )
        table.scorer = seat
        table.save(update_fields=["scorer"])
        live_pages_moved(table.match, table)
    logger.info(
        "table scorer named",
        extra={"round": table.round.number, "table": table.number, "seat": seat},
    )
    return table


def _locked_table(table: Table) -> Table:
    """Must run inside the caller's transaction: the table row stays locked until it ends."""
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament__club", "match")
        .get(pk=table.pk)
    )


def _check_open(table: Table) -> None:
    if table.match is None:
        raise Conflict(_("A bye has nothing to confirm."))
    if not table.match.deals.exists():
        raise Conflict(_("Nothing has been entered at this table yet."))
    if table.confirmed_at is not None:
        raise Conflict(
            _("This result was already confirmed by %(who)s.") % {"who": table.confirmed_by}
        )


def table_confirm(*, table: Table, by: str, confirmer: Confirmer) -> Table:
    """Confirms the table's result: from then on it counts. A director's confirmation also
    settles a dispute, which stays on record."""
    with transaction.atomic():
        table = _locked_table(table)
        _check_open(table)
        table.confirmed_by = confirmer.record(_check_by(table, by, confirmer))[:150]
        table.confirmed_at = timezone.now()
        fields = ["confirmed_at", "confirmed_by"]
        changed = _changed_since_reopened(table)
        if changed is not None:
            # Confirmed again with other deals than before: the result changed after it was
            # confirmed, by the reopening's hand. The same deals confirmed again change nothing.
            table.amended_at, table.amended_by = changed.at, changed.by
            fields += ["amended_at", "amended_by"]
        table.save(update_fields=fields)
        _finish_if_complete(table.round)
        standings_mark_dirty(tournament=table.round.tournament)
        live_pages_moved(table.match, table)
    logger.info(
        "table confirmed",
        extra={
            "tournament": table.round.tournament.public_id,
            "round": table.round.number,
            "table": table.number,
            "by_director": confirmer.director is not None,
            "settled_dispute": table.disputed_at is not None,
        },
    )
    return table


def table_dispute(*, table: Table, by: str, reason: str, confirmer: Confirmer) -> Table:
    """The other side does not accept the result: the table is flagged for the directors,
    with the reason, and does not count until it is confirmed."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation.at("reason", _("Say what is wrong with the result."))
    if len(reason) > MAX_REASON_LENGTH:
        raise RuleViolation.at(
            "reason",
            _("Keep the reason under %(n)d characters.") % {"n": MAX_REASON_LENGTH},
        )
    with transaction.atomic():
        table = _locked_table(table)
        _check_open(table)
        if table.disputed_at is not None:
            raise Conflict(
                _("This result is already disputed by %(who)s.") % {"who": table.disputed_by}
            )
        table.disputed_by = confirmer.record(_check_by(table, by, confirmer))[:150]
        table.dispute_reason = reason
        table.disputed_at = timezone.now()
        table.save(update_fields=["disputed_at", "disputed_by", "dispute_reason"])
        live_pages_moved(table.match, table)
    logger.warning(
        "table disputed",
        extra={
            "tournament": table.round.tournament.public_id,
            "round": table.round.number,
            "table": table.number,
            "by_director": confirmer.director is not None,
        },
    )
    return table


def check_reopener(*, table: Table, key: str | None, user: Any) -> Confirmer:
    """Reopening is asked by the side that scored (the scoring key), or done by a director."""
    if scoring_key_matches(table, key):
        return Confirmer()
    if is_director(table.round.tournament.club, user):
        return Confirmer(director=user)
    refused(user, "reopen the result without the scoring key", table)
    raise Refused(_("Only the table's scoring phone, or a director, reopens its result."))


def table_reopen(*, table: Table, by: str, confirmer: Confirmer) -> Table:
    """The side that scored finds a mistake after the result was confirmed: the confirmation
    is cleared, so the deals can be corrected and the other side confirms again. The result no
    longer counts meanwhile; the reopening is logged (the director's corrections log). The
    result is marked changed after confirmation only once it is confirmed again with other
    deals (``table_confirm``): a reopening alone changes nothing of it."""
    with transaction.atomic():
        table = _locked_table(table)
        if table.confirmed_at is None:
            raise Conflict(_("This result is not confirmed: it can be corrected as it is."))
        who = confirmer.record(by.strip() or "the table")[:150]
        # The deals as they were confirmed go with the reopening: the next confirmation marks
        # the result changed only if they differ then (``_changed_since_reopened``).
        Correction.objects.create(
            table=table,
            deal_number=0,
            action="reopen",
            before={"confirmed_by": table.confirmed_by, "deals": _entered(table)},
            after=None,
            by=who,
            user=confirmer.director,
        )
        table.confirmed_at, table.confirmed_by = None, ""
        table.save(update_fields=["confirmed_at", "confirmed_by"])
        this_round = table.round
        if this_round.status == Round.Status.FINISHED:
            this_round.status = Round.Status.READY
            this_round.save(update_fields=["status"])
        tournament = this_round.tournament
        if tournament.status == Tournament.Status.FINISHED:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        standings_mark_dirty(tournament=tournament)
        live_pages_moved(table.match, table)
    logger.info(
        "table reopened",
        extra={
            "tournament": tournament.public_id,
            "round": this_round.number,
            "table": table.number,
            "by_director": confirmer.director is not None,
        },
    )
    return table


def _entered(table: Table) -> list[Any]:
    """The table's deals as entered, in order: what a confirmation vouches for."""
    if table.match is None:
        return []
    return list(table.match.deals.order_by("number").values_list("input", flat=True))


def _changed_since_reopened(table: Table) -> Correction | None:
    """The reopening this confirmation answers, when the deals now differ from the ones it
    found confirmed; None when they are the same, or the table was never reopened. Every
    confirmation after the first follows a reopening (nothing else clears one), so the latest
    is this one's. A reopening logged before the deals were kept with it marked the result
    changed at once, as it was then. Runs inside the confirmation's transaction."""
    reopening = table.corrections.filter(action="reopen").order_by("-at", "-id").first()
    if reopening is None or not isinstance(reopening.before, dict):
        return None
    if "deals" not in reopening.before or reopening.before["deals"] == _entered(table):
        return None
    return reopening


def _finish_if_complete(this_round: Round) -> None:
    """A round whose every table is confirmed is finished; so is the tournament after its last
    round, or after a knockout's final. Runs inside the confirmation's transaction."""
    if this_round.tables.filter(confirmed_at__isnull=True).exists():
        return
    this_round.status = Round.Status.FINISHED
    this_round.save(update_fields=["status"])
    tournament = this_round.tournament
    final = get_format(tournament.format).is_final(this_round.report)
    if this_round.number >= tournament.rounds or final:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])


def check_swapper(*, table: Table, key: str | None, user: Any) -> Confirmer:
    """Either half of the card (the scoring or the confirmation key) swaps, or a director."""
    if scoring_key_matches(table, key) or confirmation_key_matches(table, key):
        return Confirmer()
    if is_director(table.round.tournament.club, user):
        return Confirmer(director=user)
    refused(user, "swap the sides without a key of the table", table)
    raise Refused(_("Only a phone with one of the table's links, or a director, swaps its sides."))


def check_swap_sides(*, table: Table) -> list[list[str]]:
    """The table's sides, when they may still swap: a table of sides, its result not yet
    confirmed, not swapped before (Conflict otherwise)."""
    sides = table_sides(table)
    if not sides:
        raise Conflict(_("Each player here plays for themselves: there are no sides to swap."))
    if table.confirmed_at is not None:
        raise Conflict(
            _("This result was already confirmed by %(who)s.") % {"who": table.confirmed_by}
        )
    if table.sides_swapped_at is not None:
        raise Conflict(_("The sides of this table were already swapped once."))
    return sides


def table_swap_sides(*, table: Table, confirmer: Confirmer) -> Table:
    """The cards went to the wrong sides: the side that held the confirmation link scores and
    the other confirms. Once per table, before the result is confirmed; the keys stay as they
    are (the halves of the card change hands)."""
    with transaction.atomic():
        table = _locked_table(table)
        sides = check_swap_sides(table=table)
        table.scoring_side = (table.scoring_side + 1) % len(sides)
        table.sides_swapped_at = timezone.now()
        table.save(update_fields=["scoring_side", "sides_swapped_at"])
        live_pages_moved(table.match, table)
    logger.info(
        "table sides swapped",
        extra={
            "tournament": table.round.tournament.public_id,
            "round": table.round.number,
            "table": table.number,
            "scoring_side": table.scoring_side,
            "director": confirmer.director is not None,
        },
    )
    return table
