"""Club tournaments: creating them, registration, drawing rounds (as Celery jobs), confirming
table results, and keeping the standings cache fresh."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import polls
from games.audit import refused
from games.models import Club, Entrant, Match, Player, Round, Table, Tournament
from games.names import clean_name
from games.permissions import is_director
from games.rules import Errors, Game, RuleViolation, UnknownGame, get_game
from games.selectors import players_by_unique_name
from games.tournaments.formats import Format, UnknownFormat, get_format
from games.tournaments.tie_breaks import TIE_BREAKS
from games.translation import translated

from .errors import Conflict
from .jobs import RECOMPUTE_STANDINGS, queue_on_commit
from .matches import MAX_NAME_LENGTH
from .presets import preset_find
from .ratings import ratings_mark_dirty
from .seasons import seasons_note_tournament

TOURNAMENT_NAME_LENGTH = 120
NAME_IT = gettext_noop("Give the tournament a name.")


@dataclass(frozen=True)
class TournamentPlan:
    """A new tournament as checked: what ``tournament_create`` writes."""

    engine: Game
    name: str
    table_size: int
    rules: dict[str, Any]
    preset: str
    tie_breaks: list[str]


def check_tournament_create(
    *,
    club: Club,
    user: Any,
    name: str,
    game: str,
    format: str,
    round_kind: str,
    deals_per_round: int | None = None,
    table_size: int | None = None,
    tie_breaks: Sequence[str] | None = None,
    preset: str | None = None,
    rules: dict[str, Any] | None = None,
) -> TournamentPlan:
    """Every check of a new tournament, each field's problem at its field; writes nothing.
    An event given no tie-breaks (``None``; an empty list is a choice) gets its format's usual
    ones (``Format.default_tie_breaks``)."""
    errors = Errors()
    if not is_director(club, user):
        refused(user, "create a tournament", club)
        errors.add("club", _("Only the club's directors run its tournaments."))
    try:
        engine = get_game(game)
    except UnknownGame as exc:
        raise RuleViolation.at("game", str(exc)) from None
    kind = _check_format(errors, engine, format)
    if tie_breaks is None:
        tie_breaks = kind.default_tie_breaks if kind is not None else ()
    _check_round_kind(errors, engine, kind, round_kind, deals_per_round)
    _check_tie_breaks(errors, kind, tie_breaks)
    try:
        name = clean_name(name, max_length=TOURNAMENT_NAME_LENGTH, empty=_(NAME_IT))
    except ValueError as exc:
        errors.add("name", exc.args[0])
    size = table_size or engine.Options().players
    _check_table_size(errors, engine, kind, size)
    errors.raise_if_any()
    preset_name = ""
    if preset is not None:
        found = preset_find(preset)
        if found is None or found.game != engine.slug:
            raise RuleViolation.at(
                "preset",
                _("There are no %(game)s house rules %(key)s.")
                % {"game": engine.name, "key": repr(preset)},
            )
        rules = {**found.rules, **(rules or {})}
        preset_name = found.name
    options = engine.resolve_options(rules or {}, players=size)
    return TournamentPlan(
        engine, name, size, engine.options_to_data(options), preset_name, list(tie_breaks)
    )


def tournament_create(*, rounds: int, **fields: Any) -> Tournament:
    """Checks a new tournament (``fields``: those of ``check_tournament_create``), then creates
    it with ``rounds`` rounds."""
    plan = check_tournament_create(**fields)
    return Tournament.objects.create(
        club=fields["club"],
        name=plan.name,
        game=plan.engine.slug,
        rules=plan.rules,
        preset=plan.preset,
        format=fields["format"],
        rounds=rounds,
        round_kind=fields["round_kind"],
        deals_per_round=fields.get("deals_per_round"),
        table_size=plan.table_size,
        tie_breaks=plan.tie_breaks,
        created_by=fields["user"],
    )


def _check_format(errors: Errors, engine: Game, format: str) -> Format | None:
    """The registered format, or ``None`` (its problem noted) when there is none; the checks
    that depend on the format skip it then."""
    try:
        kind = get_format(format)
    except UnknownFormat as exc:
        errors.add("format", translated(str(exc)))
        return None
    if kind.pairs and not engine.teams(engine.Options()):
        errors.add(
            "format",
            _("%(game)s has no fixed partnerships: play it as an individual event.")
            % {"game": engine.name},
        )
    return kind


def _check_round_kind(
    errors: Errors, engine: Game, kind: Format | None, round_kind: str, deals_per_round: int | None
) -> None:
    if round_kind == "deals" and not deals_per_round:
        errors.add("deals_per_round", _("Say how many deals make a round."))
    if round_kind != "deals" and deals_per_round:
        errors.add("deals_per_round", _("Only a round of a number of deals counts deals."))
    if engine.money and round_kind != "deals":
        errors.add(
            "round_kind",
            _("%(game)s never finishes by itself: a round is a number of deals.")
            % {"game": engine.name},
        )
    if kind is not None and round_kind not in kind.round_kinds:
        errors.add("round_kind", translated(kind.round_kind_refusal()))


def _check_table_size(errors: Errors, engine: Game, kind: Format | None, size: int) -> None:
    if size not in engine.player_counts:
        errors.add("table_size", engine.check_players(size) or "")
    elif kind is not None and not kind.seats_tables_of(
        size, partners=bool(engine.teams(engine.resolve_options({}, players=size)))
    ):
        errors.add("table_size", translated(kind.table_size_refusal(size)))


def _check_tie_breaks(errors: Errors, kind: Format | None, tie_breaks: Sequence[str]) -> None:
    for tie_break in tie_breaks:
        if tie_break not in TIE_BREAKS:
            errors.add("tie_breaks", translated(TIE_BREAKS.unknown(tie_break)))
    if len(set(tie_breaks)) != len(tie_breaks):
        errors.add("tie_breaks", _("A tie-break is listed twice; each one can only decide once."))
    if tie_breaks and kind is not None and not kind.tie_breaks:
        errors.add("tie_breaks", translated(kind.tie_breaks_refusal()))


def live_pages_moved(match: Match | None, table: Table | None) -> None:
    """A change a match page shows, and its tournament's pages when it is a table's: their poll
    tokens move once the change is committed (games.polls)."""
    if match is not None:
        polls.match_moved(match.public_id)
    if table is not None:
        polls.tournament_moved(table.round.tournament.public_id)


def tournament_update(
    *,
    tournament: Tournament,
    user: Any,
    name: str | None = None,
    rounds: int | None = None,
    tie_breaks: Sequence[str] | None = None,
) -> Tournament:
    """What a director may change once a tournament is under way: its name, its number of
    rounds (an extra round, or one fewer, but never fewer than are drawn) and its tie-breaks
    (the standings are worked out again)."""
    errors = Errors()
    if not is_director(tournament.club, user):
        refused(user, "change the tournament", tournament)
        raise RuleViolation.at("tournament", _("Only the club's directors run its tournaments."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        drawn = tournament.round_set.count()
        if name is not None:
            try:
                name = clean_name(name, max_length=TOURNAMENT_NAME_LENGTH, empty=_(NAME_IT))
            except ValueError as exc:
                errors.add("name", exc.args[0])
        if rounds is not None and rounds < 1:
            errors.add("rounds", _("A tournament has at least one round."))
        elif rounds is not None and rounds < drawn:
            errors.add(
                "rounds",
                ngettext(
                    "%(n)d round is drawn already: it cannot have fewer.",
                    "%(n)d rounds are drawn already: it cannot have fewer.",
                    drawn,
                )
                % {"n": drawn},
            )
        if tie_breaks is not None:
            _check_tie_breaks(errors, get_format(tournament.format), tie_breaks)
        errors.raise_if_any()
        changed = []
        if name is not None:
            tournament.name = name
            changed.append("name")
        if rounds is not None and rounds != tournament.rounds:
            tournament.rounds = rounds
            changed.append("rounds")
            # Rounds are drawn one after another once the last is finished, so the event is
            # over exactly when its new last round is; a format with a final ends with it.
            if not get_format(tournament.format).has_final:
                over = tournament.round_set.filter(
                    number=rounds, status=Round.Status.FINISHED
                ).exists()
                if over or tournament.status == Tournament.Status.FINISHED:
                    tournament.status = (
                        Tournament.Status.FINISHED if over else Tournament.Status.RUNNING
                    )
                    changed.append("status")
        if tie_breaks is not None and list(tie_breaks) != tournament.tie_breaks:
            tournament.tie_breaks = list(tie_breaks)
            changed.append("tie_breaks")
        tournament.save(update_fields=changed)
        if "tie_breaks" in changed:
            standings_mark_dirty(tournament=tournament)
        polls.tournament_moved(tournament.public_id)
    return tournament


def _player(*, club: Club, player_id: int | None, name: str | None, field: str) -> Player:
    """A player to register: one of the club's own members by id, or a new one by name; other
    clubs' members and strangers' guests are not the club's to register."""
    if player_id is not None:
        player = club.members.filter(pk=player_id).first()
        if player is None:
            raise RuleViolation.at(
                field,
                _("%(club)s has no member %(id)s: register its members, or a new name.")
                % {"club": club.name, "id": player_id},
            )
        return player
    try:
        name = clean_name(name, max_length=MAX_NAME_LENGTH, empty=_("Enter the player's name."))
    except ValueError as exc:
        raise RuleViolation.at(field, exc.args[0]) from None
    return Player.objects.create(name=name, known=True)


