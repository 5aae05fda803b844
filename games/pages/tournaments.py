"""Club tournaments: the directors' pages (signed in, for their clubs only), the public pages
(no account: the live view for the projector, the printable results) and the confirmation of a
table's result from the phone that scored it."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Sum
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.audit import refused
from games.models import Club, Entrant, Round, Table, Tournament
from games.rules import GAMES, RuleViolation
from games.selectors import entrant_names, tournament_tables
from games.services import Conflict
from games.services.entrants import entrants_check_in_all, entrants_register_members
from games.services.rounds import round_cancel, round_draw_request
from games.services.tournaments import (
    EntryRefused,
    entrant_set_status,
    entrants_register_many,
    is_director,
    tournament_create,
    tournament_update,
)
from scorekeeper.throttling import throttle_posts

from .club_forms import ClubForm
from .tournament_display import (
    corrections_of,
    is_pairs,
    report_view,
    standings_table,
    table_links,
    table_row,
    table_scores,
)
from .tournament_forms import EntrantsForm, TournamentForm
from .views import _messages, qr_svg

MAX_MEMBERS_SUGGESTED = 1000


@method_decorator(throttle_posts(), name="dispatch")
class SignInView(auth_views.LoginView):
    template_name = "registration/login.html"
    next_page = "pages:director"
    redirect_authenticated_user = True


class SignOutView(auth_views.LogoutView):
    next_page = "pages:home"


# --- helpers -----------------------------------------------------------------------------------


def _public_tournament(public_id: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), public_id=public_id)


def _directed_tournament(request, public_id: str) -> Tournament:
    """The tournament, for one of its club's directors; anybody else is refused."""
    tournament = _public_tournament(public_id)
    if not is_director(tournament.club, request.user):
        refused(request.user, f"{request.method} {request.path}", tournament)
        raise PermissionDenied(_("Only the club's directors run its tournaments."))
    return tournament


def _director_url(tournament: Tournament, anchor: str = "") -> str:
    url = reverse("pages:director-tournament", args=[tournament.public_id])
    return f"{url}#{anchor}" if anchor else url


def _first_message(exc: Exception) -> str:
    if isinstance(exc, RuleViolation):
        return next(iter(_messages(exc.errors)), str(exc))
    return str(exc)


def tournament_version(tournament_id: int) -> str:
    """A fingerprint of everything the live pages show: a round drawn, a deal entered at any
    table, a result confirmed, the standings recomputed. Three small queries, so polling it every
    few seconds from every screen in the room stays cheap."""
    head = (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("status", "standings_dirty", "standings_computed_at")
        .first()
    )
    rounds = list(
        Round.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list("number", "status")
    )
    tables = Table.objects.filter(round__tournament_id=tournament_id).aggregate(
        tables=Count("id"), confirmed=Count("confirmed_at"), versions=Sum("match__version")
    )
    seen = repr((head, rounds, sorted(tables.items())))
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


# --- public pages ------------------------------------------------------------------------------


@require_safe
def tournament_list(request):
    tournaments = Tournament.objects.select_related("club").annotate(
        entrant_count=Count("entrants")
    )[:100]
    directs = request.user.is_authenticated and request.user.directed_clubs.exists()
    return render(
        request,
        "tournaments/list.html",
        {"tournaments": with_game_names(tournaments), "directs": directs},
    )


def with_game_names(items) -> list:
    """The tournaments (or presets) with ``game_name`` set for display."""
    items = list(items)
    for item in items:
        game = GAMES.get(item.game)
        item.game_name = game.name if game else item.game
    return items


def _live_context(request, tournament: Tournament) -> dict[str, Any]:
    rounds = list(tournament.round_set.all())
    shown = next((r for r in reversed(rounds) if r.status in ("ready", "finished")), None)
    drawing = rounds[-1] if rounds and rounds[-1].status == Round.Status.DRAWING else None
    tables = []
    if shown is not None:
        names = entrant_names(tournament)
        tables = [table_row(tournament, t, names) for t in tournament_tables(tournament, [shown])]
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game),
        "round": shown,
        "drawing": drawing,
        "tables": tables,
        "unconfirmed": sum(1 for t in tables if not t["confirmed"]),
        "standings": standings_table(tournament),
        "version": tournament_version(tournament.pk),
        "is_director": is_director(tournament.club, request.user),
    }


