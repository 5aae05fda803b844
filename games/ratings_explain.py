"""A rating change in plain words: the result it came from (the event and its day, the place
among how many, or won or lost with the score, and the other places), the rating before and
after, skill (μ) and uncertainty (σ) before and after, and one line on what the rating means.

Pure Python, no Django, as the rules engines are: it takes the facts as plain data and gives
``Message``s, said in the reader's language by ``games.translation.translated``. The Django
side (games.selectors.ratings) reads the facts: a rating step keeps only the values after a
result, so the values before are the player's previous step, or openskill's starting rating
for their first result.

The rating shown is openskill's ordinal, μ − 3σ: skill less three times its uncertainty, so a
new player starts at 0 and rises as results come in and the uncertainty falls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.names import isolate
from games.rules.messages import Message, msg, nmsg, pmsg

# Numbers as the page's language writes them: the plain text ("-1.23", "+5") goes in, the
# language's decimal mark and sign placement come out (the Django side gives one).
Written = Callable[[str], str]


def _plain(text: str) -> str:
    return text


@dataclass(frozen=True)
class Skill:
    """openskill's estimate of a player: ``mu`` the skill, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The number the list is ranked by (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


# openskill's starting rating (PlackettLuce().rating(): mu 25, sigma 25/3; tested against the
# library), where every player's first result starts from.
START = Skill(25.0, 25 / 3)


@dataclass(frozen=True)
class Side:
    """One side of a rated result: its players' names, its place (1 the best, shared when
    level) and its score in the match's unit (``RatedResult.unit``)."""

    names: tuple[str, ...]
    place: int
    score: int


@dataclass(frozen=True)
class RatedResult:
    """One step of a player's rating history: the result (``sides``, the player's being
    ``mine``; none when the match is gone) and the player's skill before and after it.
    ``event`` names the result (a message or a typed name), ``day`` is its ISO date, ``unit``
    what the score counts (the game's ``result_unit``: units, points, penalty_points, games,
    chips)."""

    day: str
    event: Any
    unit: str
    sides: tuple[Side, ...]
    mine: int | None
    before: Skill
    after: Skill
    first: bool = False


# --- what a result is called -------------------------------------------------------------------


def table_event(tournament: str, round_number: int, table: int) -> Message:
    """A tournament table's result: "Drive, round 2, table 3"."""
    return msg(
        "%(event)s, round %(round)s, table %(table)s",
        event=isolate(tournament),
        round=round_number,
        table=table,
    )


def evening_event(number: int) -> Message:
    """A match of an evening (a session)."""
    return msg("Match %(n)s of the evening", n=number)


def friendly_event() -> Message:
    return msg("A friendly match")


def gone_event() -> Message:
    """A step whose match was deleted since (the list is rebuilt without it soon after)."""
    return msg("A match deleted since")


def steps_before(after: Sequence[Skill]) -> list[Skill]:
    """The skill before each step, from the skills after them (oldest first): each step starts
    where the previous one ended, the first from openskill's starting rating."""
    return [START, *after[:-1]] if after else []


def _counted(value: int, unit: str, written: Written) -> Message | str:
    """A score with the word of what it counts, in the form the language gives that number;
    gains and losses (units, chips) with their sign."""
    signed = unit in ("units", "chips") and value
    n = written(f"{value:+d}" if signed else str(value))
    count = abs(value)
    if unit == "units":
        return nmsg("%(n)s unit", "%(n)s units", count, n=n)
    if unit == "points":
        return nmsg("%(n)s point", "%(n)s points", count, n=n)
    if unit == "penalty_points":
        return nmsg("%(n)s penalty point", "%(n)s penalty points", count, n=n)
    if unit == "games":
        return nmsg("%(n)s game", "%(n)s games", count, n=n)
    if unit == "chips":
        return nmsg("%(n)s chip", "%(n)s chips", count, n=n)
    return n


