"""The interface every game implements, and the small tools the games share to read input.

A match is a fold over its deals: ``state = initial_state(options, setup)``, then for every
entered deal ``deal = parse_deal(raw, state=state, options=options)`` checks the input against the
rules and the current state, and ``result = play(state, deal, options)`` returns the deal's
outcome and the new state. Everything here is plain Python and plain data; the Django layer
stores what was entered and caches ``to_data(state)``.
"""

from __future__ import annotations

import dataclasses
import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .errors import Errors, MessageError, Path, RuleViolation  # noqa: F401  (Path: for the games)
from .inputs import (  # noqa: F401  (the games read input through base, as before)
    A_TEAM,
    MISSING,
    REQUIRED,
    TRICKS_TAKEN,
    check_known_fields,
    either,
    is_int,
    read_bool,
    read_choice,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from .messages import Message, alternatives, msg, nmsg
from .options import option, option_fields, read_option  # noqa: F401  (option: for the games)

# --- the game interface ------------------------------------------------------------------------

O = TypeVar("O")  # noqa: E741 - options
S = TypeVar("S")  # state
D = TypeVar("D")  # parsed deal input
T = TypeVar("T")  # whoever sits in a seat


@dataclass(frozen=True)
class SeatTotals:
    """Each player's own total in a match's state, for a game that scores players one by one:
    units of money won (+) or lost (-) when ``money``, else points, the lowest best when
    ``lowest_wins`` (penalty points)."""

    values: tuple[int, ...]
    money: bool = False
    lowest_wins: bool = False


@dataclass(frozen=True)
class Preset:
    """Built-in house rules: a key, the game's slug, a name and a line of description, and only
    the options that differ from the game's defaults."""

    key: str
    game: str
    name: str
    description: str
    rules: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class ContractPlayed:
    """A contract of a deal as one player played it: its slug in the game's table of contracts,
    the player's ``role`` (``declarer`` or ``partner``) and whether it was made."""

    contract: str
    role: str
    made: bool


@dataclass(frozen=True)
class GameWon:
    """A game of a match played as several games (Marafon's best of three), won: by which
    partnership, how (``"points"``; ``"claim"``, on a right claim; ``"failed_claim"``, after the
    other side's wrong one) and, read from the state, each partnership's total at its end."""

    winner: int
    by: str = "points"
    scores: tuple[int, ...] = ()


@dataclass(frozen=True)
class ClaimMade:
    """A player's claim, in a deal, that their side had reached the target, and its verdict."""

    seat: int
    correct: bool


# A JSON Schema fragment for the games' declarations (``deal_schema`` and its kind): one
# whole number per seat or per team.
INTEGERS: dict[str, Any] = {"type": "array", "items": {"type": "integer"}}


@dataclass(frozen=True)
class DealResult(Generic[S]):
    """What one deal did: its outcome (plain data, as the API shows it) and the state after it."""

    outcome: dict[str, Any]
    state: S


class MatchOver(MessageError):
    """A deal was offered to a match that is already decided."""


class Direction(enum.Enum):
    """Which way play goes round the table, seen from above (RULES.md §0). Seats are numbered
    in the order of play, so the same chairs read in opposite order in the two directions."""

    ANTICLOCKWISE = "anticlockwise"
    CLOCKWISE = "clockwise"


def order_of_play_from(seated: Sequence[T], *, was: Direction, now: Direction) -> list[T]:
    """The players of a table that stays in its chairs, in the order of play of a game going
    ``now`` after one going ``was``: seat 0 keeps seat 0 and the others are read the other way
    round, so [A, B, C, D] becomes [A, D, C, B] and partners across the table stay partners."""
    if was is now or not seated:
        return list(seated)
    return [seated[0], *reversed(seated[1:])]


class Game(ABC, Generic[O, S, D]):
    slug: ClassVar[str]
    # The game's own name, a proper name said alike in every language: never translated.
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    # Which way play goes round the table; seat n+1 is the next player in this direction.
    direction: ClassVar[Direction] = Direction.ANTICLOCKWISE
    money: ClassVar[bool] = False
    Options: ClassVar[type]
    # Its built-in house rules, offered where a match or an event starts (games.rules.presets).
    presets: ClassVar[tuple[Preset, ...]] = ()
    # Set-up fields entered beside the rules when a match is created (Malilla's albur).
    setup_fields: ClassVar[tuple[str, ...]] = ()
    # The fields of the game's plain data that the API's schema names (JSON Schema properties,
    # described in the game's words): a deal as entered, its outcome, the match state. The API
    # merges every game's (api/serializers/game_data.py); every field is allowed either way.
    deal_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    outcome_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    state_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    # options

    def resolve_options(self, raw: Mapping[str, Any] | None, *, players: int) -> O:
        """Every option resolved from the defaults and the options that differ from them.
        Unknown options and bad values raise a RuleViolation naming them under ``rules``."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise RuleViolation.at("rules", msg("Must be an object of rule options."))
        errors = Errors()
        known = {f.name: f for f in option_fields(self.Options)}
        values: dict[str, Any] = {}
        for key, value in raw.items():
            fld = known.get(key)
            if fld is None:
                errors.add(("rules", key), msg("Unknown rule option for %(game)s.", game=self.name))
                continue
            parsed = read_option(fld, value, errors)
            if parsed is not MISSING:
                values[key] = parsed
        if "players" in known:
            if (
                "players" in raw
                and values.get("players", players) != players
                and (not errors.has(("rules", "players")))
            ):
                errors.add(
                    ("rules", "players"),
                    nmsg(
                        "%(count)s player was entered; the players option says %(option)s.",
                        "%(count)s players were entered; the players option says %(option)s.",
                        players,
                        option=values["players"],
                    ),
                )
            values.setdefault("players", players)
            problem = self.check_players(values["players"])
            if problem and not errors.has(("rules", "players")):
                errors.add("players", problem)
        errors.raise_if_any()
        resolved = self.Options(**values)
        self.check_options(resolved, errors)
        errors.raise_if_any()
        return self.finish_options(resolved)

    def check_options(self, options: O, errors: Errors) -> None:
        """Checks that involve several options at once."""

    def finish_options(self, options: O) -> O:
        """Fills options whose default depends on others (``bella_target`` = ``target``)."""
        return options

    def options_to_data(self, options: O) -> dict[str, Any]:
        return to_data(options)

    def options_from_data(self, data: Mapping[str, Any]) -> O:
        return self.Options(**data)

    def describe_options(self) -> list[dict[str, Any]]:
        """Every option with its default, name for people (``label``) and one-line explanation,
        and each choice's name for people (``choice_labels``), for forms and the API."""
        described = []
        for fld in option_fields(self.Options):
            meta = fld.metadata
            labels = meta.get("choice_labels", {})
            described.append(
                {
                    "name": fld.name,
                    "label": meta.get("label") or fld.name.replace("_", " "),
                    "default": to_data(fld.default),
                    "help": meta["help"],
                    "kind": meta["kind"].__name__,
                    "choices": list(meta["choices"]) or None,
                    "choice_labels": {
                        c: labels.get(c) or str(c).replace("_", " ") for c in meta["choices"]
                    },
                }
            )
        return described

    def check_players(self, count: int) -> str | None:
        if count not in self.player_counts:
            counts = alternatives(self.player_counts)
            return msg("%(game)s is played by %(counts)s players.", game=self.name, counts=counts)
        return None

    def teams(self, options: O) -> list[list[int]] | None:
        """The seats of each partnership, or None when everybody plays for themselves."""
        return None

    # tournaments: what a club event needs to know of the game

    # Tables of five where a field of an individual event does not divide by four, the dealer
    # sitting out each deal (Rikken).
    sits_out_at_five: ClassVar[bool] = False

    def lowest_wins(self, options: O) -> bool:
        """Whether the lowest total ranks first (penalty points), in standings and on the
        scoreboard."""
        return False

    def plays_for_money(self, options: O) -> bool:
        """Whether a match under these rules is settled in money (a stake, a settle-up)."""
        return self.money

    def one_game_rules(self, rules: dict[str, Any]) -> dict[str, Any]:
        """The rules of a tournament table whose round is one game (for a game whose match is
        several games, a single one)."""
        return rules

    def team_points(self, state: Mapping[str, Any], team: int, options: O) -> int:
        """What a partnership scored at a tournament table, from the match state's data: the
        points a pairs event ranks by, and each partner's total in an individual event."""
        raise NotImplementedError(f"{self.name} has no partnerships.")

    def result_unit(self, options: O) -> str:
        """What a match under these rules is decided in, as its result is told (an evening's
        list of matches): ``"units"`` won or lost by each player of a money game,
        ``"penalty_points"`` of each player where the lowest total wins, else a partnership's
        ``"points"``; a game decided otherwise says so (``"games"`` won, ``"chips"``)."""
        if self.plays_for_money(options):
            return "units"
        if self.lowest_wins(options):
            return "penalty_points"
        return "points"

    def team_result(self, state: Mapping[str, Any], team: int, options: O) -> int:
        """A partnership's result in ``result_unit``, from the match state's data."""
        return self.team_points(state, team, options)

    def seat_points(self, state: Mapping[str, Any], seat: int, options: O) -> int:
        """What one player scored at a tournament table of an individual event: their
        partnership's points, or in a game without partnerships their own total."""
        teams = self.teams(options)
        if teams:
            return self.team_points(
                state, next(t for t, s in enumerate(teams) if seat in s), options
            )
        totals = self.seat_totals(state)
        if totals is None:
            raise NotImplementedError(f"{self.name} keeps no total per player (seat_totals).")
        return totals.values[seat]

    # what compares matches, whatever their game: an evening's totals, a player's statistics,
    # club ratings (games.rules.seat_results)

    def seat_totals(self, state: Mapping[str, Any]) -> SeatTotals | None:
        """Each player's own total, read from the state's data, when players are scored one by
        one (a money game's balances, penalty points); None when partners share their side's
        points, which ``team_points`` counts."""
        return None

    # Whether a deal's outcome tells how its contracts went (a game played from a table of
    # contracts, Rikken): a player's statistics then count each contract played and made.
    tells_contracts: ClassVar[bool] = False

    def contracts_played(self, outcome: Mapping[str, Any], seat: int) -> list[ContractPlayed]:
        """The contracts of one deal (its outcome's data) that ``seat`` played, as declarer or
        as partner."""
        return []

    # what the pages say of a match's course, whatever its game: the history's totals after each
    # deal, the games of a match of several, a claim's verdict (games.pages.matches.history)

    def side_totals(self, state: Mapping[str, Any], options: O) -> tuple[int, ...]:
        """Each partnership's running total as the table keeps it, read from the state's data
        after a deal: its ``team_points`` unless the table counts something else (the game
        under way in a match of several, the chips on the table). A game that scores players
        one by one gives ``seat_totals`` instead."""
        teams = self.teams(options) or []
        return tuple(self.team_points(state, team, options) for team in range(len(teams)))

    def game_won(self, outcome: Mapping[str, Any]) -> GameWon | None:
        """The game of a match of several that a deal won (its outcome's data), if it won one."""
        return None

    def games_won(self, state: Mapping[str, Any]) -> list[GameWon]:
        """The games of a match of several won so far (the state's data), in order."""
        return []

    def claim_made(self, outcome: Mapping[str, Any]) -> ClaimMade | None:
        """The claim a deal was decided by (its outcome's data), if the game has claims."""
        return None

    # explanations: how a deal's numbers came about, in plain words

    # Every kind of outcome a deal of this game can have (a contract made or failed, all pass, a
    # claim, a deal annulled...), each explained in words of its own. The explanation tests
    # hold an example of every kind and fail on a kind without one.
    outcome_kinds: ClassVar[tuple[str, ...]] = ()

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        """Which of ``outcome_kinds`` a deal's outcome is."""
        raise NotImplementedError(f"{self.name} names no kinds of outcome.")

    def explain(
        self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: O
    ) -> list[Message]:
        """A deal's outcome line by line, in plain words: what was played, each step of the
        count with its figures ("base 1 + 1 overtrick = 2 each"), who paid whom, and the house
        rule that applied. Seats and teams are said with ``seat_word`` and ``team_word``, so the
        pages put the players' names in their place. From the deal as entered and its outcome
        alone (both stored), so a deal of any age is explained without replaying its match."""
        return []

    # set-up and state

    def setup(self, raw: Mapping[str, Any], options: O) -> dict[str, Any]:
        """Reads the set-up fields of a new match (plain data, stored with the match); a field
        that this game does not take is refused."""
        errors = Errors()
        check_known_fields(raw, self.setup_fields, errors)
        errors.raise_if_any()
        return self.read_setup(raw, options)

    def read_setup(self, raw: Mapping[str, Any], options: O) -> dict[str, Any]:
        return {}

    @abstractmethod
    def initial_state(self, options: O, setup: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def state_to_data(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_data(self, data: Mapping[str, Any], options: O | None = None) -> S:
        """The state from its cached data; ``options`` where the data alone is ambiguous."""

    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    def turn(self, state: S, options: O) -> S | None:
        """The state with the deal moved on once, as after a deal played the usual way, its
        scores untouched: who deals and leads next when that follows from the rotation alone.
        None when it depends on how the deal went, or when who starts is not known yet. (A
        phone with deals waiting to be sent shows the roles of the deal after them.)"""
        return None

    # deals

    @abstractmethod
    def parse_deal(self, raw: Any, *, state: S, options: O) -> D:
        """Checks one deal's input against the rules and the current state."""

    @abstractmethod
    def play(self, state: S, deal: D, options: O) -> DealResult[S]:
        """Folds one deal into the match state."""

    def record(self, raw: Any, *, state: S, options: O) -> DealResult[S]:
        """Parses and plays one entered deal; refuses one after the end of the match."""
        if self.is_finished(state):
            raise MatchOver(
                msg("This %(game)s match is over; it takes no more deals.", game=self.name)
            )
        if not isinstance(raw, Mapping):
            raise RuleViolation(msg("A deal must be an object."))
        return self.play(state, self.parse_deal(raw, state=state, options=options), options)


@dataclass(frozen=True)
class FoldStep:
    number: int
    outcome: dict[str, Any]
    state: Any


def fold(
    game: Game,
    options: Any,
    setup: Mapping[str, Any],
    deals: Iterable[Any],
    *,
    start: Any = None,
    first: int = 1,
) -> tuple[Any, list[FoldStep]]:
    """Replays a match: the final state and every deal's outcome, from scratch, or from
    ``start`` (the state before deal ``first``) when only the deals from ``first`` on change.
    A RuleViolation or MatchOver carries the number of the deal that failed in ``deal_number``."""
    state = game.initial_state(options, setup) if start is None else start
    steps = []
    for number, raw in enumerate(deals, start=first):
        try:
            result = game.record(raw, state=state, options=options)
        except (RuleViolation, MatchOver) as exc:
            exc.deal_number = number  # type: ignore[attr-defined]
            raise
        state = result.state
        steps.append(FoldStep(number, result.outcome, state))
    return state, steps


# --- plain data --------------------------------------------------------------------------------


def to_data(value: Any) -> Any:
    """Dataclasses, tuples and enums as JSON-ready dicts, lists and strings."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_data(v) for k, v in value.items()}
    return value
