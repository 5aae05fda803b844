"""Rikken in club penalty points (RULES.md §4, "Club penalty points"): nobody pays anyone, each
player collects points, and the lowest total wins the evening. The words are those of
``game.py``.

- *penalty row*: the ``penalty`` object of a contract row, ``{"made", "over", "failed",
  "under"}``: what each opponent gets when the contract is made (and per overtrick), what each
  player of the declaring side gets when it fails (and per trick short).
- *m*: the deal's multiplier, 2 when the deal is *doubled*, else 1.
- *f*: 3 for a contract played alone (a solo failed counts three times), else 1.
- *pot*: several equal misère/piek contracts played at once: each one made puts 3 · Y into a pot
  (Y the ``made`` of the first contract's row), shared by the players who made no contract.
- *leaders*: the players with the lowest total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import MISSING, Errors, Path, check_known_fields, is_int
from ..messages import msg, pmsg

SCORINGS = {
    "payments": pmsg("rule choice", "payments"),
    "penalty_points": pmsg("rule choice", "penalty points"),
}
PENALTY_FIELDS = ("made", "over", "failed", "under")
DEFAULT_PENALTY: Mapping[str, int] = {"made": 5, "over": 1, "failed": 10, "under": 1}
MAX_PENALTY = 1000
SOLO_FACTOR = 3  # a contract played alone and failed counts three times
POT_FACTOR = 3  # each contract made of several at once puts 3 · Y into the pot
BOTH_FACTOR = 4  # schuppen mie: one player took the queen of spades and the last trick
# The all-pass games played under penalty points (schuppen mie the only special game, also when
# the table chooses), and the options that do not apply there: the penalty rows say everything.
PENALTY_ALL_PASS = ("redeal", "dealer_must_bid", "schuppen_mie", "choice")
PENALTY_SPECIAL_GAMES = ("schuppen_mie",)
NOT_APPLIED = {
    "partner_pays": "always",
    "all_tricks_bonus": 1,
    "undertricks": "from_first",
    "simultaneous": "all_others",
    "special_stake": 10,
    "one_five_eleven_pays": "per_loser",
}
ROW_OVERRIDES = ("partner_pays", "all_tricks_bonus")


@dataclass(frozen=True)
class SpecialPenalty:
    """The penalty row of a special all-pass game (only schuppen mie is played for points)."""

    slug: str
    penalty: Mapping[str, int]


DEFAULT_SPECIAL_PENALTIES = (SpecialPenalty("schuppen_mie", {"made": DEFAULT_PENALTY["made"]}),)


# --- reading the rows --------------------------------------------------------------------------


def read_penalty(
    value: Any, errors: Errors, path: Path, fields: Sequence[str] = PENALTY_FIELDS
) -> dict[str, int] | None:
    """A ``penalty`` object: the fields given over the defaults, each a whole number of points
    within bounds. None (with the reasons in ``errors``) when it cannot be read."""
    if not isinstance(value, Mapping):
        errors.add(path, msg("A penalty is an object: %(fields)s.", fields=", ".join(fields)))
        return None
    check_known_fields(value, fields, errors, path)
    for key in fields:
        points = value.get(key, DEFAULT_PENALTY[key])
        if not is_int(points) or not 0 <= points <= MAX_PENALTY:
            errors.add(
                (*path, key),
                msg(
                    "Must be a whole number of penalty points from 0 to %(most)s.",
                    most=MAX_PENALTY,
                ),
            )
    if errors.has(path):
        return None
    return {key: value.get(key, DEFAULT_PENALTY[key]) for key in fields}


def parse_special_penalties(value: Any, errors: Errors, path: Path) -> Any:
    """The ``special_penalties`` rule option: the penalty rows of the special games."""
    if not isinstance(value, list):
        errors.add(
            path, msg('Must be a list like [{"slug": "schuppen_mie", "penalty": {"made": 5}}].')
        )
        return MISSING
    rows = {row.slug: row for row in DEFAULT_SPECIAL_PENALTIES}
    for index, entry in enumerate(value):
        here = (*path, index)
        if not isinstance(entry, Mapping):
            errors.add(here, msg("A penalty row is an object with a slug and a penalty."))
            continue
        check_known_fields(entry, ("slug", "penalty"), errors, here)
        slug = entry.get("slug")
        if not isinstance(slug, str) or slug not in rows:  # a list or object is no slug either
            shown = ", ".join(rows)
            errors.add(
                (*here, "slug"), msg("Only %(games)s is played for penalty points.", games=shown)
            )
            continue
        penalty = read_penalty(entry.get("penalty"), errors, (*here, "penalty"), ("made",))
        if penalty is not None:
            rows[slug] = SpecialPenalty(slug, penalty)
    return MISSING if errors.has(path) else tuple(rows.values())


def special_penalties_from_data(data: Any) -> tuple[SpecialPenalty, ...]:
    return tuple(SpecialPenalty(row["slug"], dict(row["penalty"])) for row in data)


def check_penalty_options(options: Any, errors: Errors) -> None:
    """The options that do not go with penalty points, each refused with its reason."""
    if options.scoring != "penalty_points":
        return
    for name, default in NOT_APPLIED.items():
        if getattr(options, name) != default:
            errors.add(
                ("rules", name),
                msg(
                    "%(option)s does not apply under penalty points: leave it at %(default)s.",
                    option=name,
                    default=default,
                ),
            )
    if options.all_pass not in PENALTY_ALL_PASS:
        errors.add(
            ("rules", "all_pass"),
            msg(
                "Under penalty points all passing means a redeal, the dealer must bid, or "
                "schuppen mie: all_pass must be %(choices)s.",
                choices=", ".join(PENALTY_ALL_PASS),
            ),
        )
    for index, game in enumerate(options.special_games):
        if game not in PENALTY_SPECIAL_GAMES:
            errors.add(
                ("rules", "special_games", index),
                msg(
                    "Under penalty points schuppen mie is the only special game: "
                    "special_games may list %(games)s.",
                    games=", ".join(PENALTY_SPECIAL_GAMES),
                ),
            )
    for index, row in enumerate(options.contracts):
        for name in ROW_OVERRIDES:
            if getattr(row, name) is not None:
                errors.add(
                    ("rules", "contracts", index, name),
                    msg(
                        "%(option)s does not apply under penalty points: the row's penalty "
                        "says what it gives.",
                        option=name,
                    ),
                )


# --- the points of a deal ----------------------------------------------------------------------


def contract_points(entry: Any, active: Sequence[int], m: int) -> tuple[bool, dict[int, int]]:
    """Whether one contract played on its own was made, and the points it gives, by seat."""
    row, t = entry.row, entry.tricks
    penalty, n = row.penalty, row.need
    side = {entry.declarer} | ({entry.partner} if entry.partner is not None else set())
    made = row.made(t)
    if made:
        over = 0 if row.exact else max(0, t - n)
        each = m * (penalty["made"] + penalty["over"] * over)
        return made, {s: each for s in active if s not in side}
    under = 0 if row.exact else max(0, n - t)
    f = SOLO_FACTOR if row.side == "alone" else 1
    each = m * f * (penalty["failed"] + penalty["under"] * under)
    return made, {s: each for s in side}


def pot_points(entries: Sequence[Any], active: Sequence[int], m: int) -> dict[int, int]:
    """Several equal contracts played at once: the pot of those made, shared by those who made
    none (each share rounded, halves up, then times m); a failed declarer also gets 3 · Y · m."""
    y = entries[0].row.penalty["made"]
    made = {e.declarer for e in entries if e.row.made(e.tricks)}
    failed = {e.declarer for e in entries} - made
    sharers = [s for s in active if s not in made]
    share = pot_share(POT_FACTOR * y * len(made), len(sharers))
    points = {s: share * m for s in sharers}
    for seat in failed:
        points[seat] += POT_FACTOR * y * m
    return points


def pot_share(pot: int, sharers: int) -> int:
    """One share of the pot among ``sharers`` players, rounded to the nearest point, halves
    up (0 when nobody shares it)."""
    return (2 * pot + sharers) // (2 * sharers) if sharers else 0


def schuppen_mie_points(special: Mapping[str, Any], made: int, m: int) -> dict[int, int]:
    """The taker of the queen of spades and the taker of the last trick each get m · made; one
    player who took both gets 4 · m · made."""
    queen, last = special["queen_of_spades"], special["last_trick"]
    if queen == last:
        return {queen: BOTH_FACTOR * m * made}
    return {queen: m * made, last: m * made}


def special_penalty(options: Any, slug: str) -> int:
    return next(row.penalty["made"] for row in options.special_penalties if row.slug == slug)


def leaders(points: Sequence[int], players: int) -> list[int]:
    """The seats with the lowest total (never the blind man of three-handed Rikken)."""
    seats = range(players)
    low = min(points[s] for s in seats)
    return [s for s in seats if points[s] == low]
