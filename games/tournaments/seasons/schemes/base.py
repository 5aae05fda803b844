"""What shared code asks a season's points scheme, in one class: its slug and label, which facts
of an event result it reads, whether the season's events must be of one game, how its options
are checked, and the points (with their explanation) one result is worth. Pure Python, like the
rules engines and the tournament formats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

from games.rules.messages import Message, msg

Number = int | Fraction

# The facts an event gives about a member: always their place and the field's size; the score
# and the match points where the scheme asks for them (reading them costs the service more).
FACTS = frozenset({"place", "field", "score", "match_points"})


@dataclass(frozen=True)
class EventResult:
    """One member's result at one event of the season: ``place`` (1 is best; shared places are
    equal), ``field`` the number ranked at the event, ``score`` the event's own score for the
    member (higher is better: the service negates penalty points) and ``match_points`` (2 for
    each table or match won, 1 for one shared), each ``None`` when not read."""

    event: Any
    member: Any
    place: int
    field: int
    score: Number | None = None
    match_points: Number | None = None


class PointsScheme:
    """A season's points scheme. Subclass it, set the class attributes, write ``points`` and
    ``explain``, and register an instance in ``games.tournaments.seasons.schemes``; shared code
    asks it and never compares its slug."""

    slug: ClassVar[str]
    label: ClassVar[Message | str]
    # The facts of a result the scheme reads (a subset of FACTS): the service reads only these.
    needs: ClassVar[frozenset[str]] = frozenset({"place", "field"})
    # Whether the season's events must all be of one game (an own score is in the game's unit).
    one_game: ClassVar[bool] = False
    # The options a new season of the scheme starts from (a director may change them).
    default_options: ClassVar[Mapping[str, Any]] = {}
    # Each option's words on the director's form.
    option_labels: ClassVar[Mapping[str, Message | str]] = {}

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Message]:
        """The problems of ``options``, by option name (empty: they are fine)."""
        unknown = set(options) - set(self.default_options)
        return {name: _unknown(name) for name in sorted(unknown)}

    def resolve(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return {**self.default_options, **(options or {})}

    def points(self, result: EventResult, options: Mapping[str, Any]) -> Number:
        raise NotImplementedError

    def explain(self, result: EventResult, options: Mapping[str, Any]) -> Message:
        """How ``result`` came to its points, in one line (a ``Message``)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<PointsScheme {self.slug}>"


def exact(value: Any) -> Number:
    """Whole numbers stay ints; others become exact fractions, so equal sums are equal."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal | Fraction):
        raise TypeError(value)
    if isinstance(value, int):
        return value
    fraction = Fraction(value)
    return fraction.numerator if fraction.denominator == 1 else fraction


def whole(value: Any, *, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _unknown(name: str) -> Message:
    return msg("Unknown option %(name)s for this points scheme.", name=repr(name))
