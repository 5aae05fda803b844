"""What shared code asks a tournament format, in one class: its slug and label, whether it is
played by pairs, the tables, round kinds and tie-breaks it allows, whether it ends with a final,
and its draw. Pure Python like the rules engines: the draw takes the facts a service gathered
(``DrawRequest``) and returns the tables (``Drawn``); the service stores them.

A format says what its draw needs beyond the field and the earlier seatings
(``needs_standings``, ``needs_results``), so that the service reads only that."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from games.rules.messages import Message, msg

from ..tie_breaks import DEFAULT_TIE_BREAKS

if TYPE_CHECKING:
    from games.tournaments.table_results import TableResult

ROUND_KINDS = frozenset({"deals", "game", "match"})


@dataclass(frozen=True)
class Named:
    """An entrant as the draws see it: compared by id, shown by name in explanations."""

    pk: int
    name: str = field(compare=False)

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class DrawRequest:
    """Everything a draw may read, as plain data.

    ``entrants`` play this round, in standings-free seed order; ``everyone`` is the whole field
    in seed order, the withdrawn too; ``earlier`` holds each earlier round's tables as entrant
    ids in seat order (a bye: one id). ``standings`` (entrant id to its standings row) is given
    to a format that ``needs_standings``; ``previous_report`` (the report of the round before)
    and ``results`` (its confirmed pairs tables by their seating) to one that
    ``needs_results``."""

    number: int
    seed: int
    rounds: int
    table_size: int
    entrants: Sequence[Named]
    everyone: Sequence[Named] = ()
    earlier: Sequence[Sequence[Sequence[int]]] = ()
    sits_out_at_five: bool = False
    partners: bool = False
    standings: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    previous_report: Mapping[str, Any] = field(default_factory=dict)
    results: Mapping[tuple[int, ...], TableResult] = field(default_factory=dict)


@dataclass(frozen=True)
class Drawn:
    """A drawn round: ``tables`` of entrant ids in seat order (pairs: the two pairs), ``byes``,
    the format's ``report`` for the director and its ``notes`` (messages, said later in the
    reader's language)."""

    tables: list[tuple[int, ...]]
    byes: list[int]
    report: dict[str, Any]
    notes: list[Any] = field(default_factory=list)


class Format:
    """A tournament format. Subclass it, set the class attributes, write ``draw``, and register
    an instance in ``games.tournaments.formats``; shared code asks it and never its slug."""

    slug: ClassVar[str]
    label: ClassVar[Message | str]
    # Pairs events register pairs, seat two pairs a table and rank by match points.
    pairs: ClassVar[bool]
    table_sizes: ClassVar[tuple[int, ...]]
    round_kinds: ClassVar[frozenset[str]] = ROUND_KINDS
    # Whether pairs level on match points are separated by the tournament's tie-breaks.
    tie_breaks: ClassVar[bool] = True
    # What a new event of the format ranks by when the director picks nothing: without any,
    # pairs level on match points share a place whatever else separates them.
    default_tie_breaks: ClassVar[tuple[str, ...]] = DEFAULT_TIE_BREAKS
    # A format with a final ends when the final is played, whatever its number of rounds.
    has_final: ClassVar[bool] = False
    # Whether a pair or player registered after the first draw joins the next round.
    late_arrivals: ClassVar[bool] = True
    needs_standings: ClassVar[bool] = False
    needs_results: ClassVar[bool] = False

    def seats_tables_of(self, size: int, *, partners: bool) -> bool:
        """Whether the format seats tables of ``size`` players, in a game played with fixed
        partnerships at the table (``partners``) or without."""
        return size in self.table_sizes

    def is_final(self, report: Mapping[str, Any]) -> bool:
        """Whether the round drawn with ``report`` is the format's final."""
        return False

    def draw(self, request: DrawRequest) -> Drawn:
        raise NotImplementedError

    def report_entrants(
        self, report: Mapping[str, Any], entrant: Callable[[Any], int | None]
    ) -> dict[str, Any]:
        """The draw's report with every entrant id it names passed through ``entrant`` (an
        import gives the entrants new ids); ValueError, saying why, for a report not of the
        format's shape. A report that names no entrant is kept as it is."""
        return dict(report)

    # The format's words, for the refusals shared code gives on its behalf. A format that
    # narrows the round kinds, ranks without tie-breaks or refuses late arrivals says why.

    def table_size_refusal(self, size: int) -> Message:
        return msg("A pairs event seats two pairs a table: tables of 4.")

    def round_kind_refusal(self) -> Message:
        raise NotImplementedError

    def tie_breaks_refusal(self) -> Message:
        raise NotImplementedError

    def late_arrival_refusal(self) -> Message:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Format {self.slug}>"
