"""The tournament pages anyone may open, no account needed: the list of tournaments, the live
view (on a phone, and in large type on the projector) and the printable results.

The standings are a JSON cache written by a Celery job and their shape grows over time, so they
are read defensively: an unknown or missing key shows as a dash, never as an error."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import selectors
from games.models import Entrant, Round, Tournament
from games.permissions import directs_a_club, is_director
from games.rules import GAMES

from .access import public_tournament
from .qr import qr_svg
from .tournament_display import (
    TIE_BREAK_LABELS,
    is_pairs,
    number,
    table_row,
    table_scores,
    with_game_names,
)


@require_safe
def tournament_list(request):
    tournaments = selectors.tournaments_recent(100)
    directs = directs_a_club(request.user)
    return render(
        request,
        "tournaments/list.html",
        {"tournaments": with_game_names(tournaments), "directs": directs},
    )


def _live_context(request, tournament: Tournament) -> dict[str, Any]:
    rounds = selectors.tournament_rounds(tournament)
    shown = next((r for r in reversed(rounds) if r.status in ("ready", "finished")), None)
    drawing = rounds[-1] if rounds and rounds[-1].status == Round.Status.DRAWING else None
    tables = []
    if shown is not None:
        names = selectors.entrant_names(tournament)
        tables = [
            table_row(tournament, t, names)
            for t in selectors.tournament_tables(tournament, [shown])
        ]
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game),
        "round": shown,
        "drawing": drawing,
        "tables": tables,
        "unconfirmed": sum(1 for t in tables if not t["confirmed"]),
        "standings": standings_table(tournament),
        "version": selectors.tournament_version(tournament.pk),
        "is_director": is_director(tournament.club, request.user),
    }


@require_safe
def tournament_page(request, public_id: str):
    tournament = public_tournament(public_id)
    return render(request, "tournaments/public.html", _live_context(request, tournament))


@require_safe
def tournament_live(request, public_id: str):
    """The projector view: the same as the public page in large type, following by itself."""
    tournament = public_tournament(public_id)
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
    tournament_id = selectors.tournament_id_of(public_id)
    if tournament_id is None:
        raise Http404
    return JsonResponse({"version": selectors.tournament_version(tournament_id)})


@require_safe
def tournament_results(request, public_id: str):
    tournament = public_tournament(public_id)
    names = selectors.entrant_names(tournament)
    by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in selectors.tournament_tables(tournament, seats=True):
        row = table_row(tournament, table, names)
        row["scores"] = table_scores(tournament, table)
        by_round[table.round_id].append(row)
    rounds = [
        {"round": r, "tables": by_round[r.pk]}
        for r in selectors.tournament_rounds(tournament)
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


# --- standings ---------------------------------------------------------------------------------


def standings_table(tournament: Tournament) -> dict[str, Any]:
    """Headers and rows of the standings, for both shapes of the cache: the current one
    (individual: ``points`` and per-round ``rounds``; pairs: ``match_points``, ``points`` as the
    difference, ``tie_breaks`` and ``decided_by``) and the older flat one with ``buchholz``."""
    rows = [row for row in (tournament.standings or []) if isinstance(row, Mapping)]
    headers: list[str] = []
    getters: list[Any] = []

    def column(label, getter):
        headers.append(str(label))
        getters.append(getter)

    if is_pairs(tournament):
        column(_("MP"), lambda r: r.get("match_points"))
        column(_("Diff."), lambda r: r.get("points"))
        shown = [t for t in tournament.tie_breaks if t != "difference"]
        if any("buchholz" in r for r in rows) and "buchholz" not in shown:
            shown.append("buchholz")
        for tie_break in shown:
            column(
                TIE_BREAK_LABELS.get(tie_break, tie_break.replace("_", " ")),
                lambda r, t=tie_break: _tie_break(r, t),
            )
    else:
        rounds = max(
            (len(r["rounds"]) for r in rows if isinstance(r.get("rounds"), list)), default=0
        )
        for index in range(rounds):
            column(_("R%(n)d") % {"n": index + 1}, lambda r, i=index: _round_value(r, i))
        column(_("Total"), lambda r: r.get("points", r.get("total")))
    column(_("Played"), lambda r: r.get("played"))
    if any("byes" in r for r in rows) and is_pairs(tournament):
        column(_("Byes"), lambda r: r.get("byes"))
    return {
        "headers": headers,
        "rows": [
            {
                "rank": number(row.get("rank")),
                "shared": bool(row.get("shared")),
                "name": str(row.get("name", "?")),
                "decided_by": _decided_by(row.get("decided_by")),
                "withdrawn": row.get("status") == Entrant.Status.WITHDRAWN,
                "cells": [number(get(row)) for get in getters],
            }
            for row in rows
        ],
    }


def _tie_break(row: Mapping[str, Any], name: str) -> Any:
    breaks = row.get("tie_breaks")
    if isinstance(breaks, Mapping) and name in breaks:
        return breaks[name]
    return row.get(name)


def _round_value(row: Mapping[str, Any], index: int) -> Any:
    rounds = row.get("rounds")
    return rounds[index] if isinstance(rounds, list) and index < len(rounds) else None


def _decided_by(value: Any) -> str:
    # Most lines are separated by match points alone; only a tie-break is worth a word.
    if not isinstance(value, str) or value == "match_points":
        return ""
    return str(TIE_BREAK_LABELS.get(value, value.replace("_", " ")))
