"""What every audience's tournament pages show alike (the directors', the public's, a table's),
worked out once in Python so the templates only lay it out: a table's row and scores, its
private links, the labels of the tie-breaks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games import selectors
from games.models import Table, Tournament
from games.pages.matches.board import board
from games.pages.words import isolated
from games.rules import GAMES, get_game
from games.services.table_keys import table_keys
from games.tournaments.formats import get_format
from games.tournaments.tie_breaks import TIE_BREAKS
from games.translation import translated


def tie_break_label(slug: str) -> str:
    """A tie-break's name as a list of choices says it; what decided a place may also be the
    match points, or a tie-break a stored event names that is no longer registered."""
    if slug in TIE_BREAKS:
        return translated(TIE_BREAKS[slug].name)
    if slug == "match_points":
        return _("Match points")
    return slug.replace("_", " ")


def is_pairs(tournament: Tournament) -> bool:
    return get_format(tournament.format).pairs


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


# --- rounds and tables -------------------------------------------------------------------------

# Who spoke for a table's result, as the table keeps it (games.services.tables.Confirmer.record):
# a director's name with their account, or the words a table's phone is recorded by when it
# names nobody (a correction, a reopening).
_DIRECTOR = re.compile(r"^(?P<name>.+) \(director(?: (?P<account>[^()]+))?\)$")
_THE_TABLE = {"table", "the table"}


def said_by(text: Any) -> str:
    """Who confirmed, disputed or changed a result, in the reader's language."""
    text = "" if text is None else str(text)
    if text in _THE_TABLE:
        return _("the table")
    found = _DIRECTOR.match(text)
    if found is None:
        return text
    name, account = isolated(found["name"]), found["account"]
    if not account or account == found["name"]:
        return _("%(name)s (director)") % {"name": name}
    return _("%(name)s (director %(account)s)") % {"name": name, "account": account}


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
        deals = selectors.deal_count(table.match)
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
        "confirmed_by": said_by(table.confirmed_by),
        "confirmed_at": table.confirmed_at,
        "can_confirm": table.match is not None and bool(deals) and table.confirmed_at is None,
        "disputed": table.disputed,
        "amended_by": said_by(table.amended_by),
        "amended_at": table.amended_at,
        "disputed_by": said_by(table.disputed_by),
        "dispute_reason": table.dispute_reason,
        "link": links["scoring"] if links else None,
        "confirm_link": links["confirmation"] if links else None,
    }


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


def director_url(tournament: Tournament, anchor: str = "") -> str:
    """The director's page of the tournament (at ``anchor``)."""
    url = reverse("pages:director-tournament", args=[tournament.public_id])
    return f"{url}#{anchor}" if anchor else url


def with_game_names(items) -> list:
    """The tournaments (or presets) with ``game_name`` set for display."""
    items = list(items)
    for item in items:
        game = GAMES.get(item.game)
        item.game_name = game.name if game else item.game
    return items
