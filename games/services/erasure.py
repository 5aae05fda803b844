"""Erasing a player at their request (issue 31): their name becomes "Former player N" in every
match, evening, tournament and rating, their account, tokens and sessions are deleted (the
account as personal data: see ``_empty_account``), and nothing of it can be undone.

Every match, evening, tournament and rating names a player through their one row (``Player``),
so renaming the row renames them everywhere at once; results, totals, standings and ratings
are kept by the player's id and keep their numbers. What holds a name as text is rewritten
too: who confirmed, disputed or amended a table (and a dispute's reason), who corrected a deal,
the tournaments' cached standings, the reports of their rounds' draws (byes, rematches, repeated
tables), and the club seasons' cached standings; the live pages showing them are told to
reload.

N is numbered within the player's clubs: the next number after the former players of every
club they belong to, so that within each club no two former players share a name (a player
in two clubs takes the number free in both), and after those they sat at a match with (an
evening may seat known players of two clubs). A player of no club is numbered among those of
no club. The name is kept as data in English, as every typed name is.

Who may: the player signed in as their account, or, on the player's request, a director of
each of their clubs (every one of them: one club's director does not rename a member of
another club). The log line names the player's id, never their name."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from django.contrib.sessions.models import Session as WebSession
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import polls
from games.audit import refused
from games.models import (
    Club,
    Correction,
    Entrant,
    Match,
    Player,
    Round,
    RulePreset,
    Season,
    Table,
    Tournament,
)
from games.permissions import asked_from_outside, is_director

from .errors import Conflict, NotFound, Refused
from .seasons import season_mark_dirty

logger = logging.getLogger("games.erasure")

FORMER = "Former player {n}"


@dataclass(frozen=True)
class Erased:
    player_id: int
    name: str
    account_deleted: bool


def may_erase(player: Player, user: Any) -> bool:
    """The player's own account, or a director of every club the player belongs to."""
    if user is None or not user.is_authenticated:
        return False
    if player.user_id == user.pk:
        return True
    clubs = list(Club.objects.filter(members=player))
    return bool(clubs) and all(is_director(club, user) for club in clubs)


def check_erase(player: Player, *, user: Any) -> None:
    """Refuses before anything is written (the page asks only what may be done)."""
    if not player.known:
        raise NotFound(_("No known player with this id."))
    if asked_from_outside(edit_key=None, user=user) and not may_erase(player, user):
        refused(user, "erase a player", f"player {player.pk}")
        raise Refused(
            _("Only the player themselves, or a director of each of their clubs, erases them.")
        )
    if player.erased_at is not None:
        raise Conflict(_("This player was erased already."))


def next_former_number(player: Player) -> int:
    """The first number no former player of the player's clubs has, nor any former player who
    sat at a match with them (an evening may seat known players of two clubs)."""
    clubs = Club.objects.filter(members=player)
    peers = Q(clubs__in=clubs) if clubs.exists() else Q(known=True, clubs__isnull=True)
    peers |= Q(seats__match__seats__player=player)
    found = Player.objects.filter(peers, former_number__isnull=False).aggregate(
        n=Max("former_number")
    )["n"]
    return (found or 0) + 1


def _said(text: str, old: str, new: str, account: str | None) -> str:
    """A table's "who" as kept: a player's name, or a director's "name (director account)"."""
    if text == old:
        return new
    if account and text in (f"{account} (director)", f"{old} (director {account})"):
        return f"{new} (director)"
    if account and text.endswith(f" (director {account})"):
        return text[: -len(f" (director {account})")] + " (director)"
    return text


# A message kept as data says its own words under these keys; only its params name people.
MESSAGE_WORDS = frozenset({"msgid", "plural", "context"})


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """A JSON value with every string that is one of ``names`` (an entrant's name as it was)
    replaced by its new name; a kept message's own words stay."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {
            key: item if key in MESSAGE_WORDS else _renamed(item, names)
            for key, item in value.items()
        }
    return value


def _entrant_names(player: Player, old: str) -> dict[int, dict[str, str]]:
    """For each tournament the player entered: their entrant's name as it was ("Anna", "Anna &
    Bo") and as it is now. Must run after the player's row took its new name."""
    names: dict[int, dict[str, str]] = {}
    entries = Entrant.objects.filter(Q(player=player) | Q(partner=player)).select_related(
        "player", "partner"
    )
    for entrant in entries:
        people = [p for p in (entrant.player, entrant.partner) if p is not None]
        was = " & ".join(old if p.pk == player.pk else p.name for p in people)
        names.setdefault(entrant.tournament_id, {})[was] = entrant.name
    return names


