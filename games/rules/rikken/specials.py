"""Rikken's special games when all pass (RULES.md §4): reading one as entered, and what it pays
under money scoring. The words are those of ``game.py``: *schuppen mie* (avoid the queen of
spades and the last trick), *mie en* (avoid queens), *één-vijf-elf* and *één-drie-vijf* (take
exactly 1, 5 or 11 tricks; 1, 3 or 5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Errors, Path, check_known_fields, is_int, read_list, read_seat
from ..messages import msg, pmsg, seat_word
from .contracts import TRICKS

# The special games, each with its name as a choice of the ``all_pass`` rule option.
SPECIAL_GAMES = {
    "schuppen_mie": pmsg("rule choice", "schuppen mie"),
    "mie_en": pmsg("rule choice", "mie en"),
    "one_five_eleven": pmsg("rule choice", "one five eleven"),
    "one_three_five": pmsg("rule choice", "one three five"),
}
SPECIAL_UNITS = 10  # what a loser of a special game pays, or a winner receives
QUEEN_UNITS = 5  # mie en: per queen taken
WINNING_TRICKS = {"one_five_eleven": (1, 5, 11), "one_three_five": (1, 3, 5)}


def sits_out(seat: int) -> str:
    """A seat entered for a player who deals and sits the deal out (five players)."""
    return msg("%(seat)s deals and sits this deal out.", seat=seat_word(seat, capital=True))


def read_schuppen_mie(
    special: Mapping[str, Any], active: list[int], seats: int, errors: Errors
) -> dict[str, Any]:
    """Schuppen mie: who took the queen of spades, and who the last trick."""
    path: Path = ("special",)
    check_known_fields(special, ("game", "queen_of_spades", "last_trick"), errors, path)
    result: dict[str, Any] = {"game": "schuppen_mie"}
    for key in ("queen_of_spades", "last_trick"):
        value = read_seat(special, key, errors, players=seats, path=path)
        if value is not None and value not in active:
            errors.add((*path, key), sits_out(value))
        result[key] = value
    return result


def read_counts(
    special: Mapping[str, Any], game: str, active: list[int], seats: int, errors: Errors
) -> dict[str, Any] | None:
    """Mie en: the queens each seat took; one-five-eleven and one-three-five: the tricks. One
    count per seat, null for a dealer who sits out; they add up to all there are."""
    path: Path = ("special",)
    key = "queens" if game == "mie_en" else "tricks"
    check_known_fields(special, ("game", key), errors, path)
    what = msg("queens, one per seat") if key == "queens" else msg("tricks, one per seat")
    counts = read_list(special, key, errors, length=seats, path=path, what=what)
    if counts is None:
        return None
    total, high = (4, 4) if key == "queens" else (TRICKS, TRICKS)
    values: list[int | None] = []
    for index, value in enumerate(counts):
        if index not in active:
            if value is not None:
                errors.add((*path, key, index), msg("The dealer sits this deal out: null."))
            values.append(None)
            continue
        if not is_int(value) or not 0 <= value <= high:
            errors.add(
                (*path, key, index),
                msg("Must be a whole number from %(low)s to %(high)s.", low=0, high=high),
            )
            continue
        values.append(value)
    if not errors.has(path) and sum(v for v in values if v) != total:
        if key == "queens":
            errors.add((*path, key), msg("The counts must add up to the four queens."))
        else:
            errors.add(
                (*path, key), msg("The counts must add up to the %(all)s tricks.", all=TRICKS)
            )
    return {"game": game, key: values}


def special_payments(special: Mapping[str, Any], active: list[int], seats: int) -> list[int]:
    payments = [0] * seats
    game = special["game"]
    if game == "schuppen_mie":
        _schuppen_mie_payments(special, active, payments)
    elif game == "mie_en":
        _mie_en_payments(special["queens"], active, payments)
    else:
        _tricks_game_payments(special["tricks"], WINNING_TRICKS[game], active, payments)
    return payments


def _schuppen_mie_payments(
    special: Mapping[str, Any], active: list[int], payments: list[int]
) -> None:
    losers = {special["queen_of_spades"], special["last_trick"]}
    if len(losers) == 1:
        (loser,) = losers
        for seat in active:
            payments[seat] = -3 * SPECIAL_UNITS if seat == loser else SPECIAL_UNITS
    else:
        for seat in active:
            payments[seat] = -SPECIAL_UNITS if seat in losers else SPECIAL_UNITS


def _mie_en_payments(queens: list[int], active: list[int], payments: list[int]) -> None:
    clean = [s for s in active if queens[s] == 0]
    if len(clean) == 3:  # one player took all four queens and wins
        for seat in active:
            payments[seat] = -SPECIAL_UNITS if seat in clean else 3 * SPECIAL_UNITS
    elif clean:
        share = QUEEN_UNITS * 4 // len(clean)
        for seat in active:
            payments[seat] = share if seat in clean else -QUEEN_UNITS * queens[seat]


def _tricks_game_payments(
    tricks: list[int], winning: tuple[int, ...], active: list[int], payments: list[int]
) -> None:
    winners = [s for s in active if tricks[s] in winning]
    losers = [s for s in active if s not in winners]
    if winners and losers:
        # Two losers pay 10 each to the two winners; three pay 10 each to the one winner; one
        # pays 10 to each of three winners: a pot of 10 x the larger side, split evenly.
        pot = SPECIAL_UNITS * max(len(losers), len(winners))
        for seat in losers:
            payments[seat] = -pot // len(losers)
        for seat in winners:
            payments[seat] = pot // len(winners)
