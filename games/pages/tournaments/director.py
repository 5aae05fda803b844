"""The directors' tournament pages (signed in, for their clubs' tournaments only): their home,
a new tournament, registration and check-in, drawing and taking back rounds, the draw reports
and the corrections log. Every write goes through a service; a refusal shows as a message."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.audit import refused
from games.models import Entrant, Round, Tournament
from games.pages.access import carries_keys, directed_tournament, private
from games.pages.asking import ask, confirmed
from games.pages.clubs.forms import ClubForm
from games.pages.errors import first_message
from games.pages.matches.corrections import corrections_of
from games.pages.tournaments.display import (
    director_url,
    is_pairs,
    table_links,
    table_row,
    with_game_names,
)
from games.pages.tournaments.forms import EntrantsForm, TournamentForm
from games.rules import GAMES, RuleViolation
from games.services import Conflict
from games.services.entrants import entrants_check_in_all, entrants_register_members
from games.services.rounds import round_cancel, round_draw_request
from games.services.tournaments import (
    EntryRefused,
    entrant_set_status,
    entrants_register_many,
    tournament_create,
    tournament_update,
)
from games.translation import note_text
from scorekeeper.shortcuts import found_or_404


def director_home_context(user, club_form=None) -> dict[str, Any]:
    """The director's home: their clubs (or the form to found one) and their tournaments."""
    clubs = list(selectors.clubs_directed_by(user))
    tournaments = selectors.tournaments_of_clubs(clubs)
    return {
        "clubs": clubs,
        "tournaments": with_game_names(tournaments),
        "club_form": club_form or ClubForm(),
    }


@login_required
@require_safe
def director_home(request):
    context = director_home_context(request.user)
    return render(request, "tournaments/director_home.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_new(request):
    clubs = selectors.clubs_directed_by(request.user)
    first = selectors.club_directed_by(request.user)
    if first is None:
        refused(request.user, "create a tournament", "any club")
        raise PermissionDenied(_("Only a club's directors create its tournaments."))
    # The club page's "New tournament" names its club.
    chosen = (
        selectors.club_directed_by(request.user, slug=request.GET["club"])
        if "club" in request.GET
        else None
    )
    form = TournamentForm(
        request.POST or None, user=request.user, clubs=clubs, initial={"club": chosen or first}
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                tournament = tournament_create(user=request.user, **form.service_arguments())
            except RuleViolation as exc:
                form.add_rule_errors(exc)
            else:
                messages.success(request, _("Tournament created: now register the players."))
                return redirect(director_url(tournament))
        status = 400
    return render(request, "tournaments/new.html", {"form": form}, status=status)


def _entrants_form(tournament: Tournament, entrants: list[Entrant], data=None) -> EntrantsForm:
    registered = [p.name for e in entrants for p in (e.player, e.partner) if p is not None]
    return EntrantsForm(data, pairs=is_pairs(tournament), registered=registered)


def _next_draw(tournament: Tournament, rounds: list[Round]) -> dict[str, Any] | None:
    if tournament.status == Tournament.Status.FINISHED:
        return None  # a knockout can end before its last planned round
    last = rounds[-1] if rounds else None
    if last is not None and last.status == Round.Status.DRAWING:
        return None
    if last is not None and last.status == Round.Status.FAILED:
        return {"number": last.number, "again": True}
    if len(rounds) >= tournament.rounds:
        return None
    return {"number": len(rounds) + 1, "again": False}


def _director_context(request, tournament: Tournament, form=None) -> dict[str, Any]:
    poll_token = selectors.tournament_poll_token(tournament.public_id)  # first: games.polls
    entrants = selectors.tournament_entrants(tournament)
    names = {e.pk: e.name for e in entrants}
    rounds = selectors.tournament_rounds(tournament)
    rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in selectors.tournament_tables(tournament):
        rows[table.round_id].append(
            table_row(tournament, table, names, links=table_links(request, table))
        )
    round_views = [
        {
            "round": r,
            "report": report_view(r.report, names),
            "tables": rows[r.pk],
            "unconfirmed": sum(1 for t in rows[r.pk] if not t["confirmed"]),
            # The latest draw can be taken back until a deal is entered at one of its tables.
            "can_take_back": r is rounds[-1]
            and r.status == Round.Status.READY
            and not any(t["deals"] for t in rows[r.pk]),
        }
        for r in reversed(rounds)
    ]
    counts = dict.fromkeys(Entrant.Status.values, 0)
    for entrant in entrants:
        counts[entrant.status] = counts.get(entrant.status, 0) + 1
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game),
        "pairs": is_pairs(tournament),
        "entrants": entrants,
        "counts": counts,
        "form": form or _entrants_form(tournament, entrants),
        "members": selectors.club_member_names(tournament.club),
        "rounds": round_views,
        "drawing": bool(rounds) and rounds[-1].status == Round.Status.DRAWING,
        "next_draw": _next_draw(tournament, rounds),
        "corrections": corrections_of(tournament),
        "poll_token": poll_token or "",
    }


