"""Rikken's special games when all pass (RULES.md §4): the club's list of them, reading one as
entered, and what it pays under money scoring. The words are those of ``game.py``: *schuppen
mie* (avoid the queen of spades and the last trick), *mie en* (avoid queens), *één-vijf-elf* and
*één-drie-vijf* (take exactly 1, 5 or 11 tricks; 1, 3 or 5).

- *special stake* (``special_stake``, 10 by default): what a loser of a special game pays; mie
  en pays half of it a queen.
- *the table chooses* (``all_pass: "choice"``): each all-pass deal names its game, one of the
  club's ``special_games``, or is dealt again.
- *per pair* (``one_five_eleven_pays``): in 1-5-11 and 1-3-5 each loser pays the stake to each
  winner; *per loser* (the default) the losers' stakes are shared by the winners.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import MISSING, Errors, Path, check_known_fields, is_int, read_list, read_seat
from ..messages import msg, pmsg
from .contracts import TRICKS
from .seats import sits_out

# The special games, each with its name as a choice of the ``all_pass`` rule option.
SPECIAL_GAMES = {
    "schuppen_mie": pmsg("rule choice", "schuppen mie"),
    "mie_en": pmsg("rule choice", "mie en"),
    "one_five_eleven": pmsg("rule choice", "one five eleven"),
    "one_three_five": pmsg("rule choice", "one three five"),
}
SPECIAL_UNITS = 10  # the default stake: what a loser of a special game pays
MAX_SPECIAL_STAKE = 1000
WINNING_TRICKS = {"one_five_eleven": (1, 5, 11), "one_three_five": (1, 3, 5)}
ONE_FIVE_ELEVEN_PAYS = {
    "per_loser": pmsg("rule choice", "per loser"),
    "per_pair": pmsg("rule choice", "per pair"),
}


def parse_special_games(value: Any, errors: Errors, path: Path) -> Any:
    """The ``special_games`` rule option: the special games a club plays when all pass and the
    table chooses, each at most once, in the club's order."""
    if not isinstance(value, list | tuple):
        errors.add(
            path, msg("Must be a list of special games: %(games)s.", games=", ".join(SPECIAL_GAMES))
        )
        return MISSING
    seen: list[str] = []
    for index, game in enumerate(value):
        if not isinstance(game, str) or game not in SPECIAL_GAMES:
            errors.add(
                (*path, index),
                msg("Must be one of %(choices)s.", choices=", ".join(SPECIAL_GAMES)),
            )
        elif game in seen:
            errors.add((*path, index), msg("%(game)s is listed twice.", game=game))
        else:
            seen.append(game)
    return MISSING if errors.has(path) else tuple(seen)


def read_schuppen_mie(
    special: Mapping[str, Any], active: list[int], seats: int, errors: Errors, dealer: int
) -> dict[str, Any]:
    """Schuppen mie: who took the queen of spades, and who the last trick."""
    path: Path = ("special",)
    check_known_fields(special, ("game", "queen_of_spades", "last_trick"), errors, path)
    result: dict[str, Any] = {"game": "schuppen_mie"}
    for key in ("queen_of_spades", "last_trick"):
        value = read_seat(special, key, errors, players=seats, path=path)
        if value is not None and value not in active:
            errors.add((*path, key), sits_out(value, dealer))
        result[key] = value
    return result


def read_counts(
    special: Mapping[str, Any],
    game: str,
    active: list[int],
    seats: int,
    errors: Errors,
    dealer: int,
) -> dict[str, Any] | None:
    """Mie en: the queens each seat took; one-five-eleven and one-three-five: the tricks. One
    count per seat, null for each player who sits out; they add up to all there are."""
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
            if value is not None and index == dealer:
                errors.add((*path, key, index), msg("The dealer sits this deal out: null."))
            elif value is not None:
                errors.add(
                    (*path, key, index),
                    msg("This player sits this deal out (across from the dealer): null."),
                )
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


def special_payments(
    special: Mapping[str, Any], active: list[int], seats: int, options: Any
) -> list[int]:
    """What a special game pays under money scoring, at the match's special stake."""
    payments = [0] * seats
    game, stake = special["game"], options.special_stake
    if game == "schuppen_mie":
        _schuppen_mie_payments(special, active, payments, stake)
    elif game == "mie_en":
        _mie_en_payments(special["queens"], active, payments, stake)
    else:
        winning = WINNING_TRICKS[game]
        per_pair = options.one_five_eleven_pays == "per_pair"
        _tricks_game_payments(special["tricks"], winning, active, payments, stake, per_pair)
    return payments


def _schuppen_mie_payments(
    special: Mapping[str, Any], active: list[int], payments: list[int], stake: int
) -> None:
    losers = {special["queen_of_spades"], special["last_trick"]}
    if len(losers) == 1:
        (loser,) = losers
        for seat in active:
            payments[seat] = -3 * stake if seat == loser else stake
    else:
        for seat in active:
            payments[seat] = -stake if seat in losers else stake


def _mie_en_payments(queens: list[int], active: list[int], payments: list[int], stake: int) -> None:
    # Half the stake a queen: the options refuse an odd stake where mie en is played.
    clean = [s for s in active if queens[s] == 0]
    if len(clean) == 3:  # one player took all four queens and wins
        for seat in active:
            payments[seat] = -stake if seat in clean else 3 * stake
    elif clean:
        share = stake * 2 // len(clean)  # the four queens' 2 stakes, to one or two players
        for seat in active:
            payments[seat] = share if seat in clean else -(stake // 2) * queens[seat]


def _tricks_game_payments(
    tricks: list[int],
    winning: tuple[int, ...],
    active: list[int],
    payments: list[int],
    stake: int,
    per_pair: bool,
) -> None:
    winners = [s for s in active if tricks[s] in winning]
    losers = [s for s in active if s not in winners]
    if not (winners and losers):
        return
    if per_pair:
        # Each loser pays the stake to each winner.
        for seat in losers:
            payments[seat] = -stake * len(winners)
        for seat in winners:
            payments[seat] = stake * len(losers)
        return
    # Two losers pay the stake each to the two winners; three pay it each to the one winner;
    # one pays it to each of three winners: a pot of the stake times the larger side, split
    # evenly.
    pot = stake * max(len(losers), len(winners))
    for seat in losers:
        payments[seat] = -pot // len(losers)
    for seat in winners:
        payments[seat] = pot // len(winners)