def _names(side: Side) -> str:
    # Partners as the pages write them ("Ana & Dai"), each name isolated from the words around.
    return " & ".join(isolate(name) for name in side.names)


def _listed(items: Sequence[Any]) -> Any:
    """``a; b; c`` with the language's separator between the items of a list."""
    if len(items) == 1:
        return items[0]
    # Translators: a list of places, "Ana: place 1, +5 units; Bo: place 3, -2 units".
    return pmsg("list", "%(first)s; %(rest)s", first=items[0], rest=_listed(items[1:]))


def _result(result: RatedResult, written: Written) -> list[Message]:
    """Won or lost with the score against one other side; else the place among how many and
    the other places."""
    if result.mine is None or not result.sides:
        return []
    mine = result.sides[result.mine]
    others = [side for n, side in enumerate(result.sides) if n != result.mine]
    score = _counted(mine.score, result.unit, written)
    if len(others) == 1:
        other = others[0]
        said = {
            "others": _names(other),
            "mine": score,
            "theirs": _counted(other.score, result.unit, written),
        }
        if mine.place < other.place:
            return [msg("Won against %(others)s: %(mine)s to %(theirs)s.", **said)]
        if mine.place > other.place:
            return [msg("Lost to %(others)s: %(mine)s to %(theirs)s.", **said)]
        return [msg("Level with %(others)s: %(mine)s to %(theirs)s.", **said)]
    field = len(result.sides)
    if any(side.place == mine.place for side in others):
        place = msg(
            "Place %(place)s of %(field)s, shared: %(score)s.",
            place=mine.place,
            field=field,
            score=score,
        )
    else:
        place = msg(
            "Place %(place)s of %(field)s: %(score)s.", place=mine.place, field=field, score=score
        )
    places = [
        msg(
            "%(names)s: place %(place)s, %(score)s",
            names=_names(side),
            place=side.place,
            score=_counted(side.score, result.unit, written),
        )
        for side in sorted(others, key=lambda side: side.place)
    ]
    return [place, msg("The other places: %(places)s.", places=_listed(places))]


def _decimal(value: float, places: int, written: Written, *, sign: bool = False) -> str:
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    if float(text) == 0:  # "-0.00" and "+0.00" say no change
        text = f"{0:.{places}f}"
    return written(text)


def explain_rating_change(result: RatedResult, *, written: Written = _plain) -> tuple[Message, ...]:
    """The step's explanation, sentence by sentence. ``written`` writes a number as the
    reader's language does (by default as it is: "1.25")."""
    before, after = result.before, result.after
    said: list[Message] = [msg("%(day)s: %(event)s.", day=result.day, event=result.event)]
    said += _result(result, written)
    said.append(
        msg(
            "Rating before and after: %(before)s → %(after)s (%(change)s).",
            before=_decimal(before.rating, 2, written),
            after=_decimal(after.rating, 2, written),
            # The change of the numbers shown, so that the sentence adds up.
            change=_decimal(
                round(after.rating, 2) - round(before.rating, 2), 2, written, sign=True
            ),
        )
    )
    said.append(
        msg(
            "Skill (μ) before and after: %(before)s → %(after)s.",
            before=_decimal(before.mu, 3, written),
            after=_decimal(after.mu, 3, written),
        )
    )
    said.append(
        msg(
            "Uncertainty (σ) before and after: %(before)s → %(after)s.",
            before=_decimal(before.sigma, 3, written),
            after=_decimal(after.sigma, 3, written),
        )
    )
    if result.first:
        said.append(
            msg(
                "A first rated result: every player starts at skill %(mu)s, uncertainty "
                "%(sigma)s, a rating of %(rating)s.",
                mu=_decimal(START.mu, 3, written),
                sigma=_decimal(START.sigma, 3, written),
                rating=_decimal(START.rating, 2, written),
            )
        )
    said.append(
        msg(
            "The rating is a cautious estimate: skill minus three times the uncertainty "
            "(μ − 3σ); it rises as results come in and the uncertainty falls."
        )
    )
    return tuple(said)
