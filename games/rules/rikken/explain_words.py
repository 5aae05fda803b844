"""The words Rikken's explanations are made of (``explain.py``): who played, the sums with their
figures, who paid or got what, and the house-rule line that applied. The words are those of
``game.py``.

- *statement*: the contract as played: who, the tricks taken, the tricks needed, made or not.
- *part*: one term of a sum, "base 1", "2 overtricks × 5", "all-tricks bonus 1"; a *sum* joins
  them with "+", and a *factor* multiplies it (three times for a solo failed, twice doubled).
- *house-rule line*: "House rule (partner pays: never): ...", the rule option's own name and
  value as the set-up shows them, then what it did to this deal; "House rule for Troela only"
  where a contract row has a rule of its own.

Every message has the context "Rikken explanation": its words are the explanation's, and none
is shared with another game's by accident.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from ..messages import Message, listed, npmsg, pmsg, seat_word
from .contracts import ContractRow, contract_name
from .options import RikkenOptions
from .seats import sitting_out

LABELS = {f.name: f.metadata for f in fields(RikkenOptions)}


def contract_word(row: ContractRow) -> Any:
    """A contract's name as the table calls it (a club's own name as the club wrote it)."""
    return contract_name(row) or row.slug


def seats(numbers: Sequence[int], *, capital: bool = False) -> Any:
    """Seats said together, "seat 1, seat 2 and seat 3"; the first capitalised when the list
    starts a sentence."""
    return listed([seat_word(s, capital=capital and i == 0) for i, s in enumerate(numbers)])


def house_rule(name: str, value: Any, what: Message, row: ContractRow | None = None) -> Message:
    """The house rule that applied: the option's name and value as the set-up says them, then
    what it did; ``row`` when the value is that contract's own."""
    meta = LABELS[name]
    choice = meta["choice_labels"].get(value, value)
    if row is not None:
        return pmsg(
            "Rikken explanation",
            "House rule for %(contract)s only (%(option)s: %(choice)s): %(what)s",
            contract=contract_word(row),
            option=meta["label"],
            choice=choice,
            what=what,
        )
    return pmsg(
        "Rikken explanation",
        "House rule (%(option)s: %(choice)s): %(what)s",
        option=meta["label"],
        choice=choice,
        what=what,
    )


# --- the contract as played --------------------------------------------------------------------


def statement(row: ContractRow, declarer: int, partner: int | None, tricks: int, made: bool):
    """The contract as played: "Rik by seat 0 with seat 2: 9 tricks, 8 or more needed:
    made."."""
    if partner is None:
        who = pmsg(
            "Rikken explanation",
            "%(contract)s by %(declarer)s",
            contract=contract_word(row),
            declarer=seat_word(declarer),
        )
    else:
        who = pmsg(
            "Rikken explanation",
            "%(contract)s by %(declarer)s with %(partner)s",
            contract=contract_word(row),
            declarer=seat_word(declarer),
            partner=seat_word(partner),
        )
    need = row.need
    if row.exact and made:
        return npmsg(
            "Rikken explanation",
            "%(who)s: %(count)s trick, exactly %(need)s needed: made.",
            "%(who)s: %(count)s tricks, exactly %(need)s needed: made.",
            tricks,
            who=who,
            need=need,
        )
    if row.exact:
        return npmsg(
            "Rikken explanation",
            "%(who)s: %(count)s trick, exactly %(need)s needed: failed.",
            "%(who)s: %(count)s tricks, exactly %(need)s needed: failed.",
            tricks,
            who=who,
            need=need,
        )
    if made:
        return npmsg(
            "Rikken explanation",
            "%(who)s: %(count)s trick, %(need)s or more needed: made.",
            "%(who)s: %(count)s tricks, %(need)s or more needed: made.",
            tricks,
            who=who,
            need=need,
        )
    return npmsg(
        "Rikken explanation",
        "%(who)s: %(count)s trick, %(need)s or more needed: failed.",
        "%(who)s: %(count)s tricks, %(need)s or more needed: failed.",
        tricks,
        who=who,
        need=need,
    )


# --- sums ----------------------------------------------------------------------------------------