@require_safe
def tournament_page(request, public_id: str):
    tournament = _public_tournament(public_id)
    return render(request, "tournaments/public.html", _live_context(request, tournament))


@require_safe
def tournament_live(request, public_id: str):
    """The projector view: the same as the public page in large type, following by itself."""
    tournament = _public_tournament(public_id)
    public_url = request.build_absolute_uri(reverse("pages:tournament", args=[public_id]))
    context = _live_context(request, tournament)
    field = max(len(context["standings"].get("rows", [])), len(context["tables"]))
    context.update(
        public_url=public_url,
        public_qr=qr_svg(public_url),
        # The type is sized to the field; what still does not fit is paged through (app.js).
        density="roomy" if field <= 16 else "snug" if field <= 48 else "dense",
    )
    return render(request, "tournaments/live.html", context)


@require_safe
def tournament_version_view(request, public_id: str):
    tournament_id = (
        Tournament.objects.filter(public_id=public_id).values_list("pk", flat=True).first()
    )
    if tournament_id is None:
        raise Http404
    return JsonResponse({"version": tournament_version(tournament_id)})


@require_safe
def tournament_results(request, public_id: str):
    tournament = _public_tournament(public_id)
    names = entrant_names(tournament)
    by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in tournament_tables(tournament, seats=True):
        row = table_row(tournament, table, names)
        row["scores"] = table_scores(tournament, table)
        by_round[table.round_id].append(row)
    rounds = [
        {"round": r, "tables": by_round[r.pk]}
        for r in tournament.round_set.all()
        if r.status in ("ready", "finished")
    ]
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "game": GAMES.get(tournament.game),
            "rounds": rounds,
            "standings": standings_table(tournament),
            "csv_url": reverse("api:tournament-standings", args=[tournament.public_id])
            + "?download=csv",
            "results_csv_url": reverse("api:results", args=[tournament.public_id])
            + "?download=csv",
        },
    )


# --- director pages ----------------------------------------------------------------------------


def director_home_context(user, club_form=None) -> dict[str, Any]:
    """The director's home: their clubs (or the form to found one) and their tournaments."""
    clubs = list(Club.objects.filter(directors=user))
    tournaments = (
        Tournament.objects.filter(club__in=clubs)
        .select_related("club")
        .annotate(entrant_count=Count("entrants", distinct=True))
    )
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
    clubs = Club.objects.filter(directors=request.user)
    first = clubs.first()
    if first is None:
        refused(request.user, "create a tournament", "any club")
        raise PermissionDenied(_("Only a club's directors create its tournaments."))
    # The club page's "New tournament" names its club.
    chosen = clubs.filter(slug=request.GET["club"]).first() if "club" in request.GET else None
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
                return redirect(_director_url(tournament))
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
    entrants = list(tournament.entrants.select_related("player", "partner"))
    names = {e.pk: e.name for e in entrants}
    rounds = list(tournament.round_set.all())
    rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in tournament_tables(tournament):
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
    members = (
        tournament.club.members.filter(known=True)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()[:MAX_MEMBERS_SUGGESTED]
    )
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
        "members": list(members),
        "rounds": round_views,
        "drawing": bool(rounds) and rounds[-1].status == Round.Status.DRAWING,
        "next_draw": _next_draw(tournament, rounds),
        "corrections": corrections_of(tournament),
        "version": tournament_version(tournament.pk),
    }


@login_required
@require_safe
def director_tournament(request, public_id: str):
    tournament = _directed_tournament(request, public_id)
    return render(request, "tournaments/director.html", _director_context(request, tournament))


