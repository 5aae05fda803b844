"""Rikken (RULES.md §4): four players (or three with a blind man, or five with the dealer
sitting out), each for themselves, forming sides each deal; clockwise; 52 cards, 13 tricks;
settled in units after every deal.

Vocabulary
- *contract*: what the highest bidder undertakes, from the match's contract table (a club's own,
  or the default). *Rik*: the declarer calls an ace and its holder is the partner; *rik beter*:
  rik with the *beter* suit (hearts, or a suit cut before the deal) as trumps; *N alleen*: a solo
  needing N tricks; *misère*: take no trick; *piek*: take exactly one; *open*: the hand is shown
  after the first trick; *met een praatje*: the opponents may confer; *troela*: the holder of
  three aces plays with the holder of the fourth, who names trumps.
- *called*: the ace (a king when the declarer holds all four aces) that makes its holder the
  partner; a *blind* call is one made in a suit where the declarer holds no card.
- *side*: ``partner`` (declarer + holder of the called ace), ``troela``, or ``alone``.
- *leader*: the player to the dealer's left, who bids first and leads the first trick.
- *all pass*: nobody bids; by the rules a redeal, or one of the special games *schuppen mie*
  (avoid the queen of spades and the last trick), *mie en* (avoid queens), *één-vijf-elf*
  (take exactly 1, 5 or 11 tricks).
- *blind man* (three players): seat 3, whose cards are shown and played by the others; he never
  deals, bids, pays or receives.

The contract table (the ``contracts`` option) is read in ``rikken_contracts.py``, each contract
played in a deal in ``rikken_entries.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    DealResult,
    Errors,
    Game,
    Path,
    check_known_fields,
    is_int,
    option,
    read_bool,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from .rikken_contracts import DEFAULT_CONTRACTS, MAX_UNITS, TRICKS, ContractRow, parse_table
from .rikken_entries import BLIND_MAN, ContractEntry, read_contract

SPECIAL_GAMES = ("schuppen_mie", "mie_en", "one_five_eleven", "one_three_five")
ALL_PASS = ("redeal", "dealer_must_bid", *SPECIAL_GAMES)
SPECIAL_UNITS = 10  # what a loser of a special game pays, or a winner receives
QUEEN_UNITS = 5  # mie en: per queen taken
WINNING_TRICKS = {"one_five_eleven": (1, 5, 11), "one_three_five": (1, 3, 5)}


@dataclass(frozen=True, kw_only=True)
class RikkenOptions:
    contracts: tuple[ContractRow, ...] = option(
        DEFAULT_CONTRACTS,
        "The contracts played, lowest first, with their payments.",
        parse=parse_table,
    )
    beter_suit: str = option(
        "hearts",
        "The beter suit: hearts, or a suit cut before each deal.",
        choices=("hearts", "cut"),
    )
    partner_pays: str = option(
        "always",
        "When a partnership fails: the partner pays too, never pays (the declarer "
        "pays double), or pays only with fewer than 2 tricks of their own.",
        choices=("always", "never", "under_two_tricks"),
    )
    all_tricks_bonus: int = option(
        1, "Extra units for taking all 13 tricks.", low=0, high=MAX_UNITS
    )
    all_pass: str = option(
        "redeal",
        "When all pass: the dealer deals again, the dealer must bid, or a special game is played.",
        choices=ALL_PASS,
    )
    players: int = option(
        4, "Players: 4; 3 with a blind man; 5 with the dealer sitting out.", choices=(3, 4, 5)
    )
    solo_first_bid: bool = option(True, "A solo may be the first bid.")
    troela: str = option(
        "obligatory",
        "A player with three aces must bid troela, may, or troela is not played.",
        choices=("obligatory", "optional", "forbidden"),
    )


@dataclass(frozen=True)
class RikkenState:
    balances: tuple[int, ...]
    players: int
    dealer: int | None = None  # of the next deal; None until the first deal names it


@dataclass(frozen=True)
class RikkenDeal:
    dealer: int
    contracts: tuple[ContractEntry, ...]
    all_pass: bool = False
    special: Mapping[str, Any] | None = None


class Rikken(Game[RikkenOptions, RikkenState, RikkenDeal]):
    slug = "rikken"
    name = "Rikken"
    player_counts = (3, 4, 5)
    money = True
    Options = RikkenOptions
    sits_out_at_five = True  # five at a table: the dealer sits each deal out

    def check_options(self, options: RikkenOptions, errors: Errors) -> None:
        if options.players == 3 and options.all_pass in SPECIAL_GAMES:
            errors.add(
                ("rules", "all_pass"),
                "The special games are not played with three players: all passing means a redeal.",
            )

    def options_from_data(self, data: Mapping[str, Any]) -> RikkenOptions:
        rows = tuple(ContractRow(**row) for row in data["contracts"])
        return RikkenOptions(**{**data, "contracts": rows})

    # seats

    @staticmethod
    def seat_count(players: int) -> int:
        """Seats in the payments: with three players the blind man has seat 3."""
        return 4 if players == 3 else players

    @staticmethod
    def after(seat: int, players: int) -> int:
        """The next seat to deal or to bid (the blind man does neither)."""
        return (seat + 1) % players

    @staticmethod
    def active_seats(dealer: int, players: int) -> list[int]:
        """The four seats that play the deal, in order of play."""
        if players == 5:
            return [s for s in range(5) if s != dealer]
        return [0, 1, 2, 3]

    # state

    def initial_state(self, options: RikkenOptions, setup: Mapping[str, Any]) -> RikkenState:
        return RikkenState((0,) * self.seat_count(options.players), options.players)

    def is_finished(self, state: RikkenState) -> bool:
        return False  # money games never finish

    def state_to_data(self, state: RikkenState) -> dict[str, Any]:
        dealer = state.dealer
        return {
            "finished": False,
            "winner": None,
            "next": {
                "dealer": dealer,
                "leader": None if dealer is None else self.after(dealer, state.players),
            },
            "balances": list(state.balances),
        }

    def state_from_data(
        self, data: Mapping[str, Any], options: RikkenOptions | None = None
    ) -> RikkenState:
        balances = tuple(data["balances"])
        players = options.players if options is not None else len(balances)
        return RikkenState(balances, players, data["next"]["dealer"])

    # deals

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: RikkenState, options: RikkenOptions
    ) -> RikkenDeal:
        errors = Errors()
        check_known_fields(raw, ("dealer", "contracts", "all_pass", "special"), errors)
        players = options.players
        dealer = read_int(
            raw,
            "dealer",
            errors,
            low=0,
            high=players - 1,
            required=state.dealer is None,
            what="a seat that deals",
        )
        if dealer is not None and state.dealer is not None and dealer != state.dealer:
            errors.add("dealer", f"The dealer of this deal is seat {state.dealer}.")
        dealer = state.dealer if dealer is None else dealer
        all_pass = read_bool(raw, "all_pass", errors, required=False) or False
        contracts = read_list(raw, "contracts", errors, what="contracts")
        entries: list[ContractEntry] = []
        special = None
        if contracts is not None and dealer is not None:
            if all_pass:
                if contracts:
                    errors.add("contracts", "When all pass no contract is played.")
                special = self._read_all_pass(raw, dealer, options, errors)
            else:
                if raw.get("special") is not None:
                    errors.add("special", "A special game is played only when all pass.")
                if not contracts:
                    errors.add("contracts", "Enter the contract played, or that all passed.")
                active = self.active_seats(dealer, players)
                for index, entry in enumerate(contracts):
                    parsed = read_contract(entry, index, active, options, errors)
                    if parsed is not None:
                        entries.append(parsed)
                if not errors:
                    self._check_together(entries, errors)
        errors.raise_if_any()
        assert dealer is not None
        return RikkenDeal(dealer, tuple(entries), all_pass, special)

    def _check_together(self, entries: list[ContractEntry], errors: Errors) -> None:
        if len(entries) < 2:
            return
        if len({e.row.rank for e in entries}) > 1 or any(
            e.row.side != "alone" or e.row.trumps != "none" for e in entries
        ):
            errors.add(
                "contracts", "Only equal contracts (like misère and piek) are played together."
            )
        declarers = [e.declarer for e in entries]
        if len(set(declarers)) != len(declarers):
            errors.add("contracts", "A player declares one contract a deal.")
        involved = [s for e in entries for s in (e.declarer, e.partner) if s is not None]
        if len(set(involved)) != len(involved):
            errors.add("contracts", "A player plays in one contract a deal.")

    def _read_all_pass(
        self, raw: Mapping[str, Any], dealer: int, options: RikkenOptions, errors: Errors
    ) -> dict[str, Any] | None:
        if options.all_pass == "dealer_must_bid":
            errors.add(
                "all_pass", "Under this match's rules the dealer must bid when the others pass."
            )
            return None
        if options.all_pass == "redeal":
            if raw.get("special") is not None:
                errors.add("special", "All passing means a redeal under this match's rules.")
            return None
        game = options.all_pass
        special = read_object(raw, "special", errors)
        if special is None:
            return None
        active = self.active_seats(dealer, options.players)
        if special.get("game") != game:
            errors.add(("special", "game"), f"This match plays {game} when all pass.")
            return None
        if game == "schuppen_mie":
            return _read_schuppen_mie(special, active, options.players, errors)
        return _read_counts(special, game, active, options.players, errors)

    # payments

    def play(
        self, state: RikkenState, deal: RikkenDeal, options: RikkenOptions
    ) -> DealResult[RikkenState]:
        players = options.players
        payments = [0] * self.seat_count(players)
        active = self.active_seats(deal.dealer, players)
        settled = []
        for entry in deal.contracts:
            made, amount, transfers = contract_transfers(entry, active, options)
            for payer, payee, units in transfers:
                if players == 3 and BLIND_MAN in (payer, payee):
                    continue  # nobody pays the blind man, and he pays nobody
                payments[payer] -= units
                payments[payee] += units
            settled.append(
                {
                    "contract": entry.row.slug,
                    "declarer": entry.declarer,
                    "partner": entry.partner,
                    "tricks": entry.tricks,
                    "made": made,
                    "units": amount,
                }
            )
        if deal.special is not None:
            payments = special_payments(deal.special, active, len(payments))
        redeal = deal.all_pass and deal.special is None
        outcome = {
            "payments": payments,
            "contracts": settled,
            "all_pass": deal.all_pass,
            "special": deal.special,
            "redeal": redeal,
        }
        # After a redeal the same dealer deals again; after any hand played the deal passes on.
        dealer = deal.dealer if redeal else self.after(deal.dealer, players)
        balances = tuple(b + p for b, p in zip(state.balances, payments, strict=True))
        return DealResult(outcome, replace(state, balances=balances, dealer=dealer))


def _read_schuppen_mie(
    special: Mapping[str, Any], active: list[int], seats: int, errors: Errors
) -> dict[str, Any]:
    """Schuppen mie: who took the queen of spades, and who the last trick."""
    path: Path = ("special",)
    check_known_fields(special, ("game", "queen_of_spades", "last_trick"), errors, path)
    result: dict[str, Any] = {"game": "schuppen_mie"}
    for key in ("queen_of_spades", "last_trick"):
        value = read_seat(special, key, errors, players=seats, path=path)
        if value is not None and value not in active:
            errors.add((*path, key), f"Seat {value} deals and sits this deal out.")
        result[key] = value
    return result


def _read_counts(
    special: Mapping[str, Any], game: str, active: list[int], seats: int, errors: Errors
) -> dict[str, Any] | None:
    """Mie en: the queens each seat took; one-five-eleven and one-three-five: the tricks. One
    count per seat, null for a dealer who sits out; they add up to all there are."""
    path: Path = ("special",)
    key = "queens" if game == "mie_en" else "tricks"
    check_known_fields(special, ("game", key), errors, path)
    counts = read_list(special, key, errors, length=seats, path=path, what=f"{key}, one per seat")
    if counts is None:
        return None
    total, high = (4, 4) if key == "queens" else (TRICKS, TRICKS)
    values: list[int | None] = []
    for index, value in enumerate(counts):
        if index not in active:
            if value is not None:
                errors.add((*path, key, index), "The dealer sits this deal out: null.")
            values.append(None)
            continue
        if not is_int(value) or not 0 <= value <= high:
            errors.add((*path, key, index), f"Must be a whole number from 0 to {high}.")
            continue
        values.append(value)
    if not errors.has(path) and sum(v for v in values if v) != total:
        what = "the four queens" if key == "queens" else "the 13 tricks"
        errors.add((*path, key), f"The counts must add up to {what}.")
    return {"game": game, key: values}


def contract_transfers(
    entry: ContractEntry, active: list[int], options: RikkenOptions
) -> tuple[bool, int, list[tuple[int, int, int]]]:
    """Whether the contract was made, the units per payment, and the transfers
    ``(payer, payee, units)`` that settle it with the other players."""
    row, tricks = entry.row, entry.tricks
    made = row.made(tricks)
    amount = row.base + row.per_trick * abs(tricks - row.need)
    # The bonus belongs to contracts that count tricks up (rik, troela, solos to 12), not to
    # the fixed ones that need an exact number.
    if made and tricks == TRICKS and not row.exact:
        amount += options.all_tricks_bonus
    start = active.index(entry.declarer)
    in_order = active[start + 1 :] + active[:start]
    opponents = [s for s in in_order if s != entry.partner]
    if entry.partner is None:
        pairs = [(entry.declarer, o) for o in opponents]
    else:
        # The declarer settles with the first opponent after them in order of play, the partner
        # with the other; with four players that is simply "each with one opponent".
        partner = entry.partner
        if not made and (
            options.partner_pays == "never"
            or (options.partner_pays == "under_two_tricks" and (entry.partner_tricks or 0) >= 2)
        ):
            partner = entry.declarer
        pairs = [(entry.declarer, opponents[0]), (partner, opponents[1])]
    if made:
        return made, amount, [(o, d, amount) for d, o in pairs]
    return made, amount, [(d, o, amount) for d, o in pairs]


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


GAME = Rikken()