@carries_keys  # its tables' links
@login_required
@require_safe
def director_tournament(request, public_id: str):
    tournament = directed_tournament(request, public_id)
    return render(request, "tournaments/director.html", _director_context(request, tournament))


@login_required
@require_POST
def entrants_add(request, public_id: str):
    tournament = directed_tournament(request, public_id)
    entrants = selectors.tournament_entrants(tournament)
    form = _entrants_form(tournament, entrants, request.POST)
    if form.is_valid():
        try:
            entrants_register_many(
                tournament=tournament,
                entries=[(entry.name, entry.partner or None) for entry in form.entries],
            )
        except EntryRefused as refused:
            entry = form.entries[refused.index]
            form.add_error(entry.field, entry.refusal(first_message(refused.error)))
        else:
            count = len(form.entries)
            messages.success(
                request,
                ngettext("%(n)d entrant registered.", "%(n)d entrants registered.", count)
                % {"n": count},
            )
            return redirect(director_url(tournament, "entrants"))
    context = _director_context(request, tournament, form=form)
    return private(render(request, "tournaments/director.html", context, status=400))


@login_required
@require_POST
def entrant_status(request, public_id: str, entrant_id: int):
    tournament = directed_tournament(request, public_id)
    entrant = found_or_404(selectors.entrant_find(tournament, entrant_id), Entrant)
    try:
        entrant_set_status(entrant=entrant, status=request.POST.get("status", ""))
    except RuleViolation as exc:
        messages.error(request, first_message(exc))
    else:
        messages.success(
            request,
            _("%(name)s: %(status)s.")
            % {"name": entrant.name, "status": entrant.get_status_display().lower()},
        )
    # The list stays where the director was: at this entrant.
    return redirect(director_url(tournament, f"entrant-{entrant.pk}"))


@login_required
@require_POST
def round_draw(request, public_id: str):
    tournament = directed_tournament(request, public_id)
    try:
        drawn = round_draw_request(tournament=tournament, user=request.user)
    except (RuleViolation, Conflict) as exc:
        messages.error(request, first_message(exc))
        return redirect(director_url(tournament, "draw"))
    # Without a broker the draw has already run by now; with one, the page follows it.
    drawn.refresh_from_db()
    if drawn.status == Round.Status.READY:
        messages.success(request, _("Round %(n)d is drawn.") % {"n": drawn.number})
    elif drawn.status == Round.Status.FAILED:
        messages.error(
            request, _("The draw of round %(n)d failed: see why below.") % {"n": drawn.number}
        )
    return redirect(director_url(tournament, f"round-{drawn.number}"))