def plus(parts: Sequence[Any]) -> Any:
    """``base 1 + 1 overtrick``: the parts of a sum, left to right."""
    if len(parts) == 1:
        return parts[0]
    # Translators: a sum, "base 1 + 2 overtricks"; the rest may itself be a sum.
    return pmsg("Rikken explanation", "%(first)s + %(rest)s", first=parts[0], rest=plus(parts[1:]))


def times(parts: Sequence[Any], factors: Iterable[int]) -> Any:
    """The sum of ``parts`` multiplied by each factor: "(10 + 2 tricks short × 1) × 3"."""
    figure = plus(parts)
    grouped = len(parts) > 1
    for factor in factors:
        if grouped:
            figure = pmsg("Rikken explanation", "(%(sum)s) × %(factor)s", sum=figure, factor=factor)
            grouped = False
        else:
            figure = pmsg("Rikken explanation", "%(sum)s × %(factor)s", sum=figure, factor=factor)
    return figure


def tricks_part(kind: str, count: int, each: int) -> Message:
    """Overtricks or tricks short (or, in a contract needing an exact number, too many) at
    ``each`` apiece; "× 1" left out."""
    if kind == "over":
        if each == 1:
            return npmsg("Rikken explanation", "%(count)s overtrick", "%(count)s overtricks", count)
        return npmsg(
            "Rikken explanation",
            "%(count)s overtrick × %(units)s",
            "%(count)s overtricks × %(units)s",
            count,
            units=each,
        )
    if kind == "short":
        if each == 1:
            return npmsg(
                "Rikken explanation", "%(count)s trick short", "%(count)s tricks short", count
            )
        return npmsg(
            "Rikken explanation",
            "%(count)s trick short × %(units)s",
            "%(count)s tricks short × %(units)s",
            count,
            units=each,
        )
    if each == 1:
        return npmsg(
            "Rikken explanation", "%(count)s trick too many", "%(count)s tricks too many", count
        )
    return npmsg(
        "Rikken explanation",
        "%(count)s trick too many × %(units)s",
        "%(count)s tricks too many × %(units)s",
        count,
        units=each,
    )


# --- who paid, who got -------------------------------------------------------------------------


def net_lines(amounts: Sequence[int | None], *, even: bool = False) -> list[Message]:
    """What each player received and paid in all, players with the same amount together
    ("Seat 0 and seat 1 receive 10 units each."); ``even`` also names those who came out
    even. None is a player who sat the deal out."""
    lines = []
    for sign in (1, -1):
        for amount, group in _by_amount(amounts, sign):
            lines.append(_receive(group, amount) if sign > 0 else _pay(group, amount))
    level = [s for s, a in enumerate(amounts) if a == 0]
    if even and level:
        lines.append(pmsg("Rikken explanation", "Even: %(seats)s.", seats=seats(level)))
    return lines


def _by_amount(amounts: Sequence[int | None], sign: int) -> list[tuple[int, list[int]]]:
    groups: dict[int, list[int]] = {}
    for seat, amount in enumerate(amounts):
        if amount is not None and amount * sign > 0:
            groups.setdefault(abs(amount), []).append(seat)
    return list(groups.items())


def _receive(group: list[int], amount: int) -> Message:
    if len(group) == 1:
        return npmsg(
            "Rikken explanation",
            "%(seat)s receives %(count)s unit.",
            "%(seat)s receives %(count)s units.",
            amount,
            seat=seat_word(group[0], capital=True),
        )
    return npmsg(
        "Rikken explanation",
        "%(seats)s receive %(count)s unit each.",
        "%(seats)s receive %(count)s units each.",
        amount,
        seats=seats(group, capital=True),
    )


def _pay(group: list[int], amount: int) -> Message:
    if len(group) == 1:
        return npmsg(
            "Rikken explanation",
            "%(seat)s pays %(count)s unit.",
            "%(seat)s pays %(count)s units.",
            amount,
            seat=seat_word(group[0], capital=True),
        )
    return npmsg(
        "Rikken explanation",
        "%(seats)s pay %(count)s unit each.",
        "%(seats)s pay %(count)s units each.",
        amount,
        seats=seats(group, capital=True),
    )


