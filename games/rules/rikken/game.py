"""Rikken (RULES.md §4): four players (or three with a blind man, five with the dealer sitting
out, or six with the dealer and the player across sitting out), each for themselves, forming
sides each deal; clockwise; 52 cards, 13 tricks; settled in units after every deal.

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
  (take exactly 1, 5 or 11 tricks); or *the table chooses* the special game each time.
- *sitting out*: with five players the dealer, with six the dealer and the player three seats
  after, play no part in a deal (``seats.py``).
- *blind man* (three players): seat 3, whose cards are shown and played by the others; he never
  deals, bids, pays or receives.

- *penalty points* (``scoring: "penalty_points"``): nobody pays; each player collects points and
  the lowest total wins; a deal may be *doubled* (RULES.md §4, "Club penalty points").

The rule options are declared in ``options.py``, the contract table (the ``contracts``
option) read in ``contracts.py``, each contract played in a deal in
``entries.py``, what it pays in ``payments.py``, the special games in ``specials.py``, who
plays a deal in ``seats.py``, penalty points counted in ``penalty.py``, a deal explained in plain
words in ``explain.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import (
    ContractPlayed,
    DealResult,
    Direction,
    Errors,
    Game,
    SeatTotals,
    check_known_fields,
    read_bool,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from ..messages import Message, msg, seat_word
from . import schema, seats
from .contracts import OVERRIDES, ContractRow
from .entries import BLIND_MAN, BLIND_MAN_DOES_NOT_BID, ContractEntry, read_contract
from .explain import KINDS, explain_deal, kind_of_outcome
from .options import RikkenOptions, check_house_rules
from .payments import deal_transfers
from .penalty import (
    DEFAULT_SPECIAL_PENALTIES,
    check_penalty_options,
    contract_points,
    leaders,
    pot_points,
    schuppen_mie_points,
    special_penalties_from_data,
    special_penalty,
)
from .presets import PRESETS
from .seats import sits_out
from .specials import read_counts, read_schuppen_mie, special_payments


@dataclass(frozen=True)
class RikkenState:
    balances: tuple[int, ...]  # units won or lost; the points collected under penalty points
    players: int
    dealer: int | None = None  # of the next deal; None until the first deal names it
    penalty: bool = False  # scored in penalty points


@dataclass(frozen=True)
class RikkenDeal:
    dealer: int
    contracts: tuple[ContractEntry, ...]
    all_pass: bool = False
    special: Mapping[str, Any] | None = None
    doubled: bool = False
    doubled_by: int | None = None


class Rikken(Game[RikkenOptions, RikkenState, RikkenDeal]):
    slug = "rikken"
    name = "Rikken"
    player_counts = (3, 4, 5, 6)
    direction = Direction.CLOCKWISE  # Dutch whist goes round to the left
    money = True
    Options = RikkenOptions
    presets = PRESETS
    sits_out_at_five = True  # five at a table: the dealer sits each deal out
    tells_contracts = True
    deal_schema, outcome_schema, state_schema = schema.DEAL, schema.OUTCOME, schema.STATE

    def check_options(self, options: RikkenOptions, errors: Errors) -> None:
        check_house_rules(options, errors)
        check_penalty_options(options, errors)

    def options_to_data(self, options: RikkenOptions) -> dict[str, Any]:
        data = super().options_to_data(options)
        # A row keeps its overrides only where it has them: the stored rules of every other
        # table stay as they were.
        data["contracts"] = [
            {k: v for k, v in row.items() if not (k in OVERRIDES and v is None)}
            for row in data["contracts"]
        ]
        return data

    def options_from_data(self, data: Mapping[str, Any]) -> RikkenOptions:
        rows = tuple(ContractRow(**row) for row in data["contracts"])
        specials = special_penalties_from_data(
            data.get("special_penalties", [vars(r) for r in DEFAULT_SPECIAL_PENALTIES])
        )
        return RikkenOptions(
            **{
                **data,
                "contracts": rows,
                "special_penalties": specials,
                "special_games": tuple(data.get("special_games", ())),
            }
        )

    # tournaments

    def lowest_wins(self, options: RikkenOptions) -> bool:
        return options.scoring == "penalty_points"

    def plays_for_money(self, options: RikkenOptions) -> bool:
        return options.scoring == "payments"

    def seat_totals(self, state: Mapping[str, Any]) -> SeatTotals:
        if "points" in state:  # penalty points: what each player collected, the lowest best
            return SeatTotals(tuple(state["points"]), lowest_wins=True)
        return SeatTotals(tuple(state["balances"]), money=True)

    # explanations (explain.py)

    outcome_kinds = KINDS

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        return kind_of_outcome(raw, outcome)

    def explain(
        self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: RikkenOptions
    ) -> list[Message]:
        return explain_deal(raw, outcome, options)

    def contracts_played(self, outcome: Mapping[str, Any], seat: int) -> list[ContractPlayed]:
        played = []
        for contract in outcome.get("contracts") or ():
            if not isinstance(contract, Mapping):
                continue
            for role in ("declarer", "partner"):
                if contract.get(role) == seat:
                    made = bool(contract.get("made"))
                    played.append(ContractPlayed(contract.get("contract", "?"), role, made))
        return played

    # seats

    seat_count = staticmethod(seats.seat_count)
    active_seats = staticmethod(seats.active_seats)

    @staticmethod
    def after(seat: int, players: int) -> int:
        """The next seat to deal or to bid (the blind man does neither)."""
        return (seat + 1) % players

    # state

    def initial_state(self, options: RikkenOptions, setup: Mapping[str, Any]) -> RikkenState:
        seats = self.seat_count(options.players)
        return RikkenState(
            (0,) * seats, options.players, penalty=options.scoring == "penalty_points"
        )

    def is_finished(self, state: RikkenState) -> bool:
        return False  # money games never finish

    def turn(self, state: RikkenState, options: RikkenOptions) -> RikkenState | None:
        if state.dealer is None:
            return None
        return replace(state, dealer=self.after(state.dealer, state.players))

    def state_to_data(self, state: RikkenState) -> dict[str, Any]:
        dealer = state.dealer
        data: dict[str, Any] = {
            "finished": False,
            "winner": None,
            "next": {
                "dealer": dealer,
                "leader": None if dealer is None else self.after(dealer, state.players),
            },
        }
        if state.penalty:
            data["points"] = list(state.balances)
            data["leaders"] = leaders(state.balances, state.players)
        else:
            data["balances"] = list(state.balances)
        return data

    def state_from_data(
        self, data: Mapping[str, Any], options: RikkenOptions | None = None
    ) -> RikkenState:
        penalty = "points" in data
        balances = tuple(data["points"] if penalty else data["balances"])
        players = options.players if options is not None else len(balances)
        return RikkenState(balances, players, data["next"]["dealer"], penalty)

    # deals

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: RikkenState, options: RikkenOptions
    ) -> RikkenDeal:
        errors = Errors()
        check_known_fields(
            raw, ("dealer", "contracts", "all_pass", "special", "doubled", "doubled_by"), errors
        )
        players = options.players
        dealer = read_int(
            raw,
            "dealer",
            errors,
            low=0,
            high=players - 1,
            required=state.dealer is None,
            what=msg("a seat that deals"),
        )
        if dealer is not None and state.dealer is not None and dealer != state.dealer:
            errors.add(
                "dealer",
                msg("The dealer of this deal is %(seat)s.", seat=seat_word(state.dealer)),
            )
        dealer = state.dealer if dealer is None else dealer
        all_pass = read_bool(raw, "all_pass", errors, required=False) or False
        contracts = read_list(raw, "contracts", errors, what=msg("contracts"))
        entries: list[ContractEntry] = []
        special = None
        if contracts is not None:
            if all_pass:
                if contracts:
                    errors.add("contracts", msg("When all pass no contract is played."))
                if dealer is not None:
                    special = self._read_all_pass(raw, dealer, options, errors)
            else:
                if raw.get("special") is not None:
                    errors.add("special", msg("A special game is played only when all pass."))
                if not contracts:
                    errors.add("contracts", msg("Enter the contract played, or that all passed."))
                # A first deal without its dealer is refused, but its contracts are read all
                # the same, so that everything left out is said at once; who sits out is
                # unknown.
                active = (
                    self.active_seats(dealer, players)
                    if dealer is not None
                    else range(self.seat_count(players))
                )
                for index, entry in enumerate(contracts):
                    parsed = read_contract(entry, index, active, options, errors, dealer)
                    if parsed is not None:
                        entries.append(parsed)
                if not errors:
                    self._check_together(entries, errors)
        doubled, doubled_by = self._read_doubled(raw, dealer, options, errors)
        if doubled and all_pass and special is None and not errors.has("special"):
            errors.add("doubled", msg("A deal dealt again is not doubled."))
        errors.raise_if_any()
        assert dealer is not None
        return RikkenDeal(dealer, tuple(entries), all_pass, special, doubled, doubled_by)

    def _read_doubled(
        self, raw: Mapping[str, Any], dealer: int | None, options: RikkenOptions, errors: Errors
    ) -> tuple[bool, int | None]:
        """Whether the deal was doubled, and by whom (optional, shown in the history)."""
        doubled = read_bool(raw, "doubled", errors, required=False) or False
        seats = self.seat_count(options.players)
        doubled_by = read_seat(raw, "doubled_by", errors, players=seats, required=False)
        if options.scoring != "penalty_points":
            if doubled or doubled_by is not None:
                errors.add("doubled", msg("A deal is doubled only under penalty points."))
            return False, None
        if doubled_by is not None:
            if not doubled:
                errors.add("doubled_by", msg('Say that the deal was doubled ("doubled": true).'))
            elif dealer is not None and doubled_by not in self.active_seats(
                dealer, options.players
            ):
                errors.add("doubled_by", sits_out(doubled_by, dealer))
            elif options.players == 3 and doubled_by == BLIND_MAN:
                errors.add("doubled_by", BLIND_MAN_DOES_NOT_BID)
        return doubled, doubled_by

    def _check_together(self, entries: list[ContractEntry], errors: Errors) -> None:
        if len(entries) < 2:
            return
        if len({e.row.rank for e in entries}) > 1 or any(
            e.row.side != "alone" or e.row.trumps != "none" for e in entries
        ):
            errors.add(
                "contracts",
                msg("Only equal contracts (like misère and piek) are played together."),
            )
        declarers = [e.declarer for e in entries]
        if len(set(declarers)) != len(declarers):
            errors.add("contracts", msg("A player declares one contract a deal."))
        involved = [s for e in entries for s in (e.declarer, e.partner) if s is not None]
        if len(set(involved)) != len(involved):
            errors.add("contracts", msg("A player plays in one contract a deal."))

    def _read_all_pass(
        self, raw: Mapping[str, Any], dealer: int, options: RikkenOptions, errors: Errors
    ) -> dict[str, Any] | None:
        if options.all_pass == "dealer_must_bid":
            errors.add(
                "all_pass",
                msg("Under this match's rules the dealer must bid when the others pass."),
            )
            return None
        if options.all_pass == "redeal":
            if raw.get("special") is not None:
                errors.add("special", msg("All passing means a redeal under this match's rules."))
            return None
        if options.all_pass == "choice":
            if raw.get("special") is None:
                return None  # the table dealt again instead
            games = options.special_games
        else:
            games = (options.all_pass,)
        special = read_object(raw, "special", errors)
        if special is None:
            return None
        game = special.get("game")
        if game not in games:
            if options.all_pass == "choice":
                wrong = msg(
                    "This match's table chooses among %(games)s when all pass.",
                    games=", ".join(games),
                )
            else:
                wrong = msg("This match plays %(game)s when all pass.", game=games[0])
            errors.add(("special", "game"), wrong)
            return None
        active = self.active_seats(dealer, options.players)
        if game == "schuppen_mie":
            return read_schuppen_mie(special, active, options.players, errors, dealer)
        return read_counts(special, game, active, options.players, errors, dealer)

    # payments

    def play(
        self, state: RikkenState, deal: RikkenDeal, options: RikkenOptions
    ) -> DealResult[RikkenState]:
        if state.penalty:
            return self._play_penalty(state, deal, options)
        players = options.players
        payments = [0] * self.seat_count(players)
        active = self.active_seats(deal.dealer, players)
        settled = []
        for entry, made, amount, transfers in deal_transfers(deal.contracts, active, options):
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
            payments = special_payments(deal.special, active, len(payments), options)
        outcome = {
            "dealer": deal.dealer,
            "payments": payments,
            "contracts": settled,
            "all_pass": deal.all_pass,
            "special": deal.special,
            "redeal": deal.all_pass and deal.special is None,
        }
        return DealResult(outcome, self._after(state, deal, payments, options))

    def _after(
        self, state: RikkenState, deal: RikkenDeal, change: list[int], options: RikkenOptions
    ) -> RikkenState:
        """The state after a deal that changed each seat's total by ``change``."""
        redeal = deal.all_pass and deal.special is None
        # After a redeal the same dealer deals again; after any hand played the deal passes on.
        dealer = deal.dealer if redeal else self.after(deal.dealer, options.players)
        balances = tuple(b + p for b, p in zip(state.balances, change, strict=True))
        return replace(state, balances=balances, dealer=dealer)

    def _play_penalty(
        self, state: RikkenState, deal: RikkenDeal, options: RikkenOptions
    ) -> DealResult[RikkenState]:
        """Penalty points: what each seat gets in this deal (RULES.md §4)."""
        m = 2 if deal.doubled else 1
        active = self.active_seats(deal.dealer, options.players)
        got: dict[int, int] = {}
        settled = []
        if len(deal.contracts) > 1:
            got = pot_points(deal.contracts, active, m)
        for entry in deal.contracts:
            made, points = contract_points(entry, active, m)
            if len(deal.contracts) == 1:
                got = points
            settled.append(
                {
                    "contract": entry.row.slug,
                    "declarer": entry.declarer,
                    "partner": entry.partner,
                    "tricks": entry.tricks,
                    "made": made,
                }
            )
        if deal.special is not None:
            made = special_penalty(options, deal.special["game"])
            got = schuppen_mie_points(deal.special, made, m)
        points = [0] * len(state.balances)
        for seat, value in got.items():
            if not (options.players == 3 and seat == BLIND_MAN):  # he collects nothing
                points[seat] += value
        outcome = {
            "dealer": deal.dealer,
            "points": points,
            "contracts": settled,
            "all_pass": deal.all_pass,
            "special": deal.special,
            "redeal": deal.all_pass and deal.special is None,
            "doubled": deal.doubled,
            "doubled_by": deal.doubled_by,
        }
        return DealResult(outcome, self._after(state, deal, points, options))


GAME = Rikken()