@login_required
@require_POST
def entrants_add(request, public_id: str):
    tournament = _directed_tournament(request, public_id)
    entrants = list(tournament.entrants.select_related("player", "partner"))
    form = _entrants_form(tournament, entrants, request.POST)
    if form.is_valid():
        try:
            entrants_register_many(
                tournament=tournament,
                entries=[(entry.name, entry.partner or None) for entry in form.entries],
            )
        except EntryRefused as refused:
            entry = form.entries[refused.index]
            form.add_error(entry.field, entry.refusal(_first_message(refused.error)))
        else:
            count = len(form.entries)
            messages.success(
                request,
                ngettext("%(n)d entrant registered.", "%(n)d entrants registered.", count)
                % {"n": count},
            )
            return redirect(_director_url(tournament, "entrants"))
    context = _director_context(request, tournament, form=form)
    return render(request, "tournaments/director.html", context, status=400)


@login_required
@require_POST
def entrant_status(request, public_id: str, entrant_id: int):
    tournament = _directed_tournament(request, public_id)
    entrant = get_object_or_404(
        Entrant.objects.select_related("player", "partner"), pk=entrant_id, tournament=tournament
    )
    try:
        entrant_set_status(entrant=entrant, status=request.POST.get("status", ""))
    except RuleViolation as exc:
        messages.error(request, _first_message(exc))
    else:
        messages.success(
            request,
            _("%(name)s: %(status)s.")
            % {"name": entrant.name, "status": entrant.get_status_display().lower()},
        )
    # The list stays where the director was: at this entrant.
    return redirect(_director_url(tournament, f"entrant-{entrant.pk}"))


@login_required
@require_POST
def round_draw(request, public_id: str):
    tournament = _directed_tournament(request, public_id)
    try:
        drawn = round_draw_request(tournament=tournament, user=request.user)
    except (RuleViolation, Conflict) as exc:
        messages.error(request, _first_message(exc))
        return redirect(_director_url(tournament, "draw"))
    # Without a broker the draw has already run by now; with one, the page follows it.
    drawn.refresh_from_db()
    if drawn.status == Round.Status.READY:
        messages.success(request, _("Round %(n)d is drawn.") % {"n": drawn.number})
    elif drawn.status == Round.Status.FAILED:
        messages.error(
            request, _("The draw of round %(n)d failed: see why below.") % {"n": drawn.number}
        )
    return redirect(_director_url(tournament, f"round-{drawn.number}"))


@login_required
@require_POST
def tournament_rounds(request, public_id: str):
    """The director changes the number of rounds (an extra round, or one fewer)."""
    tournament = _directed_tournament(request, public_id)
    try:
        rounds = int(request.POST.get("rounds", ""))
    except ValueError:
        messages.error(request, _("Enter the number of rounds."))
        return redirect(_director_url(tournament, "draw"))
    try:
        tournament_update(tournament=tournament, user=request.user, rounds=rounds)
    except RuleViolation as exc:
        messages.error(request, _first_message(exc))
    else:
        messages.success(request, _("The tournament has %(n)d rounds.") % {"n": rounds})
    return redirect(_director_url(tournament, "draw"))


@login_required
@require_POST
def round_take_back(request, public_id: str, number: int):
    tournament = _directed_tournament(request, public_id)
    try:
        round_cancel(tournament=tournament, number=number, user=request.user)
    except (RuleViolation, Conflict) as exc:
        messages.error(request, _first_message(exc))
    else:
        messages.success(
            request, _("The draw of round %(n)d is taken back: draw it again.") % {"n": number}
        )
    return redirect(_director_url(tournament, "draw"))


@login_required
@require_POST
def entrants_all(request, public_id: str, chore: str):
    """One tap for the whole field: register every member of the club, or check in everybody."""
    tournament = _directed_tournament(request, public_id)
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
        messages.error(request, _first_message(exc))
    else:
        messages.success(request, message)
    return redirect(_director_url(tournament, "entrants"))
