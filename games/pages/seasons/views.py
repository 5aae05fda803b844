"""Club seasons on the pages: the season page (public when the club says so, else for its
people) with its standing, each member's events counted or dropped, the prizes, a chart of the
leaders after each event and every line's explanation; and the director's pages that create a
season, write its scheme and attach its events."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.audit import refused
from games.charts import Series, legend, line_chart
from games.models import Club, Season
from games.permissions import is_director
from games.rules import RuleViolation
from games.rules.messages import Message
from games.selectors import seasons as reads
from games.services import Conflict, NotFound
from games.services.seasons import (
    season_create,
    season_event_add,
    season_event_remove,
    season_update,
)
from games.tournaments.seasons import get_scheme
from games.translation import translated
from scorekeeper.shortcuts import found_or_404

from .forms import SeasonForm


def _said(data: Any) -> str:
    return translated(Message.from_data(data)) if isinstance(data, dict) else str(data)


def _names(season: Season) -> dict[str, str]:
    return {event["key"]: _said(event["name"]) for event in season.chart.get("events", [])}


LINE_KEYS = ("rank", "member", "name", "total", "played", "shared", "prize", "booby", "needs")


def season_context(season: Season, user: Any) -> dict[str, Any]:
    """What the season page shows, read from the standing cache (one row): each line's rank,
    total, events played, prize and what it still needs; a line's events and explanation open
    on the member's own page (200 explained lines would weigh a megabyte on a phone)."""
    names = _names(season)
    leaders = season.chart.get("leaders", [])
    series = [Series(leader["name"], leader["totals"]) for leader in leaders]
    return {
        "season": season,
        "scheme_label": translated(get_scheme(season.scheme).label),
        "events": [
            {**event, "name": names[event["key"]], "url": _event_url(event)}
            for event in season.chart.get("events", [])
        ],
        # One reverse for the 200 lines' links (a {% url %} a line was a fifth of the page).
        "member_url": reverse("pages:season-member", args=[season.public_id, 0])[:-2],
        "lines": [{key: line[key] for key in LINE_KEYS} for line in season.standing],
        "chart": line_chart(series, title=_("Top 10 after each event"), x_label=_("event"))
        if names
        else "",
        "legend": legend(series),
        "director": is_director(season.club, user),
    }


def _event_url(event: dict[str, Any]) -> str:
    page = "pages:tournament" if event["kind"] == "tournament" else "pages:session"
    return reverse(page, args=[event["id"]])


def _readable(request, public_id: str) -> Season:
    season = found_or_404(reads.season_find(public_id), Season)
    if not reads.may_read_season(season, request.user):
        raise Http404(_("No such season."))
    return season


@require_safe
def season_page(request, public_id: str):
    season = _readable(request, public_id)
    return render(request, "seasons/season.html", season_context(season, request.user))


@require_safe
def season_member_page(request, public_id: str, member: int):
    """One member's line: each event counted or dropped with its points, and the explanation
    of the total and the place, in the reader's language."""
    season = _readable(request, public_id)
    line = next((line for line in season.standing if line["member"] == member), None)
    details = reads.season_line(season, member)
    if line is None or details is None:
        raise Http404(_("No such season."))
    names = _names(season)
    return render(
        request,
        "seasons/member.html",
        {
            "season": season,
            "line": line,
            "results": [{**r, "event_name": names.get(r["event"], "")} for r in details.results],
            "explain": translated(reads.line_explanation(season, line, details)),
        },
    )


def _directed_club(request, slug: str) -> Club:
    club = found_or_404(selectors.club_find(slug), Club)
    if not is_director(club, request.user):
        refused(request.user, f"{request.method} {request.path}", club)
        raise PermissionDenied(_("Only the club's directors run its seasons."))
    return club


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def seasons_page(request, slug: str):
    """The club's seasons and the form for a new one."""
    club = _directed_club(request, slug)
    form = SeasonForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                season = season_create(club=club, user=request.user, **form.season_fields())
            except RuleViolation as exc:
                form.add_refusal(translated(exc.errors))
            else:
                messages.success(request, _("Season created."))
                return redirect(reverse("pages:season-director", args=[season.public_id]))
        status = 400
    seasons = reads.seasons_listed(club=club, user=request.user)
    return render(
        request,
        "seasons/director.html",
        {
            "club": club,
            "seasons": seasons,
            "form": form,
            "option_fields": form.option_fields(),
            "season": None,
        },
        status=status,
    )


def _directed_season(request, public_id: str) -> Season:
    season = found_or_404(reads.season_find(public_id), Season)
    if not is_director(season.club, request.user):
        refused(request.user, f"{request.method} {request.path}", season)
        raise PermissionDenied(_("Only the club's directors run its seasons."))
    return season


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def season_director_page(request, public_id: str):
    """A season's scheme and rules, its events, and what may be attached."""
    season = _directed_season(request, public_id)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_of(season))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                season_update(season=season, user=request.user, **form.season_fields())
            except RuleViolation as exc:
                form.add_refusal(translated(exc.errors))
            else:
                messages.success(request, _("Saved."))
                return redirect(reverse("pages:season-director", args=[season.public_id]))
        status = 400
    return render(
        request,
        "seasons/director.html",
        {
            "club": season.club,
            "season": season,
            "form": form,
            "option_fields": form.option_fields(),
            "events": [
                {"name": translated(row.name), "day": row.day, "attached": row.attached}
                for row in reads.season_events(season)
            ],
            "candidates": reads.season_candidates(season),
        },
        status=status,
    )


@login_required
@require_POST
def season_event_attach(request, public_id: str):
    season = _directed_season(request, public_id)
    kind = "tournament" if request.POST.get("tournament") else "session"
    try:
        season_event_add(
            season=season,
            user=request.user,
            **{kind: (request.POST.get(kind) or "")[:32]},
        )
    except (RuleViolation, Conflict) as exc:
        said = translated(exc.errors) if isinstance(exc, RuleViolation) else str(exc)
        if isinstance(said, dict):
            said = " ".join(m for messages_ in said.values() for m in messages_)
        messages.error(request, said)
    else:
        messages.success(request, _("Event attached: it counts in the season."))
    return redirect(reverse("pages:season-director", args=[season.public_id]))


@login_required
@require_POST
def season_event_detach(request, public_id: str, event_id: int):
    season = _directed_season(request, public_id)
    try:
        season_event_remove(season=season, user=request.user, event_id=event_id)
    except NotFound as exc:
        raise Http404(str(exc)) from None
    messages.success(request, _("Event detached: it no longer counts in the season."))
    return redirect(reverse("pages:season-director", args=[season.public_id]))