@login_required
@require_POST
def tournament_rounds(request, public_id: str):
    """The director changes the number of rounds (an extra round, or one fewer)."""
    tournament = directed_tournament(request, public_id)
    try:
        rounds = int(request.POST.get("rounds", ""))
    except ValueError:
        messages.error(request, _("Enter the number of rounds."))
        return redirect(director_url(tournament, "draw"))
    try:
        tournament_update(tournament=tournament, user=request.user, rounds=rounds)
    except RuleViolation as exc:
        messages.error(request, first_message(exc))
    else:
        messages.success(
            request,
            ngettext("The tournament has %(n)d round.", "The tournament has %(n)d rounds.", rounds)
            % {"n": rounds},
        )
    return redirect(director_url(tournament, "draw"))


@login_required
@require_POST
def round_take_back(request, public_id: str, number: int):
    """The draw's tables and their links go, and printed cards with them: asked first."""
    tournament = directed_tournament(request, public_id)
    if not confirmed(request):
        this_round = found_or_404(selectors.round_find(tournament, number), Round)
        tables = sum(1 for t in selectors.tournament_tables(tournament, [this_round]) if t.match_id)
        return ask(
            request,
            question=_("Take back the draw of round %(n)d?") % {"n": number},
            lines=[
                ngettext(
                    "Its %(tables)d table and its links are deleted: a table card already "
                    "printed no longer works.",
                    "Its %(tables)d tables and their links are deleted: table cards already "
                    "printed no longer work.",
                    tables,
                )
                % {"tables": tables},
                _("Then draw the round again: the draw may come out otherwise."),
            ],
            yes=_("Yes, take it back"),
            back=director_url(tournament, f"round-{number}"),
        )
    try:
        round_cancel(tournament=tournament, number=number, user=request.user)
    except (RuleViolation, Conflict) as exc:
        messages.error(request, first_message(exc))
    else:
        messages.success(
            request, _("The draw of round %(n)d is taken back: draw it again.") % {"n": number}
        )
    return redirect(director_url(tournament, "draw"))


@login_required
@require_POST
def entrants_all(request, public_id: str, chore: str):
    """One tap for the whole field: register every member of the club, or check in everybody."""
    tournament = directed_tournament(request, public_id)
    if chore not in ("members", "check-in"):
        raise Http404
    try:
        if chore == "members":
            added = len(entrants_register_members(tournament=tournament))
            message = ngettext("%(n)d member registered.", "%(n)d members registered.", added) % {
                "n": added
            }
        elif chore == "check-in":
            checked = entrants_check_in_all(tournament=tournament)
            message = ngettext("%(n)d checked in.", "%(n)d checked in.", checked) % {"n": checked}
    except RuleViolation as exc:
        messages.error(request, first_message(exc))
    else:
        messages.success(request, message)
    return redirect(director_url(tournament, "entrants"))


# --- draw reports -------------------------------------------------------------------------------


def report_view(report: Any, names: Mapping[int, str]) -> dict[str, Any]:
    """The parts of a draw's report worth showing: its notes, the reason a draw failed, and
    how many repeats or rematches it could not avoid."""
    if not isinstance(report, Mapping):
        return {}
    notes = report.get("notes")
    view: dict[str, Any] = {
        "notes": [note_text(n) for n in notes if n] if isinstance(notes, list) else [],
        "error": note_text(report["error"]) if report.get("error") else "",
    }
    for key in ("repeats", "rematches"):
        value = report.get(key)
        if isinstance(value, list):
            value = len(value)
        view[key] = value if isinstance(value, int) and not isinstance(value, bool) else None
    pairs = []
    for item in report.get("repeated_pairs") or []:
        if isinstance(item, list) and len(item) == 2 and isinstance(item[0], list):
            pairs.append(
                {"names": " & ".join(names.get(p, str(p)) for p in item[0]), "times": item[1]}
            )
    for item in report.get("rematched") or []:
        if isinstance(item, list) and all(isinstance(name, str) for name in item):
            pairs.append({"names": " – ".join(item), "times": None})
    view["repeated_pairs"] = pairs
    bye = report.get("bye")
    if isinstance(bye, int) and not isinstance(bye, bool):
        view["bye"] = names.get(bye, str(bye))
    elif isinstance(bye, str):
        view["bye"] = bye
    return view
