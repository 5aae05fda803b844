"""The standings as every tournament page shows them (the public page, the projector, the
printed results): the columns the API and its CSV give the directors, each headed by a short
label a phone and a projector have room for and spelled out under the table, and a line that
says what ranked the rows and in what order those that share a place are listed.

The standings are a JSON cache written by a Celery job and their shape grows over time, so they
are read defensively: an unknown or missing key shows as a dash, never as an error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import Entrant, Tournament
from games.pages.tournaments.display import is_pairs, number, tie_break_label
from games.tournaments.table_results import lowest_wins
from games.tournaments.tie_breaks import TIE_BREAKS
from games.translation import translated

# Each column of a pairs event: its short label, and what it is in words (the legend, and the
# sentence that says what ranked the rows).
COLUMNS = {
    "match_points": (gettext_lazy("MP"), pgettext_lazy("standings", "match points")),
    # Translators: a short column heading: the matches played (byes included).
    "played": (pgettext_lazy("standings column", "Pl."), pgettext_lazy("standings", "played")),
    # Translators: a short column heading: the byes a pair has had (a win without a game).
    "byes": (pgettext_lazy("standings column", "Byes"), pgettext_lazy("standings", "byes")),
}


def standings_table(tournament: Tournament) -> dict[str, Any]:
    """Headers, rows, the legend of the short headers and what orders the rows, for both shapes
    of the cache: the current one (individual: ``points`` and per-round ``rounds``; pairs:
    ``match_points``, ``points`` as the difference, ``tie_breaks`` and ``decided_by``) and the
    older flat one with ``buchholz``."""
    rows = [row for row in (tournament.standings or []) if isinstance(row, Mapping)]
    headers: list[dict[str, str]] = []
    getters: list[Any] = []

    def column(label, getter, full=None):
        label, full = str(label), str(full or "")
        # Spelled out under the table where the heading is short for something longer.
        spelled = full if full.casefold() != label.casefold() else ""
        headers.append({"label": label, "full": spelled})
        getters.append(getter)

    def named(key, getter):
        if key in TIE_BREAKS:  # a tie-break says its own words
            tie_break = TIE_BREAKS[key]
            column(translated(tie_break.column), getter, translated(tie_break.in_words))
        else:
            short, full = COLUMNS.get(key, (key.replace("_", " "), None))
            column(short, getter, full)

    pairs = is_pairs(tournament)
    if pairs:
        named("match_points", lambda r: r.get("match_points"))
        named("difference", lambda r: r.get("points"))
        for tie_break in _tie_break_columns(tournament, rows):
            named(tie_break, lambda r, t=tie_break: _tie_break(r, t))
    else:
        rounds = max(
            (len(r["rounds"]) for r in rows if isinstance(r.get("rounds"), list)), default=0
        )
        for index in range(rounds):
            column(_("R%(n)d") % {"n": index + 1}, lambda r, i=index: _round_value(r, i))
        column(_("Total"), lambda r: r.get("points", r.get("total")))
    named("played", lambda r: r.get("played"))
    if pairs:
        # Always, as the directors' CSV has it: a bye is a win without a game.
        named("byes", lambda r: r.get("byes", 0))
    return {
        "headers": headers,
        "legend": [
            _("%(short)s: %(full)s") % {"short": h["label"], "full": h["full"]}
            for h in headers
            if h["full"]
        ],
        "order": ordered_by(tournament),
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


def ordered_by(tournament: Tournament) -> list[str]:
    """What ranks the rows, then how the rows that share a place are listed (the order
    games.services.standings gives them)."""
    if not is_pairs(tournament):
        total = (
            _("Ranked by total, the lowest first.")
            if lowest_wins(tournament)
            else _("Ranked by total, the highest first.")
        )
        return [total, _("Players level on total share a place (=), listed by name.")]
    steps = [str(COLUMNS["match_points"][1])]
    steps += [str(_full_name(t)) for t in tournament.tie_breaks]
    return [
        _("Ranked by %(order)s.") % {"order": _then(steps)},
        _("Pairs still level share a place (=), listed by difference, then by name."),
    ]


def _then(steps: list[str]) -> str:
    if len(steps) == 1:
        return steps[0]
    # Translators: the order of what ranks the standings, "match points, then Buchholz"; the
    # rest may itself be "Buchholz, then difference".
    return _("%(first)s, then %(rest)s") % {"first": steps[0], "rest": _then(steps[1:])}


def _full_name(tie_break: str) -> Any:
    if tie_break in TIE_BREAKS:
        return translated(TIE_BREAKS[tie_break].in_words)
    return tie_break.replace("_", " ")  # a tie-break no longer registered, in a stored event


def _tie_break_columns(tournament: Tournament, rows: list[Mapping[str, Any]]) -> list[str]:
    # The difference has its own column; an older cache kept Buchholz apart from tie-breaks.
    shown = [t for t in tournament.tie_breaks if t in TIE_BREAKS and TIE_BREAKS[t].shown]
    if any("buchholz" in r for r in rows) and "buchholz" not in shown:
        shown.append("buchholz")
    return shown


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
    return str(tie_break_label(value))
