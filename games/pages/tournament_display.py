"""What the tournament pages show, worked out once in Python so the templates only lay it out.

The standings and the draw reports are JSON caches written by other code and their shape grows
over time, so everything here reads them defensively: an unknown or missing key shows as a dash,
never as an error."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import selectors
from games.models import Correction, Entrant, Table, Tournament
from games.rules import get_game
from games.services.table_keys import table_keys

from .board import board

TIE_BREAK_LABELS = {
    "difference": gettext_lazy("Difference"),
    "buchholz": gettext_lazy("Buchholz"),
    "sonneborn_berger": gettext_lazy("Sonneborn-Berger"),
    "head_to_head": gettext_lazy("Head to head"),
    "match_points": gettext_lazy("Match points"),
}


def is_pairs(tournament: Tournament) -> bool:
    # Every format but the individual one is played by pairs.
    return tournament.format != Tournament.Format.INDIVIDUAL


def number(value: Any) -> str:
    """A standings value as people read it: 7, 3.5, -2; a dash when there is none."""
    if value is None or isinstance(value, (dict, list)):
        return "–"
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, Fraction):
        return number(float(value))
    return str(value)


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


# --- rounds and tables -------------------------------------------------------------------------


def match_table(match) -> Table | None:
    """The tournament table a match is played at, if any, holding the match already loaded."""
    table = selectors.match_table(match)
    if table is not None:
        table.match = match  # already loaded, with its seats and deals
    return table


def table_links(request, table: Table) -> dict[str, str] | None:
    """A table's two private links (directors only): scoring, and confirmation."""
    keys = table_keys(table)
    if keys is None:
        return None
    public_id = table.match.public_id
    return {
        "scoring": request.build_absolute_uri(
            reverse("pages:edit-link", args=[public_id, keys.scoring])
        ),
        "confirmation": request.build_absolute_uri(
            reverse("pages:confirm-link", args=[public_id, keys.confirmation])
        ),
    }


def table_row(
    tournament: Tournament,
    table: Table,
    names: Mapping[int, str],
    links: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    deals = getattr(table, "deal_count", None)
    if deals is None and table.match is not None:
        deals = table.match.deals.count()
    return {
        "table": table,
        "number": table.number,
        "names": [names.get(e, "?") for e in table.seating],
        "pairs": is_pairs(tournament),
        "bye": table.match is None,
        "match": table.match,
        "deals": deals or 0,
        "deals_per_round": tournament.deals_per_round,
        "confirmed": table.confirmed_at is not None,
        "confirmed_by": table.confirmed_by,
        "confirmed_at": table.confirmed_at,
        "can_confirm": table.match is not None and bool(deals) and table.confirmed_at is None,
        "disputed": table.disputed,
        "amended_by": table.amended_by,
        "amended_at": table.amended_at,
        "disputed_by": table.disputed_by,
        "dispute_reason": table.dispute_reason,
        "link": links["scoring"] if links else None,
        "confirm_link": links["confirmation"] if links else None,
    }


def report_view(report: Any, names: Mapping[int, str]) -> dict[str, Any]:
    """The parts of a draw's report worth showing: its notes, the reason a draw failed, and
    how many repeats or rematches it could not avoid."""
    if not isinstance(report, Mapping):
        return {}
    notes = report.get("notes")
    view: dict[str, Any] = {
        "notes": [str(n) for n in notes if n] if isinstance(notes, list) else [],
        "error": str(report["error"]) if report.get("error") else "",
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


def table_scores(tournament: Tournament, table: Table) -> list[dict[str, Any]]:
    """The match's score at a table, as its scoreboard shows it: per player or per team."""
    match = table.match
    if match is None:
        return []
    engine = get_game(match.game)
    names = [seat.player.name for seat in match.seats.all()]
    try:
        teams = engine.teams(engine.options_from_data(match.rules))
        rows = board(match.game, match.state, names, teams, None, match.rules)["rows"]
    except (KeyError, IndexError, TypeError, ValueError):
        # A cached state from an older shape: the results page still shows the rest.
        return []
    return [{"label": r["label"], "value": r["value"]} for r in rows]


# --- corrections -------------------------------------------------------------------------------

MAX_CHANGES = 4


def corrections_of(tournament: Tournament, limit: int = 200) -> list[dict[str, Any]]:
    rows = (
        Correction.objects.filter(table__round__tournament=tournament)
        .select_related("table__round")
        .order_by("-at", "-id")[:limit]
    )
    return [
        {
            "round": c.table.round.number,
            "table": c.table.number,
            "deal": c.deal_number,
            "action": c.action,
            "by": c.by,
            "at": c.at,
            "change": change_brief(c.before, c.after),
        }
        for c in rows
    ]


def change_brief(before: Any, after: Any) -> str:
    """What a correction changed, in a line: ``contracts 1 tricks: 0 → 1``."""
    if after is None:
        return _("removed (%(deal)s)") % {"deal": _compact(before)}
    if before is None:
        return _compact(after)
    old, new = dict(_flatten(before)), dict(_flatten(after))
    changed = [k for k in {**old, **new} if old.get(k) != new.get(k)]
    if not changed:
        return _("no change")
    parts = [f"{k}: {_compact(old.get(k))} → {_compact(new.get(k))}" for k in changed]
    if len(parts) > MAX_CHANGES:
        parts = [*parts[:MAX_CHANGES], "…"]
    return "; ".join(parts)


def _flatten(value: Any, path: str = ""):
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _flatten(item, f"{path} {key}".strip())
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(value, start=1):
            yield from _flatten(item, f"{path} {index}".strip())
    else:
        yield path or "deal", value


def _compact(value: Any, limit: int = 40) -> str:
    if value is None:
        return "–"
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 1] + "…"