def transfer_lines(transfers: Sequence[tuple[int, int, int]], made: bool) -> list[Message]:
    """Who paid whom for one contract, grouped by the player of the declaring side: "Seat 1
    pays seat 0 2 units.", "Seat 1, seat 2 and seat 3 each pay seat 0 3 units.", "Seat 0
    pays seat 1 and seat 3 3 units each."."""
    groups: dict[tuple[int, int], list[int]] = {}
    for payer, payee, units in transfers:
        side, other = (payee, payer) if made else (payer, payee)
        groups.setdefault((side, units), []).append(other)
    lines = []
    for (side, units), unsorted in groups.items():
        others = sorted(unsorted)
        if len(others) == 1:
            payer, payee = (others[0], side) if made else (side, others[0])
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "%(payer)s pays %(payee)s %(count)s unit.",
                    "%(payer)s pays %(payee)s %(count)s units.",
                    units,
                    payer=seat_word(payer, capital=True),
                    payee=seat_word(payee),
                )
            )
        elif made:
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "%(payers)s each pay %(payee)s %(count)s unit.",
                    "%(payers)s each pay %(payee)s %(count)s units.",
                    units,
                    payers=seats(others, capital=True),
                    payee=seat_word(side),
                )
            )
        else:
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "%(payer)s pays %(payees)s %(count)s unit each.",
                    "%(payer)s pays %(payees)s %(count)s units each.",
                    units,
                    payer=seat_word(side, capital=True),
                    payees=seats(others),
                )
            )
    return lines


def gets_line(group: Sequence[int], total: int, figure: Any = None) -> Message:
    """Penalty points one player, or each of several, got: with the figure that gave them
    ("Seat 1 gets (10 for the contract + 2 tricks short) × 3 = 36 penalty points.")."""
    if figure is None and len(group) == 1:
        return npmsg(
            "Rikken explanation",
            "%(seat)s gets %(count)s penalty point.",
            "%(seat)s gets %(count)s penalty points.",
            total,
            seat=seat_word(group[0], capital=True),
        )
    if figure is None:
        return npmsg(
            "Rikken explanation",
            "%(seats)s each get %(count)s penalty point.",
            "%(seats)s each get %(count)s penalty points.",
            total,
            seats=seats(group, capital=True),
        )
    if len(group) == 1:
        return npmsg(
            "Rikken explanation",
            "%(seat)s gets %(sum)s = %(count)s penalty point.",
            "%(seat)s gets %(sum)s = %(count)s penalty points.",
            total,
            seat=seat_word(group[0], capital=True),
            sum=figure,
        )
    return npmsg(
        "Rikken explanation",
        "%(seats)s each get %(sum)s = %(count)s penalty point.",
        "%(seats)s each get %(sum)s = %(count)s penalty points.",
        total,
        seats=seats(group, capital=True),
        sum=figure,
    )


def points_lines(points: Sequence[int]) -> list[Message]:
    """Penalty points of a deal by player, those with the same number together."""
    return [gets_line(group, amount) for amount, group in _by_amount(points, 1)]


def doubled_line(doubled_by: int | None) -> Message:
    if doubled_by is None:
        return pmsg("Rikken explanation", "Doubled: every figure counts twice.")
    return pmsg(
        "Rikken explanation",
        "Doubled by %(seat)s: every figure counts twice.",
        seat=seat_word(doubled_by),
    )


def sat_out_lines(dealer: int | None, players: int) -> list[Message]:
    """Who sat the deal out: with five players the dealer, with six the dealer and the player
    three seats on."""
    if dealer is None:
        return []
    out = sitting_out(dealer, players)
    if len(out) == 1:
        return [
            pmsg(
                "Rikken explanation",
                "%(seat)s dealt and sat this deal out.",
                seat=seat_word(dealer, capital=True),
            )
        ]
    if len(out) == 2:
        return [
            pmsg(
                "Rikken explanation",
                "%(dealer)s dealt and sat this deal out, with %(across)s, three seats on.",
                dealer=seat_word(out[0], capital=True),
                across=seat_word(out[1]),
            )
        ]
    return []