def entrant_register(
    *,
    tournament: Tournament,
    player_id: int | None = None,
    name: str | None = None,
    partner_id: int | None = None,
    partner_name: str | None = None,
) -> Entrant:
    """Registers a player (or a pair). Registering after the start is a late arrival, who
    joins from the next round drawn."""
    kind = get_format(tournament.format)
    pairs = kind.pairs
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("The tournament is over."))
    if pairs and partner_id is None and not partner_name:
        raise RuleViolation.at("partner", _("A pairs event registers pairs: name the partner."))
    if not pairs and (partner_id is not None or partner_name):
        raise RuleViolation.at("partner", _("An individual event registers players one by one."))
    if not kind.late_arrivals and tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(translated(kind.late_arrival_refusal()))
    with transaction.atomic():
        club = tournament.club
        player = _player(club=club, player_id=player_id, name=name, field="player")
        partner = (
            _player(club=club, player_id=partner_id, name=partner_name, field="partner")
            if pairs
            else None
        )
        taken = tournament.entrants.filter(player__in=[p for p in (player, partner) if p])
        taken = taken | tournament.entrants.filter(partner__in=[p for p in (player, partner) if p])
        if partner is not None and partner.pk == player.pk:
            raise RuleViolation.at("partner", _("A pair is two different players."))
        if taken.exists():
            raise RuleViolation.at("player", _("Already registered in this tournament."))
        tournament.club.members.add(*(p for p in (player, partner) if p))
        joined = tournament.round_set.count() + 1
        entrant = Entrant.objects.create(
            tournament=tournament,
            player=player,
            partner=partner,
            joined_round=joined,
            seed=tournament.entrants.count() + 1,
        )
        polls.tournament_moved(tournament.public_id)
        return entrant