def _rewrite_reports(player: Player, old: str) -> None:
    """The draws' reports of the tournaments the player entered name entrants (a bye, the pairs
    who meet again, the notes' params): the player's entrant is renamed there. Must run inside
    the caller's transaction."""
    entered = _entrant_names(player, old)
    drawn = Round.objects.filter(tournament_id__in=list(entered)).only("report", "tournament")
    for round_ in drawn:
        report = _renamed(round_.report, entered[round_.tournament_id])
        if report != round_.report:
            Round.objects.filter(pk=round_.pk).update(report=report)


def _rewrite_seasons(player: Player, new: str) -> None:
    """The club seasons' cached standings (their lines and the chart's leaders) name the
    player: renamed at once, and worked out again in case a recompute under way read the old
    name. Must run inside the caller's transaction."""
    touched = []
    for season in Season.objects.filter(club__members=player).distinct():
        standing = [
            {**line, "name": new} if line.get("member") == player.pk else line
            for line in season.standing
        ]
        leaders = [
            {**line, "name": new} if line.get("member") == player.pk else line
            for line in season.chart.get("leaders", [])
        ]
        if standing != season.standing or leaders != season.chart.get("leaders", []):
            chart = {**season.chart, "leaders": leaders} if season.chart else season.chart
            Season.objects.filter(pk=season.pk).update(standing=standing, chart=chart)
            touched.append(season.pk)
    season_mark_dirty(season_ids=touched)


def _whole_word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


def _renamed_in(text: str, old: str, new: str, others: list[str]) -> str:
    """``old`` replaced by ``new`` as a whole word, but not inside another player's longer name
    that holds it ("Anna" in "Anna B."): those names are tried first at each place and kept."""
    longer = sorted({o for o in others if o != old and _whole_word(old).search(o)}, key=len)
    choices = [re.escape(name) for name in reversed(longer)]
    names = re.compile("|".join([*choices, rf"(?<!\w){re.escape(old)}(?!\w)"]))
    return names.sub(lambda found: new if found[0] == old else found[0], text)


def _rewrite_names(player: Player, old: str, new: str, account: str | None) -> None:
    """What keeps the name as text: tables' who-said-what, the corrections log, standings,
    the draws' reports and the seasons' standings; then the live pages are told. Must run
    inside the caller's transaction."""
    where = Q(match__seats__player=player)
    if account:
        where |= Q(round__tournament__club__directors__username=account)
    for table in Table.objects.filter(where).distinct().select_related("match"):
        fields = []
        for field in ("confirmed_by", "disputed_by", "amended_by"):
            value = getattr(table, field)
            said = _said(value, old, new, account)
            if said != value:
                setattr(table, field, said[:150])
                fields.append(field)
        # A dispute's reason is the other side's own words: the name, where they wrote it
        # (and not where it begins a table-mate's longer name).
        reason = table.dispute_reason
        if reason and table.match_id:
            mates = list(table.match.seats.values_list("player__name", flat=True))
            reason = _renamed_in(reason, old, new, mates)
        if reason != table.dispute_reason:
            table.dispute_reason = reason[:500]
            fields.append("dispute_reason")
        if fields:
            table.save(update_fields=fields)
        for correction in Correction.objects.filter(table=table):
            by = _said(correction.by, old, new, account)
            before = correction.before
            if isinstance(before, dict) and isinstance(before.get("confirmed_by"), str):
                before = {
                    **before,
                    "confirmed_by": _said(before["confirmed_by"], old, new, account),
                }
            if (by, before) != (correction.by, correction.before):
                correction.by, correction.before = by[:150], before
                correction.save(update_fields=["by", "before"])
    entered = Tournament.objects.filter(
        Q(entrants__player=player) | Q(entrants__partner=player)
    ).distinct()
    for tournament in entered:
        names = {entrant.pk: entrant.name for entrant in tournament.entrants.all()}
        standings = [
            {**row, "name": names.get(row.get("entrant"), row.get("name"))}
            for row in tournament.standings
        ]
        if standings != tournament.standings:
            Tournament.objects.filter(pk=tournament.pk).update(standings=standings)
    _rewrite_reports(player, old)
    _rewrite_seasons(player, new)
    # The live pages (a projector's standings, a phone's scoreboard) reload with the new name.
    for tournament in entered:
        polls.tournament_moved(tournament.public_id)
    for public_id in Match.objects.filter(seats__player=player, finished=False).values_list(
        "public_id", flat=True
    ):
        polls.match_moved(public_id)


