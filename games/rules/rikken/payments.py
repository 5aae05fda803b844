"""What a Rikken deal pays under money scoring (RULES.md §4, "Payments" and "Further house
rules"): each contract's units and the transfers that settle it. The words are those of
``game.py``.

- *units*: what each payment of a contract is: the base, plus the per-trick amount for each
  overtrick or trick short (from the first trick short, or from the second under
  ``undertricks: "from_second"``), plus the all-tricks bonus for all 13 tricks.
- *transfer*: ``(payer, payee, units)``; a deal's transfers always sum to zero.
- *defenders*: the players who declared nothing in a deal of several equal contracts; under
  ``simultaneous: "defenders_only"`` each declarer settles with them alone.
- A row's *override* (``partner_pays``, ``all_tricks_bonus``) replaces the option of that name
  for its contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .contracts import TRICKS, ContractRow
from .entries import ContractEntry

Transfer = tuple[int, int, int]


def partner_pays(row: ContractRow, options: Any) -> str:
    """Who pays when this contract fails: the row's own rule, else the match's."""
    return row.partner_pays if row.partner_pays is not None else options.partner_pays


def all_tricks_bonus(row: ContractRow, options: Any) -> int:
    """The bonus for all 13 tricks in this contract: the row's own, else the match's."""
    return row.all_tricks_bonus if row.all_tricks_bonus is not None else options.all_tricks_bonus


def contract_units(row: ContractRow, tricks: int, options: Any) -> int:
    """The units of each payment of a contract played with ``tricks`` taken."""
    if row.made(tricks):
        units = row.base + row.per_trick * (tricks - row.need)  # an exact row: the base
        # The bonus belongs to contracts that count tricks up (rik, troela, solos to 12), not
        # to the fixed ones that need an exact number.
        if tricks == TRICKS and not row.exact:
            units += all_tricks_bonus(row, options)
        return units
    if options.undertricks == "from_second":
        # The first trick short costs only the base; a row needing an exact number has no
        # undertricks at all (solo 13 with 12 tricks costs the base, not base + per trick).
        short = 0 if row.exact else max(0, row.need - 1 - tricks)
    else:
        short = abs(tricks - row.need)
    return row.base + row.per_trick * short


def contract_transfers(
    entry: ContractEntry,
    active: Sequence[int],
    options: Any,
    others: Sequence[int] | None = None,
) -> tuple[bool, int, list[Transfer]]:
    """Whether the contract was made, the units per payment, and the transfers that settle it
    with the other players (``others``, when given: the only players it settles with)."""
    row, tricks = entry.row, entry.tricks
    made = row.made(tricks)
    amount = contract_units(row, tricks, options)
    start = active.index(entry.declarer)
    in_order = [*active[start + 1 :], *active[:start]]
    opponents = [s for s in in_order if s != entry.partner]
    if others is not None:
        opponents = [s for s in opponents if s in others]
    if entry.partner is None:
        pairs = [(entry.declarer, o) for o in opponents]
    else:
        # The declarer settles with the first opponent after them in order of play, the partner
        # with the other; with four players that is simply "each with one opponent".
        partner = entry.partner
        pays = partner_pays(row, options)
        if not made and (
            pays == "never" or (pays == "under_two_tricks" and (entry.partner_tricks or 0) >= 2)
        ):
            partner = entry.declarer
        pairs = [(entry.declarer, opponents[0]), (partner, opponents[1])]
    if made:
        return made, amount, [(o, d, amount) for d, o in pairs]
    return made, amount, [(d, o, amount) for d, o in pairs]


def deal_transfers(
    entries: Sequence[ContractEntry], active: Sequence[int], options: Any
) -> list[tuple[ContractEntry, bool, int, list[Transfer]]]:
    """Each contract of a deal settled on its own: with all the others, or, for several equal
    contracts under ``simultaneous: "defenders_only"``, with the players who declared
    nothing."""
    others = None
    if len(entries) > 1 and options.simultaneous == "defenders_only":
        declarers = {e.declarer for e in entries}
        others = [s for s in active if s not in declarers]
    return [(e, *contract_transfers(e, active, options, others)) for e in entries]