class EntryRefused(Exception):
    """One line of a batch registration was refused: ``index`` is the line, ``error`` why."""

    def __init__(self, index: int, error: Exception):
        super().__init__(str(error))
        self.index = index
        self.error = error


def entrants_register_many(
    *, tournament: Tournament, entries: Sequence[tuple[str, str | None]]
) -> list[Entrant]:
    """Registers several players (or pairs: ``(name, partner)``), all of them or none. A name
    that is exactly one club member's registers that member rather than a new player."""
    members = players_by_unique_name(
        tournament.club.members.filter(known=True).values_list("pk", "name")
    )
    registered = []
    with transaction.atomic():
        for index, (name, partner) in enumerate(entries):
            player_id = members.get(name.casefold())
            partner_id = members.get(partner.casefold()) if partner else None
            try:
                registered.append(
                    entrant_register(
                        tournament=tournament,
                        player_id=player_id,
                        name=None if player_id else name,
                        partner_id=partner_id,
                        partner_name=None if partner_id else partner,
                    )
                )
            except (RuleViolation, Conflict) as exc:
                raise EntryRefused(index, exc) from None
    return registered


def entrant_set_status(*, entrant: Entrant, status: str) -> Entrant:
    """Check-in before a round, or withdrawal (from the next round drawn on)."""
    if status not in Entrant.Status.values:
        raise RuleViolation.at(
            "status", _("Must be one of %(all)s.") % {"all": ", ".join(Entrant.Status.values)}
        )
    entrant.status = status
    entrant.save(update_fields=["status"])
    polls.tournament_moved(entrant.tournament.public_id)
    return entrant


def standings_mark_dirty(*, tournament: Tournament) -> None:
    """Marks the standings stale in the database and queues their recompute on commit; if the
    broker loses the message, the periodic sweep still finds the mark. What counts the same
    confirmed results is marked with them, here in sight: the club's ratings of the game and the
    season the tournament counts in."""
    Tournament.objects.filter(pk=tournament.pk).update(
        standings_dirty=True, standings_requested_at=timezone.now()
    )
    queue_on_commit(
        RECOMPUTE_STANDINGS, tournament.pk, what=f"standings of tournament {tournament.pk}"
    )
    polls.tournament_moved(tournament.public_id)
    # The club's ratings count the same confirmed results.
    ratings_mark_dirty(club_id=tournament.club_id, game=tournament.game)
    # And so does the season it counts in, if any.
    seasons_note_tournament(tournament=tournament)
