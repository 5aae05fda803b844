"""Rikken (RULES.md §4): reading one contract played in a deal, a *contract entry*: which
contract of the match's table (``contracts.py``), the declarer, the partner, the beter
suit, trumps, the called card, blindness and the tricks taken, each read and checked against the
contract's row by a reader of its own. The words are those of ``game.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..base import (
    TRICKS_TAKEN,
    Errors,
    Path,
    check_known_fields,
    read_bool,
    read_choice,
    read_int,
    read_seat,
)
from ..cards import FRENCH_52, FRENCH_SUITS, Card, read_card, read_suit
from ..messages import msg, seat_word
from .contracts import TRICKS, ContractRow, contract_name
from .seats import BLIND_MAN, BLIND_MAN_DOES_NOT_BID, sits_out

ENTRY_FIELDS = (
    "contract",
    "declarer",
    "partner",
    "trump",
    "called",
    "blind",
    "tricks",
    "partner_tricks",
    "beter",
)


def _name(row: ContractRow) -> str:
    return contract_name(row) or row.slug


@dataclass(frozen=True)
class ContractEntry:
    row: ContractRow
    declarer: int
    tricks: int
    partner: int | None = None
    trump: str | None = None
    called: Card | None = None
    blind: bool | None = None
    partner_tricks: int | None = None
    beter: str | None = None


class ContractRules(Protocol):
    """The rule options a contract entry is read against (Rikken's options have them all)."""

    contracts: tuple[ContractRow, ...]
    players: int
    troela: str
    beter_suit: str
    partner_pays: str


def read_contract(
    entry: Any,
    index: int,
    active: Sequence[int],
    rules: ContractRules,
    errors: Errors,
    dealer: int | None = None,
) -> ContractEntry | None:
    """Reads the contract entry ``contracts[index]`` of a deal dealt by ``dealer`` in which the
    seats ``active`` play; None (with the reasons in ``errors``) when it cannot be played as
    entered."""
    path: Path = ("contracts", index)
    if not isinstance(entry, Mapping):
        errors.add(path, msg("A contract entry is an object."))
        return None
    return _EntryReader(entry, path, active, rules, errors, dealer).read()


class _EntryReader:
    """One reader per field of a contract entry, in the order the entry is checked: so the
    errors of an entry come in that order too."""

    def __init__(
        self,
        entry: Mapping[str, Any],
        path: Path,
        active: Sequence[int],
        rules: ContractRules,
        errors: Errors,
        dealer: int | None = None,
    ) -> None:
        self.entry = entry
        self.path = path
        self.active = active
        self.rules = rules
        self.errors = errors
        self.dealer = dealer

    def read(self) -> ContractEntry | None:
        entry, path, rules, errors = self.entry, self.path, self.rules, self.errors
        check_known_fields(entry, ENTRY_FIELDS, errors, path)
        row = self.row()
        declarer = self.seat("declarer", required=True, may_be_blind=False)
        tricks = read_int(entry, "tricks", errors, low=0, high=TRICKS, path=path, what=TRICKS_TAKEN)
        if row is None:
            return None
        if row.side == "troela" and rules.troela == "forbidden":
            errors.add((*path, "contract"), msg("Troela is not played under this match's rules."))
        partner = self.partner(row, declarer)
        self.refuse_calls(row)
        beter = self.beter(row)
        trump = self.trump(row, beter)
        called = self.called(row, trump)
        blind = read_bool(entry, "blind", errors, required=False, path=path)
        partner_tricks = self.partner_tricks(row, tricks)
        if declarer is None or tricks is None or errors.has(path):
            return None
        return ContractEntry(
            row=row,
            declarer=declarer,
            tricks=tricks,
            partner=partner,
            trump=trump,
            called=called,
            blind=blind,
            partner_tricks=partner_tricks,
            beter=beter if rules.beter_suit == "cut" else None,
        )

    def refuse(self, key: str, reason: str) -> None:
        """Refuses ``key`` when it is entered: the contract has no use for it."""
        if self.entry.get(key) is not None:
            self.errors.add((*self.path, key), reason)

    def row(self) -> ContractRow | None:
        """The contract played: a row of this match's table, by slug."""
        table = {row.slug: row for row in self.rules.contracts}
        slug = read_choice(
            self.entry,
            "contract",
            self.errors,
            tuple(table),
            path=self.path,
            what=msg("a contract of this match's table:"),
        )
        return None if slug is None else table[slug]

    def seat(self, key: str, *, required: bool, may_be_blind: bool) -> int | None:
        """A seat that plays this deal; the blind man's only where ``may_be_blind``."""
        players, path, errors = self.rules.players, self.path, self.errors
        seats = players if players != 3 else 4
        value = read_seat(self.entry, key, errors, players=seats, required=required, path=path)
        if value is None:
            return None
        if value not in self.active:
            if self.dealer is None or value == self.dealer:
                sitting = msg(
                    "%(seat)s deals this deal and sits it out.",
                    seat=seat_word(value, capital=True),
                )
            else:  # six players: the player across from the dealer
                sitting = sits_out(value, self.dealer)
            errors.add((*path, key), sitting)
            return None
        if players == 3 and value == BLIND_MAN and not may_be_blind:
            errors.add((*path, key), BLIND_MAN_DOES_NOT_BID)
            return None
        return value

    def partner(self, row: ContractRow, declarer: int | None) -> int | None:
        """The holder of the called card (or of the fourth ace), never the declarer."""
        if row.side == "alone":
            alone = msg("%(contract)s is played alone: there is no partner.", contract=_name(row))
            self.refuse("partner", alone)
            self.refuse("partner_tricks", alone)
            return None
        partner = self.seat("partner", required=True, may_be_blind=True)
        if partner is not None and partner == declarer:
            if row.side == "partner":
                holder = msg("The partner holds the called card: another player than the declarer.")
            else:
                holder = msg("The partner holds the fourth ace: another player than the declarer.")
            self.errors.add((*self.path, "partner"), holder)
        return partner

    def refuse_calls(self, row: ContractRow) -> None:
        """Only a partnership calls a card, blind or not; a troela's fourth ace is "called"."""
        nothing = msg("Nothing is called in %(contract)s.", contract=_name(row))
        if row.side != "partner":
            self.refuse("blind", nothing)
        if row.side == "alone":
            self.refuse("called", nothing)

    def beter(self, row: ContractRow) -> str | None:
        """The beter suit: hearts, or the suit cut before the deal where the rules say so."""
        path, errors = self.path, self.errors
        beter = read_suit(self.entry, "beter", errors, FRENCH_SUITS, required=False, path=path)
        if self.rules.beter_suit == "hearts":
            if beter is not None and beter != "hearts":
                errors.add((*path, "beter"), msg("Under this match's rules beter is hearts."))
            return "hearts"
        if row.trumps == "beter" and beter is None:
            errors.add((*path, "beter"), msg("Enter the beter suit that was cut."))
        return beter

    def trump(self, row: ContractRow, beter: str | None) -> str | None:
        """Trumps, unless the contract is played without; the beter suit in a beter contract."""
        if row.trumps == "none":
            self.refuse("trump", msg("%(contract)s is played without trumps.", contract=_name(row)))
            return None
        trump = read_suit(self.entry, "trump", self.errors, FRENCH_SUITS, path=self.path)
        if row.trumps == "beter" and trump is not None and beter and trump != beter:
            self.errors.add(
                (*self.path, "trump"),
                msg(
                    "In %(contract)s trumps are the beter suit, %(suit)s.",
                    contract=_name(row),
                    suit=beter,
                ),
            )
        return trump

    def called(self, row: ContractRow, trump: str | None) -> Card | None:
        """The called card, when entered: an ace (or a king), never of the trump suit."""
        entry, path, errors = self.entry, self.path, self.errors
        if entry.get("called") is None or row.side == "alone":
            return None
        called = read_card(entry["called"], errors, (*path, "called"), FRENCH_52)
        if called is None:
            return None
        partnership = row.side == "partner"
        if called.rank not in (("A", "K") if partnership else ("A",)):
            if partnership:
                what = msg(
                    "The called card is an ace (a king when the declarer holds all four aces)."
                )
            else:
                what = msg("The called card is the fourth ace.")
            errors.add((*path, "called", "rank"), what)
        elif trump is not None and called.suit == trump:
            if partnership:
                what = msg(
                    "In %(contract)s trumps may not be the called ace's suit.", contract=_name(row)
                )
            else:
                what = msg(
                    "In %(contract)s trumps may not be the fourth ace's suit.", contract=_name(row)
                )
            errors.add((*path, "trump"), what)
        return called

    def partner_tricks(self, row: ContractRow, tricks: int | None) -> int | None:
        """The partner's own tricks: needed when a failed partner pays only under two."""
        if row.side == "alone":
            return None
        failed = tricks is not None and not row.made(tricks)
        # A row's own rule replaces the match's (a troela whose partner pays otherwise).
        pays = row.partner_pays if row.partner_pays is not None else self.rules.partner_pays
        needed = pays == "under_two_tricks" and failed
        partner_tricks = read_int(
            self.entry,
            "partner_tricks",
            self.errors,
            low=0,
            high=TRICKS,
            required=needed,
            path=self.path,
            what=msg("the partner's tricks"),
        )
        if partner_tricks is not None and tricks is not None and partner_tricks > tricks:
            self.errors.add(
                (*self.path, "partner_tricks"),
                msg("The partner's tricks are part of the side's tricks."),
            )
        return partner_tricks