def _empty_account(account: Any) -> None:
    """Deletes the account as personal data: its username, email, names and password go (it
    can never sign in again), and so do its tokens, its own house rules, its directorships and
    every signed-in session of it. An empty row stays in its place, linked to the erased
    player: the friendly matches it created keep counting in the ratings of the clubs whose
    member it was (only a club's people's matches count, issue 26), so that no number moves.
    A club's house rules it kept pass to another director of the club. Must run inside the
    caller's transaction."""
    for preset in RulePreset.objects.filter(owner=account, club__isnull=False):
        heir = preset.club.directors.exclude(pk=account.pk).order_by("pk").first()
        if heir is not None:
            RulePreset.objects.filter(pk=preset.pk).update(owner=heir)
    RulePreset.objects.filter(owner=account, club__isnull=True).delete()
    account.api_tokens.all().delete()
    account.directed_clubs.clear()
    now = timezone.now()
    signed_in = [
        web.session_key
        # Expired ones too: they still name the account, until clearsessions runs.
        for web in WebSession.objects.iterator()
        if str(web.get_decoded().get("_auth_user_id")) == str(account.pk)
    ]
    WebSession.objects.filter(session_key__in=signed_in).delete()
    account.username = f"erased-{account.pk}"
    account.email = account.first_name = account.last_name = ""
    account.set_unusable_password()
    account.is_active = account.is_staff = account.is_superuser = False
    account.last_login = None
    account.date_joined = now  # when they joined goes too: the row says when it was emptied
    account.save()


# Players of no club are numbered among themselves: with no club row to lock, two erasures at
# once hold this lock of the transaction instead (PostgreSQL; SQLite writes one at a time).
CLUBLESS_LOCK = 0x5C0E_E4A5


def _lock_the_clubless() -> None:
    connection = transaction.get_connection()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CLUBLESS_LOCK])


def player_erase(*, player: Player, user: Any = None) -> Erased:
    """Erases the player: their name, their account; their results stay, unnamed."""
    with transaction.atomic():
        try:
            locked = Player.objects.select_for_update().get(pk=player.pk)
        except Player.DoesNotExist:
            raise NotFound(_("No known player with this id.")) from None
        check_erase(locked, user=user)
        # The clubs' rows, locked: two erasures in one club take two numbers.
        clubs = list(Club.objects.select_for_update().filter(members=locked).order_by("pk"))
        if not clubs:
            _lock_the_clubless()
        number = next_former_number(locked)
        old, new = locked.name, FORMER.format(n=number)
        account = locked.user
        username = account.get_username() if account is not None else None
        locked.name, locked.former_number = new, number
        locked.erased_at, locked.history = timezone.now(), "club"
        locked.save(update_fields=["name", "former_number", "erased_at", "history"])
        _rewrite_names(locked, old, new, username)
        if account is not None:
            _empty_account(account)
    by_self = bool(account is not None and user is not None and account.pk == user.pk)
    logger.info(
        "player erased: former player %s",
        number,
        extra={
            "player_id": locked.pk,
            "former_number": number,
            "clubs": [club.pk for club in clubs],
            "asked_by": "the player" if by_self else "a director",
            "account_deleted": account is not None,
        },
    )
    return Erased(locked.pk, new, account is not None)
