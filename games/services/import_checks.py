"""Reading an export document before anything is written: its shape, field by field, with the
path of whatever is wrong, and every match folded again through its rules engine, which must
give exactly the outcomes and the state that the document carries."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.dateparse import parse_datetime

from games.names import name_problem, normalise_name
from games.rules import Game, MatchOver, RuleViolation, UnknownGame, fold, get_game
from games.tournaments.formats import get_format

from .errors import ServiceError
from .exports import FORMAT, KINDS, VERSION
from .rounds import seat_players


class ImportRefused(ServiceError):
    """A document that cannot be imported, and why. Nothing was written."""


def first_message(errors: Any) -> str:
    if isinstance(errors, Mapping):
        for key, value in errors.items():
            inner = first_message(value)
            return inner if key == "non_field_errors" else f"{key}: {inner}"
    if isinstance(errors, list) and errors:
        return first_message(errors[0])
    return str(errors)


def plain(value: Any) -> Any:
    """As JSON carries it (tuples become lists), so that a fold compares equal to a document."""
    return json.loads(json.dumps(value))


def first_difference(exported: Any, folded: Any, path: str) -> str | None:
    """Where two plain values first differ, in words; None when they are equal."""
    if isinstance(exported, dict) and isinstance(folded, dict):
        for key in sorted(set(exported) | set(folded)):
            if key not in exported or key not in folded:
                return f"{path}.{key} is only in the {'fold' if key in folded else 'document'}"
            found = first_difference(exported[key], folded[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(exported, list) and isinstance(folded, list) and len(exported) == len(folded):
        for index, (a, b) in enumerate(zip(exported, folded, strict=True)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if exported == folded and type(exported) is type(folded):
        return None
    return f"{path} is {json.dumps(exported)} in the document, {json.dumps(folded)} folded again"


class Node:
    """A part of the document and where it is, so that every refusal names its place."""

    def __init__(self, value: Any, path: str):
        if not isinstance(value, Mapping):
            raise ImportRefused(f"{path} must be an object.")
        self.value, self.path = value, path

    def refuse(self, message: str, key: str | None = None) -> ImportRefused:
        return ImportRefused(f"{self.path}.{key}: {message}" if key else f"{self.path}: {message}")

    def data(self, key: str) -> Any:
        if key not in self.value:
            raise self.refuse("missing.", key)
        return self.value[key]

    def _typed(self, key: str, kinds: tuple[type, ...], what: str, null: bool) -> Any:
        value = self.data(key)
        if value is None and null:
            return None
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise self.refuse(f"must be {what}.", key)
        return value

    def text(self, key: str, *, max_length: int, blank: bool = True) -> str:
        value = self._typed(key, (str,), "a string", False)
        if len(value) > max_length or (not blank and not value):
            raise self.refuse(f"must be a string of 1 to {max_length} characters.", key)
        if "\x00" in value:
            raise self.refuse("must not hold NUL characters.", key)
        return value

    def name(self, key: str, *, max_length: int) -> str:
        value = self.text(key, max_length=max_length, blank=False)
        problem = name_problem(value, max_length=max_length)
        if problem or value != normalise_name(value):
            raise self.refuse(problem or "is not normalised (NFC, trimmed).", key)
        return value

    def integer(self, key: str, *, low: int = 0, high: int = 2**31 - 1, null: bool = False):
        value = self._typed(key, (int,), "a whole number", null)
        if value is not None and not low <= value <= high:
            raise self.refuse(f"must be a whole number from {low} to {high}.", key)
        return value

    def flag(self, key: str) -> bool:
        return self._typed(key, (bool,), "true or false", False)

    def obj(self, key: str) -> dict[str, Any]:
        return self._typed(key, (dict,), "an object", False)

    def items(self, key: str) -> list[Any]:
        return self._typed(key, (list,), "a list", False)

    def node(self, key: str) -> Node:
        return Node(self.data(key), f"{self.path}.{key}")

    def nodes(self, key: str) -> list[Node]:
        return [Node(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.items(key))]

    def ids(self, key: str) -> list[int]:
        values = self.items(key)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise self.refuse("must be a list of ids.", key)
        return values

    def when(self, key: str, *, null: bool = False) -> datetime | None:
        value = self._typed(key, (str,), "a date and time (ISO 8601)", null)
        if value is None:
            return None
        try:
            parsed = parse_datetime(value)
        except ValueError:
            parsed = None
        if parsed is None or parsed.tzinfo is None:
            raise self.refuse("must be a date and time with its offset (ISO 8601).", key)
        return parsed

    def choice(self, key: str, choices: Any) -> str:
        value = self.text(key, max_length=40)
        if value not in choices:
            raise self.refuse(f"must be one of {', '.join(choices)}.", key)
        return value

    def decimal(self, key: str) -> Decimal | None:
        value = self._typed(key, (str,), "a decimal number as a string", True)
        if value is None:
            return None
        try:
            number = Decimal(value)
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite() or number < 0 or number >= 10**8:
            raise self.refuse("must be a decimal number from 0 to 99999999.", key)
        return number


PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def public_id(node: Node) -> str:
    """A match's or a tournament's share id: it goes into addresses as it is."""
    value = node.text("id", max_length=32, blank=False)
    if not PUBLIC_ID.fullmatch(value):
        raise node.refuse("must be letters, digits, - and _ only.", "id")
    return value


def read_header(document: Any) -> Node:
    """The document, once its format and version are known to be ones this server reads."""
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise ImportRefused(
            f'Not a scorekeeper export: the document must say "format": "{FORMAT}".'
        )
    version = document.get("version")
    if version != VERSION or isinstance(version, bool):
        raise ImportRefused(
            f"This is version {json.dumps(version)} of the export format; this server reads "
            f"version {VERSION} only."
        )
    nul = _nul_at(document, "document")
    if nul:
        raise ImportRefused(f"{nul}: NUL characters cannot be stored.")
    shape = DOCUMENTS.get(document.get("kind"))  # type: ignore[arg-type]
    unknown = list(_unknown_fields(document, "document", shape)) if shape else []
    if unknown:
        shown = ", ".join(unknown[:MAX_UNKNOWN_SHOWN])
        more = len(unknown) - MAX_UNKNOWN_SHOWN
        raise ImportRefused(
            f"Fields this format does not know: {shown}"
            + (f" and {more} more" if more > 0 else "")
            + ". A document carries what an export writes, and never a key or its hash."
        )
    root = Node(document, "document")
    root.choice("kind", KINDS)
    root.when("exported_at")
    return root


# The fields of each part of a document, as games.services.exports writes them. A field not
# listed is refused with its path, whatever it holds: an ``edit_key``, ``key_salt`` or
# ``confirm_key_hash`` slipped into a document must not look accepted (and an import must not
# quietly drop what its author thought it carried). A part maps each field to the shape of its
# value: a set of fields for an object, a one-item list for a list of such objects, None for a
# value read as it is (rules, inputs, outcomes, states and reports are checked by the rules
# engines and the import itself).
PLAYER = {"id", "name", "known", "created_at"}
PLAYER_WITH_ACCOUNT = {*PLAYER, "account", "member"}  # in tournament and club documents only
DEAL = {"number", "input", "outcome", "created_at", "updated_at"}
MATCH: dict[str, Any] = {
    **dict.fromkeys(("id", "game", "rules", "setup", "preset", "stake", "version")),
    **dict.fromkeys(("created_at", "updated_at", "seats", "state", "finished")),
    "deals": [DEAL],
}
CORRECTION = {"deal_number", "action", "by", "user", "at", "before", "after"}
TABLE: dict[str, Any] = {
    **dict.fromkeys(("number", "seating", "confirmed_at", "confirmed_by", "disputed_at")),
    **dict.fromkeys(("disputed_by", "dispute_reason", "amended_at", "amended_by", "scorer")),
    "match": MATCH,
    "corrections": [CORRECTION],
}
ROUND: dict[str, Any] = {
    **dict.fromkeys(("number", "status", "report", "requested_at", "drawn_at")),
    "tables": [TABLE],
}
ENTRANT = {"id", "player", "partner", "status", "seed", "joined_round", "created_at"}
TOURNAMENT: dict[str, Any] = {
    **dict.fromkeys(("id", "club", "name", "game", "rules", "preset", "format", "rounds")),
    **dict.fromkeys(("round_kind", "deals_per_round", "table_size", "tie_breaks", "status")),
    **dict.fromkeys(("created_by", "created_at")),
    "entrants": [ENTRANT],
    "rounds_drawn": [ROUND],
}
PRESET = {"game", "name", "description", "rules", "owner", "created_at", "updated_at"}
TRANSFER = {"number", "payer", "payee", "units", "amount", "paid_at"}
EVENING: dict[str, Any] = {
    **dict.fromkeys(("id", "stake", "owner", "version", "closed_at", "created_at")),
    **dict.fromkeys(("updated_at", "players")),
    "matches": [{"number": None, "over": None, "match": MATCH}],
    "transfers": [TRANSFER],
}
SEASON_EVENT = {"tournament", "evening", "added_at"}
SEASON: dict[str, Any] = {
    **dict.fromkeys(("id", "name", "starts_on", "ends_on", "public", "scheme")),
    **dict.fromkeys(("scheme_options", "best", "drop", "min_events", "min_prize_events")),
    **dict.fromkeys(("prizes", "booby", "ladder", "evenings_of", "version", "created_by")),
    "created_at": None,
    "events": [SEASON_EVENT],
}
CLUB: dict[str, Any] = {
    **dict.fromkeys(("name", "slug", "created_at", "directors", "members")),
    "presets": [PRESET],
    "tournaments": [{k: v for k, v in TOURNAMENT.items() if k != "club"}],  # the document's
    # Documents exported before evenings and seasons were kept have neither.
    "evenings": [EVENING],
    "seasons": [SEASON],
}
HEADER = ("format", "version", "kind", "exported_at")
DOCUMENTS: dict[str, dict[str, Any]] = {
    "match": {**dict.fromkeys(HEADER), "players": [PLAYER], "match": MATCH},
    "tournament": {
        **dict.fromkeys(HEADER),
        "players": [PLAYER_WITH_ACCOUNT],
        "tournament": TOURNAMENT,
    },
    "club": {**dict.fromkeys(HEADER), "players": [PLAYER_WITH_ACCOUNT], "club": CLUB},
}
MAX_UNKNOWN_SHOWN = 10


def _unknown_fields(value: Any, path: str, shape: Any):
    """The paths of the fields the format does not know, in document order. A value of the
    wrong kind is left to the checks that read it, which refuse it with their own reason."""
    if isinstance(shape, list):
        if isinstance(value, list):
            for index, item in enumerate(value):
                yield from _unknown_fields(item, f"{path}[{index}]", shape[0])
        return
    if shape is None or not isinstance(value, Mapping):
        return
    fields = shape if isinstance(shape, dict) else dict.fromkeys(shape)
    for key, inner in value.items():
        if key not in fields:
            yield f"{path}.{key}"
        else:
            yield from _unknown_fields(inner, f"{path}.{key}", fields[key])


def _nul_at(value: Any, path: str) -> str | None:
    """Where the first NUL character is, if any: PostgreSQL stores none, in text or in JSON."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, list):
        items = ((f"[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    for key, inner in items:
        where = f"{path}{key}" if str(key).startswith("[") else f"{path}.{key}"
        found = _nul_at(key, where) or _nul_at(inner, where)
        if found:
            return found
    return None


def read_document(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ImportRefused(f"Not a JSON document: {exc}.") from None


@dataclass(frozen=True)
class CheckedMatch:
    node: Node
    engine: Game
    seats: list[int]
    finished: bool
    # The state after each deal, as the fold gave it: the import stores it with the deal.
    states: list[Any]


def check_match(node: Node, players: set[int]) -> CheckedMatch:
    """One match of the document: its rules resolve to themselves, its set-up reads as itself,
    and its deals, folded from scratch, give the exported outcomes and state."""
    try:
        engine = get_game(node.text("game", max_length=20))
    except UnknownGame as exc:
        raise node.refuse(str(exc), "game") from None
    seats = node.ids("seats")
    unknown = [s for s in seats if s not in players]
    if unknown or len(set(seats)) != len(seats):
        raise node.refuse(f"must name players of the document once each ({unknown}).", "seats")
    rules, setup = node.obj("rules"), node.obj("setup")
    try:
        options = engine.resolve_options(rules, players=len(seats))
        read_setup = engine.setup(setup, options)
    except RuleViolation as exc:
        reason = first_message(exc.errors)
        raise node.refuse(f"refused by the rules of {engine.name}: {reason}") from None
    if plain(engine.options_to_data(options)) != rules:
        raise node.refuse("must hold every option, resolved, as exported.", "rules")
    if plain(read_setup) != setup:
        raise node.refuse(f"is not a set-up of {engine.name} as exported.", "setup")
    deals = node.nodes("deals")
    for number, deal in enumerate(deals, start=1):
        if deal.integer("number") != number:
            raise deal.refuse(f"must be {number}: deals are numbered from 1 in order.", "number")
    try:
        state, steps = fold(engine, options, setup, [d.data("input") for d in deals])
    except (RuleViolation, MatchOver) as exc:
        number = exc.deal_number  # type: ignore[attr-defined]
        reason = first_message(exc.errors) if isinstance(exc, RuleViolation) else str(exc)
        raise deals[number - 1].refuse(f"deal {number} is refused by the rules: {reason}") from None
    for deal, step in zip(deals, steps, strict=True):
        found = first_difference(deal.data("outcome"), plain(step.outcome), "outcome")
        if found:
            raise deal.refuse(f"the outcome differs: {found}.")
    found = first_difference(node.data("state"), plain(engine.state_to_data(state)), "state")
    if found:
        raise node.refuse(f"the state differs: {found}.")
    finished = node.flag("finished")
    if finished != engine.is_finished(state):
        raise node.refuse("does not match the state.", "finished")
    states = [engine.state_to_data(step.state) for step in steps]
    return CheckedMatch(node=node, engine=engine, seats=seats, finished=finished, states=states)


def check_table_seats(
    node: Node, checked: CheckedMatch, tournament: Any, seating: list[Any], players: Mapping
) -> None:
    """A table's match seats the players of its entrants (``players``: the document's ids to
    the players made here), as the draw seated them, and plays the tournament's game: the
    standings read the one through the other."""
    pairs = get_format(tournament.format).pairs
    if len(seating) != (2 if pairs else len(checked.seats)):
        raise node.refuse("must list the entrants the match seats.", "seating")
    seated = [players[pk].pk for pk in checked.seats]
    if [p.pk for p in seat_players(tournament, seating)] != seated:
        raise node.refuse("the match must seat the players of the seating, in order.")
    if checked.engine.slug != tournament.game:
        raise node.refuse(f"the match must be of {tournament.game}.", "match")
